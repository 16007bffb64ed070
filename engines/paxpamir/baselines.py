"""Baseline players for self-play: random legal moves, and greedy (the move whose result scores best for the
mover on a simple position score, one step ahead). They measure the bots; they are not meant to play well."""

from __future__ import annotations

import random
from collections.abc import Callable

from engines.paxpamir import actions, rules
from engines.paxpamir.data import REGIONS
from engines.paxpamir.queries import influence, ruler
from engines.paxpamir.state import State
from engines.priorities import best_at_random

Policy = Callable[[State, random.Random], actions.Action]


def to_move(state: State) -> int:
    return state.pending[-1].seat if state.pending else state.current


def random_policy(state: State, rng: random.Random) -> actions.Action:
    return rng.choice(list(rules.legal_actions(state)))


def position_score(state: State, seat: int) -> float:
    """Points first, then what tends to bring them: rupees, court, rule, pieces in play, loyal blocks, influence."""
    player = state.players[seat]
    ruled = sum(1 for region in REGIONS if ruler(state, region) == seat)
    blocks = state.blocks_in_play(player.loyalty) if player.loyalty else 0
    return (
        10 * player.vp
        + player.rupees
        + 2 * len(player.court)
        + 3 * ruled
        + state.cylinders_in_play(seat)
        + 0.5 * blocks
        + influence(state, seat)
    )


def greedy_policy(state: State, rng: random.Random) -> actions.Action:
    seat = to_move(state)

    def result(action: actions.Action) -> float:
        after = state.copy()
        rules.apply(after, action, random.Random(rng.random()), check=False)
        return position_score(after, seat)

    return best_at_random(rules.legal_actions(state), result, rng)


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}
