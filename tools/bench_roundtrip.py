"""Benchmark: the snapshot round trip, a 20-command batch and bot turns, through the emulator over loopback.

Not a test: it prints figures. The emulator runs as its own process (``automa emulate``), as TTS would, and
the bridge asks its connector for snapshots of tables of 100, 1,000 and 5,000 objects: the whole ``getData()``
of every object (as before issue 18), the lean records of every object, and the exact differences from the
bridge's last table (the default once it holds one) with nothing changed and after a batch moved five objects,
and the quicker differences by events. Each figure is the median of several runs, next to the floor: decoding the whole
snapshot's reply bytes with ``json`` in this process (issue 18's goal: a snapshot of 1,000 objects end to end
below that floor). Then where a snapshot spends its time, the bridge's table model per object and peak memory, and
a War Chest and a Wakhan bot turn at TTS's pace (60 frames a second), with the time spent watching pieces move.
Each of issue 18's goals is printed with its verdict (met or NOT met) from the figures beside it.

Issue 32's goal, that the emulator's MoonSharp layer makes it at most 1.5x slower: the same tables and requests
(the same save, today's connector) are answered by the emulator of revision ``--before`` (default cc8ba6f, the last
commit before issue 32), exported from git into a temporary folder and run as its own process, in the same run; each
figure's ratio is printed, and their geometric mean with its verdict. Without git history it says so and skips it.
Issue 41: a script's loop of ``sub``, ``byte`` and ``#`` over a 40,000-character non-ASCII text, timed by the script
itself on this emulator and on that revision's (MoonSharp takes 0.06 s).

    python -m tools.bench_roundtrip [--sizes 100 1000 5000] [--repeat 15] [--no-turns] [--before REV | --no-before]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bridge.commands import Command, Move, Position, Rotate, Say
from bridge.connector import Connector
from bridge.link import Link
from bridge.modbuild import connector_lua
from bridge.protocol import encode
from tools.gitexport import export


def make_table(n: int) -> dict[str, Any]:
    """n objects: chips with tags and descriptions, and every tenth a bag holding five chips."""
    objects: list[dict[str, Any]] = []
    for i in range(n):
        obj: dict[str, Any] = {
            "GUID": f"{i:06x}",
            "Name": "Chip_10",
            "Nickname": f"piece {i}",
            "Description": "a piece with a short description",
            "Tags": ["bench", f"row{i % 7}"],
            "Transform": {
                "posX": i % 50,
                "posY": 1.0,
                "posZ": i // 50,
                "rotX": 0,
                "rotY": 90.0,
                "rotZ": 0,
                "scaleX": 1,
                "scaleY": 1,
                "scaleZ": 1,
            },
        }
        if i % 10 == 0:
            obj["Name"] = "Bag"
            obj["ContainedObjects"] = [
                {"GUID": f"{i:05x}{k}", "Name": "Chip_10", "Nickname": f"inner {k}"} for k in range(5)
            ]
        objects.append(obj)
    return {"SaveName": f"bench {n}", "LuaScript": connector_lua(), "LuaScriptState": "{}", "ObjectStates": objects}


BEFORE_ISSUE_32 = "cc8ba6f"
BEFORE_ISSUE_38 = "24f6e70"  # the connector before issue 38 spread its snapshots over frames
# main before the count booked TTS's C# apart (tools/emulator/README.md, "Frame budget"): its connector and its count
BEFORE_BOOKING = "bd0f4cf"
CONNECTOR = "tts_mod/connector/connector.lua"
# a real save (323 objects, 1,624 with those inside containers), in the project's ../shared beside the checkout
REAL_SAVE = (
    Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "tts-saves" / "dune-spice-flow-skeleton.json"
)
EMULATOR_PARTS = ("bridge", "engines", "tools", "tts_mod")  # what `python -m bridge.cli emulate` imports and reads
SLOWDOWN_GOAL = 1.5  # issue 32: the MoonSharp layer may make the emulator at most this much slower
MOVED = tuple(i * 7 + 1 for i in range(5))  # the objects a batch moves: every seventh from the second
MIN_SIZE = max(MOVED) + 1  # a table must hold them all


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def measure(n: int, repeat: int, emulator_root: Path | None = None) -> list[dict[str, Any]]:
    """The figures for a table of ``n`` objects; the emulator runs from ``emulator_root`` (another revision's
    code) when given, else from this checkout."""
    env = {**os.environ, "PYTHONPATH": str(emulator_root)} if emulator_root else None
    with tempfile.TemporaryDirectory() as tmp:
        save = Path(tmp) / "bench.json"
        save.write_text(json.dumps(make_table(n)), encoding="utf-8")
        link = Link(tts_port=free_port(), editor_port=free_port(), timeout=60)
        await link.start()
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bridge.cli",
                "emulate",
                str(save),
                "--tts-port",
                str(link.tts_port),
                "--editor-port",
                str(link.editor_port),
                "--fast",  # the cost of the bridge and the Lua, not the pace of TTS's frames
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            cwd=emulator_root,
            env=env,
        )
        try:
            assert proc.stdout is not None
            proc.stdout.readline()
            await link.wait_loaded(60)
            connector = Connector(link, timeout=60)
            rows = [await _snapshot_row(n, link, connector, repeat)]
            if n == 1000:
                rows.append(await _batch_row(link, connector, repeat))
            connector.close()
            return rows
        finally:
            proc.terminate()
            proc.wait(10)
            await link.close()


async def _timed(link: Link, action: Any, repeat: int) -> tuple[float, bytes]:
    raw: list[bytes] = []
    link.gate.tap = raw.append
    times = []
    for _ in range(repeat):
        raw.clear()
        start = time.perf_counter()
        await action()
        times.append(time.perf_counter() - start)
    link.gate.tap = None
    reply = max(raw, key=len)  # the connector's answer (the largest message of the exchange)
    return statistics.median(times), reply


def _floor(raw: bytes, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        message = json.loads(raw)
        json.loads(message["customMessage"]["result"])
        times.append(time.perf_counter() - start)
    return statistics.median(times)


async def _snapshot_row(n: int, link: Link, connector: Connector, repeat: int) -> dict[str, Any]:
    async def full() -> None:
        await connector.snapshot(full=True)

    async def fresh() -> None:
        await connector.snapshot(fresh=True)

    await full()  # warm up
    e2e_full, raw_full = await _timed(link, full, repeat)
    await fresh()
    e2e_lean, raw_lean = await _timed(link, fresh, repeat)
    await connector.snapshot()
    e2e_exact, raw_exact = await _timed(link, connector.snapshot, repeat)  # nothing changed in between
    moved = [Move(guid=f"{k:06x}", position=Position(x=i, y=1, z=-3), smooth=False) for i, k in enumerate(MOVED)]
    after: dict[str, list[float]] = {"exact_moved": [], "changes": []}
    for key, kwargs in (("exact_moved", {}), ("changes", {"changes": True})):
        await connector.snapshot(**kwargs)
        for _ in range(repeat):
            await connector.apply(moved)
            start = time.perf_counter()
            await connector.snapshot(**kwargs)
            after[key].append(time.perf_counter() - start)
    return {
        "what": f"snapshot, {n} objects",
        "n": n,
        "bytes": len(raw_full),
        "lean_bytes": len(raw_lean),
        "exact_bytes": len(raw_exact),
        "e2e": e2e_full,
        "lean": e2e_lean,
        "exact": e2e_exact,
        "exact_moved": statistics.median(after["exact_moved"]),
        "changes": statistics.median(after["changes"]),
        "floor": _floor(raw_full, repeat),
    }


async def _batch_row(link: Link, connector: Connector, repeat: int) -> dict[str, Any]:
    batch: list[Command] = []
    for i in range(20):
        guid = f"{i * 3 + 1:06x}"
        if i % 4 == 3:
            batch.append(Say(text=f"step {i}"))
        elif i % 2:
            batch.append(Rotate(guid=guid, rotation=Position(x=0, y=i * 10, z=0), smooth=False))
        else:
            batch.append(Move(guid=guid, position=Position(x=i, y=2, z=-5), smooth=False))

    async def apply() -> None:
        await connector.apply(batch)

    e2e, raw = await _timed(link, apply, repeat)
    return {"what": "batch of 20 commands, 1,000 objects", "bytes": len(raw), "e2e": e2e, "floor": _floor(raw, repeat)}


def breakdown(n: int, repeat: int) -> list[tuple[str, float]]:
    """Where a snapshot's time goes, measured piece by piece in this process."""
    from bridge.table import SaveFile, Table
    from tools.emulator.world import World

    sent: list[dict[str, Any]] = []
    world = World(SaveFile.from_dict(make_table(n)), sent.append)

    def lua_snapshot() -> None:  # a slice a frame (issue 38): the frames stepped until it answers
        world.external_message({"automa": {"id": 1, "op": "snapshot", "args": {}}})
        world.run_until_idle()

    def lua_exact() -> None:  # the differences from the connector's last answer (none: nothing changes here)
        last = json.loads(sent[-1]["customMessage"]["result"])
        since = {"epoch": last.get("epoch"), "version": last.get("version")}
        world.external_message({"automa": {"id": 1, "op": "snapshot", "args": {"since": since, "exact": True}}})
        world.run_until_idle()

    def lua_full() -> None:
        world.external_message({"automa": {"id": 1, "op": "snapshot", "args": {"full": True}}})

    lua_full()
    wire_full = encode(sent[-1])
    full = json.loads(json.loads(wire_full)["customMessage"]["result"])
    lua_snapshot()
    wire = encode(sent[-1])
    result = json.loads(json.loads(wire)["customMessage"]["result"])
    pieces = [
        ("whole: connector Lua builds it", lua_full),
        (
            "whole: bridge decodes message and result",
            lambda: json.loads(json.loads(wire_full)["customMessage"]["result"]),
        ),
        ("whole: bridge builds the table model", lambda: Table.from_snapshot(full)),
        ("lean: connector Lua builds it, frames stepped", lua_snapshot),
        ("lean: emulator encodes the message", lambda: encode(sent[-1])),
        ("lean: bridge decodes message and result", lambda: json.loads(json.loads(wire)["customMessage"]["result"])),
        ("lean: bridge builds the table model", lambda: Table.from_snapshot(result)),
        ("exact, nothing changed: connector Lua compares every object, frames stepped", lua_exact),
    ]
    out = []
    for label, fn in pieces:
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        out.append((label, statistics.median(times)))
    return out


def with_connector(save: dict[str, Any], connector: str) -> dict[str, Any]:
    """The save with ``connector`` in place of today's connector at the head of its Global script."""
    script, today = str(save.get("LuaScript") or ""), connector_lua()
    rest = script.removeprefix(today) if script.startswith(today) else "\n" + script
    return {**save, "LuaScript": connector + rest}


def frame_tables(sizes: list[int], real_save: Path) -> list[tuple[str, dict[str, Any]]]:
    """Every built game's table, the padded tables of 1,000 objects or more, and a real save with the connector."""
    from bridge.modbuild import build_save
    from engines import registry

    tables = []
    for name in registry.available():
        game = registry.load(name)
        if game.data is not None:
            game.use_data(None, True)  # the owner's card data: the sample here
        tables.append((f"{game.title} (built)", build_save(game).to_dict()))
    tables += [(f"{n:,} objects (padded)", make_table(n)) for n in sizes if n >= 1000]
    if real_save.exists():
        real = json.loads(real_save.read_text(encoding="utf-8"))
        tables.append((f"{real_save.stem} (real save)", {**real, "LuaScript": connector_lua()}))
    else:
        print(f"(no real save at {real_save}: --real-save names one)")
    return tables


def frame_row(label: str, save: dict[str, Any], connector: str) -> dict[str, Any]:
    """Issue 38's counts for one table and connector: a fresh lean snapshot, then the exact one after it."""
    from bridge.table import SaveFile
    from tools.emulator.budget import count_request, since
    from tools.emulator.world import World

    world = World(SaveFile.from_dict(with_connector(save, connector)), lambda _: None)
    fresh = count_request(world, "snapshot", {})
    exact = count_request(world, "snapshot", {"since": since(fresh.answer), "exact": True})
    return {"table": label, "objects": len(world.objects), "fresh": fresh, "exact": exact}


def frame_figures(row: dict[str, Any]) -> dict[str, Any]:
    """A frame_row's counts as plain figures: each request's instructions per frame and its wall time."""
    return {
        "table": row["table"],
        **{kind: {"frames": row[kind].frames, "wall": row[kind].wall_seconds} for kind in ("fresh", "exact")},
    }


# Run in a process of its own on another revision's code (its emulator, its count, its connector, its built games):
# that revision's figures, and its budget, as JSON on the last line.
FIGURES_THEN = """
import json, sys
from pathlib import Path
from bridge.modbuild import connector_lua
from tools import bench_roundtrip as bench
from tools.emulator import budget
rows = [bench.frame_row(label, save, connector_lua()) for label, save in bench.frame_tables(json.loads(sys.argv[1]),
    Path(sys.argv[2]))]
figures = [{"table": r["table"], **{k: {"frames": r[k].frames, "wall": r[k].wall_seconds} for k in ("fresh", "exact")}}
    for r in rows]
print(json.dumps({"budget": budget.FRAME_BUDGET, "rows": figures}))
"""


def frame_figures_at(revision: str, sizes: list[int], real_save: Path) -> dict[str, Any] | None:
    """Issue 38's counts of every frame table as ``revision``'s code counts them with its own connector (None, and
    why, printed, when git cannot give it)."""
    with tempfile.TemporaryDirectory() as tmp:
        root = export(revision, EMULATOR_PARTS, Path(tmp))
        if root is None:
            return None
        env = {**os.environ, "PYTHONPATH": str(root)}
        done = subprocess.run(
            [sys.executable, "-c", FIGURES_THEN, json.dumps(sizes), str(real_save.resolve())],
            capture_output=True,
            text=True,
            cwd=root,
            env=env,
        )
    if done.returncode != 0:  # a revision before the bench counted per frame, say
        print(f"(cannot count revision {revision}'s frames: {done.stderr.strip().splitlines()[-1:]}; shown alone)")
        return None
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def frame_lines(now: list[dict[str, Any]], then: dict[str, Any] | None, revision: str) -> list[str]:
    """Each table's figures now beside revision's (its connector and its count, each against its own budget), and
    issue 38's goals with their verdicts."""
    from tools.emulator.budget import FRAME_BUDGET, WALL_GOAL_SECONDS

    def part(figures: dict[str, Any], budget: int) -> str:
        frames = figures["frames"]
        return (
            f"{len(frames):>4} fr, most {max(frames) / 1000:>4.0f}k of {budget / 1000:>3.0f}k, "
            f"all {sum(frames) / 1000:>6.0f}k, {figures['wall']:>5.2f} s"
        )

    before = {r["table"]: r for r in then["rows"]} if then else {}
    lines = [f"{'table':44} {'count':8} {'lean, fresh':41} {'exact, nothing changed':41}"]
    for row in now:
        pairs = [(revision, before[row["table"]], then["budget"])] if then and row["table"] in before else []
        for name, figures, budget in [*pairs, ("now", row, FRAME_BUDGET)]:
            lines.append(
                f"{row['table'][:44]:44} {name:8} {part(figures['fresh'], budget):41} "
                f"{part(figures['exact'], budget):41}"
            )
    most = max(max(*r["fresh"]["frames"], *r["exact"]["frames"]) for r in now)
    lines.append(
        f"goal (issue 38): no frame over {FRAME_BUDGET:,} instructions (20 ms of MoonSharp): most {most:,}, "
        f"{_met(most <= FRAME_BUDGET)}"
    )
    for r in now:
        if r["table"].startswith("1,000 objects"):
            for kind, what in (("fresh", "every lean record (a session's first read)"), ("exact", "exact (a turn's)")):
                wall = r[kind]["wall"]
                lines.append(
                    f"goal (issue 38): a 1,000-object snapshot within {WALL_GOAL_SECONDS} s of wall time, {what}: "
                    f"{wall:.2f} s, {_met(wall <= WALL_GOAL_SECONDS)}"
                )
    return lines


async def turn(name: str, seed: int, connector_source: str | None = None) -> dict[str, Any]:
    """One bot turn at TTS's pace (the emulator in this process at 60 frames a second): how long it took, how
    long the batch ran, and how long its moves would take one after another (each smooth move half a second)."""
    from bridge.modbuild import build_save
    from bridge.session import Session
    from bridge.table import SaveFile
    from engines import registry
    from tools.emulator import Emulator, Ports
    from tools.emulator.server import FRAME_TIME

    game = registry.load(name)
    link = Link(tts_port=free_port(), editor_port=free_port(), timeout=30)
    await link.start()
    save = build_save(game).to_dict()
    save = with_connector(save, connector_source) if connector_source is not None else save
    emulator = Emulator(SaveFile.from_dict(save), ports=Ports(free_port(), link.editor_port), frame_time=FRAME_TIME)
    await emulator.start()
    try:
        await link.wait_loaded(30)
        link.tts_port = emulator.ports.tts
        connector = Connector(link, timeout=30)
        session = Session(connector, game, seed=seed)
        applied: list[float] = []
        plain_apply = connector.apply

        async def timed_apply(commands: Any, *args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return await plain_apply(commands, *args, **kwargs)
            finally:
                applied.append(time.perf_counter() - start)

        connector.apply = timed_apply  # type: ignore[method-assign]
        world = emulator.require_world()
        world.lua.count_instructions()
        most, frame, counted = [0], [0], [world.lua.instructions]  # the largest frame, this one's so far, the meter
        plain_step = world.step

        def counted_step() -> None:
            # A message handled after a frame belongs to it (a Wait.frames(f, 1) it makes runs in the next step)
            frame[0] += world.lua.instructions - counted[0]
            most[0] = max(most[0], frame[0])
            counted[0] = world.lua.instructions
            plain_step()
            frame[0] = world.lua.instructions - counted[0]
            counted[0] = world.lua.instructions

        world.step = counted_step  # type: ignore[method-assign]
        frames, start = world.frame, time.perf_counter()
        plan = await session.bot_turn()
        total = time.perf_counter() - start
        most[0] = max(most[0], frame[0] + world.lua.instructions - counted[0])
        moves = sum(1 for c in plan.batch() if c.op in ("move", "rotate", "flip", "set_value", "take")) if plan else 0
        connector.close()
        return {
            "game": game.title,
            "total": total,
            "batch": sum(applied),
            "animated": (world.frame - frames) / 60,
            "moves": moves,
            "one_by_one": moves * 0.5,
            "most": most[0],
        }
    finally:
        await link.close()
        await emulator.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--sizes", type=int, nargs="+", default=[100, 1000, 5000], help=f"objects on each table (at least {MIN_SIZE})"
    )
    parser.add_argument("--repeat", type=int, default=15, help="runs per figure (the median is shown)")
    parser.add_argument("--no-turns", action="store_true", help="leave out the bot turns at TTS's pace")
    parser.add_argument(
        "--before", default=BEFORE_ISSUE_32, help=f"the emulator revision to compare with (default {BEFORE_ISSUE_32})"
    )
    parser.add_argument("--no-before", action="store_true", help="no comparison with an earlier emulator")
    parser.add_argument(
        "--connector-before",
        default=BEFORE_ISSUE_38,
        help=f"the connector revision a bot turn is timed with beside today's (default {BEFORE_ISSUE_38})",
    )
    parser.add_argument(
        "--count-before",
        default=BEFORE_BOOKING,
        help=f"the revision whose counts per frame (its connector, its count) are shown beside today's "
        f"(default {BEFORE_BOOKING})",
    )
    parser.add_argument("--no-frames", action="store_true", help="leave out the counts per frame (issue 38)")
    parser.add_argument("--real-save", type=Path, default=REAL_SAVE, help="a real TTS save counted with the connector")
    args = parser.parse_args(argv)
    if min(args.sizes) < MIN_SIZE or args.repeat < 1:
        parser.error(
            f"--sizes must each be at least {MIN_SIZE} (the batch moves object #{MIN_SIZE}) and --repeat at least 1"
        )
    rows: list[dict[str, Any]] = []
    before: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        old = None if args.no_before else export(args.before, EMULATOR_PARTS, Path(tmp))
        for n in args.sizes:
            if old is None:
                rows += asyncio.run(measure(n, args.repeat))
                continue
            # now, before, before, now: a machine that speeds up or slows down over the run favours neither
            first_now = asyncio.run(measure(n, args.repeat))
            then = [asyncio.run(measure(n, args.repeat, old)) for _ in range(2)]
            rows += _medians([first_now, asyncio.run(measure(n, args.repeat))])
            before += _medians(then)
        text_now, text_then = text_loop_seconds(None), text_loop_seconds(old) if old else None
    ms = 1000
    print(
        f"{'snapshot':16} {'whole bytes':>12} {'lean bytes':>11} {'ratio':>6} {'floor':>9} {'whole':>9} "
        f"{'lean':>9} {'exact':>9} {'exact, 5':>9} {'events, 5':>9}"
    )
    for r in (r for r in rows if "lean" in r):
        print(
            f"{r['n']:>6,} objects{'':1} {r['bytes']:>12,} {r['lean_bytes']:>11,} "
            f"{r['bytes'] / r['lean_bytes']:>5.1f}x {r['floor'] * ms:>6.2f} ms {r['e2e'] * ms:>6.1f} ms "
            f"{r['lean'] * ms:>6.1f} ms {r['exact'] * ms:>6.1f} ms {r['exact_moved'] * ms:>6.1f} ms "
            f"{r['changes'] * ms:>6.2f} ms"
        )
    print(
        "floor: json.loads of the whole snapshot's reply bytes in this process. End to end: whole = every object's "
        "getData(); lean = every object's lean record; exact = what differs from the bridge's last table, found by "
        "comparing every object (nothing changed; 'exact, 5': after a batch moved 5 objects); events, 5 = what TTS's "
        "events and the batch touched (misses a piece another script moved)"
    )
    for r in (r for r in rows if "lean" not in r):
        print(f"{r['what']}: {r['e2e'] * ms:.1f} ms end to end ({r['bytes']} reply bytes)")
    for line in goal_lines(rows):
        print(line)
    if before:
        print(f"\nthe emulator now against revision {args.before} (same save and requests, measured in this run):")
        for line in slowdown_lines(rows, before, args.before):
            print(line)
    print(f"\n{TEXT_LOOP_LABEL}: {text_now:.2f} s now", end="")
    print(f", {text_then:.2f} s at revision {args.before}" if text_then is not None else "")
    n = 1000 if 1000 in args.sizes else args.sizes[0]
    print(f"\nwhere a snapshot of {n} objects spends its time (each piece alone, in one process):")
    for label, seconds in breakdown(n, args.repeat):
        print(f"  {label:50} {seconds * ms:7.2f} ms")
    per_object = table_model_cost(n, args.repeat)
    print(f"  lean table model per object (goal <= 3 us):      {per_object * 1e6:7.2f} us {_met(per_object <= 3e-6)}")
    rss, most = peak_rss_mb(), max(args.sizes)
    goal = f" (goal for 5,000 objects <= 150 MB: {_met(rss <= 150)})" if most >= 5000 else ""
    print(f"bridge side peak memory (this process, after {most:,} objects): {rss:.0f} MB RSS{goal}")
    if not args.no_frames:
        print(f"\nLua instructions per frame (issue 38), today's connector and count beside {args.count_before}'s:")
        figures_then = frame_figures_at(args.count_before, args.sizes, args.real_save)
        now = [
            frame_figures(frame_row(label, save, connector_lua()))
            for label, save in frame_tables(args.sizes, args.real_save)
        ]
        for line in frame_lines(now, figures_then, args.count_before):
            print(line)
    old_connector = None if args.no_turns else connector_at(args.connector_before)
    if not args.no_turns:
        print("\nbot turns at TTS's pace (emulator at 60 frames a second, in this process):")
        for name, seed in (("warchest", 3), ("paxpamir", 3)):
            t = asyncio.run(turn(name, seed))
            print(
                f"  {t['game']:24} turn {t['total']:5.1f} s, batch {t['batch']:5.1f} s, pieces moving "
                f"{t['animated']:5.1f} s ({t['animated'] / t['total']:.0%} of the turn); {t['moves']} moves "
                f"one after another would take {t['one_by_one']:.1f} s; most in a frame {t['most']:,} instructions"
            )
            if old_connector is not None:
                for line in turn_growth_lines(name, seed, t, old_connector, args.connector_before):
                    print(line)
    return 0


TURN_RUNS = 3  # runs of a turn with each connector, alternating, for issue 38's growth (a short turn is noisy)


def turn_growth_lines(name: str, seed: int, first: dict[str, Any], old: str, revision: str) -> list[str]:
    """Issue 38's goal: the same turn with today's connector at most 10% longer than with ``old``, the median of
    TURN_RUNS runs each (today's first run is ``first``), run in turns so a slow spell falls on both."""
    now, before, most = [first["total"]], [], 0
    for i in range(TURN_RUNS):
        old_turn = asyncio.run(turn(name, seed, old))
        before.append(old_turn["total"])
        most = max(most, old_turn["most"])
        if i + 1 < TURN_RUNS:
            now.append(asyncio.run(turn(name, seed))["total"])
    a, b = statistics.median(now), statistics.median(before)
    growth = a / b - 1
    return [
        f"  {'':24} with {revision}'s connector: most in a frame {most:,} instructions; median of {TURN_RUNS} turns "
        f"each {b:.2f} s, now {a:.2f} s; goal (issue 38) a turn at most 10% longer: {growth:+.1%}, "
        f"{_met(growth <= 0.10)}"
    ]


def connector_at(revision: str) -> str | None:
    """The connector's source as of ``revision`` (None, and why, printed, when git cannot give it)."""
    with tempfile.TemporaryDirectory() as tmp:
        root = export(revision, (CONNECTOR,), Path(tmp))
        return None if root is None else (root / CONNECTOR).read_text(encoding="utf-8")


TEXT_LOOP_LABEL = "a loop of sub, byte and # over a 40,000-character text in Polish (issue 41; MoonSharp: 0.06 s)"
TEXT_LOOP = """
local s = string.rep('Zażółć gęślą jaźń — ', 2000):sub(1, 40000)
local start, sum = os.clock(), 0
for i = 1, #s do sum = sum + s:byte(i) + #s:sub(i, i) end
print(os.clock() - start)
"""


def text_loop_seconds(emulator_root: Path | None) -> float:
    """The seconds the emulator's Lua (this checkout's, or ``emulator_root``'s) takes for ``TEXT_LOOP``, timed by the
    script itself in a process of its own."""
    code = (
        "import json, sys\nfrom bridge.table import SaveFile\nfrom tools.emulator.world import World\nsent = []\n"
        "World(SaveFile.from_dict({'SaveName': 't', 'LuaScript': sys.argv[1], 'ObjectStates': []}), sent.append)\n"
        "print(json.dumps(sent))"
    )
    env = {**os.environ, "PYTHONPATH": str(emulator_root)} if emulator_root else None
    done = subprocess.run(
        [sys.executable, "-c", code, TEXT_LOOP], capture_output=True, text=True, cwd=emulator_root, env=env, check=True
    )
    printed = [m["message"] for m in json.loads(done.stdout) if m["messageID"] == 2]
    return float(printed[-1])


def table_model_cost(n: int, repeat: int) -> float:
    """Seconds per object for the bridge's table model on the lean records of ``n`` objects with no containers."""
    from bridge.table import Table

    records = [
        {
            "g": f"{i:06x}",
            "t": "Chip",
            "n": "Chip_10",
            "k": f"piece {i}",
            "d": "a piece with a short description",
            "a": ["bench", f"row{i % 7}"],
            "p": [i % 50, 1.0, i // 50],
            "r": [0, 90.0, 0],
        }
        for i in range(n)
    ]
    return min(_seconds(lambda: Table.from_lean(records)) for _ in range(repeat)) / n


GOAL_KINDS = (
    ("lean", "lean"),
    ("exact", "exact"),
    ("exact after 5 moved", "exact_moved"),
    ("by events after 5 moved (can miss a piece a script moved)", "changes"),
)


def goal_lines(rows: list[dict[str, Any]]) -> list[str]:
    """Issue 18's snapshot goals, each figure with its verdict: 1,000 objects below the whole snapshot's floor,
    5,000 under 150 ms."""
    lines = []
    for r in rows:
        if r.get("n") == 1000:
            for label, key in GOAL_KINDS:
                verdict = "below" if r[key] < r["floor"] else "NOT below"
                lines.append(
                    f"goal, 1,000 objects: {label} {r[key] * 1e3:.1f} ms, {verdict} the whole snapshot's floor "
                    f"{r['floor'] * 1e3:.2f} ms"
                )
        if r.get("n") == 5000:
            for label, key in GOAL_KINDS:
                verdict = "under" if r[key] < 0.150 else "NOT under"
                lines.append(f"goal, 5,000 objects: {label} {r[key] * 1e3:.0f} ms, {verdict} 150 ms")
    return lines


def _medians(runs: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Rows of several runs of the same measurement, each figure their median (bytes and labels of the first)."""
    merged = []
    for rows in zip(*runs, strict=True):
        row = dict(rows[0])
        for key, value in row.items():
            if isinstance(value, float):
                row[key] = statistics.median(r[key] for r in rows)
        merged.append(row)
    return merged


SLOWDOWN_FIGURES = (("whole", "e2e"), ("lean", "lean"), ("exact", "exact"), ("exact, 5", "exact_moved"))


def slowdown_lines(now: list[dict[str, Any]], then: list[dict[str, Any]], revision: str) -> list[str]:
    """Each figure now against the same figure measured on ``revision``'s emulator, and issue 32's goal: their
    geometric mean at most 1.5x."""
    lines, ratios = [], []
    for a, b in zip(now, then, strict=True):
        keys = SLOWDOWN_FIGURES if "lean" in a else (("end to end", "e2e"),)
        label = f"{a['n']:,} objects" if "n" in a else a["what"]
        parts = []
        for name, key in keys:
            ratio = a[key] / b[key]
            ratios.append(ratio)
            parts.append(f"{name} {a[key] * 1e3:.1f} ms / {b[key] * 1e3:.1f} ms = {ratio:.2f}x")
        lines.append(f"  {label}: " + "; ".join(parts))
    mean = math.exp(statistics.fmean(math.log(r) for r in ratios))
    verdict = _met(mean <= SLOWDOWN_GOAL)
    lines.append(
        f"goal (issue 32): the emulator at most {SLOWDOWN_GOAL}x slower than {revision}: {mean:.2f}x "
        f"(geometric mean of {len(ratios)} figures; slowest {max(ratios):.2f}x), {verdict}"
    )
    return lines


def _met(ok: bool) -> str:
    return "met" if ok else "NOT met"


def _seconds(fn: Any) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def peak_rss_mb() -> float:
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kilobytes on Linux, bytes on macOS
    return float(peak) / (1024 * 1024 if sys.platform == "darwin" else 1024)


if __name__ == "__main__":
    raise SystemExit(main())
