"""The emulated game: objects, scripts, the frame clock, Waits and events.

Time is a deterministic frame counter (60 frames per emulated second); randomness (shuffles, rolls, GUIDs) comes
from one seeded generator, so a test that replays the same messages sees the same table.
"""

from __future__ import annotations

import copy
import itertools
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridge.protocol.messages import GLOBAL_GUID, ScriptState
from bridge.table import ttsfacts
from bridge.table.geometry import Vec3
from bridge.table.savefile import SaveFile
from tools.emulator import events
from tools.emulator.luahost import LuaHost, ScriptError
from tools.emulator.moonsharp.numbers import decimal_separator
from tools.emulator.objects import FPS, SPAWN_FRAMES, EmObject, saved_transforms
from tools.emulator.ui import UiTree

log = logging.getLogger(__name__)

SCRIPTED_TOP_LEVEL = ("SnapPoints", "Decals", "VectorLines", "CustomUIAssets")
Outgoing = Callable[[dict[str, Any]], None]


@dataclass
class _Wait:
    id: int
    fn: Any
    owner: str
    due: int = 0
    interval: int = 0
    repetitions: int = 1  # <= 0: forever
    condition: Any = None
    deadline: int | None = None
    on_timeout: Any = None




class World:
    """A loaded save, live: what TTS holds between a load and the next."""

    def __init__(
        self,
        save: SaveFile,
        send: Outgoing,
        *,
        seed: int = 0,
        save_path: str = "",
        echo: list[Callable[[str, str], None]] | None = None,
        culture: str = "invariant",
        board_base: float = ttsfacts.CUSTOM_IMAGE_BASE,
        clock_pace: float = 1.0,
    ) -> None:
        self.save = save
        # the machine's .NET culture: MoonSharp writes numbers in it in `..` and '%s' (tts-interface.md §5)
        decimal_separator(culture)  # refused by name here, at once, if the emulator knows no such culture
        self.culture = culture
        self.board_base = board_base  # world units of a custom board's depth at scale 1 (ttsfacts: *chosen* 1.0)
        self.clock_pace = clock_pace  # os.clock runs this many times faster than the process's CPU time
        self.save_path = save_path
        self.send = send
        self.rng = random.Random(seed)
        self.frame = 0
        self.chat: list[tuple[str, Any]] = []  # (text, colour) as players would read it
        self.seated: list[str] = ["White"]  # *chosen*: one person at the table, at White (Player[c].seated)
        self.pointers: dict[str, Vec3] = {}  # each player's pointer on the table (getPointerPosition)
        # what copy() put on the game's clipboard (key "") and each player's (their colour): kept across reloads
        self.clipboards: dict[str, list[dict[str, Any]]] = {}
        # what players read, for the terminal's and the dashboard's echo: ("chat", line) and ("panel", status text)
        self.echo = echo if echo is not None else []
        self.objects: dict[str, EmObject] = {}
        self.graveyard: dict[str, EmObject] = {}  # destroyed objects that scripts may still hold
        self.global_script = ""
        self.global_state = ""
        self.global_ui = UiTree("")
        self.save_extras: dict[str, Any] = {}
        self.global_env: Any = None
        self._waits: dict[int, _Wait] = {}
        self.timers: dict[str, int] = {}  # Timer identifiers -> their Waits (shared by every script)
        self.saved_hands: list[EmObject] = []  # hand zones of the save's Hands.HandTransforms
        self.zone_watch = events.ZoneWatch()
        self._wait_ids = itertools.count(1)
        self._chunk_ids = itertools.count(0)
        self._chunk_owner: dict[str, str] = {}
        self.lua: LuaHost
        self.load(save)

    # --- loading ---------------------------------------------------------------------------------

    def load(self, save: SaveFile) -> None:
        """(Re)load everything: a fresh Lua state, no Waits, every script's ``onLoad`` run."""
        # here, not at the top: the package imports this module, and each part of the API loads without the others
        from tools.emulator.binding import TtsApi

        raw = save.to_dict()
        self.save = save
        self.global_script = str(raw.get("LuaScript", "") or "")
        self.global_state = str(raw.get("LuaScriptState", "") or "")
        self.global_ui = UiTree(str(raw.get("XmlUI", "") or ""))
        # the save's top-level parts a script may change (Global's snap points, decals, lines, UI assets)
        self.save_extras = {k: copy.deepcopy(raw[k]) for k in SCRIPTED_TOP_LEVEL if k in raw}
        self.objects = {}
        self.graveyard = {}
        for state in raw.get("ObjectStates", []):
            obj = EmObject.from_state(copy.deepcopy(state))
            if not obj.guid or obj.guid in self.objects:
                obj.data["GUID"] = self.new_guid()
            self.objects[obj.guid] = obj
        self._waits.clear()
        self.timers.clear()
        self.saved_hands = [
            EmObject.from_state(
                {"Name": "HandTrigger", "FogColor": h.get("Color", ""), "Transform": h.get("Transform")}
            )
            for h in (raw.get("Hands") or {}).get("HandTransforms") or []
            if isinstance(h, dict) and isinstance(h.get("Transform"), dict)
        ]
        self._chunk_ids = itertools.count(0)
        self._chunk_owner.clear()
        self.api = TtsApi(self)
        self.lua = LuaHost(self.api.host_functions(), culture=self.culture)
        if self.clock_pace != 1.0:  # Lua that takes this many times longer, as os.clock measures it
            self.lua.lua.execute("local clock, pace = os.clock, ... os.clock = function() return clock() * pace end",
                                 self.clock_pace)
        self.api.install_globals()
        self.global_env = self._run_script(GLOBAL_GUID, self.global_script)
        for obj in list(self.objects.values()):
            script = str(obj.data.get("LuaScript", "") or "")
            if script:
                obj.env = self._run_script(obj.guid, script)
        self._fire_on_load(GLOBAL_GUID, self.global_env, self.global_state)
        for obj in list(self.objects.values()):
            if obj.env is not None:
                self._fire_on_load(obj.guid, obj.env, str(obj.data.get("LuaScriptState", "") or ""))
        self.zone_watch = events.ZoneWatch()
        self.zone_watch.prime(self)

    def settle(self) -> None:
        """After a script ran or a frame passed: zones entered and left raise their events."""
        self.zone_watch.check(self)

    def _run_script(self, guid: str, source: str) -> Any:
        """Compile and run a script in a new environment; errors go out as message 3 and leave no env."""
        owner = None if guid == GLOBAL_GUID else self.lua.proxy(guid)
        env = self.lua.new_env(owner if owner is not None else self.lua.globals.Global)
        chunk = f"chunk_{next(self._chunk_ids)}"
        self._chunk_owner[chunk] = guid
        if guid != GLOBAL_GUID:
            self.objects[guid].chunk = chunk
        try:
            self.lua.run_chunk(source, chunk, env)
        except ScriptError as exc:
            self.report_error(guid, str(exc))
        return env

    def _fire_on_load(self, guid: str, env: Any, state: str) -> None:
        fn = env["onLoad"] if env is not None else None
        if fn is not None:
            self.call_lua(guid, fn, state)

    def apply_script_states(self, states: list[ScriptState]) -> None:
        """Save & Play: a listed object's absent ``script`` or ``ui`` deletes it; unlisted objects keep theirs."""
        raw = self.to_save().to_dict()
        by_guid = {s["GUID"]: s for s in raw.get("ObjectStates", [])}
        for st in states:
            if st.guid == GLOBAL_GUID:
                raw["LuaScript"] = st.script or ""
                raw["XmlUI"] = st.ui or ""
                if not (st.script or "").strip():
                    log.warning("Save & Play with an empty Global script: real TTS may lock this save")
            elif st.guid in by_guid:
                by_guid[st.guid]["LuaScript"] = st.script or ""
                by_guid[st.guid]["XmlUI"] = st.ui or ""
            else:
                log.warning("Save & Play names object %s, which is not on the table; ignored", st.guid)
        self.load(SaveFile.from_dict(raw, "Save & Play"))

    # --- saving ----------------------------------------------------------------------------------

    def to_save(self) -> SaveFile:
        """The table as TTS would save it now (``onSave`` results become the script states)."""
        raw = self.save.to_dict()
        raw["LuaScript"] = self.global_script
        raw["XmlUI"] = self.global_ui.xml
        raw["LuaScriptState"] = self._on_save(GLOBAL_GUID, self.global_env, self.global_state)
        raw.update(copy.deepcopy(self.save_extras))
        states = []
        for obj in self.objects.values():
            data = saved_transforms(obj.snapshot())
            if obj.env is not None:
                data["LuaScriptState"] = self._on_save(obj.guid, obj.env, data.get("LuaScriptState", ""))
            if obj.xml_ui or "XmlUI" in data:
                data["XmlUI"] = obj.xml_ui
            states.append(data)
        raw["ObjectStates"] = states
        return SaveFile.from_dict(raw, "emulator")

    def write_save(self, path: str | Path) -> None:
        self.to_save().dump(path)
        self.save_path = str(path)
        self.send({"messageID": 6, "savePath": self.save_path})

    def saved_state(self, obj: EmObject) -> str:
        """What the object's ``onSave`` gives now (its script state, as a save would hold it)."""
        return self._on_save(obj.guid, obj.env, obj.data.get("LuaScriptState", ""))

    def _on_save(self, guid: str, env: Any, previous: Any) -> str:
        fn = env["onSave"] if env is not None else None
        if fn is None:
            return str(previous or "")
        result = self.call_lua(guid, fn)
        return result if isinstance(result, str) else str(previous or "")

    def script_states(self) -> list[dict[str, Any]]:
        """Message 1's list: Global first, then every object with Lua or XML; never container contents."""
        out = [{"name": "Global", "guid": GLOBAL_GUID, "script": self.global_script, "ui": self.global_ui.xml}]
        for obj in self.objects.values():
            script = str(obj.data.get("LuaScript", "") or "")
            if script or obj.xml_ui:
                entry: dict[str, Any] = {
                    "name": obj.data.get("Nickname") or obj.data.get("Name", ""),
                    "guid": obj.guid,
                    "script": script,
                }
                if obj.xml_ui:
                    entry["ui"] = obj.xml_ui
                out.append(entry)
        return out

    # --- calling Lua -----------------------------------------------------------------------------

    def call_lua(self, guid: str, fn: Any, *args: Any) -> Any:
        """Call a Lua function on behalf of a script; a Lua error becomes message 3 and returns None."""
        try:
            return self.lua.call(fn, *args)
        except ScriptError as exc:
            self.report_error(self._owner_of(str(exc), guid), str(exc))
            return None

    def _owner_of(self, message: str, default: str) -> str:
        return self.chunk_owner(message.split(":", 1)[0], default)

    def chunk_owner(self, chunk: str, default: str) -> str:
        """The GUID of the script a chunk name (``chunk_3``) belongs to."""
        return self._chunk_owner.get(chunk, default)

    def report_error(self, guid: str, text: str) -> None:
        if guid == GLOBAL_GUID:
            prefix = "Error in Global Script: "
        else:
            obj = self.objects.get(guid)
            label = (obj.data.get("Nickname") or obj.data.get("Name", "")) if obj else guid
            prefix = f"Error in Script ({label} - {guid}): "
        self.say(prefix + text, "Red")
        self.send({"messageID": 3, "error": text, "guid": guid, "errorMessagePrefix": prefix})

    def env_of(self, guid: str) -> Any:
        if guid == GLOBAL_GUID:
            return self.global_env
        obj = self.objects.get(guid)
        return obj.env if obj else None

    def scripts(self) -> list[tuple[str, Any]]:
        """(GUID, environment) of every script, Global first. (Asked every frame Lua ran in, by the zone watch: the
        objects without a script are passed over before their GUID is read.)"""
        scripted = [(o.guid, o.env) for o in list(self.objects.values()) if o.env is not None]
        return ([(GLOBAL_GUID, self.global_env)] if self.global_env is not None else []) + scripted

    def fire(self, event: str, *args: Any) -> None:
        """An event goes to every script that defines a handler for it, Global first."""
        for guid, env in self.scripts():
            fn = env[event]
            if fn is not None:
                self.call_lua(guid, fn, *args)

    # --- objects ---------------------------------------------------------------------------------

    def new_guid(self) -> str:
        while True:
            guid = f"{self.rng.randrange(16**6):06x}"
            if guid not in self.objects:
                return guid

    def get(self, guid: str) -> EmObject:
        obj = self.objects.get(guid)
        if obj is None or obj.destroyed:
            raise ValueError(f"object {guid} does not exist (destroyed or never spawned)")
        return obj

    def spawn(
        self,
        state: dict[str, Any],
        position: Vec3 | None = None,
        rotation: Vec3 | None = None,
        callback: Any = None,
        owner: str = GLOBAL_GUID,
    ) -> EmObject:
        """Add an object from ObjectState data; it is ``spawning`` for a couple of frames, then ``callback``."""
        state = copy.deepcopy(state)
        guid = str(state.get("GUID", ""))
        if not guid or guid in self.objects:
            state["GUID"] = self.new_guid()
        obj = EmObject.from_state(state)
        if position is not None:
            obj.set_position(position)
        if rotation is not None:
            obj.set_rotation(rotation)
        obj.spawning_frames = SPAWN_FRAMES
        self.objects[obj.guid] = obj
        self.graveyard.pop(obj.guid, None)  # taken back out of a container: the same GUID lives again
        script = str(state.get("LuaScript", "") or "")
        if script:
            obj.env = self._run_script(obj.guid, script)
            self._fire_on_load(obj.guid, obj.env, str(state.get("LuaScriptState", "") or ""))
        self.send({"messageID": 7, "guid": obj.guid})
        self.fire("onObjectSpawn", self.lua.proxy(obj.guid))  # api events: "Called when an object is spawned"
        if callback is not None:
            self.wait_frames(callback, SPAWN_FRAMES, owner, args=(obj.guid,))
        return obj

    def destroy(self, guid: str) -> None:
        """Its ``onDestroy`` and every ``onObjectDestroy`` run first, while the object still exists (api events:
        "Called whenever an object is about to be destroyed")."""
        obj = self.objects.get(guid)
        if obj is None or obj.destroyed:
            return
        events.own(self, obj, "onDestroy")
        self.fire("onObjectDestroy", self.lua.proxy(guid))
        if self.objects.pop(guid, None) is None:
            return
        obj.destroyed = True
        obj.env = None
        self.graveyard[guid] = obj
        self.lua.forget(guid)
        for wid in [w.id for w in self._waits.values() if w.owner == guid]:
            del self._waits[wid]

    # --- the clock -------------------------------------------------------------------------------

    def wait_frames(self, fn: Any, frames: int, owner: str, *, repetitions: int = 1, args: tuple[Any, ...] = ()) -> int:
        wid = next(self._wait_ids)
        callback = fn if not args else _Bound(self, fn, args)
        frames = max(1, int(frames))
        self._waits[wid] = _Wait(
            wid, callback, owner, due=self.frame + frames, interval=frames, repetitions=repetitions
        )
        return wid

    def wait_condition(self, fn: Any, condition: Any, owner: str, timeout: float | None, on_timeout: Any) -> int:
        wid = next(self._wait_ids)
        deadline = self.frame + max(1, round(timeout * FPS)) if timeout is not None else None
        self._waits[wid] = _Wait(wid, fn, owner, condition=condition, deadline=deadline, on_timeout=on_timeout)
        return wid

    def has_wait(self, wid: int) -> bool:
        return wid in self._waits

    def stop_wait(self, wid: int) -> bool:
        """api Wait.stop: "Cancels a Wait-scheduled function", a boolean: whether one was still scheduled."""
        return self._waits.pop(int(wid), None) is not None

    def stop_all_waits(self, owner: str) -> None:
        for wid in [w.id for w in self._waits.values() if w.owner == owner]:
            del self._waits[wid]

    def next_timer(self) -> int | None:
        """The frame of the next timed Wait when nothing else goes on (nothing moves, spawns or waits on a
        condition): the clock may leap to it instead of stepping every frame. None otherwise."""
        if not self._waits or any(w.condition is not None for w in self._waits.values()):
            return None
        if any(not o.resting for o in self.objects.values()):
            return None
        return min(w.due for w in self._waits.values())

    def leap_to(self, frame: int) -> None:
        """Advance the clock to just before ``frame`` (nothing moves meanwhile: see :meth:`next_timer`)."""
        self.frame = max(self.frame, frame - 1)

    @property
    def busy(self) -> bool:
        """Whether stepping frames can change anything (something moves, spawns or waits)."""
        return bool(self._waits) or any(not o.resting for o in self.objects.values())

    def step(self) -> None:
        """One frame: motion and spawning advance, then due Waits run (in the order they were made)."""
        self.frame += 1
        for obj in list(self.objects.values()):
            obj.advance()
        for w in sorted(self._waits.values(), key=lambda w: w.id):
            if w.id not in self._waits:
                continue  # stopped by an earlier callback this frame
            if w.condition is not None:
                if self.call_lua(w.owner, w.condition):
                    self._waits.pop(w.id, None)
                    self._invoke(w.owner, w.fn)
                elif w.deadline is not None and self.frame >= w.deadline:
                    self._waits.pop(w.id, None)
                    if w.on_timeout is not None:
                        self._invoke(w.owner, w.on_timeout)
            elif self.frame >= w.due:
                if w.repetitions == 1:
                    self._waits.pop(w.id, None)
                else:
                    w.repetitions = w.repetitions - 1 if w.repetitions > 1 else w.repetitions
                    w.due = self.frame + w.interval
                self._invoke(w.owner, w.fn)
        self.settle()

    def _invoke(self, owner: str, fn: Any) -> None:
        if hasattr(fn, "run"):  # a Python-side callback (_Bound, a Timer's call)
            fn.run()
        else:
            self.call_lua(owner, fn)

    def run_until_idle(self, max_frames: int = 100_000) -> int:
        """Step until nothing moves or waits (for tests and tools); returns the frames stepped."""
        start = self.frame
        while self.busy and self.frame - start < max_frames:
            self.step()
        return self.frame - start

    def execute(self, guid: str, script: str, env: Any) -> Any:
        """Message 3: run code in a script's environment; the first returned value, as Python data."""
        chunk = f"chunk_{next(self._chunk_ids)}"
        self._chunk_owner[chunk] = guid
        result = self.lua.run_chunk(script, chunk, env)
        self.settle()
        if isinstance(result, tuple):
            result = result[0] if result else None
        return self.lua.to_python(result)

    # --- chat and messages -----------------------------------------------------------------------

    def say(self, text: str, color: Any = None) -> None:
        """A line in the game's chat, as players read it (and as the emulator's listeners hear it)."""
        self.chat.append((text, color))
        self.tell("chat", text)

    def tell(self, kind: str, text: str) -> None:
        for listener in list(self.echo):
            listener(kind, text)

    def print(self, text: str) -> None:
        self.say(text)
        self.send({"messageID": 2, "message": text})

    def external_message(self, data: Any) -> None:
        """Message 2 from the editor: Global ``onExternalMessage`` gets tables only."""
        if not isinstance(data, dict):
            return
        fn = self.global_env["onExternalMessage"] if self.global_env is not None else None
        if fn is not None:
            self.call_lua(GLOBAL_GUID, fn, self.lua.to_lua(data))


class _Bound:
    """A Lua callback with arguments made from Python values at call time (e.g. a spawned object)."""

    def __init__(self, world: World, fn: Any, guids: tuple[Any, ...]) -> None:
        self.world, self.fn, self.guids = world, fn, guids

    def run(self) -> None:
        args = [self.world.lua.proxy(g) for g in self.guids]
        self.world.call_lua(GLOBAL_GUID, self.fn, *args)
