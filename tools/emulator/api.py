"""The Python side of the TTS Lua API subset that the connector and the game mods use.

Each TTS method is one function below, registered under its TTS name; the Lua prelude turns ``obj.name(...)``
into ``call(guid, name, ...)``. The list of what is emulated, and how faithfully, is in
``tools/emulator/README.md``.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from bridge.protocol.messages import GLOBAL_GUID
from bridge.table.geometry import KEPT_BELOW, Vec3, normalize_angle
from tools.emulator import events
from tools.emulator.luahost import ProxyRef
from tools.emulator.objects import EmObject
from tools.emulator.ui import UiTree
from tools.emulator.world import FPS

if TYPE_CHECKING:
    from tools.emulator.world import World

Method = Callable[..., Any]
M = TypeVar("M", bound=Method)
OBJECT_METHODS: dict[str, Method] = {}
GLOBAL_METHODS: dict[str, Method] = {}
GLOBAL_PROPERTIES: dict[str, Callable[[TtsApi], Any]] = {}
# Global functions that only read: objects' fields cached before them stay good (a listing marks what it lists).
PURE_GLOBALS = frozenset(
    {"getObjectFromGUID", "getObjects", "getAllObjects", "getObjectsWithTag", "getObjectsWithAnyTags"}
)
# Object methods that change nothing (the prelude's cached fields stay good across them).
PURE = frozenset(
    {
        "getGUID",
        "getName",
        "getDescription",
        "getGMNotes",
        "getTags",
        "getPosition",
        "getRotation",
        "getScale",
        "getLock",
        "getStateId",
        "getRotationValue",
        "getRotationValues",
        "getData",
        "getJSON",
        "getQuantity",
        "getObjects",  # a container's entries or a zone's occupants: read only
        "getBounds",
        "hasTag",
        "getButtons",
        "getInputs",
        "getLuaScript",
        "getStates",
        "isDestroyed",
        "positionToWorld",
        "positionToLocal",
    }
)
# What a script may still ask of an object it holds after the object was destroyed (TTS keeps the reference).
AFTER_DEATH = frozenset({"isDestroyed", "getGUID", "guid", "remainder", "resting"})
PLAYER_COLORS = (
    "White",
    "Brown",
    "Red",
    "Orange",
    "Yellow",
    "Green",
    "Teal",
    "Blue",
    "Purple",
    "Pink",
    "Grey",
    "Black",
)
TURN_FLAGS = (  # the save's Turns section -> the Lua Turns member (api: Turns)
    ("Enable", "enable"),
    ("Reverse", "reverse_order"),
    ("SkipEmpty", "skip_empty_hands"),
    ("DisableInteractions", "disable_interactations"),
    ("PassTurns", "pass_turns"),
)
SEAT_COLORS = PLAYER_COLORS[:10]  # the seats (api Player Color page: Grey is the spectator, Black the GM)


@functools.cache
def api_names() -> dict[str, dict[str, list[str]]]:
    """Every TTS API name by section (tts_api_names.json, a copy of shared/docs/tts-api-names.json: the official
    Atom plugin's list, names only), so a name the emulator lacks is told apart from a mod's own misspelling."""
    from importlib.resources import files

    text = files("tools.emulator").joinpath("tts_api_names.json").read_text(encoding="utf-8")
    sections: dict[str, dict[str, list[str]]] = json.loads(text)["sections"]
    return sections


@functools.cache
def _object_api_names() -> frozenset[str]:
    return frozenset(name for names in api_names()["Object"].values() for name in names)


def method(fn: M) -> M:
    """Register an object method under its TTS name (the function's name)."""
    OBJECT_METHODS[fn.__name__] = fn
    return fn


def global_method(name: str) -> Callable[[Method], Method]:
    """Register a method of the ``Global`` object, whose TTS name may clash with an object method's."""

    def register(fn: Method) -> Method:
        GLOBAL_METHODS[name] = fn
        return fn

    return register


class Tint(NamedTuple):
    """A colour going out to Lua, where it becomes a ``Color`` (api: Color)."""

    r: float
    g: float
    b: float
    a: float = 1.0


def vec(value: Any, default: Vec3 | None = None) -> Vec3:
    """A TTS vector argument: ``{x=, y=, z=}``, ``{1, 2, 3}`` or a Vector."""
    if value is None:
        if default is None:
            raise ValueError("a vector argument is missing")
        return default
    if isinstance(value, dict):
        coords = [value.get(a, value.get(str(i + 1))) for i, a in enumerate("xyz")]
        return Vec3(*(float(c or 0.0) for c in coords))
    if isinstance(value, list | tuple) and len(value) >= 3:
        return Vec3(float(value[0]), float(value[1]), float(value[2]))
    raise ValueError(f"expected a vector, got {value!r}")


class TtsApi:
    def __init__(self, world: World) -> None:
        self.world = world

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
            "decimal_comma": self.world.culture == "de-DE",  # a decimal comma: see Faults.culture
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


def _with_tags(world: World, tags: list[str]) -> list[EmObject]:
    wanted = {t.lower() for t in tags}
    return [o for o in world.objects.values() if wanted & {str(t).lower() for t in o.data.get("Tags") or []}]


def _opt_vec(value: Any) -> Vec3 | None:
    return None if value is None else vec(value)


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


def _container_entry(data: dict[str, Any], index: int) -> dict[str, Any]:
    return {
        "description": data.get("Description", ""),
        "gm_notes": data.get("GMNotes", ""),
        "guid": data.get("GUID", ""),
        "index": index,
        "lua_script": data.get("LuaScript", ""),
        "lua_script_state": data.get("LuaScriptState", ""),
        "memo": data.get("Memo") or "",
        # object.md, Containers (getObjects): the nickname, or the internal name ("Card") when it is blank
        "name": data.get("Nickname") or data.get("Name", ""),
        "nickname": data.get("Nickname", ""),
        "tags": list(data.get("Tags") or []),
    }


# --- object methods ------------------------------------------------------------------------------


@method
def getGUID(api: TtsApi, obj: EmObject) -> str:
    return obj.guid


def _text_field(tts_name: str, key: str) -> None:
    """``getX``/``setX`` for a text field of the object's data (name, description, GM notes)."""

    def getter(api: TtsApi, obj: EmObject) -> str:
        return str(obj.data.get(key, "") or "")

    def setter(api: TtsApi, obj: EmObject, text: Any) -> bool:
        obj.data[key] = str(text)
        return True

    OBJECT_METHODS["get" + tts_name] = getter
    OBJECT_METHODS["set" + tts_name] = setter


for _tts_name, _key in (("Name", "Nickname"), ("Description", "Description"), ("GMNotes", "GMNotes")):
    _text_field(_tts_name, _key)


@method
def getTags(api: TtsApi, obj: EmObject) -> list[str]:
    return list(obj.data.get("Tags") or [])


@method
def setTags(api: TtsApi, obj: EmObject, tags: Any) -> bool:
    obj.data["Tags"] = [str(t) for t in (tags or [])]
    return True


@method
def hasTag(api: TtsApi, obj: EmObject, tag: Any) -> bool:
    return str(tag).lower() in {str(t).lower() for t in obj.data.get("Tags") or []}


@method
def addTag(api: TtsApi, obj: EmObject, tag: Any) -> bool:
    if not hasTag(api, obj, tag):
        obj.data.setdefault("Tags", []).append(str(tag))
    return True


@method
def removeTag(api: TtsApi, obj: EmObject, tag: Any) -> bool:
    t = str(tag).lower()
    obj.data["Tags"] = [x for x in obj.data.get("Tags") or [] if str(x).lower() != t]
    return True


@method
def getPosition(api: TtsApi, obj: EmObject) -> Vec3:
    return obj.position


@method
def setPosition(api: TtsApi, obj: EmObject, v: Any) -> bool:
    obj.motion = None
    obj.set_position(vec(v))
    return True


@method
def setPositionSmooth(api: TtsApi, obj: EmObject, v: Any, collide: Any = False, fast: Any = False) -> bool:
    obj.start_motion(position=vec(v))
    return True


@method
def getRotation(api: TtsApi, obj: EmObject) -> Vec3:
    return obj.rotation


@method
def setRotation(api: TtsApi, obj: EmObject, v: Any) -> bool:
    obj.motion = None
    obj.set_rotation(vec(v))
    return True


@method
def setRotationSmooth(api: TtsApi, obj: EmObject, v: Any, collide: Any = False, fast: Any = False) -> bool:
    obj.start_motion(rotation=vec(v))
    return True


@method
def getScale(api: TtsApi, obj: EmObject) -> Vec3:
    return obj.transform.scale


@method
def setScale(api: TtsApi, obj: EmObject, v: Any) -> bool:
    obj.set_scale(vec(v))
    return True


@method
def flip(api: TtsApi, obj: EmObject) -> bool:
    r = obj.rotation
    obj.start_motion(rotation=Vec3(r.x, r.y, r.z + 180.0))
    return True


@method
def positionToWorld(api: TtsApi, obj: EmObject, v: Any) -> Vec3:
    return obj.transform.to_world(vec(v))


@method
def positionToLocal(api: TtsApi, obj: EmObject, v: Any) -> Vec3:
    return obj.transform.to_local(vec(v))


@method
def getBounds(api: TtsApi, obj: EmObject) -> dict[str, Any]:
    """Approximation: the object is a unit cube scaled by its scale (the emulator has no meshes)."""
    p, s = obj.position, obj.transform.scale
    return {
        "center": {"x": p.x, "y": p.y, "z": p.z},
        "size": {"x": s.x, "y": s.y, "z": s.z},
        "offset": {"x": 0, "y": 0, "z": 0},
    }


@method
def getLock(api: TtsApi, obj: EmObject) -> bool:
    return bool(obj.data.get("Locked", False))


@method
def setLock(api: TtsApi, obj: EmObject, locked: Any) -> bool:
    obj.data["Locked"] = bool(locked)
    return True


@method
def getData(api: TtsApi, obj: EmObject) -> dict[str, Any]:
    """A copy: ``out`` turns it into new Lua tables, so no Python-side deep copy is needed for Lua callers."""
    return {**obj.data, "XmlUI": obj.xml_ui}


@method
def getJSON(api: TtsApi, obj: EmObject, indented: Any = True) -> str:
    return json.dumps(getData(api, obj), indent=2 if indented else None)


@method
def getQuantity(api: TtsApi, obj: EmObject) -> int:
    return len(obj.contents()) if obj.is_container else -1


@method
def takeObject(api: TtsApi, obj: EmObject, params: Any = None) -> EmObject | None:
    """Remove one entry (by guid, 0-based index, or the top) and spawn it; a deck of two collapses."""
    p = params or {}
    if not obj.is_container:
        raise ValueError(f"takeObject: {obj.type} {obj.guid} is not a container")
    contents = obj.contents()
    if not contents:
        return None
    if p.get("guid") is not None:
        index = next((i for i, d in enumerate(contents) if d.get("GUID") == str(p["guid"])), None)
        if index is None:
            raise ValueError(f"takeObject: no object {p['guid']} in {obj.guid}")
    else:
        index = _take_index(p, len(contents))
        if not 0 <= index < len(contents):
            raise ValueError(f"takeObject: index {index} out of range in {obj.guid}")
    data = contents.pop(index)
    if obj.type == "Deck" and "DeckIDs" in obj.data:
        obj.data["DeckIDs"].pop(index)
    if obj.type == "Infinite":
        contents.insert(index, copy.deepcopy(data))
    container_pos, container_rot = obj.position, obj.rotation
    position = _opt_vec(p.get("position")) or Vec3(container_pos.x + 2.0, container_pos.y, container_pos.z)
    rotation = _opt_vec(p.get("rotation"))
    if rotation is None:
        rotation = container_rot
        if p.get("flip"):
            rotation = Vec3(rotation.x, rotation.y, rotation.z + 180.0)
    smooth = p.get("smooth", True) is not False
    spawned = api.world.spawn(data, container_pos if smooth else position, rotation, p.get("callback_function"))
    if obj.type == "Deck":
        spawned.origin = obj.guid  # reset() brings it back
    api.world.fire("onObjectLeaveContainer", api.world.lua.proxy(obj.guid), api.world.lua.proxy(spawned.guid))
    if smooth:
        spawned.start_motion(position=position)
    if obj.type in ("Deck", "Stack") and len(contents) == 1:
        _collapse_deck(api, obj)
    return spawned


def _take_index(params: dict[str, Any], count: int) -> int:
    """The 0-based ``index`` when given, else the top (index 0) or, with ``top = false``, the bottom: the last entry
    (api object.md, takeObject: ``top`` says whether it is taken from the top or the bottom)."""
    if params.get("index") is not None:
        return int(params["index"])
    return count - 1 if params.get("top", True) is False else 0


def _collapse_deck(api: TtsApi, deck: EmObject) -> None:
    """TTS destroys a deck (or a stack of chips or tiles) when its second-to-last object is taken; the last one
    takes its place."""
    last = deck.contents()[0]
    card = api.world.spawn(last, deck.position, deck.rotation)
    deck.remainder = card.guid
    api.world.destroy(deck.guid)


@method
def putObject(api: TtsApi, obj: EmObject, other: Any, index: Any = None) -> EmObject:
    item = api.world.get(str(other))
    if item is obj:
        raise ValueError("putObject: an object cannot go into itself")
    if obj.type == "Card" and item.type in ("Card", "Deck"):
        return _form_deck(api, obj, item)
    if not obj.is_container:
        raise ValueError(f"putObject: {obj.type} {obj.guid} is not a container")
    data = copy.deepcopy(getData(api, item))
    if obj.type == "Deck":
        at = 0 if item.position.y > obj.position.y + 0.5 else len(obj.contents())
        if index is not None:
            at = int(index)
        obj.contents().insert(at, data)
        if "DeckIDs" in obj.data:
            obj.data["DeckIDs"].insert(at, data.get("CardID", 0))
    else:
        obj.contents().append(data) if index is None else obj.contents().insert(int(index), data)
    api.world.destroy(item.guid)
    api.world.fire("onObjectEnterContainer", api.world.lua.proxy(obj.guid), api.world.lua.proxy(item.guid))
    return obj


def _form_deck(api: TtsApi, bottom: EmObject, top: EmObject) -> EmObject:
    cards = [copy.deepcopy(getData(api, top)), copy.deepcopy(getData(api, bottom))]
    custom: dict[str, Any] = {}
    for c in cards:
        custom.update(c.get("CustomDeck") or {})
    deck = {
        "GUID": "",
        "Name": "Deck",
        "Transform": copy.deepcopy(bottom.data.get("Transform", {})),
        "Nickname": "",
        "Description": "",
        "DeckIDs": [c.get("CardID", 0) for c in cards],
        "CustomDeck": custom,
        "ContainedObjects": cards,
    }
    api.world.destroy(top.guid)
    api.world.destroy(bottom.guid)
    return api.world.spawn(deck)


@method
def shuffle(api: TtsApi, obj: EmObject) -> bool:
    if not obj.is_container:
        raise ValueError(f"shuffle: {obj.type} {obj.guid} is not a container")
    contents = obj.contents()
    order = list(range(len(contents)))
    api.world.rng.shuffle(order)
    obj.data["ContainedObjects"] = [contents[i] for i in order]
    if "DeckIDs" in obj.data:
        ids = obj.data["DeckIDs"]
        obj.data["DeckIDs"] = [ids[i] for i in order]
    return True


@method
def randomize(api: TtsApi, obj: EmObject, color: Any = None) -> bool:
    """ "If the optional parameter color is used, this function will trigger onObjectRandomized()"."""
    done = shuffle(api, obj) if obj.is_container else roll(api, obj)
    if color is not None:
        api.world.fire("onObjectRandomize", api.world.lua.proxy(obj.guid), str(color))
        events.own(api.world, obj, "onRandomize", str(color))
    return done


@method
def roll(api: TtsApi, obj: EmObject) -> bool:
    faces = obj.rotation_faces()
    if faces:
        _, rotation = api.world.rng.choice(faces)
        obj.start_motion(rotation=rotation)
    return True


@method
def getValue(api: TtsApi, obj: EmObject) -> Any:
    if obj.type == "Hand":
        return obj.data.get("FogColor") or obj.data.get("Value")
    if obj.rotation_faces():
        return obj.rotation_value()
    return obj.data.get("Value")


@method
def setValue(api: TtsApi, obj: EmObject, value: Any) -> bool:
    faces = obj.rotation_faces()
    if faces:
        for face_value, rotation in faces:
            if face_value == value or str(face_value) == str(value):
                obj.start_motion(rotation=rotation)
                return True
        raise ValueError(f"setValue: object {obj.guid} has no face {value!r}")
    obj.data["Value"] = value
    return True


@method
def getRotationValue(api: TtsApi, obj: EmObject) -> Any:
    return obj.rotation_value()


OBJECT_METHODS["setRotationValue"] = setValue


@method
def getRotationValues(api: TtsApi, obj: EmObject) -> list[dict[str, Any]]:
    return [{"value": v, "rotation": {"x": r.x, "y": r.y, "z": r.z}} for v, r in obj.rotation_faces()]


@method
def getStateId(api: TtsApi, obj: EmObject) -> int:
    others = obj.data.get("States") or {}
    if not others:
        return -1
    numbers = {int(k) for k in others}
    return next(i for i in range(1, len(numbers) + 2) if i not in numbers)


@method
def getStates(api: TtsApi, obj: EmObject) -> list[dict[str, Any]]:
    return [
        {"name": s.get("Nickname", ""), "guid": s.get("GUID", ""), "id": int(k)}
        for k, s in sorted((obj.data.get("States") or {}).items(), key=lambda kv: int(kv[0]))
    ]


@method
def setState(api: TtsApi, obj: EmObject, state_id: Any) -> EmObject | None:
    """The other state becomes a new object in the same place; the current one is kept among the states."""
    current = getStateId(api, obj)
    others = dict(obj.data.get("States") or {})
    target = others.pop(str(int(state_id)), None)
    if target is None:
        return None
    mine = copy.deepcopy(getData(api, obj))
    mine.pop("States", None)
    others[str(current)] = mine
    target = copy.deepcopy(target)
    target["Transform"] = copy.deepcopy(obj.data.get("Transform", {}))
    target["States"] = others
    old_guid = obj.guid
    api.world.destroy(old_guid)
    new = api.world.spawn(target)
    api.world.fire("onObjectStateChange", api.world.lua.proxy(new.guid), old_guid)  # api events
    events.own(api.world, new, "onStateChange", old_guid)
    return new


@method
def destruct(api: TtsApi, obj: EmObject) -> bool:
    api.world.destroy(obj.guid)
    return True


@method
def isDestroyed(api: TtsApi, obj: EmObject) -> bool:
    return obj.destroyed


@method
def highlightOn(api: TtsApi, obj: EmObject, color: Any = None, seconds: Any = None) -> bool:
    obj.highlight = (color, None if seconds is None else float(seconds))
    return True


@method
def highlightOff(api: TtsApi, obj: EmObject, color: Any = None) -> bool:
    obj.highlight = None
    return True


@method
def getLuaScript(api: TtsApi, obj: EmObject) -> str:
    return str(obj.data.get("LuaScript", "") or "")


@method
def getVar(api: TtsApi, obj: EmObject, name: Any) -> Any:
    return api.world.lua.to_python(obj.env[str(name)]) if obj.env is not None else None


@method
def call(api: TtsApi, obj: EmObject, fn_name: Any, params: Any = None) -> Any:
    return _call_in_env(api, obj.guid, obj.env, str(fn_name), params)


def _call_in_env(api: TtsApi, guid: str, env: Any, fn_name: str, params: Any) -> Any:
    fn = env[fn_name] if env is not None else None
    if fn is None:
        raise ValueError(f"call: no function {fn_name} in the script of {guid}")
    result = api.world.lua.call(fn, api.world.lua.to_lua(params))
    return api.world.lua.to_python(result)


# --- properties ----------------------------------------------------------------------------------

PROPERTIES: dict[str, Callable[[TtsApi, EmObject], Any]] = {
    "guid": lambda api, o: o.guid,
    "type": lambda api, o: o.type,
    "tag": lambda api, o: o.type,
    "name": lambda api, o: o.data.get("Name", ""),
    "is_face_down": lambda api, o: o.face_down,
    "resting": lambda api, o: o.resting,
    "spawning": lambda api, o: o.spawning_frames > 0,
    "held_by_color": lambda api, o: o.held_by,
    "locked": lambda api, o: bool(o.data.get("Locked", False)),
    "memo": lambda api, o: o.data.get("Memo"),
    "value": lambda api, o: o.data.get("Value"),
    "remainder": lambda api, o: api.world.objects.get(o.remainder) if o.remainder else None,
    "script_state": lambda api, o: o.data.get("LuaScriptState", ""),
    "UI": lambda api, o: api._ui_table(o.guid),
}

SETTERS: dict[str, Callable[[TtsApi, EmObject, Any], None]] = {
    "locked": lambda api, o, v: o.data.__setitem__("Locked", bool(v)),
    "memo": lambda api, o, v: o.data.__setitem__("Memo", None if v is None else str(v)),
    "value": lambda api, o, v: o.data.__setitem__("Value", v),
    "script_state": lambda api, o, v: o.data.__setitem__("LuaScriptState", str(v)),
}


# --- Global --------------------------------------------------------------------------------------


@global_method("call")
def _global_call(api: TtsApi, fn_name: Any, params: Any = None) -> Any:
    return _call_in_env(api, GLOBAL_GUID, api.world.global_env, str(fn_name), params)


@global_method("getVar")
def _global_get_var(api: TtsApi, name: Any) -> Any:
    env = api.world.global_env
    return api.world.lua.to_python(env[str(name)]) if env is not None else None


@global_method("getLuaScript")
def _global_lua_script(api: TtsApi) -> str:
    return api.world.global_script


# The rest of the Object API registers itself on import (split by room: members, pieces, behaviours).
from tools.emulator import api_behaviours, api_components, api_object, api_world  # noqa: E402, F401
