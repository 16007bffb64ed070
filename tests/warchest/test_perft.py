"""Move generation counted from fixed positions; each count is derived by hand in the comment above it."""

from __future__ import annotations

from collections import Counter

from engines.warchest import rules
from engines.warchest.state import Rules
from engines.warchest.units import FIRST_GAME
from tests.warchest.helpers import position

TWO = Rules()
FIRST_A, FIRST_B = FIRST_GAME


def count(state) -> Counter[str]:
    return Counter(type(a).__name__ for a in rules.legal_actions(state))


def test_opening_for_the_initiative_holder():
    # Swordsman and Pikeman: deploy on A1 or A2 (2), recruit any of 4 units (4), pass (1) -> 7 each;
    # Royal: recruit 4 + pass 1 -> 5. No claim: A holds the initiative. 7 + 7 + 5 = 19.
    state = position(ai_units=FIRST_A, human_units=FIRST_B, hand=["Swordsman", "Pikeman", "Royal"], rules=TWO)
    assert sum(count(state).values()) == 19
    assert count(state) == Counter({"Recruit": 12, "Deploy": 4, "Pass": 3})


def test_opening_for_the_other_side_includes_the_claim():
    # Each coin: deploy on B1/B2 (2), claim (1), recruit 4, pass 1 -> 8; the Scout has no friendly unit to stand
    # next to yet. 3 coins -> 24.
    state = position(ai_units=FIRST_A, human_units=FIRST_B, hand=["Archer", "Cavalry", "Scout"], to_act=1, rules=TWO)
    assert count(state) == Counter({"Recruit": 12, "Deploy": 6, "Claim": 3, "Pass": 3})


def test_light_cavalry_alone_in_the_centre():
    # bolster 1; move to 6 neighbours; tactic: 12 hexes two away plus the 6 neighbours by a bent two-step path
    # = 18; recruit 4 (every unit has supply); pass 1. Total 30.
    state = position(ai={(0, 0): "Light Cavalry"}, hand=["Light Cavalry"], rules=TWO)
    assert count(state) == Counter({"Tactic": 18, "Move": 6, "Recruit": 4, "Bolster": 1, "Pass": 1})


def test_crossbowman_with_an_adjacent_and_a_ranged_target():
    # bolster 1; move to 5 empty neighbours; attack the adjacent unit 1; tactic on (0,2) over the empty (0,1),
    # not on (1,-1) whose line is blocked by itself: 1; recruit 4; pass 1. Total 13.
    state = position(
        ai={(0, 0): "Crossbowman"},
        human={(0, 2): "Archer", (1, -1): "Lancer"},
        ai_units=("Crossbowman", "Pikeman", "Knight", "Swordsman"),
        hand=["Crossbowman"],
        rules=TWO,
    )
    assert count(state) == Counter({"Move": 5, "Recruit": 4, "Bolster": 1, "Attack": 1, "Tactic": 1, "Pass": 1})


def test_knight_on_a_neutral_location_next_to_a_knight():
    # Knight on N2 (0,-1), alone; an enemy Knight on (0,0). bolster 1; move to 5 empty neighbours; control N2 1;
    # no attack (an unbolstered unit cannot hit a Knight); recruit 4; pass 1. Total 12.
    state = position(
        ai={(0, -1): "Knight"},
        human={(0, 0): "Knight"},
        human_units=("Knight", "Archer", "Lancer", "Cavalry"),
        ai_units=("Swordsman", "Pikeman", "Knight", "Scout"),
        hand=["Knight"],
        rules=TWO,
    )
    assert count(state) == Counter({"Move": 5, "Recruit": 4, "Bolster": 1, "Control": 1, "Pass": 1})
