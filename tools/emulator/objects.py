"""Objects on the emulated table: the save-file data they came from plus the run-time state TTS keeps.

The ObjectState dict is the object's truth (what ``getData()`` returns and what a save writes back); the
transform in it is kept current, so dumping a save needs no translation.
"""

from __future__ import annotations

import copy
import struct
from dataclasses import dataclass, field
from typing import Any

from bridge.table.geometry import Transform, Vec3, face_up_value, is_face_down, normalize_angle
from bridge.table.model import CONTAINER_TYPES, type_of

FPS = 60  # the emulated clock: frames per second of game time (Time.time is frame / FPS)
SMOOTH_FRAMES = 30  # a smooth move or flip takes half a second at 60 frames per second
SPAWN_FRAMES = 2  # an object taken from a container is "spawning" this many frames


@dataclass
class Motion:
    start_pos: Vec3
    end_pos: Vec3
    start_rot: Vec3
    end_rot: Vec3
    frames_left: int
    frames_total: int


@dataclass
class EmObject:
    data: dict[str, Any]
    type: str
    spawning_frames: int = 0
    motion: Motion | None = None
    destroyed: bool = False
    env: Any = None  # its Lua environment, when it has a script
    chunk: str = ""
    buttons: list[dict[str, Any]] = field(default_factory=list)
    highlight: tuple[Any, float | None] | None = None
    remainder: str | None = None  # a collapsed deck's last card
    held_by: str | None = None  # the colour of the player whose hand holds it
    xml_ui: str = ""
    inputs: list[dict[str, Any]] = field(default_factory=list)
    origin: str | None = None  # the deck a card was taken from (reset() brings it back)
    # what TTS keeps while the game runs but never saves (interactable, selection, joints, hiders, context menu…)
    runtime: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> EmObject:
        return cls(data=state, type=type_of(state), xml_ui=str(state.get("XmlUI", "") or ""))

    @property
    def guid(self) -> str:
        return str(self.data.get("GUID", ""))

    @property
    def is_container(self) -> bool:
        return self.type in CONTAINER_TYPES

    @property
    def resting(self) -> bool:
        """A held object is never resting: the hand keeps moving it (*chosen*: TTS does not document it)."""
        return self.motion is None and self.spawning_frames == 0 and self.held_by is None

    @property
    def transform(self) -> Transform:
        t = self.data.setdefault("Transform", {})
        return Transform(
            Vec3(*(float(t.get(f"pos{a}", 0.0)) for a in "XYZ")),
            Vec3(*(float(t.get(f"rot{a}", 0.0)) for a in "XYZ")),
            Vec3(*(float(t.get(f"scale{a}", 1.0)) for a in "XYZ")),
        )

    @property
    def position(self) -> Vec3:
        return self.transform.position

    @property
    def rotation(self) -> Vec3:
        return Vec3(*(normalize_angle(a) for a in self.transform.rotation))

    def set_position(self, p: Vec3) -> None:
        t = self.data.setdefault("Transform", {})
        t["posX"], t["posY"], t["posZ"] = p

    def set_rotation(self, r: Vec3) -> None:
        t = self.data.setdefault("Transform", {})
        t["rotX"], t["rotY"], t["rotZ"] = (normalize_angle(a) for a in r)

    def set_scale(self, s: Vec3) -> None:
        t = self.data.setdefault("Transform", {})
        t["scaleX"], t["scaleY"], t["scaleZ"] = s

    def start_motion(self, position: Vec3 | None = None, rotation: Vec3 | None = None) -> None:
        """Begin (or retarget) a smooth move; the object is not resting until it arrives. A held object stays in
        the hand (*chosen*: the player's grip wins over the script)."""
        if self.held_by is not None:
            return
        current = self.motion
        end_pos = position if position is not None else (current.end_pos if current else self.position)
        end_rot = rotation if rotation is not None else (current.end_rot if current else self.rotation)
        self.motion = Motion(self.position, end_pos, self.rotation, end_rot, SMOOTH_FRAMES, SMOOTH_FRAMES)

    def advance(self) -> None:
        """One frame of motion: linear in position, shortest way round for each angle."""
        if self.spawning_frames:
            self.spawning_frames -= 1
        m = self.motion
        if m is None:
            return
        m.frames_left -= 1
        k = 1.0 - m.frames_left / m.frames_total
        pos = Vec3(*(a + (b - a) * k for a, b in zip(m.start_pos, m.end_pos, strict=True)))
        rot = Vec3(*(a + (((b - a + 180.0) % 360.0) - 180.0) * k for a, b in zip(m.start_rot, m.end_rot, strict=True)))
        self.set_position(pos)
        self.set_rotation(rot)
        if m.frames_left <= 0:
            self.set_position(m.end_pos)
            self.set_rotation(m.end_rot)
            self.motion = None

    @property
    def face_down(self) -> bool:
        return is_face_down(self.rotation)

    def rotation_faces(self) -> list[tuple[Any, Vec3]]:
        return [
            (rv.get("Value"), Vec3(*(float(rv.get("Rotation", {}).get(a, 0.0)) for a in "xyz")))
            for rv in self.data.get("RotationValues") or []
        ]

    def rotation_value(self) -> Any:
        return face_up_value(self.rotation, self.rotation_faces())

    def contents(self) -> list[dict[str, Any]]:
        contents: list[dict[str, Any]] = self.data.setdefault("ContainedObjects", [])
        return contents

    def snapshot(self) -> dict[str, Any]:
        return copy.deepcopy(self.data)


TRANSFORM_KEYS = tuple(f"{kind}{axis}" for kind in ("pos", "rot", "scale") for axis in "XYZ")
_NESTED = ("ContainedObjects", "ChildObjects")


def as_single(value: float) -> float:
    """A number as TTS writes a transform it holds: Unity keeps a float32, and Json.NET writes it as .NET's "R"
    does (7 significant digits when they give the float back, else 9): a position set to 1/3 is saved as
    0.333333343, and a saved 16.0999985 stays 16.0999985 (issue 41)."""
    try:
        single = float(struct.unpack("<f", struct.pack("<f", value))[0])
    except OverflowError:
        return value  # beyond float32: Unity would hold infinity, which a save cannot write (*chosen*: kept)
    for digits in (7, 9):
        text = float(f"{single:.{digits}g}")
        if struct.unpack("<f", struct.pack("<f", text))[0] == single:
            return text
    return single  # NaN


def saved_transforms(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (an object's save entry) with its transform, and those of what it holds, as TTS writes them."""
    transform = data.get("Transform")
    if isinstance(transform, dict):
        for key in TRANSFORM_KEYS:
            value = transform.get(key)
            if isinstance(value, int | float) and not isinstance(value, bool) and as_single(value) != value:
                transform[key] = as_single(value)  # a value TTS wrote stays as written (an int, too)
    for key in _NESTED:
        for inner in data.get(key) or []:
            if isinstance(inner, dict):
                saved_transforms(inner)
    for inner in (data.get("States") or {}).values():
        if isinstance(inner, dict):
            saved_transforms(inner)
    return data
