"""The emulator's wire side: speaks the External Editor API exactly as TTS does, over loopback TCP.

TTS facts reproduced here (each is in ``../shared/docs/tts-interface.md``): it listens only once a save is
loaded; it reads one message per connection and acts as soon as the JSON is complete (no EOF needed); it
accepts lax JSON; every outgoing message goes on a new connection to the editor port, closed after writing,
and is lost if nobody listens; ``returnID`` is echoed; Save & Play reloads the whole game.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from bridge.link import LINGERING, TTS_PORT_HOLDER, LinkError, port_in_use
from bridge.protocol import (
    GLOBAL_GUID,
    CustomToTTS,
    ExecuteLua,
    GetScripts,
    ProtocolError,
    SaveAndPlay,
    encode,
    parse_to_tts,
)
from bridge.streams import ConnectionGate
from bridge.table import ttsfacts
from bridge.table.geometry import Vec3
from bridge.table.savefile import SaveFile
from tools.emulator import hands, players
from tools.emulator.luahost import ScriptError
from tools.emulator.world import World

log = logging.getLogger(__name__)
LOOPBACK = "127.0.0.1"
FRAME_TIME = 1 / 60  # TTS runs at 60 frames a second: a smooth move takes the time a person sees it take
RESYNC = 0.25  # seconds behind schedule after which frames stop catching up (a slow game drops frames)
NO_SCRIPT_ERROR = "function <executeScript>: Object reference not set to an instance of an object"


@dataclass
class Faults:
    """Switches that make the emulator misbehave the ways real TTS and real networks do, for tests."""

    delay: float = 0.0  # seconds before each outgoing message
    reorder: bool = False  # deliver each burst of queued messages in random order
    split: int = 0  # write outgoing messages in chunks of this many bytes (0: in one write)
    nil_return: Literal["absent", "none"] = "absent"  # a nil result: message 5 without returnValue, or none
    table_return: Literal["json", "absent"] = "json"  # a table result: as JSON, or without returnValue
    silent: bool = False  # TTS gone silent: reads messages, answers nothing (what it would have sent is lost)
    stall: bool = False  # TTS hitches: outgoing messages wait until this is switched off again, then all go
    drop: frozenset[int] = frozenset()  # outgoing messages with these messageIDs are lost (5: every return value)
    ascii_wire: bool = False  # outgoing text loses every non-ASCII character to '?' (a wire that is not UTF-8)
    truncate: int = 0  # outgoing messages are cut after this many bytes (0: whole; VS Code ext issue #49)
    # the machine TTS runs on, for automa doctor's checks (tests make them fail with these):
    culture: str = "invariant"  # the machine's .NET culture: "de-DE" writes 0,5 in `..` and '%s'
    board_base: float = ttsfacts.CUSTOM_IMAGE_BASE  # a custom board's depth at scale 1, in world units
    clock_pace: float = 1.0  # os.clock runs this many times faster: Lua that costs as much more (MoonSharp ~20)


@dataclass
class Ports:
    tts: int = 39999  # where the emulator listens (editor -> TTS)
    editor: int = 39998  # where the emulator sends (TTS -> editor)

    def __post_init__(self) -> None:
        if self.tts == self.editor and self.tts != 0:
            # It would send its own messages to itself: a "loaded" message read back as Save & Play, forever.
            raise ValueError(f"the TTS port and the editor port must differ (both are {self.tts})")


class Emulator:
    """A headless stand-in for Tabletop Simulator. ``await start()``, then talk to it like TTS."""

    def __init__(
        self,
        save: SaveFile | None = None,
        *,
        ports: Ports | None = None,
        seed: int = 0,
        faults: Faults | None = None,
        save_path: str = "",
        frame_time: float = FRAME_TIME,
    ) -> None:
        self.ports = ports or Ports()
        self.faults = faults or Faults()
        self.seed = seed
        self.frame_time = frame_time
        self.save_path = save_path
        self.world: World | None = None
        self._pending_save = save
        self._server: asyncio.Server | None = None
        self._outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        # TTS acts on a message as soon as its JSON is complete, without waiting for EOF
        self.gate = ConnectionGate(self._handle, self._refused, what="TTS port", eager=True)
        self._rng = random.Random(seed)
        self.received: list[str] = []  # protocol problems seen, for tests and the log
        # (kind, text) of what players read: "chat" lines and "panel" status texts, e.g. echoed in a terminal
        self.echo: list[Callable[[str, str], None]] = []
        self.sent = 0
        self.lost = 0  # messages dropped because nobody listened on the editor port
        self._pokes = 0  # messages and players' acts handled: with the frame, what view_revision() follows

    # --- life cycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        self._tasks = [asyncio.create_task(self._frames()), asyncio.create_task(self._sender())]
        if self._pending_save is not None:
            await self.load(self._pending_save, self.save_path)

    async def load(self, save: SaveFile, save_path: str = "") -> None:
        """Load a save (as the player does in TTS), then start listening if not already."""
        self.save_path = save_path
        self.world = World(
            save,
            self._queue,
            seed=self.seed,
            save_path=save_path,
            echo=self.echo,
            culture=self.faults.culture,
            board_base=self.faults.board_base,
            clock_pace=self.faults.clock_pace,
        )
        self._report_ui_errors()
        self._queue({"messageID": 1, "scriptStates": self.world.script_states(), "savePath": save_path})
        if self._server is None:
            try:
                self._server = await asyncio.start_server(self.gate, LOOPBACK, self.ports.tts)
            except OSError as exc:
                if exc.errno != errno.EADDRINUSE:
                    raise
                text = port_in_use(self.ports.tts, TTS_PORT_HOLDER, "--tts-port")
                raise LinkError(f"{text} {LINGERING}") from None
            self.ports.tts = self._server.sockets[0].getsockname()[1]
        self._woken()

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None
        self.gate.close_all()
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks = []

    async def __aenter__(self) -> Emulator:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def drain(self) -> None:
        """Wait until every queued outgoing message has been delivered or dropped."""
        await self._outbox.join()

    async def settle(self, max_frames: int = 100_000) -> None:
        """Wait until nothing on the table moves or waits."""
        w = self.require_world()
        start = w.frame
        while w.busy and w.frame - start < max_frames:
            await asyncio.sleep(0.001)

    def require_world(self) -> World:
        if self.world is None:
            raise RuntimeError("no save is loaded in the emulator")
        return self.world

    # --- incoming --------------------------------------------------------------------------------

    def _refused(self, why: str) -> None:
        self.received.append(why)
        log.warning("ignored a message from the editor: %s", why)

    def _handle(self, raw: dict[str, Any]) -> None:
        try:
            msg = parse_to_tts(raw)
        except ProtocolError as exc:
            self._refused(str(exc))
            return
        world = self.require_world()
        if isinstance(msg, GetScripts):
            self._queue({"messageID": 1, "scriptStates": world.script_states(), "savePath": self.save_path})
        elif isinstance(msg, SaveAndPlay):
            world.apply_script_states(msg.scriptStates)
            self._report_ui_errors()
            self._queue({"messageID": 1, "scriptStates": world.script_states(), "savePath": self.save_path})
        elif isinstance(msg, CustomToTTS):
            world.external_message(msg.customMessage)
        elif isinstance(msg, ExecuteLua):
            self._execute(world, msg)
        self._woken()

    def _execute(self, world: World, msg: ExecuteLua) -> None:
        env = world.env_of(msg.guid)
        if env is None:
            world.report_error(msg.guid, NO_SCRIPT_ERROR)
            return
        try:
            result = world.execute(msg.guid, msg.script, env)
        except ScriptError as exc:
            world.report_error(msg.guid, str(exc))
            return
        reply: dict[str, Any] = {"messageID": 5}
        if isinstance(result, dict | list):
            if self.faults.table_return == "json":
                reply["returnValue"] = result
        elif result is not None:
            reply["returnValue"] = result
        elif self.faults.nil_return == "none":
            return
        if msg.returnID is not None:
            reply["returnID"] = msg.returnID
        self._queue(reply)

    def _report_ui_errors(self) -> None:
        world = self.require_world()
        if world.global_ui.error:
            world.report_error(GLOBAL_GUID, world.global_ui.error)

    # --- a player's hands ------------------------------------------------------------------------

    def ui_event(self, element_id: str, *, color: str = "White", value: str = "-1", attribute: str = "onClick") -> None:
        """What a player's click on a Global UI element does: calls its handler ``fn(player, value, id)``."""
        world = self.require_world()
        element = world.global_ui.find(element_id)
        if element is None:
            raise KeyError(f"no UI element with id {element_id!r}")
        handler = element.get(attribute)
        if not handler:
            raise KeyError(f"UI element {element_id!r} has no {attribute}")
        target, _, name = handler.rpartition("/")
        guid = GLOBAL_GUID if target in ("", "Global") else target
        env = world.env_of(guid)
        fn = env[name] if env is not None else None
        if fn is None:
            world.report_error(guid, f"UI {attribute} handler '{name}' is not a function")
            return
        world.call_lua(guid, fn, world.api.player(color), value, element_id)
        self._woken()

    def chat(self, text: str, *, color: str = "White") -> None:
        """A player types a line in the chat: every ``onChat(message, sender)`` sees it first, and one that returns
        false keeps it out of the chat (api.tabletopsimulator.com/events: onChat)."""
        world = self.require_world()
        shown = True
        for guid, env in world.scripts():
            fn = env["onChat"]
            if fn is not None and world.call_lua(guid, fn, text, world.api.player(color)) is False:
                shown = False
        if shown:
            world.say(f"{color}: {text}", color)
        self._woken()

    def point_at(self, position: Vec3, *, color: str = "White") -> None:
        """Where a player's pointer is on the table: ``Player[color].getPointerPosition()`` returns it."""
        self.require_world().pointers[color] = position

    def scripting_button(self, index: int, *, color: str = "White") -> None:
        """A player presses scripting button ``index`` (1-10; the numpad by default):
        ``onScriptingButtonDown(index, player_color)`` runs in every script that has it (api events)."""
        self.require_world().fire("onScriptingButtonDown", index, color)
        self.require_world().fire("onScriptingButtonUp", index, color)  # a press: down, then up
        self._woken()

    def hold(self, guid: str, color: str = "White") -> None:
        """A player picks an object up and keeps it in hand: it is ``held_by_color`` and never comes to rest
        (``hands.pick_up``: onObjectPickUp and its own onPickUp)."""
        hands.pick_up(self.require_world(), self.require_world().get(guid), color)
        self._woken()

    def release(self, guid: str) -> None:
        """The player lets go where the object is (``hands.put_down``: onObjectDrop and its own onDrop)."""
        hands.put_down(self.require_world(), self.require_world().get(guid))
        self._woken()

    def player_action(self, color: str, action: Mapping[str, Any]) -> str:
        """What a player's hands do on the table, as the page sends it (``hands.act``: move, flip, rotate, draw,
        take, put, shuffle); returns a line saying what happened. Raises ``hands.HandError``, having changed
        nothing, when the action is malformed or the table refuses it (a locked piece, another player's hand)."""
        try:
            return hands.act(self.require_world(), color, action)
        finally:
            self._woken()

    def _woken(self) -> None:
        """Something happened: zones entered and left raise their events, and the clock runs if it must."""
        self._pokes += 1
        if self.world is not None:
            self.world.settle()
        self._wake.set()

    # --- what a player sees ------------------------------------------------------------------------

    def view_revision(self) -> str:
        """Changes whenever anything on the table may have changed (a frame passed, a message or a player's act
        was handled, a save loaded); the same value means the view is the same, so a watcher recomputes nothing."""
        world = self.world
        return "" if world is None else f"{id(world)}.{world.frame}.{self._pokes}"

    def player_view(self, color: str) -> dict[str, Any]:
        """The table as the player of ``color`` sees it from above (:func:`tools.emulator.view.table_view`), with
        the revision it was taken at."""
        from tools.emulator.view import table_view

        return {"revision": self.view_revision(), **table_view(self.require_world(), color)}

    def click_button(self, guid: str, index: int = 0, *, color: str = "White", alt: bool = False) -> None:
        """A player clicks an object's scripted button (see ``players.click_button``)."""
        players.click_button(self.require_world(), guid, index, color, alt)
        self._woken()

    def type_input(self, guid: str, index: int, text: str, *, color: str = "White", selected: bool = False) -> None:
        """A player types ``text`` into an object's scripted input (see ``players.type_input``)."""
        players.type_input(self.require_world(), guid, index, text, color, selected)
        self._woken()

    def context_menu(self, guid: str, label: str, *, color: str = "White") -> None:
        """A player picks an item a script added to an object's right-click menu."""
        players.context_menu(self.require_world(), guid, label, color)
        self._woken()

    # --- the clock -------------------------------------------------------------------------------

    async def _frames(self) -> None:
        """Step frames while anything moves or waits: on a wall-clock schedule of ``frame_time`` per frame (real
        time by default), or as fast as possible with ``frame_time`` 0."""
        loop = asyncio.get_running_loop()
        due: float | None = None
        while True:
            world = self.world
            if world is None or not world.busy:
                due = None
                self._wake.clear()
                await self._wake.wait()
                continue
            timer = world.next_timer()
            if timer is not None and timer > world.frame + 1:
                # only a mod's timers tick: they keep TTS's pace (a Wait.time(f, 1, -1) once a second, fast mode
                # too) and the clock sleeps between them instead of stepping idle frames; a command wakes it
                self._wake.clear()
                start = loop.time()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), (timer - world.frame - 1) * FRAME_TIME)
                world.leap_to(min(timer, world.frame + 1 + round((loop.time() - start) / FRAME_TIME)))
                due = None
                if world.frame + 1 < timer:
                    continue  # woken early (a command came in): frames go on from where the time has got to
            world.step()
            if not self.frame_time:
                await asyncio.sleep(0)
                continue
            now = loop.time()
            due = now + self.frame_time if due is None or now - due > RESYNC else due + self.frame_time
            await asyncio.sleep(max(0.0, due - now))

    # --- outgoing --------------------------------------------------------------------------------

    def _queue(self, message: dict[str, Any]) -> None:
        if not self.faults.silent and message.get("messageID") not in self.faults.drop:
            self._outbox.put_nowait(message)
        self._wake.set()

    async def _sender(self) -> None:
        while True:
            burst = [await self._outbox.get()]
            while self.faults.stall:
                await asyncio.sleep(0.01)
            if self.faults.reorder:
                await asyncio.sleep(0.005)  # let a burst gather
                while not self._outbox.empty():
                    burst.append(self._outbox.get_nowait())
                self._rng.shuffle(burst)
            for message in burst:
                try:
                    await self._deliver(message)
                finally:
                    self._outbox.task_done()

    async def _deliver(self, message: dict[str, Any]) -> None:
        if self.faults.delay:
            await asyncio.sleep(self.faults.delay)
        data = encode(message)
        if self.faults.ascii_wire:
            data = data.decode("utf-8").encode("ascii", "replace")
        if self.faults.truncate:
            data = data[: self.faults.truncate]
        try:
            _, writer = await asyncio.open_connection(LOOPBACK, self.ports.editor)
        except OSError:
            log.debug("editor port %s closed: message %s lost", self.ports.editor, message.get("messageID"))
            self.lost += 1
            return
        try:
            step = self.faults.split or len(data) or 1
            for i in range(0, len(data), step):
                writer.write(data[i : i + step])
                await writer.drain()
                if self.faults.split:
                    await asyncio.sleep(0.001)
            self.sent += 1
        except OSError:
            log.debug("editor went away while message %s was being written", message.get("messageID"))
        finally:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()
