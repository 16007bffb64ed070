"""War Chest rules: the spec's edge rulings (games/warchest.md section 4), one test each, plus set-up and turns."""

from __future__ import annotations

import random

import pytest

from engines.warchest import rules
from engines.warchest.actions import (
    Attack,
    Bolster,
    Claim,
    Control,
    Deploy,
    Move,
    Pass,
    Recruit,
    Skip,
    Soak,
    Tactic,
    describe,
)
from engines.warchest.board import HEXES, name
from engines.warchest.state import Rules
from tests.warchest.helpers import position

TWO = Rules()  # the 2-player rules
SIDE_A, SIDE_B = 0, 1


def legal(state):
    return list(rules.legal_actions(state))


def of(actions, kind):
    return [a for a in actions if isinstance(a, kind)]


def play(state, action, seed=0):
    rules.apply(state, action, random.Random(seed))
    return state


def test_setup_bags_supply_markers_and_first_draw():
    state = rules.new_game(
        (("Swordsman", "Pikeman", "Crossbowman", "Light Cavalry"), ("Archer", "Cavalry", "Lancer", "Scout")),
        random.Random(3),
        initiative=SIDE_A,
    )
    a = state.sides[SIDE_A]
    assert len(a.hand) == 3 and sum(a.bag.values()) == 9 - 3
    assert a.supply == {"Swordsman": 3, "Pikeman": 2, "Crossbowman": 3, "Light Cavalry": 3}
    assert a.markers_off == 4 and state.control == {(1, -3): SIDE_A, (3, -2): SIDE_A, (-1, 3): SIDE_B, (-3, 2): SIDE_B}
    assert state.current == SIDE_A and state.round == 1


def test_rounds_alternate_and_a_new_round_draws_again():
    state = rules.new_game(
        (("Swordsman", "Pikeman", "Crossbowman", "Light Cavalry"), ("Archer", "Cavalry", "Lancer", "Scout")),
        random.Random(3),
        initiative=SIDE_B,
    )
    order = []
    while state.round == 1:
        order.append(state.current)
        play(state, of(legal(state), Pass)[0])
    assert order == [SIDE_B, SIDE_A, SIDE_B, SIDE_A, SIDE_B, SIDE_A]
    assert state.round == 2 and state.current == SIDE_B
    assert len(state.sides[SIDE_A].hand) == 3 and len(state.sides[SIDE_B].hand) == 3


def test_an_empty_bag_takes_the_whole_discard():
    side = rules.make_side(("Swordsman",), in_bag=0, royals=0)
    side.discard_up, side.discard_down = {"Swordsman": 1}, {"Royal": 1}
    drawn = {rules.draw_coin(side, random.Random(0)), rules.draw_coin(side, random.Random(0))}
    assert drawn == {"Swordsman", "Royal"} and not side.discard_up and not side.discard_down


def test_1_with_all_locations_occupied_only_a_scout_can_deploy():
    state = position(
        ai={(1, -3): "Swordsman", (3, -2): "Pikeman"},
        ai_units=("Swordsman", "Pikeman", "Scout", "Knight"),
        hand=["Scout", "Knight"],
        rules=TWO,
    )
    deploys = of(legal(state), Deploy)
    assert deploys and {d.coin for d in deploys} == {"Scout"}
    assert all(any(rules.distance(d.to, h) == 1 for h in ((1, -3), (3, -2))) for d in deploys)


def test_2_a_second_unit_of_a_type_is_illegal_except_footmen():
    state = position(ai={(1, -3): "Swordsman"}, hand=["Swordsman"], rules=TWO)
    assert not of(legal(state), Deploy)
    state = position(
        ai={(1, -3): "Footman"}, ai_units=("Footman", "Pikeman", "Knight", "Scout"), hand=["Footman"], rules=TWO
    )
    assert of(legal(state), Deploy) == [Deploy("Footman", (3, -2))]
    play(state, Deploy("Footman", (3, -2)))
    state.current, state.sides[SIDE_A].hand = SIDE_A, ["Footman"]
    state.control[(0, -1)] = SIDE_A
    assert not of(legal(state), Deploy)  # never a third


def test_3_an_undeployed_units_coin_only_deploys_or_is_discarded_face_down():
    state = position(hand=["Knight"], rules=TWO)
    kinds = {type(a) for a in legal(state)}
    assert kinds == {Deploy, Recruit, Pass}  # A holds the initiative, so no claim
    state.initiative = SIDE_B
    assert Claim in {type(a) for a in legal(state)}


def test_4_an_attack_removes_exactly_one_coin_which_is_eliminated():
    state = position(ai={(0, 0): "Swordsman"}, human={(1, -1): ("Archer", 3)}, hand=["Swordsman"], rules=TWO)
    play(state, Attack("Swordsman", (0, 0), (1, -1)))
    assert state.board[(1, -1)].coins == 2 and state.sides[SIDE_B].eliminated == {"Archer": 1}
    assert state.sides[SIDE_B].discard_up == {}  # eliminated, not discarded


def test_5_initiative_changes_hands_at_most_once_a_round():
    state = position(hand=["Knight"], to_act=SIDE_B, rules=TWO)
    state.sides[SIDE_A].hand = ["Pikeman"]
    play(state, Claim("Knight"))
    assert state.initiative == SIDE_B and state.sides[SIDE_B].discard_down == {"Knight": 1}
    assert state.current == SIDE_A and not of(legal(state), Claim)


def test_6_start_locations_can_be_captured_and_the_sixth_marker_wins_at_once():
    state = position(
        ai={(-1, 3): "Swordsman"}, hand=["Swordsman"], rules=TWO, control={"N1": SIDE_A, "N2": SIDE_A, "N3": SIDE_A}
    )
    assert state.sides[SIDE_A].markers_off == 1
    play(state, Control("Swordsman", (-1, 3)))
    assert state.winner == SIDE_A and state.over and state.sides[SIDE_B].markers_off == 5
    assert not legal(state)


def test_7_multi_hex_moves_pass_only_through_empty_hexes():
    # Light Cavalry hemmed in by its own units: two steps need an empty middle hex.
    ring = {h: "Knight" if i == 0 else "Pikeman" for i, h in enumerate(((1, -1), (-1, 1), (0, 1), (1, 0)))}
    units = {(0, 0): "Light Cavalry", (0, -1): "Swordsman", (-1, 0): "Scout"}
    state = position(
        ai=units,
        human=dict.fromkeys(ring, "Archer"),
        hand=["Light Cavalry"],
        ai_units=("Light Cavalry", "Swordsman", "Scout", "Knight"),
        rules=TWO,
    )
    assert not [t for t in of(legal(state), Tactic) if t.frm == (0, 0)]
    # Lancer: the path to its target must be empty
    state = position(
        ai={(0, -2): "Lancer", (0, -1): "Scout"},
        human={(0, 0): "Archer"},
        hand=["Lancer"],
        ai_units=("Lancer", "Scout", "Knight", "Pikeman"),
        human_units=("Archer", "Cavalry", "Swordsman", "Marshall"),
        rules=TWO,
    )
    assert not of(legal(state), Tactic)


RG = ("Royal Guard", "Pikeman", "Knight", "Scout")


def test_8_royal_guard_tactic_moves_one_or_two_onto_a_held_location_with_the_royal_coin_face_up():
    state = position(ai={(2, -2): "Royal Guard"}, ai_units=RG, hand=["Royal"], rules=TWO)
    moves = of(legal(state), Tactic)
    assert {t.to for t in moves} == {(1, -3), (3, -2)} and all(t.coin == "Royal" for t in moves)
    play(state, moves[0])
    assert state.sides[SIDE_A].discard_up == {"Royal": 1}
    for action in (Pass("Royal"), Recruit("Royal", "Pikeman")):
        state = position(ai={(2, -2): "Royal Guard"}, ai_units=RG, hand=["Royal"], rules=TWO)
        play(state, action)
        assert state.sides[SIDE_A].discard_down == {"Royal": 1} and "Royal" not in state.sides[SIDE_A].discard_up
    # never 0 hexes: standing on a held location is not a move
    state = position(ai={(1, -3): "Royal Guard", (3, -2): "Pikeman"}, ai_units=RG, hand=["Royal"], rules=TWO)
    assert all(t.to != (1, -3) for t in of(legal(state), Tactic))


LANCER = ("Lancer", "Scout", "Pikeman", "Swordsman")
KNIGHTLY = ("Knight", "Archer", "Cavalry", "Marshall")


def test_9_the_lancer_needs_a_legal_final_attack():
    state = position(
        ai={(0, -2): "Lancer"},
        human={(0, 0): "Knight"},
        ai_units=LANCER,
        human_units=KNIGHTLY,
        hand=["Lancer"],
        rules=TWO,
    )
    assert not of(legal(state), Tactic)
    state.board[(0, -2)] = state.board[(0, -2)]._replace(coins=2)
    assert of(legal(state), Tactic) == [Tactic("Lancer", (0, -2), to=(0, -1), target=(0, 0))]


def test_10_knight_immunity_covers_normal_tactic_and_granted_attacks():
    units = ("Marshall", "Swordsman", "Crossbowman", "Scout")
    state = position(
        ai={(0, -1): "Marshall", (0, 0): "Swordsman", (0, -2): "Crossbowman"},
        human={(0, 1): "Knight"},
        ai_units=units,
        human_units=KNIGHTLY,
        hand=["Swordsman"],
        rules=TWO,
    )
    assert not of(legal(state), Attack)
    state.sides[SIDE_A].hand = ["Marshall"]
    assert not [t for t in of(legal(state), Tactic) if t.target == (0, 1)]
    state = position(
        ai={(0, -1): "Crossbowman"},
        human={(0, 1): "Knight"},
        ai_units=units,
        human_units=KNIGHTLY,
        hand=["Crossbowman"],
        rules=TWO,
    )
    assert not of(legal(state), Tactic)
    state.board[(0, -1)] = state.board[(0, -1)]._replace(coins=2)
    assert of(legal(state), Tactic) == [Tactic("Crossbowman", (0, -1), target=(0, 1))]


def test_11_pikeman_reflex_hits_even_a_knight_and_skips_range_attacks():
    units = ("Knight", "Crossbowman", "Scout", "Swordsman")
    state = position(
        ai={(0, 0): "Knight"},
        human={(1, -1): "Pikeman"},
        ai_units=units,
        human_units=("Pikeman", "Archer", "Lancer", "Cavalry"),
        hand=["Knight"],
        rules=TWO,
    )
    play(state, Attack("Knight", (0, 0), (1, -1)))
    assert (0, 0) not in state.board and (1, -1) not in state.board  # both lose their only coin
    assert state.sides[SIDE_A].eliminated == {"Knight": 1} and state.sides[SIDE_B].eliminated == {"Pikeman": 1}
    state = position(
        ai={(0, -1): "Crossbowman"},
        human={(0, 1): "Pikeman"},
        ai_units=units,
        human_units=("Pikeman", "Archer", "Lancer", "Cavalry"),
        hand=["Crossbowman"],
        rules=TWO,
    )
    play(state, Tactic("Crossbowman", (0, -1), target=(0, 1)))
    assert (0, -1) in state.board and (0, 1) not in state.board


def test_12_royal_guard_soak_comes_after_the_warrior_priests_draw_and_is_eliminated():
    units = ("Warrior Priest", "Scout", "Knight", "Pikeman")
    state = position(
        ai={(0, 0): "Warrior Priest"},
        human={(1, -1): "Royal Guard"},
        ai_units=units,
        human_units=("Royal Guard", "Archer", "Lancer", "Cavalry"),
        hand=["Warrior Priest"],
        rules=TWO,
    )
    bag_before = sum(state.sides[SIDE_A].bag.values())
    play(state, Attack("Warrior Priest", (0, 0), (1, -1)))
    assert sum(state.sides[SIDE_A].bag.values()) == bag_before - 1  # drawn before the defender decides
    assert [p.kind for p in state.pending] == ["priest", "soak"] and state.to_act() == SIDE_B
    assert set(legal(state)) == {Soak(True), Soak(False)}
    play(state, Soak(True))
    assert state.board[(1, -1)].coins == 1 and state.sides[SIDE_B].eliminated == {"Royal Guard": 1}
    assert state.sides[SIDE_B].supply["Royal Guard"] == 2 and state.to_act() == SIDE_A  # then the priest's coin


def test_13_ensign_and_marshall_cannot_pick_themselves_and_marshall_grants_no_archer_or_lancer_attack():
    units = ("Marshall", "Archer", "Lancer", "Ensign")
    state = position(
        ai={(0, 0): "Marshall", (1, -1): "Archer", (-1, 0): "Lancer", (0, -1): "Ensign"},
        human={(0, 1): "Scout", (1, 0): "Swordsman", (-1, 1): "Pikeman", (1, -2): "Cavalry"},
        ai_units=units,
        human_units=("Scout", "Swordsman", "Pikeman", "Cavalry"),
        hand=["Marshall"],
        rules=TWO,
    )
    granted = [t for t in of(legal(state), Tactic) if t.frm == (0, 0)]
    assert {t.other for t in granted} == {(0, -1)}  # only the Ensign: not itself, not the Archer or Lancer
    state.sides[SIDE_A].hand = ["Ensign"]
    moves = [t for t in of(legal(state), Tactic) if t.frm == (0, -1)]
    assert moves and all(t.other != (0, -1) for t in moves)
    assert all(rules.distance(t.to, (0, -1)) <= 2 for t in moves)


def test_14_berserker_chain_pays_first_and_the_knight_check_uses_the_new_height():
    units = ("Berserker", "Scout", "Pikeman", "Swordsman")
    state = position(
        ai={(0, 0): ("Berserker", 2)},
        human={(1, -1): "Knight", (0, 1): "Archer"},
        ai_units=units,
        human_units=KNIGHTLY,
        hand=["Berserker"],
        rules=TWO,
    )
    state.sides[SIDE_B].hand = ["Archer"]
    play(state, Attack("Berserker", (0, 0), (1, -1)))  # height 2: may hit the Knight
    assert state.pending[-1].kind == "berserker"
    options = legal(state)
    assert Attack(None, (0, 0), (0, 1)) in options and Attack(None, (0, 0), (1, -1)) not in options
    play(state, Attack(None, (0, 0), (0, 1)))
    assert state.board[(0, 0)].coins == 1 and state.sides[SIDE_A].discard_up == {"Berserker": 2}
    assert state.current == SIDE_B  # height 1: no further chain


def test_15_footmen_maneuver_in_any_order_and_must_if_able():
    units = ("Footman", "Scout", "Pikeman", "Knight")
    state = position(
        ai={(0, 0): "Footman", (2, -2): "Footman"},
        human={(0, 1): "Archer"},
        ai_units=units,
        hand=["Footman"],
        rules=TWO,
    )
    state.sides[SIDE_B].hand = ["Archer"]
    [tactic] = of(legal(state), Tactic)
    play(state, tactic)
    first = legal(state)
    assert Skip() not in first and {a.frm if not isinstance(a, Control) else a.at for a in first} == {(0, 0), (2, -2)}
    play(state, Move(None, (2, -2), (2, -1)))
    second = legal(state)
    assert all((a.frm if not isinstance(a, Control) else a.at) == (0, 0) for a in second)
    play(state, Attack(None, (0, 0), (0, 1)))
    assert state.current == SIDE_B and (0, 1) not in state.board


def test_16_granted_actions_trigger_attributes():
    units = ("Marshall", "Swordsman", "Scout", "Knight")
    state = position(
        ai={(0, 0): "Marshall", (0, -1): "Swordsman"},
        human={(1, -1): "Archer"},
        ai_units=units,
        hand=["Marshall"],
        rules=TWO,
    )
    play(state, Tactic("Marshall", (0, 0), target=(1, -1), other=(0, -1)))
    assert state.pending[-1].kind == "swordsman" and Move(None, (0, -1), (-1, -1)) in legal(state)


def test_17_the_mercenarys_free_maneuver_cannot_deploy_or_recruit():
    units = ("Mercenary", "Scout", "Pikeman", "Knight")
    state = position(ai={(0, 0): "Mercenary"}, ai_units=units, hand=["Pikeman"], rules=TWO)
    play(state, Recruit("Pikeman", "Mercenary"))
    options = legal(state)
    assert state.pending[-1].kind == "mercenary"
    assert {type(a) for a in options} <= {Move, Control, Attack, Skip} and Skip() in options


def test_18_a_recruited_coin_never_enters_the_hand_and_passing_forces_nothing():
    state = position(hand=["Knight", "Pikeman"], rules=TWO)
    state.sides[SIDE_B].hand = ["Archer"]
    play(state, Recruit("Knight", "Swordsman"))
    assert state.sides[SIDE_A].hand == ["Pikeman"] and state.sides[SIDE_A].discard_up == {"Swordsman": 1}
    play(state, Pass("Archer"))
    assert state.current == SIDE_A and of(legal(state), Deploy)  # after passes, anything is still allowed


def test_cavalry_moves_then_must_attack():
    state = position(
        ai={(0, -2): "Cavalry"},
        human={(0, 0): "Archer"},
        ai_units=("Cavalry", "Scout", "Pikeman", "Knight"),
        hand=["Cavalry"],
        rules=TWO,
    )
    tactics = of(legal(state), Tactic)
    assert tactics and all(rules.distance(t.to, t.target) == 1 and t.target == (0, 0) for t in tactics)
    play(state, tactics[0])
    assert (0, 0) not in state.board and (0, -2) not in state.board


def test_archer_hits_two_away_over_anything():
    state = position(
        ai={(0, -1): "Archer", (0, 0): "Scout"},
        human={(0, 1): "Pikeman"},
        ai_units=("Archer", "Scout", "Knight", "Lancer"),
        human_units=("Pikeman", "Cavalry", "Swordsman", "Marshall"),
        hand=["Archer"],
        rules=TWO,
    )
    assert of(legal(state), Attack) == []  # archers attack only by tactic
    assert Tactic("Archer", (0, -1), target=(0, 1)) in legal(state)


def test_illegal_action_is_refused_with_a_reason():
    state = position(hand=["Knight"], rules=TWO)
    with pytest.raises(rules.IllegalAction, match="not legal now for side A"):
        play(state, Bolster("Knight", (0, 0)))


def test_state_round_trips_through_json():
    state = rules.new_game(
        (("Swordsman", "Pikeman", "Crossbowman", "Light Cavalry"), ("Archer", "Cavalry", "Lancer", "Scout")),
        random.Random(3),
    )
    rng = random.Random(5)
    for _ in range(40):
        play(state, rng.choice(legal(state)), seed=rng.randrange(100))
    again = type(state).from_json(state.to_json())
    assert again.to_json() == state.to_json() and legal(again) == legal(state)


def test_option_footman_v2_deploys_a_recruited_footman_at_once():
    units = ("Footman", "Scout", "Pikeman", "Knight")
    for v2, expected in ((False, False), (True, True)):
        state = position(ai={(1, -3): "Footman"}, ai_units=units, hand=["Pikeman"], rules=Rules(v2_cards=v2))
        play(state, Recruit("Pikeman", "Footman"))
        offered = Deploy("Footman", (3, -2)) in legal(state)
        assert offered is expected
        if v2:
            play(state, Deploy("Footman", (3, -2)))
            assert len(state.units_of(SIDE_A, "Footman")) == 2 and "Footman" not in state.sides[SIDE_A].discard_up


def test_option_solo_claim_as_a_pass_and_light_cavalry_returning():
    state = position(hand=["Archer"], to_act=SIDE_B, rules=Rules(solo=True))
    assert not of(legal(state), Claim)
    state = position(hand=["Archer"], to_act=SIDE_B, rules=Rules(solo=True, solo_claim="pass"))
    play(state, Claim("Archer"))
    assert state.initiative == SIDE_A and state.sides[SIDE_B].discard_down == {"Archer": 1}
    state = position(ai={(0, 0): "Light Cavalry"}, hand=["Light Cavalry"], rules=Rules(lc_may_return=True))
    assert Tactic("Light Cavalry", (0, 0), to=(0, 0)) in legal(state)
    state = position(ai={(0, 0): "Light Cavalry"}, hand=["Light Cavalry"], rules=TWO)
    assert Tactic("Light Cavalry", (0, 0), to=(0, 0)) not in legal(state)


def test_a_tactic_granted_by_the_royal_coins_muster_is_described_without_a_coin() -> None:
    """What the page and the chat show for the AI's muster: a granted tactic has no coin, and said "None tactic"."""
    frm, to = HEXES[0], HEXES[1]
    assert describe(Tactic(None, frm, to=to)) == f"tactic of the unit on {name(frm)} to {name(to)}"
    assert describe(Tactic("Archer", frm, target=to)) == f"Archer tactic from {name(frm)} attacking {name(to)}"
