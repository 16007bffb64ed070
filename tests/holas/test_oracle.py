"""The Enemy's movement against an independent reference, on seeded random positions.

``tests/oracles/holas_reference.py`` was written from the rule text alone by someone who had never seen the engine.
Where the text leaves a choice open it returns every admissible outcome; the engine's must be one of them: the
regions it entered step by step with the kind of mover and link, the Exploration Tokens and resources it took (the
battle region's resource only once the Enemy has won there), where the battle starts, who boarded, and where every
Enemy unit ends. Positions: the sample map (and it with a second Ferry branch), a random Capital, random tokens, the
Enemy's Heroes, Vessels, Warriors and Serfs and the person's pieces placed at random where they may stand, a random
Hero and compass card. Battles are won (a resource won there shows), and replayed lost.

The two models differ in two plain ways, bridged here: the engine keeps the Courtyard apart from the Capital's region
(``where="courtyard"``; the reference calls every Enemy unit in its Capital's region "in the Courtyard"), and it reads
the person's pieces as an army's Natural Strength per region and the region of their Sea Vessel.

Where the reference reads the text against a line of it, the position is set aside by name, never silently, and
the test bounds how many are: a Vessel the Hero is not aboard marching in its land army (``_aside``, L166), an Attack
by a Hero aboard a Vessel (``aboard_on_land``, L166 and H13), an Air Vessel left at sea (``air_at_sea``, L173), a
Vessel setting off along a Ferry Route's arc (``ferry_arc``, L171: the engine gives that arc to the sea the ferry
crosses, issue 41 item 9; the reference sweeps past that sea).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from engines.holas import rules
from engines.holas.battle import Answer
from engines.holas.bot import Enemy
from engines.holas.data_model import SAMPLE, HolasData, MapData, SoloCard, load_folder
from engines.holas.movement import Geometry, closed_to
from engines.holas.options import BotOptions
from engines.holas.state import RESOURCES, PlayerArmy, State, Unit
from tests.oracles import holas_reference as ref

DATA = load_folder(SAMPLE)
# The sample map with a second branch on its Ferry Route (L4 to L8, in line with L4 to L6), marked as using a
# Graticule, so that L160 is reached: "the Enemy army will take the one that does not use a Graticule".
BRANCHED = DATA.model_copy(
    update={
        "map": MapData.model_validate(
            {
                **DATA.map.model_dump(),
                "edges": [
                    *DATA.map.model_dump()["edges"],
                    {"a": "L4", "b": "L8", "kind": "ferry", "arc_a": [90, 135], "arc_b": [135, 225], "graticule": True},
                ],
            }
        )
    }
)
GEO = {r.id: r for r in DATA.map.regions}
LAND = [r.id for r in DATA.map.regions if r.kind == "land"]
SEA = [r.id for r in DATA.map.regions if r.kind == "sea"]
SHORE = [r for r in LAND if GEO[r].shore]
COMPASS = list(rules.COMPASS)
UNITS = DATA.faction.units
CAPACITY = {k: UNITS[k].capacity for k in ("air_vessel", "sea_vessel")}
LINK = {"land": "adjacent", "sea": "adjacent", "shore": "adjacent", "ferry": "ferry", "graticule": "graticule"}
VIA = {"land": "adjacent", "air": "adjacent", "sea": "adjacent", "ferry": "ferry", "graticule": "graticule"}
MOVER = {"land_army": "army", "air_vessel": "air_vessel", "sea_vessel": "sea_vessel"}
ENTER = ("move", "fly", "sail", "undock", "dock")
N = 800  # positions per test
DEFAULTS = BotOptions()


@dataclass
class Position:
    data: HolasData
    state: State
    player: list[tuple[str, str, str]]  # (id, kind, region) of the person's pieces
    hero: str
    compass: str


# --- positions -------------------------------------------------------------------------------------------------


def _position(seed: int) -> Position:
    rng = random.Random(seed)
    data = BRANCHED if rng.random() < 0.25 else DATA
    capital = rng.choice(LAND)
    s = rules.new_game(data, capital, rng)
    s.resources = dict.fromkeys(RESOURCES, 0)  # every resource gained shows (the cap is 10)
    s.tokens = {r: n for r in (*LAND, *SEA) if r != capital and (n := rng.choice((0, 0, 1, 1, 2)))}
    count: Counter[str] = Counter()  # Enemy units per region (the Courtyard has no limit)
    hero_at: set[str] = set()

    def fits(where: str) -> bool:
        return where == "courtyard" or count[where] < rules.MAX_UNITS

    def put(u: Unit, where: str, aboard: str | None = None) -> None:
        u.where, u.aboard = where, aboard
        count[where] += 1

    vessels: list[Unit] = []
    for kind, places in (("air_vessel", LAND), ("sea_vessel", SHORE + SEA + SEA)):
        v = s.unit(f"{kind}1")
        if rng.random() < 0.55:
            roll = rng.random()  # the Courtyard, or the Capital's region outside it (L84, see the engine's README)
            where = (
                "courtyard"
                if roll < 0.2
                else capital
                if roll < 0.3
                else rng.choice([r for r in places if r != capital])
            )
            put(v, where)
            vessels.append(v)
    for i in (1, 2, 3):
        h = s.unit(f"hero{i}")
        h.where = "courtyard"
        carriers = [v for v in vessels if not any(u.aboard == v.id and u.type == "hero" for u in s.units)]
        carriers = [v for v in carriers if v.where == "courtyard" or v.where not in hero_at]
        at_sea = [v for v in carriers if v.where in SEA]
        roll = rng.random()
        if at_sea or (carriers and roll < 0.35):
            v = (at_sea or carriers)[0] if at_sea else rng.choice(carriers)
            put(h, v.where, v.id)
        elif roll < 0.6:
            put(h, "courtyard")
        elif roll < 0.75 and (
            empty := [v.where for v in carriers if v.where in LAND and v.where not in hero_at | {capital}]
        ):
            put(h, rng.choice(empty))  # to board it (L146)
        else:
            free = [r for r in LAND if r != capital and r not in hero_at and fits(r)]
            put(h, rng.choice(free))
        if h.where != "courtyard":
            hero_at.add(h.where)
    for v in vessels:  # an empty Sea Vessel at sea has no one to sail it: bring it to a Shore
        if v.where in SEA and not any(u.aboard == v.id for u in s.units):
            count[v.where] -= 1
            put(v, rng.choice([r for r in SHORE if r != capital and fits(r)]))
    for kind in ("warrior", "serf"):
        for u in [u for u in s.units if u.type == kind]:
            if rng.random() > 0.45:
                continue
            options: list[tuple[str, str | None]] = [("courtyard", None), ("courtyard", None)]
            options += [(h.where, None) for h in s.units if h.type == "hero" and h.where in LAND]
            options += [(rng.choice(LAND), None)]
            options += [
                (v.where, v.id)
                for v in vessels
                if sum(1 for x in s.units if x.aboard == v.id) < CAPACITY[v.type] and rng.random() < 0.5
            ]
            where, aboard = rng.choice(options)
            if (where == capital) or not fits(where) or (where in SEA and aboard is None):
                continue
            put(u, where, aboard)
    player: list[tuple[str, str, str]] = []
    enemy_at = set(count) | {capital}
    capital_placed = False
    for r in LAND:
        if r in enemy_at or rng.random() > 0.4:
            continue
        for _k in range(rng.choice((0, 1, 1, 2, 3))):
            player.append((f"p{len(player)}", rng.choice(("warrior", "warrior", "serf", "hero", "air_vessel")), r))
        if rng.random() < 0.3 or not any(p[2] == r for p in player):
            kind = "capital" if not capital_placed and rng.random() < 0.4 else "tower"
            capital_placed = capital_placed or kind == "capital"
            player.append((f"p{len(player)}", kind, r))
    if rng.random() < 0.4:
        docked = [r for v in vessels if v.type == "sea_vessel" and v.where in LAND for r in _seas_by(v.where)]
        seas = [r for r in (docked if docked and rng.random() < 0.5 else SEA) if r not in enemy_at]
        if seas:  # beside a docked Sea Vessel of the Enemy's half the time, for L184 where it puts to sea
            player.append((f"p{len(player)}", "sea_vessel", rng.choice(seas)))
    for _pid, kind, r in player:
        if kind == "sea_vessel":
            s.player_sea = r
            continue
        army = s.player.setdefault(r, PlayerArmy(0))
        if kind in ("tower", "capital"):
            army.structure = True
            army.capital = army.capital or kind == "capital"
        else:
            army.ns += UNITS[kind].ns  # type: ignore[index]
    return Position(data, s, player, f"hero{rng.randint(1, 3)}", rng.choice(COMPASS))


def _aside(p: Position, attack: bool) -> set[str]:
    """The Vessels in the acting Hero's region that it is not aboard, with their passengers, which the reference
    counts in the Hero's land army (its reading 4, from L126 "The Hero and all Units in its Region will move" and L98
    "All Units in this Hero's Region move") and the engine does not, by L166: "a Vessel and its occupants move alone
    and not as part of a Land army" (issue 33, item 1). The reference is given the position without them, and the
    engine must leave them where they stand. For a move an empty Vessel stays in: the Hero boards it (L146)."""
    s = p.state
    h = s.unit(p.hero)
    if h.where == "courtyard":
        return set()  # the reference's army from the Courtyard is L144's, of Warriors and Serfs only
    vessels = {
        u.id
        for u in s.in_region(h.where)
        if u.type in ("air_vessel", "sea_vessel") and u.id != h.aboard and u.aboard is None
    }
    if not attack:
        vessels = {v for v in vessels if any(u.aboard == v for u in s.units)}
    return vessels | {u.id for u in s.units if u.aboard in vessels}


def _seas_by(region: str) -> list[str]:
    return [e.b if e.a == region else e.a for e in DATA.map.edges if e.kind == "shore" and region in (e.a, e.b)]


def _to_ref(p: Position, aside: set[str] = frozenset()) -> ref.State:  # type: ignore[assignment]
    """The position as the reference's plain data, without the units ``aside``."""
    s = p.state
    regions: dict[str, ref.Region] = {
        r.id: {
            "id": r.id,
            "kind": r.kind,
            "resource": rules.terrain_resource(r.terrain),  # type: ignore[typeddict-item]
            "tokens": s.tokens.get(r.id, 0),
            "center": list(r.center),
            "links": [],
        }
        for r in p.data.map.regions
    }
    for e in p.data.map.edges:
        for frm, to, arc in ((e.a, e.b, e.arc_a), (e.b, e.a, e.arc_b)):
            link: ref.Link = {"to": to, "kind": LINK[e.kind], "arc": list(arc)}  # type: ignore[typeddict-item]
            if e.kind == "ferry":
                link["graticule"] = e.graticule
            regions[frm]["links"].append(link)
    units: list[ref.Unit] = [
        {
            "id": u.id,
            "owner": "enemy",
            "kind": u.type,
            "region": s.capital if u.where == "courtyard" else u.where,
            "aboard": u.aboard,
        }
        for u in s.units
        if u.where != "supply" and u.id not in aside
    ]
    units += [{"id": i, "owner": "player", "kind": k, "region": r, "aboard": None} for i, k, r in p.player]  # type: ignore[typeddict-item]
    tower = UNITS["tower"].ns
    capital = tower if DATA.faction.capital_ns is None else DATA.faction.capital_ns
    ns: dict[str, int] = {k: u.ns for k, u in UNITS.items()}
    return {
        "map": {"regions": list(regions.values()), "enemy_capital": s.capital},
        "units": units,
        "ns": {"enemy": ns, "player": {**ns, "capital": capital}},
    }


# --- the engine's outcome in the reference's terms -------------------------------------------------------------


def _win(region: str, total: int) -> tuple[int, bool]:
    """The person's answer to every battle: a total the Enemy beats, so a resource won there shows."""
    return -1, True


def _outcome(enemy: Enemy, before: State) -> dict[str, Any]:
    s = enemy.state
    out: dict[str, Any] = {
        "path": [],
        "tokens": [],
        "resources": [],
        "resource_if_win": None,
        "battle": None,
        "boarded": [],
    }
    for d in enemy.decisions:
        what, detail = d.action.what, dict(d.action.detail)
        if what in ENTER:
            how = detail["how"]
            out["path"].append({"region": detail["to"], "mover": MOVER[detail["mover"]], "via": VIA.get(how, how)})
        elif what == "token":
            out["tokens"].append({"region": detail["region"], "count": detail["tokens"]})
        elif what == "resource":
            key = "resources" if out["battle"] is None else "resource_if_win"
            if key == "resources":
                out["resources"].append(detail["resource"])
            else:
                out["resource_if_win"] = detail["resource"]
        elif what == "battle_ask":
            out["battle"] = detail["region"]
        elif what == "board":
            out["boarded"] += list(detail["units"])
    out["units"] = {
        u.id: {"region": s.capital if u.where == "courtyard" else u.where, "aboard": u.aboard}
        for u in s.units
        if before.unit(u.id).where != "supply"
    }
    return out


def _lose(region: str, total: int) -> tuple[int, bool]:
    """The person's answer when the Enemy is to lose every battle."""
    return total + 100, False


def _engine_move(p: Position, options: BotOptions, answer: Answer = _win) -> dict[str, Any]:
    enemy = Enemy(p.state.copy(), p.data, random.Random(0), answer=answer, options=options)
    enemy.move(p.hero, p.compass)
    return _outcome(enemy, p.state)


def _card(compass: str) -> SoloCard:
    card = next(c for c in DATA.cards.cards if c.action == "attack")
    return card.model_copy(update={"compass": compass})


def _engine_attack(p: Position) -> dict[str, Any] | None:
    enemy = Enemy(p.state.copy(), p.data, random.Random(0), answer=_win)
    enemy.card = _card(p.compass)
    if not enemy.attack(p.hero):
        return None
    return _outcome(enemy, p.state)


def _enemy_only(o: dict[str, Any] | ref.Outcome, aside: set[str]) -> dict[str, Any]:
    """An outcome with the person's pieces (neither side moves them) and the units ``aside`` left out, its lists as
    JSON compares them."""
    units = {u: at for u, at in o["units"].items() if not u.startswith("p") and u not in aside}
    return json.loads(json.dumps({**o, "units": units}, sort_keys=True))  # type: ignore[no-any-return]


def _air_at_sea(o: ref.Outcome) -> bool:
    """The reference leaves an Air Vessel at sea when its last step finds no land region it may enter (its reading
    14, "the units stay where they are"); L173 says it "MAY NOT stop there", and the engine looks ahead so as never to
    enter a sea region it could not leave in time."""
    return bool(o["path"]) and o["path"][-1]["mover"] == "air_vessel" and GEO[o["path"][-1]["region"]].kind == "sea"


@dataclass
class Check:
    p: Position
    verdict: str  # "agree", "disagree", or the name of the reference's known limit that set it aside
    mine: dict[str, Any] | None
    theirs: list[ref.Outcome]

    def __str__(self) -> str:
        s = self.p.state
        where = {u.id: (u.where, u.aboard) for u in s.units if u.where != "supply"}
        return (
            f"{self.p.hero} {self.p.compass}, capital {s.capital}, units {where}, player {self.p.player}, "
            f"sea {s.player_sea}, tokens {s.tokens}\n  engine: {self.mine}\n  reference: {self.theirs}"
        )


def check(p: Position, attack: bool, options: BotOptions = DEFAULTS) -> Check:
    """The engine's move (or Attack) on ``p`` against the reference's outcomes. H3's alternative (the end-of-move
    rules at a vessel's second step, so it stops there) is the reference's ``speed=2``."""
    aside = _aside(p, attack)
    data = _to_ref(p, aside)
    h = p.state.unit(p.hero)
    if attack:
        mine = _engine_attack(p)
        theirs = ref.attack(data, p.hero, p.compass)
        if h.aboard is not None and theirs:
            # H13, which the engine reads for a Hero aboard any Vessel: the Attack fails and the Vessel moves, since a
            # Vessel and those aboard do not march with a land army (L166 "a Vessel and its occupants move alone and
            # not as part of a Land army"). The reference fails an Attack only at sea; on land it marches the Hero in
            # a land army, with its Vessel, or from the Courtyard without it (leaving it aboard a Vessel elsewhere).
            return Check(p, "aboard_on_land" if mine is None else "disagree", mine, theirs)
        if mine is None:
            return Check(p, "agree" if theirs == [] else "disagree", mine, theirs)
    else:
        mine = _engine_move(p, options)
        speed = 2 if options.vessel_end_rules == "second_step" else UNITS["air_vessel"].speed
        theirs = ref.hero_move(data, p.hero, p.compass, speed)
    before = {u.id: {"region": s_where(p, u.id), "aboard": p.state.unit(u.id).aboard} for u in p.state.units}
    if any(mine["units"][u] != before[u] for u in aside):
        return Check(p, "disagree", mine, theirs)
    if _enemy_only(mine, aside) in [_enemy_only(o, aside) for o in theirs]:
        return Check(p, "agree", mine, theirs)
    if _along_a_ferry(p, mine):
        return Check(p, "ferry_arc", mine, theirs)
    vessel = mine["units"][p.hero]["aboard"]
    stuck = [o for o in theirs if _air_at_sea(o) and o["units"][p.hero]["aboard"] == vessel]
    if stuck and not _air_at_sea(mine):  # type: ignore[arg-type]
        return Check(p, "air_at_sea", mine, theirs)  # the reference's outcome for the Air Vessel the engine flew
    return Check(p, "disagree", mine, theirs)


def _along_a_ferry(p: Position, o: dict[str, Any]) -> bool:
    """A Vessel whose compass, from where it sets off, lies in a Ferry Route's arc: a Vessel takes no ferry (L171),
    so the engine goes over the sea the ferry crosses, which the map maker's arcs put just before the ferry's; the
    reference turns clockwise past both."""
    if not o["path"] or o["path"][0]["mover"] == "land_army":
        return False
    start = s_where(p, p.hero)
    return any(e.kind == "ferry" for e, _ in Geometry(p.data.map).in_line(start, rules.COMPASS[p.compass]))


def s_where(p: Position, unit: str) -> str:
    where = p.state.unit(unit).where
    return p.state.capital if where == "courtyard" else where


# --- the comparisons -------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def moves() -> list[Check]:
    return [check(_position(seed), attack=False) for seed in range(N)]


@pytest.fixture(scope="module")
def attacks() -> list[Check]:
    return [check(_position(10_000 + seed), attack=True) for seed in range(N)]


def test_with_h3s_alternative_a_vessel_stopping_at_its_second_step_too():
    """H3 "Apply them at step 2, literally" (L175 and L186 "After a second movement")."""
    options = BotOptions(vessel_end_rules="second_step")
    checks = [check(_position(20_000 + seed), attack=False, options=options) for seed in range(N)]
    verdicts = Counter(c.verdict for c in checks)
    assert verdicts["disagree"] == 0, _report(checks)
    assert verdicts["agree"] >= 0.95 * N, verdicts
    sailed = [c for c in checks if c.mine and any(step["mover"] != "army" for step in c.mine["path"])]
    steps = [sum(step["via"] not in ("undock", "dock") for step in c.mine["path"]) for c in sailed if c.mine]
    assert len(sailed) > N // 20 and max(steps) == 2  # docking and undocking use no movement (L182)


def test_a_lost_battle_keeps_the_tokens_taken_and_gains_no_resource(moves):
    """L154 "the tokens are immediately taken"; L196 "If moving results in a Battle, it must be resolved first (and the
    Enemy must win) before gaining the Resource". The positions where the move ends in a battle, played again with
    the Enemy losing it: the same path, tokens and resources on the way as the reference's, and nothing more."""
    fights = [c for c in moves if c.verdict == "agree" and c.mine and c.mine["battle"]]
    assert len(fights) > N // 4
    for c in fights:
        lost = _engine_move(c.p, DEFAULTS, _lose)
        keys = ("path", "tokens", "resources", "battle", "boarded")
        assert {k: lost[k] for k in keys} == {k: c.mine[k] for k in keys} and lost["resource_if_win"] is None, c


def _report(checks: list[Check]) -> str:
    bad = [c for c in checks if c.verdict == "disagree"]
    return f"{len(bad)} of {len(checks)} disagree:\n" + "\n".join(str(c) for c in bad[:5])


def test_the_engines_move_is_one_the_reference_allows(moves):
    verdicts = Counter(c.verdict for c in moves)
    assert verdicts["disagree"] == 0, _report(moves)
    assert verdicts["agree"] >= 0.95 * N, verdicts  # what is set aside stays a small part


def test_the_engines_attack_is_one_the_reference_allows(attacks):
    verdicts = Counter(c.verdict for c in attacks)
    assert verdicts["disagree"] == 0, _report(attacks)
    assert verdicts["agree"] >= 0.8 * N, verdicts
    assert sum(1 for c in attacks if c.verdict == "agree" and c.mine is not None) > N // 10


def _features(c: Check, attack: bool) -> set[str]:
    """What an agreeing check exercised: the kinds of mover and the special rules its outcome shows."""
    o, p = c.mine, c.p
    if o is None:
        return {"attack fails"} if attack else set()
    path = o["path"]
    found = {f"attack over {len(path)} region(s)"} if attack else set()
    hero = p.state.unit(p.hero)
    found |= {step["mover"] for step in path} | {f"via {step['via']}" for step in path}
    if path and path[0]["mover"] == "army" and hero.where == "courtyard":
        found.add("army from the Courtyard")  # L144
    if not path:
        found.add("no move")
    if o["boarded"]:
        found.add("boarding")  # L146
    if o["battle"]:
        last = path[-1]
        found.add(f"{last['mover']} battle {'at sea' if GEO[o['battle']].kind == 'sea' else 'on land'}")
        found |= {f"battle on {last['via']}"} if last["via"] in ("dock", "undock") else set()  # L188, L184
    for step in path:
        if step["via"] == "ferry" and p.data is BRANCHED and step["region"] in ("L6", "L8"):
            found.add(f"ferry branch {'with' if step['region'] == 'L8' else 'without'} a Graticule")  # L160
        if step["mover"] == "air_vessel" and GEO[step["region"]].kind == "sea":
            found.add("air vessel crosses the sea")  # L173
    if any(t["region"] in SEA and path and path[0]["mover"] == "sea_vessel" for t in o["tokens"]):
        found.add("sea vessel takes tokens at sea")  # L168
    if o["resource_if_win"]:
        found.add("resource after a won battle")  # L196
    if path and path[-1]["mover"] == "air_vessel" and len(path) == UNITS["air_vessel"].speed and _turned(p, o):
        found.add("air vessel's last step turned from the sea to land")  # L175
    if path and path[0]["mover"] == "army" and not attack:
        found |= {f"army turned past {why}" for why in _passed(p, o)}  # L148, H8
    return found


def _passed(p: Position, o: dict[str, Any]) -> set[str]:
    """Why the pointer turned past the land regions it met before the one the army entered: "its own Capital",
    "another of its Heroes" (L148) or "over 5 units" (H8)."""
    start = s_where(p, p.hero)
    dest = o["path"][0]["region"]
    army = [u for u in p.state.units if s_where(p, u.id) == start and o["units"][u.id]["region"] == dest]
    geo = Geometry(p.data.map)
    found = set()
    for _, region in geo.clockwise_from(start, rules.COMPASS[p.compass]):
        if region == dest:
            return found
        if not geo.sea(region):
            found.add(closed_to(p.state, region, army))
    return found - {""}


def _turned(p: Position, o: dict[str, Any]) -> bool:
    """Whether the pointer, at the Air Vessel's last step, first met a sea region it could have entered (L175)."""
    vessel = o["units"][p.hero]["aboard"]
    movers = [u for u in p.state.units if u.id in (vessel, p.hero) or u.id in o["boarded"] or u.aboard == vessel]
    geo = Geometry(p.data.map)
    for edge, dest in geo.clockwise_from(o["path"][-2]["region"], rules.COMPASS[p.compass]):
        if edge.kind in ("land", "sea", "shore") and not closed_to(p.state, dest, movers):
            return geo.sea(dest)
    return False


def test_the_positions_reach_every_kind_of_mover_and_every_special_rule(moves, attacks):
    """Each kind of mover and each special rule, seen in enough agreeing positions to mean something."""
    seen: Counter[str] = Counter()
    for c in moves:
        if c.verdict == "agree":
            seen.update(_features(c, attack=False))
    for c in attacks:
        if c.verdict == "agree":
            seen.update(_features(c, attack=True))
    wanted = [
        "army", "army from the Courtyard", "air_vessel", "sea_vessel", "boarding", "no move",
        "via ferry", "via graticule", "via undock", "via dock", "ferry branch without a Graticule",
        "ferry branch with a Graticule", "air vessel crosses the sea",
        "air vessel's last step turned from the sea to land",
        "army battle on land", "air_vessel battle on land", "sea_vessel battle at sea", "battle on dock",
        "battle on undock", "sea vessel takes tokens at sea", "resource after a won battle",
        "attack over 1 region(s)", "attack over 2 region(s)", "attack fails", "army turned past its own Capital",
        "army turned past another of its Heroes", "army turned past over 5 units",
    ]  # fmt: skip
    assert {w: seen[w] for w in wanted if seen[w] < 3} == {}, sorted(seen.items())
