"""The spec's ambiguities H1-H14 as named options: each default as the spec gives it and each alternative that can
run on the data, against the line it reads; an option the data cannot carry takes its default only and says why.
Sample map: L1 L2 | S1 L5 over L3 L4 | S2 L6 over S3 S4 | L8 L7; the ferry L4-L6; NS Serf 1, Warrior 2, Hero 3,
tower 1."""

from __future__ import annotations

import random

import pytest

from engines.holas import rules as holas_rules
from engines.holas.bot import Enemy
from engines.holas.options import OPTION_TYPES, BotOptions
from engines.holas.state import PlayerArmy, State
from engines.options import options_from_text
from tests.holas.scenarios import DATA, fresh, place


def enemy(s: State, compass: str = "N", **options: object) -> Enemy:
    e = Enemy(s, DATA, random.Random(0), answer=lambda region, bot: (0, False), options=BotOptions(**options))  # type: ignore[arg-type]
    e.card = next(c for c in DATA.cards.cards if c.action == "attack").model_copy(update={"compass": compass})
    return e


def target(e: Enemy) -> str | None:
    return next((dict(d.action.detail)["target"] for d in e.decisions if d.action.what == "attack"), None)


@pytest.mark.parametrize("pts", [1, 2])
def test_h1_points_per_exploration_token(pts: int):
    """H1: "1 pt per token, including tokens from towers" — or the value printed in the rulebook."""
    s = fresh()
    s.unit("hero1").where = "L2"
    enemy(s, token_pts=pts).move("hero1", "E")  # into L4, a face-down token
    assert s.pts == pts and s.collected == 1


@pytest.mark.parametrize(("rules", "flights"), [("last_step", 3), ("second_step", 2)])
def test_h3_a_vessels_end_of_move_rules_at_its_last_or_second_step(rules: str, flights: int):
    """H3: "Speed 3. The rules about not ending at sea and about docking apply to the final step" — or "after a
    second movement", literally."""
    s = fresh()
    s.resources = {"ore": 0, "mana": 0, "food": 0}
    s.unit("hero1").where = "L3"
    place(s, "L3", "air_vessel")
    e = enemy(s, vessel_end_rules=rules)
    e.move("hero1", "E")
    assert sum(d.action.what == "fly" for d in e.decisions) == flights
    assert next(r.kind for r in DATA.map.regions if r.id == s.unit("hero1").where) == "land"


@pytest.mark.parametrize(("reach", "expected"), [("land_ferry", None), ("graph", "L5")])
def test_h4_within_two_regions_by_land_and_ferry_or_by_any_edge(reach: str, expected: str | None):
    """H4: "Land and ferry edges only" — or "Plain graph distance, ignoring blockers": your army in L5 lies two
    steps from L2 only across the sea S1."""
    s = fresh()
    s.unit("hero1").where = "L2"
    place(s, "L2", "warrior")
    s.player = {"L5": PlayerArmy(1)}
    e = enemy(s, attack_reach=reach)
    assert e.attack("hero1") is (expected is not None) and target(e) == expected


@pytest.mark.parametrize(("tie", "expected"), [("target_bearing", "L6"), ("first_step", "L1")])
def test_h5_the_compass_tie_break_by_the_target_or_by_the_first_step(tie: str, expected: str):
    """H5: "Bearing from the hero's region centre to the target's centre" — or "The bearing of the path's first
    step". From L4, arrow N: L6 (by the ferry) lies at 90 degrees; L1 at 315, but its path starts north, at L2."""
    s = fresh()
    s.unit("hero1").where = "L4"
    place(s, "L4", "warrior")
    s.player = {"L1": PlayerArmy(2), "L6": PlayerArmy(2)}
    e = enemy(s, "N", attack_tie=tie)
    assert e.attack("hero1") and target(e) == expected


@pytest.mark.parametrize(("army", "expected"), [("units_and_structure", "L3"), ("units", None)])
def test_h6_a_player_army_with_or_without_its_structure(army: str, expected: str | None):
    """H6: "All player units plus the structure (tower or capital) in one region" — or "Units only": your lone
    tower in L3 is an army (NS 1) or none."""
    s = fresh()
    s.unit("hero1").where = "L4"
    s.player = {"L3": PlayerArmy(0, structure=True)}
    e = enemy(s, "W", player_army=army)
    assert e.attack("hero1") is (expected is not None) and target(e) == expected


@pytest.mark.parametrize(("crowded", "where"), [("illegal", "L1"), ("leave_excess", "L4")])
def test_h8_a_move_over_five_units_is_illegal_or_leaves_the_excess_behind(crowded: str, where: str):
    """H8: "That region is illegal: rotate clockwise" — or "Move and leave the excess behind". Hero 1 and a
    Warrior in L2, arrow S: L4 holds 4 bot Serfs."""
    s = fresh()
    s.unit("hero1").where = "L2"
    place(s, "L2", "warrior")
    place(s, "L4", "serf", 4)
    enemy(s, crowded=crowded).move("hero1", "S")
    assert s.unit("hero1").where == where
    assert (s.unit("warrior1").where == "L2") is (crowded == "leave_excess")


@pytest.mark.parametrize(("workers", "food"), [(True, 2), (False, 1)])
def test_h9_a_bot_serf_fills_a_worker_space_or_not(workers: bool, food: int):
    """H9: "A bot Serf in a resource region fills a free worker space" — or "The bot never uses worker spaces".
    A Serf in L3 (plains, a worker space)."""
    s = fresh()
    s.resources["food"] = 0
    place(s, "L3", "serf")
    holas_rules.end_round(s, DATA, worker_spaces=workers)
    assert s.resources["food"] == food


@pytest.mark.parametrize("where", ["discard", "deck_bottom"])
def test_h11_the_battle_card_goes_to_the_discard_or_the_decks_bottom(where: str):
    """H11: "Discard pile" — or "Bottom of the deck"."""
    s = fresh()
    place(s, "L5", "warrior")
    s.deck = ["sample.3", *[c for c in s.deck if c != "sample.3"]]
    enemy(s, battle_card=where).battle("L5", attacker=False)
    assert ("sample.3" in s.discard) is (where == "discard") and (s.deck[-1] == "sample.3") is (where != "discard")


@pytest.mark.parametrize(("losses", "tower"), [("structures_first", False), ("units_only", True)])
def test_h12_a_losing_bot_loses_its_structure_first_or_units_only(losses: str, tower: bool):
    """H12: "Base-rule loss count, structures first as in the base game, then units weakest first" — or "Units
    only". The bot's Warrior and tower in L5 lose (NS 2: 1 to lose): the tower (NS 1) pays it, or the Warrior."""
    s = fresh()
    place(s, "L5", "warrior")
    s.towers = ["L5"]
    e = Enemy(s, DATA, random.Random(0), answer=lambda region, bot: (9, False), options=BotOptions(losses=losses))  # type: ignore[arg-type]
    assert e.battle("L5", attacker=False) is False
    assert ("L5" in s.towers) is tower and (s.unit("warrior1").where == "supply") is tower


def test_h13_attack_at_sea_fails_so_the_vessel_moves():
    """H13: "The action fails, so the vessel moves" — the hero aboard a Sea Vessel at sea."""
    s = fresh()
    place(s, "S2", "sea_vessel")
    s.unit("hero1").where, s.unit("hero1").aboard = "S2", "sea_vessel1"
    s.player = {"L4": PlayerArmy(1)}
    assert not enemy(s).attack("hero1")


def test_an_unknown_option_or_value_is_refused_naming_what_it_takes():
    with pytest.raises(ValueError, match=r"known: .*attack_reach"):
        options_from_text(BotOptions, OPTION_TYPES, {"reach": "graph"}, what="Enemy")
    with pytest.raises(ValueError, match="option tax takes slot_values"):
        options_from_text(BotOptions, OPTION_TYPES, {"tax": "card"}, what="Enemy")
    assert options_from_text(BotOptions, OPTION_TYPES, {"token_pts": "2"}, what="Enemy").token_pts == 2
