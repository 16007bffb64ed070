"""Issue 41, items 8-10 (Heroes), each quoting its line of ``shared/rules/002_8a6d1316918f60f4.txt`` (L1 = its
first line). Sample map (rows north to south): L1 L2 S1 L5 / L3 L4 S2 L6 / S3 S4 L8 L7; continents A (L1-L4) and
B (L5-L8); a ferry L4-L6 across S2, whose arc from L4 is the clockwise half of S2's (the map maker's split)."""

from __future__ import annotations

import random

from engines.holas import rules
from engines.holas.bot import Enemy
from engines.holas.data_model import SAMPLE, load_folder
from engines.holas.movement import Geometry
from engines.holas.options import BotOptions
from engines.holas.state import PlayerArmy, State, Unit

DATA = load_folder(SAMPLE)


def fresh() -> State:
    return rules.new_game(DATA, "L7", random.Random(1))


def vessel_in(s: State, kind: str, region: str) -> Unit:
    vessel = next(u for u in s.units if u.type == kind and u.where == "supply")
    hero = s.unit("hero1")
    vessel.where = hero.where = region
    hero.aboard = vessel.id
    return vessel


def legs(enemy: Enemy, *steps: str) -> list[str]:
    return [dict(d.action.detail)["to"] for d in enemy.decisions if d.action.what in steps]


def test_item9_an_air_vessel_flies_into_the_sea_the_ferry_runs_across():
    """L171 "Will not move using Ferry Routes or Graticules"; L173 "Can move through the center Sea Region, counting
    it as one Region". From L4, arrow E: the Ferry Route to L6 holds the bearing 90, in line with S2. The ferry is
    not the Air Vessel's, so the sea it crosses is: it flies into S2 (and on, not stopping there), where today's
    engine swept clockwise past S2 to S4."""
    s = fresh()
    vessel_in(s, "air_vessel", "L4")
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.move("hero1", "E")
    assert legs(enemy, "fly")[0] == "S2"
    assert legs(enemy, "fly")[-1] != "S2"


def test_item9_a_sea_vessel_puts_to_the_sea_the_ferry_runs_across():
    """L182 "Can Dock and Undock from Shores without using movement"; a Sea Vessel takes no Ferry Route either.
    Docked at L4, arrow E: it puts to sea in S2, the sea in line with the ferry, not S4 beyond it."""
    s = fresh()
    vessel_in(s, "sea_vessel", "L4")
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.move("hero1", "E")
    assert legs(enemy, "undock") == ["S2"]


def test_item9_a_land_army_still_takes_the_ferry_in_line():
    """L158 "If the movement arrow is in the same direction as a Ferry Route, then the Enemy army will move along the
    Ferry Route": the land army from L4, arrow E, goes to L6 by the ferry, as before."""
    s = fresh()
    s.unit("hero1").where = "L4"
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.move("hero1", "E")
    assert legs(enemy, "move") == ["L6"]


def test_item9_the_ferrys_arc_goes_to_the_sea_it_crosses_only_whatever_the_order_of_the_maps_links():
    """L171 "Will not move using Ferry Routes or Graticules": from L4 the ferry's arc (90-135) is S2's for a vessel,
    never also S4's, the next sea clockwise (whose arc began where the ferry's ended): with both holding bearing 100,
    the map file's order of its links chose the sea, and with S4's link listed first the vessel put to S4."""
    reordered = DATA.map.model_copy(update={"edges": tuple(sorted(DATA.map.edges, key=lambda e: "S2" in (e.a, e.b)))})
    for map_ in (DATA.map, reordered):
        around = {other: arc for _, other, arc in Geometry(map_)._afloat["L4"]}
        assert around["S2"] == (45.0, 135.0) and around["S4"] == (135.0, 225.0)
        assert Geometry(map_).clockwise_from("L4", 100.0, ferries=False)[0][1] == "S2"


# --- item 10: a Capital City destroyed ends the game at once --------------------------------------------------


def _person_capital(s: State, region: str) -> None:
    s.player[region] = PlayerArmy(0, structure=True, capital=True)


def test_item10_the_enemy_that_wins_a_battle_at_your_capital_destroys_it_and_the_game_is_over():
    """L208 "(if a Capital City is destroyed then the game is automatically over)"; the spec: a Capital counts in
    your army (H6) and a loser's structure goes first (H12). Hero 1 and two Warriors in L2 attack your Capital City
    in L1 (NS 1) and win: your Capital is destroyed, the game is over in round 1 with no final round to play."""
    s = fresh()
    _person_capital(s, "L1")
    s.unit("hero1").where = "L2"
    for w in ("warrior1", "warrior2"):
        s.unit(w).where = "L2"
    enemy = Enemy(s, DATA, random.Random(0), answer=lambda region, total: (0, False))
    enemy.card = DATA.cards.cards[0]
    assert enemy.attack("hero1")
    assert s.destroyed == "you" and rules.over(s) and s.round == 1
    said = [d.reason.text for d in enemy.decisions if d.action.what == "battle"]
    assert "Capital City in L1 is destroyed" in said[-1]


def test_item10_the_enemy_that_loses_a_battle_in_its_capitals_region_loses_its_capital():
    """L208; H12 "structures first as in the base game": a bot Warrior stands in its Capital's region L7, where your
    army of NS 10 has moved; you press Tactic chosen and win: the bot's Capital falls, the game is over at once and
    the action under way goes no further."""
    s = fresh()
    s.unit("warrior1").where = "L7"
    s.player["L7"] = PlayerArmy(10)
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.resume("tactic_chosen")
    enemy.resume("interrupt_none")
    assert s.destroyed == "bot" and rules.over(s)
    losses = next(d for d in enemy.decisions if d.action.what == "losses")
    assert "Capital City in L7" in losses.reason.text and "L208" in losses.reason.rule


def test_item10_with_capital_falls_never_no_battle_destroys_a_capital():
    """The option's alternative: the same battle at your Capital leaves it standing and the game goes on."""
    s = fresh()
    _person_capital(s, "L1")
    s.unit("hero1").where = "L2"
    options = BotOptions(capital_falls="never")
    enemy = Enemy(s, DATA, random.Random(0), answer=lambda region, total: (0, False), options=options)
    enemy.card = DATA.cards.cards[0]
    assert enemy.attack("hero1")
    assert s.destroyed == "" and not rules.over(s)
