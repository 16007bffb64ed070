"""``automa adopt``'s calibration on the page, in Debian's headless Chromium (issue 40): a re-skinned War Chest in
the emulator behind the dashboard, the table's own touchable view as the person's hands. The page shows the question
the chat asks, the progress and each reply; a piece dragged with the real mouse answers it (a pick-up for a role, a
drop in a zone, a drop on a named hex of the mod's board); Skip leaves a step, Stop leaves with nothing written.
With AUTOMA_UPDATE_DOCS=1 the pictures (1280 and 400 px) go to docs/adopt-calibration*.png."""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest

from bridge.calibrate import Asker, CalibrationStopped
from bridge.dashboard import Dashboard, DashboardServer
from bridge.modbuild import build_save
from bridge.session import Session
from engines import registry
from engines.adopt import propose
from engines.calibrate import BoardStep, Calibration, RoleStep
from engines.profile import Cast
from engines.warchest.table import BOARD_SIZE, BUILT, SPEC
from tests.calibration import mod_board
from tests.conftest import ROOT, free_port, start_live, stop_live
from tests.dashboard.test_table_page import drag, screen_point
from tests.reskin import reskinned
from tests.warchest.test_calibrate import warp
from tests.warchest.test_reskin import rename

pytestmark = pytest.mark.slow


def shot(name: str, tmp_path: Path) -> Path:
    return ROOT / "docs" / name if os.environ.get("AUTOMA_UPDATE_DOCS") == "1" else tmp_path / name


async def pictures(page: Any, name: str, tmp_path: Path) -> None:
    """The page at 1280 px, then at 400 px (the whole page), then back at 1280."""
    await page.wait_for_timeout(300)
    await page.screenshot(path=str(shot(f"{name}.png", tmp_path)))
    await page.set_viewport_size({"width": 400, "height": 860})
    await page.wait_for_timeout(300)
    wide = await page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 400, f"the page is {wide} px wide at 400"
    await page.screenshot(path=str(shot(f"{name}-phone.png", tmp_path)), full_page=True)
    await page.set_viewport_size({"width": 1280, "height": 860})


async def step_is(page: Any, asker: Asker, text: str) -> None:
    """The page shows the question now asked (and the chat asked it)."""
    await page.wait_for_function(
        "([t]) => document.getElementById('cal-prompt').innerText.includes(t)", arg=[text], timeout=10000
    )
    assert text in (asker.calibration.prompt() or "")


async def test_the_calibration_is_asked_and_answered_on_the_page(page: Any, tmp_path: Path) -> None:
    game = registry.load("warchest")
    images = Path(tempfile.mkdtemp(prefix="automa-images-"))
    assets = game.write_assets(images)
    original, skin = reskinned(game.build_table(assets, seed=1), "warchest.board", warp(), rename)
    live = await start_live(build_save(game, table=skin.save), mod_board((BOARD_SIZE, BOARD_SIZE)), timeout=20)
    session = Session(live.connector, game, seed=2)
    server = DashboardServer(Dashboard(session, live.link, mode="emulator"), port=free_port())
    live.emulator.echo.append(server.dashboard.on_echo)
    server.dashboard.can_touch(live.emulator)
    live.connector.looks = True
    table = await live.connector.snapshot(full=True)
    asker = Asker(live.connector, Calibration(propose(SPEC, table, mod="a re-skinned War Chest"), SPEC, table))
    server.dashboard.can_calibrate(asker)
    await server.start()
    running = asyncio.create_task(asker.run())
    built = Cast(BUILT, SPEC, original)
    try:
        await page.goto(server.url)
        await page.wait_for_selector("#table g.obj")
        step = asker.calibration.step
        assert isinstance(step, RoleStep) and step.area  # side A's supply zone first
        await step_is(page, asker, f"Drop any piece inside the {step.what}")
        zone = Cast(BUILT, SPEC, original).objects(step.key)[0]
        at = skin.warp.point(zone.position)
        die = next(str(s["GUID"]) for s in skin.save.to_dict()["ObjectStates"] if s.get("Name") == "Die_6")
        await drag(page, die, at.x, at.z)  # the real mouse: the die carried into the zone
        await page.wait_for_function("state.calibration.done >= 1")
        assert asker.calibration.roles[step.key].match[0].guid == skin.guids[zone.guid]
        while not (isinstance(step := asker.calibration.step, RoleStep) and step.key.startswith("coin:")) or not (
            built.objects(step.key)
        ):  # up to a coin that lies on the table
            prompt = asker.calibration.prompt() or ""
            await step_is(page, asker, prompt)
            await page.click("#cal-skip")  # Skip on the page
            await page.wait_for_function("([p]) => state.calibration.prompt !== p", arg=[prompt])
        await step_is(page, asker, f"Pick up {'an' if step.what[0] in 'AEIOU' else 'a'} {step.what}")
        coin = built.objects(step.key)[0]
        guid, where = skin.guids[coin.guid], skin.warp.point(coin.position)
        await drag(page, guid, where.x + 1.5, where.z)  # picked up (and put down beside: a drag, not a click)
        await page.wait_for_function("state.calibration.said.some((s) => s.ok && s.text.includes('coin is'))")
        await pictures(page, "adopt-calibration", tmp_path)
        while not isinstance(asker.calibration.step, BoardStep):
            prompt = asker.calibration.prompt() or ""
            await step_is(page, asker, prompt)
            await page.click("#cal-skip")
            await page.wait_for_function("([p]) => state.calibration.prompt !== p", arg=[prompt])
        board_step = asker.calibration.step
        assert isinstance(board_step, BoardStep)
        await step_is(page, asker, f"on the hexes space '{board_step.refs[0].space}'")
        hexes = SPEC.boards["board"]["hexes"]
        ours = built.objects("board")[0]
        on = skin.warp.point(hexes.world(ours, board_step.refs[0].space))
        assert await screen_point(page, on.x, on.z)
        await drag(page, die, on.x, on.z)
        await page.wait_for_function("state.calibration.said.some((s) => s.text.includes('reference 1 of 3'))")
        await pictures(page, "adopt-calibration-board", tmp_path)
        await page.click("#cal-stop")
        with pytest.raises(CalibrationStopped, match="stopped by the page: nothing was written"):
            await running
        await page.wait_for_function("document.getElementById('cal-prompt').innerText.startsWith('Stopped')")
        assert await page.locator("#cal-skip").is_disabled()
    finally:
        running.cancel()
        await server.stop()
        await stop_live(live)
        shutil.rmtree(images, ignore_errors=True)
