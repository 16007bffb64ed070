"""One message per TCP connection, read safely: shared by the bridge's link and the emulator's server.

Both ports listen on 127.0.0.1, where any local process can connect. So every connection has a read deadline
(a peer that stays silent, or trickles bytes, is cut off), the number open at once is capped (the oldest is
closed to make room, since TTS's own connections live for microseconds), and a large message is parsed in a
thread, so the event loop keeps answering meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from bridge.protocol import Decoder, ProtocolError

log = logging.getLogger(__name__)

IDLE_TIMEOUT = 10.0  # seconds a connection may go without sending a byte
TOTAL_TIMEOUT = 60.0  # seconds one message may take to arrive in full
MAX_OPEN = 128  # connections open at once (macOS allows a process 256 files by default)
THREAD_PARSE_SIZE = 256 * 1024  # messages from this size up are parsed off the event loop


class ConnectionGate:
    """Accepts connections that each carry one message, and hands each complete message to ``deliver``.

    ``eager`` decoders act on a message as soon as its JSON is complete (as TTS does); otherwise the message is
    read to EOF (as the bridge does, since TTS closes after writing). ``problem`` hears of every message that was
    refused, with the reason.
    """

    def __init__(
        self,
        deliver: Callable[[dict[str, Any]], None],
        problem: Callable[[str], None],
        *,
        what: str,
        eager: bool,
        idle_timeout: float = IDLE_TIMEOUT,
        total_timeout: float = TOTAL_TIMEOUT,
        max_open: int = MAX_OPEN,
    ) -> None:
        self.deliver, self.problem, self.what, self.eager = deliver, problem, what, eager
        self.idle_timeout, self.total_timeout, self.max_open = idle_timeout, total_timeout, max_open
        self.open: dict[asyncio.StreamWriter, float] = {}  # writer -> when it was accepted
        self.evicted = 0
        self.tap: Callable[[bytes], None] | None = None  # sees each message's raw bytes (benchmarks)

    async def __call__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """The ``asyncio.start_server`` callback."""
        if len(self.open) >= self.max_open:
            self._evict_oldest()
        self.open[writer] = time.monotonic()
        try:
            message = await self._read(reader)
        except ProtocolError as exc:
            self.problem(f"malformed message on the {self.what}: {exc}")
            return
        except TimeoutError:
            self.problem(f"a connection to the {self.what} sent no complete message in time; closed")
            return
        except ConnectionError:
            return
        finally:
            self.open.pop(writer, None)
            writer.close()
            with contextlib.suppress(ConnectionError):
                await writer.wait_closed()
        if message is not None:
            self.deliver(message)

    async def _read(self, reader: asyncio.StreamReader) -> dict[str, Any] | None:
        decoder = Decoder(eager=self.eager)
        raw = bytearray() if self.tap is not None else None
        async with asyncio.timeout(self.total_timeout):
            while True:
                chunk = await asyncio.wait_for(reader.read(1 << 16), self.idle_timeout)
                if raw is not None:
                    raw += chunk
                if not chunk:
                    if not decoder.buffered:
                        return None  # a connection opened and closed without a message (a port probe)
                    break
                if decoder.scan(chunk):
                    break
        message = await parse(decoder)
        if raw is not None and self.tap is not None:
            self.tap(bytes(raw))
        return message

    def close_all(self) -> None:
        """Cut every connection still open (when the server stops)."""
        for writer in list(self.open):
            writer.transport.abort()
        self.open.clear()

    def _evict_oldest(self) -> None:
        writer = min(self.open, key=self.open.__getitem__)
        self.open.pop(writer)
        self.evicted += 1
        if self.evicted == 1 or self.evicted % 100 == 0:
            log.warning(
                "%d connections were open on the %s at once: closing the oldest (%d closed so far). "
                "Another program on this computer may be holding connections open.",
                self.max_open,
                self.what,
                self.evicted,
            )
        writer.transport.abort()


async def parse(decoder: Decoder) -> dict[str, Any]:
    """Parse a complete message; a large one in a thread, so the event loop is not held up."""
    if decoder.buffered >= THREAD_PARSE_SIZE:
        return await asyncio.to_thread(decoder.message)
    return decoder.message()
