"""Unity's object tree as a mod sees it through TTS's Component API (issue 32, section 3): ``getChildren``,
``getComponents``, ``getComponent(name).set(var, value)`` and the rest that public mods call at load.

The shape is the reference's (api.tabletopsimulator.com: components/gameobject, components/component, and the
Object's own forms in object.md): a GameObject table (``name``, ``getChild``, ``getChildren``, ``getComponent``…)
and Component tables (``name``, ``game_object``, ``get``, ``set``, ``getVars``). A save holds no Unity tree, so
what an object is made of is *chosen*: every object is one GameObject with no children, made of Unity's
``Transform`` and the components the reference's own examples use on "a regular Red Block" (``MeshRenderer``,
``BoxCollider``, ``AudioSource``; components/examples). A var a script sets, it reads back (kept while the game
runs, as TTS keeps it in the live object, never in the save); ``enabled`` is true until set (Unity's default for a
renderer, a collider and an audio source); any other var read before a script set it, ``getVars`` and materials
fail loudly: their real values live in Unity.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tools.emulator.api import OBJECT_METHODS
from tools.emulator.objects import EmObject

if TYPE_CHECKING:
    from tools.emulator.binding import TtsApi

COMPONENTS = ("Transform", "MeshRenderer", "BoxCollider", "AudioSource")
ENABLED_BY_DEFAULT = frozenset({"MeshRenderer", "BoxCollider", "AudioSource"})  # Unity: Transform has no `enabled`
HINT = "tools/emulator/README.md"
UNITY_ONLY = "its value lives in Unity's object, which a save does not hold"
# Names of the GameObject and Component tables that fail loudly, with the reason (the coverage table reads this).
NOT_EMULATED = {
    "GameObject": dict.fromkeys(("getMaterials", "getMaterialsInChildren"), "materials are not emulated"),
    "Component": {"getVars": "a component's full list of vars: " + UNITY_ONLY},
}


def _vars(obj: EmObject, component: str) -> dict[str, Any]:
    store: dict[str, dict[str, Any]] = obj.runtime.setdefault("component_vars", {})
    return store.setdefault(component, {})


def get_var(obj: EmObject, component: str, var: str) -> Any:
    values = _vars(obj, component)
    if var in values:
        return values[var]
    if var == "enabled" and component in ENABLED_BY_DEFAULT:
        return True
    raise AttributeError(
        f"{component}.get({var!r}) on {obj.guid} is not emulated until a script sets it ({UNITY_ONLY}; {HINT})"
    )


def set_var(obj: EmObject, component: str, var: str, value: Any) -> bool:
    if component not in COMPONENTS:
        raise ValueError(f"{obj.guid} has no component {component} in the emulator (it has {', '.join(COMPONENTS)})")
    _vars(obj, component)[var] = value
    return True


def _args(table: Any, args: tuple[Any, ...]) -> tuple[Any, ...]:
    """The arguments of a dot call (as the reference writes them); a colon call's table itself is dropped."""
    return args[1:] if args and args[0] is table else args


def _strict(api: TtsApi, section: str, methods: dict[str, Callable[..., Any]], fields: dict[str, Any]) -> Any:
    """A table of the given functions and fields; reading one of ``NOT_EMULATED[section]`` fails loudly, and so does
    any write (a component's name and object are read only; its vars go through ``set``)."""
    lua = api.world.lua
    table = lua.make_table({**fields})

    def bind(fn: Callable[..., Any]) -> Callable[..., Any]:
        return lambda *args: fn(*_args(table, args))

    for name, fn in methods.items():
        table[name] = lua.wrap(bind(fn))

    def index(_: Any, key: Any) -> Any:
        reason = NOT_EMULATED[section].get(str(key))
        if reason is not None:
            raise AttributeError(f"{section}.{key} is not emulated ({reason}; {HINT})")
        return None

    def newindex(_: Any, key: Any, value: Any) -> None:
        raise AttributeError(f"{section}.{key} cannot be set (api: components/{section.lower()})")

    lua.globals.setmetatable(table, lua.make_table({"__index": index, "__newindex": newindex}))
    return table


def component(api: TtsApi, obj: EmObject, name: str) -> Any:
    return _strict(
        api,
        "Component",
        {
            "get": lambda var: get_var(obj, name, str(var)),
            "set": lambda var, value: set_var(obj, name, str(var), value),
        },
        {"name": name, "game_object": game_object(api, obj)},
    )


def _named(api: TtsApi, obj: EmObject, name: Any = None) -> list[Any]:
    return [component(api, obj, c) for c in COMPONENTS if name is None or c == str(name)]


def _first(api: TtsApi, obj: EmObject, name: Any) -> Any:
    found = _named(api, obj, name)
    return found[0] if found else None


def _list(api: TtsApi, items: list[Any]) -> Any:
    return api.world.lua.make_table(dict(enumerate(items, 1)))


def game_object(api: TtsApi, obj: EmObject) -> Any:
    """The object's GameObject: ``name`` is the save's ``Name`` (*chosen*: Unity's name for it is not documented)."""
    return _strict(api, "GameObject", tree_methods(api, obj), {"name": str(obj.data.get("Name", ""))})


def tree_methods(api: TtsApi, obj: EmObject) -> dict[str, Callable[..., Any]]:
    """What a GameObject answers, and the Object does on its own GameObject (object.md: the same names)."""
    return {
        "getChild": lambda name=None: None,  # no children (*chosen*)
        "getChildren": lambda: _list(api, []),
        "getComponent": lambda name: _first(api, obj, name),
        "getComponentInChildren": lambda name: _first(api, obj, name),  # depth first from the object itself
        "getComponents": lambda name=None: _list(api, _named(api, obj, name)),
        "getComponentsInChildren": lambda name=None: _list(api, _named(api, obj, name)),
    }


def _object_method(name: str) -> Callable[..., Any]:
    """The Object's own form of a GameObject function (object.md lists the same names on objects)."""
    return lambda api, obj, *args: tree_methods(api, obj)[name](*args)


for _name in ("getChild", "getChildren", "getComponent", "getComponentInChildren", "getComponents"):
    OBJECT_METHODS[_name] = _object_method(_name)
OBJECT_METHODS["getComponentsInChildren"] = _object_method("getComponentsInChildren")
