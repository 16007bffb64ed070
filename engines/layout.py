"""Places on a board, in the board's own coordinates, so a moved or rotated board is still read right.

A game declares its spots (hexes, slots, regions' centres) in the board's local frame; world positions come
from the board object's transform on the live table. Locating a piece is the inverse: the nearest spot within
``snap`` (in world units), or an error when the piece lies between spots.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from bridge.table import TableObject, Vec3
from bridge.table.geometry import Transform
from bridge.table.model import board_size

__all__ = [
    "BetweenSpots",
    "BoardLayout",
    "Located",
    "board_units",
]


@dataclass(frozen=True)
class Located:
    spot: str | None  # None: not on any spot (off the board)
    distance: float


class BetweenSpots(ValueError):
    """A piece on the board but not clearly on one spot."""


def board_units(board: TableObject | Transform, built_scale: float) -> Transform:
    """The board's frame in board units: world units of the board as built (at ``built_scale``), so a spot in
    those units lands where TTS puts the point local/scale away (TTS multiplies local points by the scale); a board
    a person resized moves its spots with it. A custom board on the table whose GM notes give no built size (a
    table built before boards were scaled by TTS's rule, issue 20) counts as built at its own scale."""
    t = board.transform if isinstance(board, TableObject) else board
    if isinstance(board, TableObject) and board.name == "Custom_Board" and board_size(board.gm_notes) is None:
        built_scale = t.scale.z or 1.0
    s = t.scale
    return Transform(t.position, t.rotation, Vec3(s.x / built_scale, s.y, s.z / built_scale))


@dataclass(frozen=True)
class BoardLayout:
    """``spots`` maps a name to a point in board units (world units across the board as built, at ``scale``:
    :func:`board_units`); TTS's local coordinates are those divided by the scale (``Builder.board`` writes snap
    points so)."""

    spots: Mapping[str, Vec3]
    snap: float  # a piece within this distance (world units, on the table plane) of a spot is on it
    extent: float  # a piece further than this from every spot is off the board
    scale: float = 1.0  # the board's x/z scale as built (bridge/table/ttsfacts.py: how TTS sizes a custom board)
    _items: tuple[tuple[str, Vec3], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_items", tuple(self.spots.items()))  # the key of the world-spot cache

    def frame(self, board: TableObject | Transform) -> Transform:
        return board_units(board, self.scale)

    def world(self, board: TableObject | Transform, spot: str) -> Vec3:
        return self.frame(board).to_world(self.spots[spot])

    def locate(self, board: TableObject | Transform, position: Vec3) -> Located:
        return self.locate_in(self.frame(board), position)

    def locate_in(self, t: Transform, position: Vec3) -> Located:
        """The spot at ``position`` with the board's frame ``t`` already made (a table profile's, say); raises
        :class:`BetweenSpots` for a piece between two."""
        ranked = sorted((spot.distance_xz(position), name) for name, spot in _world_spots(self._items, t))
        if not ranked:
            return Located(None, float("inf"))
        best_distance, best = ranked[0]
        if best_distance <= self.snap:
            return Located(best, best_distance)
        if best_distance > self.extent:
            return Located(None, best_distance)
        order = list(self.spots)
        near = sorted((name for _, name in ranked[:2]), key=order.index)
        raise BetweenSpots(f"lies between {' and '.join(near)} ({best_distance:.2f} from {best})")


@lru_cache(maxsize=256)
def _world_spots(spots: tuple[tuple[str, Vec3], ...], board: Transform) -> tuple[tuple[str, Vec3], ...]:
    """Spots in world coordinates for one board transform: a table read locates hundreds of pieces on one board."""
    return tuple((name, board.to_world(local)) for name, local in spots)
