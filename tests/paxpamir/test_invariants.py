"""Properties that hold after every applied action, over whole games with Wakhan and random players."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engines.paxpamir import rules
from engines.paxpamir.baselines import POLICIES
from engines.paxpamir.state import CYLINDERS, State
from engines.paxpamir.wakhan.turn import Wakhan


def positions(seed: int, humans: int) -> Iterator[tuple[State, object]]:
    """Each state of one game right after an action, with the action that led to it."""
    rng = random.Random(seed)
    state = rules.new_game([None, *(["british", "russian"][:humans])], rng, wakhan=0)  # type: ignore[list-item]
    bot = Wakhan()
    while not state.over:
        if bot.to_move(state):
            decision = bot.next(state)
            assert decision is not None
            action = decision.action
        else:
            action = POLICIES["random"](state, rng)
        rules.apply(state, action, rng)
        yield state, action


@pytest.mark.slow
@pytest.mark.parametrize("humans", [1, 2])
def test_every_spy_sits_on_a_card_in_a_court(humans: int) -> None:
    """Rulebook: spies are placed "on a card in any player's court", and a discarded card sends its spies home.
    After every action of 1,000 games, no spy is left on a card in the discard, a hand, the market or a prize pile,
    and nobody has more than their ten cylinders in play."""
    checked = 0
    for seed in range(1000):
        for state, action in positions(seed, humans):
            in_court = {card for player in state.players for card in player.court}
            stray = {card: seats for card, seats in state.spies.items() if card not in in_court}
            assert not stray, f"seed {seed}, after {action}: spies on cards out of every court: {stray}"
            assert all(state.cylinders_in_play(seat) <= CYLINDERS for seat in range(len(state.players)))
            checked += 1
    assert checked > 1000  # whole games were played
