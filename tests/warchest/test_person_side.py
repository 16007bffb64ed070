"""The person's side of the solo structure, checked against the rules text (004_7dce0f91ca3db94c.txt) and the base
rules (spec section 2): set-up, turn order, drawing, the bag's refill, and what each coin may do.

Issue 31 item 7 asked whether the person is handicapped; these are the checks, each quoting the line it follows.
None found a defect: they pin what the engine does today so that a change to the turn structure shows here.
"""

from __future__ import annotations

import random

from engines.warchest import rules
from engines.warchest.actions import Attack, Bolster, Claim, Control, Deploy, Move, Pass, Recruit, Tactic
from engines.warchest.ai import AiOptions, SoloAI
from engines.warchest.solo import random_policy, setup_solo
from engines.warchest.units import CARDS, ROYAL
from tests.warchest.helpers import AI, HUMAN, position


def test_set_up_your_bag_like_a_traditional_two_player_game():
    # L6: "Draw 6, and select 4 to be your cards. Set up your bag like a traditional 2-player game of War Chest."
    # L7: "Place 2 control markers for each side on the board ... The AI goes first."
    state = setup_solo(random.Random(4), AiOptions())
    person = state.sides[HUMAN]
    in_bag_or_hand = dict(person.bag)
    for coin in person.hand:
        in_bag_or_hand[coin] = in_bag_or_hand.get(coin, 0) + 1
    assert in_bag_or_hand == {**{u: 2 for u in person.units}, ROYAL: 1}
    assert person.supply == {u: CARDS[u].coins - 2 for u in person.units}
    assert person.markers_off == 4 and state.sides[AI].markers_off == 4
    assert state.to_act() == AI and not person.hand  # the AI acts first; the person has drawn nothing yet


def _turns(seed: int) -> list[tuple[int, int, int]]:
    """(side, coins in the person's hand, coins in the person's bag) at the start of every turn of a game against
    random play."""
    rng = random.Random(seed)
    state = setup_solo(rng, AiOptions())
    ai, seen = SoloAI(), []
    while not state.over:
        starts = not state.pending
        person = state.sides[HUMAN]
        if starts:
            seen.append((state.current, len(person.hand), sum(person.bag.values())))
        action = ai.decide(state, rng).action if state.to_act() == AI else random_policy(state, rng)
        rules.apply(state, action, rng)
    return seen


def test_turns_alternate_and_the_person_draws_three_and_plays_in_the_same_turn():
    # L39: "Turns - There is no initiative. Instead, take turns with the AI. When you have no coins, draw back up
    # to three and play a coin all in one turn."
    for seed in range(20):
        turns = _turns(seed)
        sides = [side for side, _, _ in turns]
        assert sides == [AI, HUMAN] * (len(sides) // 2) + [AI] * (len(sides) % 2)  # strictly one turn each
        hands = [hand for side, hand, _ in turns if side == HUMAN]
        # a person's turn starts with the hand already drawn: 3, then 2, then 1 coin, then 3 again
        assert hands[:6] == [3, 2, 1, 3, 2, 1]
        assert all(1 <= h <= 3 for h in hands)


def test_the_person_plays_exactly_one_coin_a_turn_and_draws_only_on_an_empty_hand():
    # L39 again: a coin a turn, and a draw only "when you have no coins"
    state = position(hand=["Archer", "Cavalry"], to_act=HUMAN)
    bag_before = dict(state.sides[HUMAN].bag)
    rules.apply(state, Pass("Archer"), random.Random(0))
    assert state.to_act() == AI and state.sides[HUMAN].hand == ["Cavalry"]
    assert state.sides[HUMAN].bag == bag_before  # one coin left: no draw
    state.sides[AI].hand = ["Pikeman"]
    rules.apply(state, Pass("Pikeman"), random.Random(0))
    assert state.to_act() == HUMAN and state.sides[HUMAN].hand == ["Cavalry"]


def test_an_empty_bag_takes_the_whole_discard_in_the_middle_of_the_persons_draw():
    # Base rules (spec 2, Round 1): "An empty bag takes the whole discard (both faces), shuffled, and drawing
    # continues."
    state = position(hand=["Pikeman"], to_act=AI)
    person = state.sides[HUMAN]
    person.bag = {"Archer": 1}
    person.discard_up, person.discard_down = {"Cavalry": 2}, {ROYAL: 1, "Scout": 1}
    rules.apply(state, Pass("Pikeman"), random.Random(0))  # the AI's turn ends; the person's begins with a draw
    assert state.to_act() == HUMAN and len(person.hand) == 3 and "Archer" in person.hand
    assert not person.discard_up and not person.discard_down
    assert sum(person.bag.values()) == 4 - 2  # the Archer came first; then two of the four coins refilled


def test_every_coin_action_of_the_base_game_is_open_to_the_person_except_the_initiative():
    # Base rules (spec 2, the actions table) with L39's "There is no initiative": deploy, bolster, move, control,
    # attack, tactic, recruit and pass; no claim.
    state = position(
        ai={(0, -1): "Pikeman", (1, 0): "Swordsman"},
        human={(0, 0): "Archer", (2, 0): "Cavalry"},
        hand=["Archer", "Cavalry", "Scout", ROYAL],
        to_act=HUMAN,
    )
    actions = set(rules.legal_actions(state))
    kinds = {type(a) for a in actions}
    assert {Deploy, Bolster, Move, Control, Attack, Tactic, Recruit, Pass} <= kinds and Claim not in kinds
    assert Deploy("Scout", (-1, 3)) in actions and Bolster("Archer", (0, 0)) in actions
    assert Control("Cavalry", (2, 0)) in actions and Attack("Cavalry", (2, 0), (1, 0)) in actions
    assert Tactic("Archer", (0, 0), target=(0, -2)) not in actions  # nobody stands there
    assert Recruit(ROYAL, "Lancer") in actions and Pass(ROYAL) in actions
    royal = {a for a in actions if getattr(a, "coin", None) == ROYAL}
    assert all(isinstance(a, Recruit | Pass) for a in royal)  # no Royal Guard here: the Royal Coin only discards


def test_recruit_and_pass_go_face_down_and_the_recruit_comes_to_the_discard():
    # Base rules: "Discard face-down (any coin): ... Recruit: show a supply coin; put it face-up in your discard."
    state = position(hand=["Archer", "Scout"], to_act=HUMAN)
    person = state.sides[HUMAN]
    supply = person.supply["Lancer"]
    rules.apply(state, Recruit("Archer", "Lancer"), random.Random(0))
    assert person.discard_down == {"Archer": 1} and person.discard_up == {"Lancer": 1}
    assert person.supply["Lancer"] == supply - 1 and person.hand == ["Scout"]


def test_a_coin_played_by_hand_ends_the_persons_listed_moves_and_a_draw_does_not():
    # L39: "Turns - There is no initiative. Instead, take turns with the AI. When you have no coins, draw back up
    # to three and play a coin all in one turn." Played by hand on the table (issue 37), one coin is the turn: the
    # move list is then empty (Bot turn is the bot's), where it kept listing coins and Bot turn stayed refused.
    from engines.warchest.person import played_by_hand

    rng = random.Random(4)
    state = setup_solo(rng, AiOptions())
    rules.apply(state, SoloAI().decide(state, rng).action, rng)
    assert state.to_act() == HUMAN and state.sides[HUMAN].hand and not state.pending
    untouched = state.copy()
    assert not played_by_hand(state, untouched)
    drawing = state.copy()  # a coin more from the bag into the hand: still the person's to play
    coin = next(iter(drawing.sides[HUMAN].bag))
    drawing.sides[HUMAN].bag[coin] -= 1
    drawing.sides[HUMAN].hand.append(coin)
    assert not played_by_hand(state, drawing)
    for action in [a for a in rules.legal_actions(state) if isinstance(a, Pass | Deploy | Recruit)][:6]:
        played = state.copy()
        rules.apply(played, action, random.Random(0))
        assert played_by_hand(state, played), action
