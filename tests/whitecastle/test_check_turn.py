"""Check my turn on White Castle (issue 37: "Check my turn" judges moves made by hand): one die from a bridge end
onto a free space, the Well or your domain, keeping its face, and your coins marker moved by what the die brings or
costs (spec, section a: "A die above the space value gains the difference. A die below it pays the difference.")."""

from __future__ import annotations

import random

from engines.whitecastle import actions, rules
from engines.whitecastle.deck import SAMPLE_DECK, load_deck
from engines.whitecastle.state import Die, State
from engines.whitecastle.table.check import check_turn

DECK = load_deck(SAMPLE_DECK)


def your_turn() -> State:
    """After the bot's first turn: red 2 4 6 on their bridge, 3 coins in your hand."""
    state = rules.new_game(DECK, "medium", random.Random(0))
    state.turns_taken = 1
    state.bridges = {"red": [2, 4, 6], "black": [1, 3], "white": [3, 5, 5]}
    state.person.tracks["coins"] = 3
    return state


def played(before: State, move: actions.PersonTurn) -> State:
    now = before.copy()
    rules.apply(now, move, random.Random(0))
    return now


def test_a_die_to_a_space_with_the_coins_it_brings_checks_out():
    before = your_turn()
    legal, lines = check_turn(before, played(before, actions.PersonTurn("red", "high", "first_floor", 2)))
    assert legal and lines[0] == (
        "your turn: the red 6 (high end) to First Floor space 2: +3 coins; your coins marker reads 6, as it should"
    )


def test_a_die_to_the_well_and_one_to_your_domain_that_you_paid_for_check_out():
    before = your_turn()
    assert check_turn(before, played(before, actions.PersonTurn("black", "low", "well")))[0]
    legal, lines = check_turn(before, played(before, actions.PersonTurn("red", "high", "domain")))
    assert legal and "to your domain: no coins either way" in lines[0]


def test_your_coins_marker_left_where_it_was_is_named_with_what_it_should_read():
    before = your_turn()
    now = played(before, actions.PersonTurn("red", "low", "second_floor", 1))  # a 2 on a 4: it costs 2
    now.person.tracks["coins"] = 3
    legal, lines = check_turn(before, now)
    assert not legal and lines == [
        "your turn: the red 2 (low end) to Second Floor space 1: it costs 2 coins, so your coins marker should "
        "read 1; it reads 3"
    ]


def test_a_die_you_cannot_pay_for_from_the_middle_two_dice_or_none_are_named():
    before = your_turn()
    now = before.copy()
    now.bridges["red"] = [2]
    now.spaces["outside_walls"][0].die = Die("red", 2)  # a 2 on a 5 with 3 coins... and two dice gone
    assert check_turn(before, now) == (False, ["2 dice have left the bridges since the bot's turn: a turn takes one"])
    now.bridges["red"] = [2, 6]  # the 4 from the middle
    assert not check_turn(before, now)[0] and "middle of the red bridge" in check_turn(before, now)[1][0]
    assert check_turn(before, before.copy())[1][0].startswith("nothing has changed")
    poor = your_turn()
    poor.person.tracks["coins"] = 1
    now = poor.copy()
    now.bridges["red"] = [4, 6]
    now.spaces["outside_walls"][0].die = Die("red", 2)
    assert check_turn(poor, now) == (False, ["the red 2 on Outside the Walls space 1 costs 3 coins and you had 1"])


def test_a_die_turned_to_another_face_on_the_way_is_named():
    before = your_turn()
    now = played(before, actions.PersonTurn("white", "high", "first_floor", 1))
    now.spaces["first_floor"][0].die = Die("white", 6)
    legal, lines = check_turn(before, now)
    assert not legal and "the die taken was the white 5 (high end): a die keeps its face" in lines[0]
