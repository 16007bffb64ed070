"""Benchmark: War Chest games per second, the solo AI against random legal play, in-process on one core.

Not a test: it prints figures. ``python -m tools.bench_warchest [--games 300] [--seed 1]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    ai = SoloAI()
    decisions: list[float] = []
    start = time.perf_counter()
    plies = [play(args.seed + i, ai, decisions) for i in range(args.games)]
    elapsed = time.perf_counter() - start
    print(f"{args.games} games (solo AI vs random legal play), one core, in-process")
    print(f"  games per second      {args.games / elapsed:10.1f}")
    print(f"  actions per second    {sum(plies) / elapsed:10.0f}")
    print(f"  mean game length      {statistics.fmean(plies):10.1f} actions")
    print(f"  AI decision, median   {statistics.median(decisions) * 1e3:10.3f} ms")
    print(f"  AI decision, p99      {sorted(decisions)[int(len(decisions) * 0.99)] * 1e3:10.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
