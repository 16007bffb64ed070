"""Self-play summaries as a person reads them: one layout for every game, a unit on every figure, the terms said.

Each game's self-play keeps its own JSON summary (``automa selfplay --json``); for the terminal it turns its
results into :class:`Row` values, and :func:`report` lays them out the same way for every game.
"""

from __future__ import annotations

import statistics
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")
ResultT = TypeVar("ResultT")


def in_processes(play: Callable[[T], ResultT], games: Sequence[T], jobs: int) -> Iterator[ResultT]:
    """``play`` for each game, in order, spread over ``jobs`` worker processes (1: here, in this process). Each
    game must depend on nothing but itself (its own seed), so the results are the same whatever ``jobs`` is."""
    if jobs <= 1 or len(games) <= 1:
        yield from map(play, games)
        return
    with ProcessPoolExecutor(max_workers=min(jobs, len(games))) as pool:
        yield from pool.map(play, games, chunksize=max(1, len(games) // (jobs * 8)))


@dataclass
class Failures:
    """The games of a self-play run that failed: counted, with the first one's traceback kept (a failed game is
    reported, not fatal to the run)."""

    count: int = 0
    first: str = ""

    def note(self, seed: int) -> None:
        """In an ``except`` block: the game played with ``seed`` failed."""
        self.add(seed, traceback.format_exc(limit=4))

    def add(self, seed: int, trace: str) -> None:
        """The game played with ``seed`` failed with ``trace`` (formatted where it failed: a worker process)."""
        self.count += 1
        self.first = self.first or f"seed {seed}: {trace}"

    def summary(self) -> dict[str, Any]:
        return {"errors": self.count, **({"first_error": self.first} if self.first else {})}


BASELINES = {
    "random": "plays a legal action chosen at random",
    "greedy": "plays the legal action that scores best one step ahead on a simple position score",
    "search": "searches each decision with information-set Monte Carlo tree search (a number of playouts per "
    "decision, each on a fresh sample of what it cannot see; the bot plays itself inside the search; short "
    "playouts, by a quick heuristic in War Chest, scored by an evaluation of the position)",
}


def search_note(summary: Mapping[str, Any]) -> str:
    """The search opponent's figures for a row's notes, if it played."""
    search = summary.get("search")
    if not search:
        return ""
    return (
        f"; search: {search['playouts_per_decision']} playouts per decision, {search['playouts_per_second']} "
        f"playouts/s, {search['ms_per_decision']} ms per decision"
    )


@dataclass(frozen=True)
class Row:
    """One setting's games: the bot's difficulty or seat, and who it played against."""

    setting: str
    opponent: str
    games: int
    bot_wins: int | None  # None: no bot at the table (baseline players only)
    draws: int
    length: float  # mean actions per game, every player's
    decision_ms: tuple[float, float] | None = None  # the bot's thinking per turn: mean, max
    notes: str = ""  # the game's own figures (an action mix, dominance checks), with their units


def report(title: str, *, bot: str, seed: int, errors: int, rows: Sequence[Row]) -> str:
    head = f"{'setting':14}{'opponent':12}{'games':>6}{'bot wins':>10}{'draws':>7}{'length':>9}{'decision':>16}"
    lines = [title, f"seed {seed} (game i uses seed {seed} + i); {errors} game(s) failed with an error", "", head]
    for r in rows:
        wins = f"{r.bot_wins / r.games:.0%}" if r.bot_wins is not None and r.games else "—"
        thinking = f"{r.decision_ms[0]:.2f}/{r.decision_ms[1]:.1f} ms" if r.decision_ms else "—"
        lines.append(f"{r.setting:14}{r.opponent:12}{r.games:>6}{wins:>10}{r.draws:>7}{r.length:>9.1f}{thinking:>16}")
        if r.notes:
            lines.append(f"{'':14}{r.notes}")
    used = sorted({r.opponent.split()[0] for r in rows} & set(BASELINES))
    lines += [
        "",
        f"bot wins: the share of games {bot} won. draws: games that reached the action cap undecided.",
        "length: actions per game, all players together. decision: the bot's thinking time per turn, mean/max "
        "(— where self-play does not time it).",
        *(f"{name}: a baseline player that {BASELINES[name]}." for name in used),
    ]
    return "\n".join(lines)


def mean_max(values: Sequence[float], *, scale: float = 1.0, digits: int = 1) -> dict[str, float]:
    """A figure's mean and maximum over a run (``scale``: 1000 for seconds shown in ms); zeros for no values."""
    if not values:
        return {"mean": 0, "max": 0}
    return {"mean": round(scale * statistics.fmean(values), digits), "max": round(scale * max(values), digits)}
