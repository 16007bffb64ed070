"""The bridge's asyncio link over real loopback sockets, against the emulator."""

from __future__ import annotations

import asyncio

import pytest

from bridge.link import ExecuteError, Link, LinkError, RequestTimeout, TTSUnavailable, WorldReset
from bridge.protocol import GLOBAL_GUID, Printed, ScriptState
from bridge.table import SaveFile
from tests.conftest import Live, free_port, start_live, stop_live
from tools.emulator import Faults

SAVE = {
    "SaveName": "link",
    "LuaScript": "counter = 0\nfunction onLoad() print('hello from onLoad') end",
    "XmlUI": "<Text id='keep'>keep me</Text>",
    "ObjectStates": [
        {
            "GUID": "aaaaaa",
            "Name": "BlockSquare",
            "LuaScript": "function f(x) return x end",
            "XmlUI": "<Panel id='obj'/>",
        }
    ],
}


async def live(faults: Faults | None = None, timeout: float = 5.0) -> Live:
    return await start_live(SaveFile.from_dict(SAVE), faults, timeout, wait_loaded=not (faults and faults.silent))


async def test_execute_returns_the_decoded_value():
    lv = await live()
    try:
        assert await lv.link.execute("return 6 * 7") == 42
        assert await lv.link.execute("return {a = {1, 2}, b = 'x'}") == {"a": [1, 2], "b": "x"}
        assert await lv.link.execute("counter = counter + 1") is None
        assert await lv.link.execute("return f(5)", guid="aaaaaa") == 5
    finally:
        await stop_live(lv)


async def test_runtime_error_comes_back_with_rows_counted_in_the_callers_code():
    lv = await live()
    try:
        with pytest.raises(ExecuteError, match=r"chunk_\d+:\(?2\b.*arithmetic"):
            await lv.link.execute("local a = 1\nreturn nil + a")
    finally:
        await stop_live(lv)


async def test_compile_error_fails_the_only_pending_request():
    lv = await live()
    try:
        with pytest.raises(ExecuteError, match=r"chunk_\d+:\(2,"):
            await lv.link.execute("local a = 1\nlocal = 2")
    finally:
        await stop_live(lv)


async def test_concurrent_requests_with_replies_out_of_order_and_split():
    lv = await live(Faults(reorder=True, split=7))
    try:
        scripts = [f"return {i} * 10" for i in range(20)]
        results = await asyncio.gather(*(lv.link.execute(s) for s in scripts))
        assert results == [i * 10 for i in range(20)]
    finally:
        await stop_live(lv)


async def test_a_reply_without_return_value_never_shifts_other_answers():
    lv = await live(Faults(nil_return="none"))
    try:
        # Our wrapper always returns JSON, so even "nothing" is answered, and each answer finds its request.
        a, b = await asyncio.gather(lv.link.execute("local x = 1"), lv.link.execute("return 'b'"))
        assert (a, b) == (None, "b")
    finally:
        await stop_live(lv)


async def test_unknown_and_late_replies_are_dropped_and_logged():
    lv = await live(Faults(delay=0.3))
    try:
        with pytest.raises(RequestTimeout, match="no reply"):
            await lv.link.execute("return 1", timeout=0.05)
        await lv.emulator.drain()
        await asyncio.sleep(0.05)
        assert any("unknown or late returnID" in d for d in lv.link.dropped)
    finally:
        await stop_live(lv)


async def test_silent_tts_times_out_with_advice():
    lv = await live(Faults(silent=True), timeout=0.2)
    try:
        with pytest.raises(RequestTimeout, match="restart"):
            await lv.link.execute("return 1")
    finally:
        await stop_live(lv)


async def test_a_link_listening_where_nothing_sends_says_so_when_it_times_out():
    """TTS sends only to 39998: a bridge on another --editor-port hears only an emulator that sends there."""
    lv = await live()
    stray = Link(tts_port=lv.emulator.ports.tts, editor_port=free_port(), timeout=0.3)
    await stray.start()
    try:
        with pytest.raises(RequestTimeout, match=f"Replies come to port {stray.editor_port}, and TTS sends only"):
            await stray.execute("return 1")
        assert Link(editor_port=39998).silence_hint() == ""
    finally:
        await stray.close()
        await stop_live(lv)


async def test_events_stream_prints():
    lv = await live()
    try:
        events = lv.link.events()
        waiter = asyncio.ensure_future(events.__anext__())
        await asyncio.sleep(0)
        await lv.link.execute("print('ping')")
        while not isinstance(msg := await waiter, Printed):
            waiter = asyncio.ensure_future(events.__anext__())
        assert msg.message == "ping"
        await events.aclose()
    finally:
        await stop_live(lv)


async def test_reload_fails_requests_in_flight():
    lv = await live()
    try:
        lv.emulator.faults.silent = True  # this request's answer is lost...
        pending = asyncio.ensure_future(lv.link.execute("return 1"))
        await asyncio.sleep(0.05)
        lv.emulator.faults.silent = False
        await lv.link.get_scripts()  # ...and message 1 arrives: a new world
        with pytest.raises(WorldReset):
            await pending
        assert await lv.link.execute("return 2") == 2  # and the link works after it
    finally:
        await stop_live(lv)


async def test_save_and_play_resends_ui_with_script():
    lv = await live()
    try:
        loaded = await lv.link.save_and_play([ScriptState(guid=GLOBAL_GUID, script="x = 'new'\n")])
        states = {s.guid: s for s in loaded.scriptStates}
        assert states[GLOBAL_GUID].script == "x = 'new'\n"
        assert states[GLOBAL_GUID].ui == "<Text id='keep'>keep me</Text>"  # UI kept though not given
        assert await lv.link.execute("return x") == "new"
        loaded = await lv.link.save_and_play([ScriptState(guid="aaaaaa", ui="<Panel id='changed'/>")])
        obj = {s.guid: s for s in loaded.scriptStates}["aaaaaa"]
        assert obj.script == "function f(x) return x end" and obj.ui == "<Panel id='changed'/>"
    finally:
        await stop_live(lv)


async def test_save_and_play_refuses_an_empty_global_script():
    lv = await live()
    try:
        with pytest.raises(LinkError, match="empty Global script"):
            await lv.link.save_and_play([ScriptState(guid=GLOBAL_GUID, script="  \n")])
        assert await lv.link.execute("return counter") == 0  # nothing was sent; the game did not reload
    finally:
        await stop_live(lv)


async def test_nobody_on_the_tts_port():
    link = Link(tts_port=free_port(), editor_port=free_port())
    await link.start()
    try:
        with pytest.raises(TTSUnavailable, match="load a game"):
            await link.execute("return 1")
    finally:
        await link.close()


async def test_editor_port_in_use_is_explained():
    first = Link(editor_port=free_port())
    await first.start()
    try:
        second = Link(editor_port=first.editor_port)
        with pytest.raises(LinkError, match="already in use"):
            await second.start()
    finally:
        await first.close()


async def test_malformed_message_from_tts_is_dropped_with_a_reason():
    link = Link(editor_port=free_port())
    await link.start()
    try:
        _, writer = await asyncio.open_connection("127.0.0.1", link.editor_port)
        writer.write(b'{"messageID": 77}')
        writer.close()
        for _ in range(100):
            if link.dropped:
                break
            await asyncio.sleep(0.01)
        assert "messageID=77" in link.dropped[0]
    finally:
        await link.close()


async def test_custom_messages_must_be_dicts():
    link = Link()
    with pytest.raises(TypeError):
        await link.send_custom(["not", "a", "dict"])  # type: ignore[arg-type]
