"""``automa selfplay whitecastle``: the bot over whole games against a scripted person who takes a legal die at
random and puts it where they can pay for it: a free space, the Well or their domain. Their coins are kept, their
clan points are not modelled (the space's cards and their domain are not), so the figures are the bot's: its score,
where its dice went, and its thinking time."""

from __future__ import annotations

import random
import statistics
import time
import traceback
from collections import Counter
from dataclasses import dataclass
from typing import Any

from tqdm import tqdm

from bridge.errors import UsageError
from engines.selfplay_report import Failures, Row, in_processes, mean_max
from engines.whitecastle import actions, rules
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
    jobs: int = 1,
) -> dict[str, Any]:
    """``games`` games per difficulty; game ``i`` uses seed ``seed + i``, spread over ``jobs`` processes (the same
    results whatever their number)."""
    options = options or BotOptions()
    chosen = [level for level in LEVELS if level in (levels or LEVELS)]
    unknown = set(levels or ()) - set(LEVELS)
    if unknown:
        raise UsageError(f"unknown difficulty {', '.join(sorted(unknown))} (choose from {', '.join(LEVELS)})")
    plan = [_Game(deck, level, seed + i, options) for level in chosen for i in range(games)]
    played: dict[str, list[dict[str, Any]]] = {level: [] for level in chosen}
    with tqdm(total=len(plan), disable=not progress, unit="game") as bar:
        for game, record in zip(plan, in_processes(_play, plan, jobs), strict=True):
            played[game.level].append(record)
            bar.update()
    results = {level: _summary(records, games) for level, records in played.items()}
    errors = sum(r["errors"] for r in results.values())
    return {
        "game": "whitecastle",
        "games": games,
        "seed": seed,
        "sample": deck.sample,
        "errors": errors,
        "results": results,
    }


@dataclass(frozen=True)
class _Game:
    deck: SoloDeck
    level: Difficulty
    seed: int
    options: BotOptions


def _play(game: _Game) -> dict[str, Any]:
    """One game on its own (in a worker process, or here), from its seed alone."""
    rng = random.Random(game.seed)
    record: dict[str, Any] = {"seed": game.seed, "thinking": [], "placements": Counter()}
    try:
        state = rules.new_game(game.deck, game.level, rng, options=game.options)
        steps = 0
        while not state.over:
            if state.to_move == "bot":
                start = time.perf_counter()
                decisions = bot_turn(state, game.deck, rng, game.options)
                record["thinking"].append(time.perf_counter() - start)
                steps += len(decisions)
                record["placements"].update(
                    _where(d.action, d.reason.rule) for d in decisions if isinstance(d.action, actions.PlaceDie)
                )
            else:
                rules.apply(state, rng.choice(list(rules.person_actions(state))), rng, game.deck, game.options)
                steps += 1
        record.update(score=rules.bot_score(state, game.deck), steps=steps)
    except Exception:  # a failed game is counted and reported (Failures), not fatal to the run
        record["error"] = traceback.format_exc(limit=4)
    return record


def _summary(records: list[dict[str, Any]], games: int) -> dict[str, Any]:
    scores: list[int] = []
    parts: Counter[str] = Counter()
    placements: Counter[str] = Counter()
    thinking: list[float] = []
    lengths: list[int] = []
    failures = Failures()
    for record in records:
        thinking.extend(record["thinking"])
        placements.update(record["placements"])  # a failed game's dice placed before it failed count too
        if "error" in record:
            failures.add(record["seed"], record["error"])
            continue
        score = record["score"]
        scores.append(score["total"])
        parts.update({k: v for k, v in score.items() if k != "total"})
        lengths.append(record["steps"])
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


def _where(action: actions.PlaceDie, rule: str) -> str:
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
