"""The table model: what is on the virtual table, from a live snapshot or a save file."""

from bridge.table.geometry import Transform, Vec3, angle_delta, normalize_angle
from bridge.table.model import CONTAINER_TYPES, Table, TableError, TableObject, type_of
from bridge.table.savefile import ObjectState, SaveFile, SaveFileError

__all__ = [
    "CONTAINER_TYPES",
    "ObjectState",
    "SaveFile",
    "SaveFileError",
    "Table",
    "TableError",
    "TableObject",
    "Transform",
    "Vec3",
    "angle_delta",
    "normalize_angle",
    "type_of",
]
