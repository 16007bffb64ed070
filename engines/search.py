"""A search baseline for self-play: information-set Monte Carlo tree search (single observer), shared by every game.

The baselines that look one step ahead lose nearly every game to the bots, which then cannot tell a better bot from a
worse one. This player searches instead: each playout samples the hidden information anew (a determinization that
agrees with what the searching seat sees), walks a tree of the searching seat's and the other players' decisions
by UCB1 over the actions legal in that sample (availability counts, as in Cowling, Powley and Whitehouse's
SO-ISMCTS), plays on with the game's quick playout policy up to a depth, and scores the end position with the
game's evaluation. Moves of the bot under test are no decisions in the tree: they are the environment, played by
the bot itself. The budget is a number of playouts per decision, so runs are repeatable from their seed.

A game plugs in through :class:`SearchGame`; it keeps its own state and action types (actions must be hashable).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT", bound=Hashable)

SEARCH = "search"  # the opponent's name in ``automa selfplay --opponent``
PLAYOUTS = 200  # per decision, by default (``--playouts``)
GAME_PLAYOUTS = {"warchest": 400}  # games whose default differs (War Chest: measured, a quarter-second a decision)
SEARCH_GAMES = 20  # games per setting for the search opponent by default: each takes seconds, not milliseconds


def search_games(games: int, requested: int | None) -> int:
    """How many games the search opponent plays in a run of ``games`` per setting (``--search-games``)."""
    return requested if requested is not None else min(games, SEARCH_GAMES)


class SearchGame(Protocol[StateT, ActionT]):
    """What the search needs of a game. ``advance`` plays the moves that are not searched (the bot under test,
    its chance draws) until a searched decision or the end; ``value`` is in [0, 1], 1 for a won game."""

    def to_move(self, state: StateT) -> int: ...

    def legal(self, state: StateT) -> Sequence[ActionT]: ...

    def play(self, state: StateT, action: ActionT, rng: random.Random) -> None: ...

    def advance(self, state: StateT, rng: random.Random) -> None: ...

    def over(self, state: StateT) -> bool: ...

    def value(self, state: StateT, seat: int) -> float: ...

    def determinize(self, state: StateT, seat: int, rng: random.Random) -> StateT: ...

    def playout_action(self, state: StateT, rng: random.Random) -> ActionT: ...


@dataclass(eq=False)
class _Node(Generic[ActionT]):
    seat: int  # who chose the action that leads here
    visits: int = 0
    available: int = 0  # playouts in which this action was legal where it was offered
    total: float = 0.0  # the sum of the values, for ``seat``
    children: dict[ActionT, _Node[ActionT]] = field(default_factory=dict)

    def ucb(self, exploration: float) -> float:
        return self.total / self.visits + exploration * math.sqrt(math.log(max(1, self.available)) / self.visits)


@dataclass
class Budget:
    """Figures of one searcher across a run, for the report."""

    decisions: int = 0
    playouts: int = 0
    seconds: float = 0.0

    def add(self, other: Budget) -> None:
        """Another searcher's figures (one per game when games run in several processes)."""
        self.decisions += other.decisions
        self.playouts += other.playouts
        self.seconds += other.seconds

    @property
    def playouts_per_second(self) -> float:
        return self.playouts / self.seconds if self.seconds else 0.0

    def to_json(self, per_decision: int) -> dict[str, float]:
        return {
            "playouts_per_decision": per_decision,
            "decisions": self.decisions,
            "playouts_per_second": round(self.playouts_per_second),
            "ms_per_decision": round(1000 * self.seconds / self.decisions, 1) if self.decisions else 0.0,
        }


@dataclass
class IsMcts(Generic[StateT, ActionT]):
    """A policy ``(state, rng) -> action`` for the seat to move. ``playouts`` per decision (a decision with one
    legal action takes none); ``depth``: playout actions before the evaluation scores the position."""

    game: SearchGame[StateT, ActionT]
    playouts: int = 200
    depth: int = 30
    exploration: float = 0.7
    budget: Budget = field(default_factory=Budget)

    def __call__(self, state: StateT, rng: random.Random) -> ActionT:
        legal = list(self.game.legal(state))
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        me = self.game.to_move(state)
        root: _Node[ActionT] = _Node(seat=me)
        for _ in range(self.playouts):
            self._playout(root, self.game.determinize(state, me, rng), rng)
        self.budget.decisions += 1
        self.budget.playouts += self.playouts
        self.budget.seconds += time.perf_counter() - start
        return max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)

    def _playout(self, root: _Node[ActionT], state: StateT, rng: random.Random) -> None:
        game, path, node = self.game, [root], root
        while not game.over(state):
            seat, legal = game.to_move(state), list(game.legal(state))
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = rng.choice(untried)
                node = node.children.setdefault(action, _Node(seat=seat))
                node.available += 1
                path.append(node)
                self._step(state, action, rng)
                break
            children = [node.children[a] for a in legal]
            for child in children:
                child.available += 1
            best = max(range(len(legal)), key=lambda i: children[i].ucb(self.exploration))
            node = children[best]
            path.append(node)
            self._step(state, legal[best], rng)
        for _ in range(self.depth):
            if game.over(state):
                break
            self._step(state, game.playout_action(state, rng), rng)
        values: dict[int, float] = {}
        for visited in path:
            visited.visits += 1
            if visited.seat not in values:
                values[visited.seat] = game.value(state, visited.seat)
            visited.total += values[visited.seat]

    def _step(self, state: StateT, action: ActionT, rng: random.Random) -> None:
        self.game.play(state, action, rng)
        self.game.advance(state, rng)


def squash(margin: float, scale: float) -> float:
    """A score margin (mine minus the best other's) as a value in (0, 1): 0.5 when level."""
    return 1.0 / (1.0 + math.exp(-margin / scale))
