"""Issue 33, items 1-7: the Enemy's Vessels as the solo rules say, each test quoting its line of
``shared/rules/002_8a6d1316918f60f4.txt`` (L1 = its first line). Sample map (rows north to south):
L1 L2 S1 L5 / L3 L4 S2 L6 / S3 S4 L8 L7; a ferry L4-L6, a Graticule S1-S3; the bot's Capital in L7."""

from __future__ import annotations

import random

from engines.holas import rules
from engines.holas.bot import Enemy
from engines.holas.data_model import SAMPLE, load_folder
from engines.holas.state import PlayerArmy, State, Unit

DATA = load_folder(SAMPLE)


def fresh() -> State:
    return rules.new_game(DATA, "L7", random.Random(1))


def put(s: State, where: str, kind: str, aboard: Unit | None = None) -> Unit:
    """A unit of ``kind`` from the supply (a Hero from the Courtyard) into ``where``, aboard ``aboard``."""
    unit = next(u for u in s.units if u.type == kind and u.where in ("supply", "courtyard"))
    unit.where, unit.aboard = where, aboard.id if aboard else None
    return unit


def hero1(s: State, where: str, aboard: Unit | None = None) -> Unit:
    h = s.unit("hero1")
    h.where, h.aboard = where, aboard.id if aboard else None
    return h


def went(enemy: Enemy, *steps: str) -> list[str]:
    return [dict(d.action.detail)["to"] for d in enemy.decisions if d.action.what in steps]


# --- 1. a Hero aboard a Vessel -------------------------------------------------------------------------------


def test_1_a_hero_aboard_an_air_vessel_flies_with_it_alone_and_takes_no_ferry():
    """L162 "Heroes aboard Air and Sea Vessels move differently"; L166 "a Vessel and its occupants move alone and
    not as part of a Land army. Any Units left behind remain in their Region."; L171 "Will not move using Ferry
    Routes or Graticules". Hero 1 aboard the Air Vessel in L4 with a Serf beside it on land; arrow E, where L4's
    Ferry Route to L6 lies: the vessel flies (not by the ferry), the Serf stays."""
    s = fresh()
    vessel = put(s, "L4", "air_vessel")
    hero1(s, "L4", vessel)
    serf = put(s, "L4", "serf")
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.move("hero1", "E")
    flown = went(enemy, "fly")
    assert flown and flown[0] != "L6" and vessel.where == flown[-1] == s.unit("hero1").where
    assert serf.where == "L4" and not went(enemy, "move")


def test_1_a_hero_aboard_a_sea_vessel_sails_with_it():
    """L162, L166; L186 "After a second movement, will Dock at the Shore Regions pointed to by the compass". Hero 1
    aboard the Sea Vessel docked at L2 with a Warrior aboard; arrow S: it puts to sea and sails, the Warrior with it."""
    s = fresh()
    vessel = put(s, "L2", "sea_vessel")
    hero1(s, "L2", vessel)
    warrior = put(s, "L2", "warrior", vessel)
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.move("hero1", "S")
    assert went(enemy, "sail") and vessel.where == s.unit("hero1").where == warrior.where == "L8"


# --- 2. leaving the Courtyard --------------------------------------------------------------------------------


def test_2_a_hero_leaving_the_courtyard_takes_only_its_army_not_a_hero_aboard_a_vessel_in_the_capital():
    """L144 "If moving from a Capital City, it will take all available Units in the Courtyard without exceeding 5
    Units"; L148 "only 1 Enemy Faction Hero per Region". Hero 2 aboard an Air Vessel in the Capital's region L7 with a
    Warrior beside it; hero 1 leaves the Courtyard with a Serf, arrow N (to L6): hero 2, its vessel and the Warrior
    stay in L7."""
    s = fresh()
    vessel = put(s, "L7", "air_vessel")
    s.unit("hero2").where, s.unit("hero2").aboard = "L7", vessel.id
    warrior = put(s, "L7", "warrior")
    serf = put(s, "courtyard", "serf")
    Enemy(s, DATA, random.Random(0)).move("hero1", "N")
    assert s.unit("hero1").where == serf.where == "L6"
    assert s.unit("hero2").where == vessel.where == warrior.where == "L7"


# --- 3. a Vessel in the Courtyard ----------------------------------------------------------------------------


def test_3_a_hero_leaving_the_courtyard_boards_an_empty_vessel_there_and_it_moves():
    """L146 "If an empty Vessel is present in the Hero's region, the Hero boards that Vessel and then moves, taking 1
    other Unit aboard if one is available (prioritizing Warriors over Serfs)"; a Vessel recruited in the Courtyard
    (L66 "If the Hero is in the Courtyard, place new Units there") or back from a lost Battle (L120 "Any surviving
    Units return to the Capital City Courtyard") stands in the Capital City: it sets off from the Capital's region."""
    s = fresh()
    vessel = put(s, "courtyard", "air_vessel")
    warrior = put(s, "courtyard", "warrior")
    serf = put(s, "courtyard", "serf")
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.move("hero1", "N")
    assert s.unit("hero1").aboard == warrior.aboard == vessel.id and serf.where == "courtyard"
    assert vessel.where not in ("courtyard", "L7") and vessel.where == s.unit("hero1").where == warrior.where


# --- 4. resources on the way ---------------------------------------------------------------------------------


def test_4_an_air_vessel_gains_the_resources_of_the_regions_it_enters():
    """L194 "The Enemy Hero collects 1 Resource of a Resource Region's type when it enters that Region"; L196 "For
    the 'Attack' Action Card and Air Vessels, the Hero potentially could gain 2 Resources". Aboard the Air Vessel
    in L3, arrow E: L4 (a mountain: +1 Ore), the sea S2 (which L4's Ferry Route crosses: no air route, L171), then
    L6 (a forest: +1 Mana)."""
    s = fresh()
    vessel = put(s, "L3", "air_vessel")
    hero1(s, "L3", vessel)
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.move("hero1", "E")
    assert went(enemy, "fly") == ["L4", "S2", "L6"] and s.resources["ore"] == 4 and s.resources["mana"] == 4


def test_4_a_sea_vessel_that_wins_its_docking_battle_gains_the_regions_resource():
    """L188 "the Enemy Sea Vessel will Dock on the Shore with the lowest Natural Strength army and then Battle";
    L196 "If moving results in a Battle, it must be resolved first (and the Enemy must win) before gaining the
    Resource". It docks at L6 (a forest) by your army and wins: +1 Mana."""
    s = fresh()
    vessel = put(s, "L2", "sea_vessel")
    hero1(s, "L2", vessel)
    s.player = {"L6": PlayerArmy(1)}
    enemy = Enemy(s, DATA, random.Random(0), answer=lambda region, bot: (0, False))
    enemy.move("hero1", "S")
    assert went(enemy, "dock") == ["L6"] and s.resources["mana"] == 4


# --- 5. an Air Vessel's last step ----------------------------------------------------------------------------


def test_5_an_air_vessel_whose_last_step_would_end_at_sea_enters_the_next_land_clockwise_instead():
    """L173 "Can move through the center Sea Region, counting it as one Region, but MAY NOT stop there"; L175 "If
    their second movement would end in a Sea Region, they do not move there and instead move into the next
    'clockwise' Land Region". Aboard in L3, arrow S: the sea S3, back to L3 (the Graticule is no air route), then S3
    again would end at sea: from L3 it turns clockwise to the land L1 (not a jump beyond the sea, nor back to L3)."""
    s = fresh()
    vessel = put(s, "L3", "air_vessel")
    hero1(s, "L3", vessel)
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.move("hero1", "S")
    assert went(enemy, "fly") == ["S3", "L3", "L1"] and vessel.where == "L1"


# --- 6. Sea Vessels ------------------------------------------------------------------------------------------


def test_6_a_sea_vessel_takes_the_exploration_tokens_of_the_seas_it_passes():
    """L168 "the Vessel may still collect Exploration Tokens when passing through Regions"."""
    s = fresh()
    vessel = put(s, "L2", "sea_vessel")
    hero1(s, "L2", vessel)
    Enemy(s, DATA, random.Random(0)).move("hero1", "S")
    assert not {"S1", "S2"} & s.tokens.keys() and s.collected >= 2


def test_6_a_sea_vessel_crosses_a_graticule_only_straight_on_in_the_cards_direction():
    """L180 "Can use Graticules and wrap around the Map if they continue in the card's compass direction". At sea in
    S1, arrow W: the shore L2 lies west; turning clockwise, the Graticule to S3 (north) comes before the sea S2, but
    that is no longer the card's direction: it sails to S2."""
    s = fresh()
    vessel = put(s, "S1", "sea_vessel")
    hero1(s, "S1", vessel)
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.move("hero1", "W")
    assert went(enemy, "sail")[0] == "S2" and "S3" not in went(enemy, "sail")


def test_6_a_sea_vessel_putting_to_sea_where_your_sea_vessel_is_stops_there_and_battles_with_its_strength():
    """L182 "Can Dock and Undock from Shores without using movement"; L184 "Stop in a Sea Region with your Sea
    Vessel and then Battle". Docked at L2, arrow E: it puts to sea in S1, where your Sea Vessel is: it enters S1 and
    battles there with its crew's strength (Hero 3 + vessel 2), not 0 from afar."""
    s = fresh()
    vessel = put(s, "L2", "sea_vessel")
    hero1(s, "L2", vessel)
    s.player_sea = "S1"
    totals: list[int] = []
    enemy = Enemy(s, DATA, random.Random(0), answer=lambda region, bot: (totals.append(bot), (99, False))[1])
    enemy.move("hero1", "E")
    card = next(c for c in DATA.cards.cards if c.id in s.discard)
    assert went(enemy, "undock") == ["S1"] and totals == [5 + card.battle.strength]


def test_6_a_sea_vessel_does_not_dock_where_another_enemy_hero_stands():
    """L148 "It CANNOT move ... into a Region with another of its Heroes"; L186 docking by the compass. Docked at
    L2, arrow S, it ends in S2; L8 (south) holds hero 2: it docks at the next Shore clockwise, L4."""
    s = fresh()
    vessel = put(s, "L2", "sea_vessel")
    hero1(s, "L2", vessel)
    s.unit("hero2").where = "L8"
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.move("hero1", "S")
    assert went(enemy, "dock") == ["L4"]


# --- 7. where Recruit and Build put pieces -------------------------------------------------------------------


def test_7_a_warrior_recruited_at_sea_goes_aboard_the_heros_vessel():
    """L66 "New Units are placed in the Region of the Hero who performed the action, and will now be part of that
    Hero's army"; a land unit stands at sea only aboard (L166). Hero 1 aboard its Sea Vessel in S2; only a Warrior
    is affordable."""
    s = fresh()
    vessel = put(s, "S2", "sea_vessel")
    hero1(s, "S2", vessel)
    s.resources = {"ore": 0, "mana": 0, "food": 2}
    assert Enemy(s, DATA, random.Random(0)).recruit("hero1")
    warrior = next(u for u in s.units if u.type == "warrior" and u.where != "supply")
    assert (warrior.where, warrior.aboard) == ("S2", vessel.id)


def test_7_a_sea_vessel_recruited_inland_goes_to_the_capital():
    """L82 "In the case of a Sea Vessel, the Hero must be on a Shore Region. If it's not on a Shore Region, the Sea
    Vessel will be built in the Capital City instead" (the same for one recruited). Hero 1 in L1 (no Shore); the Air
    Vessel is out of the supply, the Sea Vessel unlocked and affordable."""
    s = fresh()
    hero1(s, "L1")
    put(s, "L5", "air_vessel")
    s.cc_space, s.resources = 3, {"ore": 3, "mana": 0, "food": 1}
    assert Enemy(s, DATA, random.Random(0)).recruit("hero1")
    assert next(u for u in s.units if u.type == "sea_vessel").where == "L7"


def test_7_a_vessel_built_where_five_units_stand_goes_to_the_capital():
    """L66 "If a Unit cannot fit in that Region due to the 5 Unit Limit a Region has, then it is placed in the
    Capital City". Hero 1 and 4 Warriors in L2; an Air Vessel is built."""
    s = fresh()
    hero1(s, "L2")
    for _ in range(4):
        put(s, "L2", "warrior")
    s.resources = {"ore": 5, "mana": 5, "food": 5}
    assert Enemy(s, DATA, random.Random(0)).build_towers_vessels("hero1")
    assert next(u for u in s.units if u.type == "air_vessel").where == "L7" and len(s.in_region("L2")) == 5


def test_7_a_vessel_built_by_a_hero_in_the_courtyard_takes_it_and_its_warriors_aboard():
    """L82 "Vessels are placed in the Region of the Hero who took the action"; L84 "The Enemy will try to fit as
    many Units in the Vessel as possible, prioritizing Heroes first, then Warriors, then Serfs". Hero 1 in the
    Courtyard with a Warrior and a Serf (and heroes 2 and 3, who lead armies of their own)."""
    s = fresh()
    warrior = put(s, "courtyard", "warrior")
    serf = put(s, "courtyard", "serf")
    s.resources = {"ore": 5, "mana": 5, "food": 5}
    assert Enemy(s, DATA, random.Random(0)).build_towers_vessels("hero1")
    vessel = next(u for u in s.units if u.type == "air_vessel")
    aboard = {u.id for u in s.units if u.aboard == vessel.id}
    assert vessel.where == "courtyard" and aboard == {"hero1", warrior.id, serf.id}
