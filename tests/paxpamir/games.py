"""Seeded games against Wakhan played on at random, for the tests that need a person's turn of some kind."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engines.paxpamir import actions, rules
from engines.paxpamir.baselines import random_policy
from engines.paxpamir.state import State
from engines.paxpamir.table import person
from engines.paxpamir.wakhan.turn import play_turn


def persons_moves(seeds: int) -> Iterator[tuple[State, actions.Action]]:
    """Every state of ``seeds`` games (Wakhan in seat 0, a British person in seat 1) where the person is to act,
    with the random move then made: applied once the caller goes on (a state kept must be copied)."""
    for seed in range(seeds):
        rng = random.Random(seed)
        state = rules.new_game([None, "british"], rng, wakhan=0)
        while not state.over:
            if person._person_to_act(state) is None:
                play_turn(state, rng)
                continue
            action = random_policy(state, rng)
            yield state, action
            rules.apply(state, action, rng)
