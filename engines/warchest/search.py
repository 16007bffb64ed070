"""War Chest for :mod:`engines.search`: the person's side searches, the solo AI plays itself as the environment.

Nothing in a solo game is hidden from the person but the order of the bags, and the rules engine already draws
from a bag as chance (the rng of :func:`engines.warchest.rules.apply`), so a sample is a plain copy.

Uniform-random playouts told the search almost nothing: a random person wastes most coins, so every line looked
lost alike. Playouts here follow a cheap heuristic instead (take control, hit a single-coin unit, deploy, step
towards a location to take, bolster a unit in contact), with a share of random actions so that they differ, and
the leaf is scored by :func:`evaluate`, which counts what decides this race: markers, coins removed from play,
and how near each side's units stand to the locations they can still take.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engines.search import GAME_PLAYOUTS, squash
from engines.warchest import rules
from engines.warchest.actions import Action, Attack, Bolster, Control, Deploy, Move, Recruit, Skip, Soak, Tactic
from engines.warchest.ai import AiOptions, SoloAI
from engines.warchest.board import LOCATION_SET, NEIGHBOURS, Hex, distance
from engines.warchest.state import State

PLAYOUTS = GAME_PLAYOUTS["warchest"]  # per decision by default (``--playouts``)
PLAYOUT_DEPTH = 2  # the searcher's actions played on from a new leaf (each with the AI's turns between); deeper
# playouts only added the AI's chance to every value (0 of 16 Beginner games at depth 4, 1 of 16 at depth 2)
SCORE_SCALE = 30.0  # evaluation points for a clear lead (a control marker is worth 100)
EXPLORATION = 0.2  # UCB1's constant: values differ by a few hundredths, so 0.7 spread the playouts evenly
RANDOM_SHARE = 0.1  # of playout actions chosen at random rather than by the heuristic
UNIT, COIN, HEX_AWAY, ON_LOCATION, THREAT = 20, 3, 8, 25, 35  # the evaluation's weights (see evaluate)

# The playout heuristic's preferences, one number per kind of action (higher first; ties at random).
WIN, RETAKE, CONTROL, KILL, NEAR_LOCATION, HIT, DEPLOY = 1000, 95, 85, 80, 20, 40, 40
MOVE, STEP, ONTO_LOCATION, LEAVE_LOCATION = 30, 15, 20, 60
BOLSTER_IN_CONTACT, BOLSTER, RECRUIT, SKIP = 25, 5, 8, 5


@dataclass
class WarChestSearch:
    ai: SoloAI

    @classmethod
    def against(cls, options: AiOptions) -> WarChestSearch:
        return cls(SoloAI(options))

    def to_move(self, state: State) -> int:
        return state.to_act()

    def legal(self, state: State) -> Sequence[Action]:
        return list(rules.legal_actions(state))

    def play(self, state: State, action: Action, rng: random.Random) -> None:
        rules.apply(state, action, rng, check=False)

    def advance(self, state: State, rng: random.Random) -> None:
        while not state.over and state.to_act() == state.rules.ai_side:
            rules.apply(state, self.ai.decide(state, rng).action, rng)

    def over(self, state: State) -> bool:
        return state.over

    def value(self, state: State, seat: int) -> float:
        if state.over:
            return 1.0 if state.winner == seat else 0.5 if state.winner is None else 0.0
        return squash(evaluate(state, seat), SCORE_SCALE)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return state.copy()

    def playout_action(self, state: State, rng: random.Random) -> Action:
        return heuristic_action(state, rng, RANDOM_SHARE)


def evaluate(state: State, me: int) -> float:
    """A position for ``me``: 100 a control marker; 12 a coin of the other side's removed from play, -6 one of
    mine; each unit of mine 20, 3 a coin, -8 a hex from the nearest location it could take, 25 standing on one;
    each of the other side's -20, +8 a hex away, -35 standing on a location it could take (it takes control when
    its coin comes)."""
    if state.winner is not None:
        return 1e6 if state.winner == me else -1e6
    other = 1 - me
    score = 100.0 * (state.sides[other].markers_off - state.sides[me].markers_off)
    score += 12 * sum(state.sides[other].eliminated.values()) - 6 * sum(state.sides[me].eliminated.values())
    for h, piece in state.board.items():
        away = min((distance(h, t) for t in LOCATION_SET if state.control.get(t) != piece.owner), default=0)
        on_one = h in LOCATION_SET and state.control.get(h) != piece.owner
        if piece.owner == me:
            score += UNIT + COIN * piece.coins - HEX_AWAY * away + (ON_LOCATION if on_one else 0)
        else:
            score += -UNIT + HEX_AWAY * away - (THREAT if on_one else 0)
    return score


def heuristic_action(state: State, rng: random.Random, random_share: float = 0.0) -> Action:
    """The legal action :func:`preference` likes best for the side to act (ties at random); with probability
    ``random_share`` any legal action."""
    actions = list(rules.legal_actions(state))
    if random_share and rng.random() < random_share:
        return rng.choice(actions)
    me = state.to_act()
    weights = [preference(state, a, me) for a in actions]
    top = max(weights)
    return rng.choice([a for a, w in zip(actions, weights, strict=True) if w == top])


def preference(state: State, action: Action, me: int) -> float:
    """How much the playout heuristic likes ``action`` for ``me`` (see the constants above)."""
    board = state.board
    if isinstance(action, Control):
        if state.sides[me].markers_off == 1:
            return WIN
        return RETAKE if state.control.get(action.at) is not None else CONTROL
    target = action.target if isinstance(action, Attack | Tactic) else None
    if target is not None:
        hit = board[target]
        near = target in LOCATION_SET or any(
            n in LOCATION_SET and state.control.get(n) != hit.owner for n in NEIGHBOURS[target]
        )
        return (KILL if hit.coins == 1 else HIT) + (NEAR_LOCATION if near else 0)
    if isinstance(action, Deploy):
        return DEPLOY
    if isinstance(action, Move | Tactic) and action.to is not None:
        return _step_preference(state, action.frm, action.to, me)
    if isinstance(action, Bolster):
        contact = any(n in board and board[n].owner != me for n in NEIGHBOURS[action.at])
        return BOLSTER_IN_CONTACT if contact else BOLSTER
    if isinstance(action, Recruit):
        return RECRUIT
    if isinstance(action, Soak):
        return 5 if action.instead else 0
    if isinstance(action, Skip):
        return SKIP
    return 1  # pass


def _step_preference(state: State, frm: Hex, to: Hex, me: int) -> float:
    if frm in LOCATION_SET and state.control.get(frm) != me:
        return MOVE - LEAVE_LOCATION  # it stands where it could take control
    closer = _to_take(state, me, frm, frm) - _to_take(state, me, to, frm)
    onto = to in LOCATION_SET and state.control.get(to) != me
    return MOVE + STEP * closer + (ONTO_LOCATION if onto else 0)


def _to_take(state: State, me: int, h: Hex, mover: Hex) -> int:
    """Hexes from h to the nearest location ``me`` does not hold and no other unit of mine stands on."""
    best = 9
    for t in LOCATION_SET:
        if state.control.get(t) == me:
            continue
        occupant = state.board.get(t)
        if occupant is not None and occupant.owner == me and t != mover:
            continue
        best = min(best, distance(h, t))
    return best
