"""Benchmark: the snapshot round trip and a 20-command batch, through the emulator over loopback.

Not a test: it prints figures. The emulator runs as its own process (``automa emulate``), as TTS would, and
the bridge asks its connector for snapshots of tables of 100, 1,000 and 5,000 objects. Each figure is the median
of several runs, next to the floor: decoding the very same received bytes with ``json`` in this process.

    python -m tools.bench_roundtrip [--sizes 100 1000 5000] [--repeat 15]
"""

from __future__ import annotations

import argparse
import asyncio
import json
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


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def measure(n: int, repeat: int) -> list[dict[str, Any]]:
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
    await connector.snapshot()  # warm up
    e2e, raw = await _timed(link, connector.snapshot, repeat)
    return {"what": f"snapshot, {n} objects", "bytes": len(raw), "e2e": e2e, "floor": _floor(raw, repeat)}


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
    return {"what": "batch of 20 commands (1,000 objects)", "bytes": len(raw), "e2e": e2e, "floor": _floor(raw, repeat)}


def breakdown(n: int, repeat: int) -> list[tuple[str, float]]:
    """Where a snapshot's time goes, measured piece by piece in this process."""
    from bridge.table import SaveFile, Table
    from tools.emulator.world import World

    sent: list[dict[str, Any]] = []
    world = World(SaveFile.from_dict(make_table(n)), sent.append)

    def lua_snapshot() -> None:
        world.external_message({"automa": {"id": 1, "op": "snapshot", "args": {}}})

    lua_snapshot()
    wire = encode(sent[-1])
    result = json.loads(json.loads(wire)["customMessage"]["result"])
    pieces = [
        ("emulator: connector Lua builds the snapshot", lua_snapshot),
        ("emulator: message encoded for the wire", lambda: encode(sent[-1])),
        ("bridge: message and result JSON decoded", lambda: json.loads(json.loads(wire)["customMessage"]["result"])),
        ("bridge: table model built", lambda: Table.from_snapshot(result)),
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 5000])
    parser.add_argument("--repeat", type=int, default=15, help="runs per figure (the median is shown)")
    args = parser.parse_args(argv)
    rows: list[dict[str, Any]] = []
    for n in args.sizes:
        rows += asyncio.run(measure(n, args.repeat))
    print(f"{'round trip':40} {'reply bytes':>12} {'end to end':>12} {'floor':>10} {'ratio':>7}")
    for r in rows:
        print(
            f"{r['what']:40} {r['bytes']:>12,} {r['e2e'] * 1000:>9.1f} ms {r['floor'] * 1000:>7.2f} ms "
            f"{r['e2e'] / r['floor']:>6.0f}x"
        )
    print("floor: json.loads of the same reply bytes (message and inner result) in this process")
    n = 1000 if 1000 in args.sizes else args.sizes[0]
    print(f"\nwhere a snapshot of {n} objects spends its time (each piece alone, in one process):")
    for label, seconds in breakdown(n, args.repeat):
        print(f"  {label:50} {seconds * 1000:7.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
