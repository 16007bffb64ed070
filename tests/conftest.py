"""Shared helpers: free loopback ports, the real save files in ../shared, and a live emulator with a link."""

from __future__ import annotations

import os
import socket
import subprocess
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bridge.connector import Connector
from bridge.link import Link
from bridge.modbuild import build_save
from bridge.table import SaveFile, TableObject
from engines import registry
from tools.emulator import Emulator, Faults, Ports
from tools.emulator.server import FRAME_TIME


@pytest.fixture(autouse=True, scope="session")
def _images_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """``serve --emulator`` writes a game's images to the per-user cache folder: a test run writes them to a
    temporary one (child processes inherit it), never into the person's own."""
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("cache"))


ROOT = Path(__file__).resolve().parent.parent
SAVES = ROOT / "tests" / "data"


# A six-sided die's RotationValues, as TTS saves them.
D6 = [
    {"Value": v, "Rotation": r}
    for v, r in [
        (1, {"x": -90, "y": 0, "z": 0}),
        (2, {"x": 0, "y": 0, "z": 0}),
        (3, {"x": 0, "y": 0, "z": -90}),
        (4, {"x": 0, "y": 0, "z": 90}),
        (5, {"x": 0, "y": 0, "z": -180}),
        (6, {"x": 90, "y": 0, "z": 0}),
    ]
]


_HANDED_OUT: set[int] = set()


@pytest.fixture(autouse=True, scope="session")
def _saved_games_apart(tmp_path_factory: pytest.TempPathFactory) -> None:
    """``automa serve --emulator`` saves its game in the per-user data folder: every test's (and every command a
    test runs, which inherits the environment) goes to a folder of the test run instead of the home folder."""
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("data-home"))


def free_port() -> int:
    """A loopback port free now and never handed out before in this run: two calls for a TTS port and an
    editor port must not return the same number (the OS may offer one twice)."""
    while True:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
        if port not in _HANDED_OUT:
            _HANDED_OUT.add(port)
            return port


def without_looks(objects: tuple[TableObject, ...]) -> tuple[TableObject, ...]:
    """Objects as lean records without looks read them (issue 40): no CardID, image or mesh URL, tint (a container's
    contents come whole)."""
    return tuple(o._replace(card_id=None, image="", mesh="", tint=None) for o in objects)


def real_save(name: str) -> Path:
    return SAVES / name


@dataclass
class Live:
    emulator: Emulator
    link: Link
    connector: Connector


async def start_live(
    save: SaveFile,
    faults: Faults | None = None,
    timeout: float = 5.0,
    *,
    wait_loaded: bool = True,
    real_time: bool = False,
) -> Live:
    """A link and an emulator on free ports. The emulator runs frames as fast as it can unless ``real_time``
    (60 frames a second, as TTS): most tests need the logic, not the pace; the pace tests ask for it."""
    link = Link(tts_port=free_port(), editor_port=free_port(), timeout=timeout)
    await link.start()
    emulator = Emulator(
        save,
        ports=Ports(free_port(), link.editor_port),
        faults=faults,
        save_path="test.json",
        frame_time=FRAME_TIME if real_time else 0.0,
    )
    await emulator.start()
    if wait_loaded:
        await link.wait_loaded()  # the load announcement, so that it resets nothing of the test's
    link.tts_port = emulator.ports.tts
    return Live(emulator, link, Connector(link))


def differences(read: dict[str, Any], engine: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
    """Where a table read back differs from the engine's state (each side's fields), as (read, engine) pairs: empty
    when they agree, and the failure message when they do not."""
    return {k: (read[k], engine[k]) for k in engine if read.get(k) != engine[k]}


async def stop_live(live: Live) -> None:
    live.connector.close()
    await live.link.close()
    await live.emulator.stop()


@pytest.fixture
async def demo_live() -> AsyncIterator[Live]:
    live = await start_live(build_save(registry.load("demo")))
    yield live
    await stop_live(live)


def until_listening(proc: subprocess.Popen[str]) -> str:
    """The lines ``automa emulate`` prints up to and with its "listening" line (the game's chat comes first), or
    all it printed before it ended."""
    assert proc.stdout is not None
    lines = []
    while line := proc.stdout.readline():
        lines.append(line)
        if "listening on 127.0.0.1:" in line:
            break
    return "".join(lines)
