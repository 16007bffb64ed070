"""Where a piece a player lets go of comes to rest on the emulated table (issue 37): in a hand zone, on a snap
point, on top of whatever lies under it.

The emulator has no physics, so a drop is worked out at once from the bounds ``getBounds`` reports (every object
its axis-aligned box): the piece rests on the highest top its footprint overlaps, or on the table. What TTS
leaves undocumented is *chosen* here and listed in tools/emulator/README.md ("A player's hands").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from bridge.table import ttsfacts
from bridge.table.geometry import Vec3
from tools.emulator import api_object, api_pieces
from tools.emulator.errors import EmulatorError
from tools.emulator.objects import EmObject
from tools.emulator.physics import FAR
from tools.emulator.world import World

# A table the project has no measurement of: a surface as far as anything reaches (physics.FAR) at Table_RPG's
# (chosen) height (*chosen*).
UNKNOWN_TABLE = ttsfacts.Surface(FAR, FAR, ttsfacts.TABLE_SURFACES["Table_RPG"].top, "chosen")


class OffTable(EmulatorError, ValueError):
    """Nothing under the point holds a piece: it would fall off the table (the message says where)."""


@dataclass(frozen=True)
class Landing:
    """Where and how a dropped piece rests, and what it rests on."""

    position: Vec3
    rotation: Vec3
    onto: EmObject | None = None  # the piece it lies on top of (None: the table, or a hand)
    hand: EmObject | None = None  # the hand zone that holds it
    snap: str = ""  # whose snap point it snapped to ("the table's", "'Board' (guid …)'s"), if any


def land(world: World, obj: EmObject, x: float, z: float) -> Landing:
    """Where ``obj`` comes to rest when dropped over (x, z); raises OffTable where nothing would hold it."""
    hand = _hand_at(world, obj, Vec3(x, 0.0, z))
    if hand is not None:
        offset = api_pieces.next_in_hand(world.api, hand)[0] if not api_object.inside(hand, obj) else None
        if offset is None:  # already in this hand: it stays in its place in the row
            return Landing(obj.position, obj.rotation, hand=hand)
        position, rotation = api_pieces.hand_slot(hand, offset)
        return Landing(position, rotation, hand=hand)
    rotation = obj.rotation
    snap = _nearest_snap(world, obj, x, z)
    owner = ""
    if snap is not None:
        (x, _, z), turn, owner = snap
        if turn is not None:
            rotation = Vec3(rotation.x, turn, rotation.z)
    onto, top = _support(world, obj, x, z)
    half = api_object.extent(obj).y / 2
    return Landing(Vec3(x, top + half, z), rotation, onto=onto, snap=owner)


def _hand_at(world: World, obj: EmObject, point: Vec3) -> EmObject | None:
    """The hand zone over ``point`` that would hold ``obj`` (a piece that cannot be held falls through it)."""
    for zone in api_pieces.every_hand_zone(world):
        if api_object.encloses(zone, point._replace(y=zone.position.y)) and api_object.admits(zone, obj):
            return zone
    return None


def _solid(world: World, obj: EmObject) -> list[EmObject]:
    """What a dropped piece can rest on: every other object on the table but zones and what a hand holds up."""
    return [
        o
        for o in world.objects.values()
        if o is not obj and not o.destroyed and o.type not in ttsfacts.ZONE_TYPES and o.held_by is None
    ]


def _overlaps(a_centre: Vec3, a_size: Vec3, b: EmObject) -> bool:
    """Whether two footprints (axis-aligned boxes seen from above) overlap."""
    b_size = api_object.extent(b)
    p = b.position
    return abs(a_centre.x - p.x) < (a_size.x + b_size.x) / 2 and abs(a_centre.z - p.z) < (a_size.z + b_size.z) / 2


def _support(world: World, obj: EmObject, x: float, z: float) -> tuple[EmObject | None, float]:
    """The piece with the highest top under ``obj``'s footprint at (x, z), and that top (or the table's)."""
    size = api_object.extent(obj)
    under = [o for o in _solid(world, obj) if _overlaps(Vec3(x, 0.0, z), size, o)]
    tops = [(o.position.y + api_object.extent(o).y / 2, o) for o in under]
    if tops:
        top, onto = max(tops, key=lambda t: t[0])
        return onto, top
    surface = table_surface(world)
    if surface is None or not surface.holds(x, z):
        raise OffTable(_off_table_reason(world, x, z))
    return None, surface.top


def table_surface(world: World) -> ttsfacts.Surface | None:
    """The save's table (None: ``Table_None``, no table at all)."""
    name = str((world.save.model_extra or {}).get("Table", "") or "")  # a key the save model keeps as it came
    if name == ttsfacts.NO_TABLE:
        return None
    return ttsfacts.TABLE_SURFACES.get(name, UNKNOWN_TABLE)


def _off_table_reason(world: World, x: float, z: float) -> str:
    surface = table_surface(world)
    if surface is None:
        return f"nothing lies under x {x:.2f}, z {z:.2f} and this table is {ttsfacts.NO_TABLE} (no table at all)"
    return f"x {x:.2f}, z {z:.2f} is off the table (its flat top runs to x ±{surface.half_x:g}, z ±{surface.half_z:g})"


def _snap_points(world: World, obj: EmObject) -> list[tuple[Vec3, float | None, list[str], str]]:
    """Every snap point as (world position, the y rotation it snaps to or None, tags, whose): the table's
    (``SnapPoints``, in world coordinates) and each object's (``AttachedSnapPoints``, local to it, turning with
    it)."""
    points = [
        (api_object.saved_vec(p.get("Position")), _turn(p, 0.0), list(p.get("Tags") or []), "the table's")
        for p in world.save_extras.get("SnapPoints") or []
        if isinstance(p, dict)
    ]
    for o in world.objects.values():
        if o.destroyed or o is obj:
            continue
        for p in o.data.get("AttachedSnapPoints") or []:
            if isinstance(p, dict):
                at = o.transform.to_world(api_object.saved_vec(p.get("Position")))
                label = o.data.get("Nickname") or o.data.get("Name", "")
                points.append((at, _turn(p, o.rotation.y), list(p.get("Tags") or []), f"'{label}' (guid {o.guid})'s"))
    return points


def _nearest_snap(world: World, obj: EmObject, x: float, z: float) -> tuple[Vec3, float | None, str] | None:
    """The nearest snap point within :data:`ttsfacts.SNAP_REACH` of (x, z) whose tags admit ``obj`` (Knowledge
    Base, Object Tags), unless the object does not use snap points (``use_snap_points`` false)."""
    if obj.data.get("Snap") is False:
        return None
    tags = obj.data.get("Tags") or []
    best: tuple[float, tuple[Vec3, float | None, str]] | None = None
    for at, turn, point_tags, owner in _snap_points(world, obj):
        d = math.hypot(at.x - x, at.z - z)
        if d <= ttsfacts.SNAP_REACH and ttsfacts.tag_admits(point_tags, tags) and (best is None or d < best[0]):
            best = (d, (at, turn, owner))
    return best[1] if best else None


def _turn(point: dict[str, Any], base: float) -> float | None:
    """The y rotation a snap point gives a piece: only one saved with ``Rotation`` snaps rotation (api:
    getSnapPoints ``rotation_snap``); an attached point turns with its object (*chosen*: only about y)."""
    if not isinstance(point.get("Rotation"), dict):
        return None
    return (base + api_object.saved_vec(point["Rotation"]).y) % 360.0
