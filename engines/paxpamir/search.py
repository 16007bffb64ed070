"""Pax Pamir for :mod:`engines.search`: the people's seats search, Wakhan plays herself as the environment.

What a player cannot see is sampled anew for each playout: the order of the court cards left in the deck together
with the other players' hands, and the order of Wakhan's AI deck. Simplification, said here so the figures are read
right: the deck's events and Dominance Checks keep their places (a player knows the piles they were shuffled into,
not the exact place; the search knows the place).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engines.paxpamir import actions, rules
from engines.paxpamir.baselines import position_score, to_move
from engines.paxpamir.state import State
from engines.paxpamir.wakhan.turn import Wakhan
from engines.search import squash

PLAYOUT_DEPTH = 4  # actions played on from a new leaf before the position is scored (measured: deeper costs more)
END_TURN_SHARE = 0.15  # playouts end a turn that has other moves left this often: random play ends them too soon
SCORE_SCALE = 15.0  # position-score points for a clear lead (a point is worth 10)


class PaxSearch:
    def to_move(self, state: State) -> int:
        return to_move(state)

    def legal(self, state: State) -> Sequence[actions.Action]:
        return list(rules.legal_actions(state))

    def play(self, state: State, action: actions.Action, rng: random.Random) -> None:
        rules.apply(state, action, rng, check=False)

    def advance(self, state: State, rng: random.Random) -> None:
        """Wakhan's moves, by her own rules (her turn picked up where the sample stands)."""
        bot = Wakhan()
        while bot.to_move(state):
            decision = bot.next(state)
            assert decision is not None
            rules.apply(state, decision.action, rng)

    def over(self, state: State) -> bool:
        return state.over

    def value(self, state: State, seat: int) -> float:
        if state.over:
            return 1.0 if state.winner == seat else 0.0
        best_other = max(position_score(state, s) for s in range(len(state.players)) if s != seat)
        return squash(position_score(state, seat) - best_other, SCORE_SCALE)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        sample = state.copy()
        others = [p for i, p in enumerate(sample.players) if i != seat]
        named = {top.card for top in sample.pending} | {getattr(top.action, "card", 0) for top in sample.pending}
        slots = [i for i, card in enumerate(sample.deck) if card <= 100]  # court cards; events and checks stay
        pool = [sample.deck[i] for i in slots] + [card for p in others for card in p.hand if card not in named]
        rng.shuffle(pool)
        for player in others:  # a card a choice under way names (a play waiting for its bribe) stays in hand
            unknown = sum(1 for card in player.hand if card not in named)
            player.hand, pool = [card for card in player.hand if card in named] + pool[:unknown], pool[unknown:]
        for i, card in zip(slots, pool, strict=True):
            sample.deck[i] = card
        rng.shuffle(sample.ai_deck)
        return sample

    def playout_action(self, state: State, rng: random.Random) -> actions.Action:
        legal = list(rules.legal_actions(state))
        rest = [a for a in legal if not isinstance(a, actions.EndTurn)]
        if rest and (len(rest) == len(legal) or rng.random() > END_TURN_SHARE):
            return rng.choice(rest)
        return rng.choice(legal)
