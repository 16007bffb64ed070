"""The boundary between the emulated world and its Lua state: what the prelude calls (``call``, ``get``,
``set``...), the globals a script sees (``getObjectFromGUID``, ``UI``, ``Wait``, ``Player``...) and spawning.

It serves the tables of :mod:`tools.emulator.api`, filled by the ``api_*`` parts it imports here; no part imports
it back but for type annotations, so the Object API has no import circle.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bridge.protocol.messages import GLOBAL_GUID
from bridge.table.geometry import KEPT_BELOW, Vec3, normalize_angle
from tools.emulator import api_behaviours, api_components, api_object, api_world  # noqa: F401 (they register)
from tools.emulator.api import (
    AFTER_DEATH,
    GLOBAL_METHODS,
    GLOBAL_PROPERTIES,
    OBJECT_METHODS,
    PLAYER_COLORS,
    PROPERTIES,
    PURE,
    PURE_GLOBALS,
    SEAT_COLORS,
    SETTERS,
    TURN_FLAGS,
    Tint,
    _object_api_names,
    _opt_vec,
    _with_tags,
    getStateId,
    vec,
)
from tools.emulator.luahost import ProxyRef
from tools.emulator.objects import FPS, EmObject
from tools.emulator.ui import UiTree

if TYPE_CHECKING:
    from tools.emulator.world import World


class TtsApi:
    def __init__(self, world: World) -> None:
        self.world: World = world

    # --- the boundary ----------------------------------------------------------------------------

    def host_functions(self) -> dict[str, Any]:
        names = {name: True for name in OBJECT_METHODS} | {name: True for name in GLOBAL_METHODS}
        return {
            "call": self._call,
            "get": self._get,
            "set": self._set,
            "methods": names,
            "describe": self._describe,
            "fields": self._fields,
            "timer_create": lambda params, chunk=None: api_world.timer_create(self, params, chunk),
            "timer_destroy": lambda ident: api_world.timer_destroy(self, ident),
            "env_function": self._env_function,
            "now": lambda: self.world.frame / FPS,  # Time.time, on the emulated frame clock
            "frame": lambda: self.world.frame,
            "fire": lambda event, *args: self.world.fire(str(event), *args),
        }

    def _in(self, value: Any) -> Any:
        return self.world.lua.to_python(value)

    def out(self, value: Any) -> Any:
        lua = self.world.lua
        if isinstance(value, EmObject):
            return lua.proxy(value.guid)
        if isinstance(value, Vec3):
            return lua.vector(*value)
        if isinstance(value, Tint):
            return lua.color(*value)
        if isinstance(value, list) and value and all(type(v) is EmObject for v in value):
            return lua.proxies([v.guid for v in value])
        if isinstance(value, list) and any(isinstance(v, EmObject | Vec3 | Tint) for v in value):
            return lua.make_table(dict(enumerate((self.out(v) for v in value), start=1)))
        return lua.to_lua(value)

    def _fields(self, guid: str) -> Any:
        """A live object's plain fields, as many values (the prelude's ``mirror`` names them, in this order); nothing
        if it is gone. Many plain values cross into Lua far cheaper than one table built here."""
        obj = self.world.objects.get(guid)
        if obj is None or obj.destroyed:
            return None
        data = obj.data
        get = (data.get("Transform") or {}).get
        tags = data.get("Tags")
        rx, ry, rz = float(get("rotX", 0.0)), float(get("rotY", 0.0)), float(get("rotZ", 0.0))
        return (
            obj.guid,
            obj.type,
            data.get("Name", ""),
            str(data.get("Nickname") or ""),
            str(data.get("Description") or ""),
            str(data.get("GMNotes") or ""),
            data.get("Memo"),
            self.world.lua.table_of(list(tags)) if tags else None,
            float(get("posX", 0.0)),
            float(get("posY", 0.0)),
            float(get("posZ", 0.0)),
            rx if 0.0 <= rx < KEPT_BELOW else normalize_angle(rx),  # most angles need no work
            ry if 0.0 <= ry < KEPT_BELOW else normalize_angle(ry),
            rz if 0.0 <= rz < KEPT_BELOW else normalize_angle(rz),
            float(get("scaleX", 1.0)),
            float(get("scaleY", 1.0)),
            float(get("scaleZ", 1.0)),
            bool(data.get("Locked", False)),
            data.get("Value"),
            getStateId(self, obj) if data.get("States") else -1,
            obj.rotation_value() if data.get("RotationValues") else None,
        )

    def _call(self, guid: str, name: str, *args: Any) -> Any:
        if name in PURE:
            return self._dispatch(guid, name, args)
        # a changing call: cached fields are stale before it and after it (an event handler it runs may have read
        # objects it changes later)
        self.world.lua.changed()
        try:
            return self._dispatch(guid, name, args)
        finally:
            self.world.lua.changed()

    def _dispatch(self, guid: str, name: str, args: tuple[Any, ...]) -> Any:
        py_args = [self._in(a) for a in args]
        if guid == GLOBAL_GUID:
            fn = GLOBAL_METHODS.get(name)
            if fn is None:
                raise AttributeError(f"Global has no method {name}")
            return self.out(fn(self, *py_args))
        fn = OBJECT_METHODS.get(name)
        if fn is None:
            raise AttributeError(f"objects have no method {name}")
        if name in AFTER_DEATH and guid not in self.world.objects and guid in self.world.graveyard:
            return self.out(fn(self, self.world.graveyard[guid], *py_args))
        return self.out(fn(self, self.world.get(guid), *py_args))

    def _get(self, guid: str, key: str) -> Any:
        if guid == GLOBAL_GUID:
            if key == "UI":
                return self._ui_table(GLOBAL_GUID)
            prop = GLOBAL_PROPERTIES.get(key)
            return self.out(prop(self)) if prop else None
        getter = PROPERTIES.get(key)
        if getter is None and key in _object_api_names():
            # a TTS name the emulator lacks fails loudly at the mod's line, never a silent nil (issue 17)
            reason = api_object.NOT_EMULATED.get(key)
            raise AttributeError(
                f"obj.{key} is not emulated ({reason + '; ' if reason else ''}tools/emulator/README.md)"
            )
        if key in AFTER_DEATH and guid not in self.world.objects and guid in self.world.graveyard:
            obj = self.world.graveyard[guid]
        else:
            obj = self.world.get(guid)
        return self.out(getter(self, obj)) if getter else None

    def _set(self, guid: str, key: str, value: Any) -> None:
        self.world.lua.changed()
        setter = SETTERS.get(key)
        if setter is None:
            raise AttributeError(f"cannot set property {key} of an object")
        setter(self, self.world.get(guid), self._in(value))

    def _env_function(self, owner: Any, name: Any) -> Any:
        """The function ``name`` of a script (``startLuaCoroutine(owner, name)``), or an error naming both."""
        guid = str(self._in(owner)) if owner is not None else GLOBAL_GUID
        env = self.world.env_of(guid)
        fn = env[str(name)] if env is not None else None
        if fn is None:
            raise ValueError(f"startLuaCoroutine: no function {name} in the script of {guid}")
        return fn

    def zone_occupancy(self) -> set[tuple[str, str]]:
        """(zone GUID, object GUID) for each object in each zone, by the zone's own rules (its tags; a hand zone
        only what can be held): what :class:`tools.emulator.events.ZoneWatch` follows."""
        zones = [z for z in self.world.objects.values() if z.type in api_object.ZONE_TYPES]
        return {(z.guid, o.guid) for z in zones for o in api_object.zone_objects(self, z)}

    def _describe(self, guid: str) -> str:
        obj = self.world.objects.get(guid)
        return f"{obj.data.get('Name', 'Object')} ({guid})" if obj else f"destroyed object ({guid})"

    # --- globals ---------------------------------------------------------------------------------

    def install_globals(self) -> None:
        lua, w = self.world.lua, self.world
        g = lua.globals
        api: dict[str, Callable[..., Any]] = {
            "getObjectFromGUID": lambda guid: lua.proxy(str(guid)) if _alive(w, guid) else None,
            "getObjects": lambda: self.out([o for o in w.objects.values()]),
            "getAllObjects": lambda: self.out([o for o in w.objects.values()]),
            "getObjectsWithTag": lambda tag: self.out(_with_tags(w, [str(tag)])),
            "getObjectsWithAnyTags": lambda tags: self.out(_with_tags(w, [str(t) for t in self._in(tags)])),
            "spawnObjectData": lambda params: self.out(self._spawn_data(self._in(params))),
            "spawnObjectJSON": lambda params: self.out(self._spawn_json(self._in(params))),
            "spawnObject": lambda params: self.out(self._spawn_builtin(self._in(params))),
            # MoonSharp's print: each argument through tostring, joined by a tab (the dialect's print-multi probe)
            "print": lambda *args: w.print("\t".join(_lua_tostring(lua, a) for a in args)),
            "log": lambda *args: w.say(" ".join(_lua_tostring(lua, a) for a in args), "log"),
            "printToAll": lambda text, color=None: w.say(str(text), self._in(color)),
            "broadcastToAll": lambda text, color=None: w.say(str(text), self._in(color)),
            "printToColor": lambda text, player, color=None: w.say(str(text), self._in(color)),
            "sendExternalMessage": self._send_external,
        }
        for name, fn in api.items():
            g[name] = lua.wrap(fn, pure=name in PURE_GLOBALS)
        g.Global = lua.proxy(GLOBAL_GUID)
        g.UI = self._ui_table(GLOBAL_GUID)
        g.Wait = lua.make_table(
            {
                "frames": lambda fn, n=1: w.wait_frames(fn, int(n), GLOBAL_GUID),
                "time": lambda fn, sec, reps=1: w.wait_frames(
                    fn, max(1, round(float(sec) * 60)), GLOBAL_GUID, repetitions=int(reps)
                ),
                "condition": lambda fn, cond, timeout=None, on_timeout=None: w.wait_condition(
                    fn, cond, GLOBAL_GUID, None if timeout is None else float(timeout), on_timeout
                ),
                "stop": lambda wid: w.stop_wait(int(wid)),
                "stopAll": lambda: w.stop_all_waits(GLOBAL_GUID),
            }
        )
        g.Player = lua.make_table(
            {
                **{c: self.player(c) for c in PLAYER_COLORS},
                # api Player manager: the Player instances of the people at the table; the spectators (Grey)
                "getPlayers": lua.wrap(lambda: lua.make_table(dict(enumerate(map(self.player, w.seated), 1)))),
                "getSpectators": lua.wrap(lambda: lua.make_table({})),
                "getColors": lua.wrap(lambda: lua.make_table(dict(enumerate(SEAT_COLORS, 1)))),
                "getAvailableColors": lua.wrap(lambda: lua.make_table(dict(enumerate(SEAT_COLORS, 1)))),
            }
        )
        g.getSeatedPlayers = lua.wrap(lambda: lua.make_table(dict(enumerate(w.seated, 1))))
        saved = w.save.to_dict().get("Turns") or {}
        if isinstance(saved, dict):  # the save's Turns section; its Type counts from 0, the API's from 1 (*chosen*)
            turns = g.Turns
            for key, name in TURN_FLAGS:
                if isinstance(saved.get(key), bool):
                    turns[name] = saved[key]
            if isinstance(saved.get("Type"), int):
                turns.type = saved["Type"] + 1
            if isinstance(saved.get("TurnOrder"), list):
                turns.order = lua.make_table(dict(enumerate(map(str, saved["TurnOrder"]), 1)))
            if isinstance(saved.get("TurnColor"), str):
                turns.turn_color = saved["TurnColor"]
        api_world.install(self)

    def player(self, color: str) -> Any:
        lua = self.world.lua
        return lua.make_table(
            {
                **api_world.player_members(self, color),
                "color": color,
                "steam_name": "",
                "seated": color in self.world.seated,
                # "Position of the given Player color's pointer" (api: Player getPointerPosition): None if unset
                "getPointerPosition": lambda *a: (
                    self.out(self.world.pointers[color]) if color in self.world.pointers else None
                ),
            }
        )

    def _send_external(self, data: Any) -> None:
        value = self._in(data)
        if not isinstance(value, dict | list):
            raise ValueError("sendExternalMessage expects a table")
        self.world.send({"messageID": 4, "customMessage": _jsonable(value)})

    def _ui_table(self, guid: str) -> Any:
        lua, w = self.world.lua, self.world

        def tree() -> UiTree:
            if guid == GLOBAL_GUID:
                return w.global_ui
            obj = w.get(guid)
            cached = getattr(obj, "_ui_tree", None)
            if cached is None or cached.xml != obj.xml_ui:
                cached = UiTree(obj.xml_ui)
                obj._ui_tree = cached  # type: ignore[attr-defined]
            return cached

        def set_attribute(element_id: str, name: str, value: Any) -> bool:
            done = tree().set_attribute(element_id, name, value)
            if done and name == "text" and guid == GLOBAL_GUID:
                shown = str(value) if element_id == "automa_status" else f"{element_id}: {value}"
                w.tell("panel", shown)  # a status line players would read on the panel
            return done

        def assets_holder() -> dict[str, Any]:
            """Where a save keeps the UI's custom assets (``CustomUIAssets``: Name, URL)."""
            return w.save_extras if guid == GLOBAL_GUID else w.get(guid).data

        def set_xml(xml: str, assets: Any = None) -> bool:
            if guid == GLOBAL_GUID:
                w.global_ui.set_xml(str(xml))
            else:
                w.get(guid).xml_ui = str(xml)
            return True

        return lua.make_table(
            {
                "setXml": set_xml,
                "getXml": lambda: tree().xml,
                "setAttribute": lambda eid, name, value: set_attribute(str(eid), str(name), self._in(value)),
                "getAttribute": lambda eid, name: tree().get_attribute(str(eid), str(name)),
                "setAttributes": lambda eid, attrs: all(
                    tree().set_attribute(str(eid), str(k), v) for k, v in self._in(attrs).items()
                ),
                "setValue": lambda eid, value: tree().set_value(str(eid), self._in(value)),
                "getValue": lambda eid: tree().get_value(str(eid)),
                "show": lambda eid: tree().set_attribute(str(eid), "active", True),
                "hide": lambda eid: tree().set_attribute(str(eid), "active", False),
                "getAttributes": lambda eid: tree().attributes(str(eid)),
                "getXmlTable": lambda: lua.to_lua(tree().to_table()),
                "setXmlTable": lambda table, assets=None: set_xml(_xml_of_table(self._in(table))),
                "getCustomAssets": lambda: lua.to_lua(_assets_out(assets_holder().get("CustomUIAssets") or [])),
                "setCustomAssets": lambda assets: _assets_in(assets_holder(), self._in(assets)),
                "loading": False,  # nothing to load: images are never fetched
            }
        )

    # --- spawning --------------------------------------------------------------------------------

    def _spawn_data(self, params: dict[str, Any]) -> EmObject:
        data = params.get("data")
        if not isinstance(data, dict):
            raise ValueError("spawnObjectData needs data = an ObjectState table")
        return self.world.spawn(
            data,
            _opt_vec(params.get("position")),
            _opt_vec(params.get("rotation")),
            params.get("callback_function"),
        )

    def _spawn_json(self, params: dict[str, Any]) -> EmObject:
        try:
            data = json.loads(str(params.get("json", "")))
        except json.JSONDecodeError as exc:
            raise ValueError(f"spawnObjectJSON: {exc}") from None
        return self._spawn_data({**params, "data": data})

    def _spawn_builtin(self, params: dict[str, Any]) -> EmObject:
        kind = str(params.get("type", "BlockSquare"))
        scale = vec(params.get("scale"), Vec3(1.0, 1.0, 1.0))
        data = {
            "GUID": "",
            "Name": kind,
            "Transform": {"scaleX": scale.x, "scaleY": scale.y, "scaleZ": scale.z},
            "Nickname": "",
            "Description": "",
            "Locked": False,
        }
        return self._spawn_data({**params, "data": data})


def _xml_of_table(table: Any) -> str:
    tree = UiTree("")
    tree.set_table([dict(t) for t in (table if isinstance(table, list) else [table])])
    return tree.xml


def _assets_out(assets: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"name": a.get("Name", ""), "url": a.get("URL", "")} for a in assets]


def _assets_in(holder: dict[str, Any], assets: Any) -> bool:
    """api UI setCustomAssets: the list replaces the current one ({name=, url=} each)."""
    holder["CustomUIAssets"] = [
        {"Type": 0, "Name": str(a.get("name", "")), "URL": str(a.get("url", ""))} for a in assets or []
    ]
    return True


def _alive(world: World, guid: Any) -> bool:
    obj = world.objects.get(str(guid))
    return obj is not None and not obj.destroyed


def _lua_tostring(lua: Any, value: Any) -> str:
    if value is None:
        return "nil"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    return str(lua.globals.tostring(value))  # MoonSharp's tostring (numbers with 15 digits, moonsharp/dialect.lua)


def _jsonable(value: Any) -> Any:
    """Python data from Lua, made JSON-safe: proxies become their GUID strings."""
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items() if not callable(v)}
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    if isinstance(value, ProxyRef):
        return str(value)
    return value
