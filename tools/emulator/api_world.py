"""The world-level TTS API beyond the basics (issue 17): ``Timer``, ``Physics``, ``Info``, ``Notes``, ``Hands``,
the rest of the base functions, the Player instance's members, and a loud error for every API name the emulator
does not have (``WebRequest.get`` … is not emulated) instead of a bare ``attempt to index a nil value``; ``Grid``,
``Lighting`` and ``MusicPlayer`` are in ``api_settings``, copy/paste and changeColor in ``api_players``.

Each member as the API reference documents it (api.tabletopsimulator.com; source docs/*.md). Effects nobody can
see headless (a camera turned, a dialog shown, a hotkey listed) are accepted and do nothing: the mod runs on as in
TTS with a player who never looks or answers. What would change the game in a way the emulator cannot follow
(network requests, flipping the table, grouping objects) fails loudly.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from bridge.protocol.messages import GLOBAL_GUID
from bridge.table.geometry import ONE, Transform, Vec3
from tools.emulator import api_object, api_pieces, api_players, api_settings
from tools.emulator.api import GLOBAL_METHODS, GLOBAL_PROPERTIES, SEAT_COLORS, _with_tags, vec
from tools.emulator.objects import EmObject
from tools.emulator.physics import BOX, RAY, SPHERE, Box, Cast, hit_point, unit

if TYPE_CHECKING:
    from lupa import LuaTable

    from tools.emulator.binding import TtsApi


def not_emulated(where: str, why: str) -> Callable[..., Any]:
    def fail(*_: Any) -> Any:
        raise AttributeError(f"{where} is not emulated ({why}; tools/emulator/README.md)")

    return fail


# Sections whose members change the game in ways the emulator cannot follow, with the reason a mod author reads.
UNEMULATED_SECTIONS = {
    "Backgrounds": "the room is never rendered",
    "Tables": "the table's model is never loaded",
    "WebRequest": "the emulator makes no network requests",
}
UNEMULATED_BASE = {
    "flipTable": "flipping the table needs physics",
    "group": "grouping objects into decks and stacks by hand is not emulated",
    "chooseInHand": "choosing in hand needs a player at the table",
    "chooseInHandOrCancel": "choosing in hand needs a player at the table",
    "clearChooseInHand": "choosing in hand needs a player at the table",
    "currentChooseInHand": "choosing in hand needs a player at the table",
}
# A Player's members that only a person at the screen would notice: accepted, true.
PLAYER_HEADLESS = (
    "attachCameraToObject",
    "lookAt",
    "setUITheme",
    "showHotkeyConfig",
    "showInfoDialog",
    "showConfirmDialog",
    "showInputDialog",
    "showMemoDialog",
    "showOptionsDialog",
    "showColorDialog",
    "pingTable",
    "setHandStashLocation",
    "drawHandStash",
)
PLAYER_UNEMULATED = "players joining, leaving and being moderated are not emulated"
PLAYER_UNEMULATED_NAMES = ("kick", "mute", "promote")
GLOBAL_HEADLESS = ("setHideFaceDown", "setLookingForPlayers")
# Base functions with no effect headless: accepted, true.
HEADLESS_BASE = (
    "addHotkey",
    "clearHotkeys",
    "addContextMenuItem",
    "clearContextMenu",
    "clearPixelPaint",
    "clearVectorPaint",
    "allowRewindStore",
    "storeRewindState",
    "logStyle",
)


def _section_stub(lua: Any, section: str, why: str) -> LuaTable:
    """A table where reading or writing any member raises "Section.name is not emulated (why)": a value written to
    it is never kept in silence."""

    def fail(_: Any, key: Any) -> Any:
        raise AttributeError(f"{section}.{key} is not emulated ({why}; tools/emulator/README.md)")

    table = lua.make_table({})
    lua.globals.setmetatable(table, lua.make_table({"__index": fail, "__newindex": lambda t, key, _: fail(t, key)}))
    return table


def install(api: TtsApi) -> None:
    """Put the world-level API into the Lua globals (called once per load, after the basics)."""
    lua, w, g = api.world.lua, api.world, api.world.lua.globals
    for section, why in UNEMULATED_SECTIONS.items():
        g[section] = _section_stub(lua, section, why)
    for name, why in UNEMULATED_BASE.items():
        g[name] = lua.wrap(not_emulated(name, why))
    for name in HEADLESS_BASE:
        g[name] = lua.wrap(lambda *_: True)
    base: dict[str, Callable[..., Any]] = {
        "broadcastToColor": lambda text, color, tint=None: w.say(str(text), api._in(tint)),
        "destroyObject": lambda obj: _destroy(api, api._in(obj)),
        "getObjectsWithAllTags": lambda tags: api.out(_with_all_tags(api, [str(t) for t in api._in(tags)])),
        "logString": lambda value, label=None, *_: _log_string(lua, value, label),
        "copy": lambda objects: api_players.copy_objects(api, objects),
        "paste": lambda params=None: api.out(api_players.paste_params(api, params)),
    }
    for name, fn in base.items():
        g[name] = lua.wrap(fn)
    lua.lua.execute(files("tools.emulator").joinpath("api_classes.lua").read_text(encoding="utf-8"), lua.raw_error)
    g.Player.Action = _section_stub(lua, "Player.Action", "player actions (onPlayerAction) are not emulated")
    api_settings.install(api)
    g.Physics = _physics(api)
    g.Info = _info(api)
    g.Notes = _notes(api)
    g.Hands = _hands(api)


def _destroy(api: TtsApi, guid: Any) -> bool:
    api.world.destroy(str(api.world.get(str(guid)).guid))
    return True


def _with_all_tags(api: TtsApi, tags: list[str]) -> list[EmObject]:
    wanted = {t.lower() for t in tags}
    return [o for o in _with_tags(api.world, tags) if wanted <= {str(t).lower() for t in o.data.get("Tags") or []}]


def _log_string(lua: Any, value: Any, label: Any) -> str:
    text = str(lua.globals.tostring(value))
    return f"{label}{text}" if label is not None else text


# --- Physics ---------------------------------------------------------------------------------------------


def _physics(api: TtsApi) -> LuaTable:
    lua, w = api.world.lua, api.world
    gravity = [Vec3(0.0, -9.81, 0.0)]  # Unity's default (*chosen*: TTS's own setting is not documented)
    raw = w.save.to_dict()
    state = {"play_area": float(raw.get("PlayArea", 0.5) or 0.5)}

    def cast(params: Any = None) -> Any:
        p = dict(api._in(params) or {})
        kind = int(p.get("type", RAY))
        if kind not in (RAY, SPHERE, BOX):
            raise ValueError(f"Physics.cast: type {kind} is none of 1 (ray), 2 (sphere), 3 (box)")
        shape = Cast(
            origin=vec(p.get("origin"), Vec3(0.0, 0.0, 0.0)),
            direction=unit(vec(p.get("direction"), Vec3(0.0, 0.0, 0.0))),
            kind=kind,
            size=vec(p.get("size"), Vec3(0.0, 0.0, 0.0)),
            orientation=vec(p.get("orientation"), Vec3(0.0, 0.0, 0.0)),
            max_distance=float(p.get("max_distance", float("inf"))),
        )
        hits = []
        for obj in w.objects.values():
            if obj.type in api_object.ZONE_TYPES:
                continue
            box = Box.of(obj.transform, api_object.object_size(obj, w.board_base))
            distance = shape.first_touch(box)
            if distance is not None:
                point, normal = hit_point(shape, box, distance)
                hits.append((distance, obj, point, normal))
        hits.sort(key=lambda h: h[0])
        return lua.make_table(
            {
                i: lua.make_table({"point": api.out(pt), "normal": api.out(n), "distance": d, "hit_object": api.out(o)})
                for i, (d, o, pt, n) in enumerate(hits, 1)
            }
        )

    def set_gravity(direction: Any) -> bool:
        gravity[0] = vec(api._in(direction))
        return True

    table = lua.make_table({"cast": cast, "getGravity": lambda: api.out(gravity[0]), "setGravity": set_gravity})
    return _with_fields(lua, table, state)


def _with_fields(lua: Any, table: LuaTable, fields: dict[str, Any]) -> LuaTable:
    """Member variables read and written through the table (``Physics.play_area = 0.5``)."""
    meta = lua.make_table(
        {
            "__index": lambda _, k: fields.get(k),
            "__newindex": lambda _, k, v: fields.__setitem__(k, v),
        }
    )
    lua.globals.setmetatable(table, meta)
    return table


# --- Info, Notes, Hands ------------------------------------------------------------------------------------


def _info(api: TtsApi) -> LuaTable:
    """The save's game information (api: Info), read and written while running."""
    raw = api.world.save.to_dict()
    fields = {
        "name": raw.get("SaveName", ""),
        "type": raw.get("GameType", ""),
        "complexity": raw.get("GameComplexity", ""),
        "number_of_players": api.world.lua.to_lua(list(raw.get("PlayerCounts") or [])),
        "playing_time": api.world.lua.to_lua(list(raw.get("PlayingTime") or [])),
        "tags": api.world.lua.to_lua(list(raw.get("Tags") or [])),
    }
    return _with_fields(api.world.lua, api.world.lua.make_table({}), fields)


def _notes(api: TtsApi) -> LuaTable:
    """The notes panel (the save's ``Note``) and the notebook's tabs (``TabStates``)."""
    lua, w = api.world.lua, api.world
    raw = w.save.to_dict()
    state = {"notes": str(raw.get("Note", "") or "")}
    tabs: list[dict[str, Any]] = [dict(t) for _, t in sorted((raw.get("TabStates") or {}).items(), key=_by_id)]

    def listed() -> Any:
        return lua.to_lua(
            [
                {"index": i, "title": t.get("title", ""), "body": t.get("body", ""), "color": t.get("color", "")}
                for i, t in enumerate(tabs)
            ]
        )

    def add(params: Any) -> int:
        p = dict(api._in(params) or {})
        tabs.append({"title": str(p.get("title", "")), "body": str(p.get("body", "")), "color": p.get("color", "Grey")})
        return len(tabs) - 1

    def edit(params: Any) -> bool:
        p = dict(api._in(params) or {})
        i = int(p.get("index", -1))
        if not 0 <= i < len(tabs):
            return False
        tabs[i].update({k: p[k] for k in ("title", "body", "color") if k in p})
        return True

    def remove(index: Any) -> bool:
        i = int(index)
        if not 0 <= i < len(tabs):
            return False
        del tabs[i]
        return True

    return lua.make_table(
        {
            "getNotes": lambda: state["notes"],
            "setNotes": lambda text: _put(state, "notes", str(text)),
            "getNotebookTabs": listed,
            "addNotebookTab": add,
            "editNotebookTab": edit,
            "removeNotebookTab": remove,
        }
    )


def _put(fields: dict[str, Any], key: str, value: Any) -> bool:
    fields[key] = value
    return True


def _by_id(item: tuple[str, Any]) -> int:
    return int(item[0]) if str(item[0]).isdigit() else 0


def _hands(api: TtsApi) -> LuaTable:
    """The save's ``Hands`` section (enable, disable_unused, hiding) and the hand zones (api: Hands)."""
    saved = api.world.save.to_dict().get("Hands") or {}
    fields = {
        "enable": bool(saved.get("Enable", True)),
        "disable_unused": bool(saved.get("DisableUnused", False)),
        "hiding": int(saved.get("Hiding", 0) or 0),
    }
    table = api.world.lua.make_table(
        {
            "getHands": lambda: api.out(
                [z for c in SEAT_COLORS for z in api_pieces.hand_zones(api, c) if z.guid in api.world.objects]
            )
        }
    )
    return _with_fields(api.world.lua, table, fields)


# --- Timer (deprecated but used) -------------------------------------------------------------------------


class _TimerCall:
    """A Timer's firing: the function named in its owner's script, looked up when it fires (api: Timer)."""

    def __init__(self, api: TtsApi, ident: str, owner: str, name: str, params: Any, last: bool) -> None:
        self.api, self.ident, self.owner, self.name, self.params = api, ident, owner, name, params
        self.remaining = last

    def run(self) -> None:
        w = self.api.world
        env = w.env_of(self.owner)
        fn = env[self.name] if env is not None else None
        if fn is None:
            w.report_error(self.owner, f"Timer {self.ident!r}: no function {self.name!r} in the script of {self.owner}")
            return
        w.call_lua(self.owner, fn, w.lua.to_lua(self.params))


def timer_create(api: TtsApi, params: Any, caller_chunk: Any) -> bool:
    """ "Creates a Timer. It will auto-delete once its repetitions have been completed"; identifiers are "shared
    between Global and all Object scripts" (a taken one: false, *chosen*); delay 0 is one frame; repetitions 0
    repeat for ever; the owner defaults to the calling script."""
    w = api.world
    p = dict(api._in(params) or {})
    ident = str(p.get("identifier", ""))
    if not ident:
        raise ValueError("Timer.create needs an identifier")
    if ident in w.timers and w.has_wait(w.timers[ident]):
        return False
    owner = str(p.get("function_owner") or w.chunk_owner(str(caller_chunk or ""), GLOBAL_GUID))
    frames = max(1, round(float(p.get("delay", 0) or 0) * 60))
    repetitions = int(p.get("repetitions", 1))
    call = _TimerCall(api, ident, owner, str(p.get("function_name", "")), p.get("parameters"), False)
    w.timers[ident] = w.wait_frames(call, frames, owner, repetitions=repetitions if repetitions > 0 else -1)
    return True


def timer_destroy(api: TtsApi, ident: Any) -> bool:
    wid = api.world.timers.pop(str(ident), None)
    return wid is not None and api.world.stop_wait(wid)


# --- the Player instance ---------------------------------------------------------------------------------


def player_members(api: TtsApi, color: str) -> dict[str, Any]:
    """What ``Player[color]`` holds beyond colour, name and seat (api: Player instance)."""
    w = api.world

    def zone(index: Any = 1) -> EmObject | None:
        zones = api_pieces.hand_zones(api, color)
        i = int(index or 1) - 1
        return zones[i] if 0 <= i < len(zones) else None

    def hand_transform(index: Any = 1) -> Any:
        z = zone(index)
        if z is None:
            return None
        t = z.transform
        turn = Transform(Vec3(0.0, 0.0, 0.0), t.rotation, ONE)
        return api.world.lua.make_table(
            {
                "position": api.out(t.position),
                "rotation": api.out(t.rotation),
                "scale": api.out(t.scale),
                "forward": api.out(turn.to_world(Vec3(0.0, 0.0, 1.0))),
                "right": api.out(turn.to_world(Vec3(1.0, 0.0, 0.0))),
                "up": api.out(turn.to_world(Vec3(0.0, 1.0, 0.0))),
            }
        )

    def set_hand_transform(transform: Any, index: Any = 1) -> bool:
        z = zone(index)
        if z is None:
            return False
        t = dict(api._in(transform) or {})
        z.set_position(vec(t.get("position"), z.position))
        z.set_rotation(vec(t.get("rotation"), z.rotation))
        z.set_scale(vec(t.get("scale"), z.transform.scale))
        return True

    def selected() -> list[EmObject]:
        return [o for o in w.objects.values() if color in o.runtime.get("selected_by", [])]

    def clear_selected() -> bool:
        for o in selected():
            o.runtime["selected_by"] = [c for c in o.runtime["selected_by"] if c != color]
        return True

    seated = color in w.seated
    headless = lambda *_: True  # noqa: E731 - a camera, a theme, a dialog nobody answers: no effect headless
    return {
        "admin": seated,
        "host": color == (w.seated[0] if w.seated else None),
        "promoted": False,
        "blindfolded": False,
        "lift_height": 0.05,
        "steam_id": "",
        "team": "None",
        "broadcast": lambda text, tint=None: w.say(str(text), api._in(tint)),
        "print": lambda text, tint=None: w.say(str(text), api._in(tint)),
        "getHandCount": lambda: len(api_pieces.hand_zones(api, color)),
        "getHandObjects": lambda index=1: api.out(api_object.zone_objects(api, z) if (z := zone(index)) else []),
        "getHandTransform": hand_transform,
        "setHandTransform": set_hand_transform,
        "getHoldingObjects": lambda: api.out([o for o in w.objects.values() if o.held_by == color]),
        "getSelectedObjects": lambda: api.out(selected()),
        "clearSelectedObjects": clear_selected,
        "getHoverObject": lambda: None,
        "getPointerRotation": lambda: 0,
        **dict.fromkeys(PLAYER_HEADLESS, headless),
        "changeColor": lambda new_color: api_players.change_color(api, color, new_color),
        "copy": lambda objects: api_players.copy_objects(api, objects, color),
        "paste": lambda position=None: api.out(api_players.paste_objects(api, api._in(position), color)),
        **{name: not_emulated(f"Player.{color}.{name}", PLAYER_UNEMULATED) for name in PLAYER_UNEMULATED_NAMES},
    }


# --- Global as an entity: its variables, script, snap points, decals and lines (api: Object's Global functions) ---


def _global_env(api: TtsApi) -> Any:
    if api.world.global_env is None:
        raise ValueError("the Global script did not load")
    return api.world.global_env


def _global_set_var(api: TtsApi, name: Any, value: Any) -> bool:
    _global_env(api)[str(name)] = api.world.lua.to_lua(value)
    return True


def _global_lines_out(api: TtsApi) -> list[dict[str, Any]]:
    return [
        {
            "points": [api.out(vec(p)) for p in line.get("points3") or []],
            "color": api.out(api_object.tint(line.get("color"))),
            "thickness": line.get("thickness", 0.1),
            "rotation": api.out(vec(line.get("rotation"), Vec3(0.0, 0.0, 0.0))),
        }
        for line in api.world.save_extras.get("VectorLines") or []
    ]


def _global_lines_in(api: TtsApi, lines: Any) -> bool:
    """Into the save's ``VectorLines`` ({points3, color, thickness, rotation})."""
    api.world.save_extras["VectorLines"] = [
        {
            "points3": [dict(zip("xyz", vec(p), strict=True)) for p in dict(line).get("points") or []],
            "color": dict(zip("rgb", api_object.tint(dict(line).get("color")), strict=False)),
            "thickness": float(dict(line).get("thickness", 0.1)),
            "rotation": dict(zip("xyz", vec(dict(line).get("rotation"), Vec3(0.0, 0.0, 0.0)), strict=True)),
        }
        for line in lines or []
    ]
    return True


def _global_decals(api: TtsApi, decals: Any, keep: bool) -> bool:
    held = list(api.world.save_extras.get("Decals") or []) if keep else []
    api.world.save_extras["Decals"] = held + [api_object.decal_in(dict(d)) for d in decals]
    return True


def _global_snap_points(api: TtsApi, points: Any) -> bool:
    api.world.save_extras["SnapPoints"] = api_object.snap_points_in(points)
    return True


def _register_global() -> None:
    GLOBAL_METHODS.update(
        {
            "setVar": _global_set_var,
            "setTable": _global_set_var,
            "getTable": GLOBAL_METHODS["getVar"],
            "getSnapPoints": lambda api: api_object.snap_points_out(api, api.world.save_extras.get("SnapPoints") or []),
            "setSnapPoints": _global_snap_points,
            "getDecals": lambda api: [api_object.decal_out(api, d) for d in api.world.save_extras.get("Decals") or []],
            "setDecals": lambda api, decals: _global_decals(api, decals or [], keep=False),
            "addDecal": lambda api, decal: _global_decals(api, [decal or {}], keep=True),
            "getVectorLines": _global_lines_out,
            "setVectorLines": _global_lines_in,
            # how hidden faces look, the server browser: nothing a headless table shows
            **dict.fromkeys(GLOBAL_HEADLESS, lambda api, *_: True),
        }
    )
    GLOBAL_PROPERTIES.update(
        {
            "script_code": lambda api: api.world.global_script,
            "script_state": lambda api: api.world.global_state,
        }
    )


_register_global()
