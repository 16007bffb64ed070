"""The page shows the emulated table and the person moves pieces on it with the real mouse, in Debian's headless
Chromium against ``serve --emulator``'s set-up (a War Chest table built with its images): the drop reaches the
emulator as a player's (onObjectDrop with White), Bot turn reads the piece where it now lies, and at 400 px no
table text a player must read is under 11 px in any game, at the default zoom or zoomed in."""

from __future__ import annotations

import math
from typing import Any

import pytest

from tests.dashboard.conftest import Board, close_board, open_board

pytestmark = pytest.mark.slow

# Every drawn table text's size on screen, in px: its font size times the scale its element is drawn at.
TEXT_SIZES = """() => [...document.querySelectorAll('#table text')].filter((t) => {
    if (t.style.display === 'none' || getComputedStyle(t).display === 'none') return false;
    const box = t.getBoundingClientRect(), svg = document.getElementById('table').getBoundingClientRect();
    return box.width > 0 && box.right > svg.left && box.left < svg.right
      && box.bottom > svg.top && box.top < svg.bottom;
  }).map((t) => {
    const m = t.getScreenCTM();
    return [t.textContent, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b)];
  })"""

# A Global handler that records every drop with the player's colour, keeping the connector's own handler working.
RECORD_DROPS = """local before = onObjectDrop
onObjectDrop = function(color, obj)
  automa_drops = (automa_drops or "") .. color .. ":" .. obj.getGUID() .. ";"
  if before then before(color, obj) end
end
return true"""


async def screen_point(page: Any, x: float, z: float) -> tuple[float, float]:
    """Where table point (x, z) is on the screen."""
    at = await page.evaluate(
        """([x, y]) => { const p = new DOMPoint(x, y).matrixTransform(document.getElementById('table').getScreenCTM());
           return [p.x, p.y]; }""",
        [x, -z],
    )
    return at[0], at[1]


async def piece_centre(page: Any, guid: str) -> tuple[float, float]:
    box = await page.locator(f"#table g.obj[data-guid='{guid}'] .body").bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


async def drag(page: Any, guid: str, x: float, z: float) -> None:
    """The real mouse: down on the piece, across the table, up at (x, z)."""
    start = await piece_centre(page, guid)
    await page.mouse.move(*start)
    await page.mouse.down()
    end = await screen_point(page, x, z)
    await page.mouse.move(*end, steps=10)
    await page.mouse.up()


async def wait_at(board: Board, guid: str, x: float, z: float, page: Any) -> None:
    world = board.live.emulator.require_world()
    for _ in range(200):
        p = world.objects[guid].position
        if math.hypot(p.x - x, p.z - z) < 0.6 and world.objects[guid].resting:
            return
        await page.wait_for_timeout(25)
    pytest.fail(f"{guid} is at {world.objects[guid].position}, not near ({x}, {z})")


async def test_a_piece_dragged_by_mouse_is_a_players_drop_and_bot_turn_reads_it_there(page):
    board = await open_board("warchest", touch=True)
    try:
        await page.goto(board.server.url)
        await page.wait_for_selector("#table g.obj.board image")
        assert await page.locator("#board polygon.hex").count() == 37  # the bot's reading stays beside the table
        assert "F" in await page.locator("#touch-help").inner_text()
        assert await board.live.link.execute(RECORD_DROPS) is True
        # a coin of B's supply (the zone at x -11, z -6), as the person sees it
        coin = await page.evaluate(
            """touch.view.objects.find((o) => o.kind === 'piece' && !o.locked && o.name
                 && Math.abs(o.x + 11) < 3 && Math.abs(o.z + 6) < 2.5)"""
        )
        name, guid = coin["name"], coin["guid"]
        await drag(page, guid, 6.0, -13.5)  # out of every area: between the board and the hand
        await wait_at(board, guid, 6.0, -13.5, page)
        assert f"White:{guid};" in await board.live.link.execute("return automa_drops")
        await page.wait_for_function(f"document.querySelector('#log').innerText.includes('{guid}')")
        # the page drew it where it landed (the view pushed after the drop)
        await page.wait_for_function(
            f"Math.abs(touch.view.objects.find((o) => o.guid === '{guid}').x - 6) < 0.6 && !touch.drag"
        )
        await page.click("#bot-turn")
        await page.wait_for_selector("#turn li.error")
        problems = await page.locator("#turn li.error").all_inner_texts()
        assert any(name in p and "outside the board and every area" in p for p in problems), problems
        assert board.session.turns[-1].ok is False  # read, named, nothing moved
        # put right by hand, the bot plays
        await page.wait_for_function("!state.bot.busy")
        await drag(page, guid, -11.0, -6.0)
        await wait_at(board, guid, -11.0, -6.0, page)
        await page.wait_for_function("!state.bot.busy")
        await page.click("#bot-turn")
        await page.wait_for_function("state.turns.length === 2 && !state.bot.busy")
        assert board.session.turns[-1].ok, board.session.turns[-1].problems
    finally:
        await close_board(board)


async def test_a_click_on_a_bag_draws_into_the_hand_strip_and_f_and_e_act_on_the_piece_under_the_pointer(page):
    board = await open_board("warchest", touch=True)
    world = board.live.emulator.require_world()
    try:
        await page.goto(board.server.url)
        await page.wait_for_selector("#table g.obj.board image")
        assert "Your hand is empty" in await page.locator("#hand-strip").inner_text()
        bag = await page.evaluate("touch.view.objects.find((o) => o.name === 'B bag')")
        await page.mouse.click(*await piece_centre(page, bag["guid"]))  # a click, no drag: the bag's menu
        await page.wait_for_selector("#piece-menu:not([hidden])")
        assert "9 inside" in await page.locator("#piece-menu").inner_text()
        await page.fill("#piece-menu input.draw-count", "2")
        await page.click("#piece-menu button:has-text('Draw into your hand')")
        await page.wait_for_function("document.querySelectorAll('#hand-strip .hand-card').length === 2")
        drawn = await page.evaluate("touch.view.hand.map((o) => o.guid)")
        assert len(world.objects[bag["guid"]].contents()) == 7
        shown = await page.locator("#hand-strip").inner_text()  # face up to their holder, by name
        assert all(world.objects[g].data["Nickname"] in shown for g in drawn)
        await page.wait_for_function(f"touch.shown.get('{drawn[0]}').data.x !== undefined && !touch.drag")
        await page.mouse.move(*await piece_centre(page, drawn[0]))
        await page.keyboard.press("f")
        for _ in range(100):
            if world.objects[drawn[0]].face_down and world.objects[drawn[0]].resting:
                break
            await page.wait_for_timeout(25)
        assert world.objects[drawn[0]].face_down
        turned = world.objects[drawn[0]].rotation.y
        await page.mouse.move(*await piece_centre(page, drawn[0]))
        await page.keyboard.press("e")  # TTS's E: a step to the right, clockwise seen from above
        for _ in range(100):
            if abs((world.objects[drawn[0]].rotation.y - turned) % 360 - 15) < 0.5:
                break
            await page.wait_for_timeout(25)
        assert abs((world.objects[drawn[0]].rotation.y - turned) % 360 - 15) < 0.5
        # the board is locked: a drag on it pans the table and moves nothing
        board_guid = await page.evaluate("touch.view.objects.find((o) => o.kind === 'board').guid")
        before = world.objects[board_guid].position
        box = await page.evaluate("({...touch.box})")
        await drag(page, board_guid, 3.0, 3.0)
        assert world.objects[board_guid].position == before
        assert await page.evaluate("touch.box.x") != box["x"]
        # the table's refusal shows beside the table, naming the piece (the page offers no flip of a locked board;
        # sent anyway, the emulator says no)
        await page.evaluate(f"sendHand({{do: 'flip', guid: '{board_guid}'}})")
        await page.wait_for_function("document.getElementById('touch-why').textContent.includes('locked')")
        assert "War Chest board" in await page.locator("#touch-why").inner_text()
    finally:
        await close_board(board)


async def touches(client: Any, kind: str, points: list[tuple[float, float]]) -> None:
    """Fingers on the screen, as a phone sends them (Chromium makes pointer events of them)."""
    spots = [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]
    await client.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": spots})


async def test_on_a_phone_a_finger_drags_a_piece_a_tap_opens_its_menu_and_a_pinch_zooms(page):
    board = await open_board("warchest", touch=True)
    world = board.live.emulator.require_world()
    context = await page.context.browser.new_context(viewport={"width": 400, "height": 860}, has_touch=True)
    phone = await context.new_page()
    try:
        await phone.goto(board.server.url)
        await phone.wait_for_selector("#table g.obj.board image")
        client = await context.new_cdp_session(phone)
        coin = await phone.evaluate(
            """touch.view.objects.find((o) => o.kind === 'piece' && !o.locked && o.name
                 && Math.abs(o.x + 11) < 3 && Math.abs(o.z + 6) < 2.5)"""
        )
        start = await piece_centre(phone, coin["guid"])
        end = await screen_point(phone, -11.0, 6.0)  # into A's supply
        await touches(client, "touchStart", [start])
        for k in range(1, 11):
            await touches(
                client,
                "touchMove",
                [(start[0] + (end[0] - start[0]) * k / 10, start[1] + (end[1] - start[1]) * k / 10)],
            )
        await touches(client, "touchEnd", [])
        await wait_at(board, coin["guid"], -11.0, 6.0, phone)
        bag = await phone.evaluate("touch.view.objects.find((o) => o.name === 'B bag').guid")
        await phone.wait_for_function("!touch.drag")
        await phone.touchscreen.tap(*await piece_centre(phone, bag))
        await phone.wait_for_selector("#piece-menu:not([hidden]) >> text=Shuffle")
        width = await phone.evaluate("touch.box.w")
        middle = await screen_point(phone, 0.0, 0.0)
        await touches(client, "touchStart", [(middle[0] - 20, middle[1]), (middle[0] + 20, middle[1])])
        for k in range(1, 8):
            await touches(
                client, "touchMove", [(middle[0] - 20 - 10 * k, middle[1]), (middle[0] + 20 + 10 * k, middle[1])]
            )
        await touches(client, "touchEnd", [])
        assert await phone.evaluate("touch.box.w") < width / 2  # fingers apart: closer in
        placed = world.objects[coin["guid"]].position  # the pinch started over the board: it moved no piece
        assert math.hypot(placed.x + 11.0, placed.z - 6.0) < 0.6
    finally:
        await context.close()
        await close_board(board)


@pytest.mark.parametrize("game", ["warchest", "paxpamir", "fiftyfirst", "whitecastle", "holas"])
async def test_each_games_table_on_the_page_at_1280_and_400_px(page, tmp_path, game):
    """The fresh table of every game, drawn from its images: its board (where it has one) and pieces, no table
    text under 11 px at 400 px, zoomed in too. (The README's pictures, start, mid-game and end of a game played
    by hand, are taken by test_by_hand_games.py.)"""
    board = await open_board(game, allow_sample=game not in ("warchest", "paxpamir"), touch=True)
    folder = tmp_path
    try:
        await page.goto(board.server.url)
        await page.wait_for_selector("#table g.obj")
        await page.wait_for_timeout(300)
        kinds = await page.evaluate("[...new Set(touch.view.objects.map((o) => o.kind))]")
        assert "piece" in kinds or "container" in kinds, kinds
        await page.locator("#touch").screenshot(path=str(folder / f"table-{game}.png"))
        await page.set_viewport_size({"width": 400, "height": 860})
        await page.click("#zoom-fit")
        assert [s for s in await page.evaluate(TEXT_SIZES) if s[1] < 11] == []
        width = await page.evaluate("document.getElementById('table').viewBox.baseVal.width")
        for _ in range(2):
            await page.click("#zoom-in")
        assert await page.evaluate("document.getElementById('table').viewBox.baseVal.width") < width / 1.9
        assert [s for s in await page.evaluate(TEXT_SIZES) if s[1] < 11] == []
        assert await page.evaluate("document.documentElement.scrollWidth") <= 400
        await page.locator("#touch").screenshot(path=str(folder / f"table-{game}-phone.png"))
    finally:
        await close_board(board)


# Every card laid straight (no quarter turn) as drawn: its view entry, its body's box on screen, and its face's frame
# (the viewport the cell is fitted into, "meet") with the viewBox it fits (the cell).
CARDS_DRAWN = """() => touch.view.objects.filter((o) => ['card', 'deck'].includes(o.kind) && o.rot % 180 === 0
    && o.image && o.image.sheet).map((o) => {
    const g = document.querySelector(`#table g.obj[data-guid='${o.guid}']`);
    const body = g.querySelector('.body').getBoundingClientRect(), frame = g.querySelector('svg');
    const [cols, rows] = o.image.cell.slice(2);
    return { guid: o.guid, w: o.w, d: o.d, cell: [o.image.sheet[0] / cols, o.image.sheet[1] / rows],
             body: [body.width, body.height], frame: [frame.width.baseVal.value, frame.height.baseVal.value],
             shown: [frame.viewBox.baseVal.width, frame.viewBox.baseVal.height] };
  })"""

# Every piece's body on screen (its smaller side, in px) and its centre against the table point it lies at.
PIECES_DRAWN = """() => touch.view.objects.filter((o) => !['floor', 'board', 'zone', 'hand'].includes(o.kind))
  .map((o) => {
    const r = document.querySelector(`#table g.obj[data-guid='${o.guid}'] .body`).getBoundingClientRect();
    const p = new DOMPoint(o.x, -o.z).matrixTransform(document.getElementById('table').getScreenCTM());
    const off = Math.hypot(r.x + r.width / 2 - p.x, r.y + r.height / 2 - p.y);
    return { guid: o.guid, least: Math.min(r.width, r.height), off };
  })"""


async def test_cards_are_drawn_at_their_cells_aspect_and_small_pieces_no_smaller_than_a_fingertip(page):
    """51st State's cards: the emulator's footprint is the card's cell of its sheet at the card width
    (ttsfacts.CARD_WIDTH), and the page draws the card's body and face at that aspect (the SVG elements' sizes on
    screen); every piece is at least MIN_PIECE_PX (18) across on screen at 1280 and at 400 px, centred on the
    table point it lies at."""
    from bridge.table import ttsfacts

    board = await open_board("fiftyfirst", allow_sample=True, touch=True)
    try:
        emulator = board.live.emulator
        deck = next(
            o for o in emulator.player_view("White")["objects"] if o["kind"] == "deck" and o["name"] == "draw deck"
        )
        emulator.player_action("White", {"do": "draw", "guid": deck["guid"], "count": 3})  # face up in the hand
        emulator.player_action("White", {"do": "flip", "guid": deck["guid"]})  # its face on view
        await emulator.settle()
        await page.goto(board.server.url)
        await page.wait_for_selector("#table g.obj")
        await page.wait_for_timeout(300)
        cards = await page.evaluate(CARDS_DRAWN)
        assert len(cards) == 4
        for card in cards:
            aspect = card["cell"][1] / card["cell"][0]
            assert card["w"] == pytest.approx(ttsfacts.CARD_WIDTH, abs=1e-3)
            assert card["d"] / card["w"] == pytest.approx(aspect, rel=1e-3)
            for drawn in (card["body"], card["frame"], card["shown"]):
                assert drawn[1] / drawn[0] == pytest.approx(aspect, rel=0.03), card
        for width in (1280, 400):
            await page.set_viewport_size({"width": width, "height": 860})
            await page.click("#zoom-fit")
            pieces = await page.evaluate(PIECES_DRAWN)
            assert pieces and [p for p in pieces if p["least"] < 18 - 0.5] == []
            assert [p for p in pieces if p["off"] > 1.0] == []
    finally:
        await close_board(board)
