"""``automa selfplay whitecastle``: the bot over whole games against a scripted person who takes a legal die at
random and puts it on a free space, the Well or their domain. The person's own score is not modelled (their domain
is theirs to run), so the figures are the bot's: its score, where its dice went, and its thinking time."""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from typing import Any

from tqdm import tqdm

from engines.selfplay_report import Failures, Row, mean_max
from engines.whitecastle import actions as A
from engines.whitecastle import rules as R
from engines.whitecastle.board import Difficulty
from engines.whitecastle.bot import bot_turn
from engines.whitecastle.deck import SoloDeck
from engines.whitecastle.options import BotOptions

LEVELS: tuple[Difficulty, ...] = ("easy", "medium", "hard")


def run(
    deck: SoloDeck,
    *,
    games: int,
    seed: int,
    levels: list[str] | None = None,
    options: BotOptions | None = None,
    progress: bool = True,
) -> dict[str, Any]:
    """``games`` games per difficulty; game ``i`` uses seed ``seed + i``."""
    options = options or BotOptions()
    chosen = [level for level in LEVELS if level in (levels or LEVELS)]
    unknown = set(levels or ()) - set(LEVELS)
    if unknown:
        raise ValueError(f"unknown difficulty {', '.join(sorted(unknown))} (choose from {', '.join(LEVELS)})")
    results: dict[str, Any] = {}
    with tqdm(total=games * len(chosen), disable=not progress, unit="game") as bar:
        for level in chosen:
            results[level] = _games(deck, level, games, seed, options, bar)
    errors = sum(r["errors"] for r in results.values())
    return {
        "game": "whitecastle",
        "games": games,
        "seed": seed,
        "sample": deck.sample,
        "errors": errors,
        "results": results,
    }


def _games(deck: SoloDeck, level: Difficulty, games: int, seed: int, options: BotOptions, bar: Any) -> dict[str, Any]:
    scores: list[int] = []
    parts: Counter[str] = Counter()
    placements: Counter[str] = Counter()
    thinking: list[float] = []
    lengths: list[int] = []
    failures = Failures()
    for i in range(games):
        rng = random.Random(seed + i)
        try:
            state = R.new_game(deck, level, rng, options=options)
            steps = 0
            while not state.over:
                if state.to_move == "bot":
                    start = time.perf_counter()
                    decisions = bot_turn(state, deck, rng, options)
                    thinking.append(time.perf_counter() - start)
                    steps += len(decisions)
                    placements.update(
                        _where(d.action, d.reason.rule) for d in decisions if isinstance(d.action, A.PlaceDie)
                    )
                else:
                    R.apply(state, rng.choice(list(R.person_actions(state))), rng, deck, options)
                    steps += 1
            score = R.bot_score(state, deck)
        except Exception:  # a failed game is counted and reported (Failures), not fatal to the run
            failures.note(seed + i)
            continue
        finally:
            bar.update()
        scores.append(score["total"])
        parts.update({k: v for k, v in score.items() if k != "total"})
        lengths.append(steps)
    done = max(1, len(scores))
    return {
        "games": games,
        "score": {
            "mean": round(statistics.fmean(scores), 1) if scores else 0,
            "min": min(scores, default=0),
            "max": max(scores, default=0),
            "parts_mean": {k: round(v / done, 1) for k, v in parts.items()},
        },
        "placements": dict(placements.most_common()),
        "ms_per_turn": mean_max(thinking, scale=1000, digits=3),
        "length": round(statistics.fmean(lengths), 1) if lengths else 0,
        **failures.summary(),
    }


def _where(action: A.PlaceDie, rule: str) -> str:
    if action.zone == "well":
        return "well"
    how = "match" if "two Die tokens" in rule else "wrapped" if "wrapping" in rule else "pictured"
    return f"{action.zone} ({how})"


def rows(summary: dict[str, Any]) -> list[Row]:
    out = []
    for level, r in summary["results"].items():
        score, ms = r["score"], r["ms_per_turn"]
        parts = ", ".join(f"{k} {v}" for k, v in score["parts_mean"].items())
        dice = ", ".join(f"{k} {v}" for k, v in r["placements"].items())
        out.append(
            Row(
                setting=level,
                opponent="scripted",
                games=r["games"],
                bot_wins=None,
                draws=0,
                length=r["length"],
                decision_ms=(ms["mean"], ms["max"]),
                notes=f"bot score: mean {score['mean']}, min {score['min']}, max {score['max']} ({parts}); "
                f"its dice: {dice}",
            )
        )
    return out
