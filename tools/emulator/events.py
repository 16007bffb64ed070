"""Events the emulator raises as TTS does (api: Events): an object's own handlers, and zones entered and left.

Global events (``onObjectSpawn``, ``onObjectDestroy``…) reach Global and every object script that defines them;
object events (``onDestroy``, ``onPickUp``…) reach only that object's script. Zone events follow where objects
are after every frame and every script run; a zone with tags notices only objects sharing one (the tag rule).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tools.emulator.objects import EmObject
    from tools.emulator.world import World

ZONE_EVENTS = ("onObjectEnterZone", "onObjectLeaveZone", "onObjectEnterScriptingZone", "onObjectLeaveScriptingZone")


def own(world: World, obj: EmObject, event: str, *args: Any) -> None:
    """The object's own handler (``onDestroy``, ``onPickUp``, ``onStateChange``…), if its script has one."""
    fn = obj.env[event] if obj.env is not None else None
    if fn is not None:
        world.call_lua(obj.guid, fn, *args)


class ZoneWatch:
    """Who is in which zone, so entering and leaving raise their events once each."""

    def __init__(self) -> None:
        self.inside: set[tuple[str, str]] = set()
        self._checking = False
        self._looked: tuple[int, bool] = (-1, False)  # (Lua generation, whether a script handles zone events)

    def _watched(self, world: World) -> bool:
        """Whether any script handles a zone event; asked again only once Lua has run since (a frame of motion
        alone defines no handler, and walking every script each frame is not free)."""
        generation = world.lua.generation
        if self._looked[0] != generation:
            found = any(env[e] is not None for _, env in world.scripts() for e in ZONE_EVENTS)
            self._looked = (generation, found)
        return self._looked[1]

    def prime(self, world: World) -> None:
        """Where everything is at load: nothing entered anything yet (*chosen*: no events for the loaded table)."""
        self.inside = self._occupancy(world)

    def check(self, world: World) -> None:
        if self._checking or not self._watched(world):
            return
        self._checking = True
        try:
            now = self._occupancy(world)
            for zone_guid, obj_guid in sorted(now - self.inside):
                self._raise(world, "Enter", zone_guid, obj_guid)
            for zone_guid, obj_guid in sorted(self.inside - now):
                self._raise(world, "Leave", zone_guid, obj_guid)
            self.inside = now
        finally:
            self._checking = False

    @staticmethod
    def _occupancy(world: World) -> set[tuple[str, str]]:
        return world.api.zone_occupancy()  # the zones' rules are the Object API's (getObjects), not redone here

    def _raise(self, world: World, what: str, zone_guid: str, obj_guid: str) -> None:
        zone = world.objects.get(zone_guid)
        if zone is None or (obj_guid not in world.objects and what == "Enter"):
            return
        args = (world.lua.proxy(zone_guid), world.lua.proxy(obj_guid))
        world.fire(f"onObject{what}Zone", *args)
        if zone.type == "Scripting":
            world.fire(f"onObject{what}ScriptingZone", *args)


def allowed(world: World, event: str, args: tuple[Any, ...], obj: EmObject | None = None, own_event: str = "") -> bool:
    """A ``try`` event (``tryObjectEnterContainer``, ``tryObjectRotate``…): every script's handler, then the
    object's own ``own_event`` with the same arguments but the first; any that returns false stops what a player
    does (api events: "Return false to prevent …")."""
    verdicts = [world.call_lua(guid, env[event], *args) for guid, env in world.scripts() if env[event] is not None]
    if obj is not None and obj.env is not None and own_event and obj.env[own_event] is not None:
        verdicts.append(world.call_lua(obj.guid, obj.env[own_event], *args[1:]))
    return all(v is not False for v in verdicts)
