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
from engines.paxpamir.selfplay import wakhan_turn_starts
from engines.paxpamir.state import State
from engines.paxpamir.table.build import before_her_draw, build_table
from engines.paxpamir.table.read import read_table
from engines.paxpamir.table.turn import turn_decisions


def positions(games: int, seed: int) -> list[State]:
    """The table at the start of each of Wakhan's turns: her AI card back on top of her deck, to be drawn."""
    return [before_her_draw(s) for s in wakhan_turn_starts(games, seed, people=(1,)) if s.turn > 0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10, help="games whose Wakhan turns are timed (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    tables = [Table.from_save(build_table(state=s)) for s in positions(args.games, args.seed)]
    if not tables:
        print(f"no Wakhan turn to time in {args.games} games from seed {args.seed}: try more games")
        return 1
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
