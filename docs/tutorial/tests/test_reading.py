"""Step 2, reading pieces: coins on spaces are the game; a coin anywhere else is named, and nothing is read."""

from __future__ import annotations

import pytest
from lastcoin.game import LastCoin
from tables import coins, fresh_objects, table_of, taken

from engines.base import ReadError


def test_a_fresh_table_has_ten_coins_left_to_right() -> None:
    data = fresh_objects()
    state = LastCoin().read(table_of(data))
    assert state.coins == tuple(coin["GUID"] for coin in coins(data))
    assert state.left == 10


def test_coins_in_a_bowl_are_out_of_the_game() -> None:
    assert LastCoin().read(table_of(taken(3))).left == 7


def test_a_coin_off_the_board_or_between_spaces_is_named() -> None:
    data = fresh_objects()
    off, between = coins(data)[0], coins(data)[1]
    off["Transform"]["posZ"] = -20.0
    between["Transform"]["posX"] += 1.0  # half-way to the next space (spaces are 2 apart)
    with pytest.raises(ReadError) as refused:
        LastCoin().read(table_of(data))
    lines = [str(problem) for problem in refused.value.problems]
    assert len(lines) == 2
    assert "Coin 1" in lines[0] and "off the board" in lines[0]
    assert "Coin 2" in lines[1] and "lies between space 2 and space 3" in lines[1]
