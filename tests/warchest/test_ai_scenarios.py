"""The spec's AI scenarios (games/warchest.md section 7), with tie_break=canonical as the spec sets them."""

from __future__ import annotations

import random

from engines.warchest import rules
from engines.warchest.actions import Attack, Bolster, Control, Deploy, Move, Muster, Recruit, Skip, Tactic
from engines.warchest.ai import AiOptions, SoloAI
from tests.warchest.helpers import AI, position

CANON = SoloAI(AiOptions(tie_break="canonical"))


def decide(state, ai=CANON):
    return ai.decide(state, random.Random(0))


def test_1_empty_board_deploy_ties_everywhere():
    state = position(hand=["Swordsman"])
    d = decide(state)
    assert d.action == Deploy("Swordsman", (1, -3))
    assert "tied on every priority" in d.reason.rule
    picks = {SoloAI().decide(state, random.Random(seed)).action.to for seed in range(30)}
    assert picks == {(1, -3), (3, -2)}


def test_2_deploy_toward_enemy_occupied_and_enemy_locations():
    assert decide(position(human={(0, -1): "Archer"}, hand=["Knight"])).action == Deploy("Knight", (1, -3))
    d = decide(position(human={(2, 0): "Archer"}, hand=["Knight"]))
    assert d.action == Deploy("Knight", (3, -2)) and "priority 3" in d.reason.rule
    d = decide(position(control={"N1": 1}, hand=["Knight"]))
    assert d.action == Deploy("Knight", (1, -3)) and "priority 2" in d.reason.rule


def test_3_scout_deploys_next_to_a_friendly_unit():
    d = decide(
        position(ai={(1, -1): "Swordsman"}, ai_units=("Swordsman", "Scout", "Knight", "Pikeman"), hand=["Scout"])
    )
    assert d.action == Deploy("Scout", (0, -1))
    assert "Scout note" in d.reason.rule


def test_4_target_by_centre_then_step_toward_another_neutral():
    d = decide(position(ai={(1, -3): "Pikeman"}, hand=["Pikeman"]))
    assert d.action == Move("Pikeman", (1, -3), (0, -2))
    assert "N2" in d.reason.text and "priority 2 (closest to another neutral location)" in d.reason.rule + d.reason.text


def test_5_path_distance_goes_around_units():
    d = decide(position(ai={(2, -2): "Pikeman", (1, -1): "Knight", (1, -2): "Swordsman"}, hand=["Pikeman"]))
    assert d.action == Move("Pikeman", (2, -2), (2, -1))
    assert "N3" in d.reason.text


def test_6_light_cavalry_moves_twice_or_stops_when_obstructed():
    d = decide(position(ai={(3, -2): "Light Cavalry"}, hand=["Light Cavalry"]))
    assert d.action == Tactic("Light Cavalry", (3, -2), to=(2, 0))
    d = decide(position(ai={(3, -2): "Light Cavalry"}, human={(2, 0): "Archer"}, hand=["Light Cavalry"]))
    assert d.action == Move("Light Cavalry", (3, -2), (2, -1))


def test_7_attack_priorities_by_location():
    base = {"N2": AI, "N5": 1}
    humans = {(0, -1): "Archer", (0, 1): "Cavalry", (1, -1): "Lancer"}
    d = decide(position(ai={(0, 0): "Pikeman"}, human=humans, control=base, hand=["Pikeman"]))
    assert d.action == Attack("Pikeman", (0, 0), (0, -1)) and "friendly location" in d.reason.rule
    humans.pop((0, -1))
    d = decide(position(ai={(0, 0): "Pikeman"}, human=humans, control=base, hand=["Pikeman"]))
    assert d.action == Attack("Pikeman", (0, 0), (0, 1)) and "enemy location" in d.reason.rule
    d = decide(position(ai={(0, 0): "Pikeman"}, human=humans, hand=["Pikeman"]))
    assert d.action == Attack("Pikeman", (0, 0), (0, 1)) and "neutral location" in d.reason.rule


def test_8_attack_the_unit_nearer_the_centre():
    d = decide(position(ai={(1, -1): "Pikeman"}, human={(1, 0): "Archer", (2, -1): "Lancer"}, hand=["Pikeman"]))
    assert d.action == Attack("Pikeman", (1, -1), (1, 0))


XB_UNITS = ("Crossbowman", "Pikeman", "Knight", "Swordsman")


def test_9_crossbowmen_prefer_adjacent_then_range_then_move():
    d = decide(
        position(
            ai={(1, -2): "Crossbowman"},
            human={(1, 0): "Archer", (2, -2): "Lancer"},
            ai_units=XB_UNITS,
            hand=["Crossbowman"],
        )
    )
    assert d.action == Attack("Crossbowman", (1, -2), (2, -2))
    d = decide(position(ai={(1, -2): "Crossbowman"}, human={(1, 0): "Archer"}, ai_units=XB_UNITS, hand=["Crossbowman"]))
    assert d.action == Tactic("Crossbowman", (1, -2), target=(1, 0))
    d = decide(
        position(
            ai={(1, -2): "Crossbowman", (1, -1): "Knight"},
            human={(1, 0): "Archer"},
            ai_units=XB_UNITS,
            hand=["Crossbowman"],
        )
    )
    assert d.action == Move("Crossbowman", (1, -2), (0, -1))


def test_10_control_when_it_wins_else_attack_and_stay():
    control = {"N1": AI, "N3": AI, "N4": AI}
    d = decide(position(ai={(0, -1): "Swordsman"}, human={(0, 0): "Archer"}, control=control, hand=["Swordsman"]))
    assert d.action == Control("Swordsman", (0, -1)) and "wins" in d.reason.text
    state = position(
        ai={(0, -1): "Swordsman"}, human={(0, 0): "Archer"}, control={"N1": AI, "N3": AI}, hand=["Swordsman"]
    )
    d = decide(state)
    assert d.action == Attack("Swordsman", (0, -1), (0, 0))
    rules.apply(state, d.action, random.Random(0))
    assert decide(state).action == Skip()  # Swordsman note: it stands on a neutral location


def test_11_swordsman_moves_after_the_attack():
    state = position(ai={(0, 0): "Swordsman"}, human={(1, -1): "Archer"}, control={"N5": 1}, hand=["Swordsman"])
    d = decide(state)
    assert d.action == Attack("Swordsman", (0, 0), (1, -1))
    rules.apply(state, d.action, random.Random(0))
    assert (1, -1) not in state.board and state.sides[1].eliminated == {"Archer": 1}
    d = decide(state)
    assert d.action == Move(None, (0, 0), (0, 1)) and "N5" in d.reason.text


def test_12_knight_note_bolsters_then_attacks():
    units = ("Swordsman", "Pikeman", "Cavalry", "Scout")
    state = position(
        ai={(0, 0): "Swordsman"},
        human={(1, -1): "Knight"},
        human_units=("Knight", "Archer", "Lancer", "Light Cavalry"),
        ai_units=units,
        hand=["Swordsman"],
    )
    d = decide(state)
    assert d.action == Bolster("Swordsman", (0, 0)) and "Knight Note" in d.reason.rule
    rules.apply(state, d.action, random.Random(0))
    assert state.board[(0, 0)].coins == 2 and "Swordsman" not in state.sides[AI].discard_up
    state.current, state.sides[AI].hand = AI, ["Swordsman"]
    state.sides[1].hand = []
    assert decide(state).action == Attack("Swordsman", (0, 0), (1, -1))


def test_13_cavalry_moves_then_attacks():
    units = ("Cavalry", "Pikeman", "Knight", "Swordsman")
    d = decide(
        position(
            ai={(2, -2): "Cavalry"},
            human={(1, 0): "Archer"},
            ai_units=units,
            hand=["Cavalry"],
            human_units=("Archer", "Crossbowman", "Lancer", "Scout"),
        )
    )
    assert d.action == Tactic("Cavalry", (2, -2), to=(1, -1), target=(1, 0))
    assert "Calvary Note" in d.reason.rule


def test_14_royal_coin_after_a_reload():
    def before_reload():
        state = position(
            ai={(2, 0): "Swordsman", (1, -3): "Pikeman"}, ai_units=("Swordsman", "Pikeman", "Knight", "Light Cavalry")
        )
        state.sides[AI].bag = {}
        state.sides[AI].discard_up = {"Swordsman": 2, "Knight": 2, "Light Cavalry": 1}
        state.current = 1
        state.sides[1].hand = []
        return state

    for seed in range(100):  # the first seed whose reveal, after the reload, is the Royal Coin
        state = before_reload()
        rules._settle(state, random.Random(seed))  # the human's turn ends: the AI reloads and reveals
        if state.sides[AI].hand == ["Royal"]:
            break
    ai_side = state.sides[AI]
    assert sum(ai_side.bag.values()) == 5 and ai_side.royals_added == 1  # 6 in the refilled bag, 1 revealed
    decisions = CANON.turn(state, random.Random(0))
    assert [d.action for d in decisions] == [Muster("Royal"), Control(None, (2, 0)), Move(None, (1, -3), (0, -2))]
    work = state.copy()
    for d in decisions:
        rules.apply(work, d.action, random.Random(0))
    assert work.control[(2, 0)] == AI and work.sides[AI].discard_up.get("Royal") == 1


def test_15_obstructed_move_recruits_and_option_7_changes_the_target():
    units = ("Pikeman", "Swordsman", "Crossbowman", "Scout", "Knight")
    state = position(ai={(0, -2): "Pikeman", (0, -1): "Swordsman"}, ai_units=units, hand=["Pikeman"])
    side = state.sides[AI]
    side.supply = {"Swordsman": 3, "Crossbowman": 3, "Scout": 3, "Knight": 2}
    side.eliminated = {"Crossbowman": 1}
    d = decide(state)
    assert d.action == Recruit("Pikeman", "Crossbowman") and "priority 2" in d.reason.rule
    excluded = SoloAI(AiOptions(tie_break="canonical", occupied_target="excluded"))
    assert decide(state, excluded).action == Move("Pikeman", (0, -2), (-1, -2))
