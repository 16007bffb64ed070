"""A 51st State table read back into the bot's state, with every problem named by the object and the place.

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
from engines.fiftyfirst.table import layout as L
from engines.tablekit import on_track, track_space
from engines.tablekit import zones as zones_of

LOOKOUT_STEP = {4: 1, 3: 2, 2: 3, 1: 4, 0: 0}


@dataclass
class TableView:
    state: State
    zones: dict[str, TableObject] = field(default_factory=dict)
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


def read_table(table: Table, cards: Locations) -> TableView:
    problems: list[Problem] = []
    zones = zones_of(table, L.AREAS)

    def area_of(obj: TableObject) -> str | None:
        return next((k for k, z in zones.items() if z.encloses(obj.position)), None)

    view = TableView(State(deck=[]), zones)
    state = view.state
    by_area: dict[str, list[TableObject]] = {}
    known = {c.id for c in cards.cards}
    for obj in table:
        if obj.has_tag(L.ZONE_TAG):
            continue
        where = area_of(obj)
        is_card = obj.has_tag(L.CARD_TAG) and not obj.has_tag(L.CONNECTION_TAG)
        if is_card and where is None:
            problems.append(Problem("a location card outside every zone", obj))
        if where is not None:
            by_area.setdefault(where, []).append(obj)

    def location_ids(key: str) -> list[tuple[str, TableObject, TableObject]]:
        """(data id, the card, its container or itself), top first for piles, left to right for rows."""
        objs = [o for o in by_area.get(key, []) if o.has_tag(L.CARD_TAG) and not o.has_tag(L.CONNECTION_TAG)]
        objs.sort(key=(lambda o: -o.position.y) if key in ("deck", "discard") else (lambda o: o.position.x))
        out = []
        for obj in objs:
            for c in obj.contents or (obj,):
                card_id = c.gm_notes.strip()
                if card_id not in known:
                    problems.append(
                        Problem(f"a card whose GM Notes {card_id!r} name no location of the card data", obj)
                    )
                    continue
                out.append((card_id, c, obj))
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
    protections = [o for o in table.with_tag(L.PROTECTION_TAG)]
    workers = [o for o in table.with_tag(L.WORKER_TAG)]
    for row in L.ROWS:
        for card_id, c, _ in location_ids(f"person.{row}"):
            if L.row_of(cards.card(card_id).cls) != row:
                data = cards.card(card_id)
                problems.append(
                    Problem(
                        f"{data.name} is a {data.cls.replace('_', ' ')}, not in your {row} row",
                        c,
                    )
                )
            on = [o for o in workers if o.position.distance_xz(c.position) < L.ON_CARD]
            sideways = round(c.rotation.y / 90) % 2 == 1
            guard = next((o for o in protections if o.position.distance_xz(c.position) < L.ON_CARD), None)
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
            on = [o for o in workers if o.position.distance_xz(c.position) < L.ON_CARD]
            _sent(cards.card(card_id), c, on, view, problems)
    view.free_workers = [o.guid for o in by_area.get("person.board", []) if o.has_tag(L.WORKER_TAG)]
    state.workers = len(view.free_workers)
    for pile in ("blue", "red"):
        _connection_pile(pile, [o for o in by_area.get(f"conn.{pile}", []) if o.has_tag(L.CONNECTION_TAG)], view)
    phase = _marker(table, "phase", view, problems)
    if phase is not None:
        state.phase = L.PHASES[_space(phase, "phase", L.PHASES, problems)]  # type: ignore[assignment]
    attacks = _marker(table, "attacks", view, problems)
    if attacks is not None:
        state.attacks = _space(attacks, "attacks", [str(i) for i in range(L.ATTACKS)], problems)
        if len(state.attack_pile) > state.attacks:
            problems.append(
                Problem(
                    f"the attack pile holds {len(state.attack_pile)} cards, but the attacks marker counts "
                    f"{state.attacks} this round: lay it on the space of the attacks made",
                    attacks,
                )
            )
    for seat in L.SEATS:
        token = _marker(table, f"pass.{seat}", view, problems, tag_name=L.tag("pass", seat))
        setattr(state, f"{seat}_passed", token is not None and area_of(token) == "passed")
    for key, attribute in (("person", "person_pts"), ("bot", "bot_pts"), ("round", "round")):
        track, marker = L.TRACKS[key], _marker(table, key, view, problems)
        if marker is not None:
            laps = sum(1 for o in by_area.get(track.laps, []) if o.has_tag(L.LAP_TAG))
            value = track.first + laps * track.length + _space(marker, track.area, track.names, problems)
            setattr(state, attribute, value)
    if state.phase == "lookout":
        if len(state.lookout) > 4:
            problems.append(Problem(f"the Lookout row holds {len(state.lookout)} cards; it deals 4"))
        state.lookout_step = LOOKOUT_STEP.get(len(state.lookout), 0)
    supply = table.with_tag(L.LAP_SUPPLY_TAG)
    if len(supply) != 1:
        problems.append(
            Problem(f"the score-lap supply (an infinite bag tagged '{L.LAP_SUPPLY_TAG}') is missing or doubled")
        )
    else:
        view.lap_supply = supply[0].guid
    _target(table, cards, view, area_of, problems)
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


def _space(marker: TableObject, area: str, names: Sequence[str], problems: list[Problem]) -> int:
    """Which of the area's spaces (named ``names``, left to right) a marker lies on: the nearest; one off the track,
    or lying between two (tablekit.track_space), is named, to be put on one."""
    track = L.AREAS[area]
    nearest, other = track_space(marker.position, track, len(names))
    if not on_track(marker.position, track):
        name = marker.nickname or "a marker"
        problems.append(Problem(f"{name} lies off the {track.label}: put it on one of its spaces", marker))
    elif other is not None:
        low, high = sorted({nearest, other})
        where = f"between {names[low]} and {names[high]}" if low != high else f"off the space {names[nearest]}"
        problems.append(
            Problem(f"{marker.nickname or 'a marker'} lies {where} of the {track.label}: put it on one", marker)
        )
    return nearest


def _marker(
    table: Table, what: str, view: TableView, problems: list[Problem], *, tag_name: str = ""
) -> TableObject | None:
    name = tag_name or L.tag("marker", what)
    found = table.with_tag(name)
    if len(found) != 1:
        how = "is missing" if not found else f"is there {len(found)} times"
        problems.append(Problem(f"the {what.replace('.', ' ')} marker (tag '{name}') {how}"))
        return None
    view.markers[what] = found[0]
    return found[0]


def _target(table: Table, cards: Locations, view: TableView, area_of: Any, problems: list[Problem]) -> None:
    """The target token: in the "choose" zone, the bot asked which tied location it razes; on one of your
    locations, that is your answer, checked against the tie the bot asked about (kept in the token's GM Notes,
    found with the bot's options)."""
    state = view.state
    token = _marker(table, "target", view, problems, tag_name=L.TARGET_TAG)
    if token is None or area_of(token) == "tokens":
        return
    tied = _asked(token, view, problems)
    if tied is None:
        return
    state.choosing = tuple(tied)
    if area_of(token) == "choose":
        return
    on = [i for i, at in view.places_at.items() if at.distance_xz(token.position) < L.ON_CARD]
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
