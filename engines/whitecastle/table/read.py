"""A White Castle table read back into the bot's state, with every problem named by the object and the place.

Which object is what comes from a table profile (:class:`~engines.profile.Cast` over :mod:`.roles`: the board, each
colour's dice and die tiles, each side's courtiers, the bot's coins, cards and markers); where each lies comes from
the board (:class:`~engines.whitecastle.table.layout.OnBoard`: the profile's placement of our layout on it). This
module only reads the game from them. A piece belongs to the area whose box holds its centre. The order of a
bridge's dice is their order left to right along the board (low end first); the bot's deck is read top first from the
deck object. Whose turn it is follows from the dice left on the bridges: each turn takes one. The bot's level is the
record it keeps on its Influence marker's GM notes (``level.py``): the bot writes it there, on any table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bridge.table import Table, TableObject, Vec3
from engines.base import Problem, ReadError
from engines.profile import Cast, Profile
from engines.tablekit import on_track, track_space
from engines.whitecastle.board import FLOORS, ZONES, Colour, Difficulty, board
from engines.whitecastle.deck import SoloDeck
from engines.whitecastle.state import Die, Space, State
from engines.whitecastle.table import layout, level
from engines.whitecastle.table.roles import COLOURS, SUPPLIES, built_profile, marker_words, spec

__all__ = ["COLOURS", "TableView", "read_table"]


@dataclass
class TableView:
    """The state as read, and where each piece of it is on the table (for the planner)."""

    state: State
    on_board: layout.OnBoard
    dice: dict[str, list[TableObject]] = field(default_factory=dict)  # area key -> dice in it, left to right
    colours: dict[str, Colour] = field(default_factory=dict)  # a die's GUID -> its colour
    cards: dict[str, TableObject] = field(default_factory=dict)  # card id -> the card or the deck holding it
    card_guids: dict[str, str] = field(default_factory=dict)  # card id -> the card's own GUID (in a deck too)
    courtiers: dict[str, list[str]] = field(default_factory=dict)  # floor -> the bot's courtier GUIDs there
    markers: dict[str, TableObject] = field(default_factory=dict)
    supplies: dict[str, str] = field(default_factory=dict)  # coin / lap -> the infinite bag's GUID
    planner: Any = None  # set by the bot's turn: the planner of its decisions


class _Reader:
    """The table as the profile casts it, sorted by where each piece lies on the board."""

    def __init__(self, cast: Cast, on_board: layout.OnBoard) -> None:
        self.cast, self.on_board, self.problems = cast, on_board, cast.problems
        self.by_area: dict[str, list[tuple[str, TableObject]]] = {}  # area -> (role, object), as found
        for obj in cast.table:
            role = cast.role(obj) or ("deck" if obj.type == "Deck" else None)
            if role is None or role.startswith(("board", "supply:")):
                continue
            key = on_board.area_of(obj.position)
            if key is None and role.startswith("die:"):
                self.problems.append(
                    Problem("a die outside every zone: put it on a bridge, a space, the Well or your domain", obj)
                )
            if key is not None:
                self.by_area.setdefault(key, []).append((role, obj))

    def at(self, obj: TableObject) -> Vec3:
        """Where ``obj`` lies in board units: left to right is along x there, whichever way the board is turned."""
        return self.on_board.local(obj.position)

    def playing(self, key: str, prefix: str) -> list[tuple[str, TableObject]]:
        """(role, object) in area ``key`` for the roles starting with ``prefix``, left to right."""
        found = [(role, obj) for role, obj in self.by_area.get(key, []) if role.startswith(prefix)]
        return sorted(found, key=lambda found: self.at(found[1]).x)

    def count(self, key: str, role: str) -> int:
        return sum(1 for r, _ in self.by_area.get(key, []) if r == role)

    def area_of(self, obj: TableObject) -> str | None:
        return self.on_board.area_of(obj.position)


def read_table(
    table: Table,
    deck: SoloDeck,
    difficulty: Difficulty = "medium",
    *,
    round_done: bool = False,
    profile: Profile | None = None,
) -> TableView:
    """The table's state, its objects found by ``profile`` (the built table's by default). Its level is the one
    recorded on the bot's Influence marker (``table/level.py``); ``difficulty`` stands until that marker is read.
    ``round_done``: a round whose turns are all taken, its dice not yet rolled again, reads as it lies (Check my turn
    judges the round's last turn), instead of asking for the roll."""
    cast = Cast(profile or built_profile(deck), spec(deck), table)
    found = len(cast.problems)  # what the profile found amiss (a stray, a GUID gone) is named with the rest
    board_obj = cast.one("board")
    if len(cast.problems) > found or board_obj is None:  # no board, nowhere to read pieces by
        raise ReadError(cast.problems)
    on_board = layout.OnBoard.placed(cast.frame("board", layout.LAYOUT, board_obj), cast.layout("board", "areas"))
    r = _Reader(cast, on_board)
    problems = r.problems
    view = TableView(State(difficulty, {c: [] for c in COLOURS}, {z: [] for z in ZONES}, deck=[]), on_board)
    state = view.state
    b = board()
    for colour in COLOURS:
        _bridge(r, view, colour)
    for zone in ZONES:
        for index in range(1, b.zones[zone].spaces + 1):
            _space(r, view, zone, index)
    well = _dice(r, "well", view)
    state.well = [Die(d.colour, d.value) for d in well]
    _dice(r, "domain", view)
    for floor in FLOORS:
        view.courtiers[floor] = [o.guid for _, o in r.playing(f"floor.{floor}", "courtier:bot")]
        state.courtiers[floor] = len(view.courtiers[floor])
        state.person.courtiers[floor] = r.count(f"you.floor.{floor}", "courtier:you")
    for what in SUPPLIES:
        bag = cast.one(f"supply:{what}")
        if bag is not None:
            view.supplies[what] = bag.guid
    for role, key, counts, whose in (
        ("courtier:bot", "floor", state.courtiers, "the bot has"),
        ("courtier:you", "you.floor", state.person.courtiers, "you have"),
    ):
        problems += _courtiers(cast.objects(role), {f"{key}.{f}" for f in FLOORS}, r.area_of, counts, whose)

    _cards(r, deck, view)
    state.coins = r.count("bot.coins", "coin")
    laps = r.count("cp.laps", "lap")
    time = layout.time_spots(deck)
    influence = _marker(r, "influence", "time", time, view)
    if "influence" in view.markers:
        marker = view.markers["influence"]
        try:
            state.difficulty, state.set_up_for = level.parse(marker.gm_notes)
        except ValueError as exc:
            problems.append(Problem(f"the bot's influence marker: {exc}", marker))
    points = _marker(r, "clan_points", "cp", layout.CP_TRACK, view)
    _your_markers(r, time, view)
    rnd = _marker(r, "round", "round", layout.ROUND_SPOTS, view)
    state.scored = rnd == layout.ROUND_SPOTS - 1
    state.influence, state.clan_points, state.round = influence, laps * layout.CP_TRACK + points, min(rnd + 1, b.rounds)
    state.turns_taken = b.dice_per_bridge * len(COLOURS) - state.dice_left()
    state.over = state.round == b.rounds and state.turns_taken >= 2 * b.turns_per_round  # the last round's turns
    if state.scored and not state.over:
        problems.append(
            Problem(_EARLY_SCORE.format(rounds=b.rounds, turns=2 * b.turns_per_round), view.markers["round"])
        )
    problems += _round_problems(state, round_done)
    if problems:
        raise ReadError(problems)
    return view


def _bridge(r: _Reader, view: TableView, colour: Colour) -> None:
    """A bridge's dice, low to high from the left, each on one of its spaces and of its colour."""
    b, key = board(), f"bridge.{colour}"
    dice = _dice(r, key, view)
    values = [d.value for d in dice]
    if len(dice) > b.dice_per_bridge:
        r.problems.append(
            Problem(f"the {colour} bridge holds {len(dice)} dice; it takes {b.dice_per_bridge}", dice[-1].obj)
        )
    if values != sorted(values):
        r.problems.append(
            Problem(f"the {colour} bridge's dice are not low to high from the left: {values}", dice[0].obj)
        )
    area, per = r.on_board.areas[key], b.dice_per_bridge
    for d in dice:
        if min(r.at(d.obj).distance_xz(area.spot(i, per)) for i in range(per)) > layout.SNAP:
            r.problems.append(Problem(f"a die between the spaces of the {colour} bridge: put it on one", d.obj))
    if any(d.colour != colour for d in dice):
        wrong = next(d for d in dice if d.colour != colour)
        r.problems.append(Problem(f"a {wrong.colour} die on the {colour} bridge", wrong.obj))
    view.state.bridges[colour] = values


def _space(r: _Reader, view: TableView, zone: str, index: int) -> None:
    """A castle space: its die tiles' colours left to right, and the die on it if any."""
    key = f"{zone}.{index}"
    tiles = [role.partition(":")[2] for role, _ in r.playing(key, "tile:")]
    dice = _dice(r, key, view)
    label = r.on_board.areas[key].label
    want = board().zones[zone].tiles_per_room
    if len(tiles) != want:
        r.problems.append(Problem(f"{label} has {len(tiles)} die tile(s); it needs {want}"))
    if len(dice) > 1:
        r.problems.append(Problem(f"two dice on {label}, which takes one", dice[1].obj))
    colours = tuple(c for t in tiles for c in COLOURS if c == t)
    view.state.spaces[zone].append(Space(colours, Die(dice[0].colour, dice[0].value) if dice else None))


def _your_markers(r: _Reader, time: int, view: TableView) -> None:
    """Your Influence, clan points (with your laps) and resource tracks, as your markers show them."""
    you = view.state.person
    view.state.person_influence = _marker(r, "person_influence", "time", time, view)
    on_track = _marker(r, "person_clan_points", "cp", layout.CP_TRACK, view)
    you.clan_points = r.count("you.cp.laps", "lap") * layout.CP_TRACK + on_track
    for track, last in layout.YOUR_TRACKS.items():
        you.tracks[track] = _marker(r, f"person_{track}", f"you.{track}", last + 1, view)


_EARLY_SCORE = (
    "the round marker is on 'done' (your final scoring), yet round {rounds}'s {turns} turns are not all taken: put it "
    "back on its round"
)


def _courtiers(
    found: list[TableObject],
    keys: set[str],
    area_of: Callable[[TableObject], str | None],
    counts: dict[str, int],
    whose: str,
) -> list[Problem]:
    """A side's courtiers outside its courtier zones, and a side with more or fewer than the game gives it."""
    b = board()
    one, zones = ("a bot courtier", "the bot's") if whose == "the bot has" else ("one of your courtiers", "your")
    loose = [o for o in found if area_of(o) not in keys]
    out = [Problem(f"{one} outside {zones} courtier zones (supply, gate, floors, Daimyo)", o) for o in loose]
    if sum(counts.values()) + len(loose) != b.courtiers:
        out.append(Problem(f"{whose} {sum(counts.values())} courtiers on the table; there are {b.courtiers}"))
    return out


def _round_problems(state: State, round_done: bool) -> list[Problem]:
    """Dice taken beyond a round's turns (three each): the bot would take a die it may not, or find none at all."""
    b = board()
    turns, taken, dice = 2 * b.turns_per_round, state.turns_taken, b.dice_per_bridge * len(COLOURS)
    if taken > turns:
        return [
            Problem(
                f"only {state.dice_left()} dice on the bridges: a round takes {turns} of the {dice} "
                f"({b.turns_per_round} turns each), so {dice - turns} stay until it ends; put back the dice taken "
                "after the round's last turn"
            )
        ]
    if taken == turns and not state.over and not round_done:
        return [
            Problem(
                f"round {state.round}'s {turns} turns are taken: roll all nine dice onto their bridges (low to high "
                f"from the left) and move the round marker to round {state.round + 1}, then press Bot turn"
            )
        ]
    return []


@dataclass(frozen=True)
class _Die:
    obj: TableObject
    colour: Colour
    value: int


def _dice(r: _Reader, key: str, view: TableView) -> list[_Die]:
    """The dice in area ``key``, left to right, each with its colour (its role) and the face it shows."""
    out = []
    for role, obj in r.playing(key, "die:"):
        try:
            value = int(obj.value)
        except (TypeError, ValueError):
            r.problems.append(Problem("a die whose face cannot be read (no rotation values)", obj))
            continue
        colour = next(c for c in COLOURS if role == f"die:{c}")
        view.colours[obj.guid] = colour
        out.append(_Die(obj, colour, value))
    view.dice[key] = [d.obj for d in out]
    return out


def _cards(r: _Reader, deck: SoloDeck, view: TableView) -> None:
    known = {c.id for c in deck.cards}
    seen: Counter[str] = Counter()
    for key, target in (
        ("bot.deck", view.state.deck),
        ("bot.discard", view.state.discard),
        ("bot.revealed", view.state.revealed),
    ):
        objs = [o for role, o in r.by_area.get(key, []) if role == "deck" or role.startswith("card:")]
        # a pile: top first (the highest object, a deck's own order within it); a row: left to right
        objs.sort(key=(lambda o: r.at(o).x) if key == "bot.revealed" else (lambda o: -r.at(o).y))
        for obj in objs:
            for card in obj.contents or (obj,):
                role = r.cast.role(card) or ""
                card_id = role.partition(":")[2]
                if not role.startswith("card:") or card_id not in known:
                    label = r.on_board.areas[key].label
                    r.problems.append(Problem(f"a card in the {label} names no card of the solo deck data", card))
                    continue
                target.append(card_id)
                view.cards[card_id] = obj
                view.card_guids[card_id] = card.guid
                seen[card_id] += 1
    missing = sorted(known - set(seen))
    if missing:
        r.problems.append(Problem(f"bot cards not in its deck, revealed row or discard: {', '.join(missing)}"))
    for card_id, n in seen.items():
        if n > 1:
            r.problems.append(Problem(f"bot card {card_id} is on the table {n} times", view.cards[card_id]))


def _marker(r: _Reader, what: str, area_key: str, spots: int, view: TableView) -> int:
    """The space of its track the marker playing ``marker:<what>`` lies on (a track runs along the board's x)."""
    found = r.cast.objects(f"marker:{what}")
    label = marker_words(what)
    if len(found) != 1:
        r.problems.append(
            Problem(
                f"{label} marker (role 'marker:{what}') {'is missing' if not found else f'is there {len(found)} times'}"
            )
        )
        return 0
    marker = found[0]
    view.markers[what] = marker
    area = r.on_board.areas[area_key]
    at = r.at(marker)
    index, other = track_space(at, area, spots)
    if not on_track(at, area):
        r.problems.append(Problem(f"{label} marker is not on a space of {area.label}", marker))
    elif other is not None:
        low, high = (n + (what == "round") for n in sorted((index, other)))  # rounds count from 1, tracks from 0
        where = f"between spaces {low} and {high}" if low != high else f"beyond space {low}, at the end"
        r.problems.append(Problem(f"{label} marker lies {where} of {area.label}: put it on one", marker))
    return index
