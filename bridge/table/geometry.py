"""Vectors and Unity rotations, shared by the table model, game layouts and the emulator.

TTS stores Euler angles in degrees, applied in Unity's order (Z, then X, then Y), and saves hold noise such as
``359.97`` or ``-8.6e-07``; angles are therefore normalised to [0, 360) and compared with a wrap-aware tolerance.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple


class Vec3(NamedTuple):
    x: float
    y: float
    z: float

    def __add__(self, other: object) -> Vec3:  # vector sum, not tuple concatenation
        if not isinstance(other, Vec3):
            return NotImplemented
        return Vec3(self.x + other.x, self.y + other.y, self.z + other.z)

    def __sub__(self, other: Vec3) -> Vec3:
        return Vec3(self.x - other.x, self.y - other.y, self.z - other.z)

    def scaled(self, k: float) -> Vec3:
        return Vec3(self.x * k, self.y * k, self.z * k)

    def times(self, other: Vec3) -> Vec3:
        """Component-wise product (applying a scale)."""
        return Vec3(self.x * other.x, self.y * other.y, self.z * other.z)

    def length(self) -> float:
        return math.sqrt(self.x * self.x + self.y * self.y + self.z * self.z)

    def distance_xz(self, other: Vec3) -> float:
        """Distance on the table plane, ignoring height."""
        return math.hypot(self.x - other.x, self.z - other.z)


ZERO = Vec3(0.0, 0.0, 0.0)
ONE = Vec3(1.0, 1.0, 1.0)
Matrix = tuple[Vec3, Vec3, Vec3]  # rows


_ANGLE_NOISE = 1e-5  # saves hold float noise such as -8.6e-07 for 0
KEPT_BELOW = 360.0 - _ANGLE_NOISE  # an angle in [0, KEPT_BELOW) is its own normalize_angle (a fast path's test)


def normalize_angle(deg: float) -> float:
    """An angle in [0, 360); values a hair below 360 become 0 so that -8.6e-07 and 0 agree."""
    a = math.fmod(deg, 360.0)
    if a < 0:
        a += 360.0
    if a >= 360.0 - _ANGLE_NOISE:
        a = 0.0
    return a


def angle_delta(a: float, b: float) -> float:
    """Smallest absolute difference between two angles, in degrees."""
    d = abs(normalize_angle(a) - normalize_angle(b))
    return min(d, 360.0 - d)


@lru_cache(maxsize=4096)
def rotation_matrix(rotation: Vec3) -> Matrix:
    """R = Ry . Rx . Rz (Unity applies Z, then X, then Y). Cached: tables repeat a few rotations many times."""
    rx, ry, rz = (math.radians(a) for a in rotation)
    cx, sx, cy, sy, cz, sz = (
        math.cos(rx),
        math.sin(rx),
        math.cos(ry),
        math.sin(ry),
        math.cos(rz),
        math.sin(rz),
    )
    return (
        Vec3(cy * cz + sy * sx * sz, -cy * sz + sy * sx * cz, sy * cx),
        Vec3(cx * sz, cx * cz, -sx),
        Vec3(-sy * cz + cy * sx * sz, sy * sz + cy * sx * cz, cy * cx),
    )


def apply(m: Matrix, v: Vec3) -> Vec3:
    return Vec3(*(row.x * v.x + row.y * v.y + row.z * v.z for row in m))


def apply_inverse(m: Matrix, v: Vec3) -> Vec3:
    """Rotation matrices are orthonormal: the inverse is the transpose."""
    return Vec3(
        m[0].x * v.x + m[1].x * v.y + m[2].x * v.z,
        m[0].y * v.x + m[1].y * v.y + m[2].y * v.z,
        m[0].z * v.x + m[1].z * v.y + m[2].z * v.z,
    )


def up_y(rotation: Vec3) -> float:
    """World-space y of the object's local up axis: negative means face down."""
    return math.cos(math.radians(rotation.x)) * math.cos(math.radians(rotation.z))


def is_face_down(rotation: Vec3) -> bool:
    return up_y(rotation) < 0


class Transform(NamedTuple):
    position: Vec3
    rotation: Vec3
    scale: Vec3 = Vec3(1.0, 1.0, 1.0)

    def to_world(self, local: Vec3) -> Vec3:
        """Like TTS ``positionToWorld``: scale, rotate, then translate."""
        return apply(rotation_matrix(self.rotation), local.times(self.scale)) + self.position

    def to_local(self, world: Vec3) -> Vec3:
        """Like TTS ``positionToLocal``: the inverse of :meth:`to_world`."""
        v = apply_inverse(rotation_matrix(self.rotation), world - self.position)
        return Vec3(*(c / s if s else 0.0 for c, s in zip(v, self.scale, strict=True)))


def face_up_value(rotation: Vec3, faces: list[tuple[object, Vec3]]) -> object:
    """The value of the face pointing most nearly up, given (value, rotation-that-shows-it) pairs.

    A face is shown up when the object has that face's rotation; its direction in local space is therefore
    R(face)^-1 . up, and its current world direction is R(current) . that.
    """
    if not faces:
        return None
    current = rotation_matrix(rotation)
    up = Vec3(0.0, 1.0, 0.0)
    best_value, best_y = None, -2.0
    for value, face_rotation in faces:
        local_dir = apply_inverse(rotation_matrix(face_rotation), up)
        y = apply(current, local_dir).y
        if y > best_y + 1e-9:
            best_value, best_y = value, y
    return best_value
