"""The search yardstick's War Chest parts (engines/warchest/search.py): its playout heuristic and its evaluation."""

from __future__ import annotations

import random
from collections import Counter

from engines.warchest import rules
from engines.warchest.actions import Attack, Control, Deploy, Move, Pass, Recruit, Tactic
from engines.warchest.ai import AiOptions
from engines.warchest.search import WarChestSearch, evaluate, heuristic_action
from tests.warchest.helpers import AI, HUMAN, position


def test_the_playouts_take_control_and_hit_single_coins_rather_than_play_at_random():
    on_location = position(human={(2, 0): "Cavalry"}, hand=["Cavalry", "Archer"], to_act=HUMAN)
    choices = Counter(type(heuristic_action(on_location, random.Random(i))) for i in range(50))
    assert choices == Counter({Control: 50})  # of 13 legal actions, a random player would take control 1 in 13
    contact = position(ai={(1, 0): "Pikeman"}, human={(0, 0): "Cavalry"}, hand=["Cavalry", "Archer"], to_act=HUMAN)
    hits = {heuristic_action(contact, random.Random(i)) for i in range(20)}
    assert hits and all(isinstance(a, Attack | Tactic) and a.target == (1, 0) for a in hits)  # kill it


def test_the_playouts_step_towards_a_location_and_never_leave_one_they_could_take():
    state = position(human={(0, 2): "Cavalry"}, hand=["Cavalry"], to_act=HUMAN)
    step = heuristic_action(state, random.Random(0))
    assert isinstance(step, Move) and step.to == (0, 1)  # onto N5, one hex away
    assert not any(isinstance(heuristic_action(state, random.Random(i)), Recruit | Pass) for i in range(20))
    standing = position(human={(0, 1): "Cavalry"}, hand=["Archer"], to_act=HUMAN)
    assert isinstance(heuristic_action(standing, random.Random(0)), Deploy)  # its coin is not in hand: deploy


def test_a_share_of_playout_actions_is_random_so_playouts_differ():
    state = position(human={(2, 0): "Cavalry"}, hand=["Cavalry", "Archer"], to_act=HUMAN)
    kinds = Counter(type(heuristic_action(state, random.Random(i), 0.5)) for i in range(200))
    assert kinds[Control] > 100 and len(kinds) >= 3


def test_the_evaluation_counts_markers_first_then_coins_removed_and_threats():
    base = position(to_act=HUMAN)
    assert evaluate(base, HUMAN) == evaluate(base, AI) == 0
    taken = position(control={"N5": HUMAN}, to_act=HUMAN)
    assert evaluate(taken, HUMAN) == 100 and evaluate(taken, AI) == -100
    killed = position(to_act=HUMAN)
    killed.sides[AI].eliminated = {"Pikeman": 1}
    assert evaluate(killed, HUMAN) == 12
    threat = position(ai={(0, 1): "Pikeman"}, to_act=HUMAN)  # on N5, which the AI does not hold
    assert evaluate(threat, HUMAN) == -20 - 35
    won = position(to_act=HUMAN)
    won.winner = HUMAN
    assert evaluate(won, HUMAN) > 1e5 > -1e5 > evaluate(won, AI)


def test_the_search_game_scores_an_unfinished_position_between_a_loss_and_a_win():
    game = WarChestSearch.against(AiOptions())
    state = position(control={"N5": HUMAN}, hand=["Archer"], to_act=HUMAN)
    assert 0.5 < game.value(state, HUMAN) < 1.0 and 0.0 < game.value(state, AI) < 0.5
    action = game.playout_action(state, random.Random(0))
    assert action in set(rules.legal_actions(state))
