"""Stars, limits, influence and rulers, on hand-made states."""

from __future__ import annotations

from engines.paxpamir.queries import court_limit, dominant, hand_limit, influence, ruler, stars, tax_shelter
from engines.paxpamir.setup import Market
from engines.paxpamir.state import Player, State


def state(*loyalties) -> State:
    return State([Player(loyalty) for loyalty in loyalties], deck=[], market=Market())


def test_stars_and_limits_from_the_court():
    s = state("british")
    s.players[0].court = [5, 1, 61]  # #5 political rank 1, #1 intelligence rank 3, #61 (economic)
    assert stars(s, 0, "political") == 1 and court_limit(s, 0) == 4
    assert hand_limit(s, 0) == 2 + 3
    assert tax_shelter(s, 0) == stars(s, 0, "economic") > 0


def test_influence_counts_loyal_patriots_prizes_and_gifts():
    s = state("afghan")
    s.players[0].court = [3, 1]  # #3 Afghan patriot; #1 no patriot
    s.players[0].prizes = [4]  # an Afghan prize (a player only keeps prizes of their own coalition)
    s.players[0].gifts = [2, 4]
    assert influence(s, 0) == 1 + 1 + 1 + 2


def test_ruling_needs_a_tribe_and_strictly_the_most_pieces():
    s = state("british", "russian")
    s.tribes["kandahar"] = [1, 1]
    assert ruler(s, "kandahar") == 1
    s.armies["kandahar"] = {"british": 2}
    s.tribes["kandahar"] = [0, 1, 1]  # British: 1 tribe + 2 armies = 3; Russian: 2 tribes
    assert ruler(s, "kandahar") == 0
    s.tribes["kandahar"] = [0, 1, 1, 1]  # 3 v 3: a tie, nobody rules
    assert ruler(s, "kandahar") is None


def test_a_coalitions_armies_alone_can_block_a_ruler():
    # spec B15 S3: W (first printing) 1 tribe, 2 British armies, Russian A 2 tribes -> no ruler
    s = state("afghan", "russian")  # W's pragmatic coalition plays no part for a human-style count
    s.tribes["kandahar"] = [0, 1, 1]
    s.armies["kandahar"] = {"british": 2}
    assert ruler(s, "kandahar") is None  # A's 2 are not more than the 2 British armies
    s.tribes["herat"] = [1]
    assert ruler(s, "herat") == 1


def test_dominance_on_the_map_and_conflict_fatigue():
    s = state("british")
    s.armies["kabul"] = {"russian": 5}
    s.roads["kabul_punjab"] = {"russian": 1, "british": 3}
    assert dominant(s) is None  # 6 v 3: a lead of 3
    s.armies["herat"] = {"russian": 1}
    assert dominant(s) == "russian"  # 7 v 3: a lead of 4
    s.armies["herat"] = {"british": 1}
    assert dominant(s) is None  # 6 v 4
    s.lasting["conflict_fatigue"] = 0
    assert dominant(s) == "russian"  # a lead of 2 is enough under Conflict Fatigue
