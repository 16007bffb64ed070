"""Properties of whole self-play games on the sample data (seeded), checked after every step of the Enemy's:
the rules' limits on where its pieces may stand hold at every moment, not only in the positions a scenario sets."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.base import Decision
from engines.holas import selfplay
from engines.holas.bot import Step
from engines.holas.data_model import SAMPLE, load_folder
from engines.holas.state import State

DATA = load_folder(SAMPLE)
SEA = {r.id for r in DATA.map.regions if r.kind == "sea"}
LAND = {r.id for r in DATA.map.regions if r.kind == "land"}
SHORE = {r.id for r in DATA.map.regions if r.shore}
PLACES = {r.id for r in DATA.map.regions} | {"courtyard", "supply"}
SEEDS = range(30)


def problems(state: State, step: Decision[Step]) -> list[str]:
    """Every broken limit in ``state``, each named."""
    out = []
    units = {u.id: u for u in state.units}
    heroes = Counter(u.where for u in state.units if u.type == "hero" and u.where not in ("courtyard", "supply"))
    out += [f"heroes share {r}" for r, n in heroes.items() if n > 1]  # L148 "only 1 Enemy Faction Hero per Region"
    for u in state.units:
        if u.where not in PLACES:
            out.append(f"{u.id} stands in {u.where!r}, no place")
        if u.type in ("hero", "warrior", "serf") and u.where in SEA and u.aboard is None:
            out.append(f"{u.id} stands in the sea {u.where} and is aboard nothing")
        if u.type == "air_vessel" and u.where in SEA and step.action.what not in ("fly", "token"):  # in flight
            out.append(f"{u.id} stopped at sea in {u.where}")  # L173 "MAY NOT stop there"
        if u.type == "sea_vessel" and u.where in LAND - SHORE - {state.capital}:
            out.append(f"{u.id} stands inland in {u.where}")
        if u.aboard is not None:
            vessel = units[u.aboard]
            if u.where != vessel.where or vessel.where == "supply":
                out.append(f"{u.id} is aboard {vessel.id} but stands in {u.where}, the vessel in {vessel.where}")
    for vessel in (u for u in state.units if u.type in ("air_vessel", "sea_vessel")):
        crew = sum(1 for u in state.units if u.aboard == vessel.id)
        if crew > DATA.faction.units[vessel.type].capacity:
            out.append(f"{vessel.id} carries {crew}")
    kinds = Counter(u.type for u in state.units)
    out += [
        f"{k}: {kinds[k]} units, {DATA.faction.units[k].supply} made"
        for k in kinds
        if kinds[k] != DATA.faction.units[k].supply
    ]
    crowd = Counter(u.where for u in state.units if u.where not in ("courtyard", "supply", state.capital))
    out += [f"{r} holds {n} bot units" for r, n in crowd.items() if n > 5]  # H8
    return out


@pytest.fixture(scope="module")
def games() -> dict[int, tuple[list[str], Counter[str]]]:
    """Each seed's broken limits (with the step that broke them) and the steps' kinds and movers."""
    out = {}
    for seed in SEEDS:
        found: list[str] = []
        seen: Counter[str] = Counter()

        def watch(step: Decision[Step], state: State, found: list[str] = found, seen: Counter[str] = seen) -> None:
            detail = dict(step.action.detail)
            seen[step.action.what] += 1
            if "mover" in detail:
                seen[f"mover:{detail['mover']}"] += 1
            found.extend(f"{p} (after {step.reason.text!r})" for p in problems(state, step))

        selfplay.play(DATA, seed, watch=watch)
        out[seed] = (found, seen)
    return out


def test_no_two_enemy_heroes_ever_share_a_region(games):
    """L148 "It CANNOT move ... into a Region with another of its Heroes (only 1 Enemy Faction Hero per Region)"."""
    assert {
        s: [p for p in f if "heroes share" in p] for s, (f, _) in games.items() if any("heroes share" in p for p in f)
    } == {}


def test_no_land_unit_stands_at_sea_unless_aboard_and_no_air_vessel_stops_there(games):
    """L166 "a Vessel and its occupants move alone"; L173 "Can move through the center Sea Region ... but MAY NOT
    stop there"."""
    bad = {s: [p for p in f if "sea" in p or "inland" in p] for s, (f, _) in games.items()}
    assert {s: p for s, p in bad.items() if p} == {}


def test_a_vessels_passengers_are_wherever_the_vessel_is(games):
    """L166 "a Vessel and its occupants move alone and not as part of a Land army"."""
    bad = {s: [p for p in f if "aboard" in p or "carries" in p] for s, (f, _) in games.items()}
    assert {s: p for s, p in bad.items() if p} == {}


def test_unit_counts_are_conserved_and_no_region_holds_over_five(games):
    """Every unit made stays one unit somewhere (a region, the Courtyard, the supply); "Max 5 units per faction per
    region, except the Capital region" (spec a; H8)."""
    bad = {s: [p for p in f if "made" in p or "no place" in p or "holds" in p] for s, (f, _) in games.items()}
    assert {s: p for s, p in bad.items() if p} == {}


def test_vessels_fly_and_sail_in_these_games(games):
    """The properties mean something only if vessels move: every kind of mover moves in these games."""
    seen = sum((c for _, c in games.values()), Counter[str]())
    assert seen["mover:land_army"] and seen["mover:air_vessel"] and seen["mover:sea_vessel"], seen
    assert seen["fly"] and seen["sail"] and seen["dock"]
