"""Benchmark: the touchable table on the page. In-process, each game's fresh table: how long the emulator takes to
make one player's view (``table_view``) and how large it is; then in Debian's headless Chromium, on Pax Pamir's
table (the largest), the frames the page draws while a piece is dragged across it (the piece follows the pointer
locally: one attribute set per move) and while views arrive 20 times a second.

Not a test: it prints figures. ``python -m tools.bench_page [--repeat 50] [--moves 240]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from bridge.modbuild import build_save
from engines import registry
from tools.emulator.view import table_view
from tools.emulator.world import World

GAMES = ("warchest", "paxpamir", "fiftyfirst", "whitecastle", "holas")
# Frame intervals from requestAnimationFrame while the page is busy, in ms.
WATCH_FRAMES = """() => { window.frames_seen = []; let last = performance.now();
  const tick = (now) => { window.frames_seen.push(now - last); last = now; if (window.frames_seen.length < 100000)
  requestAnimationFrame(tick); }; requestAnimationFrame(tick); }"""


def view_figures(repeat: int, folder: Path) -> None:
    """Each game's view: objects, JSON size, time to make it."""
    for name in GAMES:
        game = registry.load(name)
        game.use_data(None, name not in ("warchest", "paxpamir"))  # the others on their sample data
        world = World(build_save(game, game.write_assets(folder / name), seed=1), lambda message: None)
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            view = table_view(world, "White")
            times.append((time.perf_counter() - start) * 1000)
        size = len(json.dumps(view)) / 1024
        print(
            f"  {name:12} {len(view['objects']):4} objects, {size:6.1f} KiB: "
            f"view made in mean {statistics.mean(times):5.2f} ms, max {max(times):5.2f} ms"
        )


def frame_line(label: str, gaps: list[float]) -> str:
    gaps = gaps[1:] or [0.0]
    over = sum(g > 1000 / 60 * 1.5 for g in gaps)
    return (
        f"  {label}: {len(gaps)} frames, mean {statistics.mean(gaps):5.2f} ms ({1000 / statistics.mean(gaps):4.1f} "
        f"a second), worst {max(gaps):5.1f} ms, {over} longer than 25 ms"
    )


async def browser_figures(moves: int) -> None:
    from playwright.async_api import async_playwright

    from tests.dashboard.conftest import CHROMIUM, FLAGS, close_board, open_board

    if CHROMIUM is None:
        print("  (no Chromium here: apt-get install chromium)")
        return
    board = await open_board("paxpamir", touch=True)
    try:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            page = await browser.new_page(viewport={"width": 1280, "height": 860})
            await page.goto(board.server.url)
            await page.wait_for_selector("#table g.obj.board image")
            piece = await page.evaluate("touch.view.objects.find((o) => o.kind === 'piece' && !o.locked).guid")
            box = await page.locator(f"#table g.obj[data-guid='{piece}'] .body").bounding_box()
            assert box is not None
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            await page.evaluate(WATCH_FRAMES)
            await page.mouse.move(x, y)
            await page.mouse.down()
            for i in range(moves):
                await page.mouse.move(x + 200 * ((i % 60) / 60), y + 100 * ((i % 30) / 30))
            await page.mouse.up()
            print(frame_line(f"dragging a piece ({moves} pointer moves)", await page.evaluate("window.frames_seen")))
            await page.evaluate(WATCH_FRAMES)
            for _ in range(40):  # a view every 50 ms, each moving every unlocked piece a little
                await page.evaluate(
                    """() => { const v = structuredClone(touch.view);
                       for (const o of v.objects) if (!o.locked) o.x += 0.05; tableView(v); }"""
                )
                await page.wait_for_timeout(50)
            print(frame_line("40 views moving every piece, 50 ms apart", await page.evaluate("window.frames_seen")))
            await browser.close()
    finally:
        await close_board(board)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=50, help="views made per game (default 50)")
    parser.add_argument("--moves", type=int, default=240, help="pointer moves while dragging (default 240)")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="automa-bench-"))
    try:
        print("one player's view of each fresh table")
        view_figures(max(1, args.repeat), folder)
        print("the page, in headless Chromium, on Pax Pamir's table")
        asyncio.run(browser_figures(max(1, args.moves)))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
