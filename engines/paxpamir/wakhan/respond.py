"""Wakhan's answers to the engine's choices (spec B8, B9 steps, B10, B11): where her spies and roads go, whom she
taxes, where she builds, what she removes in battle, the bribes she asks, the cards she discards, the pieces she
takes back when a supply is empty, and her event choices.

Each answer is one of the engine's legal actions for the choice on top of ``state.pending`` (hers), with the rule
that decided it. ``answer`` never invents a move: it orders what the engine offers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TypeVar

from bridge.errors import MissingFeature
from engines.base import Decision, Reason
from engines.paxpamir import actions, names, rules
from engines.paxpamir.data import Region, game_data
from engines.paxpamir.queries import ruler, tax_shelter
from engines.paxpamir.state import Pending, State
from engines.paxpamir.wakhan.arrows import read_arrows, red_seat
from engines.paxpamir.wakhan.options import WakhanOptions
from engines.paxpamir.wakhan.priority import card_priority, discard_priority


class Unanswered(MissingFeature):
    """A choice Wakhan's procedure does not make yet."""


def region_priority(state: State) -> tuple[Region, ...]:
    face = state.ai_face
    if face is None:
        raise ValueError("Wakhan has not drawn an AI card yet")
    return game_data().ai_cards[face].region_priority


def border_order(state: State, region: Region) -> list[str]:
    """B8 roads: the region's borders in the order their other regions appear on the region priority."""
    order = region_priority(state)
    data = game_data()
    return [data.border(region, other) for other in sorted(data.map.adjacency[region], key=order.index)]


def move_step(state: State, me: int, options: WakhanOptions) -> actions.MoveArmy | None:
    """B9 Move, one step: from the first region on the priority with her pragmatic army that she can leave without
    losing its rule, to the first neighbour on the priority where other seats have tribes and the tribes there (I7:
    all of them, hers too, or other seats' only) outnumber her pragmatic armies."""
    order = region_priority(state)
    loyalty = state.players[me].loyalty
    if loyalty is None:
        return None
    for origin in order:
        if not state.armies[origin].get(loyalty, 0):
            continue
        if ruler(state, origin) == me:
            armies = dict(state.armies[origin])
            armies[loyalty] -= 1
            if ruler(dataclasses.replace(state, armies={**state.armies, origin: armies}), origin) != me:
                continue  # leaving would cost her the region's rule
        for dest in sorted(game_data().map.adjacency[origin], key=order.index):
            others = sum(1 for t in state.tribes[dest] if t != me)  # she goes where other players have tribes
            tribes = len(state.tribes[dest]) if options.move_count_all_tribes else others
            if others and tribes > state.armies[dest].get(loyalty, 0):
                return actions.MoveArmy(origin, dest)
    return None


def she_removes(state: State, piece: actions.Remove, options: WakhanOptions) -> bool:
    """Whether she takes ``piece`` in a battle: any piece the rules let her remove, but a block only of a
    coalition some person holds (I9, unless ``battle_unheld_blocks``)."""
    if piece.piece in ("tribe", "spy") or options.battle_unheld_blocks:
        return True
    return any(p.loyalty == piece.coalition for p in state.players if not p.wakhan)


def _decide(action: actions.Action, rule: str, text: str) -> Decision[actions.Action]:
    return Decision(action, Reason(rule, text))


T = TypeVar("T")


def _of(offered: Sequence[actions.Action], kind: type[T]) -> list[T]:
    return [a for a in offered if isinstance(a, kind)]


class Responder:
    def __init__(self, state: State, options: WakhanOptions | None = None) -> None:
        self.state = state
        self.options = options or WakhanOptions()
        me = state.wakhan_seat
        if me is None:
            raise ValueError("no Wakhan seat in this game")
        self.me = me

    def answer(self) -> Decision[actions.Action]:
        """Her answer to the choice on top of the pending stack."""
        if not self.state.pending or self.state.pending[-1].seat != self.me:
            raise ValueError("there is no choice of Wakhan's waiting")
        top = self.state.pending[-1]
        offered = list(rules.legal_actions(self.state))
        handler: Callable[[Pending, list[actions.Action]], Decision[actions.Action]] | None = getattr(
            self, f"_{top.kind}", None
        )
        if handler is None:
            raise Unanswered(f"Wakhan does not yet answer a '{top.kind}' choice")
        return handler(top, offered)

    # --- B8 impact icons ------------------------------------------------------------------------------------

    def _icons(self, top: Pending, offered: list[actions.Action]) -> Decision[actions.Action]:
        if top.icons[0] == "road":
            card = game_data().court[top.card]
            placed = card.impact_icons.count("road") - top.icons.count("road")
            assert top.region is not None
            order = border_order(self.state, top.region)
            border = order[placed % len(order)]
            text = (
                f"places road {placed + 1} of {names.card(top.card)} on {names.border(border)}: the borders in her "
                "region-priority order"
            )
            return _decide(actions.PlaceRoad(border), "B8 roads", text)
        return self._spy(offered, "B8 spies")

    def _spy(self, offered: list[actions.Action], rule: str) -> Decision[actions.Action]:
        cards = [a.card for a in _of(offered, actions.PlaceSpy)]

        def strictly_most(number: int) -> bool:
            spies = self.state.spies.get(number, [])
            mine = spies.count(self.me)
            return all(mine > spies.count(o) for o in set(spies) if o != self.me) and mine > 0

        contested = [n for n in cards if not strictly_most(n)]
        where = "among the cards where she does not have the most spies" if contested else "she leads on every card"
        choice = card_priority(self.state, contested or cards)
        return _decide(
            actions.PlaceSpy(choice.chosen),
            f"{rule}; B4 {choice.step}",
            f"spy on {names.card(choice.chosen)} ({where})",
        )

    def _blackmail(self, top: Pending, offered: list[actions.Action]) -> Decision[actions.Action]:
        if not _of(offered, actions.PlaceSpy):
            return _decide(actions.Stop(), "B5 start of turn", "Blackmail: no card of the region without a spy")
        choice = card_priority(self.state, [a.card for a in _of(offered, actions.PlaceSpy)])
        return _decide(
            actions.PlaceSpy(choice.chosen), f"B5 Blackmail; B4 {choice.step}", f"spy on {names.card(choice.chosen)}"
        )

    def _radicalize(self, top: Pending, offered: list[actions.Action]) -> Decision[actions.Action]:
        """B6: the card she bought goes to the red-arrow end of her court if she can pay the whole bribe."""
        side = read_arrows(self.state).court_side
        play = actions.Play(top.card, side) if self.state.players[self.me].court else actions.Play(top.card, "left")
        if play in offered:
            return _decide(play, "B6 play", f"plays {names.card(top.card)} at the {side} end of her court (red arrow)")
        return _decide(
            actions.Discard(top.card), "B6 play", f"discards {names.card(top.card)}: she cannot pay the whole bribe"
        )

    def _receive(self, top: Pending, offered: list[actions.Action]) -> Decision[actions.Action]:
        """B10: cards she receives are played at once in B4 order (bribe paid) or else discarded."""
        choice = card_priority(self.state, sorted(set(self.state.players[self.me].hand)))
        side = read_arrows(self.state).court_side if self.state.players[self.me].court else "left"
        play = actions.Play(choice.chosen, side)
        if play in offered:
            text = f"plays {names.card(choice.chosen)}, a card she received, at the {side} end (B4 {choice.step})"
            return _decide(play, "B10 received cards", text)
        return _decide(
            actions.Discard(choice.chosen), "B10 received cards", f"discards {names.card(choice.chosen)}: the bribe"
        )

    # --- B9 steps of her card actions -----------------------------------------------------------------------

    def _tax(self, top: Pending, offered: list[actions.Action]) -> Decision[actions.Action]:
        takes = _of(offered, actions.TakeRupee)
        players = [a for a in takes if a.seat >= 0]
        if players:
            red = red_seat(self.state, read_arrows(self.state))

            def wealth(a: actions.TakeRupee) -> int:
                rupees = self.state.players[a.seat].rupees
                return rupees - tax_shelter(self.state, a.seat) if self.options.tax_by == "taxable" else rupees

            pick = max(players, key=lambda a: (wealth(a), a.seat == red))
            text = f"tax: 1 rupee from seat {pick.seat}, the richest she may tax (I8: {self.options.tax_by} rupees)"
            return _decide(pick, "B9 Tax: players first, richest first, ties by the red arrow", text)
        market = [a for a in takes if a.seat < 0]
        if market:
            red_row = read_arrows(self.state).row_index
            pick = min(market, key=lambda a: (a.column, a.row != red_row))
            text = f"tax: 1 rupee from the market, {'TB'[pick.row]}{pick.column}"
            return _decide(pick, "B9 Tax: then the market, column 0 upward, red row first", text)
        return _decide(actions.Stop(), "B9 Tax", "nothing left to tax")

    def _build(self, top: Pending, offered: list[actions.Action]) -> Decision[actions.Action]:
        armies = {a.region: a for a in _of(offered, actions.BuildArmy)}
        for region in region_priority(self.state):
            if region in armies:
                text = f"builds an army in {names.region(region)}, the first region on her priority list that she rules"
                return _decide(armies[region], "B9 Build", text)
        return _decide(actions.Stop(), "B9 Build", "no more armies she can build")

    def _battle(self, top: Pending, offered: list[actions.Action]) -> Decision[actions.Action]:
        removes = [a for a in _of(offered, actions.Remove) if she_removes(self.state, a, self.options)]
        red = red_seat(self.state, read_arrows(self.state))
        kinds = ("spy",) if top.target else ("tribe", "army", "road")

        def owner_is_red(a: actions.Remove) -> bool:
            if a.piece in ("tribe", "spy"):
                return a.seat == red
            return a.coalition == self.state.players[red].loyalty

        for kind in kinds:
            pool = [a for a in removes if a.piece == kind]
            if pool:
                pick = max(pool, key=owner_is_red)
                rule = "B9 Battle: tribes, armies, roads; the red-arrow seat first in each"
                return _decide(pick, rule, f"battle: removes {_describe(pick)}")
        return _decide(actions.Stop(), "B9 Battle", "nothing more she may remove")

    def _move(self, top: Pending, offered: list[actions.Action]) -> Decision[actions.Action]:
        step = move_step(self.state, self.me, self.options)
        if step is None or step not in offered:
            return _decide(actions.Stop(), "B9 Move", "no army of hers can move toward another seat's tribes")
        text = f"move: an army from {step.frm} to {step.to}, first on the priority"
        return _decide(step, "B9 Move: first origin she can leave, first destination outnumbered", text)

    # --- B10 other decisions --------------------------------------------------------------------------------

    def _bribe(self, top: Pending, offered: list[actions.Action]) -> Decision[actions.Action]:
        return _decide(
            actions.Demand(top.remaining), "B10", f"asks the full {top.remaining} rupee(s): she never waives"
        )

    _ransom = _bribe

    def _prize(self, top: Pending, offered: list[actions.Action]) -> Decision[actions.Action]:
        return _decide(
            actions.KeepPrize(True), "B9 Betray", f"keeps {names.card(top.card)} as a prize: she always does"
        )

    def _safe_house(self, top: Pending, offered: list[actions.Action]) -> Decision[actions.Action]:
        return _decide(
            actions.Hide(True), "B10 Safe House", f"her spy hides on {names.card(top.card)}: she always uses it"
        )

    def _suit(self, top: Pending, offered: list[actions.Action]) -> Decision[actions.Action]:
        suit = self.state.favored
        return _decide(actions.ChooseSuit(suit), "B10 suit choice", f"chooses {suit}, the favored suit")

    def _seat(self, top: Pending, offered: list[actions.Action]) -> Decision[actions.Action]:
        seat = red_seat(self.state, read_arrows(self.state))
        return _decide(
            actions.ChooseSeat(seat), "B10 (Rumor, Other Persuasive Methods)", f"targets seat {seat}: red arrow"
        )

    def _region(self, top: Pending, offered: list[actions.Action]) -> Decision[actions.Action]:
        order = region_priority(self.state)
        if not self.options.rebuke_first_region:
            for region in order:
                enemy = any(t != self.me for t in self.state.tribes[region]) or any(self.state.armies[region].values())
                if enemy:
                    text = (
                        f"rebukes in {names.region(region)}: the first region on her priority list with another "
                        "seat's tribe or army"
                    )
                    return _decide(actions.ChooseRegion(region), "B10 Rebuke (I12)", text)
        return _decide(actions.ChooseRegion(order[0]), "B10 Rebuke (I12)", f"Rebuke in {order[0]}: the first region")

    def _reclaim(self, top: Pending, offered: list[actions.Action]) -> Decision[actions.Action]:
        pieces = _of(offered, actions.Reclaim)
        order = region_priority(self.state)
        preference = ("tribe", "spy", "gift") if top.reason == "cylinder" else ("army", "road")
        for kind in preference:
            pool = [a for a in pieces if a.piece == kind]
            if not pool:
                continue
            if kind == "spy":
                choice = card_priority(self.state, [int(a.where) for a in pool])
                pick = next(a for a in pool if int(a.where) == choice.chosen)
            elif kind in ("tribe", "army"):
                pick = min(pool, key=lambda a: order.index(a.where))
            elif kind == "road":
                pick = min(pool, key=lambda a: sorted(order.index(r) for r in a.where.split("_")))
            else:
                pick = pool[0]
            text = f"the supply is empty: takes back her {kind} from {pick.where}"
            return _decide(pick, "B10 component limits", text)
        raise Unanswered("nothing to take back")

    def _discard(self, top: Pending, offered: list[actions.Action]) -> Decision[actions.Action]:
        numbers = [a.card for a in _of(offered, actions.Discard)]
        choice = discard_priority(self.state, numbers)
        return _decide(
            actions.Discard(choice.chosen), f"B11 {choice.step}", f"discards {names.card(choice.chosen)} ({top.reason})"
        )


def _describe(remove: actions.Remove) -> str:
    if remove.piece == "tribe":
        return f"seat {remove.seat}'s tribe"
    if remove.piece == "spy":
        return f"seat {remove.seat}'s spy"
    if remove.piece == "road":
        return f"a {remove.coalition} road on {remove.border}"
    return f"a {remove.coalition} army"
