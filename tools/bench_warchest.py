"""Benchmark: War Chest games per second, the solo AI against random legal play, in-process on one core; then
``automa selfplay warchest`` spread over several processes.

Not a test: it prints figures, beside those recorded before issue 18 (``tools/bench_baseline.json``).
``python -m tools.bench_warchest [--games 300] [--seed 1] [--jobs N]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from pathlib import Path

from engines.warchest import rules as R
from engines.warchest.ai import SoloAI
from engines.warchest.solo import random_policy, setup_solo


def play(seed: int, ai: SoloAI, decision_times: list[float]) -> int:
    rng = random.Random(seed)
    state = setup_solo(rng)
    while not state.over:
        if state.to_act() == state.rules.ai_side:
            start = time.perf_counter()
            action = ai.decide(state, rng).action
            decision_times.append(time.perf_counter() - start)
            R.apply(state, action, rng, check=False)
        else:
            R.apply(state, random_policy(state, rng), rng, check=False)
    return state.ply


BASELINE = json.loads((Path(__file__).with_name("bench_baseline.json")).read_text(encoding="utf-8"))


def selfplay_seconds(games: int, jobs: int) -> float:
    from engines.warchest import selfplay

    start = time.perf_counter()
    selfplay.run(games=games, seed=1, policies=["random", "greedy"], progress=False, jobs=jobs)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes for the self-play figure")
    args = parser.parse_args(argv)
    ai = SoloAI()
    decisions: list[float] = []
    start = time.perf_counter()
    plies = [play(args.seed + i, ai, decisions) for i in range(args.games)]
    elapsed = time.perf_counter() - start
    before = BASELINE["warchest"]
    print(f"{args.games} games (solo AI vs random legal play), one core, in-process")
    print(f"{'':24}{'now':>10}{'before':>10}{'faster':>8}   (before: {BASELINE['recorded']}, {BASELINE['machine']})")
    p99 = sorted(decisions)[int(len(decisions) * 0.99)] * 1e3
    rows = [  # (label, now, before, format, whether more is better)
        ("games per second", args.games / elapsed, before["games_per_second"], ".1f", True),
        ("actions per second", sum(plies) / elapsed, before["actions_per_second"], ".0f", True),
        ("AI decision, median ms", statistics.median(decisions) * 1e3, before["ai_decision_median_ms"], ".3f", False),
        ("AI decision, p99 ms", p99, before["ai_decision_p99_ms"], ".3f", False),
    ]
    for label, now, was, fmt, more in rows:
        print(f"  {label:22}{now:>10{fmt}}{was:>10{fmt}}{(now / was if more else was / now):>7.2f}x")
    print(f"  mean game length      {statistics.fmean(plies):10.1f} actions")
    print("  goal (issue 18): actions per second at least 3x before")
    games = max(8, args.games // 10)
    selfplay_seconds(2, 1)  # warm up: imports and first-call costs out of the figures
    one = selfplay_seconds(games, 1)
    many = selfplay_seconds(games, args.jobs)
    print(
        f"\nautoma selfplay warchest, {games} games per setting (random and greedy opponents, every difficulty): "
        f"1 process {one:.1f} s, {args.jobs} processes {many:.1f} s: {one / many:.2f}x faster "
        f"({one / many / args.jobs:.0%} of linear)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
