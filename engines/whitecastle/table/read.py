"""A White Castle table read back into the bot's state, with every problem named by the object and the place.

A piece belongs to the zone whose box holds its centre. The order of a bridge's dice is their order left to right
(low end first); the bot's deck is read top first from the deck object. Whose turn it is follows from the dice left
on the bridges: each turn takes one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bridge.table import Table, TableObject
from engines.base import Problem, ReadError
from engines.tablekit import on_track, track_space
from engines.tablekit import zones as zones_of
from engines.whitecastle.board import FLOORS, ZONES, Colour, Difficulty, board
from engines.whitecastle.deck import SoloDeck
from engines.whitecastle.state import Die, Space, State
from engines.whitecastle.table import layout as L
from engines.whitecastle.table import level

COLOURS: tuple[Colour, ...] = ("red", "black", "white")


@dataclass
class TableView:
    """The state as read, and where each piece of it is on the table (for the planner)."""

    state: State
    zones: dict[str, TableObject] = field(default_factory=dict)  # area key -> its zone
    dice: dict[str, list[TableObject]] = field(default_factory=dict)  # area key -> dice in it, left to right
    cards: dict[str, TableObject] = field(default_factory=dict)  # card id -> the card or the deck holding it
    card_guids: dict[str, str] = field(default_factory=dict)  # card id -> the card's own GUID (in a deck too)
    courtiers: dict[str, list[str]] = field(default_factory=dict)  # floor -> the bot's courtier GUIDs there
    markers: dict[str, TableObject] = field(default_factory=dict)
    supplies: dict[str, str] = field(default_factory=dict)  # coin / lap -> the infinite bag's GUID
    planner: Any = None  # set by the bot's turn: the planner of its decisions


def read_table(
    table: Table, deck: SoloDeck, difficulty: Difficulty = "medium", *, round_done: bool = False
) -> TableView:
    """The table's state. Its level is the one recorded on the bot's Influence marker (``table/level.py``);
    ``difficulty`` stands until that marker is read. ``round_done``: a round whose turns are all taken, its dice not
    yet rolled again, reads as it lies (Check my turn judges the round's last turn), instead of asking for the roll."""
    problems: list[Problem] = []
    zones = zones_of(table, L.AREAS)

    def area_of(obj: TableObject) -> str | None:
        return next((key for key, zone in zones.items() if zone.encloses(obj.position)), None)

    view = TableView(State(difficulty, {c: [] for c in COLOURS}, {z: [] for z in ZONES}, deck=[]), zones)
    state = view.state
    b = board()
    by_area: dict[str, list[TableObject]] = {}
    for obj in table:
        if obj.has_tag(L.ZONE_TAG):
            continue
        key = area_of(obj)
        if obj.has_tag(L.DIE_TAG) and key is None:
            problems.append(
                Problem("a die outside every zone: put it on a bridge, a space, the Well or your domain", obj)
            )
        if key is not None:
            by_area.setdefault(key, []).append(obj)

    for colour in COLOURS:
        dice = _dice(by_area.get(f"bridge.{colour}", []), problems)
        values = [d.value for d in dice]
        if len(dice) > b.dice_per_bridge:
            problems.append(
                Problem(f"the {colour} bridge holds {len(dice)} dice; it takes {b.dice_per_bridge}", dice[-1].obj)
            )
        if values != sorted(values):
            problems.append(
                Problem(f"the {colour} bridge's dice are not low to high from the left: {values}", dice[0].obj)
            )
        area, per = L.AREAS[f"bridge.{colour}"], b.dice_per_bridge
        for d in dice:
            if min(d.obj.position.distance_xz(area.spot(i, per)) for i in range(per)) > L.SNAP:
                problems.append(Problem(f"a die between the spaces of the {colour} bridge: put it on one", d.obj))
        if any(d.colour != colour for d in dice):
            wrong = next(d for d in dice if d.colour != colour)
            problems.append(Problem(f"a {wrong.colour} die on the {colour} bridge", wrong.obj))
        state.bridges[colour] = values
        view.dice[f"bridge.{colour}"] = [d.obj for d in dice]
    for zone in ZONES:
        for index in range(1, b.zones[zone].spaces + 1):
            key = f"{zone}.{index}"
            pieces = by_area.get(key, [])
            tiles = sorted((o for o in pieces if o.has_tag(L.TILE_TAG)), key=lambda o: o.position.x)
            dice = _dice(pieces, problems)
            label = L.AREAS[key].label
            want = b.zones[zone].tiles_per_room
            if len(tiles) != want:
                problems.append(Problem(f"{label} has {len(tiles)} die tile(s); it needs {want}", zones[key]))
            colours: list[Colour] = []
            for t in tiles:
                written = next((c for c in COLOURS if c == t.gm_notes.strip().lower()), None)
                if written is None:
                    problems.append(
                        Problem(
                            f"a die tile in {label} says {t.gm_notes!r} in its GM Notes, not red, black or white", t
                        )
                    )
                    continue
                colours.append(written)
            if len(dice) > 1:
                problems.append(Problem(f"two dice on {label}, which takes one", dice[1].obj))
            state.spaces[zone].append(Space(tuple(colours), Die(dice[0].colour, dice[0].value) if dice else None))
            view.dice[key] = [d.obj for d in dice]
    well = _dice(by_area.get("well", []), problems)
    state.well = [Die(d.colour, d.value) for d in well]
    view.dice["well"] = [d.obj for d in well]
    view.dice["domain"] = [d.obj for d in _dice(by_area.get("domain", []), problems)]
    for floor in FLOORS:
        view.courtiers[floor] = [o.guid for o in by_area.get(f"floor.{floor}", []) if o.has_tag(L.COURTIER_TAG)]
        state.courtiers[floor] = len(view.courtiers[floor])
        state.person.courtiers[floor] = sum(
            1 for o in by_area.get(f"you.floor.{floor}", []) if o.has_tag(L.YOUR_COURTIER_TAG)
        )
    for what, supply_tag in (("coin", L.COIN_SUPPLY_TAG), ("lap", L.LAP_SUPPLY_TAG)):
        bags = table.with_tag(supply_tag)
        if len(bags) != 1:
            problems.append(Problem(f"the {what} supply (an infinite bag tagged '{supply_tag}') is missing or doubled"))
        else:
            view.supplies[what] = bags[0].guid
    for tag, key, counts, whose in (
        (L.COURTIER_TAG, "floor", state.courtiers, "the bot has"),
        (L.YOUR_COURTIER_TAG, "you.floor", state.person.courtiers, "you have"),
    ):
        problems += _courtiers(table.with_tag(tag), {f"{key}.{f}" for f in FLOORS}, area_of, counts, whose)

    _cards(table, deck, by_area, view, problems)
    state.coins = sum(1 for o in by_area.get("bot.coins", []) if o.has_tag(L.COIN_TAG))
    laps = _laps(by_area, "cp.laps")
    time = L.time_spots(deck)
    influence = _marker(table, "influence", "time", time, view, problems)
    if "influence" in view.markers:
        marker = view.markers["influence"]
        try:
            state.difficulty, state.set_up_for = level.parse(marker.gm_notes)
        except ValueError as exc:
            problems.append(Problem(f"the bot's influence marker: {exc}", marker))
    points = _marker(table, "clan_points", "cp", L.CP_TRACK, view, problems)
    _your_markers(table, by_area, time, view, problems)
    rnd = _marker(table, "round", "round", L.ROUND_SPOTS, view, problems)
    state.scored = rnd == L.ROUND_SPOTS - 1
    state.influence, state.clan_points, state.round = influence, laps * L.CP_TRACK + points, min(rnd + 1, b.rounds)
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


def _laps(by_area: dict[str, list[TableObject]], key: str) -> int:
    return sum(1 for o in by_area.get(key, []) if o.has_tag(L.LAP_TAG))


def _your_markers(
    table: Table, by_area: dict[str, list[TableObject]], time: int, view: TableView, problems: list[Problem]
) -> None:
    """Your Influence, clan points (with your laps) and resource tracks, as your markers show them."""
    you = view.state.person
    view.state.person_influence = _marker(table, "person_influence", "time", time, view, problems, whose="your")
    on_track = _marker(table, "person_clan_points", "cp", L.CP_TRACK, view, problems, whose="your")
    you.clan_points = _laps(by_area, "you.cp.laps") * L.CP_TRACK + on_track
    for track, last in L.YOUR_TRACKS.items():
        you.tracks[track] = _marker(table, f"person_{track}", f"you.{track}", last + 1, view, problems, whose="your")


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


def _dice(pieces: list[TableObject], problems: list[Problem]) -> list[_Die]:
    out = []
    for obj in sorted((o for o in pieces if o.has_tag(L.DIE_TAG)), key=lambda o: o.position.x):
        colour = next((c for c in COLOURS if obj.has_tag(L.tag("colour", c))), None)
        try:
            value = int(obj.value)
        except (TypeError, ValueError):
            problems.append(Problem("a die whose face cannot be read (no rotation values)", obj))
            continue
        if colour is None:
            problems.append(Problem("a die without its colour tag (whitecastle.colour.red, .black or .white)", obj))
            continue
        out.append(_Die(obj, colour, value))
    return out


def _cards(
    table: Table, deck: SoloDeck, by_area: dict[str, list[TableObject]], view: TableView, problems: list[Problem]
) -> None:
    known = {c.id for c in deck.cards}
    seen: Counter[str] = Counter()
    for key, target in (
        ("bot.deck", view.state.deck),
        ("bot.discard", view.state.discard),
        ("bot.revealed", view.state.revealed),
    ):
        objs = [o for o in by_area.get(key, []) if o.has_tag(L.CARD_TAG) or o.contents]
        # a pile: top first (the highest object, a deck's own order within it); a row: left to right
        objs.sort(key=(lambda o: o.position.x) if key == "bot.revealed" else (lambda o: -o.position.y))
        for obj in objs:
            for card in obj.contents or (obj,):
                card_id = card.gm_notes.strip()
                if card_id not in known:
                    problems.append(
                        Problem(f"a card whose GM Notes {card_id!r} name no card of the solo deck data", obj)
                    )
                    continue
                target.append(card_id)
                view.cards[card_id] = obj
                view.card_guids[card_id] = card.guid
                seen[card_id] += 1
    missing = sorted(known - set(seen))
    if missing:
        problems.append(Problem(f"bot cards not in its deck, revealed row or discard: {', '.join(missing)}"))
    for card_id, n in seen.items():
        if n > 1:
            problems.append(Problem(f"bot card {card_id} is on the table {n} times", view.cards[card_id]))


def _marker(
    table: Table, what: str, area_key: str, spots: int, view: TableView, problems: list[Problem], *, whose: str = ""
) -> int:
    found = table.with_tag(L.tag("marker", what))
    label = f"{whose} {L.track_words(what.removeprefix('person_'))}" if whose else f"the bot's {L.track_words(what)}"
    if len(found) != 1:
        problems.append(
            Problem(
                f"{label} marker (tag '{L.tag('marker', what)}') "
                f"{'is missing' if not found else f'is there {len(found)} times'}"
            )
        )
        return 0
    marker = found[0]
    view.markers[what] = marker
    area = L.AREAS[area_key]
    index, other = track_space(marker.position, area, spots)  # a track runs along x
    if not on_track(marker.position, area):
        problems.append(Problem(f"{label} marker is not on a space of {area.label}", marker))
    elif other is not None:
        low, high = (n + (what == "round") for n in sorted((index, other)))  # rounds count from 1, tracks from 0
        where = f"between spaces {low} and {high}" if low != high else f"beyond space {low}, at the end"
        problems.append(Problem(f"{label} marker lies {where} of {area.label}: put it on one", marker))
    return index
