"""The Python side of the TTS Lua API subset that the connector and the game mods use: the registry, and the
Object API's basic members.

Each TTS method is one function, registered under its TTS name in the tables below (:func:`method`,
:func:`global_method`, :data:`PROPERTIES`); the Lua prelude turns ``obj.name(...)`` into ``call(guid, name, ...)``.
This module imports none of the ``api_*`` parts that add to the tables, so each part reads (and loads) alone;
:mod:`tools.emulator.binding` imports them all and serves the tables to Lua. The list of what is emulated, and
how faithfully, is in ``tools/emulator/README.md``.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from bridge.protocol.messages import GLOBAL_GUID
from bridge.table.geometry import Vec3
from tools.emulator import events
from tools.emulator.objects import EmObject

if TYPE_CHECKING:
    from tools.emulator.binding import TtsApi
    from tools.emulator.world import World

Method = Callable[..., Any]
MethodT = TypeVar("MethodT", bound=Method)
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


def method(fn: MethodT) -> MethodT:
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


def _with_tags(world: World, tags: list[str]) -> list[EmObject]:
    wanted = {t.lower() for t in tags}
    return [o for o in world.objects.values() if wanted & {str(t).lower() for t in o.data.get("Tags") or []}]


def _opt_vec(value: Any) -> Vec3 | None:
    return None if value is None else vec(value)


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
    if obj.type == "Deck" and item.type in ("Card", "Deck"):
        at = 0 if item.position.y > obj.position.y + 0.5 else len(obj.contents())
        if index is not None:
            at = int(index)
        cards = _cards_of(api, item)
        obj.contents()[at:at] = cards
        if "DeckIDs" in obj.data:
            obj.data["DeckIDs"][at:at] = [c.get("CardID", 0) for c in cards]
        obj.data.setdefault("CustomDeck", {}).update(item.data.get("CustomDeck") or {})
    else:
        data = copy.deepcopy(getData(api, item))
        obj.contents().append(data) if index is None else obj.contents().insert(int(index), data)
    api.world.destroy(item.guid)
    api.world.fire("onObjectEnterContainer", api.world.lua.proxy(obj.guid), api.world.lua.proxy(item.guid))
    return obj


def _cards_of(api: TtsApi, item: EmObject) -> list[dict[str, Any]]:
    """The cards a card or a deck brings to a deck, top first: a deck's own cards, never the deck itself (TTS
    merges two decks into one)."""
    if item.type == "Deck":
        return copy.deepcopy(item.contents())
    return [copy.deepcopy(getData(api, item))]


def _form_deck(api: TtsApi, bottom: EmObject, top: EmObject) -> EmObject:
    """Two cards, or a deck put onto a card, make a new deck where the bottom card lay."""
    cards = [*_cards_of(api, top), copy.deepcopy(getData(api, bottom))]
    custom: dict[str, Any] = dict(top.data.get("CustomDeck") or {})
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
