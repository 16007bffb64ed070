"""What checking the Enemy against the independent reference (``test_oracle.py``) found in the engine, each test
quoting its line of ``shared/rules/002_8a6d1316918f60f4.txt`` (L1 = its first line). Sample map (rows north to
south): L1 L2 S1 L5 / L3 L4 S2 L6 / S3 S4 L8 L7; a ferry L4-L6, a Graticule S1-S3."""

from __future__ import annotations

import random

import pytest

from engines.holas import rules
from engines.holas.bot import Enemy
from engines.holas.data_model import SAMPLE, load_folder
from engines.holas.options import BotOptions
from engines.holas.state import PlayerArmy, State

DATA = load_folder(SAMPLE)


def went(enemy: Enemy, *steps: str) -> list[str]:
    return [dict(d.action.detail)["to"] for d in enemy.decisions if d.action.what in steps]


def test_an_air_vessel_crosses_two_seas_when_land_lies_beyond_them():
    """L173 "Can move through the center Sea Region, counting it as one Region, but MAY NOT stop there" (H14: any
    Sea region); L142 "continue moving the direction clockwise until it points to a Region it can move into". The
    bot's Capital in L3; hero 1 aboard the Air Vessel in the Courtyard, arrow SE: the sea S3 lies that way, and from
    it S4, then land (L4). With three steps it flies S3, S4, L4; it used to turn away from S3 because no land it
    may enter borders S3 itself, and flew L1, L2, L4."""
    s: State = rules.new_game(DATA, "L3", random.Random(1))
    vessel = s.unit("air_vessel1")
    vessel.where = "courtyard"
    hero = s.unit("hero1")
    hero.aboard = vessel.id
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.move("hero1", "SE")
    assert went(enemy, "fly") == ["S3", "S4", "L4"] and vessel.where == hero.where == "L4"


def test_an_air_vessel_still_never_enters_a_sea_it_could_not_leave_in_time():
    """L173 "MAY NOT stop there"; L175 "If their second movement would end in a Sea Region, they do not move there
    and instead move into the next 'clockwise' Land Region". Hero 1 aboard the Air Vessel in L4 (Capital L7), arrow
    NW; heroes 2 and 3 hold L2 and L5, so from S1 there is no land it may enter: it does not fly S2, S1 but turns
    to L6 from S2."""
    s: State = rules.new_game(DATA, "L7", random.Random(1))
    vessel = s.unit("air_vessel1")
    vessel.where = "L4"
    hero = s.unit("hero1")
    hero.where, hero.aboard = "L4", vessel.id
    s.unit("hero2").where, s.unit("hero3").where = "L2", "L5"
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.move("hero1", "NW")
    assert went(enemy, "fly") == ["S2", "L6"] and vessel.where == "L6"


def test_an_attack_across_a_ferry_route_says_it_takes_the_ferry():
    """L98 "All Units in this Hero's Region move up to 2 regions to Battle the player"; L158 "the Enemy army will
    move along the Ferry Route". Hero 1 in L4 with a Warrior; the person's Serf in L6, across the Ferry Route: the
    army's one leg is the ferry (it used to be reported as a step overland)."""
    s: State = rules.new_game(DATA, "L7", random.Random(1))
    s.unit("hero1").where = "L4"
    next(u for u in s.units if u.type == "warrior").where = "L4"
    s.player["L6"] = PlayerArmy(1)
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.card = next(c for c in DATA.cards.cards if c.action == "attack")
    assert enemy.attack("hero1")
    legs = [dict(d.action.detail) for d in enemy.decisions if d.action.what == "move"]
    assert [(leg["to"], leg["how"]) for leg in legs] == [("L6", "ferry")]


@pytest.mark.parametrize(("reading", "aboard"), [("board", True), ("board_if_it_moves", False)])
def test_a_hero_boards_an_empty_vessel_even_one_that_cannot_move_or_only_one_that_can(reading: str, aboard: bool):
    """L146 "If an empty Vessel is present in the Hero's region, the Hero boards that Vessel and then moves, taking 1
    other Unit aboard if one is available". The bot's Capital L7 is inland; an empty Sea Vessel and a Warrior in the
    Courtyard with hero 1. As the line says, the hero and the Warrior board it and, with no sea beside L7, stay
    aboard in the Courtyard; the engine's earlier reading (``board_if_it_moves``) has the land army leave instead."""
    s: State = rules.new_game(DATA, "L7", random.Random(1))
    vessel = s.unit("sea_vessel1")
    vessel.where = "courtyard"
    warrior = next(u for u in s.units if u.type == "warrior")
    warrior.where = "courtyard"
    hero = s.unit("hero1")
    enemy = Enemy(s, DATA, random.Random(0), options=BotOptions(empty_vessel=reading))  # type: ignore[arg-type]
    enemy.move("hero1", "N")
    if aboard:
        assert (hero.where, hero.aboard, warrior.aboard) == ("courtyard", vessel.id, vessel.id)
        assert [d.action.what for d in enemy.decisions] == ["board", "stopped"]
    else:
        assert (hero.where, hero.aboard, warrior.where) == ("L6", None, "L6") and vessel.where == "courtyard"


def test_a_hero_leaving_the_courtyard_takes_a_courtyard_warrior_aboard_a_vessel_in_the_capitals_region():
    """L146 "If an empty Vessel is present in the Hero's region, the Hero boards that Vessel and then moves, taking 1
    other Unit aboard if one is available (prioritizing Warriors over Serfs)"; the Courtyard is part of the Capital's
    region (README). Hero 1 and a Warrior in the Courtyard; the empty Air Vessel stands in the Capital's region L7
    (one built while its hero was aboard another, L84): the Warrior boards with the hero (it used to be left behind,
    as only units standing beside the vessel were taken)."""
    s: State = rules.new_game(DATA, "L7", random.Random(1))
    vessel = s.unit("air_vessel1")
    vessel.where = "L7"
    warrior = next(u for u in s.units if u.type == "warrior")
    warrior.where = "courtyard"
    enemy = Enemy(s, DATA, random.Random(0))
    enemy.move("hero1", "N")
    boarded = next(dict(d.action.detail)["units"] for d in enemy.decisions if d.action.what == "board")
    assert list(boarded) == ["hero1", warrior.id] and warrior.aboard == vessel.id and warrior.where == vessel.where
