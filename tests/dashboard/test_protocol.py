"""The dashboard's WebSocket protocol and HTTP gate, with a real client over loopback."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus

from tests.dashboard.conftest import Board


async def next_state(ws: ClientConnection, check=lambda s: True, seconds: float = 10) -> dict[str, Any]:
    async def wait() -> dict[str, Any]:
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "state" and check(message["state"]):
                return message["state"]

    return await asyncio.wait_for(wait(), seconds)


async def control(ws: ClientConnection, **message: Any) -> dict[str, Any]:
    await ws.send(json.dumps(message))
    while True:
        reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if reply["type"] in ("ack", "error"):
            return reply


async def test_state_on_connect(demo_board: Board):
    async with connect(demo_board.ws_url, origin=demo_board.origin) as ws:
        state = await next_state(ws)
    assert state["connection"]["game"] == "demo" and state["connection"]["game_loaded"]
    assert state["bot"] == {
        "paused": False,
        "busy": False,
        "difficulty": "normal",
        "difficulties": ["normal", "easy"],
        "checks_turns": False,
        "buttons": [],
        "map_editor": False,
        "status": "",
        "bot_turn_button": True,
        "refused": {},  # the bot moves first: its press is the bot's to take
        "new_game": True,  # the emulator deals a fresh table
    }
    assert state["table"]["drawing"] == {"kind": "slots", "slots": [None] * 7, "bag": 5}
    assert state["end"] is None and state["turns"] == []


async def test_a_bot_turn_from_the_page_is_pushed_to_every_page(demo_board: Board):
    async with (
        connect(demo_board.ws_url, origin=demo_board.origin) as ws,
        connect(demo_board.ws_url, origin=demo_board.origin) as watcher,
    ):
        await next_state(ws)
        await next_state(watcher)
        assert await control(ws, type="bot_turn") == {"type": "ack", "control": "bot_turn"}
        state = await next_state(watcher, lambda s: s["table"]["drawing"]["bag"] == 4)
    [decision] = state["last_turn"]["decisions"]
    assert decision["rule"] == "priority 3 (centre)" and decision["commands"][0]["op"] == "take"
    assert state["table"]["drawing"]["slots"][3] == "bot"
    assert any(e["kind"] == "turn" for e in state["log"])


async def test_a_turn_from_the_table_panel_updates_the_page(demo_board: Board):
    async with connect(demo_board.ws_url, origin=demo_board.origin) as ws:
        await next_state(ws)
        demo_board.live.emulator.ui_event("automa_bot_turn")
        event = await demo_board.live.connector.events.get()
        while event.name != "bot_turn":
            event = await demo_board.live.connector.events.get()
        await demo_board.session.handle(event)
        state = await next_state(ws, lambda s: s["last_turn"] is not None)
    assert state["last_turn"]["decisions"][0]["reason"].startswith("Slot 4")


async def test_pause_resume_and_difficulty_take_effect(demo_board: Board):
    async with connect(demo_board.ws_url, origin=demo_board.origin) as ws:
        await next_state(ws)
        assert (await control(ws, type="pause"))["control"] == "pause"
        assert demo_board.session.paused
        demo_board.live.emulator.ui_event("automa_bot_turn")  # a press on the table while paused
        event = await demo_board.live.connector.events.get()
        while event.name != "bot_turn":
            event = await demo_board.live.connector.events.get()
        await demo_board.session.handle(event)
        assert demo_board.session.turns == []
        status = demo_board.live.emulator.require_world().global_ui.text_of("automa_status")
        assert status == "The bot is paused (from the dashboard)."
        await control(ws, type="resume")
        assert not demo_board.session.paused
        assert await control(ws, type="difficulty", value="easy") == {"type": "ack", "control": "difficulty"}
        assert demo_board.session.difficulty == "easy"
        reply = await control(ws, type="difficulty", value="impossible")
        assert reply["error"] == "unknown difficulty 'impossible'"
        state = await next_state(ws, lambda s: s["bot"]["difficulty"] == "easy")
        assert not state["bot"]["paused"]
        assert (await control(ws, type="launch"))["error"] == "unknown control 'launch'"
        await ws.send("not json")
        assert json.loads(await ws.recv())["type"] == "error"


async def test_a_wrong_token_or_a_foreign_origin_is_refused(demo_board: Board):
    wrong = demo_board.ws_url.replace(demo_board.server.token, "guess")
    with pytest.raises(InvalidStatus) as refused:
        async with connect(wrong, origin=demo_board.origin):
            pass
    assert refused.value.response.status_code == 403
    with pytest.raises(InvalidStatus) as refused:
        async with connect(demo_board.ws_url, origin="http://evil.example"):
            pass
    assert refused.value.response.status_code == 403
    page = f"http://127.0.0.1:{demo_board.server.port}/"
    with pytest.raises(urllib.error.HTTPError) as denied:
        await asyncio.to_thread(urllib.request.urlopen, page)
    assert denied.value.code == 403
    denied.value.close()
    with await asyncio.to_thread(urllib.request.urlopen, demo_board.server.url) as response:
        assert response.status == 200 and b'<svg id="board"' in response.read()
    assert demo_board.server.url.startswith("http://127.0.0.1:")


async def test_check_my_turn_from_the_page_reports_in_the_log(warchest_board: Board):
    async with connect(warchest_board.ws_url, origin=warchest_board.origin) as ws:
        state = await next_state(ws)
        assert state["bot"]["checks_turns"] is True
        reply = await control(ws, type="check_turn")  # before any bot turn: nothing to compare with
        assert reply["error"] == "there is no bot turn to compare your turn with yet"
        assert (await control(ws, type="bot_turn")) == {"type": "ack", "control": "bot_turn"}
        assert (await control(ws, type="check_turn")) == {"type": "ack", "control": "check_turn"}
        state = await next_state(ws, lambda s: any(e["kind"] == "check" for e in s["log"]))
    [line] = [e["text"] for e in state["log"] if e["kind"] == "check"]
    assert line == "Nothing has changed since the bot's turn."  # the person has not moved yet


async def test_pause_also_stops_the_pages_own_bot_turn(demo_board: Board):
    async with connect(demo_board.ws_url, origin=demo_board.origin) as ws:
        await next_state(ws)
        await control(ws, type="pause")
        assert (await control(ws, type="bot_turn"))["error"] == "the bot is paused: resume it first"
        assert demo_board.session.turns == []
        assert (await control(ws, type="check_turn"))["error"] == "Three in a Row (demo) cannot check turns"


async def test_the_connection_turns_red_when_tts_stops_answering_and_back(demo_board: Board):
    beat = asyncio.ensure_future(demo_board.session.heartbeat(0.05))
    try:
        async with connect(demo_board.ws_url, origin=demo_board.origin) as ws:
            assert (await next_state(ws))["connection"]["answering"] is True
            demo_board.live.emulator.faults.silent = True  # the socket is fine; the connector stops answering
            state = await next_state(ws, lambda s: not s["connection"]["answering"])
            assert any(e["kind"] == "connection" and "TTS is not answering" in e["text"] for e in state["log"])
            demo_board.live.emulator.faults.silent = False
            state = await next_state(ws, lambda s: s["connection"]["answering"])
            assert state["log"][-1]["text"] == "TTS answers again."
    finally:
        beat.cancel()


async def test_the_person_plays_war_chest_from_the_page(warchest_board: Board):
    """Without TTS: after the bot's turn the page lists the person's legal moves; a chosen one is carried out on
    the table through the same wire as the bot's, and the list follows."""
    board = warchest_board
    async with connect(board.ws_url, origin=board.origin) as ws:
        state = await next_state(ws)
        assert state["person"] == {"plays": True, "moves": [], "unlisted": None}  # the AI moves first
        await control(ws, type="bot_turn")
        state = await next_state(ws, lambda s: s["person"]["moves"])
        [draw] = state["person"]["moves"]
        assert draw == {"id": "draw", "label": "Draw 3 coins from your bag", "group": "Draw"}
        assert await control(ws, type="person_move", **draw) == {"type": "ack", "control": "person_move"}
        state = await next_state(ws, lambda s: s["person"]["moves"] and s["person"]["moves"][0]["id"] != "draw")
        moves = state["person"]["moves"]
        assert {m["group"] for m in moves} >= {"Deploy", "Pass"} and len({m["id"] for m in moves}) == len(moves)
        stale = {"id": moves[0]["id"], "label": "deploy a unit that is not yours"}
        reply = await control(ws, type="person_move", **stale)
        assert "is not one of your moves now" in reply["error"]
        deploy = next(m for m in moves if m["group"] == "Deploy")
        assert await control(ws, type="person_move", **deploy) == {"type": "ack", "control": "person_move"}
    unit, where = deploy["label"].removeprefix("deploy ").split(" on ")
    table = await board.live.connector.snapshot()
    view = board.session.game.read_table(table)
    from engines.warchest.board import LOCATIONS

    piece = view.state.board[LOCATIONS[where]]
    assert (piece.unit, piece.owner) == (unit, 1)  # on the board where the label said, side B's
    chat = [t for t, _ in board.live.emulator.require_world().chat]
    assert f"You: {deploy['label']}" in chat


async def test_the_emulated_panel_status_and_chat_show_on_the_page(demo_board: Board):
    async with connect(demo_board.ws_url, origin=demo_board.origin) as ws:
        await next_state(ws)
        await control(ws, type="bot_turn")
        state = await next_state(ws, lambda s: s["bot"]["status"].startswith("Done"))
        assert state["bot"]["status"] == "Done: 1 decision(s). Your turn."
        assert [e["text"] for e in state["log"] if e["kind"] == "decision"] == [
            "1. Slot 4 is the empty slot nearest the centre (alone). [priority 3 (centre)]"
        ]
        assert not any(e["text"].startswith("Bot: ") for e in state["log"])  # its chat line is that decision
        await demo_board.live.link.execute("printToAll('hello from the table', {1, 1, 1})")  # a mod's own line
        state = await next_state(ws, lambda s: any(e["kind"] == "chat" for e in s["log"]))
    assert [e["text"] for e in state["log"] if e["kind"] == "chat"] == ["hello from the table"]


async def test_a_person_plays_pax_pamir_against_wakhan_from_the_page():
    """Without TTS: after Wakhan's turn the page lists White's legal actions in words; a purchase and the end of the
    turn are carried out on the table, which then reads back as the rules engine says."""
    from engines.paxpamir.table import person
    from engines.paxpamir.table.read import read_table
    from tests.dashboard.conftest import close_board, open_board

    board = await open_board("paxpamir")
    try:
        async with connect(board.ws_url, origin=board.origin) as ws:
            state = await next_state(ws)
            # Wakhan takes the first turn; before it, only a loyalty may be chosen (or kept by pressing Bot turn)
            assert {m["id"].split(":")[0] for m in state["person"]["moves"]} == {"loyalty"}
            await control(ws, type="bot_turn")
            state = await next_state(ws, lambda s: s["person"]["moves"])
            moves = state["person"]["moves"]
            assert {m["group"] for m in moves} >= {"Buy", "End"}
            assert all(m["label"].startswith("White: ") for m in moves)
            buy = next(m for m in moves if m["group"] == "Buy" and "0 rupee(s)" in m["label"])
            assert await control(ws, type="person_move", **buy) == {"type": "ack", "control": "person_move"}
            state = await next_state(
                ws, lambda s: all(m["id"] != buy["id"] or m["label"] != buy["label"] for m in s["person"]["moves"])
            )
            end = next(m for m in state["person"]["moves"] if m["group"] == "End")
            assert await control(ws, type="person_move", **end) == {"type": "ack", "control": "person_move"}
            state = await next_state(ws, lambda s: not s["person"]["moves"])  # Wakhan's turn again
        view = read_table(await board.live.connector.snapshot())
        assert person._places(view.state) == person._places(board.session.last_after)
        chat = [t for t, _ in board.live.emulator.require_world().chat]
        assert f"You: {buy['label']}" in chat and f"You: {end['label']}" in chat
        assert board.session.last_after.current == 0  # Wakhan (seat 0) is to play
    finally:
        await close_board(board)


async def test_before_wakhans_first_turn_a_person_chooses_their_loyalty_from_the_page():
    """Issue 41 item 14: the people choose their loyalty at set-up (spec A3.5 "Humans choose loyalty clockwise from
    a random human"; rules L13 "Place Wakhan's pieces to the right of the player who choses their loyalty last.
    Wakhan will take the first turn of the game."), so before her first turn the page lists the other two
    coalitions; a choice moves the person's token to its space, which the bot then reads (her pragmatic loyalty is
    one no person holds, B3); Bot turn is not refused while only loyalties are listed, and after it none is."""
    from engines.paxpamir.table.read import read_table
    from tests.dashboard.conftest import close_board, open_board

    board = await open_board("paxpamir")
    try:
        async with connect(board.ws_url, origin=board.origin) as ws:
            state = await next_state(ws, lambda s: s["table"] is not None)
            was = read_table(await board.live.connector.snapshot()).state.players[1].loyalty
            moves = state["person"]["moves"]
            assert sorted(m["label"] for m in moves) == sorted(
                f"White: loyal to the {c.title()} coalition (your token to its space)"
                for c in ("afghan", "british", "russian")
                if c != was
            )
            assert {m["group"] for m in moves} == {
                f"White's loyalty, before Wakhan's first turn (now {was.title()}; Bot turn keeps it)"
            }
            assert state["bot"]["refused"] == {}  # Bot turn keeps it
            chosen = moves[-1]
            assert await control(ws, type="person_move", **chosen) == {"type": "ack", "control": "person_move"}
            state = await next_state(ws, lambda s: all(m["id"] != chosen["id"] for m in s["person"]["moves"]))
            coalition = chosen["id"].rsplit(":", 1)[1]
            table = read_table(await board.live.connector.snapshot())
            assert table.state.players[1].loyalty == coalition != was
            assert was in {m["id"].rsplit(":", 1)[1] for m in state["person"]["moves"]}  # may be chosen back
            await control(ws, type="bot_turn")
            state = await next_state(ws, lambda s: s["turns"] and s["person"]["moves"])
            assert not any(m["id"].startswith("loyalty:") for m in state["person"]["moves"])
        after = board.session.last_after
        assert after.players[1].loyalty == coalition and after.players[0].loyalty not in (None, coalition)
        assert f"You: {chosen['label']}" in [t for t, _ in board.live.emulator.require_world().chat]
    finally:
        await close_board(board)


async def test_two_people_play_pax_pamir_seat_by_seat_and_the_table_keeps_up():
    """With two people (a table built for them), the page plays whichever person's seat is to act, each action
    labelled with its colour; after every move the table reads back where the rules engine left it."""
    import random

    from bridge.dashboard import Dashboard
    from bridge.modbuild import build_save
    from bridge.session import Session
    from engines import registry
    from engines.paxpamir.table import person
    from engines.paxpamir.table.read import read_table
    from tests.conftest import start_live, stop_live

    game = registry.load("paxpamir")
    live = await start_live(build_save(game, people=2), timeout=20)
    session = Session(live.connector, game, seed=5)
    dashboard = Dashboard(session, live.link, mode="emulator")
    dashboard.start()
    rng, seats, made = random.Random(4), set(), 0
    try:
        await dashboard.refresh_table()
        groups = {m["group"] for m in dashboard.state["person"]["moves"]}  # before her first turn: each loyalty
        assert groups == {f"{who}'s loyalty, before Wakhan's first turn (now {now}; Bot turn keeps it)"
                          for who, now in (("White", "British"), ("Red", "Russian"))}  # fmt: skip
        while made < 40:
            moves = dashboard.state["person"]["moves"]
            if not moves or all(m["id"].startswith("loyalty:") for m in moves):  # Bot turn keeps the loyalties
                assert await dashboard.control({"type": "bot_turn"}) is None
                continue
            seats.add(moves[0]["label"].split(":")[0])
            ends = [m for m in moves if m["group"] == "End"]
            move = ends[0] if ends and made % 4 == 3 else rng.choice(moves)
            assert await dashboard.control({"type": "person_move", "id": move["id"], "label": move["label"]}) is None
            made += 1
            table = read_table(await live.connector.snapshot())
            assert person._places(table.state) == person._places(session.last_after), move["label"]
        assert seats == {"White", "Red"} and session.last_failure is None
    finally:
        dashboard.stop()
        await stop_live(live)


def _pax_pamir_before_a_card_action(kind: str, rank: int) -> tuple[Any, Any]:
    """A seeded game against Wakhan played on at random to the first person's turn that offers a ``kind`` card
    action of a card of ``rank`` or more: the state, and that action."""
    from engines.paxpamir import actions, rules
    from engines.paxpamir.data import game_data
    from tests.paxpamir.games import persons_moves

    for state, _ in persons_moves(40):
        uses = (a for a in rules.legal_actions(state) if isinstance(a, actions.UseCard) and a.action == kind)
        use = next((a for a in uses if game_data().court[a.card].rank >= rank), None)
        if use is not None and not state.pending:
            return state.copy(), use
    pytest.fail(f"no {kind} card action of rank {rank} or more offered in 40 seeded games")


async def test_a_card_actions_choices_are_headed_with_the_card_and_the_step_in_words():
    """Issue 41 item 13: once a person chooses a card's tax from the page, the choices listed next are headed with
    the card's name, what this step does and how many may follow (a new user read "card #0: its tax, step by
    step"); after one rupee taken, the heading counts one fewer."""
    from bridge.dashboard import Dashboard
    from bridge.modbuild import build_save
    from bridge.session import Session
    from engines import registry
    from engines.paxpamir import names
    from engines.paxpamir.data import game_data
    from engines.paxpamir.table.build import build_table
    from tests.conftest import start_live, stop_live

    state, tax = _pax_pamir_before_a_card_action("tax", rank=2)
    game = registry.load("paxpamir")
    live = await start_live(build_save(game, table=build_table(state=state)), timeout=20)
    session = Session(live.connector, game, seed=5)
    session.last_after = state  # as the bot's turn before left it
    dashboard = Dashboard(session, live.link, mode="emulator")
    dashboard.start()
    try:
        await dashboard.refresh_table()
        label = f"White: {names.card(tax.card)}: tax"
        move = next(m for m in dashboard.state["person"]["moves"] if m["label"] == label)
        assert await dashboard.control({"type": "person_move", **move}) is None
        rank = game_data().court[tax.card].rank
        headed = f"{names.card(tax.card)}'s tax: take a rupee (up to {rank} left, or stop here)"
        choices = dashboard.state["person"]["moves"]
        assert {m["group"] for m in choices} == {headed}, choices
        assert "card #" not in headed and any(m["label"] == "White: stop this card action here" for m in choices)
        take = next(m for m in choices if "take " in m["label"])
        assert await dashboard.control({"type": "person_move", **take}) is None
        assert {m["group"] for m in dashboard.state["person"]["moves"]} == {
            headed.replace(f"{rank} left", f"{rank - 1} left")
        }
    finally:
        dashboard.stop()
        await stop_live(live)


async def test_the_drawing_follows_a_piece_moved_by_hand_without_a_bot_turn(demo_board: Board):
    """A page that is open sees the table change (a person's hand in TTS) within a poll, with no control sent."""
    from engines.demo import table as layout

    async with connect(demo_board.ws_url, origin=demo_board.origin) as ws:
        state = await next_state(ws)
        assert state["table"]["drawing"]["slots"][0] is None
        world = demo_board.live.emulator.require_world()
        board = next(o for o in world.objects.values() if layout.BOARD_TAG in o.data["Tags"])
        token = next(o for o in world.objects.values() if layout.HUMAN_TAG in o.data["Tags"])
        emulator = demo_board.live.emulator
        emulator.hold(token.guid, "White")  # moved by hand: picked up, carried, dropped (TTS's onObjectDrop)
        token.set_position(board.transform.to_world(layout.BOARD.spots["slot 1"]))
        emulator.release(token.guid)
        state = await next_state(ws, lambda s: s["table"]["drawing"]["slots"][0] == "human", seconds=10)
    assert state["table"]["drawing"]["slots"][0] == "human"


async def test_a_whole_demo_game_from_the_page_bot_and_person_in_turn(demo_board: Board):
    """Every game offers the person's moves: the demo's are the empty slots, on the person's turn only."""
    dashboard = demo_board.server.dashboard
    assert dashboard.state["person"] == {"plays": True, "moves": [], "unlisted": None}  # the bot moves first
    for _ in range(7):
        if None not in dashboard.state["table"]["drawing"]["slots"]:
            break
        assert await dashboard.control({"type": "bot_turn"}) is None
        moves = dashboard.state["person"]["moves"]
        if not moves:
            break  # the bot won, or the board is full
        empty = [i for i, owner in enumerate(dashboard.state["table"]["drawing"]["slots"]) if owner is None]
        assert [m["id"] for m in moves] == [str(i) for i in empty]
        assert await dashboard.control({"type": "person_move", **moves[0]}) is None
        assert dashboard.state["person"]["moves"] == []  # now the bot's turn
    slots = dashboard.state["table"]["drawing"]["slots"]
    assert slots.count("human") >= 2 and slots.count("bot") >= slots.count("human")


async def test_a_games_own_button_from_the_page_and_a_key_it_does_not_have():
    """The game's panel buttons are the page's too; a key the game does not have is refused, and nothing moves."""
    from tests.dashboard.conftest import close_board, open_board

    board = await open_board("holas", allow_sample=True)
    try:
        async with connect(board.ws_url, origin=board.origin) as ws:
            state = await next_state(ws, lambda s: s["table"] is not None)
            assert [b["key"] for b in state["bot"]["buttons"]][:2] == ["bot_action", "follow_done"]
            refused = await control(ws, type="button", key="launch")
            assert "has no button 'launch'" in refused["error"]
            assert not board.session.turns
            assert await control(ws, type="button", key="bot_action") == {"type": "ack", "control": "button"}
            state = await next_state(ws, lambda s: s["last_turn"] is not None)
            assert "draws sample." in state["last_turn"]["decisions"][0]["reason"]
    finally:
        await close_board(board)


async def test_a_double_press_gives_one_turn_and_a_press_on_the_persons_turn_is_refused(warchest_board: Board):
    """Two presses sent at once (a double click): one bot turn, the second refused while it runs; then the person's
    turn, when Bot turn is refused with the reason and nothing moves."""
    board = warchest_board
    async with connect(board.ws_url, origin=board.origin) as ws:
        await next_state(ws)
        await ws.send(json.dumps({"type": "bot_turn"}))
        await ws.send(json.dumps({"type": "bot_turn"}))
        replies = [await control_reply(ws), await control_reply(ws)]
        assert sorted(r.get("error", "") for r in replies) == [
            "",
            "the bot is already taking a turn: one press, one turn",
        ]
        assert len(board.session.turns) == 1
        state = await next_state(ws, lambda s: s["person"]["moves"] and not s["bot"]["busy"])
        why = "it is your turn: make your move (listed under Your move) first, then the bot plays"
        assert state["bot"]["refused"] == {"": why}
        reply = await control(ws, type="bot_turn")
        assert reply["error"] == f"Bot turn refused: {why}"
        assert len(board.session.turns) == 1 and len(state["turns"]) == 1
        assert any(e["kind"] == "refused" for e in board.server.dashboard.state["log"])


async def control_reply(ws: ClientConnection) -> dict[str, Any]:
    while True:
        reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if reply["type"] == "ack":
            return reply


async def test_the_end_shows_at_once_and_new_game_deals_a_fresh_table(demo_board: Board):
    """The bot's third in a row ends the game: the state says who won at once, every press is refused naming the
    end, and New game deals a fresh table in the same process (the same token and page)."""
    dashboard = demo_board.server.dashboard
    for _ in range(7):
        if dashboard.state["end"] is not None:
            break
        assert await dashboard.control({"type": "bot_turn"}) is None
        if dashboard.state["end"] is None and dashboard.state["person"]["moves"]:
            assert await dashboard.control({"type": "person_move", **dashboard.state["person"]["moves"][-1]}) is None
    end = dashboard.state["end"]
    assert end is not None and end["winner"] in ("the bot", "you", "nobody: a draw")
    turns = len(demo_board.session.turns)
    refused = await dashboard.control({"type": "bot_turn"})
    assert refused is not None and refused.startswith("Bot turn refused: the game is over: ")
    assert len(demo_board.session.turns) == turns and len(dashboard.state["turns"]) == turns
    assert await dashboard.control({"type": "new_game"}) is None
    assert dashboard.state["end"] is None and dashboard.state["turns"] == [] and dashboard.state["last_turn"] is None
    assert dashboard.state["table"]["drawing"]["slots"] == [None] * 7
    assert dashboard.state["bot"]["refused"] == {} and demo_board.session.turns == []
    assert await dashboard.control({"type": "bot_turn"}) is None  # the new game plays
    assert dashboard.state["table"]["drawing"]["slots"].count("bot") == 1
    assert [t["number"] for t in dashboard.state["turns"]] == [1]  # its first turn, not the old game's next


async def test_check_my_turn_after_a_move_from_the_page_says_what_the_status_says(warchest_board: Board):
    """A move made from the page is checked against the bot's turn (not against itself), and the panel's status
    repeats the chat's verdict instead of "checks out" over "nothing has changed"."""
    dashboard = warchest_board.server.dashboard
    assert await dashboard.control({"type": "bot_turn"}) is None
    assert await dashboard.control({"type": "check_turn"}) is None
    assert dashboard.state["bot"]["status"] == "Nothing has changed since the bot's turn."
    draw = dashboard.state["person"]["moves"][0]
    assert await dashboard.control({"type": "person_move", **draw}) is None
    deploy = next(m for m in dashboard.state["person"]["moves"] if m["group"] == "Deploy")
    assert await dashboard.control({"type": "person_move", **deploy}) is None
    assert await dashboard.control({"type": "check_turn"}) is None
    lines = [e["text"] for e in dashboard.state["log"] if e["kind"] == "check"]
    assert lines[-1].startswith("Your turn checks out: ") and deploy["label"] in lines[-1], lines
    assert dashboard.state["bot"]["status"] == lines[-1][:200]


async def test_with_tts_the_page_leaves_the_turn_to_the_person_who_moves_by_hand(warchest_board: Board):
    """In TTS the person moves their pieces by hand and the listing cannot tell when their turn is done: Bot turn is
    refused only once the game is over (on the emulator it is refused while moves are listed, as tested above)."""
    dashboard = warchest_board.server.dashboard
    dashboard.state["connection"]["mode"] = "tts"
    assert await dashboard.control({"type": "bot_turn"}) is None
    assert dashboard.state["person"]["moves"] and dashboard.state["bot"]["refused"] == {}
    dashboard.state["connection"]["mode"] = "emulator"
    await dashboard.refresh_table()
    assert dashboard.state["bot"]["refused"][""].startswith("it is your turn")
