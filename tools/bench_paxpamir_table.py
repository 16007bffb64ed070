"""Benchmark: a Wakhan turn on the table, in-process: reading a built table, her decisions, and planning them as
commands, on positions from games against random players.

Not a test: it prints figures. ``python -m tools.bench_paxpamir_table [--games 10] [--seed 1]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bridge.table import Table
from engines.base import Options
from engines.paxpamir import rules as R
from engines.paxpamir.baselines import random_policy
from engines.paxpamir.state import State
from engines.paxpamir.table.build import build_table
from engines.paxpamir.table.read import read_table
from engines.paxpamir.table.turn import turn_decisions
from engines.paxpamir.wakhan.turn import Wakhan


def positions(games: int, seed: int) -> list[State]:
    """The state at the start of each of Wakhan's turns (before her draw is planned)."""
    found = []
    for g in range(games):
        rng = random.Random(seed + g)
        state = R.new_game([None, "british"], rng, wakhan=0)
        bot = Wakhan()
        while not state.over:
            if state.current == 0 and not state.pending and state.actions_used == 0 and state.turn > 0:
                before = state.copy()
                before.ai_deck.insert(0, before.ai_discard.pop())
                found.append(before)
            if bot.to_move(state):
                decision = bot.next(state)
                assert decision is not None
                R.apply(state, decision.action, rng)
            else:
                R.apply(state, random_policy(state, rng), rng, check=False)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    tables = [Table.from_save(build_table(state=s)) for s in positions(args.games, args.seed)]
    reads, decides, plans, commands = [], [], [], []
    for i, table in enumerate(tables):
        t0 = time.perf_counter()
        view = read_table(table)
        t1 = time.perf_counter()
        decisions = turn_decisions(view, random.Random(i), Options())
        t2 = time.perf_counter()
        planned = [view.planner.plan(d) for d in decisions]
        t3 = time.perf_counter()
        reads.append(t1 - t0)
        decides.append(t2 - t1)
        plans.append(t3 - t2)
        commands.append(sum(map(len, planned)))
    print(f"{len(tables)} Wakhan turns on tables of {len(tables[0])} objects")
    for label, values in (("read the table", reads), ("decide her turn", decides), ("plan commands", plans)):
        ms = [v * 1000 for v in values]
        print(f"  {label:16} mean {statistics.mean(ms):6.2f} ms   max {max(ms):6.2f} ms")
    print(f"  commands per turn: mean {statistics.mean(commands):.1f}, max {max(commands)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
