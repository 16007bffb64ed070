"""Set-up: the deck's piles, the Dominance Checks' places, the market filled by columns."""

import random

import pytest

from engines.paxpamir.setup import DOMINANCE_CHECKS, Market, build_deck


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_the_deck_is_six_piles_with_checks_and_events_placed(seats: int):
    deck = build_deck(seats, random.Random(seats))
    size = 5 + seats
    assert len(deck) == 6 * size + 6 + 4 and len(set(deck)) == len(deck)
    piles = [deck[:size], deck[size : 2 * size + 2]]
    start = 2 * size + 2
    for _ in range(4):
        piles.append(deck[start : start + size + 2])
        start += size + 2
    assert [sum(1 for c in p if c > 100) for p in piles] == [0, 2, 2, 2, 2, 2]
    assert [sum(1 for c in p if c in DOMINANCE_CHECKS) for p in piles] == [0, 0, 1, 1, 1, 1]
    assert sum(1 for c in deck if c <= 100) == 6 * size


def test_the_deck_is_random_but_repeatable():
    assert build_deck(3, random.Random(1)) == build_deck(3, random.Random(1))
    assert build_deck(3, random.Random(1)) != build_deck(3, random.Random(2))
    with pytest.raises(ValueError, match="2 to 5 players"):
        build_deck(7, random.Random(0))


def test_the_market_fills_by_columns_top_row_first():
    deck = list(range(1, 20))
    market = Market()
    market.fill(deck)
    assert market.cards == [[1, 3, 5, 7, 9, 11], [2, 4, 6, 8, 10, 12]]
    assert deck[0] == 13
    market.cards[0][2] = None
    market.fill(deck)
    assert market.cards[0][2] == 13
    assert market.cost(3, military_favored=False) == 3 and market.cost(3, military_favored=True) == 6
