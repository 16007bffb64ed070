"""Self-play: the solo AI against the baseline human policies, in-process, with a summary per difficulty."""

from __future__ import annotations

import random
import statistics
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tqdm import tqdm

from bridge.errors import UsageError
from engines.search import SEARCH, Budget, IsMcts, search_games
from engines.selfplay_report import Row, in_processes, report, search_note
from engines.warchest import rules
from engines.warchest.ai import DIFFICULTY_ROYALS, AiOptions, SoloAI
from engines.warchest.search import EXPLORATION, PLAYOUT_DEPTH, PLAYOUTS, WarChestSearch
from engines.warchest.solo import POLICIES, HumanPolicy, setup_solo


@dataclass
class Tally:
    games: int = 0
    ai_wins: int = 0
    human_wins: int = 0
    draws: int = 0
    errors: int = 0
    lengths: list[int] = field(default_factory=list)
    ai_actions: Counter[str] = field(default_factory=Counter)
    first_error: str = ""

    def merge(self, other: Tally) -> None:
        """Another run's games after these (games come back in seed order, so the first error stays the first)."""
        self.games += other.games
        self.ai_wins += other.ai_wins
        self.human_wins += other.human_wins
        self.draws += other.draws
        self.errors += other.errors
        self.lengths.extend(other.lengths)
        self.ai_actions.update(other.ai_actions)
        self.first_error = self.first_error or other.first_error

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "ai_win_rate": round(self.ai_wins / self.games, 4) if self.games else 0.0,
            "ai_wins": self.ai_wins,
            "human_wins": self.human_wins,
            "draws": self.draws,
            "errors": self.errors,
            "length": {
                "mean": round(statistics.fmean(self.lengths), 1) if self.lengths else 0,
                "median": statistics.median(self.lengths) if self.lengths else 0,
                "max": max(self.lengths, default=0),
            },
            "ai_action_mix": dict(self.ai_actions.most_common()),
            **({"first_error": self.first_error} if self.first_error else {}),
        }


def play_one(seed: int, difficulty: str, human: HumanPolicy, tally: Tally) -> None:
    rng = random.Random(seed)
    options = AiOptions(difficulty=difficulty)  # type: ignore[arg-type]
    ai = SoloAI(options)
    tally.games += 1
    try:
        state = setup_solo(rng, options)
        while not state.over:
            if state.to_act() == state.rules.ai_side:
                decision = ai.decide(state, rng)
                tally.ai_actions[type(decision.action).__name__] += 1
                rules.apply(state, decision.action, rng)
            else:
                rules.apply(state, human(state, rng), rng, check=False)
    except Exception:  # a failed game is counted and reported, not fatal to the run
        tally.errors += 1
        tally.first_error = tally.first_error or f"seed {seed}: {traceback.format_exc(limit=3)}"
        return
    tally.lengths.append(state.ply)
    if state.winner == state.rules.ai_side:
        tally.ai_wins += 1
    elif state.winner is not None:
        tally.human_wins += 1
    else:
        tally.draws += 1


@dataclass(frozen=True)
class _Game:
    """One game of a run, as a worker process receives it."""

    seed: int
    difficulty: str
    policy: str
    playouts: int


def _play(game: _Game) -> tuple[Tally, Budget | None]:
    """One game on its own (in a worker process, or here): its tally, and the searcher's figures if it searched.
    Each game draws only from its own seed, so where it runs changes nothing."""
    tally = Tally()
    searcher = (
        IsMcts(
            WarChestSearch.against(AiOptions(difficulty=game.difficulty)),  # type: ignore[arg-type]
            game.playouts,
            PLAYOUT_DEPTH,
            EXPLORATION,
        )
        if game.policy == SEARCH
        else None
    )
    play_one(game.seed, game.difficulty, searcher or POLICIES[game.policy], tally)
    return tally, searcher.budget if searcher else None


def run(
    *,
    games: int,
    seed: int,
    difficulties: list[str] | None = None,
    policies: list[str] | None = None,
    progress: bool = True,
    playouts: int = PLAYOUTS,
    search_count: int | None = None,
    jobs: int = 1,
) -> dict[str, Any]:
    """``games`` games for each difficulty and policy (``search_count`` for the search opponent, with
    ``playouts`` per decision); game i uses seed ``seed + i`` (so runs are repeatable), spread over ``jobs``
    processes: the same results whatever their number (only the search's timings differ). By default only the
    quick baselines play (a game in milliseconds); the search opponent, seconds a game, plays when named."""
    difficulties = difficulties or list(DIFFICULTY_ROYALS)
    policies = policies or list(POLICIES)
    unknown = [p for p in policies if p not in (*POLICIES, SEARCH)]
    if unknown:
        raise UsageError(f"unknown --opponent {', '.join(unknown)} (choose from {', '.join([*POLICIES, SEARCH])})")
    counts = {p: search_games(games, search_count) if p == SEARCH else games for p in policies}
    plan = [_Game(seed + i, d, p, playouts) for d in difficulties for p in policies for i in range(counts[p])]
    tallies: dict[tuple[str, str], Tally] = {(d, p): Tally() for d in difficulties for p in policies}
    budgets: dict[tuple[str, str], Budget] = {}
    with tqdm(total=len(plan), disable=not progress, unit="game", desc="War Chest self-play") as bar:
        for game, (tally, budget) in zip(plan, in_processes(_play, plan, jobs), strict=True):
            tallies[game.difficulty, game.policy].merge(tally)
            if budget is not None:
                budgets.setdefault((game.difficulty, game.policy), Budget()).add(budget)
            bar.update()
    results: dict[str, Any] = {}
    for (difficulty, policy), tally in tallies.items():
        budget = budgets.get((difficulty, policy))
        results.setdefault(difficulty, {})[policy] = tally.to_json() | (
            {"search": budget.to_json(playouts)} if budget else {}
        )
    errors = sum(r["errors"] for by_policy in results.values() for r in by_policy.values())
    return {"game": "warchest", "games_per_setting": games, "seed": seed, "errors": errors, "results": results}


def format_summary(summary: dict[str, Any]) -> str:
    rows = [
        Row(
            setting=difficulty,
            opponent=policy,
            games=r["games"],
            bot_wins=r["ai_wins"],
            draws=r["draws"],
            length=r["length"]["mean"],
            notes="AI actions, all games: "
            + ", ".join(f"{k} {v}" for k, v in list(r["ai_action_mix"].items())[:6])
            + search_note(r),
        )
        for difficulty, by_policy in summary["results"].items()
        for policy, r in by_policy.items()
    ]
    fewer = " (fewer for search: see its row)" if any(SEARCH in r for r in summary["results"].values()) else ""
    return report(
        f"War Chest self-play, the solo AI against baseline players, {summary['games_per_setting']} games per "
        f"setting{fewer}",
        bot="the AI",
        seed=summary["seed"],
        errors=summary["errors"],
        rows=rows,
    )
