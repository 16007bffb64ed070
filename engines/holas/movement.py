"""Where the Enemy's movers go, worked out before anything moves: a land army's step by the compass, an Air
Vessel's flight, a Sea Vessel's voyage, and the regions an Attack reaches. Each answer is a :class:`Route`: the
regions entered one leg at a time with the kind of link crossed, where it stops for a battle, and why it stopped
short. The Enemy (``bot.py``) then carries it out leg by leg: tokens, resources and battles on the way."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Literal

from engines.holas.data_model import Edge, MapData, Region
from engines.holas.rules import MAX_UNITS
from engines.holas.state import State, Unit

Mover = Literal["land_army", "air_vessel", "sea_vessel"]
LegKind = Literal["land", "ferry", "air", "sea", "graticule", "undock", "dock"]
LEG_STEP: dict[LegKind, str] = {
    "land": "move",
    "ferry": "move",
    "air": "fly",
    "sea": "sail",
    "graticule": "sail",
    "undock": "undock",
    "dock": "dock",
}
LEG_VERB: dict[LegKind, str] = {
    "land": "moves to",
    "ferry": "takes the Ferry Route to",
    "air": "flies to",
    "sea": "sails to",
    "graticule": "sails across the Graticule to",
    "undock": "puts to sea in",
    "dock": "docks at",
}


@dataclass(frozen=True)
class Leg:
    """One region entered: ``how`` names the link crossed (``undock``/``dock``: between a Shore and its sea)."""

    to: str
    how: LegKind


@dataclass(frozen=True)
class Route:
    """A mover's way from ``start``: the legs in order; ``battle``: the region where it stops to fight (its last
    leg's); ``stopped``: why it went no further than its legs ("" when it used its whole move)."""

    mover: Mover
    start: str
    legs: tuple[Leg, ...] = ()
    battle: str | None = None
    stopped: str = ""

    @property
    def end(self) -> str:
        return self.legs[-1].to if self.legs else self.start


class Geometry:
    """A map side's regions and links, looked up by id: neighbours in clockwise order from a bearing."""

    def __init__(self, map_: MapData) -> None:
        self.map = map_
        self.region: dict[str, Region] = {r.id: r for r in map_.regions}
        self._edges: dict[str, list[tuple[Edge, str, tuple[float, float]]]] = {r.id: [] for r in map_.regions}
        for e in map_.edges:
            self._edges[e.a].append((e, e.b, e.arc_a))
            self._edges[e.b].append((e, e.a, e.arc_b))
        self._afloat = {r: _without_ferries(edges) for r, edges in self._edges.items()}

    def sea(self, region: str) -> bool:
        return self.region[region].kind == "sea"

    def edges_of(self, region: str) -> list[tuple[Edge, str, tuple[float, float]]]:
        """(edge, the neighbour, the arc seen from ``region``) for each edge of ``region``."""
        return self._edges[region]

    def clockwise_from(self, region: str, bearing: float, *, ferries: bool = True) -> list[tuple[Edge, str]]:
        """The region's neighbours in the order met sweeping clockwise from ``bearing``: first the arc holding it;
        of Ferry Route branches in line, the one without a Graticule first (L160). ``ferries`` false: for a vessel,
        which never takes a Ferry Route (L171), a ferry's arc belongs to the sea it runs across."""
        edges = self._edges[region] if ferries else self._afloat[region]
        order = sorted(edges, key=lambda x: (_offset(x[2], bearing), x[0].graticule))
        return [(e, other) for e, other, _ in order]

    def land_distance(self, start: str, goal: str) -> int | None:
        """Steps from ``start`` to ``goal`` by land and Ferry links (None: not joined so)."""
        seen, ring, n = {start}, [start], 0
        while ring:
            if goal in ring:
                return n
            ring = [d for r in ring for e, d, _ in self._edges[r] if e.kind in ("land", "ferry") and d not in seen]
            seen.update(ring)
            n += 1
        return None

    def leg_kind(self, frm: str, to: str) -> LegKind:
        """How a land army goes from ``frm`` to the neighbour ``to``: along a Ferry Route (L158) or overland."""
        return "ferry" if any(e.kind == "ferry" and d == to for e, d, _ in self._edges[frm]) else "land"

    def in_line(self, region: str, bearing: float) -> list[tuple[Edge, str]]:
        """The links whose arc, seen from ``region``, holds ``bearing`` itself (no turning)."""
        return [(e, other) for e, other, arc in self._edges[region] if _offset(arc, bearing) < 0]


def _without_ferries(
    edges: list[tuple[Edge, str, tuple[float, float]]],
) -> list[tuple[Edge, str, tuple[float, float]]]:
    """A region's links less its Ferry Routes, each ferry's arc given back to the one sea link it borders: the map
    maker gives a ferry in line with a sea the clockwise half of the sea's arc, so an arrow along the ferry points
    over that sea, which is where a mover that takes no ferry goes (issue 41 item 9). The sea link whose arc ends
    where the ferry's begins takes it; only where none does, the one beginning where it ends (never both, which
    left two seas holding one bearing)."""
    out = [(e, other, arc) for e, other, arc in edges if e.kind != "ferry"]
    afloat = [i for i, (e, _, _) in enumerate(out) if e.kind in ("shore", "sea", "graticule")]
    for start, end in sorted({(arc[0] % 360, arc[1] % 360) for e, _, arc in edges if e.kind == "ferry"}):
        before = [i for i in afloat if out[i][2][1] % 360 == start]
        after = [i for i in afloat if out[i][2][0] % 360 == end]
        for i in before[:1] or after[:1]:
            e, other, (lo, hi) = out[i]
            out[i] = (e, other, (lo, end) if before else (start, hi))
    return out


def _offset(arc: tuple[float, float], bearing: float) -> float:
    start, end = arc[0] % 360, arc[1] % 360
    inside = (start <= bearing < end) if start < end else (bearing >= start or bearing < end)
    return -1.0 if inside else (start - bearing) % 360


def closed_to(state: State, region: str, moving: Collection[Unit]) -> str:
    """Why a hero's movers may not enter ``region`` ("" if they may): the bot's own Capital, another of its Heroes
    there (L148 "only 1 Enemy Faction Hero per Region"), or more than 5 bot units with them (H8)."""
    if region == state.capital:
        return "its own Capital"
    ids = {u.id for u in moving}
    there = [u for u in state.units if u.where == region and u.id not in ids]
    if any(u.type == "hero" for u in there):
        return "another of its Heroes"
    if len(there) + len(moving) > MAX_UNITS:
        return "over 5 units"
    return ""


def land_step(
    geo: Geometry, state: State, start: str, army: list[Unit], bearing: float, *, leave_excess: bool = False
) -> tuple[Route, list[Unit]]:
    """A land army's one step (L126-L130): the neighbour whose arc holds the compass bearing, else the next
    clockwise that it may enter: land, or across a Ferry Route (L158); never its own Capital or another of its
    Heroes' regions (L148); not over 5 units (H8, or with ``leave_excess`` the hero goes and the excess stays).
    The route and the units that go."""
    hero = [u for u in army if u.type == "hero"]
    for edge, dest in geo.clockwise_from(start, bearing):
        if geo.sea(dest):
            continue
        why = closed_to(state, dest, hero)
        if why:
            continue
        room = MAX_UNITS - sum(1 for u in state.units if u.where == dest)
        if len(army) > room and (not leave_excess or room < 1):
            continue
        moving = sorted(army, key=lambda u: u.type != "hero")[:room]
        how: LegKind = "ferry" if edge.kind == "ferry" else "land"
        return Route("land_army", start, (Leg(dest, how),)), moving
    return Route("land_army", start, stopped="every neighbour is sea or closed to it"), []


def flight(
    geo: Geometry, state: State, start: str, movers: list[Unit], bearing: float, speed: int, held: Collection[str]
) -> Route:
    """An Air Vessel's flight (L170-L177): ``speed`` steps by the compass, turning clockwise past what it may not
    enter; no Ferry Routes or Graticules (L171); across the sea but never stopping there (L173): where its last
    step would end at sea it does not go there and instead enters the next land region clockwise (L175); it
    stops on entering a region the person holds (``held``), for a battle (L177)."""
    legs: list[Leg] = []
    region = start
    for step in range(speed):
        last = step == speed - 1
        ways = [
            d
            for e, d in geo.clockwise_from(region, bearing, ferries=False)
            if e.kind in ("land", "sea", "shore") and not closed_to(state, d, movers)
        ]
        if last:
            ways = [d for d in ways if not geo.sea(d)]
        else:
            ways = [d for d in ways if not geo.sea(d) or _onward(geo, state, d, movers, speed - step - 1)]
        if not ways:
            return Route("air_vessel", start, tuple(legs), stopped=_short(geo, region, "fly"))
        region = ways[0]
        legs.append(Leg(region, "air"))
        if region in held:
            return Route("air_vessel", start, tuple(legs), battle=region)
    return Route("air_vessel", start, tuple(legs))


def _onward(geo: Geometry, state: State, sea: str, movers: list[Unit], steps: int) -> bool:
    """Whether an Air Vessel entering ``sea`` could still reach a land region it may enter within the ``steps`` it
    has left, crossing only sea (it may not stop there, L173; it may cross more than one sea region, H14)."""
    ring, seen = [sea], {sea}
    for _ in range(steps):
        ahead = [d for r in ring for e, d in geo.clockwise_from(r, 0) if e.kind in ("sea", "shore") and d not in seen]
        ahead = [d for d in ahead if not closed_to(state, d, movers)]
        if any(not geo.sea(d) for d in ahead):
            return True
        seen.update(ahead)
        ring = ahead
    return False


def _short(geo: Geometry, region: str, verb: str) -> str:
    return f"no region it may {verb} to from {region}"


def voyage(
    geo: Geometry,
    state: State,
    start: str,
    movers: list[Unit],
    bearing: float,
    speed: int,
    armies: Mapping[str, int],
) -> Route:
    """A Sea Vessel's voyage (L179-L190): undocking is free (L182), into the sea the compass points to, turning
    clockwise; then ``speed`` steps through Sea regions by the compass, bending clockwise (L190), across a
    Graticule only straight on in the card's direction (L180); it stops where the person's Sea Vessel is and
    battles (L184); at its end it docks, free, next to the person's weakest army and battles (L188), else on the
    Shore the compass points to (L186). Never into a region closed to it (L148, H8); it may stay at sea."""
    legs: list[Leg] = []
    region = start
    if not geo.sea(start):
        seas = [
            d
            for _, d in geo.clockwise_from(start, bearing, ferries=False)
            if geo.sea(d) and not closed_to(state, d, movers)
        ]
        if not seas:
            return Route("sea_vessel", start, stopped=f"no sea next to {start} to put to")
        region = seas[0]
        legs.append(Leg(region, "undock"))
    for _ in range(speed):
        if region == state.player_sea:
            return Route("sea_vessel", start, tuple(legs), battle=region)
        straight = {d for e, d in geo.in_line(region, bearing) if e.kind == "graticule"}
        ahead = [
            (e, d)
            for e, d in geo.clockwise_from(region, bearing)
            if (e.kind == "sea" or (e.kind == "graticule" and d in straight)) and not closed_to(state, d, movers)
        ]
        if not ahead:
            break
        edge, region = ahead[0]
        legs.append(Leg(region, "graticule" if edge.kind == "graticule" else "sea"))
    if region == state.player_sea:
        return Route("sea_vessel", start, tuple(legs), battle=region)
    shores = [
        d
        for _, d in geo.clockwise_from(region, bearing, ferries=False)
        if not geo.sea(d) and not closed_to(state, d, movers)
    ]
    held = [d for d in shores if d in armies]
    if held:
        dock = min(held, key=lambda d: armies[d])
        return Route("sea_vessel", start, (*legs, Leg(dock, "dock")), battle=dock)
    if shores:
        return Route("sea_vessel", start, (*legs, Leg(shores[0], "dock")))
    return Route("sea_vessel", start, tuple(legs), stopped=f"no Shore it may dock at from {region}")


def within_two(
    geo: Geometry, state: State, start: str, bearing: float, army: list[Unit], *, graph: bool = False
) -> dict[str, list[str]]:
    """The land regions ``army`` reaches in an Attack, in one or two steps (H4), each with its shortest path: by
    land and ferry links, never into the bot's Capital, another of its Heroes' regions or over 5 units (H8), and the
    step between free of the person's units; among paths of one length, the first step met clockwise from the
    compass. ``graph``: H4's alternative, plain graph distance with no blockers."""

    def steps(region: str) -> list[str]:
        if graph:
            return [d for _, d in geo.clockwise_from(region, bearing)]
        return [
            d
            for e, d in geo.clockwise_from(region, bearing)
            if e.kind in ("land", "ferry") and not geo.sea(d) and not closed_to(state, d, army)
        ]

    paths: dict[str, list[str]] = {d: [d] for d in steps(start)}
    for first in list(paths):
        if not graph and first in state.player:
            continue  # the step between may not hold the person's units
        for second in steps(first):
            if second != start:
                paths.setdefault(second, [first, second])
    return {d: p for d, p in paths.items() if not geo.sea(d)}
