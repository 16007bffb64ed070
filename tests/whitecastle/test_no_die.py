"""A bot turn with no die it may take (issue 31, item 5): named as a problem, never a crash, nothing moved.

W10's default ("every card revealed and no indicated die free: the low die of the first bridge holding one") once
looked for that bridge with a bare ``next()``, so with every bridge empty the turn died of ``StopIteration``. A game
never gets there (a round takes six of the nine dice and three stay), a table read wrong or played on by hand can:
the reader now refuses a table whose round has no turn left, and the bot names an empty set of bridges itself.
"""

from __future__ import annotations

import random

import pytest

from bridge.session import plan_turn
from bridge.table import Table
from engines import registry
from engines.base import ReadError
from engines.whitecastle import rules
from engines.whitecastle.bot import BotTurn, bot_turn
from engines.whitecastle.table.build import build_table
from tests.whitecastle.scenarios import card, deck_of, game


def test_w10_with_every_bridge_empty_names_the_problem_instead_of_stopiteration():
    deck = deck_of(card("L", [("black", "high")], "second_floor", 1))
    state = game(deck, order=["L", "filler"], bridges={})
    state.discard = []
    with pytest.raises(ReadError) as caught:
        bot_turn(state, deck, random.Random(0))
    [problem] = caught.value.problems
    assert "no die on any bridge (red, black, white) on the bot's turn 3 of round 1" in str(problem)
    assert state.revealed == [] and state.deck == ["L", "filler"]  # refused before anything was done


def test_the_fallback_itself_names_an_empty_set_of_bridges():
    """W10's own step, reached with every card revealed and no bridge holding a die (bot_turn refuses such a state
    first; the step is total all the same)."""
    deck = deck_of(card("L", [("black", "high")], "second_floor", 1))
    state = game(deck, order=[], bridges={})
    state.discard, state.revealed = [], ["L", "filler"]
    with pytest.raises(ReadError, match="no die on any bridge"):
        BotTurn(state, deck, random.Random(0))._fallback()


def _plan(taken: int, round_: int = 1):
    game_ = registry.load("whitecastle")
    game_.use_data(None, allow_sample=True)
    state = rules.new_game(game_.deck, "medium", random.Random(3))
    state.round = round_
    left = 9 - taken
    state.bridges = {"red": [2, 4, 6][: min(3, left)], "black": [1, 5][: max(0, min(2, left - 3))], "white": []}
    state.bridges["white"] = [3, 3, 3][: max(0, left - 5)]
    return plan_turn(game_, Table.from_save(build_table(state, game_.deck)), seed=1)


def test_a_round_with_its_six_dice_taken_asks_for_the_roll_instead_of_a_seventh_die():
    """The bot's seventh die of a round is no turn of the game: the round has ended and its dice must be rolled."""
    plan = _plan(6)
    assert not plan.ok and plan.steps == []
    assert any("round 1's 6 turns are taken: roll all nine dice onto their bridges" in p for p in plan.problems)
    assert any("move the round marker to round 2" in p for p in plan.problems)


@pytest.mark.parametrize("taken", [7, 9])
def test_more_dice_taken_than_a_round_has_turns_is_named(taken):
    plan = _plan(taken, round_=2)
    assert not plan.ok and plan.steps == []
    assert any(f"only {9 - taken} dice on the bridges: a round takes 6 of the 9" in p for p in plan.problems)


def test_the_last_rounds_end_is_still_the_games_end():
    plan = _plan(6, round_=3)
    assert plan.ok and "the game is over: the bot scores" in plan.steps[0].decision.reason.text
