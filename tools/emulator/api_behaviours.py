"""The behaviours of special objects (api: docs/behavior/*.md): a Counter's number, a 3D Text's text and font,
a digital Clock's modes on the frame clock; asset bundles, RPG figurines and layout zones fail loudly.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tools.emulator import api_object
from tools.emulator.api import OBJECT_METHODS, PROPERTIES, TtsApi
from tools.emulator.objects import EmObject
from tools.emulator.world import FPS


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


PROPERTIES["AssetBundle"] = _unemulated("AssetBundle", lambda o: "CustomAssetbundle" in o.data)
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
