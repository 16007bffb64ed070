"""The emulator's wire protocol, checked with raw sockets and plain json, the way public clients talk to TTS:
the Atom plugin (unquoted keys, socket left open), the Node and Rust clients (one message per connection)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bridge.table import SaveFile
from tests.conftest import free_port
from tools.emulator import Emulator, Faults, Ports


class Inbox:
    """A bare editor-port listener: reads each connection to EOF and parses it with the json module."""

    def __init__(self) -> None:
        self.messages: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.connections = 0
        self.port = free_port()
        self.server: asyncio.Server | None = None

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._accept, "127.0.0.1", self.port)

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        data = await reader.read()
        writer.close()
        self.messages.put_nowait(json.loads(data))

    async def next(self, message_id: int | None = None, timeout: float = 5.0) -> dict[str, Any]:
        while True:
            msg = await asyncio.wait_for(self.messages.get(), timeout)
            if message_id is None or msg["messageID"] == message_id:
                return msg

    async def close(self) -> None:
        assert self.server is not None
        self.server.close()
        await self.server.wait_closed()


SCRIPTED = {
    "SaveName": "wire",
    "LuaScript": "function onLoad() print('loaded') end\nfunction onExternalMessage(d) print('got ' .. d.word) end",
    "XmlUI": "<Text id='t'>hi</Text>",
    "ObjectStates": [
        {
            "GUID": "aaaaaa",
            "Name": "BlockSquare",
            "Nickname": "scripted",
            "LuaScript": "function f() return 7 end",
            "XmlUI": "<Panel/>",
        },
        {"GUID": "bbbbbb", "Name": "BlockSquare", "Nickname": "plain"},
        {
            "GUID": "bag000",
            "Name": "Bag",
            "ContainedObjects": [{"GUID": "cccccc", "Name": "BlockSquare", "LuaScript": "x = 1"}],
        },
    ],
}


@pytest.fixture
async def wire() -> AsyncIterator[tuple[Emulator, Inbox]]:
    inbox = Inbox()
    await inbox.start()
    emulator = Emulator(SaveFile.from_dict(SCRIPTED), ports=Ports(free_port(), inbox.port), save_path="/saves/w.json")
    await emulator.start()
    await inbox.next(1)  # the load announcement
    yield emulator, inbox
    await emulator.stop()
    await inbox.close()


async def send_raw(port: int, data: bytes, *, close: bool = True) -> asyncio.StreamWriter:
    _, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(data)
    await writer.drain()
    if close:
        writer.close()
    return writer


async def test_unquoted_key_get_scripts_answers_with_every_script(wire):
    emulator, inbox = wire
    await send_raw(emulator.ports.tts, b"{ messageID: 0 }")
    msg = await inbox.next(1)
    assert msg["savePath"] == "/saves/w.json"
    states = {s["guid"]: s for s in msg["scriptStates"]}
    assert states["-1"]["name"] == "Global" and "onLoad" in states["-1"]["script"]
    assert states["-1"]["ui"] == "<Text id='t'>hi</Text>"
    assert states["aaaaaa"] == {
        "name": "scripted",
        "guid": "aaaaaa",
        "script": "function f() return 7 end",
        "ui": "<Panel/>",
    }
    assert set(states) == {"-1", "aaaaaa"}  # no unscripted objects, nothing from inside the bag


async def test_message_on_a_socket_the_client_keeps_open(wire):
    emulator, inbox = wire
    writer = await send_raw(
        emulator.ports.tts,
        b'{"messageID": 3, "guid": "-1", "script": "return 6 * 7", "returnID": 99}',
        close=False,
    )
    msg = await inbox.next(5)
    assert msg == {"messageID": 5, "returnValue": 42, "returnID": 99}
    writer.close()


async def test_execute_echoes_return_id_and_runs_in_the_object_script(wire):
    emulator, inbox = wire
    await send_raw(
        emulator.ports.tts,
        json.dumps({"messageID": 3, "guid": "aaaaaa", "script": "return f()", "returnID": 12}).encode(),
    )
    assert await inbox.next(5) == {"messageID": 5, "returnValue": 7, "returnID": 12}


async def test_execute_on_an_object_without_script(wire):
    emulator, inbox = wire
    await send_raw(emulator.ports.tts, b'{"messageID": 3, "guid": "bbbbbb", "script": "return 1", "returnID": 1}')
    msg = await inbox.next(3)
    assert msg["error"] == "function <executeScript>: Object reference not set to an instance of an object"
    assert msg["guid"] == "bbbbbb"


async def test_lua_error_is_message_3_with_a_chunk_position(wire):
    emulator, inbox = wire
    await send_raw(emulator.ports.tts, b'{"messageID": 3, "guid": "-1", "script": "local a = 1\\nlocal b = nil + 1"}')
    msg = await inbox.next(3)
    assert msg["error"].startswith("chunk_")
    assert ":(2," in msg["error"] and "arithmetic" in msg["error"]
    assert msg["errorMessagePrefix"] == "Error in Global Script: "


async def test_one_message_per_connection_and_print(wire):
    emulator, inbox = wire
    before = inbox.connections
    for word in ("one", "two", "three"):
        await send_raw(emulator.ports.tts, json.dumps({"messageID": 2, "customMessage": {"word": word}}).encode())
    got = {(await inbox.next(2))["message"] for _ in range(3)}
    assert got == {"got one", "got two", "got three"}
    assert inbox.connections - before == 3


async def test_non_table_custom_message_is_ignored(wire):
    emulator, inbox = wire
    await send_raw(emulator.ports.tts, b'{"messageID": 2, "customMessage": "text"}')
    await send_raw(emulator.ports.tts, b'{"messageID": 3, "script": "return \'alive\'", "returnID": 5}')
    assert (await inbox.next())["returnValue"] == "alive"  # nothing came before the reply


async def test_save_and_play_deletes_what_is_missing_and_reloads(wire):
    emulator, inbox = wire
    payload = {
        "messageID": 1,
        "scriptStates": [
            {
                "name": "Global",
                "guid": "-1",
                "script": "function onLoad() print('reloaded') end",
            },  # no ui: deleted
            {"name": "scripted", "guid": "aaaaaa", "ui": "<Panel id='kept'/>"},  # no script: deleted
        ],
    }
    await send_raw(emulator.ports.tts, json.dumps(payload).encode())
    assert (await inbox.next(2))["message"] == "reloaded"
    msg = await inbox.next(1)
    states = {s["guid"]: s for s in msg["scriptStates"]}
    assert states["-1"]["ui"] == ""
    assert states["aaaaaa"]["script"] == "" and states["aaaaaa"]["ui"] == "<Panel id='kept'/>"


async def test_nil_return_modes():
    for mode, expect_reply in (("absent", True), ("none", False)):
        inbox = Inbox()
        await inbox.start()
        emulator = Emulator(
            SaveFile.from_dict(SCRIPTED), ports=Ports(free_port(), inbox.port), faults=Faults(nil_return=mode)
        )
        await emulator.start()
        await inbox.next(1)
        await send_raw(emulator.ports.tts, b'{"messageID": 3, "script": "local x = 1", "returnID": 4}')
        await send_raw(emulator.ports.tts, b'{"messageID": 3, "script": "return 2", "returnID": 5}')
        first = await inbox.next(5)
        assert first == (
            {"messageID": 5, "returnID": 4} if expect_reply else {"messageID": 5, "returnValue": 2, "returnID": 5}
        )
        await emulator.stop()
        await inbox.close()


async def test_no_save_means_the_tts_port_refuses():
    port = free_port()
    emulator = Emulator(None, ports=Ports(port, free_port()))
    await emulator.start()
    with pytest.raises(OSError):
        await asyncio.open_connection("127.0.0.1", port)
    await emulator.load(SaveFile.from_dict(SCRIPTED))
    writer = await send_raw(port, b"{}")
    assert writer is not None
    await emulator.stop()


async def test_messages_are_dropped_while_the_editor_port_is_closed():
    port = free_port()
    emulator = Emulator(SaveFile.from_dict(SCRIPTED), ports=Ports(free_port(), port))
    await emulator.start()
    await send_raw(emulator.ports.tts, b'{"messageID": 3, "script": "return 1", "returnID": 1}')
    while emulator.lost < 3:  # onLoad's print, the load announcement and the reply
        await asyncio.sleep(0.001)
    inbox = Inbox()
    inbox.port = port
    await inbox.start()
    await send_raw(emulator.ports.tts, b'{"messageID": 3, "script": "return 2", "returnID": 2}')
    assert (await inbox.next())["returnID"] == 2  # the first reply was lost, as TTS loses it
    await emulator.stop()
    await inbox.close()


async def test_split_and_large_outgoing_messages_arrive_whole():
    big = "x" * 3_000_000
    inbox = Inbox()
    await inbox.start()
    emulator = Emulator(
        SaveFile.from_dict({**SCRIPTED, "LuaScript": f"-- {big}\n"}),
        ports=Ports(free_port(), inbox.port),
        faults=Faults(split=1 << 20),
    )
    await emulator.start()
    msg = await inbox.next(1, timeout=20)
    assert big in msg["scriptStates"][0]["script"]
    await emulator.stop()
    await inbox.close()


async def test_malformed_input_is_logged_and_the_emulator_keeps_serving(wire):
    emulator, inbox = wire
    await send_raw(emulator.ports.tts, b'{"messageID": 42}')
    await send_raw(emulator.ports.tts, b"not json at all")
    await send_raw(emulator.ports.tts, b'{"messageID": 3, "script": "return 3", "returnID": 3}')
    assert (await inbox.next(5))["returnValue"] == 3
    assert any("messageID=42" in r for r in emulator.received)


async def test_a_mods_repeating_timer_ticks_once_a_second_and_the_idle_clock_sleeps():
    """api Wait.time(f, 1, -1): "-1 is infinite repetitions", a second apart — in fast mode too, since a mod's
    clock is not the bridge's to hurry; between its ticks the emulator sleeps (a few frames stepped, not one per
    sixtieth of a second, and none spun)."""
    import asyncio
    import time

    from bridge.table import SaveFile
    from tests.conftest import free_port
    from tools.emulator.server import Emulator, Ports

    script = "ticks = 0\nfunction onLoad() Wait.time(function() ticks = ticks + 1 end, 1, -1) end"
    emulator = Emulator(SaveFile.from_dict({"SaveName": "t", "LuaScript": script, "ObjectStates": []}),
                        ports=Ports(free_port(), free_port()), frame_time=0.0)  # fmt: skip
    await emulator.start()
    try:
        world = emulator.require_world()
        steps = 0
        real_step = world.step

        def counted() -> None:
            nonlocal steps
            steps += 1
            real_step()

        world.step = counted  # type: ignore[method-assign]
        cpu = time.process_time()
        await asyncio.sleep(2.5)
        ticks = world.execute("-1", "return ticks", world.global_env)
        assert ticks == 2 and steps <= 10, (ticks, steps)
        assert time.process_time() - cpu < 0.5
    finally:
        await emulator.stop()
