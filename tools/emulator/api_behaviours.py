"""The behaviours of special objects (api: docs/behavior/*.md): a Counter's number, a 3D Text's text and font,
a digital Clock's modes on the frame clock, a Custom PDF's Book and an asset bundle's effects (issue 32); RPG
figurines and layout zones fail loudly.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tools.emulator import api_object
from tools.emulator.api import OBJECT_METHODS, PROPERTIES
from tools.emulator.objects import FPS, EmObject

if TYPE_CHECKING:
    from tools.emulator.binding import TtsApi


def _behaviour(kind: str, build: Callable[[TtsApi, EmObject], dict[str, Any]]) -> Callable[[TtsApi, EmObject], Any]:
    def get(api: TtsApi, obj: EmObject) -> Any:
        if obj.type != kind:
            return None
        return api.world.lua.make_table(build(api, obj))

    return get


def _counter(api: TtsApi, obj: EmObject) -> dict[str, Any]:
    state = obj.data.setdefault("Counter", {"value": 0})

    def put(v: Any) -> bool:
        state["value"] = int(v)
        return True

    return {
        "getValue": lambda *a: int(state.get("value", 0)),
        "setValue": put,
        "increment": lambda *a: put(int(state.get("value", 0)) + 1),
        "decrement": lambda *a: put(int(state.get("value", 0)) - 1),
        "clear": lambda *a: put(0),
    }


def _text_tool(api: TtsApi, obj: EmObject) -> dict[str, Any]:
    state = obj.data.setdefault("Text", {"Text": "", "colorstate": {"r": 1, "g": 1, "b": 1}, "fontSize": 64})

    def set_font_color(c: Any) -> bool:
        t = api_object.tint(api._in(c))
        state["colorstate"] = {"r": t.r, "g": t.g, "b": t.b}
        return True

    return {
        "getValue": lambda *a: str(state.get("Text", "")),
        "setValue": lambda text: state.__setitem__("Text", str(text)) or True,
        "getFontSize": lambda *a: int(state.get("fontSize", 64)),
        "setFontSize": lambda size: state.__setitem__("fontSize", int(size)) or True,
        "getFontColor": lambda *a: api.out(api_object.tint(state.get("colorstate"))),
        "setFontColor": set_font_color,
    }


def _clock_state(obj: EmObject) -> dict[str, Any]:
    state: dict[str, Any] = obj.data.setdefault("ClockSaveData", {"ClockMode": 0, "SecondsPassed": 0, "Paused": False})
    return state


def clock_seconds(api: TtsApi, obj: EmObject) -> int:
    """Mode 0 shows the time of day, 1 counts down, 2 counts up (ClockSaveData); seconds on the frame clock."""
    state = _clock_state(obj)
    mode, base = int(state.get("ClockMode", 0)), int(state.get("SecondsPassed", 0))
    if mode == 0:
        now = time.localtime()
        return now.tm_hour * 3600 + now.tm_min * 60 + now.tm_sec
    since = obj.runtime.get("clock_since")
    if state.get("Paused") or since is None:
        return base
    elapsed = (api.world.frame - int(since)) // FPS
    return base + elapsed if mode == 2 else max(0, base - elapsed)


def set_clock(api: TtsApi, obj: EmObject, mode: int, seconds: int) -> bool:
    _clock_state(obj).update({"ClockMode": mode, "SecondsPassed": seconds, "Paused": False})
    obj.runtime["clock_since"] = api.world.frame
    return True


def _clock(api: TtsApi, obj: EmObject) -> dict[str, Any]:
    state = _clock_state(obj)

    def pause_start(*_: Any) -> bool:
        if state.get("Paused"):
            state["Paused"] = False
            obj.runtime["clock_since"] = api.world.frame
        else:
            state.update({"SecondsPassed": clock_seconds(api, obj), "Paused": True})
        return True

    return {
        "getValue": lambda *a: clock_seconds(api, obj),
        "setValue": lambda v: set_clock(api, obj, 1, int(v)),
        "startStopwatch": lambda *a: set_clock(api, obj, 2, 0),
        "showCurrentTime": lambda *a: set_clock(api, obj, 0, 0),
        "pauseStart": pause_start,
        "paused": bool(state.get("Paused", False)),
    }


def _unemulated(name: str, applies: Callable[[EmObject], bool]) -> Callable[[TtsApi, EmObject], Any]:
    """nil on other objects, as in TTS; on the kind it belongs to, a loud error."""

    def get(api: TtsApi, obj: EmObject) -> Any:
        if applies(obj):
            raise AttributeError(
                f"obj.{name} is not emulated ({api_object.NOT_EMULATED[name]}; tools/emulator/README.md)"
            )
        return None

    return get


def _with_members(
    api: TtsApi,
    where: str,
    methods: dict[str, Any],
    members: dict[str, tuple[Callable[[], Any], Callable[[Any], None]]],
) -> Any:
    """A behaviour's table: its functions, and member variables read and written through the object's data (a
    write to anything else fails loudly, never kept in silence on a table made afresh at each read)."""
    lua = api.world.lua

    def index(_: Any, key: Any) -> Any:
        name = str(key)
        if name in BEHAVIOUR_NOT_EMULATED.get(where, {}):
            raise AttributeError(f"{where}.{name} is not emulated ({BEHAVIOUR_NOT_EMULATED[where][name]}; {HINT})")
        return api.out(members[name][0]()) if name in members else None

    def newindex(_: Any, key: Any, value: Any) -> None:
        name = str(key)
        if name not in members:
            raise AttributeError(f"{where}.{name} cannot be set (api: {where.lower()})")
        members[name][1](api._in(value))

    table = lua.make_table(methods)
    lua.globals.setmetatable(table, lua.make_table({"__index": index, "__newindex": newindex}))
    return table


HINT = "tools/emulator/README.md"
NEVER_LOADED = "the effects' names are inside the asset bundle, which is never loaded"
# Members of a behaviour the emulator cannot answer, by behaviour (the coverage table reads this too).
BEHAVIOUR_NOT_EMULATED = {"AssetBundle": dict.fromkeys(("getLoopingEffects", "getTriggerEffects"), NEVER_LOADED)}


def _pdf(obj: EmObject) -> dict[str, Any] | None:
    """A Custom PDF's saved settings (``CustomPDF``: PDFUrl, PDFPassword, PDFPage, PDFPageOffset), else None."""
    saved = obj.data.get("CustomPDF")
    if isinstance(saved, dict):
        return saved
    return obj.data.setdefault("CustomPDF", {}) if obj.data.get("Name") == "Custom_PDF" else None


def _book(api: TtsApi, obj: EmObject) -> Any:
    """api behavior/book: a Custom PDF's ``Book`` (nil on any other object). The page is kept in the save's
    ``PDFPage`` and read back as set (*unverified*: whether TTS counts it there from 0 or 1); ``page_offset`` in
    ``PDFPageOffset``. The PDF is never loaded, so its page count is unknown: only a negative page is refused."""
    pdf = _pdf(obj)
    if pdf is None:
        return None

    def offset() -> int:
        return int(pdf.get("PDFPageOffset", 0) or 0)

    def get_page(offset_numbering: Any = False) -> int:
        return int(pdf.get("PDFPage", 0) or 0) + (offset() if offset_numbering else 0)

    def set_page(page: Any, offset_numbering: Any = False) -> bool:
        number = int(page) - (offset() if offset_numbering else 0)
        if number < 0:
            return False  # "false if the page number was invalid"
        pdf["PDFPage"] = number
        return True

    def highlight(*box: Any) -> bool:  # drawn on the popout only: nothing to keep headless
        return True

    methods = {
        "getPage": get_page,
        "setPage": set_page,
        "setHighlight": highlight,
        "clearHighlight": highlight,
    }
    members = {"page_offset": (offset, lambda v: pdf.__setitem__("PDFPageOffset", int(v)))}
    return _with_members(api, "Book", methods, members)


def play_looping_effect(api: TtsApi, obj: EmObject, index: Any) -> None:
    """Kept in the save's ``LoopingEffectIndex``; ``onObjectLoopingEffect(object, index)`` fires (api events)."""
    bundle = obj.data.get("CustomAssetbundle")
    if not isinstance(bundle, dict):
        raise ValueError(f"playLoopingEffect: {obj.guid} is not an asset bundle")
    bundle["LoopingEffectIndex"] = int(index)
    api.world.fire("onObjectLoopingEffect", api.world.lua.proxy(obj.guid), int(index))


def play_trigger_effect(api: TtsApi, obj: EmObject, index: Any) -> None:
    """Nothing to see headless; ``onObjectTriggerEffect(object, index)`` fires, "whenever the trigger effect of an
    AssetBundle is activated" (api events). Which effects a bundle has is unknown (never loaded): any index from 0
    is taken (*chosen*)."""
    if not isinstance(obj.data.get("CustomAssetbundle"), dict):
        raise ValueError(f"playTriggerEffect: {obj.guid} is not an asset bundle")
    if int(index) < 0:
        raise ValueError(f"playTriggerEffect: effect indexes start at 0, not {index}")
    api.world.fire("onObjectTriggerEffect", api.world.lua.proxy(obj.guid), int(index))


def _asset_bundle(api: TtsApi, obj: EmObject) -> Any:
    """api behavior/assetbundle: an asset bundle's ``AssetBundle`` (nil on any other object)."""
    bundle = obj.data.get("CustomAssetbundle")
    if not isinstance(bundle, dict):
        return None
    methods = {
        "getLoopingEffectIndex": lambda *_: int(bundle.get("LoopingEffectIndex", 0) or 0),
        "playLoopingEffect": lambda index: play_looping_effect(api, obj, index),
        "playTriggerEffect": lambda index: play_trigger_effect(api, obj, index),
    }
    return _with_members(api, "AssetBundle", methods, {})


PROPERTIES["AssetBundle"] = _asset_bundle
PROPERTIES["Book"] = _book
OBJECT_METHODS["playTriggerEffect"] = play_trigger_effect


def _object_play_looping_effect(api: TtsApi, obj: EmObject, index: Any) -> bool:
    """The Object's own (deprecated) form, which answered true in the emulator before the AssetBundle table."""
    play_looping_effect(api, obj, index)
    return True


OBJECT_METHODS["playLoopingEffect"] = _object_play_looping_effect
PROPERTIES["RPGFigurine"] = _unemulated("RPGFigurine", lambda o: str(o.data.get("Name", "")).startswith("rpg_"))
PROPERTIES["LayoutZone"] = _unemulated("LayoutZone", lambda o: o.type == "Layout")
PROPERTIES["Counter"] = _behaviour("Counter", _counter)
PROPERTIES["TextTool"] = _behaviour("3D Text", _text_tool)
PROPERTIES["Clock"] = _behaviour("Clock", _clock)
_plain_get_value, _plain_set_value = OBJECT_METHODS["getValue"], OBJECT_METHODS["setValue"]


def _get_value(api: TtsApi, obj: EmObject) -> Any:
    """A counter's number and a clock's seconds (api: getValue), else as before."""
    if obj.type == "Counter":
        return int(obj.data.get("Counter", {}).get("value", 0))
    if obj.type == "Clock":
        return clock_seconds(api, obj)
    return _plain_get_value(api, obj)


def _set_value(api: TtsApi, obj: EmObject, value: Any) -> bool:
    if obj.type == "Counter":
        obj.data.setdefault("Counter", {})["value"] = int(value)
        return True
    if obj.type == "Clock":
        return set_clock(api, obj, 1, int(value))
    result: bool = _plain_set_value(api, obj, value)
    return result


OBJECT_METHODS["getValue"], OBJECT_METHODS["setValue"] = _get_value, _set_value
