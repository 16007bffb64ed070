"""Benchmark: War Chest actions per second, the solo AI against random legal play on one core, beside the code of
before issue 18 measured in the same run; then ``automa selfplay warchest`` spread over several processes.

Not a test: it prints figures. The machine this project runs on is shared and noisy (the same run varies by up to
2x from minute to minute), so a figure recorded on another day says little. The bench therefore exports the engine
of revision ``--before`` (default: fb0a45e, the last commit before issue 18's changes) from git into a temporary
folder, loads both engines into this process (each plays with its own package in ``sys.modules``, so an import
inside the old engine's functions finds its own modules), and plays each game with one engine and then the same game
with the other (in alternating order), adding up each engine's CPU time: a slow spell of the machine falls on both
alike.
Both must play identical games (the bench compares every action). Without git history it falls back to the
figures recorded before (``tools/bench_baseline.json``) and says so. It also prints where each engine's time goes:
the AI's decisions, the random player's choices (listing the legal actions) and applying the actions (the rules
engine), each as a share of the three and as the time one call takes, and issue 18's goal (3x the actions per
second) with its verdict.

With ``--instructions N`` it also counts, under valgrind (callgrind), the machine instructions each engine runs for
N games, each in a process of its own (imports taken out by a run of no games): a figure a busy machine does not
sway, though time is what the goal counts (an instruction of one engine may take longer than one of the other's).

``python -m tools.bench_warchest [--games 300] [--seed 1] [--before REV] [--jobs N] [--instructions N]``
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from tools.gitexport import export

ROOT = Path(__file__).resolve().parent.parent
BEFORE_ISSUE_18 = "fb0a45e"
BASELINE = json.loads((Path(__file__).with_name("bench_baseline.json")).read_text(encoding="utf-8"))


def _ours() -> dict[str, ModuleType]:
    """The ``engines`` package's modules in ``sys.modules`` now."""
    return {k: m for k, m in sys.modules.items() if k == "engines" or k.startswith("engines.")}


@contextlib.contextmanager
def _package(source: Path | None, modules: dict[str, ModuleType]) -> Iterator[None]:
    """Within: the ``engines`` package of the folder ``source`` in ``sys.modules`` (those in ``modules``, which
    keeps what is imported meanwhile) and the folder first on ``sys.path``. None: today's package, as it is."""
    if source is None:
        yield
        return
    others = _ours()
    for k in others:
        del sys.modules[k]
    sys.modules.update(modules)
    sys.path.insert(0, str(source))
    try:
        yield
    finally:
        sys.path.remove(str(source))
        modules.clear()
        modules.update(_ours())
        for k in modules:
            del sys.modules[k]
        sys.modules.update(others)


@dataclass
class Engine:
    """One engine's modules and what it has spent so far. An engine loaded from another folder (``source``) plays
    with its own package in ``sys.modules`` and its folder first on ``sys.path``, so an import inside one of its
    functions finds its own module, never today's."""

    rules: ModuleType
    ai: ModuleType
    solo: ModuleType
    source: Path | None = None
    modules: dict[str, ModuleType] = field(default_factory=dict)
    cpu: float = 0.0
    actions: int = 0
    decisions: list[float] = field(default_factory=list)
    choosing: float = 0.0  # the random player's choices (listing the legal actions), wall time
    applying: float = 0.0  # applying every action (the rules engine), wall time
    random_moves: int = 0

    def reset(self) -> None:
        """Forget what was measured so far (the warm-up game)."""
        self.cpu = self.choosing = self.applying = 0.0
        self.actions = self.random_moves = 0
        self.decisions = []

    def play(self, seed: int) -> list[Any]:
        with _package(self.source, self.modules):
            return self._play(seed)

    def _play(self, seed: int) -> list[Any]:
        rules, solo = self.rules, self.solo
        ai = self.ai.SoloAI()
        rng = random.Random(seed)
        played = []
        clock = time.perf_counter  # a cheap clock for each part; the whole is CPU time
        start = time.process_time()  # CPU time: a neighbour's load on the shared machine does not count
        state = solo.setup_solo(rng)
        while not state.over:
            began = clock()
            if state.to_act() == state.rules.ai_side:
                action = ai.decide(state, rng).action
                chosen = clock()
                self.decisions.append(chosen - began)  # each decision's own time: their median is robust to noise
            else:
                action = solo.random_policy(state, rng)
                chosen = clock()
                self.choosing += chosen - began
                self.random_moves += 1
            played.append(action)
            rules.apply(state, action, rng, check=False)
            self.applying += clock() - chosen
        self.cpu += time.process_time() - start
        self.actions += len(played)
        return played

    def parts(self) -> list[tuple[str, float, float]]:
        """(part, share of the three parts' time, microseconds a call): where the time of the games goes."""
        deciding = sum(self.decisions)
        total = deciding + self.choosing + self.applying
        return [
            ("AI decisions", deciding / total, deciding / len(self.decisions) * 1e6),
            ("random player's choices", self.choosing / total, self.choosing / self.random_moves * 1e6),
            ("applying actions", self.applying / total, self.applying / self.actions * 1e6),
        ]

    def figures(self, games: int) -> dict[str, float]:
        return {
            "actions_per_second": self.actions / self.cpu,
            "games_per_second": games / self.cpu,
            "ai_decision_median_ms": statistics.median(self.decisions) * 1e3,
            "ai_decision_p99_ms": sorted(self.decisions)[int(len(self.decisions) * 0.99)] * 1e3,
        }


def load(source: Path | None) -> Engine:
    """The War Chest engine of the ``engines`` package under ``source`` (None: today's), loaded beside any other
    (the folder must stay until the bench is done: the engine may import from it while it plays)."""
    modules: dict[str, ModuleType] = {}
    with _package(source, modules):
        rules, ai, solo = (importlib.import_module(f"engines.warchest.{n}") for n in ("rules", "ai", "solo"))
    return Engine(rules, ai, solo, source, modules)


def play_only(source: Path | None, seed: int, games: int) -> None:
    """The games alone, with one engine: what :func:`count_instructions` runs under valgrind."""
    engine = load(source)
    for game in range(seed, seed + games):
        engine.play(game)


def count_instructions(source: Path | None, seed: int, games: int) -> int | None:
    """Instructions the engine under ``source`` (None: today's) runs for ``games`` games, counted by callgrind in a
    process of its own, less those of a run of no games (start-up and imports); None without valgrind."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None

    def collected(n: int) -> int:
        command = [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-m"]
        command += ["tools.bench_warchest", "--play-only", str(n), "--seed", str(seed)]
        command += ["--source", str(source)] if source is not None else []
        quiet = {**os.environ, "PYTHONHASHSEED": "0"}  # the same dict layouts in every run: counts that subtract
        run = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=quiet, check=False)
        found = re.search(r"Collected\s*:\s*(\d+)", run.stderr)
        if run.returncode or found is None:
            raise RuntimeError(f"valgrind could not count the games (exit {run.returncode}): {run.stderr[-500:]}")
        return int(found.group(1))

    return collected(games) - collected(0)


def selfplay_seconds(games: int, jobs: int) -> float:
    from engines.warchest import selfplay

    start = time.perf_counter()
    selfplay.run(games=games, seed=1, policies=["random", "greedy"], progress=False, jobs=jobs)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300, help="games each engine plays (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--before", default=BEFORE_ISSUE_18, help="git revision to compare with (default fb0a45e)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes for the self-play figure")
    parser.add_argument("--no-selfplay", action="store_true", help="leave out the self-play figure")
    parser.add_argument(
        "--instructions",
        type=int,
        default=0,
        metavar="N",
        help="also count each engine's instructions for N games under valgrind (about two minutes for 100)",
    )
    parser.add_argument(
        "--play-only", type=int, metavar="N", help="only play N games with one engine, printing nothing (internal)"
    )
    parser.add_argument("--source", type=Path, help="with --play-only: the folder of that engine (default: today's)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.instructions < 0:
        parser.error("--games must be at least 1 and --instructions at least 0 (0: not counted)")
    if args.play_only is not None:
        play_only(args.source, args.seed, args.play_only)
        return 0
    with tempfile.TemporaryDirectory(prefix="bench-warchest-") as tmp:  # kept while the old engine plays
        return _run(args, export(args.before, ("engines",), Path(tmp)))


def _print_parts(now: Engine, then: Engine | None) -> None:
    """Where each engine's time goes: the work left to speed up, named."""
    columns = [now.parts()] + ([then.parts()] if then is not None else [])
    names = "".join(f"{name:>19}" for name in ("now", "before")[: len(columns)])
    print(f"  {'where the time goes':26}{names}   (share of the three parts, time a call)")
    for row, (label, *_) in enumerate(columns[0]):
        cells = "".join(f"{parts[row][1]:>8.0%} {parts[row][2]:>7.1f} us" for parts in columns)
        print(f"    {label:24}{cells}")


def _print_instructions(args: argparse.Namespace, source: Path | None) -> None:
    games = args.instructions
    now = count_instructions(None, args.seed, games)
    if now is None:
        print("  instructions: valgrind is not installed (apt-get install valgrind), not counted")
        return
    line = f"  instructions for {games} games (callgrind, one process each): now {now / 1e6:,.0f} M"
    if source is not None:
        then = count_instructions(source, args.seed, games)
        assert then is not None
        line += f", before {then / 1e6:,.0f} M: {then / now:.2f}x fewer"
    print(line)


def _run(args: argparse.Namespace, source: Path | None) -> int:
    now, then = load(None), None
    if source is not None:
        try:
            then = load(source)
        except Exception as exc:  # an engine too old for this bench's calls: say so, compare with the record
            print(f"(cannot load the engine of revision {args.before}: {type(exc).__name__}: {exc})")
    for engine in (now, then):
        if engine is not None:
            engine.play(args.seed)  # warm up: first-call costs out of the figures
            engine.reset()
    differ = 0
    for game in range(args.seed, args.seed + args.games):
        if then is None:
            now.play(game)
            continue
        first, second = (now, then) if game % 2 else (then, now)
        differ += repr(first.play(game)) != repr(second.play(game))
    figures = now.figures(args.games)
    if then is not None:
        before = then.figures(args.games)
        label = f"{args.before}, measured in this run, game by game"
        if differ:
            print(f"NOTE: the two engines played {differ} of {args.games} games differently")
    else:
        before = BASELINE["warchest"]
        label = f"recorded {BASELINE['recorded']} on {BASELINE['machine']}"
    print(f"{args.games} games (solo AI vs random legal play), one core, CPU time")
    print(f"{'':24}{'now':>10}{'before':>10}{'faster':>8}   (before: {label})")
    rows = [  # (label, key, format, whether more is better)
        ("games per second", "games_per_second", ".1f", True),
        ("actions per second", "actions_per_second", ".0f", True),
        ("AI decision, median ms", "ai_decision_median_ms", ".3f", False),
        ("AI decision, p99 ms", "ai_decision_p99_ms", ".3f", False),
    ]
    for text, key, fmt, more in rows:
        is_, was = figures[key], before[key]
        print(f"  {text:22}{is_:>10{fmt}}{was:>10{fmt}}{(is_ / was if more else was / is_):>7.2f}x")
    print(f"  mean game length      {now.actions / args.games:10.1f} actions")
    ratio = figures["actions_per_second"] / before["actions_per_second"]
    if then is None:
        verdict = "no verdict: 'before' was measured on another machine"
    elif differ:
        verdict = "no verdict: the engines played different games"
    else:
        verdict = "met" if ratio >= 3 else "NOT met"
    print(f"  goal (issue 18): actions per second at least 3x before: {ratio:.2f}x, {verdict}")
    _print_parts(now, then)
    if args.instructions:
        _print_instructions(args, source if then is not None else None)
    if args.no_selfplay:
        return 0
    games = max(8, args.games // 10)
    selfplay_seconds(2, 1)  # warm up: imports and first-call costs out of the figures
    one, many = float("inf"), float("inf")
    for _ in range(3):  # in turns, each setting's best: wall time, so a slow spell of the machine would skew one
        one = min(one, selfplay_seconds(games, 1))
        many = min(many, selfplay_seconds(games, args.jobs))
    print(
        f"\nautoma selfplay warchest, {games} games per setting (random and greedy opponents, every difficulty), "
        "best of 3 in turns: "
        f"1 process {one:.1f} s, {args.jobs} processes {many:.1f} s: {one / many:.2f}x faster "
        f"({one / many / args.jobs:.0%} of linear)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
