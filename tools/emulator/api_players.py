"""What a player does that a mod may ask for in Lua (issue 32, section 3): take another seat
(``Player[colour].changeColor``) and copy and paste objects (``copy``/``paste``, for the game and for a player).

As the reference documents them (api.tabletopsimulator.com: base, player/instance, events); the emulator seats the
people ``World.seated`` lists (one person, at White, unless a test seats others).
"""

from __future__ import annotations

import copy as copying
from typing import TYPE_CHECKING, Any

from bridge.table.geometry import Vec3
from tools.emulator.api import SEAT_COLORS, getData, vec
from tools.emulator.objects import EmObject

if TYPE_CHECKING:
    from tools.emulator.binding import TtsApi

PASTE_AT = Vec3(0.0, 3.0, 0.0)  # api base, paste: "position of the first object to paste", defaults to {0, 3, 0}
GAME_CLIPBOARD = ""  # base copy/paste's clipboard; a player's own is under their colour


def copy_objects(api: TtsApi, objects: Any, clipboard: str = GAME_CLIPBOARD) -> bool:
    """api base, copy(object_list): the objects as they are now (a later change to them is not pasted); an empty list
    empties the clipboard, as copying nothing would (*chosen*)."""
    listed = api._in(objects) or []
    if isinstance(listed, dict):
        listed = list(listed.values())
    copies = []
    for guid in listed:
        obj = api.world.get(str(guid))
        data = copying.deepcopy(getData(api, obj))
        if not data.get("XmlUI"):
            data.pop("XmlUI", None)
        copies.append(data)
    api.world.clipboards[clipboard] = copies
    return True


def paste_objects(api: TtsApi, position: Any = None, clipboard: str = GAME_CLIPBOARD) -> list[EmObject]:
    """The copied objects spawned again, the first at ``position``, the others where they lay from it when copied;
    each a new object with a new GUID (*chosen*: as ``clone`` does). Nothing copied: an empty list."""
    copies = api.world.clipboards.get(clipboard, [])
    if not copies:
        return []
    at = vec(position, PASTE_AT)
    first = _position(copies[0])
    pasted = []
    for data in copies:
        offset = _position(data)
        fresh = {**copying.deepcopy(data), "GUID": ""}
        pasted.append(api.world.spawn(fresh, Vec3(*(a + (o - f) for a, o, f in zip(at, offset, first, strict=True)))))
    return pasted


def _position(data: dict[str, Any]) -> Vec3:
    t = data.get("Transform") or {}
    return Vec3(*(float(t.get(f"pos{a}", 0.0)) for a in "XYZ"))


def paste_params(api: TtsApi, params: Any = None) -> list[EmObject]:
    """api base, paste(parameters): ``position`` (default {0, 3, 0}); ``snap_to_grid`` is taken and does nothing
    (the grid is not emulated)."""
    p = api._in(params) or {}
    return paste_objects(api, p.get("position") if isinstance(p, dict) else None)


def change_color(api: TtsApi, color: str, new_color: Any) -> bool:
    """api player/instance, changeColor(player_color): the person in this seat moves to that one; false when nobody
    sits here, the seat is taken or is no seat colour (*chosen*: the reference gives only the return type).
    ``onPlayerChangeColor(player_color)`` fires with the new colour (api events: "Called when a player changes
    color"). ``Player[colour].seated`` and ``host`` follow the move (Grey, the spectators, is no seat here)."""
    target, w = str(api._in(new_color)), api.world
    if color not in w.seated or target == color or target in w.seated or target not in SEAT_COLORS:
        return False
    w.seated[w.seated.index(color)] = target
    players = w.lua.globals.Player
    for c in SEAT_COLORS:
        players[c].seated = c in w.seated
        players[c].admin = c in w.seated
        players[c].host = bool(w.seated) and c == w.seated[0]
    w.fire("onPlayerChangeColor", target)
    return True
