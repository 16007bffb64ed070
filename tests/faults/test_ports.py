"""Hostile local processes on the editor port and the emulator's TTS port (issue 11, items 6-9).

Anything on this computer can connect to 127.0.0.1. These tests are such a process: real sockets, real bytes.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json

import pytest

from bridge.link import Link, new_request_id
from bridge.modbuild import build_save
from bridge.protocol import ProtocolError, decode
from bridge.protocol.messages import Printed
from engines import registry
from tests.conftest import Live, start_live, stop_live
from tests.faults.helpers import until


@pytest.fixture
async def live():
    lv = await start_live(build_save(registry.load("demo")), timeout=5.0)
    yield lv
    await stop_live(lv)


async def send_raw(port: int, data: bytes) -> None:
    _, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(data)
    await writer.drain()
    writer.close()
    with contextlib.suppress(ConnectionError):
        await writer.wait_closed()


async def dropped(link: Link, text: str) -> str:
    return str(await until(lambda: next((d for d in link.dropped if text in d), None), 10, text))


# --- 6: big lax JSON is refused at once; the bridge keeps answering ---------------------------------------


async def test_big_lax_json_is_refused_with_a_warning_and_the_bridge_keeps_answering(live: Live):
    lax = ("{" + ",".join(f"k{i}: {i}" for i in range(12_000)) + "}").encode()  # ~140 KB of unquoted keys
    assert len(lax) > 100_000
    flood = [asyncio.ensure_future(send_raw(live.link.editor_port, lax)) for _ in range(5)]
    assert (await live.connector.ping())["protocol"] == 1  # answered meanwhile
    await asyncio.gather(*flood)
    reason = await dropped(live.link, "lax JSON is accepted only up to")
    assert reason.startswith("malformed message on the editor port: message is not valid JSON")


def test_small_lax_json_is_still_accepted():
    assert decode(b"{ messageID: 0 }") == {"messageID": 0}


async def test_a_multi_megabyte_message_arrives_whole(live: Live):
    text = "x" * (6 * 1024 * 1024)
    await live.link.execute(f"print(string.rep('x', {len(text)}))")
    printed = await until(lambda: [m for m in live.emulator.require_world().chat if m[0] == text], 20, "the print")
    assert printed


# --- 7: silent connections are cut off, and there is a cap -------------------------------------------------


async def test_silent_connections_are_closed_and_capped_while_tts_still_gets_through(live: Live):
    gate = live.link.gate
    gate.idle_timeout = 0.5
    gate.max_open = 50
    sockets = [await asyncio.open_connection("127.0.0.1", live.link.editor_port) for _ in range(300)]
    try:
        await until(lambda: gate.open, what="the server to accept")
        assert len(gate.open) <= 50  # the oldest are closed to make room
        assert (await live.connector.ping())["protocol"] == 1  # TTS's own messages still arrive
        for reader, _ in sockets:  # every silent socket is closed by the bridge, soon
            assert await asyncio.wait_for(reader.read(), 5) == b""
        assert gate.open == {}
        assert gate.evicted >= 250
    finally:
        for _, writer in sockets:
            writer.close()


async def test_a_trickle_of_bytes_is_cut_off_at_the_total_deadline(live: Live):
    gate = live.link.gate
    gate.idle_timeout, gate.total_timeout = 0.5, 1.0
    reader, writer = await asyncio.open_connection("127.0.0.1", live.link.editor_port)
    try:
        writer.write(b'{"messageID": 2, "message": "')
        for _ in range(30):  # a byte every 0.1 s: never idle, never done
            writer.write(b"a")
            await writer.drain()
            if reader.at_eof():
                break
            await asyncio.sleep(0.1)
        assert await asyncio.wait_for(reader.read(), 5) == b""
        await dropped(live.link, "sent no complete message in time")
    finally:
        writer.close()


# --- 8: ids that cannot be guessed; only integer messageIDs ------------------------------------------------


def test_request_ids_are_random_31_bit_numbers():
    ids = [new_request_id(()) for _ in range(2000)]
    assert all(0 < i < 2**31 for i in ids)
    assert len(set(ids)) == len(ids)
    assert max(ids) > 2**30  # spread over 31 bits, not below 2**20 ...
    assert sum(b - a == 1 for a, b in itertools.pairwise(ids)) < 5  # ... and not one after another


async def test_ids_in_use_are_never_handed_out_again():
    in_use = {new_request_id(()) for _ in range(100)}
    assert all(new_request_id(in_use) not in in_use for _ in range(1000))


@pytest.mark.parametrize("message_id", ["true", "1.0", '"1"'])
async def test_a_message_id_that_is_not_an_integer_is_refused(live: Live, message_id: str):
    loaded = live.link.last_loaded
    await send_raw(live.link.editor_port, f'{{"messageID": {message_id}, "scriptStates": []}}'.encode())
    await dropped(live.link, "messageID must be an integer")
    assert live.link.last_loaded is loaded  # not taken for a game load (which would reset every request)


async def test_a_forged_reply_with_a_non_integer_id_matches_nothing(live: Live):
    ping = asyncio.ensure_future(live.connector.ping())
    await asyncio.sleep(0)
    [request_id] = list(live.connector._pending)
    forged = {"messageID": 4, "customMessage": {"automa_reply": str(request_id), "ok": True, "result": '"forged"'}}
    await send_raw(live.link.editor_port, json.dumps(forged).encode())
    assert (await ping)["protocol"] == 1  # the real answer, not the forged one


# --- 9: deeply nested JSON ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "payload",
    [b"[" * 100_000, b'{"messageID": 2, "message": ' + b"[" * 100_000, b"{a: " + b"[" * 600 + b"]" * 600 + b"}"],
    ids=["strict-100000", "strict-inside-a-message", "lax-600"],
)
async def test_deeply_nested_json_is_reported_and_dropped_on_both_ports(live: Live, payload: bytes):
    await send_raw(live.link.editor_port, payload)
    await dropped(live.link, "nested")
    await send_raw(live.emulator.ports.tts, payload)
    await until(lambda: any("nested" in r for r in live.emulator.received), 10, "the emulator's refusal")
    assert (await live.connector.ping())["protocol"] == 1  # both still work


def test_the_decoder_refuses_deep_nesting_without_recursion():
    with pytest.raises(ProtocolError, match="nested more than 256 levels"):
        decode(b"[" * 100_000 + b"]" * 100_000)
    with pytest.raises(ProtocolError, match="nested too deeply"):
        from bridge.protocol.codec import Decoder

        dec = Decoder(eager=False)  # the bridge's decoder parses at EOF, without scanning
        dec.feed(b"[" * 100_000 + b"]" * 100_000)
        dec.feed_eof()


# --- issue 31, item 9: lax JSON that JSON5 reads is not taken for deep nesting ---------------------------------


@pytest.mark.parametrize(
    "payload",
    [
        b'{"messageID": 2, "message": "x"} // comment',
        b'{"messageID": 2, "message": "x"} /* a } comment */\n',
        b'{messageID: 2, message: "x",} // comment\n// and another',
    ],
    ids=["line-comment-at-the-end", "block-comment-at-the-end", "lax-with-two-comments"],
)
async def test_lax_json_with_a_comment_after_it_arrives_on_the_editor_port(live: Live, payload: bytes):
    printed: list[Printed] = []
    remove = live.link.add_listener(lambda m: printed.append(m) if isinstance(m, Printed) else None)
    try:
        await send_raw(live.link.editor_port, payload)
        await until(lambda: printed, 10, "the printed message")
    finally:
        remove()
    assert [m.message for m in printed] == ["x"]
    assert not [d for d in live.link.dropped if "nested" in d]


async def test_lax_json_that_json5_refuses_is_named_for_what_is_wrong_not_for_depth(live: Live):
    await send_raw(live.link.editor_port, b'{messageID: 2, message: "x"} x')
    reason = await dropped(live.link, "malformed message on the editor port")
    assert reason.endswith("extra data after a complete message (one message per connection)")


async def test_deep_lax_json_after_the_fix_is_still_refused_for_its_depth(live: Live):
    await send_raw(live.link.editor_port, b"{a: " + b"[" * 300 + b"]" * 300 + b"} // deep")
    reason = await dropped(live.link, "malformed message on the editor port")
    assert reason.endswith("message nested more than 256 levels deep")
