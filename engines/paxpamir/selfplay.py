"""``automa selfplay paxpamir``: random legal players, in-process, with a summary."""

from __future__ import annotations

import random
import statistics
import traceback
from collections import Counter
from typing import Any

from tqdm import tqdm

from engines.paxpamir import rules as R
from engines.paxpamir.data import COALITIONS


def run(*, players: int, games: int, seed: int, progress: bool = True) -> dict[str, Any]:
    wins: Counter[int] = Counter()
    lengths: list[int] = []
    checks: list[int] = []
    errors = 0
    first_error = ""
    for i in tqdm(range(games), disable=not progress, unit="game"):
        rng = random.Random(seed + i)
        try:
            state = R.new_game([rng.choice(COALITIONS) for _ in range(players)], rng)
            while not state.over:
                R.apply(state, rng.choice(list(R.legal_actions(state))), rng, check=False)
        except Exception:  # a failed game is counted and reported, not fatal to the run
            errors += 1
            first_error = first_error or f"seed {seed + i}: {traceback.format_exc(limit=4)}"
            continue
        assert state.winner is not None
        wins[state.winner] += 1
        lengths.append(state.ply)
        checks.append(state.dominance_checks_resolved)
    return {
        "game": "paxpamir",
        "players": players,
        "games": games,
        "seed": seed,
        "errors": errors,
        "wins_by_seat": {str(seat): wins[seat] for seat in range(players)},
        "length": {
            "mean": round(statistics.fmean(lengths), 1) if lengths else 0,
            "median": statistics.median(lengths) if lengths else 0,
            "max": max(lengths, default=0),
        },
        "dominance_checks": {
            "mean": round(statistics.fmean(checks), 2) if checks else 0,
            "max": max(checks, default=0),
        },
        **({"first_error": first_error} if first_error else {}),
    }


def format_summary(summary: dict[str, Any]) -> str:
    wins = ", ".join(f"seat {seat}: {n}" for seat, n in summary["wins_by_seat"].items())
    length = summary["length"]
    return (
        f"Pax Pamir self-play: {summary['games']} games of {summary['players']} random players, seed "
        f"{summary['seed']}, {summary['errors']} error(s)\n"
        f"wins by seat: {wins}\n"
        f"game length (actions): mean {length['mean']}, median {length['median']}, max {length['max']}\n"
        f"dominance checks resolved per game: mean {summary['dominance_checks']['mean']}, "
        f"max {summary['dominance_checks']['max']}"
    )
