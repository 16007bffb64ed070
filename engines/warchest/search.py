"""War Chest for :mod:`engines.search`: the person's side searches, the solo AI plays itself as the environment.

Nothing in a solo game is hidden from the person but the order of the bags, and the rules engine already draws
from a bag as chance (the rng of :func:`engines.warchest.rules.apply`), so a sample is a plain copy.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engines.search import squash
from engines.warchest import rules as R
from engines.warchest.actions import Action
from engines.warchest.ai import AiOptions, SoloAI
from engines.warchest.solo import position_score
from engines.warchest.state import State

PLAYOUT_DEPTH = 10  # random actions played on from a new leaf before the position is scored
SCORE_SCALE = 60.0  # position-score points for a clear lead (a control marker is worth 100)


@dataclass
class WarChestSearch:
    ai: SoloAI

    @classmethod
    def against(cls, options: AiOptions) -> WarChestSearch:
        return cls(SoloAI(options))

    def to_move(self, state: State) -> int:
        return state.to_act()

    def legal(self, state: State) -> Sequence[Action]:
        return list(R.legal_actions(state))

    def play(self, state: State, action: Action, rng: random.Random) -> None:
        R.apply(state, action, rng, check=False)

    def advance(self, state: State, rng: random.Random) -> None:
        while not state.over and state.to_act() == state.rules.ai_side:
            R.apply(state, self.ai.decide(state, rng).action, rng)

    def over(self, state: State) -> bool:
        return state.over

    def value(self, state: State, seat: int) -> float:
        if state.over:
            return 1.0 if state.winner == seat else 0.5 if state.winner is None else 0.0
        return squash(position_score(state, seat), SCORE_SCALE)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return state.copy()

    def playout_action(self, state: State, rng: random.Random) -> Action:
        return rng.choice(list(R.legal_actions(state)))
