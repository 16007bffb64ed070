# Heroes of Land, Air & Sea (the solo Enemy's movement): an independent reference, copied unchanged in its logic
# from /work/oracles/holas_reference.py (its interface: holas_interface.md beside this file). It was written by a
# helper from the rule text alone (shared/rules/002_8a6d1316918f60f4.txt) and the spec's list of ambiguities
# (shared/games/holas.md), without seeing the engine (engines/holas). tests/holas/test_oracle.py plays both on the
# same seeded random positions and compares them. Only its layout was changed here (ruff format, the project's line
# length); do not change its logic to make a test pass.
"""Reference ("oracle") of how the solo Enemy's Heroes move in Heroes of Land, Air & Sea.

Written only from the rule text 002_8a6d1316918f60f4.txt and the digest games/holas.md, to check
the project's bot against an independent reading. ``Lnnn`` is a line of that rule text (L1 =
its first line); ``Hn`` is an ambiguity of the digest. Where the text leaves a choice open, every
admissible outcome is returned; nothing is random. See holas_interface.md for the data.
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable
from typing import Literal, NotRequired, TypedDict

Owner = Literal["enemy", "player"]
Kind = Literal["hero", "warrior", "serf", "air_vessel", "sea_vessel", "tower", "capital"]
LinkKind = Literal["adjacent", "ferry", "graticule"]
BEARING: dict[str, float] = {
    "N": 0.0, "NE": 45.0, "E": 90.0, "SE": 135.0, "S": 180.0, "SW": 225.0, "W": 270.0, "NW": 315.0,
}  # fmt: skip
VESSELS = ("air_vessel", "sea_vessel")
UNIT_LIMIT = 5  # base game: 5 units per faction per region (L66)


class Link(TypedDict):
    to: str
    kind: LinkKind
    arc: list[float]  # [start, end): degrees clockwise from board north, seen from this centre
    graticule: NotRequired[bool]  # ferry branch only: the branch wraps over a Graticule (L160)


class Region(TypedDict):
    id: str
    kind: Literal["land", "sea"]
    resource: Literal["ore", "mana", "food"] | None
    tokens: int  # face-down Exploration Tokens
    center: list[float]  # [x, y], y pointing to board north
    links: list[Link]


class GameMap(TypedDict):
    regions: list[Region]
    enemy_capital: str  # the Enemy's Capital region; its units are "in the Courtyard"


class Unit(TypedDict):
    id: str
    owner: Owner
    kind: Kind
    region: str
    aboard: str | None  # id of the Vessel carrying this unit


class State(TypedDict):
    map: GameMap
    units: list[Unit]
    ns: dict[str, dict[str, int]]  # owner -> kind -> Natural Strength


class Step(TypedDict):
    region: str
    mover: Literal["army", "air_vessel", "sea_vessel"]
    via: Literal["adjacent", "ferry", "graticule", "undock", "dock"]


class TokenTake(TypedDict):
    region: str
    count: int


class Placement(TypedDict):
    region: str
    aboard: str | None


class Outcome(TypedDict):
    path: list[Step]  # regions entered, in order
    tokens: list[TokenTake]  # Exploration Tokens taken, in order (L154)
    resources: list[str]  # resources gained on entering (L194)
    resource_if_win: str | None  # resource of the battle region, only if the Enemy wins (L196)
    battle: str | None  # region where a battle starts
    boarded: list[str]  # units that boarded a Vessel before moving (L146)
    units: dict[str, Placement]  # where every unit ends


def bearing(a: list[float], b: list[float]) -> float:
    """Degrees clockwise from north of the line from centre a to centre b."""
    return math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])) % 360.0


def _deg(compass: str) -> float:
    if compass not in BEARING:
        raise ValueError(f"compass: {compass!r} is not one of {', '.join(BEARING)}")
    return BEARING[compass]


def _cw(start: float, to: float) -> float:
    return (to - start) % 360.0


def _in_arc(arc: list[float], deg: float) -> bool:
    return _cw(arc[0], deg) < _cw(arc[0], arc[1])


def sweep(region: Region, deg: float) -> list[list[Link]]:
    """Links met by a pointer turning clockwise from deg (L128, L142), grouped, nearest first.

    Arcs are half-open [start, end), so a pointer on a border takes the clockwise side (L130).
    """
    groups: dict[float, list[Link]] = {}
    for link in region["links"]:
        d = 0.0 if _in_arc(link["arc"], deg) else _cw(deg, link["arc"][0])
        groups.setdefault(round(d, 6), []).append(link)
    return [groups[d] for d in sorted(groups)]


def choose(region: Region, deg: float, legal: Callable[[Link], bool]) -> list[Link]:
    """The links the pointer settles on: the first group with a legal link; ferries win (L158),
    and of a Ferry Route's branches those without a Graticule (L160). Several left = a choice."""
    for group in sweep(region, deg):
        ok = [link for link in group if legal(link)]
        if not ok:
            continue
        ferries = [link for link in ok if link["kind"] == "ferry"]
        if ferries:
            return [f for f in ferries if not f.get("graticule", False)] or ferries
        return ok
    return []


class _Run:
    """One line of play being built; copied where the rules leave a choice."""

    def __init__(self, state: State) -> None:
        self.regions = {r["id"]: r for r in state["map"]["regions"]}
        self.capital = state["map"]["enemy_capital"]
        self.ns = state["ns"]
        self.units = {u["id"]: u for u in state["units"]}
        for u in state["units"]:
            if u["region"] not in self.regions:
                raise ValueError(f"unit {u['id']}: unknown region {u['region']!r}")
        for r in state["map"]["regions"]:
            for link in r["links"]:
                if link["to"] not in self.regions:
                    raise ValueError(f"region {r['id']}: link to unknown region {link['to']!r}")
        for u in state["units"]:
            v = u["aboard"]
            if v is not None and (
                v not in self.units or self.units[v]["kind"] not in VESSELS or self.units[v]["region"] != u["region"]
            ):
                raise ValueError(f"unit {u['id']}: aboard {v!r}, not a Vessel in {u['region']}")
        self.pos: dict[str, Placement] = {
            u["id"]: {"region": u["region"], "aboard": u["aboard"]} for u in state["units"]
        }
        self.tokens = {r["id"]: r["tokens"] for r in state["map"]["regions"]}
        self.out: Outcome = {
            "path": [], "tokens": [], "resources": [], "resource_if_win": None,
            "battle": None, "boarded": [], "units": self.pos,
        }  # fmt: skip
        self.stopped = False

    def where(self, uid: str) -> str:
        return self.pos[uid]["region"]

    def here(self, rid: str, owner: Owner) -> list[str]:
        return sorted(u for u, p in self.pos.items() if p["region"] == rid and self.owner(u) == owner)

    def owner(self, uid: str) -> Owner:
        return self.units[uid]["owner"]

    def kind(self, uid: str) -> Kind:
        return self.units[uid]["kind"]

    def aboard(self, vessel: str) -> list[str]:
        return sorted(u for u, p in self.pos.items() if p["aboard"] == vessel)

    def strength(self, uids: list[str]) -> int:
        total = 0
        for u in uids:
            table = self.ns.get(self.owner(u), {})
            if self.kind(u) not in table:
                raise ValueError(f"ns: no Natural Strength for {self.owner(u)} {self.kind(u)}")
            total += table[self.kind(u)]
        return total

    def player_controls(self, rid: str) -> bool:
        """Player units or a player structure in the region control it (base game)."""
        return bool(self.here(rid, "player"))

    def enterable(self, rid: str, movers: list[str]) -> bool:
        """Not the Enemy Capital, no other Enemy Hero (L148), at most 5 Enemy units (H8)."""
        if rid == self.capital:
            return False
        staying = [u for u in self.here(rid, "enemy") if u not in movers]
        if any(self.kind(u) == "hero" for u in staying):
            return False
        return len(staying) + len(movers) <= UNIT_LIMIT

    def enter(self, rid: str, movers: list[str], step: Step, can_battle: bool = True) -> bool:
        """Move the movers in; take tokens (L154); battle (L150) or gain the resource (L194)."""
        for u in movers:
            self.pos[u]["region"] = rid
        self.out["path"].append(step)
        if self.tokens[rid]:
            self.out["tokens"].append({"region": rid, "count": self.tokens[rid]})
            self.tokens[rid] = 0
        resource = self.regions[rid]["resource"]
        if can_battle and self.player_controls(rid):
            self.out["battle"] = rid
            self.out["resource_if_win"] = resource  # L196: battle first, resource if won
            self.stopped = True
            return True
        if resource is not None:
            self.out["resources"].append(resource)
        return False


def _dedupe(runs: list[_Run]) -> list[Outcome]:
    seen: dict[str, Outcome] = {}
    for r in runs:
        seen.setdefault(json.dumps(r.out, sort_keys=True), r.out)
    return list(seen.values())


def _land_army(run: _Run, hero: str) -> list[str]:
    """Who marches with the Hero: from the Courtyard L144, otherwise every Enemy unit there L126."""
    rid = run.where(hero)
    if rid != run.capital:
        return run.here(rid, "enemy")
    free = [u for u in run.here(rid, "enemy") if run.pos[u]["aboard"] is None]
    warriors = [u for u in free if run.kind(u) == "warrior"]
    serfs = [u for u in free if run.kind(u) == "serf"]
    room = UNIT_LIMIT - 1
    take_w = warriors[: room - (1 if serfs else 0)]
    return [hero, *take_w, *serfs[: room - len(take_w)]]


def _march(run: _Run, hero: str, deg: float) -> list[_Run]:
    """A land army moves 1 region (digest: the lost icon is 1), by the pointer (L126-L160)."""
    movers = _land_army(run, hero)
    region = run.regions[run.where(hero)]

    def legal(link: Link) -> bool:
        dest = run.regions[link["to"]]
        return link["kind"] != "graticule" and dest["kind"] == "land" and run.enterable(dest["id"], movers)

    runs = []
    for link in choose(region, deg, legal):
        r = copy.deepcopy(run)
        via: Literal["adjacent", "ferry"] = "ferry" if link["kind"] == "ferry" else "adjacent"
        r.enter(link["to"], movers, {"region": link["to"], "mover": "army", "via": via})
        runs.append(r)
    return runs or [run]  # no legal region at all: the army stays


def _fly(run: _Run, vessel: str, deg: float, speed: int) -> list[_Run]:
    """Air Vessel (L170-L177): no ferries or graticules; may cross Sea but not stop there."""
    movers = [vessel, *run.aboard(vessel)]
    frontier = [run]
    for step in range(speed):
        last = step == speed - 1
        frontier = [n for r in frontier for n in ([r] if r.stopped else _fly_step(r, movers, deg, last))]
    return frontier


def _fly_step(run: _Run, movers: list[str], deg: float, last: bool) -> list[_Run]:
    """One region on; on the last step only Land counts (L175: "the next clockwise Land Region")."""

    def legal(link: Link) -> bool:
        dest = run.regions[link["to"]]
        if link["kind"] != "adjacent" or not run.enterable(dest["id"], movers):
            return False
        return dest["kind"] == "land" or not last

    out = []
    for link in choose(run.regions[run.where(movers[0])], deg, legal):
        c = copy.deepcopy(run)
        land = c.regions[link["to"]]["kind"] == "land"  # no stop at Sea, so no battle there
        c.enter(
            link["to"],
            movers,
            {"region": link["to"], "mover": "air_vessel", "via": "adjacent"},
            land,
        )
        out.append(c)
    if not out:
        run.stopped = True  # nowhere legal to fly: it stays
    return out or [run]


def _sail(run: _Run, vessel: str, deg: float, speed: int) -> list[_Run]:
    """Sea Vessel (L179-L190): undock free, sail through Sea, then dock."""
    movers = [vessel, *run.aboard(vessel)]

    def sea(r: _Run, undock: bool) -> Callable[[Link], bool]:
        def legal(link: Link) -> bool:
            if r.regions[link["to"]]["kind"] != "sea" or not r.enterable(link["to"], movers):
                return False
            if link["kind"] == "graticule":  # L180: only straight on in the card's direction
                return not undock and _in_arc(link["arc"], deg)
            return link["kind"] == "adjacent"

        return legal

    def step(r: _Run, undock: bool) -> list[_Run]:
        """Every way to go one region on; none means it stays where it is."""
        out = []
        for link in choose(r.regions[r.where(vessel)], deg, sea(r, undock)):
            c = copy.deepcopy(r)
            how: Literal["adjacent", "graticule", "undock"] = "undock" if undock else "adjacent"
            if link["kind"] == "graticule":
                how = "graticule"
            c.enter(link["to"], movers, {"region": link["to"], "mover": "sea_vessel", "via": how})  # L184
            out.append(c)
        return out

    frontier = [run]
    if run.regions[run.where(vessel)]["kind"] == "land":  # L182: undocking uses no movement
        frontier = step(run, True)
        if not frontier:
            return [run]  # not on a Shore: nowhere to sail
    for _ in range(speed):
        frontier = [n for r in frontier for n in ((step(r, False) if not r.stopped else []) or [r])]
    return [d for r in frontier for d in _dock(r, vessel, movers, deg)]


def _dock(run: _Run, vessel: str, movers: list[str], deg: float) -> list[_Run]:
    """End of sailing: dock by the weakest adjacent player army (L188), else by the compass (L186)."""
    if run.out["battle"] is not None:
        return [run]  # the battle at sea (L184) ends the move
    region = run.regions[run.where(vessel)]
    shores = [
        link for link in region["links"]
        if link["kind"] == "adjacent" and run.regions[link["to"]]["kind"] == "land"
        and run.enterable(link["to"], movers)
    ]  # fmt: skip
    targets = [link for link in shores if run.player_controls(link["to"])]
    if targets:
        low = min(run.strength(run.here(t["to"], "player")) for t in targets)
        chosen = [t for t in targets if run.strength(run.here(t["to"], "player")) == low]
    else:
        chosen = choose(region, deg, lambda link: link in shores)
    runs = []
    for link in chosen:
        c = copy.deepcopy(run)
        c.enter(link["to"], movers, {"region": link["to"], "mover": "sea_vessel", "via": "dock"})
        runs.append(c)
    return runs or [run]  # no Shore to dock at: it stays at sea


def _vessel(run: _Run, vessel: str, deg: float, speed: int) -> list[_Run]:
    if run.kind(vessel) == "air_vessel":
        return _fly(run, vessel, deg, speed)
    return _sail(run, vessel, deg, speed)


def hero_move(state: State, hero: str, compass: str, speed: int = 3) -> list[Outcome]:
    """The move of a Hero whose action failed, or after Tax (L122-L190). speed: Vessel speed (H3)."""
    run = _Run(state)
    deg = _deg(compass)
    carrier = run.pos[hero]["aboard"]
    if carrier is not None:
        return _dedupe(_vessel(run, carrier, deg, speed))  # L162-L166
    rid = run.where(hero)
    empty = [
        v for v in run.here(rid, "enemy")
        if run.kind(v) in VESSELS and not run.aboard(v) and run.pos[v]["aboard"] is None
    ]  # fmt: skip
    if not empty:
        return _dedupe(_march(run, hero, deg))
    runs: list[_Run] = []
    for v in empty:  # L146: board the empty Vessel with 1 other unit, Warriors before Serfs
        r = copy.deepcopy(run)
        free = [u for u in r.here(rid, "enemy") if r.pos[u]["aboard"] is None]
        other = [u for k in ("warrior", "serf") for u in free if r.kind(u) == k][:1]
        for u in [hero, *other]:
            r.pos[u]["aboard"] = v
            r.out["boarded"].append(u)
        runs.extend(_vessel(r, v, deg, speed))
    return _dedupe(runs)


def attack(state: State, hero: str, compass: str) -> list[Outcome]:
    """Attack (L98-L104, H4-H6): empty list = the action fails (then the Hero moves)."""
    run = _Run(state)
    origin = run.where(hero)
    if run.regions[origin]["kind"] == "sea":
        return []  # H13
    army = _land_army(run, hero)
    own = run.strength(army)

    def nexts(rid: str) -> list[tuple[str, LinkKind]]:
        return [
            (link["to"], link["kind"]) for link in run.regions[rid]["links"]
            if link["kind"] in ("adjacent", "ferry") and run.regions[link["to"]]["kind"] == "land"
            and link["to"] != origin and run.enterable(link["to"], army)
        ]  # fmt: skip

    paths = [[a] for a in nexts(origin)]
    paths += [[a, b] for a in nexts(origin) if not run.player_controls(a[0]) for b in nexts(a[0])]
    best: dict[str, list[list[tuple[str, LinkKind]]]] = {}
    for p in paths:
        t = p[-1][0]
        if run.player_controls(t) and run.strength(run.here(t, "player")) <= own:
            if t not in best or len(p) < len(best[t][0]):
                best[t] = [p]
            elif len(p) == len(best[t][0]) and p not in best[t]:
                best[t].append(p)
    if not best:
        return []
    deg = _deg(compass)
    centre = run.regions[origin]["center"]

    def rank(t: str) -> tuple[int, float]:
        """Weakest first (L100), then clockwise from the arrow (L102, H5)."""
        turn = _cw(deg, bearing(centre, run.regions[t]["center"]))
        return run.strength(run.here(t, "player")), round(turn, 6)

    top = min(rank(t) for t in best)
    runs = []
    for t in sorted(t for t in best if rank(t) == top):
        for p in best[t]:
            r = copy.deepcopy(run)
            for rid, kind in p:
                via: Literal["adjacent", "ferry"] = "ferry" if kind == "ferry" else "adjacent"
                r.enter(rid, army, {"region": rid, "mover": "army", "via": via})
            runs.append(r)
    return _dedupe(runs)


# ---------------------------------------------------------------- self-check on hand-made maps


def _region(rid: str, kind: Literal["land", "sea"], x: float, y: float, res: str | None = None, tok: int = 0) -> Region:
    resource: Literal["ore", "mana", "food"] | None = None
    if res in ("ore", "mana", "food"):
        resource = res  # type: ignore[assignment]
    return {
        "id": rid,
        "kind": kind,
        "resource": resource,
        "tokens": tok,
        "center": [x, y],
        "links": [],
    }


def _around(d: float, half: float = 22.5) -> list[float]:
    return [(d - half) % 360.0, (d + half) % 360.0]


def _map(regions: list[Region], pairs: list[tuple[str, str]], capital: str = "CAP") -> GameMap:
    """Join each pair both ways, each arc 45 degrees around the centre-to-centre bearing."""
    by = {r["id"]: r for r in regions}
    for a, b in pairs:
        by[a]["links"].append({"to": b, "kind": "adjacent", "arc": _around(bearing(by[a]["center"], by[b]["center"]))})
        by[b]["links"].append({"to": a, "kind": "adjacent", "arc": _around(bearing(by[b]["center"], by[a]["center"]))})
    return {"regions": regions, "enemy_capital": capital}


def _u(uid: str, kind: Kind, region: str, owner: Owner = "enemy", aboard: str | None = None) -> Unit:
    return {"id": uid, "owner": owner, "kind": kind, "region": region, "aboard": aboard}


NS = {
    "enemy": {"hero": 3, "warrior": 2, "serf": 1, "air_vessel": 0, "sea_vessel": 0},
    "player": {
        "hero": 3,
        "warrior": 2,
        "serf": 1,
        "air_vessel": 0,
        "sea_vessel": 0,
        "tower": 1,
        "capital": 4,
    },
}


def _state(m: GameMap, units: list[Unit]) -> State:
    return {"map": m, "units": units, "ns": NS}


def _only(outs: list[Outcome]) -> Outcome:
    assert len(outs) == 1, outs
    return outs[0]


def _regions(o: Outcome) -> list[str]:
    return [s["region"] for s in o["path"]]


def _self_check() -> None:
    cap = _region("CAP", "land", 9, 9)
    # L128/L142: arrow N meets Sea, the pointer turns clockwise to the land NE; L154 + L194.
    m = _map([_region("C", "land", 0, 0), _region("N", "sea", 0, 1), _region("NE", "land", 1, 1, "ore", 1), cap],
             [("C", "N"), ("C", "NE")])  # fmt: skip
    o = _only(hero_move(_state(m, [_u("H1", "hero", "C"), _u("W1", "warrior", "C")]), "H1", "N"))
    assert _regions(o) == ["NE"] and o["resources"] == ["ore"] and o["tokens"] == [{"region": "NE", "count": 1}]
    assert o["units"]["W1"]["region"] == "NE"
    # L144 Courtyard army; L148 no other Hero's region, no way back into the Capital.
    m = _map([_region("CAP", "land", 0, 0), _region("N", "land", 0, 1), _region("E", "land", 1, 0, "food")],
             [("CAP", "N"), ("CAP", "E"), ("N", "E")])  # fmt: skip
    court = [_u(f"W{i}", "warrior", "CAP") for i in range(4)] + [
        _u("S0", "serf", "CAP"),
        _u("S1", "serf", "CAP"),
    ]
    units = [_u("H1", "hero", "CAP"), _u("H3", "hero", "CAP"), _u("H2", "hero", "N"), *court]
    o = _only(hero_move(_state(m, units), "H1", "N"))
    moved = sorted(u for u, p in o["units"].items() if p["region"] == "E")
    assert _regions(o) == ["E"] and moved == ["H1", "S0", "W0", "W1", "W2"], moved
    assert _regions(_only(hero_move(_state(m, units), "H2", "S"))) == ["E"]
    assert _regions(_only(hero_move(_state(m, [_u("H2", "hero", "N")]), "H2", "S"))) == ["E"]
    # L158/L160: an arrow along a Ferry Route takes it, and the branch without a Graticule.
    m = _map([_region("A", "land", 0, 0), _region("S", "sea", 1, 0), _region("B", "land", 2, 0, "mana"),
              _region("G", "land", -3, 0), cap], [("A", "S"), ("S", "B")])  # fmt: skip
    m["regions"][0]["links"] += [{"to": "G", "kind": "ferry", "arc": _around(90, 10), "graticule": True},
                                 {"to": "B", "kind": "ferry", "arc": _around(90, 10), "graticule": False}]  # fmt: skip
    o = _only(hero_move(_state(m, [_u("H1", "hero", "A")]), "H1", "E"))
    assert o["path"] == [{"region": "B", "mover": "army", "via": "ferry"}] and o["resources"] == ["mana"]
    # L146 boarding + L173/L175: Air Vessel crosses Sea, the last step at Sea turns to the next Land.
    m = _map([_region("P", "land", 0, 0), _region("Q", "land", 1, 0, "mana", 1), _region("X", "sea", 2, 0),
              _region("Y", "sea", 3, 0), _region("Z", "land", 3, -1, "food"), cap],
             [("P", "Q"), ("Q", "X"), ("X", "Y"), ("X", "Z")])  # fmt: skip
    units = [
        _u("H1", "hero", "P"),
        _u("W1", "warrior", "P"),
        _u("S1", "serf", "P"),
        _u("AV", "air_vessel", "P"),
    ]
    o = _only(hero_move(_state(m, units), "H1", "E"))
    assert _regions(o) == ["Q", "X", "Z"] and o["resources"] == ["mana", "food"] and o["boarded"] == ["H1", "W1"]
    assert o["units"]["W1"] == {"region": "Z", "aboard": "AV"} and o["units"]["S1"]["region"] == "P"
    # Two empty Vessels: the text does not say which one the Hero boards, so both outcomes.
    outs = hero_move(_state(m, [*units, _u("SV", "sea_vessel", "P")]), "H1", "E")
    assert sorted(o["units"]["H1"]["aboard"] or "" for o in outs) == ["AV", "SV"]
    # L177 + L196: the Air Vessel stops on entering a player region; resource only if it wins.
    units = [
        _u("H1", "hero", "P", aboard="AV"),
        _u("AV", "air_vessel", "P"),
        _u("p1", "warrior", "Q", "player"),
    ]
    o = _only(hero_move(_state(m, units), "H1", "E"))
    assert _regions(o) == ["Q"] and o["battle"] == "Q" and o["resource_if_win"] == "mana" and not o["resources"]
    # L180-L186: undock free, tokens at sea (L168), Graticule straight on, dock by the compass.
    m = _map(
        [
            _region("D", "land", 0, 0),
            _region("S1", "sea", 0, -1, tok=2),
            _region("S2", "sea", 0, -2),
            _region("G", "sea", 5, 5),
            _region("H", "sea", 5, 4),
            _region("K", "land", 4, 4, "ore"),
            _region("M", "land", 6, 4),
            cap,
        ],
        [("D", "S1"), ("S1", "S2"), ("G", "H"), ("H", "K"), ("H", "M")],
    )
    m["regions"][2]["links"].append({"to": "G", "kind": "graticule", "arc": _around(180)})
    units = [_u("H1", "hero", "D", aboard="SV"), _u("SV", "sea_vessel", "D")]
    o = _only(hero_move(_state(m, units), "H1", "S"))
    assert [(s["region"], s["via"]) for s in o["path"]] == [
        ("S1", "undock"),
        ("S2", "adjacent"),
        ("G", "graticule"),
        ("H", "adjacent"),
        ("K", "dock"),
    ], o["path"]
    assert o["tokens"] == [{"region": "S1", "count": 2}] and o["resources"] == ["ore"]
    # The Graticule is skipped when the pointer only reaches it by turning (L180).
    m["regions"][2]["links"].append({"to": "S1", "kind": "adjacent", "arc": _around(270)})
    units = [_u("H1", "hero", "S2", aboard="SV"), _u("SV", "sea_vessel", "S2")]
    assert _regions(_only(hero_move(_state(m, units), "H1", "SE", speed=1))) == ["S1", "D"]
    # L184: the player's Sea Vessel in the undock region: stop there at once, battle.
    units = [
        _u("H1", "hero", "D", aboard="SV"),
        _u("SV", "sea_vessel", "D"),
        _u("pv", "sea_vessel", "S1", "player"),
    ]
    o = _only(hero_move(_state(m, units), "H1", "S"))
    assert _regions(o) == ["S1"] and o["battle"] == "S1"
    # L188: ending next to player land, dock by the weakest player army whatever the compass.
    m = _map([_region("T0", "sea", 0, 0), _region("T1", "sea", 1, 0), _region("T2", "sea", 2, 0),
              _region("T3", "sea", 3, 0), _region("A", "land", 3, 1, "ore"), _region("B", "land", 3, -1), cap],
             [("T0", "T1"), ("T1", "T2"), ("T2", "T3"), ("T3", "A"), ("T3", "B")])  # fmt: skip
    units = [
        _u("H1", "hero", "T0", aboard="SV"),
        _u("SV", "sea_vessel", "T0"),
        _u("p1", "warrior", "B", "player"),
        _u("p2", "serf", "B", "player"),
        _u("p3", "warrior", "A", "player"),
    ]
    o = _only(hero_move(_state(m, units), "H1", "E"))
    assert _regions(o) == ["T1", "T2", "T3", "A"] and o["battle"] == "A" and o["resource_if_win"] == "ore"
    # H8 (over 5 units) turns the pointer; L150 entering a player region is a battle.
    m = _map([_region("O", "land", 0, 0), _region("N", "land", 0, 1), _region("E", "land", 1, 0, "food"), cap],
             [("O", "N"), ("O", "E")])  # fmt: skip
    units = [_u("H1", "hero", "O"), _u("W9", "warrior", "O"), _u("t", "tower", "E", "player")]
    units += [_u(f"W{i}", "warrior", "N") for i in range(4)]
    o = _only(hero_move(_state(m, units), "H1", "N"))
    assert _regions(o) == ["E"] and o["battle"] == "E" and o["resource_if_win"] == "food"
    # Attack: weakest within 2 (L98-L104); ties by clockwise bearing (H5); every shortest path;
    # F (weakest) is behind the player region E, so out of reach (H4).
    m = _map([_region("O", "land", 0, 0), _region("N", "land", 0, 1, "food"), _region("NE", "land", 1, 1),
              _region("T1", "land", 0, 2, "ore"), _region("E", "land", 1, 0), _region("T3", "land", -1, -1),
              _region("F", "land", 2, 0), cap],
             [("O", "N"), ("O", "NE"), ("N", "T1"), ("NE", "T1"), ("O", "E"), ("O", "T3"), ("N", "T3"),
              ("E", "F")])  # fmt: skip
    units = [
        _u("H1", "hero", "O"),
        _u("W1", "warrior", "O"),
        _u("a", "warrior", "T1", "player"),
        _u("b", "warrior", "T3", "player"),
        _u("c", "warrior", "E", "player"),
        _u("d", "warrior", "E", "player"),
        _u("f", "serf", "F", "player"),
    ]
    assert [_regions(o) for o in attack(_state(m, units), "H1", "S")] == [["T3"]]
    outs = attack(_state(m, units), "H1", "NW")
    assert sorted(_regions(o) for o in outs) == [["N", "T1"], ["NE", "T1"]]
    assert [o["resources"] for o in outs if _regions(o)[0] == "N"] == [["food"]] and outs[0]["resource_if_win"] == "ore"
    strong = [u for u in units if u["owner"] == "enemy"] + [_u(f"p{i}", "hero", "E", "player") for i in range(2)]
    assert attack(_state(m, strong), "H1", "S") == []
    print("holas_reference: all self-checks passed")


if __name__ == "__main__":
    _self_check()
