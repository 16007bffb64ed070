"""What a player's hand does to an object's scripted controls: click a button, type in an input, pick a context
menu item. Each calls the mod's function as TTS documents it (api: createButton, createInput,
addContextMenuItem), so a test can press what a person would press.
"""

from __future__ import annotations

from typing import Any

from bridge.protocol.messages import GLOBAL_GUID
from tools.emulator.world import World


def _handler(world: World, control: dict[str, Any], key: str, where: str) -> tuple[str, Any]:
    """The function a control names in ``key``, looked up in its ``function_owner``'s script (Global by default)."""
    owner = str(control.get("function_owner") or GLOBAL_GUID)
    name = str(control.get(key) or "")
    env = world.env_of(owner)
    fn = env[name] if env is not None and name else None
    if fn is None:
        raise KeyError(f"{where}: no function {name!r} in the script of {owner}")
    return owner, fn


def click_button(world: World, guid: str, index: int = 0, color: str = "White", alt: bool = False) -> Any:
    """``click_function(obj, player_clicker_color, alt_click)`` of button ``index`` (from 0)."""
    obj = world.get(guid)
    if not 0 <= index < len(obj.buttons):
        raise KeyError(f"object {guid} has no button {index} (it has {len(obj.buttons)})")
    owner, fn = _handler(world, obj.buttons[index], "click_function", f"button {index} of {guid}")
    return world.call_lua(owner, fn, world.lua.proxy(guid), color, alt)


def type_input(world: World, guid: str, index: int, text: str, color: str = "White", selected: bool = False) -> Any:
    """The input's value becomes ``text``, then ``input_function(obj, player_clicker_color, input_value,
    selected)``; ``selected`` false: the player has finished editing."""
    obj = world.get(guid)
    if not 0 <= index < len(obj.inputs):
        raise KeyError(f"object {guid} has no input {index} (it has {len(obj.inputs)})")
    obj.inputs[index]["value"] = text
    owner, fn = _handler(world, obj.inputs[index], "input_function", f"input {index} of {guid}")
    return world.call_lua(owner, fn, world.lua.proxy(guid), color, text, selected)


def context_menu(world: World, guid: str, label: str, color: str = "White") -> Any:
    """The item ``label`` of the object's right-click menu: its function gets the player's colour."""
    items = dict(world.get(guid).runtime.get("menu", []))
    if label not in items:
        raise KeyError(f"object {guid} has no menu item {label!r} (it has {', '.join(items) or 'none'})")
    return world.call_lua(guid, items[label], color)
