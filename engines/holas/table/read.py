"""A table read back into the Enemy's state, with every problem named: a mini on a region border or off the map,
a vessel with too many minis aboard, an unknown card, a lost marker or zone, a prompt marker whose notes do not
say what the bot waits for. The view keeps the GUIDs the planner moves."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from bridge.table import Table, TableObject, Vec3
from bridge.table.geometry import Transform
from engines.base import Problem, ReadError
from engines.holas import lines as T
from engines.holas import rules as R
from engines.holas.data_model import HolasData, UnitType
from engines.holas.movement import Geometry
from engines.holas.state import RESOURCES, Ledger, Pending, PlayerArmy, State, Unit
from engines.holas.table import layout as L
from engines.ownerdata import first_error
from engines.tablekit import Area, on_track, one_tagged, track_space, zones

UNIT_TYPES: tuple[UnitType, ...] = ("hero", "warrior", "serf", "air_vessel", "sea_vessel")
PILES = ("deck", "discard", "battle", "slot1", "slot2", "slot3")


@dataclass
class TableView:
    """The state as read, and what the planner needs to move it: GUIDs by unit id, Exploration Tokens by region,
    cards by id (and the deck each lies in), the bot's spare towers, the markers; the number of pieces already in
    each region (new arrivals take the next free spot)."""

    state: State
    units: dict[str, str] = field(default_factory=dict)
    tokens: dict[str, list[str]] = field(default_factory=dict)
    cards: dict[str, str] = field(default_factory=dict)
    contained: dict[str, str] = field(default_factory=dict)  # card GUID -> the deck it lies in
    spare_towers: list[str] = field(default_factory=list)
    towers: dict[str, list[str]] = field(default_factory=dict)  # the bot's built towers by region
    markers: dict[str, str] = field(default_factory=dict)
    crowd: Counter[str] = field(default_factory=Counter)
    battle: list[str] = field(default_factory=list)  # the card(s) in the battle area
    positions: dict[str, Vec3] = field(default_factory=dict)  # where each bot unit stands, by unit id
    board: Transform = field(default_factory=lambda: Transform(L.BOARD_AT, Vec3(0, 0, 0), Vec3(1, 1, 1)))  # map units
    planner: Any = None  # set by the game's decide
    person: dict[str, tuple[str, str]] = field(default_factory=dict)  # the person's minis: GUID -> (kind, place)


def read_table(table: Table, data: HolasData) -> TableView:
    problems: list[Problem] = []
    found = zones(table, L.AREAS)
    board = one_tagged(table, L.BOARD_TAG, "board", problems)
    if board is None:
        raise ReadError(problems)
    map_ = data.map
    view = TableView(State(units=[], capital="", deck=[]), board=L.board_frame(board))
    state = view.state

    def where(obj: TableObject) -> str | None:
        zone = next((k for k, z in found.items() if z.encloses(obj.position)), None)
        if zone is not None:
            return zone
        point = L.to_map(map_, view.board, obj.position)
        region = L.region_at(map_, point)
        if region is None:
            what = "on a region border" if L.on_border(map_, point) else "off the map and outside every zone"
            problems.append(Problem(f"a piece {what}: put it inside one region", obj))
        else:
            view.crowd[region] += 1
        return region

    regions = {r.id for r in map_.regions}
    _bot_pieces(table, data, view, where, regions, problems)
    _player_pieces(table, data, view, where, problems)
    for obj in table.with_tag(L.TOKEN_TAG):
        place = where(obj)
        if place == "tokens":
            state.collected += 1
        elif place == "player.tokens":
            state.person.tokens += 1
        elif place in regions:
            state.tokens[place] = state.tokens.get(place, 0) + 1
            view.tokens.setdefault(place, []).append(obj.guid)
        elif place is not None:
            problems.append(Problem("an Exploration Token outside every region and the bot's token pile", obj))
    _cards(table, data, view, found, problems)
    _markers(table, data, view, found, problems)
    _person_side(table, data, view, problems)
    if problems:
        raise ReadError(problems)
    return view


def _bot_pieces(
    table: Table, data: HolasData, view: TableView, where: Any, regions: set[str], problems: list[Problem]
) -> None:
    state = view.state
    bots = table.with_tag(L.BOT_TAG)
    vessels = [o for o in bots if any(o.has_tag(L.tag("bot", v)) for v in ("air_vessel", "sea_vessel"))]
    aboard: dict[str, list[str]] = {}
    capitals: list[str] = []
    for obj in bots:
        kind: str | None = next((t for t in (*UNIT_TYPES, "tower", "capital") if obj.has_tag(L.tag("bot", t))), None)
        if kind is None:
            problems.append(Problem("a bot piece without its type tag (holas.bot.hero, .warrior, ...)", obj))
            continue
        place = where(obj)
        if place is None:
            continue
        if kind == "capital":
            view.markers["capital.bot"] = obj.guid
        if kind == "capital" and place == "destroyed":
            state.destroyed = "bot"
            continue
        if kind in ("tower", "capital"):
            if place in regions:
                (capitals if kind == "capital" else state.towers).append(place)
                if kind == "tower":
                    view.towers.setdefault(place, []).append(obj.guid)
            elif kind == "tower" and place == "supply":
                view.spare_towers.append(obj.guid)
            else:
                problems.append(Problem(f"the bot's {kind} stands in {L.AREAS[place].label}: put it in a region", obj))
            continue
        if place not in regions and place not in ("courtyard", "supply"):
            problems.append(Problem(f"a bot mini in {L.AREAS[place].label}: put it in a region or the Courtyard", obj))
            continue
        under = [
            v
            for v in vessels
            if v is not obj and v.position.distance_xz(obj.position) < L.ABOARD and obj.position.y > v.position.y + 0.2
        ]
        # the vessel it rests on: the highest one below it (vessels may stand stacked), then the nearest
        carrier = max(under, key=lambda v: (v.position.y, -v.position.distance_xz(obj.position)), default=None)
        unit_type = next(t for t in UNIT_TYPES if t == kind)
        unit = Unit(obj.gm_notes.strip() or f"{kind}?", unit_type, place, carrier.gm_notes.strip() if carrier else None)
        state.units.append(unit)
        view.units[unit.id] = obj.guid
        view.positions[unit.id] = obj.position
        if carrier is not None:
            aboard.setdefault(carrier.guid, []).append(unit.id)
    for v in vessels:
        vessel_type: UnitType = "air_vessel" if v.has_tag(L.tag("bot", "air_vessel")) else "sea_vessel"
        room = data.faction.units[vessel_type].capacity
        if len(aboard.get(v.guid, [])) > room:
            problems.append(Problem(f"a vessel with {len(aboard[v.guid])} minis aboard; it carries {room}", v))
    for unit_id, n in Counter(u.id for u in state.units).items():
        if n > 1:
            problems.append(Problem(f"two bot minis say {unit_id!r} in their GM Notes"))
    if len(capitals) == 1:
        state.capital = capitals[0]
    elif state.destroyed == "bot" and not capitals:
        state.capital = ""
    else:
        what = "is on no region" if not capitals else f"is in {len(capitals)} regions: {', '.join(capitals)}"
        problems.append(Problem(f"the bot's Capital (tag '{L.tag('bot', 'capital')}') {what}"))


def _player_pieces(table: Table, data: HolasData, view: TableView, where: Any, problems: list[Problem]) -> None:
    state = view.state
    state.person.supply = {}  # read: empty when nothing is left in it
    for obj in table.with_tag(L.PLAYER_TAG):
        piece: str | None = next(
            (t for t in (*UNIT_TYPES, "tower", "capital") if obj.has_tag(L.tag("player", t))), None
        )
        place = where(obj)
        if piece is None or place is None:
            continue
        view.person[obj.guid] = (piece, place)
        if piece == "capital":
            view.markers["capital.you"] = obj.guid
        if place == "player.supply":
            state.person.supply[piece] = state.person.supply.get(piece, 0) + 1
        if piece == "capital" and place == "destroyed":
            state.destroyed = "you"
        if place in L.AREAS:
            continue  # off the map: your supply, your Courtyard, or wherever you keep them
        if piece == "sea_vessel":
            state.player_sea = place
            continue
        army = state.player.setdefault(place, PlayerArmy(0))
        if piece in ("tower", "capital"):
            army.structure = True  # H6: a structure counts with the units
            army.capital = army.capital or piece == "capital"
        else:
            army.ns += next(u.ns for k, u in data.faction.units.items() if k == piece)


def _cards(
    table: Table, data: HolasData, view: TableView, found: dict[str, TableObject], problems: list[Problem]
) -> None:
    state = view.state
    known = {c.id for c in data.cards.cards}
    piles: dict[str, list[str]] = {}
    for key in PILES:
        objs = sorted(
            (o for o in table.with_tag(L.CARD_TAG) if found[key].encloses(o.position)), key=lambda o: -o.position.y
        )  # top first
        ids: list[str] = []
        for obj in objs:
            for card in obj.contents or (obj,):
                card_id = card.gm_notes.strip()
                if card_id not in known:
                    problems.append(Problem(f"a card whose GM Notes {card_id!r} name no solo card of the data", card))
                    continue
                ids.append(card_id)
                view.cards[card_id] = card.guid
                if card is not obj:
                    view.contained[card.guid] = obj.guid
        piles[key] = ids
    state.deck, state.discard = piles["deck"], piles["discard"]
    for i in (1, 2, 3):
        state.slots[i - 1] = piles[f"slot{i}"][0] if piles[f"slot{i}"] else None
    seen = Counter(i for ids in piles.values() for i in ids)
    for card_id in sorted(known - set(seen)):
        problems.append(
            Problem(f"the solo card {card_id} is in none of the bot's piles (deck, discard, slots, battle)")
        )
    for card_id in sorted(k for k, n in seen.items() if n > 1):
        problems.append(Problem(f"the solo card {card_id} is there {seen[card_id]} times"))
    view.battle = piles["battle"]


def _markers(
    table: Table, data: HolasData, view: TableView, found: dict[str, TableObject], problems: list[Problem]
) -> None:
    state = view.state
    keys = (*RESOURCES, "score", "cc", "round", "final", "tactic", "prompt", "ledger", *(f"{k}.lap" for k in L.LAPPED))
    for key in keys:
        marker = one_tagged(table, L.tag("marker", key), f"{key} marker", problems)
        if marker is not None:
            view.markers[key] = marker.guid
    state.resources = {r: _spot(table, r, L.AREAS[f"res.{r}"], L.RESOURCE_SPOTS, problems) for r in RESOURCES}
    for resource in RESOURCES:
        token = one_tagged(table, L.tag("tax", resource), f"{resource} Tax Track token", problems)
        slot = next(
            (int(k[-1]) for k, z in found.items() if k.startswith("tax.") and token and z.encloses(token.position)),
            None,
        )
        if token is not None:
            view.markers[f"tax.{resource}"] = token.guid
            if slot is None:
                problems.append(Problem(f"the {resource} Tax Track token is in no slot (4, 3, 2)", token))
        state.tax[resource] = slot or 0
    state.pts = _lapped(table, "score", problems)
    state.cc_space = _spot(table, "cc", L.AREAS["cc"], len(data.faction.cc_track), problems)
    state.round = _lapped(table, "round", problems) + 1
    state.tactic = _spot(table, "tactic", L.AREAS["tactic"], L.TACTIC_SPOTS, problems)
    final = table.get(view.markers.get("final", ""))
    if final is not None and found["round"].encloses(final.position):
        # the round track's space, read as the first such round from the last one: a final round is the current
        # one or the next (L208), and the game over the round after
        space = _nearest(final, L.AREAS["round"], L.ROUND_SPOTS, problems)
        state.final_round = state.round - 1 + (space - (state.round - 2)) % L.ROUND_SPOTS
    prompt = table.get(view.markers.get("prompt", ""))
    if prompt is not None and prompt.gm_notes.strip():
        try:
            state.pending = Pending.from_json(prompt.gm_notes)
        except ValidationError as exc:
            what = first_error(exc, "the notes")
            problems.append(Problem(f"its GM Notes do not say what the bot waits for: {what}", prompt))
    battle = view.battle
    wanted = [state.pending.card] if state.pending is not None and state.pending.card else []
    if battle != wanted:
        expected = f"the bot's battle card {wanted[0]}" if wanted else "no card (no battle card is revealed)"
        problems.append(Problem(f"{L.AREAS['battle'].label} holds {battle or 'nothing'}; it should hold {expected}"))


def _lapped(table: Table, key: str, problems: list[Problem]) -> int:
    """A lapped track's value: its marker's space, and its lap marker's laps times the track's length (a marker
    missing is named by ``_markers``)."""
    area, spots, _, _ = L.LAPPED[key]
    laps = _spot(table, f"{key}.lap", L.AREAS["laps"], L.LAP_SPOTS, problems)
    return laps * spots + _spot(table, key, L.AREAS[area], spots, problems)


def _person_side(table: Table, data: HolasData, view: TableView, problems: list[Problem]) -> None:
    """Your markers (resources, score, final scoring), what the bot noted of your side at its last press (minis
    taken from your supply since must be paid for), and where your Capital stands against the bot's (L24)."""
    person = view.state.person
    for resource in RESOURCES:
        key = f"you.{resource}"
        marker = one_tagged(table, L.tag("marker", "you", resource), f"your {resource} marker", problems)
        if marker is not None:
            view.markers[key] = marker.guid
            person.resources[resource] = _spot(table, key, L.AREAS[f"you.res.{resource}"], L.RESOURCE_SPOTS, problems)
    person.pts = _lapped(table, "you.score", problems)
    score = one_tagged(table, L.tag("marker", "you.score"), "your score marker", problems)
    if score is not None:
        view.markers["you.score"] = score.guid
    problems += _scored(table, view)
    note = table.get(view.markers.get("ledger", ""))
    if note is not None and note.gm_notes.strip():
        try:
            noted = Ledger.from_json(note.gm_notes)
        except ValidationError as exc:
            what = first_error(exc, "the notes")
            problems.append(Problem(f"its GM Notes are not the bot's note of your side ({what}): clear them", note))
        else:
            problems += [Problem(text) for text in _unpaid(data, view, noted)]
    problems += [Problem(text) for text in _capitals(data, view.state)]


def _scored(table: Table, view: TableView) -> list[Problem]:
    """Your final-scoring marker: on 'done', your end-of-game points are on your score marker (L208), and the end
    names the winner from both markers; put there before the game is over, it would name one too early."""
    problems: list[Problem] = []
    marker = one_tagged(table, L.tag("marker", "scored"), "final-scoring marker", problems)
    if marker is None:
        return problems
    view.markers["scored"] = marker.guid
    s = view.state
    s.scored = _spot(table, "scored", L.AREAS["scored"], L.SCORED_SPOTS, problems) == 1
    if s.scored and not R.over(s):
        problems.append(
            Problem(
                f"your final-scoring marker is on 'done', yet the game is not over (round {s.round}): put it back "
                "on 'not yet' until the last round is played or a Capital City is destroyed",
                marker,
            )
        )
    return problems


def _unpaid(data: HolasData, view: TableView, noted: Ledger) -> list[str]:
    """The minis taken from your supply since the bot's last press: each Warrior or Serf into your Courtyard or your
    Capital's region (*chosen*: where the base game's Recruit puts them; the rulebook is not among the texts here),
    and all paid for: your resource markers must have come down by their price (the faction file's costs)."""
    s, out = view.state, []
    capital = s.person_capital()
    geo = Geometry(data.map)
    taken = [view.person[g] for g in noted.supply if g in view.person and view.person[g][1] != "player.supply"]
    cost = dict.fromkeys(RESOURCES, 0)
    for kind, place in taken:
        if kind in ("warrior", "serf") and place not in ("player.courtyard", capital):
            out.append(
                f"your {kind} taken from your supply into {place}: a new recruit goes to your Courtyard or your "
                "Capital City's region; put it there"
            )
        away = geo.land_distance(capital, place) if capital and place in geo.region else None
        price = R.tower_cost(data, away) if kind == "tower" else R.unit_cost(data, kind)
        for r in RESOURCES:
            cost[r] += price.get(r, 0)
    fell = {r: max(0, noted.resources.get(r, 0) - s.person.resources[r]) for r in RESOURCES}
    short = {r: cost[r] - fell[r] for r in RESOURCES if cost[r] > fell[r]}
    if short:
        kinds = Counter(kind.replace("_", " ") for kind, _ in taken)
        what = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
        owed = ", ".join(f"{n} {r}" for r, n in short.items())
        price_text = ", ".join(f"{n} {r}" for r, n in cost.items() if n)
        out.append(
            f"you took {what} from your supply since the bot's last step: they cost {price_text}, and your "
            f"resource markers came down by {', '.join(f'{fell[r]} {r}' for r in RESOURCES)}: pay {owed} more "
            "(move your markers down) or put them back in your supply"
        )
    return out


def _capitals(data: HolasData, s: State) -> list[str]:
    """L24 "choose the Enemy's Capital City Region on an adjacent Continent": the bot's Capital must stand on a
    continent next to yours, not on your own."""
    mine = s.person_capital()
    if not mine or not s.capital:
        return []
    of = {r.id: r.continent for r in data.map.regions}
    theirs, yours = of.get(s.capital), of.get(mine)
    if theirs != yours and theirs is not None and yours is not None and R.continents_adjacent(data, theirs, yours):
        return []
    why = "on your own continent" if theirs == yours else "on a continent not next to yours"
    return [
        f"the bot's Capital City in {s.capital} is {why} ({yours}): {T.SET_UP}; move it to a Capital site of a "
        "continent next to yours"
    ]


def _nearest(obj: TableObject, area: Area, spots: int, problems: list[Problem]) -> int:
    """The track's space nearest the marker; one off the track, or between two spaces, is named (which it means is
    unclear)."""
    index, other = track_space(obj.position, area, spots)
    if not on_track(obj.position, area):
        problems.append(Problem(f"a marker off {area.label}: put it on one of its spaces", obj))
    elif other is not None:
        where = "between two spaces" if other != index else "beyond the last space at one end"
        problems.append(Problem(f"a marker {where} of {area.label}: put it on one space", obj))
    return index


def _spot(table: Table, what: str, area: Area, spots: int, problems: list[Problem]) -> int:
    marker = table.with_tag(L.tag("marker", what))
    return _nearest(marker[0], area, spots, problems) if len(marker) == 1 else 0
