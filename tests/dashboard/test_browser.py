"""The dashboard page in a real headless Chromium (Debian's, driven by Playwright; no browser download), against
an emulator session: it draws the board, and a click on "Bot turn" shows the decision. The screenshot it takes is
the docs' (docs/dashboard.png) when AUTOMA_UPDATE_DOCS=1 is set; otherwise it goes to a temporary folder, so a
test run leaves the checkout as it was."""

from __future__ import annotations

import asyncio
import os

import pytest

from tests.conftest import ROOT
from tests.dashboard.conftest import Board, close_board, open_board
from tests.dashboard.test_pages import CONTRAST, OVERLAPS, STROKED

pytestmark = pytest.mark.slow


async def test_the_page_draws_the_board_and_shows_the_bots_decision(warchest_board: Board, page, tmp_path):
    await page.goto(warchest_board.server.url)
    await page.wait_for_selector("polygon.hex")
    assert await page.locator("polygon.hex").count() == 37
    names = await page.locator("text.hexname").all_text_contents()  # as the moves and the reasons name them
    assert len(names) == 37 and "(1,-2)" in names and "A1" in names
    assert await page.locator("#connection.ok").count() == 1
    assert await page.locator("li.decision").count() == 0
    await page.click("#bot-turn")
    await page.wait_for_selector("li.decision")
    first = await page.locator("li.decision").first.inner_text()
    assert "Reveals" in first
    # the seed apart from the numbered decisions; their moves folded behind a click
    assert (await page.locator("#turn-seed").inner_text()).startswith("seed ")
    assert "seed" not in await page.locator("#turn").inner_text()
    assert await page.locator("li.decision details.cmds").count() >= 1
    assert not await page.locator("li.decision details.cmds").first.evaluate("d => d.open")
    assert await page.locator("link[rel=icon]").count() == 1
    await page.wait_for_selector("g.unit")  # the deployed unit is drawn on the board
    await page.wait_for_selector("#bot-turn:disabled")  # the person's turn now: Bot turn is off, and says why
    assert "Your turn" in await page.locator("#whose").inner_text()
    while await page.locator("#bot-turn").is_disabled():
        version = await page.evaluate("state.version")
        await page.locator("button.move").first.click()
        await page.wait_for_function(f"state.version > {version} && !state.bot.busy && !pressed")
    await page.click("#bot-turn")
    await page.wait_for_function("state.turns.length === 2 && !state.bot.busy")
    await page.wait_for_timeout(300)
    # every turn shows: the newest open, the first folded under it
    summaries = await page.locator("#turn li.turn > details > summary").all_inner_texts()
    assert [s.split(":")[0] for s in summaries] == ["Bot turn 2 (the last)", "Bot turn 1"]
    # each headline says what the turn did, not only the coin it revealed (its first decision)
    reasons = await page.locator("#turn li.turn[data-turn='2'] li.decision > div:first-child").all_inner_texts()
    more = f" · and {len(reasons) - 3} more" if len(reasons) > 3 else ""
    assert len(reasons) >= 2 and summaries[0].endswith(" · ".join(reasons[:3]) + more), (summaries[0], reasons)
    # a turn the person opens, or folds, stays so while the page is drawn again (a move of theirs redraws it)
    await page.click("#turn li.turn[data-turn='1'] > details > summary")
    await page.click("#turn li.turn[data-turn='2'] > details > summary")
    version = await page.evaluate("state.version")
    await page.locator("button.move").first.click()
    await page.wait_for_function(f"state.version > {version} && !state.bot.busy && !pressed")
    opened = "[...document.querySelectorAll('#turn li.turn > details')].map((d) => d.open)"
    assert await page.evaluate(opened) == [False, True]
    shot = (
        ROOT / "docs" / "dashboard.png" if os.environ.get("AUTOMA_UPDATE_DOCS") == "1" else tmp_path / "dashboard.png"
    )
    await page.screenshot(path=str(shot))
    assert shot.read_bytes().startswith(b"\x89PNG")
    # after the first turn the page asks first: declined, nothing changes; accepted, the difficulty is set
    page.once("dialog", lambda dialog: asyncio.ensure_future(dialog.dismiss()))
    await page.select_option("#difficulty", "advanced")
    await page.wait_for_timeout(300)
    assert warchest_board.session.difficulty == "beginner"
    assert await page.eval_on_selector("#difficulty", "s => s.value") == "beginner"
    page.once("dialog", lambda dialog: asyncio.ensure_future(dialog.accept()))
    await page.select_option("#difficulty", "advanced")
    await page.wait_for_function("document.querySelector('#log').innerText.includes('difficulty set to advanced')")
    assert warchest_board.session.difficulty == "advanced"


async def test_the_page_reconnects_by_itself(warchest_board: Board, page):
    await page.goto(warchest_board.server.url)
    await page.wait_for_selector("#connection.ok")
    port, dashboard = warchest_board.server.port, warchest_board.server.dashboard
    await warchest_board.server.stop()
    await page.wait_for_selector("#connection.bad")
    # with the bridge stopped nothing can be pressed, and the page says why (the badge alone did not)
    assert await page.locator("#bot-turn").is_disabled() and await page.locator("#check-turn").is_disabled()
    assert await page.locator("#pause").is_disabled()
    assert "The bridge is not running" in await page.locator("#whose").inner_text()
    from bridge.dashboard import DashboardServer

    warchest_board.server = DashboardServer(dashboard, port=port, token=warchest_board.server.token)
    await warchest_board.server.start()
    await page.wait_for_selector("#connection.ok", timeout=10000)
    await page.wait_for_selector("#bot-turn:enabled")
    assert "The bot's turn" in await page.locator("#whose").inner_text()


async def test_the_page_draws_the_pax_pamir_map_and_wakhans_turn(page):
    board = await open_board("paxpamir")
    try:
        await page.goto(board.server.url)
        await page.wait_for_selector("g.region")
        assert await page.locator("g.region").count() == 6 and await page.locator("line.border").count() == 9
        assert await page.locator("#board rect[data-card]").count() == 12  # a full market
        assert await page.locator("div.side[data-seat]").count() == 2
        await page.click("#bot-turn")
        await page.wait_for_selector("li.decision")
        assert "draws AI card" in await page.locator("li.decision").first.inner_text()
        await page.wait_for_function("document.querySelector('#sides').innerText.includes(\"Wakhan's AI card: \")")
        sides = await page.locator("#sides").inner_text()
        assert "none yet" not in sides and "Wakhan: " in sides
        # her AI card's number is not a court card's: drawing AI card N outlines no market card #N
        market = await page.evaluate("state.table.drawing.market[0][0].card")
        draw = f"{{action: {{type: 'DrawAiCard', card: {market}}}, reason: 'draws', rule: 'B5', commands: []}}"
        await page.wait_for_function("!state.bot.busy && !pressed")
        await page.wait_for_timeout(300)  # the last push of the turn
        marked = f"state.turns.at(-1).decisions = [{draw}]; render(); document.querySelectorAll('#sides .last').length"
        assert await page.evaluate(marked) == 0  # (the market list's card #N was outlined)
    finally:
        await close_board(board)


async def play_to_the_end(page, rng, *, limit: int) -> dict[str, int]:
    """Click a listed move of the person's at random, or Bot turn when none is listed, until the page shows the
    game's end; the clicks of each kind."""
    clicks = {"person": 0, "bot": 0}
    for _ in range(limit):
        if await page.evaluate("state.end !== null"):
            assert await page.locator("#end").is_visible()
            return clicks
        version = await page.evaluate("state.version")
        moves = page.locator("button.move")
        count = await moves.count()
        if count:
            await moves.nth(rng.randrange(count)).click()
            clicks["person"] += 1
        else:
            await page.click("#bot-turn")
            clicks["bot"] += 1
        await page.wait_for_function(f"state.version > {version} && !state.bot.busy", timeout=30_000)
        await page.wait_for_timeout(60)  # the last push of a burst
    pytest.fail(f"no end after {clicks}")


async def test_a_whole_white_castle_game_through_the_page(page):
    """Without TTS, on the sample deck: the page draws the castle (bridges, rooms with their tiles, the Well), lists
    the person's die placements, and a whole game runs from it, the bot saying SAMPLE DATA every turn."""
    import random

    board = await open_board("whitecastle", allow_sample=True)
    rng = random.Random(3)
    try:
        await page.goto(board.server.url)
        await page.wait_for_selector("rect[data-space]")
        assert await page.locator("rect[data-space]").count() == 7 and await page.locator("rect.die").count() == 9
        clicks = await play_to_the_end(page, rng, limit=60)
        assert clicks == {"person": 9, "bot": 9}  # nine turns each; the end shows without another press
        assert "the bot leads" in await page.locator("#end").inner_text()  # your markers stay at 0 in this game
        assert "winner" not in await page.locator("#end-winner").inner_text()  # your gardeners and warriors to add
        assert await page.locator("#bot-turn").is_disabled()
        assert all(t.ok and t.stopped is None for t in board.session.turns) and board.session.last_failure is None
        chat = [t for t, _ in board.live.emulator.require_world().chat]
        assert sum("SAMPLE DATA" in line for line in chat) == 9
    finally:
        await close_board(board)


async def test_the_page_draws_51st_state_and_plays_a_lookout(page):
    """Without TTS, on the sample cards: the page draws the Lookout, both states and the scores; the person picks
    from the listed moves and the bot takes its card at random, as the table then shows."""
    board = await open_board("fiftyfirst", allow_sample=True)
    try:
        await page.goto(board.server.url)
        await page.wait_for_selector("text.onpanel")
        await page.click("#bot-turn")  # the bot reveals the connection cards and deals the Lookout
        await page.wait_for_selector("rect.card.lookout")
        assert await page.locator("rect.card.lookout").count() == 4
        picks = page.locator("button.move")
        # one pick per different card: the table is built with the deck in a fresh random order, so two copies of
        # a card are sometimes dealt together, and taking either is the same move (CI once saw 3 picks of 4 cards)
        table = board.session.game.read_table(await board.live.connector.snapshot())
        lookout = table.state.lookout
        assert len(lookout) == 4
        await page.wait_for_function(f"document.querySelectorAll('button.move').length === {len(set(lookout))}")
        assert "from the Lookout" in await picks.first.inner_text()
        version = await page.evaluate("state.version")
        await picks.first.click()
        await page.wait_for_function(f"state.version > {version} && !state.bot.busy")
        await page.click("#bot-turn")  # the bot takes one of the three at random
        await page.wait_for_function("document.querySelectorAll('rect.card.bot').length === 1", timeout=20_000)
        assert await page.locator("rect.card.lookout").count() == 2
        sides = await page.locator("#sides").inner_text()
        assert "You: 0 points" in sides and "the bot's attacks this round: 0 of 3" in sides
        assert board.session.last_failure is None
    finally:
        await close_board(board)


async def test_a_whole_war_chest_game_through_the_page(warchest_board: Board, page, tmp_path):
    """A person with no TTS plays a whole game against the solo AI from the dashboard: their moves (chosen at random
    among the buttons the page lists) and the bot's turns, until the page says the game is over."""
    import random

    rng = random.Random(7)
    await page.goto(warchest_board.server.url)
    await page.wait_for_selector("polygon.hex")
    clicks = await play_to_the_end(page, rng, limit=1500)
    assert clicks["person"] > 10 and clicks["bot"] > 10
    session = warchest_board.session
    assert all(t.ok and t.stopped is None for t in session.turns) and session.last_failure is None
    errors = [e["text"] for e in warchest_board.server.dashboard.state["log"] if e["kind"] == "error"]
    assert errors == []
    assert await page.locator("button.move").count() == 0  # nothing left to play
    # the end showed at once, after the move that placed the sixth marker: no press of Bot turn was needed to learn it
    assert len(session.turns) == clicks["bot"]
    end = await page.locator("#end").inner_text()
    assert "Game over · winner: " in end and "placed all six control markers" in end and "Final score: " in end
    assert await page.locator("#whose").inner_text() == "The game is over."
    assert "on your turn" not in await page.locator("#sides").inner_text()  # no turn of yours to come
    await page.wait_for_function("document.getElementById('status').textContent.includes('Game over · winner: ')")
    assert "game over: winner: " in await page.locator("#log").inner_text()
    assert await page.locator("#bot-turn").is_disabled()
    assert "the game is over" in await page.locator("#bot-turn").get_attribute("title")
    poor = [t for t in await page.evaluate(CONTRAST) if t["ratio"] < 4.5 and not t["faded"]]
    assert poor == [], poor[:8]  # the end's box reads as well as the rest
    update = os.environ.get("AUTOMA_UPDATE_DOCS") == "1"
    shot = ROOT / "docs" / "page-warchest-end.png" if update else tmp_path / "end.png"
    await page.screenshot(path=str(shot))
    # New game: a fresh table in the same tab, the same token and process, and the bot plays it
    url, token = page.url, warchest_board.server.token
    await page.click("#new-game")
    await page.wait_for_function("state.end === null && state.turns.length === 0 && !state.bot.busy && !pressed")
    assert await page.locator("g.unit").count() == 0 and await page.locator("#end").is_hidden()
    assert page.url == url and warchest_board.server.token == token and session.turns == []
    assert "new game: <fresh warchest table, seed " in await page.locator("#log").inner_text()
    await page.click("#bot-turn")
    await page.wait_for_function("state.turns.length === 1 && !state.bot.busy && !pressed")
    await page.wait_for_selector("g.unit")
    assert [e["text"] for e in warchest_board.server.dashboard.state["log"] if e["kind"] == "error"] == []


async def test_the_page_at_phone_width_is_one_column_with_readable_labels(warchest_board: Board, page, tmp_path):
    await page.set_viewport_size({"width": 400, "height": 860})
    await page.goto(warchest_board.server.url)
    await page.wait_for_selector("polygon.hex")
    await page.click("#bot-turn")
    await page.wait_for_selector("g.unit")
    board = await page.locator("#board").bounding_box()
    controls = await page.locator("#controls").bounding_box()
    sides = await page.locator("#sides").bounding_box()
    assert board is not None and controls is not None and sides is not None
    # one column: the board first, then the buttons, then the sides
    assert board["width"] > 360 and controls["y"] >= board["y"] + board["height"] and sides["y"] > controls["y"]
    # measured in one go in the page: a state push redraws the board between two separate queries
    gap = await page.evaluate(
        "document.getElementById('status').getBoundingClientRect().top"
        " - document.getElementById('whose').getBoundingClientRect().bottom"
    )
    assert gap < 40  # whose turn, then the panel's status: no empty line between them
    height = await page.evaluate("document.querySelector('text.hexname').getBoundingClientRect().height")
    assert height >= 9  # about a 10 px font on the phone, not 6
    assert await page.evaluate("document.documentElement.scrollWidth") <= 400  # nothing wider than the screen
    # nor a long unbroken word (a path in an error, an id in a reason): it breaks instead of widening the page
    await page.evaluate("showWhy('cannot read /a/' + 'very_long_folder_name_'.repeat(12) + 'x.json')")
    assert await page.evaluate("document.documentElement.scrollWidth") <= 400
    shot = ROOT / "docs" / "dashboard-phone.png" if os.environ.get("AUTOMA_UPDATE_DOCS") == "1" else tmp_path / "p.png"
    await page.screenshot(path=str(shot), full_page=True)
    assert shot.read_bytes().startswith(b"\x89PNG")


async def test_three_rounds_of_pax_pamir_against_wakhan_through_the_page(page):
    """A person without TTS plays Pax Pamir against Wakhan from the dashboard for three rounds: her turns from Bot
    turn, theirs from the listed actions (chosen at random, a card action step by step, then the end of the turn)."""
    import random

    board = await open_board("paxpamir")
    rng = random.Random(3)
    try:
        await page.goto(board.server.url)
        await page.wait_for_selector("g.region")
        # before her first turn only a loyalty is listed (issue 41 item 14): one chosen, then Bot turn keeps it
        loyal = page.locator("button.move", has_text="loyal to the Afghan coalition")
        await loyal.click()
        await page.wait_for_function("!state.bot.busy && !state.person.moves.some((m) => m.label.includes('Afghan'))")
        assert "(now Afghan; Bot turn keeps it)" in await page.locator("#person").inner_text()
        await page.click("#bot-turn:enabled")
        await page.wait_for_function("state.turns.length === 1 && !state.bot.busy", timeout=30_000)
        assert not await page.locator("button.move", has_text="loyal to the").count()
        bot_turns, person_turns, moves_made = 1, 0, 0
        filtered = False
        while person_turns < 3 or bot_turns < 4:
            assert moves_made < 300, "the turns do not end"
            version = await page.evaluate("state.version")
            buttons = page.locator("button.move")
            count = await buttons.count()
            if count > 8 and not filtered:  # many moves: the page offers a filter
                await page.fill("#person-filter", "end your turn")
                assert await buttons.count() == 1
                await page.fill("#person-filter", "")
                assert await buttons.count() == count
                filtered = True
            if count:
                labels = [await buttons.nth(i).inner_text() for i in range(count)]
                ends = [i for i, label in enumerate(labels) if label.endswith(": end your turn")]
                pick = ends[0] if ends and (moves_made % 4 == 3 or count == 1) else rng.randrange(count)
                person_turns += labels[pick].endswith(": end your turn")
                await buttons.nth(pick).click()
                moves_made += 1
            else:
                await page.click("#bot-turn")
                bot_turns += 1
            await page.wait_for_function(f"state.version > {version} && !state.bot.busy", timeout=30_000)
            await page.wait_for_timeout(60)
        session = board.session
        assert all(t.ok and t.stopped is None for t in session.turns) and session.last_failure is None
        assert [e["text"] for e in board.server.dashboard.state["log"] if e["kind"] == "error"] == []
        assert await page.locator("g.region").count() == 6 and filtered
    finally:
        await close_board(board)


async def test_a_whole_heroes_game_through_the_page(page):
    """Without TTS, on the sample data: the page draws the owner's map (region outlines, both sides' pieces, the
    bot's board), and a whole game runs from it: the game's own buttons (Bot action, Follow done, Interrupt/none,
    Tactic chosen, Tactic cancels?) answer what the drawing says the bot waits for, and the person's listed moves
    recruit minis into their Courtyard (paid on their food track), move them out, set their tactic's strength, take
    losses back and reach an X-Objective in round 2; the end reads both score markers and says the count to make
    until the person says their final scoring is done (the listed move), then names the winner."""
    import random

    board = await open_board("holas", allow_sample=True)
    rng = random.Random(4)
    presses = {"follow_done": 0, "interrupt_none": 0, "tactic_chosen": 0, "tactic_cancels": 0, "bot_action": 0}
    ended = ""  # the end as the page first said it

    outlined = []  # the regions the bot's last turn touched, outlined, after each press
    phone_checked = False  # a region with two lines or more seen at phone width, where they are drawn larger

    async def step(click: str) -> None:
        version = await page.evaluate("state.version")
        await page.click(click)
        await page.wait_for_function(f"state.version > {version} && !state.bot.busy", timeout=30_000)
        await page.wait_for_timeout(60)  # the last push of a burst
        outlined.append(await page.locator("#board g.region.last").count())
        assert await page.evaluate(STROKED) == []  # the region outlined, its names and pieces still readable
        nonlocal phone_checked
        if (
            not phone_checked
            and await page.evaluate("Math.max(...state.table.drawing.regions.map((r) => r.lines.length))") >= 2
        ):
            await page.set_viewport_size({"width": 400, "height": 860})
            await page.wait_for_timeout(100)
            assert await page.evaluate(OVERLAPS) == []  # each line of a region below the other, not over it
            await page.set_viewport_size({"width": 1280, "height": 860})
            phone_checked = True

    async def move(label: str) -> bool:
        found = page.locator("button.move", has_text=label)
        if not await found.count():
            return False
        await step(
            f"button.move[data-move='{await found.nth(rng.randrange(await found.count())).get_attribute('data-move')}']"
        )
        return True

    async def press(key: str) -> None:
        presses[key] += 1
        await step(f"button.game-button[data-key='{key}']")

    try:
        await page.goto(board.server.url)
        await page.wait_for_selector("polygon.area")
        assert (
            await page.locator("polygon.area").count() == 12 and await page.locator("button.game-button").count() == 5
        )
        await press("bot_action")
        yours = await page.locator(".side.yours").inner_text()  # your side as your markers and supply show it
        assert "You: 0 pts" in yours and "ore 3 · mana 3 · food 3" in yours
        assert "Your Capital City: L1" in yours and "warrior 8" in yours
        for _ in range(200):
            if await page.evaluate("state.end !== null"):
                said = await page.locator("#end").inner_text()
                assert "on the score track" in said  # both markers read
                # L208 "totalled as normal": your end-of-game points are not on your marker (at 0 here), so the
                # end names no winner but says the count to make, until your final scoring is said to be done
                assert "winner: " not in said and "more and you win" in said and "final-scoring marker" in said, said
                assert await move("my final scoring is done")
                await page.wait_for_function("document.getElementById('end').textContent.includes('winner: ')")
                await page.wait_for_function(
                    "document.getElementById('status').textContent.includes('Game over · winner: ')"
                )  # the table's panel says the winner too, where it said the count
                assert "game over: winner: " in await page.locator("#log").inner_text()
                ended = said
                break
            drawing = await page.evaluate("state.table.drawing")
            waits = drawing["waits"]
            if waits.startswith("your Follow"):
                await press("follow_done")
            elif waits.startswith("your interrupt"):
                await press("interrupt_none")
            elif waits.startswith("your tactic"):
                await move("your tactic's strength")
                await press("tactic_chosen")
            elif waits.startswith("your answer"):
                await press(rng.choice(["tactic_cancels", "interrupt_none"]))
            elif "holds your army and the bot's" in waits:  # said on the page, and Bot action refused
                if "the bot wins" in await page.locator("#turn li.turn").first.inner_text():
                    both = [r["id"] for r in drawing["regions"] if any(x.startswith("you:") for x in r["lines"])
                            and any(x.startswith("bot:") for x in r["lines"])]  # fmt: skip
                    assert await move(f"take your minis in {both[0]} back")
                    await press("bot_action")
                else:  # your attack
                    await move("your tactic's strength")
                    await press("tactic_chosen")
            else:
                if drawing["round"] == 2 and drawing["final_round"] is None:
                    assert await move("you reached an X-Objective")
                elif rng.random() < 0.6:
                    await move(rng.choice(["recruit a ", "from your Courtyard", "attack the bot in"]))
                await press("bot_action")
        else:
            pytest.fail(f"no end after {presses}")
        print(presses, ended)
        assert presses["bot_action"] >= 9 and presses["tactic_chosen"] + presses["follow_done"] >= 1, presses
        assert any(outlined), outlined
        assert phone_checked
        assert all(t.ok and t.stopped is None for t in board.session.turns) and board.session.last_failure is None
        chat = [t for t, _ in board.live.emulator.require_world().chat]
        assert sum("SAMPLE DATA" in line for line in chat) == len(board.session.turns)
        assert "the Enemy:" in await page.locator("#sides").inner_text()
    finally:
        await close_board(board)


async def test_the_pages_map_editor_draws_regions_on_the_board_and_saves_the_map(page, tmp_path, monkeypatch):
    """The dashboard's alternative to the TTS map editor: regions clicked on the board (a centre, an outline),
    links typed in, Save map; the bridge writes the owner's map.json (in the config folder here), in the board's own
    frame, and says so in the log; a drawing the loader refuses is refused in the log, naming the region."""
    import json

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    board = await open_board("holas", allow_sample=True)
    squares = {"A": (-10, 5, "land"), "B": (0, 5, "land"), "S": (10, 5, "sea")}
    try:
        await page.goto(board.server.url)
        await page.wait_for_selector("polygon.area")
        await page.click("#map-editor summary")

        async def click(x: float, z: float) -> None:
            at = await page.evaluate(
                """([x, y]) => { const svg = document.getElementById("me-board");
                   svg.scrollIntoView({block: "nearest"});  // below the table on the page: a person scrolls to it
                   const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM()); return [p.x, p.y]; }""",
                [x, -z],
            )
            await page.mouse.click(*at)

        for rid, (cx, cz, kind) in squares.items():
            await page.fill("#me-id", rid)
            await page.select_option("#me-kind", kind)
            await page.select_option("#me-terrain", "sea" if kind == "sea" else "plains")
            await page.click("#me-new")
            await page.check("input[name=me-mode][value=centre]")
            await click(cx, cz)
            await page.check("input[name=me-mode][value=outline]")
            for dx, dz in ((-5, -5), (5, -5), (5, 5), (5, 5), (-5, 5)):
                await click(cx + dx, cz + dz)
            await page.click("#me-undo")  # the doubled corner taken back
        assert await page.locator("#me-board polygon").count() == 3
        for a, b in (("A", "B"), ("B", "S"), ("A", "S")):  # A-S: S lies in line with B from A
            await page.fill("#me-a", a)
            await page.fill("#me-b", b)
            await page.click("#me-link")
        await page.click("#me-save")
        await page.wait_for_function(
            "[...document.querySelectorAll('#log li')].some(li => li.textContent.includes('not saved'))"
        )
        assert "the arcs toward" in await page.locator("#log").inner_text()
        await page.fill("#me-a", "A")
        await page.fill("#me-b", "S")
        await page.click("#me-link")  # entered again: replaced, then taken out by hand below
        await page.evaluate("editor.links = editor.links.filter((l) => !(l.a === 'A' && l.b === 'S')); meDraw()")
        await page.click("#me-save")
        await page.wait_for_function(
            "[...document.querySelectorAll('#log li')].some(li => li.textContent.includes('the map is saved'))"
        )
        written = json.loads((tmp_path / "tabletop-automa" / "holas" / "map.json").read_text())
        centres = {r["id"]: r["center"] for r in written["regions"]}
        assert all(abs(centres[k][0] - v[0]) < 0.2 and abs(centres[k][1] - v[1]) < 0.2 for k, v in squares.items())
        assert sorted((e["a"], e["b"], e["kind"]) for e in written["edges"]) == [
            ("A", "B", "land"),
            ("B", "S", "shore"),
        ]
        assert all(len(r["polygon"]) == 4 for r in written["regions"])
    finally:
        await close_board(board)


async def test_with_tts_silent_the_buttons_are_off_and_the_page_says_why(demo_board: Board, page):
    beat = asyncio.ensure_future(demo_board.session.heartbeat(0.05))
    try:
        await page.goto(demo_board.server.url)
        await page.wait_for_selector("#bot-turn:enabled")
        demo_board.live.emulator.faults.silent = True  # the socket is fine; the connector stops answering
        await page.wait_for_selector("#bot-turn:disabled")
        assert "The table is not answering" in await page.locator("#whose").inner_text()
        assert await page.locator("#pause").is_disabled() and await page.locator("#connection.bad").count() == 1
        demo_board.live.emulator.faults.silent = False
        await page.wait_for_selector("#bot-turn:enabled")
        assert "The bot's turn" in await page.locator("#whose").inner_text()
    finally:
        beat.cancel()


async def test_51st_state_action_phase_takes_bot_turn_after_your_action_and_pass_is_off_in_the_bots(page):
    """Issue 37: in the Action phase the page says your action comes first and keeps Bot turn on (the action made by
    hand cannot be seen), and Bot turn plays the bot's action; Pass is off while the bot's Lookout steps are due."""
    board = await open_board("fiftyfirst", allow_sample=True)
    dashboard = board.server.dashboard
    try:
        await page.goto(board.server.url)
        await page.wait_for_selector("text.onpanel")
        assert await page.locator("button.game-button[data-key=pass]").is_disabled()  # the bot deals first
        for _ in range(6):  # the Lookout: the bot's steps and the person's two picks, from the list
            if dashboard.state["table"]["drawing"]["phase"] == "action":
                break
            moves = dashboard.state["person"]["moves"]
            if moves:
                assert await dashboard.control({"type": "person_move", **moves[0]}) is None
            else:
                assert await dashboard.control({"type": "bot_turn"}) is None
        assert dashboard.state["table"]["drawing"]["phase"] == "action"
        await page.wait_for_function("document.getElementById('whose').textContent.startsWith('Your action')")
        assert await page.locator("#bot-turn").is_enabled()
        turns = len(board.session.turns)
        await page.click("#bot-turn")
        await page.wait_for_function(f"state.turns.length > {turns} && !state.bot.busy", timeout=20_000)
        actions = [type(s.decision.action).__name__ for s in board.session.turns[-1].steps]
        assert actions[0] in ("Claim", "Attack"), actions
    finally:
        await close_board(board)


async def test_no_button_claims_a_turn_of_a_stopped_bridge_and_pause_is_off_once_the_game_is_over(
    demo_board: Board, page
):
    """Issue 41, item 19: a bridge stopped mid-turn left the disabled button reading "Bot is playing…", and Pause
    stayed on after the game's end (there is nothing left to pause)."""
    import random

    from bridge.dashboard import DashboardServer

    await page.goto(demo_board.server.url)
    await page.wait_for_selector("#bot-turn:enabled")
    dashboard, port, token = demo_board.server.dashboard, demo_board.server.port, demo_board.server.token
    dashboard.state["bot"]["busy"] = True  # what a press of Bot turn pushes while the turn runs
    dashboard._touch()
    await page.wait_for_function("document.querySelector('#bot-turn').textContent === 'Bot is playing…'")
    await demo_board.server.stop()  # the bridge stops mid-turn: its "not busy" never comes
    await page.wait_for_selector("#connection.bad")
    assert await page.locator("#bot-turn").inner_text() == "Bot turn"
    assert await page.locator("#bot-turn").is_disabled()
    assert "The bridge is not running" in await page.locator("#whose").inner_text()
    dashboard.state["bot"]["busy"] = False
    demo_board.server = DashboardServer(dashboard, port=port, token=token)
    await demo_board.server.start()
    await page.wait_for_selector("#bot-turn:enabled", timeout=10000)
    assert await page.locator("#pause").is_enabled()
    await play_to_the_end(page, random.Random(3), limit=30)
    await page.wait_for_function("!state.bot.busy && !pressed")
    assert await page.locator("#pause").is_disabled() and await page.locator("#pause").inner_text() == "Pause bot"


async def test_the_page_of_a_resumed_game_lists_its_turns_the_newest_open(page, tmp_path):
    """Issue 37: a page game survives a restart; its turns are listed again, the older folded."""
    import json
    import signal
    import subprocess

    from tests.conftest import free_port
    from tests.test_cli import AUTOMA, automa

    path = tmp_path / "warchest.json"
    ports = ["--tts-port", str(free_port()), "--editor-port", str(free_port())]
    first = automa("serve", "warchest", "--emulator", "--fast", "--no-dashboard", "--seed", "8", "--turns", "2",
                   "--game-file", str(path), *ports)  # fmt: skip
    assert first.returncode == 0, first.stderr
    saved = json.loads(path.read_text(encoding="utf-8"))["turns"]
    proc = subprocess.Popen([*AUTOMA, "serve", "warchest", "--emulator", "--fast", "--resume", "--game-file",
                             str(path), *ports, "--dashboard-port", str(free_port())],
                            cwd=ROOT, stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().split(" ", 1)[1].strip()
        while "Play War Chest" not in (line := proc.stdout.readline()):
            assert line, "automa serve ended before it was ready"
        await page.goto(url)
        await page.wait_for_selector("#turn li.turn")
        summaries = await page.locator("#turn li.turn > details > summary").all_inner_texts()
        assert [s.split(":")[0] for s in summaries] == ["Bot turn 2 (the last)", "Bot turn 1"]
        assert summaries[1].endswith(" · ".join(d["reason"] for d in saved[0]["decisions"][:3]))
        opened = "[...document.querySelectorAll('#turn li.turn > details')].map((d) => d.open)"
        assert await page.evaluate(opened) == [True, False]
        await page.wait_for_selector("#bot-turn:disabled")  # the person's turn, as when the game stopped
        assert "Your turn" in await page.locator("#whose").inner_text()
        proc.send_signal(signal.SIGINT)
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()


async def test_a_failed_rules_reload_of_automa_dev_stays_on_the_page_until_a_reload_passes(
    demo_board: Board, page, tmp_path
):
    """Issue 41 item 18: a rules reload that fails (the running rules stay) is a banner above the page naming the
    file and line, not a log line that scrolls away; the next reload that passes takes it down."""
    import shutil

    from bridge.dev.loop import DevLoop
    from bridge.modsource import default_root

    rules, mod = tmp_path / "demo", tmp_path / "tts_mod"
    shutil.copytree(ROOT / "engines" / "demo", rules, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(default_root(), mod, ignore=shutil.ignore_patterns("__pycache__"))
    dashboard = demo_board.server.dashboard
    said: list[str] = []  # the terminal's lines
    loop = DevLoop(
        demo_board.session, demo_board.live.link, rules_dir=rules, mod_dir=mod, say=said.append, banner=dashboard.banner
    )
    await loop.start()
    runner = asyncio.create_task(loop.run())
    try:
        await page.goto(demo_board.server.url)
        await page.wait_for_selector("#board > *")
        assert await page.locator("#banners").is_hidden()
        game_py = rules / "game.py"
        game_py.write_text(game_py.read_text().replace("def decide(", "def decide(:"), encoding="utf-8")
        await page.wait_for_selector("#banners .banner[data-key=rules]")
        line = next(n for n, text in enumerate(game_py.read_text().splitlines(), 1) if "def decide(:" in text)
        shown = await page.locator("#banners").inner_text()
        assert shown.startswith(f"Rules reload failed: {game_py}:{line}: SyntaxError") and "rules stay" in shown
        assert await page.locator("#banners").get_attribute("role") == "alert"
        texts = await page.evaluate(CONTRAST)
        assert any(t["text"].startswith("Rules reload failed") for t in texts), texts  # readable, as every text
        assert [t for t in texts if t["ratio"] < 4.5 and not t["faded"]] == []
        game_py.write_text(game_py.read_text().replace("def decide(:", "def decide("), encoding="utf-8")
        await page.wait_for_selector("#banners", state="hidden")
        assert loop.rule_reloads == 1 and await page.locator("#banners .banner").count() == 0
        assert any("rules reload failed" in s for s in said)  # the terminal still has it
    finally:
        runner.cancel()
        loop.stop()
