"""A table read back into the Enemy's state, with every problem named: a mini on a region border or off the map,
a vessel with too many minis aboard, an unknown card, a lost marker or zone."""

from __future__ import annotations

from collections import Counter

from bridge.table import Table, TableObject
from engines.base import Problem, ReadError
from engines.holas.data_model import HolasData, UnitType
from engines.holas.state import RESOURCES, PlayerArmy, State, Unit
from engines.holas.table import layout as L
from engines.tablekit import Area, one_tagged, zones

UNIT_TYPES: tuple[UnitType, ...] = ("hero", "warrior", "serf", "air_vessel", "sea_vessel")


def read_table(table: Table, data: HolasData, capital: str) -> State:
    problems: list[Problem] = []
    found = zones(table, L.AREAS)
    board = one_tagged(table, L.BOARD_TAG, "board", problems)
    if board is None:
        raise ReadError(problems)
    map_ = data.map

    def where(obj: TableObject) -> str | None:
        zone = next((k for k, z in found.items() if z.encloses(obj.position)), None)
        if zone is not None:
            return zone
        point = L.to_map(map_, board.transform, obj.position)
        region = L.region_at(map_, point)
        if region is None:
            what = "on a region border" if L.on_border(map_, point) else "off the map and outside every zone"
            problems.append(Problem(f"a piece {what}: put it inside one region", obj))
        return region

    state = State(units=[], capital=capital, deck=[])
    bots = [o for o in table.with_tag(L.BOT_TAG)]
    vessels = [o for o in bots if any(o.has_tag(L.tag("bot", v)) for v in ("air_vessel", "sea_vessel"))]
    aboard: dict[str, list[str]] = {}
    for obj in bots:
        kind: str | None = next((t for t in (*UNIT_TYPES, "tower") if obj.has_tag(L.tag("bot", t))), None)
        if kind is None:
            problems.append(Problem("a bot piece without its type tag (holas.bot.hero, .warrior, ...)", obj))
            continue
        place = where(obj)
        if place is None:
            continue
        if kind == "tower":
            state.towers.append(place)
            continue
        carrier = next(
            (
                v
                for v in vessels
                if v is not obj
                and v.position.distance_xz(obj.position) < L.ABOARD
                and obj.position.y > v.position.y + 0.2
            ),
            None,
        )
        unit_type = next(t for t in UNIT_TYPES if t == kind)
        unit = Unit(obj.gm_notes.strip() or f"{kind}?", unit_type, place, carrier.gm_notes.strip() if carrier else None)
        state.units.append(unit)
        if carrier is not None:
            aboard.setdefault(carrier.guid, []).append(unit.id)
    for v in vessels:
        vessel_type: UnitType = "air_vessel" if v.has_tag(L.tag("bot", "air_vessel")) else "sea_vessel"
        room = data.faction.units[vessel_type].capacity
        if len(aboard.get(v.guid, [])) > room:
            problems.append(Problem(f"a vessel with {len(aboard[v.guid])} minis aboard; it carries {room}", v))
    ids = Counter(u.id for u in state.units)
    for unit_id, n in ids.items():
        if n > 1:
            problems.append(Problem(f"two bot minis say {unit_id!r} in their GM Notes"))
    units = data.faction.units
    for obj in table.with_tag(L.PLAYER_TAG):
        piece: str | None = next(
            (t for t in (*UNIT_TYPES, "tower", "capital") if obj.has_tag(L.tag("player", t))), None
        )
        place = where(obj)
        if piece is None or place is None:
            continue
        if piece == "sea_vessel":
            state.player_sea = place
            continue
        army = state.player.setdefault(place, PlayerArmy(0))
        if piece in ("tower", "capital"):
            army.structure = True  # H6: a structure counts with the units
        else:
            army.ns += next(u.ns for k, u in units.items() if k == piece)
    for obj in table.with_tag(L.TOKEN_TAG):
        place = where(obj)
        if place == "tokens":
            state.collected += 1
        elif place is not None:
            state.tokens.add(place)
    known = {c.id for c in data.cards.cards}
    for key in ("deck", "discard", "slot1", "slot2", "slot3"):
        cards = [o for o in table.with_tag(L.CARD_TAG) if found[key].encloses(o.position)]
        ids_in = [c.gm_notes.strip() for o in cards for c in (o.contents or (o,))]
        for card_id in ids_in:
            if card_id not in known:
                problems.append(Problem(f"a card whose GM Notes {card_id!r} name no solo card of the data"))
        ids_in = [i for i in ids_in if i in known]
        if key in ("deck", "discard"):
            setattr(state, key, ids_in)
        else:
            state.slots[int(key[-1]) - 1] = ids_in[0] if ids_in else None
    state.resources = {r: _spot(table, r, L.AREAS[f"res.{r}"], L.RESOURCE_SPOTS, problems) for r in RESOURCES}
    for resource in RESOURCES:
        token = one_tagged(table, L.tag("tax", resource), f"{resource} Tax Track token", problems)
        slot = next(
            (int(k[-1]) for k, z in found.items() if k.startswith("tax.") and token and z.encloses(token.position)),
            None,
        )
        if token is not None and slot is None:
            problems.append(Problem(f"the {resource} Tax Track token is in no slot (4, 3, 2)", token))
        state.tax[resource] = slot or 0
    state.pts = _spot(table, "score", L.AREAS["score"], L.SCORE_SPOTS, problems)
    state.cc_space = _spot(table, "cc", L.AREAS["cc"], len(data.faction.cc_track), problems)
    state.round = _spot(table, "round", L.AREAS["round"], L.ROUND_SPOTS, problems) + 1
    final = one_tagged(table, L.tag("marker", "final"), "final-round marker", problems)
    if final is not None and found["round"].encloses(final.position):
        state.final_round = _nearest(final, L.AREAS["round"], L.ROUND_SPOTS) + 1
    if problems:
        raise ReadError(problems)
    return state


def _nearest(obj: TableObject, area: Area, spots: int) -> int:
    return min(range(spots), key=lambda i: abs(obj.position.x - area.spot(i, spots).x))


def _spot(table: Table, what: str, area: Area, spots: int, problems: list[Problem]) -> int:
    marker = one_tagged(table, L.tag("marker", what), f"{what} marker", problems)
    return _nearest(marker, area, spots) if marker is not None else 0
