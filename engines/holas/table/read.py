"""A table read back into the Enemy's state, with every problem named: a mini on a region border or off the map,
a vessel with too many minis aboard, an unknown card, a lost marker or zone, a prompt marker whose notes do not
say what the bot waits for. The view keeps the GUIDs the planner moves.

Which object is what comes from a table profile (:mod:`engines.holas.table.roles`: the built table's by default, a
mod's by its own): the reader asks for roles, never for our tags or notes. Where things lie comes from the objects
the profile names: each zone's box as the table lays it, and the map board's frame through the profile's placement
(its transform, and a region the mod's art draws elsewhere moved by its offset). What follows is the game's own
reading of those places."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from bridge.table import Table, TableObject, Vec3
from bridge.table.geometry import Transform
from engines.base import Problem, ReadError
from engines.holas import lines, rules
from engines.holas.data_model import HolasData, MapData
from engines.holas.movement import Geometry
from engines.holas.state import RESOURCES, Ledger, Pending, PlayerArmy, State, Unit
from engines.holas.table import layout
from engines.holas.table.roles import MARKERS, built_profile, spec, unit_ids
from engines.ownerdata import first_error
from engines.profile import Cast, Profile
from engines.tablekit import Area, on_track, track_space

PILES = ("deck", "discard", "battle", "slot1", "slot2", "slot3")
VESSELS = ("air_vessel", "sea_vessel")
Where = Callable[[TableObject], str | None]


@dataclass
class TableView:
    """The state as read, and what the planner needs to move it: GUIDs by unit id, Exploration Tokens by region,
    cards by id (and the deck each lies in), the bot's spare towers, the markers; the number of pieces already in
    each region (new arrivals take the next free spot); the zones and the map as this table lays them."""

    state: State
    map: MapData  # the map as the table's board draws it (regions a profile moves, moved): for places, not rules
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
    board: Transform = field(
        default_factory=lambda: Transform(layout.BOARD_AT, Vec3(0, 0, 0), Vec3(1, 1, 1))
    )  # map units
    areas: dict[str, Area] = field(default_factory=lambda: dict(layout.AREAS))  # each zone's box as the table lays it
    planner: Any = None  # set by the game's decide
    person: dict[str, tuple[str, str]] = field(default_factory=dict)  # the person's minis: GUID -> (kind, place)


# --- which object is what: the profile's cast ---------------------------------------------------------------


def read_table(table: Table, data: HolasData, profile: Profile | None = None) -> TableView:
    """The state ``table`` shows, its objects found by ``profile`` (the built table's by default); raises
    :class:`ReadError` naming each object or role that cannot be read."""
    cast = Cast(profile or built_profile(data), spec(data), table)
    problems = cast.problems
    board = cast.one("board")
    zones = {key: zone for key in layout.AREAS if (zone := cast.one(f"zone:{key}")) is not None}
    if board is None or len(zones) < len(layout.AREAS):  # nothing to place the pieces by
        raise ReadError(problems)
    base = cast.spec.boards["board"]["regions"]
    view = TableView(
        State(units=[], capital="", deck=[]),
        layout.placed_map(data.map, _offsets(base.spots, cast.layout("board", "regions").spots)),
        board=cast.frame("board", base, board),
        areas={key: _area(key, zone) for key, zone in zones.items()},
    )
    pieces = [(role, obj) for obj in table if (role := cast.role(obj)) is not None]
    markers = {key: obj for key in MARKERS if (obj := cast.one(f"marker:{key}")) is not None}
    view.markers = {key: obj.guid for key, obj in markers.items()}
    _read(view, data, pieces, zones, problems)
    _cards(cast, view, zones, problems)
    _markers(cast, view, data, markers, zones, problems)
    _person_side(view, data, markers, problems)
    if problems:
        raise ReadError(problems)
    return view


def _offsets(base: Mapping[str, Vec3], placed: Mapping[str, Vec3]) -> dict[str, tuple[float, float]]:
    """Each region the profile moves, by how far (map units)."""
    moved = {r: (placed[r].x - at.x, placed[r].z - at.z) for r, at in base.items()}
    return {r: d for r, d in moved.items() if d != (0.0, 0.0)}


def _area(key: str, zone: TableObject) -> Area:
    """A zone's box as the table lays it (a scripting zone's scale is its size), under the layout's key and words."""
    return Area(layout.TAG_PREFIX, key, layout.AREAS[key].label, zone.position, zone.scale)


# --- the game's reading ----------------------------------------------------------------------------------------


def _read(
    view: TableView,
    data: HolasData,
    pieces: list[tuple[str, TableObject]],
    zones: dict[str, TableObject],
    problems: list[Problem],
) -> None:
    """Every piece's place: a zone's, else the region of the map under it."""
    map_, state = view.map, view.state

    def where(obj: TableObject) -> str | None:
        zone = next((k for k, z in zones.items() if z.encloses(obj.position)), None)
        if zone is not None:
            return zone
        point = layout.to_map(map_, view.board, obj.position)
        region = layout.region_at(map_, point)
        if region is None:
            what = "on a region border" if layout.on_border(map_, point) else "off the map and outside every zone"
            problems.append(Problem(f"a piece {what}: put it inside one region", obj))
        else:
            view.crowd[region] += 1
        return region

    regions = {r.id for r in map_.regions}
    _bot_pieces(pieces, data, view, where, regions, problems)
    _player_pieces(pieces, data, view, where)
    for obj in (obj for role, obj in pieces if role == "token"):
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


def _bot_pieces(
    pieces: list[tuple[str, TableObject]],
    data: HolasData,
    view: TableView,
    where: Where,
    regions: set[str],
    problems: list[Problem],
) -> None:
    state = view.state
    ids = unit_ids(data)
    bots = [(role.partition(":")[2], obj) for role, obj in pieces if role.startswith(("unit:", "bot:"))]
    vessels = [(uid, obj) for uid, obj in bots if uid in ids and ids[uid] in VESSELS]
    aboard: dict[str, list[str]] = {}
    capitals: list[str] = []
    for who, obj in bots:
        kind = str(ids.get(who, who))  # a unit's type, or "tower", "capital"
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
                problems.append(
                    Problem(f"the bot's {kind} stands in {layout.AREAS[place].label}: put it in a region", obj)
                )
            continue
        if place not in regions and place not in ("courtyard", "supply"):
            problems.append(
                Problem(f"a bot mini in {layout.AREAS[place].label}: put it in a region or the Courtyard", obj)
            )
            continue
        carrier = _carrier(obj, vessels)
        unit = Unit(who, ids[who], place, carrier[0] if carrier else None)
        state.units.append(unit)
        view.units[unit.id] = obj.guid
        view.positions[unit.id] = obj.position
        if carrier is not None:
            aboard.setdefault(carrier[1].guid, []).append(unit.id)
    for uid, v in vessels:
        room = data.faction.units[ids[uid]].capacity
        if len(aboard.get(v.guid, [])) > room:
            problems.append(Problem(f"a vessel with {len(aboard[v.guid])} minis aboard; it carries {room}", v))
    for unit_id, n in Counter(u.id for u in state.units).items():
        if n > 1:
            problems.append(Problem(f"two bot minis play {unit_id!r} (role 'unit:{unit_id}')"))
    if len(capitals) == 1:
        state.capital = capitals[0]
    elif state.destroyed == "bot" and not capitals:
        state.capital = ""
    else:
        what = "is on no region" if not capitals else f"is in {len(capitals)} regions: {', '.join(capitals)}"
        problems.append(Problem(f"the bot's Capital (role 'bot:capital') {what}"))


def _carrier(obj: TableObject, vessels: list[tuple[str, TableObject]]) -> tuple[str, TableObject] | None:
    """The vessel a mini rests on: the highest one below it (vessels may stand stacked), then the nearest."""
    under = [
        (uid, v)
        for uid, v in vessels
        if v is not obj and v.position.distance_xz(obj.position) < layout.ABOARD and obj.position.y > v.position.y + 0.2
    ]
    return max(under, key=lambda u: (u[1].position.y, -u[1].position.distance_xz(obj.position)), default=None)


def _player_pieces(pieces: list[tuple[str, TableObject]], data: HolasData, view: TableView, where: Where) -> None:
    state = view.state
    state.person.supply = {}  # read: empty when nothing is left in it
    for role, obj in pieces:
        if not role.startswith("person:"):
            continue
        piece = role.partition(":")[2]
        place = where(obj)
        if place is None:
            continue
        view.person[obj.guid] = (piece, place)
        if piece == "capital":
            view.markers["capital.you"] = obj.guid
        if place == "player.supply":
            state.person.supply[piece] = state.person.supply.get(piece, 0) + 1
        if piece == "capital" and place == "destroyed":
            state.destroyed = "you"
        if place in layout.AREAS:
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


def _cards(cast: Cast, view: TableView, zones: dict[str, TableObject], problems: list[Problem]) -> None:
    """Each pile's cards, top first: loose cards by height, a deck's in its order."""
    state = view.state
    piles: dict[str, list[str]] = {}
    for key in PILES:
        objs = sorted(
            (o for o in cast.table if zones[key].encloses(o.position) and (o.type == "Deck" or _card(cast, o))),
            key=lambda o: -o.position.y,
        )
        ids: list[str] = []
        for obj in objs:
            for card in obj.contents or (obj,):
                card_id = _card(cast, card)
                if card_id is None:
                    problems.append(
                        Problem(f"a card in {layout.AREAS[key].label} that is no solo card of the data", card)
                    )
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
    known = [key.partition(":")[2] for key in cast.spec.roles if key.startswith("card:")]
    for card_id in sorted(set(known) - set(seen)):
        problems.append(
            Problem(f"the solo card {card_id} is in none of the bot's piles (deck, discard, slots, battle)")
        )
    for card_id in sorted(k for k, n in seen.items() if n > 1):
        problems.append(Problem(f"the solo card {card_id} is there {seen[card_id]} times"))
    view.battle = piles["battle"]


def _card(cast: Cast, obj: TableObject) -> str | None:
    """The solo card's id ``obj`` plays, or None."""
    role = cast.role(obj) or ""
    return role.partition(":")[2] if role.startswith("card:") else None


def _markers(
    cast: Cast,
    view: TableView,
    data: HolasData,
    markers: dict[str, TableObject],
    zones: dict[str, TableObject],
    problems: list[Problem],
) -> None:
    state, areas = view.state, view.areas
    state.resources = {r: _spot(markers, r, areas[f"res.{r}"], layout.RESOURCE_SPOTS, problems) for r in RESOURCES}
    for resource in RESOURCES:
        token = cast.one(f"tax:{resource}")
        if token is None:
            state.tax[resource] = 0
            continue
        view.markers[f"tax.{resource}"] = token.guid
        slot = next((int(k[-1]) for k, z in zones.items() if k.startswith("tax.") and z.encloses(token.position)), None)
        if slot is None:
            problems.append(Problem(f"the {resource} Tax Track token is in no slot (4, 3, 2)", token))
        state.tax[resource] = slot or 0
    state.pts = _lapped(markers, areas, "score", problems)
    state.cc_space = _spot(markers, "cc", areas["cc"], len(data.faction.cc_track), problems)
    state.round = _lapped(markers, areas, "round", problems) + 1
    state.tactic = _spot(markers, "tactic", areas["tactic"], layout.TACTIC_SPOTS, problems)
    final = markers.get("final")
    if final is not None and zones["round"].encloses(final.position):
        # the round track's space, read as the first such round from the last one: a final round is the current
        # one or the next (L208), and the game over the round after
        space = _nearest(final, areas["round"], layout.ROUND_SPOTS, problems)
        state.final_round = state.round - 1 + (space - (state.round - 2)) % layout.ROUND_SPOTS
    prompt = markers.get("prompt")
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
        problems.append(
            Problem(f"{layout.AREAS['battle'].label} holds {battle or 'nothing'}; it should hold {expected}")
        )


def _lapped(markers: dict[str, TableObject], areas: dict[str, Area], key: str, problems: list[Problem]) -> int:
    """A lapped track's value: its marker's space, and its lap marker's laps times the track's length (a marker
    missing is named where the markers are found)."""
    area, spots, _, _ = layout.LAPPED[key]
    laps = _spot(markers, f"{key}.lap", areas["laps"], layout.LAP_SPOTS, problems)
    return laps * spots + _spot(markers, key, areas[area], spots, problems)


def _person_side(view: TableView, data: HolasData, markers: dict[str, TableObject], problems: list[Problem]) -> None:
    """Your markers (resources, score, final scoring), what the bot noted of your side at its last press (minis
    taken from your supply since must be paid for), and where your Capital stands against the bot's (L24)."""
    person, areas = view.state.person, view.areas
    for resource in RESOURCES:
        key = f"you.{resource}"
        if key in markers:
            person.resources[resource] = _spot(
                markers, key, areas[f"you.res.{resource}"], layout.RESOURCE_SPOTS, problems
            )
    person.pts = _lapped(markers, areas, "you.score", problems)
    problems += _scored(view, markers)
    note = markers.get("ledger")
    if note is not None and note.gm_notes.strip():
        try:
            noted = Ledger.from_json(note.gm_notes)
        except ValidationError as exc:
            what = first_error(exc, "the notes")
            problems.append(Problem(f"its GM Notes are not the bot's note of your side ({what}): clear them", note))
        else:
            problems += [Problem(text) for text in _unpaid(data, view, noted)]
    problems += [Problem(text) for text in _capitals(data, view.state)]


def _scored(view: TableView, markers: dict[str, TableObject]) -> list[Problem]:
    """Your final-scoring marker: on 'done', your end-of-game points are on your score marker (L208), and the end
    names the winner from both markers; put there before the game is over, it would name one too early."""
    problems: list[Problem] = []
    marker = markers.get("scored")
    if marker is None:
        return problems
    s = view.state
    s.scored = _spot(markers, "scored", view.areas["scored"], layout.SCORED_SPOTS, problems) == 1
    if s.scored and not rules.over(s):
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
        price = rules.tower_cost(data, away) if kind == "tower" else rules.unit_cost(data, kind)
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
    if theirs != yours and theirs is not None and yours is not None and rules.continents_adjacent(data, theirs, yours):
        return []
    why = "on your own continent" if theirs == yours else "on a continent not next to yours"
    return [
        f"the bot's Capital City in {s.capital} is {why} ({yours}): {lines.SET_UP}; move it to a Capital site of a "
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


def _spot(markers: dict[str, TableObject], key: str, area: Area, spots: int, problems: list[Problem]) -> int:
    """The space of ``area``'s track the marker ``key`` stands on (0 for a marker missing: named already)."""
    marker = markers.get(key)
    return _nearest(marker, area, spots, problems) if marker is not None else 0
