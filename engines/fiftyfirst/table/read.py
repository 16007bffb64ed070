"""A 51st State table read back into the bot's state, with every problem named by the object and the place.

Which object is what comes from a table profile (:mod:`engines.fiftyfirst.table.roles`; the built table's by
default), and where things lie from the zones and track boards as the table holds them (the profile's placement of
a board): :class:`_Cast` is the one place that asks the profile, the rest is the game's reading.

Your locations are read row by row (production, feature, action), left to right; the bot's likewise. The Lookout
row tells the pick under way (four cards: yours; three: the bot's; two: yours; one: the bot's; none: the deal). In
the Action phase it is the bot's turn whenever Bot turn is pressed: press it after each of your actions.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bridge.table import Table, TableObject, Vec3
from engines.base import Problem, ReadError
from engines.fiftyfirst.cards import Location, Locations
from engines.fiftyfirst.options import BotOptions
from engines.fiftyfirst.rules import END_AT, final_count
from engines.fiftyfirst.state import Place, State
from engines.fiftyfirst.table import layout
from engines.fiftyfirst.table.roles import ZONES, built_profile, card_of, spec
from engines.profile import Cast, Profile

LOOKOUT_STEP = {4: 1, 3: 2, 2: 3, 1: 4, 0: 0}
TRACK_NAMES = {"phase": layout.PHASES, "attacks": tuple(str(i) for i in range(layout.ATTACKS))}


@dataclass
class TableView:
    state: State
    zones: dict[str, TableObject] = field(default_factory=dict)
    rows: dict[str, layout.Row] = field(default_factory=dict)  # score, round (their boards), phase, attacks (zones)
    card_guids: dict[tuple[str, int], str] = field(default_factory=dict)  # (area, index) -> the card's GUID
    contained: dict[str, str] = field(default_factory=dict)  # card GUID -> the deck holding it
    piles: dict[str, list[str]] = field(default_factory=dict)  # deck / discard -> card GUIDs, top first
    connections: dict[str, str] = field(default_factory=dict)  # pile -> the face-up card's GUID
    connection_stock: dict[str, list[str]] = field(default_factory=dict)  # pile -> its cards' GUIDs, top first
    workers: dict[int, list[str]] = field(default_factory=dict)  # the person's place index -> workers on it
    places_at: dict[int, Vec3] = field(default_factory=dict)  # the person's place index -> the card's position
    places_bot: list[Vec3] = field(default_factory=list)  # the bot's locations' positions, as in ``state.bot``
    lap_supply: str = ""
    free_workers: list[str] = field(default_factory=list)  # your workers on your faction board
    bot_workers: list[str] = field(default_factory=list)  # your workers on the bot's open productions (L62)
    markers: dict[str, TableObject] = field(default_factory=dict)
    protections: dict[int, str] = field(default_factory=dict)  # the person's place index -> its marker's GUID
    hand: list[str] = field(default_factory=list)  # the cards in the person's hand zone (for the page)
    planner: Any = None


class _Cast:
    """Which object is what, from the profile: the zones, the track boards' rows, the pieces of each kind, and the
    location card an object is (or a deck holds)."""

    def __init__(self, table: Table, cards: Locations, profile: Profile | None) -> None:
        self.cast = Cast(profile or built_profile(cards), spec(cards), table)
        self.problems = self.cast.problems

    def zones(self) -> dict[str, TableObject]:
        return {key: zone for key in ZONES if (zone := self.cast.one(f"zone:{key}")) is not None}

    def board_rows(self) -> dict[str, layout.Row]:
        rows = {}
        for key in layout.TRACK_BOARDS:
            board = self.cast.one(f"board:{key}")
            if board is not None:
                frame = self.cast.frame(f"board:{key}", layout.BOARD_LAYOUTS[key], board)
                rows[key] = layout.board_row(frame, self.cast.layout(f"board:{key}", key), layout.AREAS[key].size.z)
        return rows

    def one(self, role: str) -> TableObject | None:
        return self.cast.one(role)

    def pieces(self, role: str) -> list[TableObject]:
        return self.cast.objects(role)

    def plays(self, obj: TableObject, role: str) -> bool:
        return self.cast.role(obj) == role

    def is_zone(self, obj: TableObject) -> bool:
        return (self.cast.role(obj) or "").startswith("zone:")

    def location(self, obj: TableObject) -> str | None:
        """The data id of the location card ``obj`` is, else None."""
        return card_of(self.cast.role(obj))

    def holds_locations(self, obj: TableObject) -> bool:
        """Whether ``obj`` is a location card or a deck of them."""
        return any(self.location(c) is not None for c in obj.contents or (obj,))

    def holds_connections(self, obj: TableObject) -> bool:
        return any(self.plays(c, "connection") for c in (obj, *obj.contents))


def read_table(table: Table, cards: Locations, profile: Profile | None = None) -> TableView:
    """The state ``table`` shows, its objects found by ``profile`` (the built table's by default); raises
    :class:`ReadError` naming each object or role that cannot be read."""
    cast = _Cast(table, cards, profile)
    problems = cast.problems
    found = len(problems)
    zones, rows = cast.zones(), cast.board_rows()
    if len(problems) > found or len(zones) < len(ZONES):  # a zone or board missing: nothing to read by
        raise ReadError(problems)
    rows |= {key: layout.zone_row(zones[key], len(names)) for key, names in TRACK_NAMES.items()}

    def area_of(obj: TableObject) -> str | None:
        return next((k for k, z in zones.items() if z.encloses(obj.position)), None)

    view = TableView(State(deck=[]), zones, rows)
    state = view.state
    by_area: dict[str, list[TableObject]] = {}
    for obj in table:
        if cast.is_zone(obj):
            continue
        where = area_of(obj)
        if where is None and cast.holds_locations(obj):
            problems.append(Problem("a location card outside every zone", obj))
        if where is not None:
            by_area.setdefault(where, []).append(obj)

    def location_ids(key: str) -> list[tuple[str, TableObject, TableObject]]:
        """(data id, the card, its container or itself), top first for piles, left to right for rows."""
        objs = [o for o in by_area.get(key, []) if cast.holds_locations(o)]
        objs.sort(key=(lambda o: -o.position.y) if key in ("deck", "discard") else (lambda o: o.position.x))
        named = {id(p.obj) for p in problems}  # a card the profile already names (a stray like ours)
        out = []
        for obj in objs:
            for c in obj.contents or (obj,):
                card_id = cast.location(c)
                if card_id is not None:
                    out.append((card_id, c, obj))
                elif id(c) not in named:  # a deck's card that is no location: the deck's draws would be off
                    problems.append(Problem("a card among location cards that plays no location of the card data", c))
        return out

    for key in ("deck", "discard"):
        entries = location_ids(key)
        setattr(state, key, [i for i, _, _ in entries])
        view.piles[key] = [c.guid for _, c, _ in entries]
        view.contained.update({c.guid: o.guid for _, c, o in entries if o is not c})
    for key, target in (("lookout", state.lookout), ("attack", state.attack_pile)):
        for n, (card_id, c, _) in enumerate(location_ids(key)):
            target.append(card_id)
            view.card_guids[(key, n)] = c.guid
    view.hand = [card_id for card_id, _, _ in location_ids("hand")]
    protections, workers = cast.pieces("protection"), cast.pieces("worker")
    for row in layout.ROWS:
        for card_id, c, _ in location_ids(f"person.{row}"):
            if layout.row_of(cards.card(card_id).cls) != row:
                data = cards.card(card_id)
                problems.append(Problem(f"{data.name} is a {data.cls.replace('_', ' ')}, not in your {row} row", c))
            on = [o for o in workers if o.position.distance_xz(c.position) < layout.ON_CARD]
            sideways = round((c.rotation.y - zones[f"person.{row}"].rotation.y) / 90) % 2 == 1
            guard = next((o for o in protections if o.position.distance_xz(c.position) < layout.ON_CARD), None)
            index = len(state.person)
            state.person.append(
                Place(card_id, ruins=c.face_down, activations=len(on) or int(sideways), protected=guard is not None)
            )
            view.card_guids[("person", index)] = c.guid
            view.places_at[index] = c.position
            if guard is not None:
                view.protections[index] = guard.guid
            view.workers[index] = [o.guid for o in on]
        for card_id, c, _ in location_ids(f"bot.{row}"):
            view.card_guids[("bot", len(state.bot))] = c.guid
            view.places_bot.append(c.position)
            state.bot.append(card_id)
            on = [o for o in workers if o.position.distance_xz(c.position) < layout.ON_CARD]
            _sent(cards.card(card_id), c, on, view, problems)
    view.free_workers = [o.guid for o in by_area.get("person.board", []) if cast.plays(o, "worker")]
    state.workers = len(view.free_workers)
    for pile in ("blue", "red"):
        _connection_pile(pile, [o for o in by_area.get(f"conn.{pile}", []) if cast.holds_connections(o)], view)
    phase = _marker(cast, "phase", view)
    if phase is not None:
        state.phase = layout.PHASES[_space(phase, rows["phase"], "phase track", layout.PHASES, problems)]  # type: ignore[assignment]
    attacks = _marker(cast, "attacks", view)
    if attacks is not None:
        state.attacks = _space(attacks, rows["attacks"], "attacks track", TRACK_NAMES["attacks"], problems)
        if len(state.attack_pile) > state.attacks:
            problems.append(
                Problem(
                    f"the attack pile holds {len(state.attack_pile)} cards, but the attacks marker counts "
                    f"{state.attacks} this round: lay it on the space of the attacks made",
                    attacks,
                )
            )
    for seat in layout.SEATS:
        token = _marker(cast, f"pass.{seat}", view, role=f"pass:{seat}")
        setattr(state, f"{seat}_passed", token is not None and area_of(token) == "passed")
    for key, attribute in (("person", "person_pts"), ("bot", "bot_pts"), ("round", "round")):
        track, marker = layout.TRACKS[key], _marker(cast, key, view)
        if marker is not None and track.area in rows:
            laps = sum(1 for o in by_area.get(track.laps, []) if cast.plays(o, "lap"))
            label = layout.AREAS[track.area].label
            space = _space(marker, rows[track.area], label, track.names, problems)
            setattr(state, attribute, track.first + laps * track.length + space)
    if state.phase == "lookout":
        if len(state.lookout) > 4:
            problems.append(Problem(f"the Lookout row holds {len(state.lookout)} cards; it deals 4"))
        state.lookout_step = LOOKOUT_STEP.get(len(state.lookout), 0)
    supply = cast.one("supply:lap")
    if supply is not None:
        view.lap_supply = supply.guid
    _target(cast, cards, view, area_of, problems)
    if state.bot_passed and view.bot_workers:
        problems.append(
            Problem(
                "the bot has passed: its locations can no longer be used (D12); take your worker back",
                table.get(view.bot_workers[0]),
            )
        )
    if state.phase == "over":
        state.final = final_count(state, BotOptions())
    state.turn = "bot"
    state.end_triggered = max(state.person_pts, state.bot_pts) >= END_AT
    if problems:
        raise ReadError(problems)
    return view


def _sent(
    card: Location, obj: TableObject, workers: list[TableObject], view: TableView, problems: list[Problem]
) -> None:
    """Your workers on one of the bot's locations: uses of an open production (L62), each a point for the bot on its
    next step (D3); on any other location a problem that names it."""
    if not workers:
        return
    if card.cls != "production_open":
        problems.append(
            Problem(f"a worker on the bot's {card.name}, which is no open production: only those take one", obj)
        )
        return
    view.bot_workers += [o.guid for o in workers]
    view.state.bot_uses += len(workers)


def _connection_pile(pile: str, objs: list[TableObject], view: TableView) -> None:
    """A connection pile: its face-down stock (a deck, or the one card TTS leaves of a deck of one) and the face-up
    card revealed on it, if any; every stock card a face-down card the planner can take (or move, when loose)."""
    up = [o for o in objs if not o.contents and not o.face_down]
    stock: list[str] = []
    for obj in objs:
        if obj.contents:
            stock += [c.guid for c in obj.contents]
            view.contained.update({c.guid: obj.guid for c in obj.contents})
        elif obj.face_down:
            stock.append(obj.guid)
    view.connection_stock[pile] = stock
    view.state.connections_left[pile] = len(stock)
    view.state.connections[pile] = bool(up)
    if up:
        view.connections[pile] = up[0].guid


def _space(marker: TableObject, row: layout.Row, label: str, names: Sequence[str], problems: list[Problem]) -> int:
    """Which of a row's spaces (named ``names``, left to right) a marker lies on: the nearest; one off the row, or
    lying between two (:meth:`Row.space`), is named, to be put on one."""
    found = row.space(marker.position)
    name = marker.nickname or "a marker"
    if found is None:
        problems.append(Problem(f"{name} lies off the {label}: put it on one of its spaces", marker))
        return 0
    nearest, other = found
    if other is not None:
        low, high = sorted({nearest, other})
        where = f"between {names[low]} and {names[high]}" if low != high else f"off the space {names[nearest]}"
        problems.append(Problem(f"{name} lies {where} of the {label}: put it on one", marker))
    return nearest


def _marker(cast: _Cast, what: str, view: TableView, *, role: str = "") -> TableObject | None:
    """The one object playing a marker's role (``marker:<what>`` unless ``role``); a missing or doubled one is
    named by the profile."""
    found = cast.one(role or f"marker:{what}")
    if found is not None:
        view.markers[what] = found
    return found


def _target(cast: _Cast, cards: Locations, view: TableView, area_of: Any, problems: list[Problem]) -> None:
    """The target token: in the "choose" zone, the bot asked which tied location it razes; on one of your
    locations, that is your answer, checked against the tie the bot asked about (kept in the token's GM Notes,
    found with the bot's options)."""
    state = view.state
    token = _marker(cast, "target", view, role="target")
    if token is None or area_of(token) == "tokens":
        return
    tied = _asked(token, view, problems)
    if tied is None:
        return
    state.choosing = tuple(tied)
    if area_of(token) == "choose":
        return
    on = [i for i, at in view.places_at.items() if at.distance_xz(token.position) < layout.ON_CARD]
    if len(on) != 1 or on[0] not in tied:
        names = " or ".join(cards.card(state.person[i].card).name for i in tied)
        problems.append(Problem(f"the target token lies on no location the bot asked about ({names})", token))
        return
    state.chosen = on[0]


def _asked(token: TableObject, view: TableView, problems: list[Problem]) -> list[int] | None:
    """Your tied locations the bot asked about, from the GUIDs of their cards in the token's GM Notes."""
    place_of = {guid: i for (area, i), guid in view.card_guids.items() if area == "person"}
    try:
        note = json.loads(token.gm_notes or "null")
    except ValueError:
        note = None
    guids = note.get("tied") if isinstance(note, dict) else None
    if not isinstance(guids, list) or len(guids) < 2 or not all(isinstance(g, str) for g in guids):
        problems.append(
            Problem(
                "the target token is out of 'tokens not in play', but its GM Notes name no tie the bot asked about "
                "(put it back there)",
                token,
            )
        )
        return None
    lost = [g for g in guids if g not in place_of]
    if lost:
        problems.append(Problem(f"the bot asked about cards no longer among your locations ({', '.join(lost)})", token))
        return None
    return sorted(place_of[g] for g in guids)
