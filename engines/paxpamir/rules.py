"""Pax Pamir's rules (spec Part A): set-up, legal actions generated lazily, and ``apply``.

A turn is up to two actions (purchase, play, card actions; actions of favored cards are bonus actions), then
cleanup. Choices inside an action are made one at a time through ``state.pending`` (see ``Pending``).

Component limits: whenever a piece is to be placed and the supply is empty, the player first takes one back
from play (a pending ``reclaim``), then it is placed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from bridge.errors import UsageError
from engines.base import IllegalAction
from engines.paxpamir import actions
from engines.paxpamir.data import COALITIONS, REGIONS, Coalition, CourtCard, Region, game_data
from engines.paxpamir.options import RuleOptions
from engines.paxpamir.queries import (
    court_limit,
    dominance_margin,
    hand_limit,
    military_favored,
    pragmatic_loyalty,
    ruler,
    scoring_influence,
    tax_shelter,
)
from engines.paxpamir.scoring import dominance_check
from engines.paxpamir.setup import COLUMNS, DOMINANCE_CHECKS, ROWS, Market, build_deck
from engines.paxpamir.state import GIFT_PRICES, Pending, Player, State

PUBLIC_WITHDRAWAL = 111
FREE_BLOCKS = ("infrastructure", "nation_building")  # build steps that cost nothing
MAX_PLIES = 4000


def new_game(
    loyalties: list[Coalition | None],
    rng: random.Random,
    *,
    first: int = 0,
    wakhan: int | None = None,
    wakhan_printing: int = 1,
    rules: RuleOptions | None = None,
) -> State:
    """A game for the given seats (their loyalties, in turn order), after set-up.

    ``wakhan``: the seat of the automated opponent, if she plays (her entry in ``loyalties`` is ignored). She
    counts as a seat for the deck, her 24 AI cards are shuffled, and she takes the first turn (spec B1): seat
    her just before the last human to choose loyalty. ``rules``: the readings of the base rules (the rulebook's by
    default).
    """
    if wakhan is not None and not 0 <= wakhan < len(loyalties):
        raise UsageError(f"Wakhan's seat {wakhan} is not one of the {len(loyalties)} seats")
    if wakhan_printing not in (1, 2):
        raise UsageError(f"wakhan_printing must be 1 or 2, not {wakhan_printing}")
    humans = [loyalty for seat, loyalty in enumerate(loyalties) if seat != wakhan]
    if any(loyalty not in COALITIONS for loyalty in humans):
        raise UsageError(f"each player needs a loyalty among {', '.join(COALITIONS)}: {humans}")
    deck = build_deck(len(loyalties), rng)
    market = Market()
    players = [
        Player(None, wakhan=True) if seat == wakhan else Player(loyalty) for seat, loyalty in enumerate(loyalties)
    ]
    state = State(players, deck, market, current=first if wakhan is None else wakhan, rules=rules or RuleOptions())
    data = game_data()
    used = set(deck)
    state.out_of_game = sorted(n for n in (*data.court, *data.events) if n not in used)
    if wakhan is not None:
        state.wakhan_printing = wakhan_printing
        state.ai_deck = sorted(data.ai_cards)
        rng.shuffle(state.ai_deck)
    market.fill(deck)
    start_of_turn(state, rng)
    return state


def draw_ai_card(state: State, rng: random.Random) -> int:
    """Wakhan's draw (spec B5): the AI deck's top card goes face up onto her discard; an emptied deck is made
    again from all 24 cards, the drawn one included, and she draws again. Her pragmatic loyalty follows."""
    state.ai_discard.append(state.ai_deck.pop(0))
    if not state.ai_deck:
        state.ai_deck = state.ai_discard
        state.ai_discard = []
        rng.shuffle(state.ai_deck)
        state.ai_discard.append(state.ai_deck.pop(0))
    refresh_pragmatic_loyalty(state)
    return state.ai_discard[-1]


def refresh_pragmatic_loyalty(state: State) -> None:
    """Wakhan's loyalty is recomputed whenever her face card or any player's loyalty changes (spec B3)."""
    seat = state.wakhan_seat
    if seat is not None:
        state.players[seat].loyalty = pragmatic_loyalty(state)


# --- helpers ------------------------------------------------------------------------------------------------


def _card(number: int) -> CourtCard:
    return game_data().court[number]


def _borders(region: Region) -> list[str]:
    data = game_data()
    return sorted(data.border(region, other) for other in data.map.adjacency[region])


def has_ability(state: State, seat: int, ability: str) -> bool:
    """Whether a card with this special ability is in the seat's court."""
    return any(_card(c).special_ability == ability for c in state.players[seat].court)


def is_favored(state: State, seat: int, number: int) -> bool:
    card = _card(number)
    return (
        card.suit == state.favored
        or card.special_ability in ("savvy_operator", "irregulars")
        or (card.suit == "military" and state.lasting.get("new_tactics") == seat)
    )


def price(state: State, seat: int, row: int, col: int) -> int:
    """A market card's cost, or nothing for Herat Influence (Herat cards), Persian Influence (Persia cards) and
    Russian Influence (Russian patriots)."""
    number = state.market.cards[row][col]
    if number is not None and number <= 100:
        card = _card(number)
        if (
            (card.region == "herat" and has_ability(state, seat, "herat_influence"))
            or (card.region == "persia" and has_ability(state, seat, "persian_influence"))
            or (card.patriot == "russian" and has_ability(state, seat, "russian_influence"))
        ):
            return 0
    return state.market.cost(col, military_favored=military_favored(state))


def hostage_holder(state: State, number: int) -> tuple[int | None, int]:
    """The seat with strictly more spies on the card than each other seat, owner included, and its spy count."""
    spies = state.spies.get(number, [])
    owner = state.owner_of(number)
    counts = {seat: spies.count(seat) for seat in set(spies)}
    if owner is not None:
        counts.setdefault(owner, 0)
    if not counts:
        return None, 0
    best = max(counts.values())
    leaders = [seat for seat, n in counts.items() if n == best]
    if len(leaders) != 1 or leaders[0] == owner or best == 0:
        return None, 0
    return leaders[0], best


def _hostage_cost(state: State, seat: int, number: int) -> tuple[int | None, int]:
    """What a card held hostage costs its owner to use. A hostage payment is a bribe in the rulebook's words, so
    Courtly Manners ("The purchaser may decline to pay bribes") waives it too."""
    holder, amount = hostage_holder(state, number)
    if (
        holder is None
        or has_ability(state, seat, "civil_service_reforms")
        or "disregard_for_customs" in state.lasting
        or state.lasting.get("courtly_manners") == seat
    ):
        return None, 0
    return holder, amount


def _ring(state: State) -> list[int]:
    """Every court card, in seat order, left to right: spies move around this ring."""
    return [c for p in state.players for c in p.court]


def _rupee_unit(state: State) -> int:
    return 2 if military_favored(state) else 1


def _bribe(state: State, seat: int, region: Region) -> tuple[int | None, int]:
    if (
        "disregard_for_customs" in state.lasting
        or state.lasting.get("courtly_manners") == seat
        or has_ability(state, seat, "charismatic_courtiers")
    ):
        return None, 0
    r = ruler(state, region)
    if r is None or r == seat:
        return None, 0
    return r, state.tribes[region].count(r)


def _pay_to_market(state: State, seat: int, amount: int) -> None:
    """A card action's cost: one rupee per card on the rightmost market cards of both rows, skipping empty
    slots; rupees with no card left go out of the game."""
    state.players[seat].rupees -= amount
    slots = [
        (row, col)
        for col in reversed(range(COLUMNS))
        for row in range(ROWS)
        if state.market.cards[row][col] is not None
    ]
    for i in range(amount):
        if i < len(slots):
            _rupees_on_card(state, *slots[i], 1)
        else:
            state.bank_out += 1


def _rupees_on_card(state: State, row: int, col: int, amount: int) -> None:
    """Rupees placed on a market card; on Public Withdrawal (card text: "Any money placed on this card in the
    market is instead removed from the game") they leave the game."""
    if state.market.cards[row][col] == PUBLIC_WITHDRAWAL:
        state.bank_out += amount
        return
    state.market.rupees[row][col] += amount
    state.paid_slots.add((row, col))


# --- legal actions ------------------------------------------------------------------------------------------


def legal_actions(state: State) -> Iterator[actions.Action]:
    if state.over:
        return
    if state.pending:
        yield from _pending_actions(state, state.pending[-1])
        return
    seat = state.current
    player = state.players[seat]
    main_left = state.actions_used < 2
    if main_left:
        for row in range(ROWS):
            for col in range(COLUMNS):
                if can_purchase(state, seat, row, col) is None:
                    yield actions.Purchase(row, col)
                    if player.wakhan and state.market.cards[row][col] not in DOMINANCE_CHECKS:
                        yield actions.Radicalize(row, col)
        for number in sorted(set(player.hand)):
            if _can_play(state, seat, number) is None:
                yield actions.Play(number, "left")
                if player.court:
                    yield actions.Play(number, "right")
    for number in player.court:
        if number in state.cards_used or not (main_left or is_favored(state, seat, number)):
            continue
        yield from _card_actions(state, seat, number)
    yield actions.EndTurn()


def can_purchase(state: State, seat: int, row: int, col: int) -> str | None:
    number = state.market.cards[row][col]
    if number is None:
        return "that slot is empty"
    if number == PUBLIC_WITHDRAWAL:
        return "Public Withdrawal cannot be purchased"
    if (row, col) in state.paid_slots:
        return "you placed a rupee on that card this turn"
    if price(state, seat, row, col) > state.players[seat].rupees:
        return "you cannot afford it"
    return None


def _can_play(state: State, seat: int, number: int) -> str | None:
    """Any card in hand may be played; the ruler may waive the bribe, and a bribe you cannot pay voids the play."""
    return None if number in state.players[seat].hand else f"card #{number} is not in your hand"


def _card_actions(state: State, seat: int, number: int) -> Iterator[actions.Action]:
    card = _card(number)
    player = state.players[seat]
    _, ransom = _hostage_cost(state, seat, number)
    if ransom > player.rupees:
        return  # held hostage, and the owner cannot pay the holder
    if ransom:
        player = Player(
            player.loyalty, player.rupees - ransom, player.hand, player.court, player.prizes, player.gifts, player.vp
        )  # what is left to pay the action itself
    for action in card.actions:
        if action == "tax":
            if next(_tax_sources(state, seat), None) is not None:
                yield actions.UseCard(number, "tax")
        elif action == "gift":
            if _can_place(state, seat, "cylinder"):
                for space in GIFT_PRICES:
                    if space not in player.gifts and space <= player.rupees:
                        yield actions.UseCard(number, "gift", gift=space)
        elif action == "build":
            if player.rupees >= 2 and next(_build_options(state, seat), None) is not None:
                yield actions.UseCard(number, "build")
        elif action == "move":
            if next(_move_options(state, seat), None) is not None:
                yield actions.UseCard(number, "move")
        elif action == "betray":
            if player.rupees >= 2:
                for target, spies in sorted(state.spies.items()):
                    owner = state.owner_of(target)
                    guarded = (
                        owner is not None
                        and _card(target).suit == "political"
                        and has_ability(state, owner, "bodyguards")
                    )
                    if seat in spies and not guarded:
                        yield actions.UseCard(number, "betray", target=target)
        elif action == "battle":
            places = [(region, 0) for region in REGIONS] + [(None, target) for target in sorted(state.spies)]
            for region, target in places:
                if _battle_strength(state, seat, region, target) and any(battle_targets(state, seat, region, target)):
                    yield actions.UseCard(number, "battle", region=region, target=target)


def _tax_sources(state: State, seat: int) -> Iterator[actions.TakeRupee]:
    for row in range(ROWS):
        for col in range(COLUMNS):
            if state.market.rupees[row][col] > 0:
                yield actions.TakeRupee(row=row, column=col)
    everywhere = has_ability(state, seat, "claim_of_ancient_lineage")
    ruled = {r for r in REGIONS if everywhere or ruler(state, r) == seat}
    for other, player in enumerate(state.players):
        if other == seat or player.rupees <= tax_shelter(state, other):
            continue
        if any(_card(c).region in ruled for c in player.court):
            yield actions.TakeRupee(seat=other)


def _can_place(state: State, seat: int, kind: str) -> bool:
    """A ``block`` or ``cylinder`` can be placed: from the supply, or else by taking one back from play."""
    loyalty = state.players[seat].loyalty
    if kind == "block":
        if loyalty is None:
            return False
        available = state.blocks_available(loyalty)
    else:
        available = state.cylinders_available(seat)
    return available > 0 or bool(reclaimable(state, seat, kind))


def _build_options(state: State, seat: int) -> Iterator[actions.Action]:
    if not _can_place(state, seat, "block"):
        return
    ruled = [r for r in REGIONS if ruler(state, r) == seat]
    for region in ruled:
        yield actions.BuildArmy(region)
    for border in sorted({b for region in ruled for b in _borders(region)}):
        yield actions.BuildRoad(border)


def _may_cross(state: State, seat: int, region: Region, other: Region) -> bool:
    """Armies cross a border with a road of their coalition (or Indian Supplies); Wakhan's need none (spec B9)."""
    player = state.players[seat]
    border = game_data().border(region, other)
    road = player.loyalty is not None and state.roads.get(border, {}).get(player.loyalty, 0) > 0
    return road or player.wakhan or has_ability(state, seat, "indian_supplies")


def _move_options(state: State, seat: int) -> Iterator[actions.Action]:
    loyalty = state.players[seat].loyalty
    if loyalty is not None:
        for region in REGIONS:
            if state.armies[region].get(loyalty, 0):
                for other in game_data().map.adjacency[region]:
                    if _may_cross(state, seat, region, other):
                        yield actions.MoveArmy(region, other)
        if state.lasting.get("nationalism") == seat:  # Nationalism: tribes move as loyal armies
            for region in REGIONS:
                if seat in state.tribes[region]:
                    for other in game_data().map.adjacency[region]:
                        if _may_cross(state, seat, region, other):
                            yield actions.MoveTribe(region, other)
    for number in _ring(state):
        if seat in state.spies.get(number, []):
            for neighbour in sorted(spy_destinations(state, seat, number)):
                yield actions.MoveSpy(number, neighbour)


def spy_destinations(state: State, seat: int, number: int) -> set[int]:
    """Where one step of a move takes a spy: the neighbouring cards in the ring of all courts (and, with Strange
    Bedfellows, cards of the same region); Well-Connected doubles the distance."""
    ring = _ring(state)
    if number not in ring or len(ring) < 2:
        return set()

    def adjacent(card: int) -> set[int]:
        i = ring.index(card)
        found = {ring[(i - 1) % len(ring)], ring[(i + 1) % len(ring)]}
        if has_ability(state, seat, "strange_bedfellows"):
            found |= {c for c in ring if _card(c).region == _card(card).region}
        return found - {card}

    reach = adjacent(number)
    if has_ability(state, seat, "well_connected"):
        reach |= {far for near in reach for far in adjacent(near)}
    return reach - {number}


def _shares_loyalty(state: State, a: int, b: int) -> bool:
    """Wakhan shares no one's loyalty: her pragmatic coalition is one no human holds (spec B3)."""
    pa, pb = state.players[a], state.players[b]
    return pa.loyalty is not None and pa.loyalty == pb.loyalty and not (pa.wakhan or pb.wakhan)


def _battle_strength(state: State, seat: int, region: Region | None, target: int) -> int:
    loyalty = state.players[seat].loyalty
    if region is not None:
        armies = state.armies[region].get(loyalty, 0) if loyalty else 0
        if state.lasting.get("nationalism") == seat:
            armies += state.tribes[region].count(seat)  # Nationalism: tribes battle as loyal armies
        return armies
    return state.spies.get(target, []).count(seat)


def battle_targets(state: State, seat: int, region: Region | None, target: int) -> Iterator[actions.Remove]:
    """The pieces the rules let ``seat`` remove in a battle in ``region`` or on the card ``target``."""
    loyalty = state.players[seat].loyalty
    if region is not None:
        for other in sorted(set(state.tribes[region])):
            citadel = {"kabul": "citadel_kabul", "transcaspia": "citadel_transcaspia"}.get(region)
            if citadel and has_ability(state, other, citadel):
                continue  # Citadel: the owner's tribes there cannot be attacked
            if other != seat and not _shares_loyalty(state, seat, other):
                yield actions.Remove("tribe", seat=other)
        for coalition in COALITIONS:
            if coalition != loyalty and state.armies[region].get(coalition, 0):
                yield actions.Remove("army", coalition=coalition)
        for border in _borders(region):
            for coalition in COALITIONS:
                if coalition != loyalty and state.roads.get(border, {}).get(coalition, 0):
                    yield actions.Remove("road", coalition=coalition, border=border)
    else:
        for other in sorted(set(state.spies.get(target, []))):
            if other != seat and not has_ability(state, other, "indispensable_advisors"):
                yield actions.Remove("spy", seat=other)


def _pending_actions(state: State, top: Pending) -> Iterator[actions.Action]:
    seat = top.seat
    if top.kind == "icons":
        icon = top.icons[0]
        if icon == "road":
            for border in _borders(top.region):  # type: ignore[arg-type]
                yield actions.PlaceRoad(border)
        else:  # spy
            for number in _ring(state):
                if _card(number).region == top.region:
                    yield actions.PlaceSpy(number)
    elif top.kind == "tax":
        yield actions.Stop()
        yield from _tax_sources(state, seat)
    elif top.kind == "build":
        yield actions.Stop()
        if top.reason in FREE_BLOCKS or state.players[seat].rupees >= 2:
            yield from _build_options(state, seat)
    elif top.kind == "blackmail":
        yield actions.Stop()
        for number in _ring(state):
            if (
                _card(number).region == top.region
                and not state.spies.get(number)
                and _can_place(state, seat, "cylinder")
            ):
                yield actions.PlaceSpy(number)
    elif top.kind == "move":
        yield actions.Stop()
        yield from _move_options(state, seat)
    elif top.kind == "battle":
        yield actions.Stop()
        yield from battle_targets(state, seat, top.region, top.target)
    elif top.kind == "prize":
        yield actions.KeepPrize(True)
        yield actions.KeepPrize(False)
    elif top.kind == "safe_house":
        yield actions.Hide(True)
        yield actions.Hide(False)
    elif top.kind in ("bribe", "ransom"):
        for amount in range(top.remaining + 1):
            yield actions.Demand(amount)
    elif top.kind == "reclaim":
        yield from reclaimable(state, seat, top.reason)
    elif top.kind in ("radicalize", "receive"):
        # Wakhan plays at once the card she bought, or each card she received, if she can pay the whole bribe;
        # else she discards it.
        cards = [top.card] if top.kind == "radicalize" else sorted(set(state.players[seat].hand))
        for number in cards:
            _, bribe = _bribe(state, seat, _card(number).region)
            if bribe <= state.players[seat].rupees:
                yield actions.Play(number, "left")
                if state.players[seat].court:
                    yield actions.Play(number, "right")
            yield actions.Discard(number)
    elif top.kind == "discard":
        player = state.players[seat]
        pile = (
            player.hand
            if top.reason == "hand"
            else player.court
            if top.reason == "court"
            else (player.hand + player.court)
        )
        for number in sorted(set(pile)):
            yield actions.Discard(number)
    elif top.kind == "suit":
        for suit in ("economic", "military", "political", "intelligence"):
            yield actions.ChooseSuit(suit)
    elif top.kind == "seat":
        for other in range(len(state.players)):
            if other != seat:
                yield actions.ChooseSeat(other)
    elif top.kind == "region":
        for region in REGIONS:
            yield actions.ChooseRegion(region)


# --- applying -----------------------------------------------------------------------------------------------


def apply(state: State, action: actions.Action, rng: random.Random, *, check: bool = True) -> None:
    if state.over:
        raise IllegalAction("the game is over")
    if check and action not in set(legal_actions(state)):
        seat = state.pending[-1].seat if state.pending else state.current
        raise IllegalAction(f"{action} is not legal now for seat {seat}: {why_illegal(state, action)}")
    state.ply += 1
    if state.pending:
        _apply_pending(state, state.pending.pop(), action, rng)
    else:
        _apply_main(state, state.current, action, rng)
    _settle(state, rng)


def _apply_main(state: State, seat: int, action: actions.Action, rng: random.Random) -> None:
    if isinstance(action, (actions.Purchase, actions.Radicalize)):
        number = state.market.cards[action.row][action.column]
        _purchase(state, seat, action.row, action.column)
        state.actions_used += 1
        if isinstance(action, actions.Radicalize) and number is not None and number <= 100:
            state.pending.append(Pending("radicalize", seat, card=number))
    elif isinstance(action, actions.Play):
        _start_play(state, seat, action, counts=True)
    elif isinstance(action, actions.UseCard):
        state.cards_used.add(action.card)
        holder, ransom = _hostage_cost(state, seat, action.card)
        if holder is not None:
            state.pending.append(Pending("ransom", holder, target=seat, remaining=ransom, action=action))
            return
        _use_card(state, seat, action)
    elif isinstance(action, actions.EndTurn):
        _cleanup(state, rng)
    else:
        raise IllegalAction(f"{action} is not a main action")


def _start_play(state: State, seat: int, action: actions.Play, *, counts: bool) -> None:
    """A play waits for the ruler's bribe demand, if there is one; a play within a Radicalize uses no action."""
    ruler_seat, bribe = _bribe(state, seat, _card(action.card).region)
    reason = "" if counts else "radicalize"
    if ruler_seat is not None and bribe:
        state.pending.append(Pending("bribe", ruler_seat, target=seat, remaining=bribe, action=action, reason=reason))
    else:
        _play(state, seat, action.card, action.side)
        state.actions_used += counts


def _use_card(state: State, seat: int, action: actions.UseCard) -> None:
    """A card action, once any hostage ransom is settled."""
    if not is_favored(state, seat, action.card):
        state.actions_used += 1
    rank = _card(action.card).rank
    if action.action == "tax":
        state.pending.append(Pending("tax", seat, card=action.card, remaining=rank))
    elif action.action == "gift":
        _pay_to_market(state, seat, action.gift)
        _place(state, seat, action)
    elif action.action == "build":
        state.pending.append(Pending("build", seat, card=action.card, remaining=3))
    elif action.action == "move":
        state.pending.append(Pending("move", seat, card=action.card, remaining=rank))
    elif action.action == "betray":
        _pay_to_market(state, seat, 2)
        owner = state.owner_of(action.target)
        assert owner is not None
        _discard_court_card(state, owner, action.target)
        if _card(action.target).prize is not None:
            state.pending.append(Pending("prize", seat, card=action.target))
    elif action.action == "battle":
        strength = min(rank, _battle_strength(state, seat, action.region, action.target))
        state.pending.append(
            Pending("battle", seat, card=action.card, region=action.region, target=action.target, remaining=strength)
        )


def _purchase(state: State, seat: int, row: int, col: int) -> None:
    market = state.market
    number = market.cards[row][col]
    assert number is not None
    unit = _rupee_unit(state) if price(state, seat, row, col) else 0
    for c in range(col if unit else 0):
        for r in (row, 1 - row):
            if market.cards[r][c] is not None:
                _rupees_on_card(state, r, c, unit)
                break
        else:
            state.bank_out += unit
    player = state.players[seat]
    player.rupees -= price(state, seat, row, col) - market.rupees[row][col]
    market.rupees[row][col] = 0
    market.cards[row][col] = None
    if number > 100:
        _event(state, seat, number, purchased=True)
        state.discard.append(number)
    else:
        player.hand.append(number)


def _play(state: State, seat: int, number: int, side: str) -> None:
    card = _card(number)
    player = state.players[seat]
    if card.patriot is not None and card.patriot != player.loyalty and not player.wakhan:
        _change_loyalty(state, seat, card.patriot)
    player.hand.remove(number)
    if side == "left":
        player.court.insert(0, number)
    else:
        player.court.append(number)
    _resolve_icons(state, seat, number, card.region, tuple(card.impact_icons))


def _change_loyalty(state: State, seat: int, coalition: Coalition) -> None:
    """Discard all patriots and prizes and return all gifts, then take the new loyalty."""
    player = state.players[seat]
    for number in [c for c in player.court if _card(c).patriot is not None]:
        _discard_court_card(state, seat, number)
    state.discard += player.prizes
    player.prizes.clear()
    player.gifts.clear()
    player.loyalty = coalition
    refresh_pragmatic_loyalty(state)


def reclaimable(state: State, seat: int, kind: str) -> list[actions.Reclaim]:
    """Pieces in play, not placed this turn, that an empty supply lets the seat take back: its coalition's blocks
    (``block``) or its cylinders (``cylinder``)."""
    out: list[actions.Reclaim] = []
    loyalty = state.players[seat].loyalty
    if kind == "block" and loyalty is not None:
        for region in REGIONS:
            if state.armies[region].get(loyalty, 0) > state.placed_here("army", region, loyalty):
                out.append(actions.Reclaim("army", region))
        for border, counts in sorted(state.roads.items()):
            if counts.get(loyalty, 0) > state.placed_here("road", border, loyalty):
                out.append(actions.Reclaim("road", border))
    elif kind == "cylinder":
        for region in REGIONS:
            if state.tribes[region].count(seat) > state.placed_here("tribe", region, seat):
                out.append(actions.Reclaim("tribe", region))
        for number, spies in sorted(state.spies.items()):
            if spies.count(seat) > state.placed_here("spy", number, seat):
                out.append(actions.Reclaim("spy", str(number)))
        for space in state.players[seat].gifts:
            if not state.placed_here("gift", space, seat):
                out.append(actions.Reclaim("gift", str(space)))
    return out


def _take_back(state: State, seat: int, piece: actions.Reclaim) -> None:
    loyalty = state.players[seat].loyalty
    if piece.piece == "army":
        _take_block(state.armies[piece.where], loyalty)  # type: ignore[index, arg-type]
    elif piece.piece == "road":
        _take_block(state.roads[piece.where], loyalty)  # type: ignore[arg-type]
        if not state.roads[piece.where]:
            del state.roads[piece.where]
    elif piece.piece == "tribe":
        state.tribes[piece.where].remove(seat)  # type: ignore[index]
        _overthrow_tribes(state, seat, piece.where)  # type: ignore[arg-type]
    elif piece.piece == "spy":
        spies = state.spies[int(piece.where)]
        spies.remove(seat)
        if not spies:
            del state.spies[int(piece.where)]
    else:
        state.players[seat].gifts.remove(int(piece.where))


def _place(state: State, seat: int, action: actions.Action) -> None:
    """Place an army, a road, a spy or a gift; with the supply empty, a piece is first taken back from play (a
    pending ``reclaim`` that then places it). (Impact icons check the supply first: they go on afterwards.)"""
    if isinstance(action, (actions.BuildArmy, actions.BuildRoad, actions.PlaceRoad)):
        loyalty = state.players[seat].loyalty
        assert loyalty is not None
        if not state.blocks_available(loyalty):
            state.pending.append(Pending("reclaim", seat, reason="block", action=action))
            return
        if isinstance(action, actions.BuildArmy):
            counts, kind, where = state.armies[action.region], "army", str(action.region)
        else:
            counts, kind, where = state.roads.setdefault(action.border, {}), "road", action.border
        counts[loyalty] = counts.get(loyalty, 0) + 1
        state.note_placed(kind, where, loyalty)
    elif not state.cylinders_available(seat):
        state.pending.append(Pending("reclaim", seat, reason="cylinder", action=action))
    elif isinstance(action, actions.PlaceSpy):
        if state.owner_of(action.card) is None:
            return  # the tribe just taken back overthrew the very card: the spy has no target, the turn goes on
        state.spies.setdefault(action.card, []).append(seat)
        state.note_placed("spy", action.card, seat)
    elif isinstance(action, actions.UseCard):
        state.players[seat].gifts.append(action.gift)
        state.note_placed("gift", action.gift, seat)


def _resolve_icons(state: State, seat: int, number: int, region: Region, icons: tuple[str, ...]) -> None:
    """Impact icons top to bottom; a road or a spy waits for the player's choice (a pending ``icons``), and an
    empty supply waits for the piece to take back from play (a pending ``reclaim``)."""
    player = state.players[seat]
    for i, icon in enumerate(icons):
        kind = "block" if icon in ("army", "road") else "cylinder" if icon in ("tribe", "spy") else ""
        if kind:
            empty = (
                not state.blocks_available(player.loyalty)
                if kind == "block" and player.loyalty
                else kind == "cylinder" and not state.cylinders_available(seat)
            )
            if kind == "block" and player.loyalty is None:
                continue
            if icon == "spy" and not any(_card(c).region == region for c in _ring(state)):
                continue
            if empty:
                if reclaimable(state, seat, kind):
                    state.pending.append(
                        Pending("reclaim", seat, card=number, region=region, icons=icons[i:], reason=kind)
                    )
                    return
                continue  # nothing in play can be taken back either: the icon does nothing
        if icon in ("road", "spy"):
            state.pending.append(Pending("icons", seat, card=number, region=region, icons=icons[i:]))
            return
        if icon == "army":
            _place(state, seat, actions.BuildArmy(region))
        elif icon == "tribe":
            state.tribes[region].append(seat)
            state.note_placed("tribe", region, seat)
        elif icon == "leverage":
            player.rupees += 2
            state.bank_in += 2
        elif icon.endswith("_suit") and "pashtunwali_values" not in state.lasting:
            state.favored = icon.removesuffix("_suit")  # type: ignore[assignment]


def _apply_pending(state: State, top: Pending, action: actions.Action, rng: random.Random) -> None:
    seat = top.seat
    player = state.players[seat]
    if top.kind == "reclaim":
        assert isinstance(action, actions.Reclaim)
        _take_back(state, seat, action)
        if top.action is not None:
            _place(state, seat, top.action)
        else:
            assert top.region is not None
            _resolve_icons(state, seat, top.card, top.region, top.icons)
        return
    if top.kind == "icons":
        _place(state, seat, action)
        assert top.region is not None
        _resolve_icons(state, seat, top.card, top.region, top.icons[1:])
        return
    if isinstance(action, actions.Stop):
        _after_build(state, top)
        return
    if top.kind in ("bribe", "ransom"):
        assert isinstance(action, actions.Demand)
        payer = state.players[top.target]
        if action.amount > payer.rupees:
            return  # a bribe that cannot be paid voids the play; no action is used
        payer.rupees -= action.amount
        player.rupees += action.amount
        if top.kind == "bribe":
            _play(state, top.target, top.action.card, top.action.side)
            state.actions_used += top.reason != "radicalize"
        else:
            _use_card(state, top.target, top.action)
        return
    if top.kind in ("radicalize", "receive"):
        number = action.card if isinstance(action, actions.Play | actions.Discard) else top.card
        if top.kind == "receive" and len(player.hand) > 1:
            state.pending.append(top)  # the next received card, once this one is played (and bribed)
        if isinstance(action, actions.Play):
            _start_play(state, seat, action, counts=False)
        else:
            player.hand.remove(number)
            state.discard.append(number)
        return
    if top.kind == "tax":
        assert isinstance(action, actions.TakeRupee)
        if action.seat >= 0:
            state.players[action.seat].rupees -= 1
        else:
            state.market.rupees[action.row][action.column] -= 1
        player.rupees += 1
        if top.remaining > 1:
            state.pending.append(replace(top, remaining=top.remaining - 1))
    elif top.kind == "build":
        assert player.loyalty is not None
        paid = top.reason not in FREE_BLOCKS
        if paid:
            _pay_to_market(state, seat, 2)
            if top.remaining > 1:
                state.pending.append(replace(top, remaining=top.remaining - 1))
            else:
                _after_build(state, top)
            if state.lasting.get("nation_building") == seat:
                # Nation Building: "The purchaser's build actions place twice as many blocks": each block paid
                # for brings a second, free one (placed next, before the next paid one)
                state.pending.append(replace(top, remaining=1, reason="nation_building"))
        _place(state, seat, action)  # (any piece taken back from play comes first: it is on top of the stack)
    elif top.kind == "blackmail":
        assert isinstance(action, actions.PlaceSpy)
        _place(state, seat, action)
    elif top.kind == "move":
        if isinstance(action, actions.MoveArmy):
            assert player.loyalty is not None
            state.armies[action.frm][player.loyalty] -= 1
            if not state.armies[action.frm][player.loyalty]:
                del state.armies[action.frm][player.loyalty]
            state.armies[action.to][player.loyalty] = state.armies[action.to].get(player.loyalty, 0) + 1
        elif isinstance(action, actions.MoveTribe):
            state.tribes[action.frm].remove(seat)
            state.tribes[action.to].append(seat)
            _overthrow_tribes(state, seat, action.frm)
        elif isinstance(action, actions.MoveSpy):
            state.spies[action.frm].remove(seat)
            if not state.spies[action.frm]:
                del state.spies[action.frm]
            state.spies.setdefault(action.to, []).append(seat)
        if top.remaining > 1:
            state.pending.append(replace(top, remaining=top.remaining - 1))
    elif top.kind == "battle":
        assert isinstance(action, actions.Remove)
        if top.remaining > 1:  # (beneath a Safe House choice the removal may ask for)
            state.pending.append(replace(top, remaining=top.remaining - 1))
        _remove_piece(state, top.region, top.target, action)
    elif top.kind == "safe_house":
        assert isinstance(action, actions.Hide)
        if action.hide:
            state.spies.setdefault(top.card, []).append(seat)
    elif top.kind == "prize":
        assert isinstance(action, actions.KeepPrize)
        state.discard.remove(top.card)
        if action.keep:
            prize = _card(top.card).prize
            if prize is not None and prize != player.loyalty and not player.wakhan:
                _change_loyalty(state, seat, prize)
            player.prizes.append(top.card)
        else:
            state.discard.append(top.card)
    elif top.kind == "discard":
        assert isinstance(action, actions.Discard)
        if action.card in player.hand:
            player.hand.remove(action.card)
            state.discard.append(action.card)
        else:
            _discard_court_card(state, seat, action.card)
    elif top.kind == "suit":
        assert isinstance(action, actions.ChooseSuit)
        state.favored = action.suit
    elif top.kind == "seat":
        assert isinstance(action, actions.ChooseSeat)
        if top.event == "rumor":
            state.lasting["rumor"] = action.seat
        else:  # other persuasive methods: swap hands
            other = state.players[action.seat]
            player.hand, other.hand = other.hand, player.hand
            for receiver in (seat, action.seat):  # Wakhan, on either side of the swap, plays them at once (B10)
                if state.players[receiver].wakhan and state.players[receiver].hand:
                    state.pending.append(Pending("receive", receiver))
    elif top.kind == "region":
        assert isinstance(action, actions.ChooseRegion)
        _riot(state, action.region)


def _after_build(state: State, top: Pending) -> None:
    """Infrastructure: after a build action, one more block, free, in a legal space."""
    if top.kind == "build" and top.reason not in FREE_BLOCKS and has_ability(state, top.seat, "infrastructure"):
        state.pending.append(replace(top, remaining=1, reason="infrastructure"))


def _remove_piece(state: State, region: Region | None, target: int, piece: actions.Remove) -> None:
    if piece.piece == "tribe":
        assert region is not None
        state.tribes[region].remove(piece.seat)
        _overthrow_tribes(state, piece.seat, region)
    elif piece.piece == "army":
        assert region is not None
        _take_block(state.armies[region], piece.coalition)  # type: ignore[arg-type]
    elif piece.piece == "road":
        _take_block(state.roads[piece.border], piece.coalition)  # type: ignore[arg-type]
    else:
        state.spies[target].remove(piece.seat)
        if not state.spies[target]:
            del state.spies[target]
        house = next((c for c in state.players[piece.seat].court if _card(c).special_ability == "safe_house"), None)
        if house is not None and house != target:
            state.pending.append(Pending("safe_house", piece.seat, card=house))  # it may hide there instead


def _take_block(counts: dict[Coalition, int], coalition: Coalition) -> None:
    counts[coalition] -= 1
    if not counts[coalition]:
        del counts[coalition]


def _overthrow_tribes(state: State, seat: int, region: Region) -> None:
    """Losing your last tribe in a region discards your political cards of that region."""
    if seat in state.tribes[region]:
        return
    for number in [c for c in state.players[seat].court if _card(c).region == region and _card(c).suit == "political"]:
        _discard_court_card(state, seat, number, overthrow=False)


def _discard_court_card(state: State, seat: int, number: int, *, overthrow: bool = True) -> None:
    """Spies on it go home; a leveraged card costs 2 rupees (each unpaid one: another discard); losing your last
    political card of a region removes your tribes there."""
    player = state.players[seat]
    if number not in player.court:
        return
    player.court.remove(number)
    state.spies.pop(number, None)
    state.discard.append(number)
    card = _card(number)
    if "leverage" in card.impact_icons:
        paid = min(2, player.rupees)
        player.rupees -= paid
        state.bank_out += paid
        unpaid = 0 if player.wakhan and state.wakhan_printing == 2 else 2 - paid  # her 2nd printing: no more
        for _ in range(unpaid):
            if player.hand or player.court:
                state.pending.append(Pending("discard", seat, reason="leverage"))
    region = card.region
    if (
        overthrow
        and card.suit == "political"
        and not any(_card(c).region == region and _card(c).suit == "political" for c in player.court)
    ):
        state.tribes[region] = [s for s in state.tribes[region] if s != seat]


def _riot(state: State, region: Region) -> None:
    """Remove all tribes and armies from a region (overthrow applies)."""
    seats = set(state.tribes[region])
    state.tribes[region] = []
    state.armies[region] = {}
    for seat in seats:
        _overthrow_tribes(state, seat, region)


def _event(state: State, seat: int, number: int, *, purchased: bool) -> None:
    event = game_data().events[number]
    effect = event.if_purchased if purchased else event.if_discarded
    eid = effect.id
    if eid == "dominance_check":
        _resolve_dominance_check(state)
    elif eid.startswith("favor_"):
        if "pashtunwali_values" in state.lasting and state.rules.pashtunwali_ignores_discarded_suit_events:
            return  # the card's top is a suit-change impact icon, and Pashtunwali Values ignores those
        state.favored = eid.removeprefix("favor_")  # type: ignore[assignment]
    elif eid.startswith("riots_in_"):
        _riot(state, eid.removeprefix("riots_in_"))  # type: ignore[arg-type]
    elif eid == "failure_to_impress":
        for player in state.players:
            state.discard += player.prizes
            player.prizes.clear()
    elif eid == "confidence_failure":
        for other, player in enumerate(state.players):
            if player.hand:
                state.pending.append(Pending("discard", other, reason="hand"))
    elif eid == "backing_of_persian_aristocracy":
        state.players[seat].rupees += 3
        state.bank_in += 3
    elif eid in ("rumor", "other_persuasive_methods"):
        if eid == "rumor":
            state.lasting["rumor"] = -1
        state.pending.append(Pending("seat", seat, event=eid))
    elif eid == "pashtunwali_values":
        state.lasting[eid] = seat
        state.pending.append(Pending("suit", seat, event=eid))
    elif eid == "rebuke":
        state.pending.append(Pending("region", seat, event=eid))
    elif effect.duration == "until_next_dominance_check":
        state.lasting[eid] = seat


def _resolve_dominance_check(state: State) -> None:
    in_market = any(c in DOMINANCE_CHECKS for row in state.market.cards for c in row)
    final = not in_market and not any(c in DOMINANCE_CHECKS for c in state.deck)
    margin = dominance_margin(state)
    blocks = {c: state.blocks_in_play(c) for c in COALITIONS}
    loyal = scoring_influence(state)
    cylinders = {seat: state.cylinders_in_play(seat) for seat in range(len(state.players))}
    result = dominance_check(blocks, loyal, cylinders, final=final, margin=margin)
    for seat, points in result.points.items():
        state.players[seat].vp += points
    if result.dominant is not None:
        for region in REGIONS:
            state.armies[region] = {}
        state.roads.clear()
    state.lasting.clear()
    state.dominance_checks_resolved += 1
    for seat in range(len(state.players)):
        if has_ability(state, seat, "insurrection"):
            added = min(2, state.blocks_available("afghan"))
            state.armies["kabul"]["afghan"] = state.armies["kabul"].get("afghan", 0) + added
    scores = sorted((p.vp for p in state.players), reverse=True)
    if final or (len(scores) > 1 and scores[0] - scores[1] >= 4):
        _end_game(state)


def _end_game(state: State) -> None:
    from engines.paxpamir.queries import stars

    def key(seat: int) -> tuple[int, int, int]:
        return (state.players[seat].vp, stars(state, seat, "military"), state.players[seat].rupees)

    state.winner = max(range(len(state.players)), key=key)
    state.over = True
    state.pending.clear()


def _cleanup(state: State, rng: random.Random) -> None:
    """Trim court and hand (choices), then the market: events in column 0 are discarded (their effects apply),
    the rows slide left, the market refills, and a second Dominance Check causes instability."""
    seat = state.current
    state.pending.insert(0, Pending("market", seat))
    state.pending.append(Pending("trim", seat))  # court, then hand, one discard at a time (limits may change)


def _market_cleanup(state: State) -> None:
    market = state.market
    for row in range(ROWS):
        number = market.cards[row][0]
        if number is not None and number > 100:
            market.cards[row][0] = None
            state.discard.append(number)
            _event(state, state.current, number, purchased=False)
            if state.over:
                return
    while not state.over:
        _slide_left(market)
        before = {c for row in market.cards for c in row if c in DOMINANCE_CHECKS}
        market.fill(state.deck)
        after = [c for row in market.cards for c in row if c in DOMINANCE_CHECKS]
        if len(after) < 2 or not set(after) - before:
            return
        # Instability: "immediately perform a Dominance Check and then discard both Dominance Check cards and fill
        # the empty spaces in the market as described above" (so round again: slide, refill, and check anew).
        for row in range(ROWS):
            for col in range(COLUMNS):
                if market.cards[row][col] in DOMINANCE_CHECKS:
                    state.discard.append(market.cards[row][col])  # type: ignore[arg-type]
                    market.cards[row][col] = None
        _resolve_dominance_check(state)


def _slide_left(market: Market) -> None:
    """Cards slide left keeping their rupees and taking those of the slot they land on; rupees on a slot no card
    leaves from stay where they are (for the card that will land there)."""
    for row in range(ROWS):
        rupees = [0] * COLUMNS
        cards: list[int | None] = [None] * COLUMNS
        landing = 0
        for col, number in enumerate(market.cards[row]):
            if number is None:
                rupees[col] += market.rupees[row][col]
            else:
                cards[landing] = number
                rupees[landing] += market.rupees[row][col]
                landing += 1
        market.cards[row], market.rupees[row] = cards, rupees


def _settle(state: State, rng: random.Random) -> None:
    while not state.over:
        if state.pending:
            top = state.pending[-1]
            if top.kind == "market":
                state.pending.pop()
                _market_cleanup(state)
                if not state.over and not state.pending:
                    _next_turn(state, rng)
                continue
            if top.kind == "trim":
                player = state.players[top.seat]
                if len(player.court) > court_limit(state, top.seat):
                    state.pending.append(Pending("discard", top.seat, reason="court"))
                elif len(player.hand) > hand_limit(state, top.seat):
                    state.pending.append(Pending("discard", top.seat, reason="hand"))
                else:
                    state.pending.pop()
                continue
            if next(legal_actions(state), None) is None:
                state.pending.pop()
                continue
            if top.kind in ("tax", "build", "move", "battle", "blackmail") and all(
                isinstance(a, actions.Stop) for a in legal_actions(state)
            ):
                state.pending.pop()
                _after_build(state, top)  # (a build that cannot go on still earns Infrastructure's block)
                continue
            return
        if state.actions_used >= 2 and not any(isinstance(a, actions.UseCard) for a in legal_actions(state)):
            _cleanup(state, rng)
            continue
        if state.ply >= MAX_PLIES:
            _end_game(state)
        return


def _next_turn(state: State, rng: random.Random) -> None:
    state.current = (state.current + 1) % len(state.players)
    state.turn += 1
    state.actions_used = 0
    state.cards_used.clear()
    state.paid_slots.clear()
    state.placed.clear()
    start_of_turn(state, rng)


def start_of_turn(state: State, rng: random.Random) -> None:
    """Wakhan draws her AI card; then start-of-turn abilities: Blackmail may place a spy on a Herat / Kandahar
    card without one."""
    seat = state.current
    if state.players[seat].wakhan:
        draw_ai_card(state, rng)
    for ability, region in (("blackmail_herat", "herat"), ("blackmail_kandahar", "kandahar")):
        if has_ability(state, seat, ability):
            state.pending.append(Pending("blackmail", seat, region=region))  # type: ignore[arg-type]
    if not state.deck and all(c is None for row in state.market.cards for c in row):
        _end_game(state)


__all__ = ["IllegalAction", "apply", "legal_actions", "new_game"]


def why_illegal(state: State, action: actions.Action) -> str:
    """Why ``action`` is not legal now ("" when it is): what a player is told when a move is refused."""
    if action in set(legal_actions(state)):
        return ""
    if state.over:
        return "the game is over"
    if state.pending:
        top = state.pending[-1]
        return f"seat {top.seat} must first finish a choice: {top.kind.replace('_', ' ')}"
    seat, player = state.current, state.players[state.current]
    if isinstance(action, actions.Purchase | actions.Play | actions.Radicalize) and state.actions_used >= 2:
        return "both actions of this turn are used"
    if isinstance(action, actions.Radicalize) and not player.wakhan:
        return "only Wakhan radicalizes"
    if isinstance(action, actions.Purchase | actions.Radicalize):
        if not (0 <= action.row < ROWS and 0 <= action.column < COLUMNS):
            return "there is no such market slot"
        if isinstance(action, actions.Radicalize) and state.market.cards[action.row][action.column] in DOMINANCE_CHECKS:
            return "a Dominance Check is never radicalized (she buys one only for her Ambition)"
        return can_purchase(state, seat, action.row, action.column) or "that purchase is not allowed"
    if isinstance(action, actions.Play):
        if action.card not in player.hand:
            return f"card #{action.card} is not in your hand"
        if action.side == "right" and not player.court:
            return "an empty court has only one end"
        return _can_play(state, seat, action.card) or "that card cannot be played"
    if isinstance(action, actions.UseCard):
        if action.card not in player.court:
            return f"card #{action.card} is not in your court"
        card = _card(action.card)
        if action.action not in card.actions:
            return f"{card.name} has no {action.action} action"
        if action.card in state.cards_used:
            return f"{card.name} has already acted this turn"
        if state.actions_used >= 2 and not is_favored(state, seat, action.card):
            return "both actions of this turn are used (only favored cards may still act)"
        _, ransom = _hostage_cost(state, seat, action.card)
        if ransom > player.rupees:
            return f"{card.name} is held hostage and you cannot pay the {ransom} rupee(s)"
        return f"{action.action} with {card.name} has no legal target or costs more than you have"
    return f"{type(action).__name__} is only a choice within an action"
