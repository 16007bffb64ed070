import math

import pytest

from bridge.table.geometry import (
    Transform,
    Vec3,
    angle_delta,
    face_up_value,
    is_face_down,
    normalize_angle,
    rotation_matrix,
)


@pytest.mark.parametrize(
    ("raw", "norm"), [(-8.6e-07, 0.0), (359.9999999999, 0.0), (-90, 270), (720.5, 0.5), (180, 180)]
)
def test_normalize(raw, norm):
    assert normalize_angle(raw) == pytest.approx(norm)


def test_wrap_aware_difference():
    assert angle_delta(359.97, 0.01) == pytest.approx(0.04)
    assert angle_delta(90, 270) == pytest.approx(180)


def test_unity_rotation_order_and_axes():
    # Unity: yaw 90 turns +X into -Z; pitch 90 turns +Y into +Z; roll 90 turns +X into +Y.
    def rot(r, v):
        m = rotation_matrix(Vec3(*r))
        return Vec3(*(row.x * v[0] + row.y * v[1] + row.z * v[2] for row in m))

    assert rot((0, 90, 0), (1, 0, 0)) == pytest.approx((0, 0, -1), abs=1e-9)
    assert rot((90, 0, 0), (0, 1, 0)) == pytest.approx((0, 0, 1), abs=1e-9)
    assert rot((0, 0, 90), (1, 0, 0)) == pytest.approx((0, 1, 0), abs=1e-9)


@pytest.mark.parametrize(
    ("rot", "down"),
    [
        ((0, 0, 0), False),
        ((0, 0, 180), True),
        ((180, 0, 0), True),
        ((180, 0, 180), False),
        ((0, 123, 179), True),
        ((10, 200, 5), False),
    ],
)
def test_face_down(rot, down):
    assert is_face_down(Vec3(*rot)) is down


def test_to_world_and_back():
    t = Transform(Vec3(3, 1, -2), Vec3(10, 37, 5), Vec3(2, 1, 0.5))
    local = Vec3(0.3, -0.2, 0.9)
    assert t.to_local(t.to_world(local)) == pytest.approx(local)


def test_to_world_scales_then_rotates_then_moves():
    t = Transform(Vec3(10, 0, 0), Vec3(0, 90, 0), Vec3(2, 1, 1))
    assert t.to_world(Vec3(1, 0, 0)) == pytest.approx((10, 0, -2), abs=1e-9)


def test_face_up_value_of_a_d6():
    faces = [
        (1, Vec3(-90, 0, 0)),
        (2, Vec3(0, 0, 0)),
        (3, Vec3(0, 0, -90)),
        (4, Vec3(0, 0, 90)),
        (5, Vec3(0, 0, -180)),
        (6, Vec3(90, 0, 0)),
    ]
    for value, rotation in faces:
        assert face_up_value(rotation, faces) == value
        jittered = Vec3(rotation.x + 4, rotation.y + 33, rotation.z - 3)
        assert face_up_value(jittered, faces) == value
    assert face_up_value(Vec3(0, 0, 0), []) is None
    assert math.isclose(normalize_angle(-180), 180)
