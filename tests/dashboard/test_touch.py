"""The touchable table behind the page (bridge/dashboard/touch.py and the server's view and image routes), over
real loopback sockets against a War Chest table built with its images: the view arrives in its own message, only
the loaded table's image files are served, and hostile hand controls are refused with a reason."""

from __future__ import annotations

import asyncio
import hashlib
import json
import urllib.error
import urllib.request
from collections.abc import AsyncIterator
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

from bridge.dashboard.touch import HandTable
from tests.dashboard.conftest import Board, close_board, open_board


@pytest.fixture
async def touch_board() -> AsyncIterator[Board]:
    board = await open_board("warchest", touch=True)
    yield board
    await close_board(board)


async def next_view(ws: ClientConnection) -> dict[str, Any]:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "view":
            view: dict[str, Any] = message["view"]
            return view


async def hand(ws: ClientConnection, action: Any) -> dict[str, Any]:
    await ws.send(json.dumps({"type": "hand", "action": action}))
    while True:
        reply = json.loads(await ws.recv())
        if reply["type"] == "ack":
            return reply


async def get(url: str) -> tuple[int, bytes, str]:
    """A GET from another thread: the server answers on this test's event loop."""
    return await asyncio.to_thread(_get, url)


def _get(url: str) -> tuple[int, bytes, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read(), response.headers["Content-Type"]
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read(), exc.headers["Content-Type"]


async def test_the_view_comes_in_its_own_message_with_the_tables_images_served(touch_board: Board):
    async with connect(touch_board.ws_url, origin=touch_board.origin) as ws:
        view = await next_view(ws)
    names = {o["name"] for o in view["objects"]}
    assert "War Chest board" in names and view["hands"][0]["own"]
    board = next(o for o in view["objects"] if o["name"] == "War Chest board")
    assert board["locked"] and board["image"]["url"].startswith("/img/") and board["image"]["url"].endswith(".png")
    base = f"http://127.0.0.1:{touch_board.server.port}"
    status, body, kind = await get(f"{base}{board['image']['url']}?token={touch_board.server.token}")
    assert status == 200 and kind == "image/png" and body.startswith(b"\x89PNG")
    assert touch_board.images is not None
    assert body == (touch_board.images / "board.png").read_bytes()
    status, _, _ = await get(f"{base}{board['image']['url']}?token=wrong")  # the run's token, as for the page
    assert status == 404


async def test_a_piece_in_the_players_hand_keeps_its_served_image_on_the_table_and_in_the_hand(touch_board: Board):
    """The view lists a piece in White's own hand twice (on the table and in ``hand``); each is served at the
    dashboard's address (an entry rewritten twice lost its image: the page drew a blank square)."""
    emulator = touch_board.live.emulator
    bag = next(o for o in emulator.player_view("White")["objects"] if o["kind"] == "container" and o["count"])
    emulator.player_action("White", {"do": "draw", "guid": bag["guid"], "count": 2})
    await emulator.settle()
    async with connect(touch_board.ws_url, origin=touch_board.origin) as ws:
        view = await next_view(ws)
    assert len(view["hand"]) == 2
    on_table = {o["guid"]: o for o in view["objects"]}
    for held in view["hand"]:
        assert held["image"]["url"].startswith("/img/"), held
        assert on_table[held["guid"]]["image"] == held["image"]


async def test_no_file_the_table_does_not_reference_is_served(touch_board: Board, tmp_path):
    outside = tmp_path / "private.png"
    outside.write_bytes(b"\x89PNG not the table's")
    token = touch_board.server.token
    base = f"http://127.0.0.1:{touch_board.server.port}"
    async with connect(touch_board.ws_url, origin=touch_board.origin) as ws:
        await next_view(ws)
    named = hashlib.sha256(str(outside).encode()).hexdigest()[:20] + ".png"  # as a served name would be made
    for path in (f"/img/{named}", f"/img/..%2F..%2F{outside}", f"/img/{outside}", "/img/", "/img/board.png"):
        status, body, _ = await get(f"{base}{path}?token={token}")
        assert status == 404 and b"PNG" not in body, path
    # a table that points an image at a file that is no image: drawn as a shape, the file never served
    guid = next(o.guid for o in touch_board.live.emulator.require_world().objects.values() if o.type == "Tile")
    script = f'return getObjectFromGUID("{guid}").setCustomObject({{image = "file:///etc/passwd"}})'
    await touch_board.live.link.execute(script)
    async with connect(touch_board.ws_url, origin=touch_board.origin) as ws:
        view = await next_view(ws)
        while next(o for o in view["objects"] if o["guid"] == guid)["image"] is not None:
            view = await next_view(ws)
    named = hashlib.sha256(b"/etc/passwd").hexdigest()[:20]
    for suffix in ("", ".png"):
        status, body, _ = await get(f"{base}/img/{named}{suffix}?token={token}")
        assert status == 404 and b"root" not in body


@pytest.mark.parametrize(
    ("action", "said"),
    [
        ("move", "a hand action is a JSON object"),
        ({"do": "eat", "guid": "a00001"}, "unknown hand action 'eat'"),
        ({"do": "move", "guid": "zzzzzz", "x": 0, "z": 0}, "no object zzzzzz on the table you see"),
        ({"do": "move", "guid": "../etc", "x": 0, "z": 0}, "guid: a GUID"),
        ({"do": "move", "guid": ["a00001"], "x": 0, "z": 0}, "guid: a GUID"),
        ({"do": "move", "guid": "GUID", "x": "NaN", "z": 0}, "x: a finite number"),
        ({"do": "move", "guid": "GUID", "x": float("nan"), "z": 0}, "x: a finite number, not 'nan'"),  # JSON's NaN
        ({"do": "move", "guid": "GUID", "x": 0, "z": float("-inf")}, "z: a finite number, not '-inf'"),
        ({"do": "move", "guid": "GUID", "x": 1e308, "z": 0}, "x: 1e+308 is off the table"),
        ({"do": "move", "guid": "GUID", "x": True, "z": 0}, "x: a finite number"),
        ({"do": "move", "guid": "GUID", "x": 0}, "z: a finite number, not 'None'"),
        ({"do": "rotate", "guid": "GUID", "degrees": 1e9}, "degrees: 1e+09 is more than a whole turn"),
        ({"do": "draw", "guid": "GUID", "count": 10**9}, "count: a whole number from 1 to 50"),
        ({"do": "draw", "guid": "GUID", "count": 1.5}, "count: a whole number from 1 to 50"),
        ({"do": "move", "guid": "ff0001", "x": 0, "z": 0}, "no object ff0001 on the table you see"),
    ],
)
async def test_hostile_hand_controls_are_refused_naming_the_field(touch_board: Board, action: Any, said: str):
    async with connect(touch_board.ws_url, origin=touch_board.origin) as ws:
        view = await next_view(ws)
        coin = next(o["guid"] for o in view["objects"] if o["kind"] == "piece" and not o["locked"])
        if isinstance(action, dict) and action.get("guid") == "GUID":
            action = dict(action, guid=coin)
        reply = await hand(ws, action)
    assert reply["control"] == "hand" and said in reply["error"], reply
    world = touch_board.live.emulator.require_world()
    assert all(not o.held_by for o in world.objects.values())  # nothing picked up


async def test_hand_actions_wait_while_the_bot_plays(touch_board: Board):
    async with connect(touch_board.ws_url, origin=touch_board.origin) as ws:
        view = await next_view(ws)
        coin = next(o for o in view["objects"] if o["kind"] == "piece" and not o["locked"])
        touch_board.server.dashboard.state["bot"]["busy"] = True  # as during a bot turn pressed on the page
        reply = await hand(ws, {"do": "move", "guid": coin["guid"], "x": 0, "z": 0})
    assert "the bot is taking its turn" in reply["error"]


async def test_the_view_is_made_again_only_when_the_table_changed(touch_board: Board):
    emulator = touch_board.live.emulator
    await emulator.settle()
    table = HandTable(emulator)
    first = table.fresh_view()
    assert first is not None and first["revision"] == emulator.view_revision()
    assert table.fresh_view() is None  # nothing happened since: not even made again
    coin = next(o for o in first["objects"] if o["kind"] == "piece" and not o["locked"])
    said = emulator.player_action("White", {"do": "move", "guid": coin["guid"], "x": 6.0, "z": -13.5})
    assert coin["guid"] in said
    await emulator.settle()
    after = table.fresh_view()
    assert after is not None
    moved = next(o for o in after["objects"] if o["guid"] == coin["guid"])
    assert abs(moved["x"] - 6.0) < 0.6 and abs(moved["z"] + 13.5) < 0.6
