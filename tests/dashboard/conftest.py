"""A live dashboard over a live emulator session, on free loopback ports."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bridge.dashboard import Dashboard, DashboardServer
from bridge.dashboard.state import emulator_dealer
from bridge.modbuild import build_save
from bridge.session import Session
from engines import registry
from tests.conftest import Live, free_port, start_live, stop_live


@dataclass
class Board:
    live: Live
    session: Session
    server: DashboardServer
    images: Path | None = None  # the folder the table's images were written to (touch=True)

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.server.port}/ws?token={self.server.token}"

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.server.port}"


async def open_board(game_name: str, *, allow_sample: bool = False, touch: bool = False) -> Board:
    """The game's fresh table in the emulator behind a dashboard; ``touch``: built with its images (in a temporary
    folder) and shown on the page to be moved by hand, as ``automa serve --emulator`` does."""
    game = registry.load(game_name)
    game.use_data(None, allow_sample)
    images = Path(tempfile.mkdtemp(prefix="automa-images-")) if touch else None
    assets = game.write_assets(images) if images is not None else {}
    live = await start_live(build_save(game, assets), timeout=20)
    session = Session(live.connector, game, seed=2)
    server = DashboardServer(Dashboard(session, live.link, mode="emulator"), port=free_port())
    live.emulator.echo.append(server.dashboard.on_echo)  # as automa serve --emulator wires them
    server.dashboard.can_deal(emulator_dealer(live.emulator, game, live.link, assets))
    if touch:
        server.dashboard.can_touch(live.emulator)
    await server.start()
    await server.dashboard.refresh_table()
    return Board(live, session, server, images)


async def close_board(board: Board) -> None:
    await board.server.stop()
    await stop_live(board.live)
    if board.images is not None:
        shutil.rmtree(board.images, ignore_errors=True)


@pytest.fixture
async def demo_board() -> AsyncIterator[Board]:
    board = await open_board("demo")
    yield board
    await close_board(board)


@pytest.fixture
async def warchest_board() -> AsyncIterator[Board]:
    board = await open_board("warchest")
    yield board
    await close_board(board)


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture
async def page() -> AsyncIterator[object]:
    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing: .ci/run installs Debian's chromium package")
        pytest.skip("Debian's chromium is not installed here (apt-get install chromium)")
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = await browser.new_page(viewport={"width": 1280, "height": 860})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))  # a script error fails the test that met it
        yield page
        await browser.close()
        assert errors == [], errors
