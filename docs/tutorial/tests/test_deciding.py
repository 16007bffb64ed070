"""Steps 3 and 5, deciding with priorities and the reasons: each take's priority, worked out by hand."""

from __future__ import annotations

import random

import pytest
from lastcoin.bot import decide
from lastcoin.game import LastCoin
from lastcoin.state import Pass, State, TakeCoins
from tables import table_of, taken

from bridge.errors import UsageError
from engines.base import Options


def row(left: int) -> State:
    return State(tuple(f"c{i}" for i in range(left)), "bowl")


@pytest.mark.parametrize(
    ("left", "takes"),
    [
        (10, 2),  # 10 - 2 = 8, a multiple of 4
        (7, 3),  # 7 - 3 = 4
        (5, 1),  # 5 - 1 = 4
        (3, 3),  # 3 - 3 = 0: the last coins
    ],
)
def test_the_bot_leaves_a_multiple_of_four_when_it_can(left: int, takes: int) -> None:
    [decision] = decide(row(left), most=3)
    assert decision.action == TakeCoins(takes)
    assert decision.reason.rule == "priority 1 (leave a multiple of 4)"


def test_on_a_multiple_of_four_it_takes_one_and_says_why() -> None:
    [decision] = decide(row(8), most=3)
    assert decision.action == TakeCoins(1)
    assert decision.reason.rule == "priority 2 (fewest coins)"
    assert "no take leaves a multiple of 4" in decision.reason.text


def test_the_rule_card_changes_the_winning_multiple() -> None:
    [decision] = decide(row(10), most=4)  # taking 1 to 4 leaves 9 to 6, none a multiple of 5
    assert decision.action == TakeCoins(1) and decision.reason.rule == "priority 2 (fewest coins)"
    [decision] = decide(row(9), most=4)
    assert decision.action == TakeCoins(4) and decision.reason.rule == "priority 1 (leave a multiple of 5)"


def test_an_empty_board_is_a_pass() -> None:
    [decision] = decide(row(0), most=3)
    assert decision.action == Pass() and decision.reason.rule == "end of game"


def test_a_turn_on_the_table_uses_the_sample_card_when_allowed() -> None:
    game = LastCoin()
    game.use_data(None, allow_sample=True)
    [decision] = game.decide(game.read(table_of(taken(3))), random.Random(0), Options())
    assert decision.action == TakeCoins(3)  # 7 - 3 = 4
    with pytest.raises(UsageError, match="unknown lastcoin option"):
        game.decide(game.read(table_of(taken(3))), random.Random(0), Options(rules={"fast": "yes"}))
