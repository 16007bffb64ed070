"""The base rules the bot needs: set-up, rounds (dice rolled onto the bridges in ascending order, the deck made
again), taking a die from a bridge end, placing it and the coins it brings, courtiers climbing, and the turn order."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engines.base import IllegalAction
from engines.whitecastle import actions
from engines.whitecastle.board import FLOORS, ZONES, Colour, Difficulty, board
from engines.whitecastle.deck import SoloDeck
from engines.whitecastle.options import BotOptions
from engines.whitecastle.state import Die, Space, State

COLOURS: tuple[Colour, ...] = ("red", "black", "white")


def random_tiles(rng: random.Random) -> dict[str, list[tuple[Colour, ...]]]:
    """Die tiles for the castle's rooms, as set-up lays them: no First Floor room with three of one colour."""
    b = board()
    out: dict[str, list[tuple[Colour, ...]]] = {}
    for zone in ("first_floor", "second_floor"):
        rooms = []
        for _ in range(b.zones[zone].spaces):
            while True:
                tiles = tuple(rng.choice(COLOURS) for _ in range(b.zones[zone].tiles_per_room))
                if zone != "first_floor" or len(set(tiles)) > 1:
                    break
            rooms.append(tiles)
        out[zone] = rooms
    return out


def new_game(
    deck: SoloDeck,
    difficulty: Difficulty,
    rng: random.Random,
    *,
    options: BotOptions | None = None,
    tiles: dict[str, list[tuple[Colour, ...]]] | None = None,
) -> State:
    """Set-up (the official solo set-up with the Polish text's changes): the bot first, its Influence at 1 / 2 / 3,
    its clan points by W7, its deck shuffled; round 1 begins."""
    options = options or BotOptions()
    b = board()
    tiles = tiles or random_tiles(rng)
    spaces = {zone: [Space(tuple(t)) for t in tiles.get(zone, [()] * b.zones[zone].spaces)] for zone in ZONES}
    ids = [c.id for c in deck.cards]
    rng.shuffle(ids)
    state = State(difficulty, {c: [] for c in COLOURS}, spaces, deck=ids)
    state.influence, state.clan_points = start(difficulty, options)
    state.courtiers["supply"] = state.person.courtiers["supply"] = b.courtiers
    start_round(state, rng)
    return state


def start(level: Difficulty, options: BotOptions) -> tuple[int, int]:
    """The bot's starting Influence (the Polish text's 1 / 2 / 3) and clan points (W7) for ``level``."""
    b = board()
    return b.start_influence[level], b.start_clan_points[level] if options.start_clan_points == "official" else 0


def start_round(state: State, rng: random.Random) -> None:
    """Every die rolled, each bridge's three laid low to high; the spaces emptied; discard and deck shuffled."""
    b = board()
    state.bridges = {c: sorted(rng.randint(1, 6) for _ in range(b.dice_per_bridge)) for c in COLOURS}
    for zone in ZONES:
        for space in state.spaces[zone]:
            space.die, space.by = None, None
    state.well.clear()
    state.deck += state.discard
    state.discard = []
    rng.shuffle(state.deck)
    state.turns_taken = 0


def space_value(zone: str) -> int:
    b = board()
    return b.well_value if zone == "well" else b.domain_value if zone == "domain" else b.zones[zone].value


def die_at(state: State, bridge: Colour, end: str) -> int | None:
    dice = state.bridges[bridge]
    if not dice:
        return None
    return dice[0] if end == "low" else dice[-1]


def free_spaces(state: State, zone: str) -> list[int]:
    """1-based indices of the zone's spaces that hold no die, left to right."""
    return [i + 1 for i, s in enumerate(state.spaces[zone]) if s.die is None]


def person_actions(state: State) -> Iterator[actions.PersonTurn]:
    """The person's legal die placements as far as the bot's model reaches: any die at a bridge end, onto a free
    space of the castle or outside the walls, the Well, or their own domain, where their coins pay what a die below
    the space's value costs (the Well's 1 never costs, so one is always left)."""
    coins = state.person.tracks["coins"]
    for bridge in COLOURS:
        ends = ("low",) if len(state.bridges[bridge]) == 1 else ("low", "high")
        for end in ends if state.bridges[bridge] else ():
            value = die_at(state, bridge, end) or 0
            places = [(zone, space) for zone in ZONES for space in free_spaces(state, zone)]
            for zone, space in [*places, ("well", 0), ("domain", 0)]:
                if value + coins >= space_value(zone):
                    yield actions.PersonTurn(bridge, end, zone, space)  # type: ignore[arg-type]


def person_coins(value: int, zone: str) -> int:
    """What the person's die brings (above the space's value) or costs (below it, negative): they pay, the bot
    never does."""
    return value - space_value(zone)


def apply(
    state: State,
    action: actions.Action,
    rng: random.Random,
    deck: SoloDeck | None = None,
    options: BotOptions | None = None,
) -> None:
    """One step. ``deck`` and ``options`` matter for the bot's Influence (the time track's end and thresholds)."""
    options = options or BotOptions()
    match action:
        case actions.SetUp(level, influence, clan_points):
            state.difficulty = state.set_up_for = level
            state.influence, state.clan_points = influence, clan_points
        case actions.LevelChange(_, to):
            state.difficulty = to
        case actions.Reveal(card):
            if not state.deck or state.deck[0] != card:
                raise IllegalAction(f"{card} is not the top card of the bot's deck")
            state.revealed.append(state.deck.pop(0))
        case actions.NewDeck(order):
            if sorted(order) != sorted(state.deck + state.discard):
                raise IllegalAction("a new deck must hold the deck's and the discard pile's cards")
            state.deck, state.discard = list(order), []
        case actions.TakeDie(bridge, end):
            value = die_at(state, bridge, end)
            if value is None:
                raise IllegalAction(f"the {bridge} bridge holds no die")
            state.bridges[bridge].pop(0 if end == "low" else -1)
            state.held = Die(bridge, value)
        case actions.PlaceDie(zone, space):
            die = state.held
            if die is None:
                raise IllegalAction("no die taken to place")
            state.held = None
            if zone == "well":
                state.well.append(die)
            else:
                target = state.spaces[zone][space - 1]
                if target.die is not None:
                    raise IllegalAction(f"{zone} space {space} already holds a die")
                target.die, target.by = die, "bot"
        case actions.Gain("influence", n):
            state.influence = advance_influence(state.influence, n, deck, options)
        case actions.Gain("clan_points", n):
            state.clan_points += n
        case actions.Gain("coins", n):
            state.coins += n
        case actions.CourtierTo(frm, to):
            if state.courtiers.get(frm, 0) < 1:
                raise IllegalAction(f"the bot has no courtier at {frm}")
            state.courtiers[frm] -= 1
            state.courtiers[to] += 1
        case actions.DiscardRevealed():
            state.discard += state.revealed
            state.revealed = []
            end_turn(state, rng, options)
        case actions.PersonTurn(bridge, end, zone, space):
            value = die_at(state, bridge, end)
            if value is None:
                raise IllegalAction(f"the {bridge} bridge holds no die")
            if zone in ZONES and state.spaces[zone][space - 1].die is not None:
                raise IllegalAction(f"{zone} space {space} already holds a die")
            if state.person.tracks["coins"] + person_coins(value, zone) < 0:
                raise IllegalAction(f"a {value} on {zone} costs {-person_coins(value, zone)} coins; you have fewer")
            state.bridges[bridge].pop(0 if end == "low" else -1)
            state.person.tracks["coins"] += person_coins(value, zone)
            if zone in ZONES:
                state.spaces[zone][space - 1].die = Die(bridge, value)
                state.spaces[zone][space - 1].by = "person"
            elif zone == "well":
                state.well.append(Die(bridge, value))
            end_turn(state, rng, options)
        case actions.Manual() | actions.NoEffect() | actions.CannotMove():
            pass


def shuffled(state: State, rng: random.Random) -> actions.NewDeck:
    """The discard pile shuffled together with what is left of the deck (the cards revealed this turn stay out)."""
    order = state.deck + state.discard
    rng.shuffle(order)
    return actions.NewDeck(tuple(order))


def advance_influence(position: int, n: int, deck: SoloDeck | None, options: BotOptions) -> int:
    """The bot's Influence ``n`` steps on: up to the track's last position; with W8 ``stop``, not past the next
    seal threshold (it has no seals to pay)."""
    track = deck.time_track if deck is not None else None
    target = position + n
    if track is not None:
        target = min(target, track.last)
        if options.thresholds == "stop":
            ahead = [t for t in track.thresholds if position < t <= target]
            target = min(ahead, default=target)
    return target


def courtier_starts(floors: int) -> tuple[str, ...]:
    """Where a courtier can climb ``floors`` from (the Daimyo is the top)."""
    ladder = FLOORS[1:]  # gate .. daimyo
    return ladder[: len(ladder) - floors]


def courtier_moves(state: State, floors: int, options: BotOptions) -> list[actions.CourtierTo]:
    """The courtier that climbs ``floors`` (W9: the highest-placed that can, or the lowest), as single moves."""
    ladder = FLOORS[1:]
    movable = [f for f in courtier_starts(floors) if state.courtiers[f]]
    if not movable:
        return []
    start = movable[-1] if options.courtier == "highest" else movable[0]
    at = ladder.index(start)
    return [actions.CourtierTo(ladder[at + i], ladder[at + i + 1]) for i in range(floors)]


def end_turn(state: State, rng: random.Random, options: BotOptions) -> None:
    b = board()
    state.turns_taken += 1
    if state.turns_taken < 2 * b.turns_per_round:
        return
    if state.round == b.rounds:
        state.over = True
        return
    state.round += 1
    if options.first_player == "round_one":
        state.first = "bot" if state.influence >= state.person_influence else "person"
    start_round(state, rng)


def bot_score(state: State, deck: SoloDeck) -> dict[str, int]:
    """W12: clan points on the track, its courtiers by floor, its Passage of Time position, coins ÷ 5."""
    parts = _scored(state.clan_points, state.courtiers, state.influence, deck)
    return _total({**parts, "coins": state.coins // 5})


def person_score(state: State, deck: SoloDeck) -> dict[str, int]:
    """The person's final score as far as their markers and courtiers show it: the spec's base scoring (clan points,
    courtiers by floor, Passage of Time, (coins + seals) ÷ 5); what their gardeners, warriors and leftover
    resources score is not counted here, so they add it on their clan-point marker (:data:`UNREAD_SCORING`)."""
    you = state.person
    parts = _scored(you.clan_points, you.courtiers, state.person_influence, deck)
    return _total({**parts, "coins_and_seals": (you.tracks["coins"] + you.tracks["seals"]) // 5})


UNREAD_SCORING = "your gardeners, warriors and leftover resources"  # the spec's final scoring the bot does not
# count: no marker shows your garden or yard, and the spec names leftover resources without a rate


def _scored(clan_points: int, courtiers: dict[str, int], influence: int, deck: SoloDeck) -> dict[str, int]:
    """The part of the final scoring both sides share: clan points, courtiers by floor, the Passage of Time."""
    b = board()
    on_floors = sum(courtiers[f] * b.courtier_points[f] for f in b.courtier_points)
    track = deck.time_track
    time = track.points[min(influence, track.last)] if track is not None else 0
    return {"clan_points": clan_points, "courtiers": on_floors, "time_track": time}


def _total(parts: dict[str, int]) -> dict[str, int]:
    return {**parts, "total": sum(parts.values())}


def coins_for(die: Die, zone: str, options: BotOptions) -> int:
    """What the bot gains for a die placed on ``zone`` (it never pays: the official solo rule; W5 at the Well)."""
    if zone == "well" and options.well_coins == "none":
        return 0
    return max(0, die.value - space_value(zone))
