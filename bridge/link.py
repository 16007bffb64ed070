"""The asyncio link to TTS: listen on the editor port, send to the TTS port, correlate replies by our own ids.

A thin layer over :mod:`bridge.protocol`: every connection carries one message; nothing relies on arrival
order; every request has a deadline. A game load (message 1) resets the world: requests still in flight fail
with :class:`WorldReset`, since the Lua state that would have answered them is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import os
import re
import secrets
import socket
from collections.abc import AsyncIterator, Callable, Container, Sequence
from typing import Any

from bridge.errors import AutomaError
from bridge.protocol import (
    GLOBAL_GUID,
    CustomToTTS,
    ExecuteLua,
    FromTTS,
    GameLoaded,
    GetScripts,
    LuaError,
    ProtocolError,
    ReturnValue,
    SaveAndPlay,
    ScriptState,
    ToTTS,
    encode,
    parse_from_tts,
)
from bridge.streams import ConnectionGate

log = logging.getLogger(__name__)
LOOPBACK = "127.0.0.1"
DEFAULT_TIMEOUT = 10.0

# Executed code is wrapped so that run-time errors come back correlated, and results as JSON text: the connector's
# own JSON where the script has it (TTS's JSON.encode garbles non-ASCII text under MoonSharp, issue 32).
_EXECUTE_HEAD = "local __automa_ok, __automa_value = pcall(function()\n"
_EXECUTE_TAIL = (
    "\nend)\n"
    "local __automa_json = type(automa) == 'table' and type(automa.json) == 'function' and automa.json or JSON.encode\n"
    "if __automa_ok then return __automa_json({ok = true, value = __automa_value}) end\n"
    "return __automa_json({ok = false, error = tostring(__automa_value)})"
)
_ROW = re.compile(r"(chunk_\d+:\(?)(\d+)")


def new_request_id(in_use: Container[int]) -> int:
    """A random 31-bit id not in use: a local process that saw one id cannot guess the next, so it cannot forge
    a reply to a request it did not see."""
    while True:
        request_id = secrets.randbits(31)
        if request_id and request_id not in in_use:
            return request_id


TTS_PORT = 39999  # TTS listens here for the editor API once a game is loaded (docs/tts-interface.md)
TTS_EDITOR_PORT = 39998  # TTS sends every message here, and nowhere else

# On Linux, TTS's fixed ports (39998, 39999) lie in the range the system hands out to outgoing connections, and such
# a connection, once closed, holds its port for about a minute (TIME_WAIT), during which nothing may listen there.
LINGERING = (
    "If nothing else is running, a connection that closed moments ago may still hold the port: the system frees it "
    "within a minute."
)


class LinkError(AutomaError, RuntimeError):
    """The link cannot do what was asked; the text says why and what to try."""


class TTSUnavailable(LinkError):
    """Nobody listens on the TTS port: TTS is not running, or no game is loaded."""


class RequestTimeout(LinkError):
    """No answer before the deadline (TTS may have gone silent)."""


class WorldReset(LinkError):
    """The game was (re)loaded while a request was in flight; its answer will never come."""


class ExecuteError(LinkError):
    """Executed Lua raised an error; ``message`` is TTS's text with rows counted in the caller's code."""


EDITOR_PORT_HOLDER = "another editor (the Atom plugin, a VS Code extension, or a second bridge) is connected to TTS"
TTS_PORT_HOLDER = (
    "Tabletop Simulator itself (it listens there once a game is loaded) or another emulator (a second 'automa serve "
    "--emulator'?) is running"
)


def port_in_use(port: int, holder: str, flag: str) -> str:
    """The sentence for one port another program holds: who may hold it, and the flag that moves it."""
    return f"port {port} is already in use: {holder}. Close it, or choose another port with {flag}."


def port_taken(port: int) -> bool:
    """Whether listening on ``port`` of 127.0.0.1 is refused now, tried as asyncio's servers listen (with
    SO_REUSEADDR on POSIX); 0, any free port, is never taken."""
    if port == 0:
        return False
    with socket.socket() as probe:
        if os.name == "posix":
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((LOOPBACK, port))
            probe.listen()
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                return True
            raise
    return False


def check_ports(wanted: Sequence[tuple[int, str, str]]) -> None:
    """Before a command listens anywhere: every port of ``wanted`` (port, who may hold it, the flag that moves it)
    that is taken, each named in one error (the second of two busy ports was found only once the first was
    freed, and after the dashboard's address had been printed)."""
    busy = [port_in_use(port, holder, flag) for port, holder, flag in wanted if port_taken(port)]
    if busy:
        raise LinkError(f"{' '.join(busy)} {LINGERING}")


class Link:
    """Owns the editor port and talks to one TTS (or emulator)."""

    def __init__(
        self, *, tts_port: int = TTS_PORT, editor_port: int = TTS_EDITOR_PORT, timeout: float = DEFAULT_TIMEOUT
    ) -> None:
        self.tts_port = tts_port
        self.editor_port = editor_port
        self.timeout = timeout
        self.last_loaded: GameLoaded | None = None
        self._server: asyncio.Server | None = None
        self._pending: dict[int, tuple[str, asyncio.Future[Any]]] = {}
        self._load_waiters: list[asyncio.Future[GameLoaded]] = []
        self._subscribers: list[asyncio.Queue[FromTTS]] = []
        self._listeners: list[Callable[[FromTTS], None]] = []
        self.dropped: list[str] = []  # late or unknown replies, malformed messages: logged and kept for tests
        self.gate = ConnectionGate(self._accept_message, self.note_dropped, what="editor port", eager=False)

    # --- life cycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen before sending anything: TTS drops messages when nobody is on the editor port."""
        try:
            self._server = await asyncio.start_server(self.gate, LOOPBACK, self.editor_port)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                text = port_in_use(self.editor_port, EDITOR_PORT_HOLDER, "--editor-port")
                raise LinkError(f"{text} {LINGERING}") from None
            raise
        self.editor_port = self._server.sockets[0].getsockname()[1]

    def silence_hint(self) -> str:
        """A sentence for a timeout when this link listens where TTS never sends (empty when it listens on 39998)."""
        if self.editor_port == TTS_EDITOR_PORT:
            return ""
        return (
            f" Replies come to port {self.editor_port}, and TTS sends only to {TTS_EDITOR_PORT}: only an emulator "
            f"started with --editor-port {self.editor_port} can answer here."
        )

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            self.gate.close_all()
            # a connection accepted in the very last moment may still be reading; it ends by its own deadline
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._server.wait_closed(), 2.0)
            self._server = None
        self._fail_pending(LinkError("the link was closed"))

    async def __aenter__(self) -> Link:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # --- receiving -------------------------------------------------------------------------------

    def _accept_message(self, raw: dict[str, Any]) -> None:
        try:
            message = parse_from_tts(raw)
        except ProtocolError as exc:
            self.note_dropped(f"malformed message from TTS: {exc}")
            return
        self._dispatch(message)

    def _dispatch(self, message: FromTTS) -> None:
        if isinstance(message, ReturnValue):
            self._on_return(message)
        elif isinstance(message, GameLoaded):
            self.last_loaded = message
            self._fail_pending(WorldReset("the game was reloaded while the request was in flight"))
            for waiter in self._load_waiters:
                if not waiter.done():
                    waiter.set_result(message)
            self._load_waiters.clear()
        elif isinstance(message, LuaError):
            self._on_lua_error(message)
        for listener in list(self._listeners):
            listener(message)
        for queue in self._subscribers:
            queue.put_nowait(message)

    def _on_return(self, message: ReturnValue) -> None:
        entry = self._pending.pop(message.returnID, None) if message.returnID is not None else None
        if entry is None:
            self.note_dropped(f"reply with unknown or late returnID {message.returnID!r}", level=logging.DEBUG)
            return
        _, future = entry
        if not future.done():
            future.set_result(message.returnValue)

    def _on_lua_error(self, message: LuaError) -> None:
        """A compile error in executed code is not correlated by TTS; fail the request only if unambiguous."""
        waiting = [rid for rid, (guid, _) in self._pending.items() if guid == message.guid]
        if len(waiting) == 1:
            _, future = self._pending.pop(waiting[0])
            if not future.done():
                future.set_exception(ExecuteError(_shift_rows(message.error)))

    def note_dropped(self, why: str, *, level: int = logging.WARNING) -> None:
        """A message that was not used: kept for tests, logged (late replies only with -v: they are expected after
        a timeout and say nothing the person can act on)."""
        log.log(level, "dropped: %s", why)
        self.dropped.append(why)
        del self.dropped[:-1000]

    def _fail_pending(self, error: LinkError) -> None:
        pending, self._pending = self._pending, {}
        for _, future in pending.values():
            if not future.done():
                future.set_exception(error)

    async def events(self) -> AsyncIterator[FromTTS]:
        """Every message from TTS, as it arrives (replies included)."""
        queue: asyncio.Queue[FromTTS] = asyncio.Queue()
        self._subscribers.append(queue)
        try:
            while True:
                yield await queue.get()
        finally:
            self._subscribers.remove(queue)

    def add_listener(self, listener: Callable[[FromTTS], None]) -> Callable[[], None]:
        """Call ``listener`` synchronously for every message; returns a function that removes it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    # --- sending ---------------------------------------------------------------------------------

    async def send(self, message: ToTTS) -> None:
        """One message on one connection, strict JSON, then close."""
        data = encode(message)
        try:
            _, writer = await asyncio.open_connection(LOOPBACK, self.tts_port)
        except OSError:
            raise TTSUnavailable(
                f"nothing listens on {LOOPBACK}:{self.tts_port}: start Tabletop Simulator and load a game "
                "(TTS only listens once a save is loaded), or start the emulator."
            ) from None
        try:
            writer.write(data)
            await writer.drain()
            writer.write_eof()
        finally:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()

    async def execute(self, lua: str, *, guid: str = GLOBAL_GUID, timeout: float | None = None) -> Any:
        """Run Lua in Global (or an object's script) and return its result, decoded from JSON.

        The code is wrapped in ``pcall`` and its value JSON-encoded by TTS; rows in error messages are counted
        in ``lua`` itself. Never build ``lua`` from table data: pass data through :meth:`send_custom`.
        """
        request_id = new_request_id(self._pending)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = (guid, future)
        try:
            await self.send(ExecuteLua(guid=guid, script=_EXECUTE_HEAD + lua + _EXECUTE_TAIL, returnID=request_id))
            raw = await asyncio.wait_for(future, timeout or self.timeout)
        except TimeoutError:
            raise RequestTimeout(
                f"no reply to executed Lua within {timeout or self.timeout:g} s (returnID {request_id}); "
                f"if TTS stays silent, restart it.{self.silence_hint()}"
            ) from None
        finally:
            self._pending.pop(request_id, None)
        return _decode_execute_result(raw)

    async def send_custom(self, data: dict[str, Any]) -> None:
        """Message 2: Global ``onExternalMessage(data)``. Only a JSON object reaches Lua, so only dicts go."""
        if not isinstance(data, dict):
            raise TypeError("custom messages must be dicts (TTS ignores anything else)")
        await self.send(CustomToTTS(customMessage=data))

    async def get_scripts(self, timeout: float | None = None) -> GameLoaded:
        """Message 0, answered by message 1 with every script and UI."""
        return await self.expect_load(GetScripts(), timeout)

    async def save_and_play(self, states: Sequence[ScriptState], timeout: float | None = None) -> GameLoaded:
        """Set scripts and UI, then TTS reloads the game. Parts not given are resent as they are, because
        TTS deletes whatever a listed object's entry leaves out; an empty Global script is refused."""
        known = {s.guid: s for s in (self.last_loaded or await self.get_scripts(timeout)).scriptStates}
        complete = []
        for state in states:
            old = known.get(state.guid)
            script = state.script if state.script is not None else (old.script if old else "") or ""
            ui = state.ui if state.ui is not None else (old.ui if old else "") or ""
            if state.guid == GLOBAL_GUID and not script.strip():
                raise LinkError("refusing to send an empty Global script: TTS can lock the save so it no longer opens")
            name = state.name or (old.name if old else "") or ("Global" if state.guid == GLOBAL_GUID else "")
            complete.append(ScriptState(name=name, guid=state.guid, script=script, ui=ui))
        return await self.expect_load(SaveAndPlay(scriptStates=complete), timeout)

    async def wait_loaded(self, timeout: float | None = None) -> GameLoaded:
        """The last game load TTS announced, or the next one (TTS announces every load with message 1)."""
        if self.last_loaded is not None:
            return self.last_loaded
        waiter: asyncio.Future[GameLoaded] = asyncio.get_running_loop().create_future()
        self._load_waiters.append(waiter)
        try:
            return await asyncio.wait_for(waiter, timeout or self.timeout)
        except TimeoutError:
            raise RequestTimeout(f"TTS announced no game load: is a game loaded?{self.silence_hint()}") from None
        finally:
            if waiter in self._load_waiters:
                self._load_waiters.remove(waiter)

    async def expect_load(self, message: ToTTS, timeout: float | None = None) -> GameLoaded:
        """Send ``message`` as it is (no part filled in) and return the game load TTS announces after it."""
        waiter: asyncio.Future[GameLoaded] = asyncio.get_running_loop().create_future()
        self._load_waiters.append(waiter)
        try:
            await self.send(message)
            return await asyncio.wait_for(waiter, timeout or self.timeout)
        except TimeoutError:
            raise RequestTimeout(
                f"TTS did not answer message {message.messageID} with a game load within {timeout or self.timeout:g} s."
                f"{self.silence_hint()}"
            ) from None
        finally:
            if waiter in self._load_waiters:
                self._load_waiters.remove(waiter)


def _shift_rows(text: str, by: int = 1) -> str:
    """Rows in errors from wrapped code, counted in the caller's code (the wrapper adds one line above)."""
    return _ROW.sub(lambda m: f"{m.group(1)}{max(1, int(m.group(2)) - by)}", text, count=1)


def _decode_execute_result(raw: Any) -> Any:
    if raw is None:
        raise ExecuteError("executed Lua came back without a value (TTS dropped the return value)")
    if isinstance(raw, str):
        try:
            envelope = json.loads(raw)
        except json.JSONDecodeError:
            raise ExecuteError(f"executed Lua returned text that is not JSON: {raw[:80]!r}") from None
    else:
        envelope = raw  # TTS passed the table through (unreliable, but usable when it happens)
    if not isinstance(envelope, dict) or "ok" not in envelope:
        raise ExecuteError(f"unexpected result envelope from executed Lua: {str(envelope)[:80]}")
    if not envelope["ok"]:
        raise ExecuteError(_shift_rows(str(envelope.get("error", "unknown error"))))
    return envelope.get("value")
