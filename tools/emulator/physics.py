"""``Physics.cast`` on the emulated geometry: every object is a box (its size as ``getBounds`` reports it, turned
with it: ``api_object.object_size``), and a ray, a sphere or a box sweeps along a direction (api: Physics).

A cast with ``max_distance`` 0 is an overlap test where it starts (the reference's own example finds objects in a
radius that way); a longer cast reports each object at the first distance where the shape touches it. Objects
the cast starts inside are hit at distance 0 by spheres and boxes, never by rays (Unity's raycast ignores a
collider it starts in). Zones are triggers, not solid, and are never hit (*chosen*). The table itself is not an
object here and is never hit.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridge.table.geometry import ZERO, Transform, Vec3, apply, apply_inverse, rotation_matrix

RAY, SPHERE, BOX = 1, 2, 3
FAR = 1000.0  # "max_distance … defaults to infinity": nothing on a table lies further (*chosen* cap)
_STEPS = 48


@dataclass(frozen=True)
class Box:
    centre: Vec3
    rotation: Vec3
    half: Vec3

    @classmethod
    def of(cls, transform: Transform, size: Vec3 | None = None) -> Box:
        """The box of an object placed by ``transform``, ``size`` across (its scale when not given)."""
        s = transform.scale if size is None else size
        return cls(transform.position, transform.rotation, Vec3(abs(s.x) / 2, abs(s.y) / 2, abs(s.z) / 2))

    def local(self, p: Vec3) -> Vec3:
        return apply_inverse(rotation_matrix(self.rotation), p - self.centre)

    def closest(self, p: Vec3) -> Vec3:
        """The point of the box nearest ``p`` (``p`` itself when inside)."""
        q = self.local(p)
        clamped = Vec3(*(max(-h, min(h, c)) for c, h in zip(q, self.half, strict=True)))
        return apply(rotation_matrix(self.rotation), clamped) + self.centre

    def axes(self) -> list[Vec3]:
        m = rotation_matrix(self.rotation)
        return [apply(m, Vec3(*(1.0 if i == j else 0.0 for j in range(3)))) for i in range(3)]


def _dot(a: Vec3, b: Vec3) -> float:
    return a.x * b.x + a.y * b.y + a.z * b.z


def _cross(a: Vec3, b: Vec3) -> Vec3:
    return Vec3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)


def boxes_overlap(a: Box, b: Box) -> bool:
    """The separating-axis test for two turned boxes."""
    axes_a, axes_b = a.axes(), b.axes()
    between = b.centre - a.centre
    candidates = axes_a + axes_b + [_cross(u, v) for u in axes_a for v in axes_b]
    for axis in candidates:
        if axis.length() < 1e-9:
            continue
        reach_a = sum(h * abs(_dot(u, axis)) for h, u in zip(a.half, axes_a, strict=True))
        reach_b = sum(h * abs(_dot(u, axis)) for h, u in zip(b.half, axes_b, strict=True))
        if abs(_dot(between, axis)) > reach_a + reach_b + 1e-9:
            return False
    return True


@dataclass(frozen=True)
class Cast:
    origin: Vec3
    direction: Vec3  # unit length, or zero (a motionless cast)
    kind: int
    size: Vec3
    orientation: Vec3
    max_distance: float

    def at(self, t: float) -> Vec3:
        return self.origin + self.direction.scaled(t)

    def touches(self, box: Box, t: float) -> bool:
        centre = self.at(t)
        if self.kind == BOX:
            half = Vec3(abs(self.size.x) / 2, abs(self.size.y) / 2, abs(self.size.z) / 2)
            return boxes_overlap(Box(centre, self.orientation, half), box)
        radius = abs(self.size.x) / 2 if self.kind == SPHERE else 0.0  # *chosen*: size is the sphere's diameter
        return (box.closest(centre) - centre).length() <= radius + 1e-9

    def first_touch(self, box: Box) -> float | None:
        """The smallest distance along the cast at which the shape touches ``box``, or None."""
        if self.touches(box, 0.0):
            return None if self.kind == RAY else 0.0
        length = min(self.max_distance, FAR) if self.direction.length() > 0 else 0.0
        if length <= 0:
            return None
        step = min(length / _STEPS, max(0.05, min(box.half) / 2))
        t, previous = step, 0.0
        while t <= length + 1e-9:
            if self.touches(box, min(t, length)):
                lo, hi = previous, min(t, length)
                for _ in range(30):
                    mid = (lo + hi) / 2
                    lo, hi = (lo, mid) if self.touches(box, mid) else (mid, hi)
                return hi
            previous, t = t, t + step
        return None


def hit_point(cast: Cast, box: Box, distance: float) -> tuple[Vec3, Vec3]:
    """Where the shape meets the box, and the surface normal there (from the box towards the shape)."""
    centre = cast.at(distance)
    point = box.closest(centre)
    away = centre - point
    n = away.length()
    if n < 1e-9:
        away = centre - box.centre
        n = away.length() or 1.0
    return point, Vec3(away.x / n, away.y / n, away.z / n)


def unit(v: Vec3) -> Vec3:
    n = v.length()
    return v.scaled(1 / n) if n > 0 else ZERO
