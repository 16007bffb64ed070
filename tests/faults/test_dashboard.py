"""A hostile web page or local process against the dashboard (issue 11, items 10 and 11)."""

from __future__ import annotations

import asyncio
import json
import logging
import urllib.error
import urllib.request

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from tests.dashboard.conftest import Board, close_board, open_board


@pytest.fixture
async def board():
    b = await open_board("demo")
    yield b
    await close_board(b)


@pytest.mark.parametrize("token", ["%C3%A9", "%E2%82%AC" * 30, "%FF", "%00"])
async def test_a_non_ascii_or_binary_token_is_refused_like_any_wrong_token(
    board: Board, token: str, caplog: pytest.LogCaptureFixture
):
    caplog.set_level(logging.DEBUG)
    page = f"http://127.0.0.1:{board.server.port}/?token={token}"
    with pytest.raises(urllib.error.HTTPError) as denied:
        await asyncio.to_thread(urllib.request.urlopen, page)
    assert denied.value.code == 403
    denied.value.close()
    with pytest.raises(InvalidStatus) as refused:
        async with connect(f"ws://127.0.0.1:{board.server.port}/ws?token={token}", origin=board.origin):
            pass
    assert refused.value.response.status_code == 403
    assert "Traceback" not in caplog.text and "TypeError" not in caplog.text


async def test_a_deeply_nested_control_gets_an_error_reply_and_the_page_stays(board: Board):
    async with connect(board.ws_url, origin=board.origin) as ws:
        json.loads(await ws.recv())  # the state
        await ws.send("[" * 20_000)
        reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
        assert reply == {"type": "error", "error": "bad control: nested too deeply"}
        await ws.send(json.dumps({"type": "pause"}))  # the same connection still works
        while (reply := json.loads(await asyncio.wait_for(ws.recv(), 10)))["type"] != "ack":
            pass
        assert reply == {"type": "ack", "control": "pause"} and board.session.paused


async def test_a_control_that_fails_inside_is_an_error_reply_not_a_dropped_page(board: Board, monkeypatch):
    async def broken() -> None:
        raise KeyError("drawing")

    monkeypatch.setattr(board.server.dashboard, "refresh_table", broken)
    async with connect(board.ws_url, origin=board.origin) as ws:
        json.loads(await ws.recv())
        await ws.send(json.dumps({"type": "refresh"}))
        while (reply := json.loads(await asyncio.wait_for(ws.recv(), 10)))["type"] != "ack":
            pass
        assert reply == {"type": "ack", "control": "refresh", "error": "KeyError: 'drawing'"}
        assert any(e["kind"] == "error" and "refresh" in e["text"] for e in board.server.dashboard.state["log"])
