"""The 2-player War Chest board: 37 hexes in axial coordinates (q, r), s = -q - r, and its 10 locations.

Side A starts on A1 and A2, side B on B1 and B2; the only symmetry is the half-turn (q, r) -> (-q, -r).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

Hex = tuple[int, int]

RADIUS = 3
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
CENTER: Hex = (0, 0)

HEXES: tuple[Hex, ...] = tuple(
    sorted((q, r) for q in range(-RADIUS, RADIUS + 1) for r in range(-RADIUS, RADIUS + 1) if abs(q + r) <= RADIUS)
)
HEX_SET = frozenset(HEXES)

LOCATIONS: dict[str, Hex] = {
    "A1": (1, -3),
    "A2": (3, -2),
    "N1": (-1, -2),
    "N2": (0, -1),
    "N3": (2, 0),
    "N4": (-2, 0),
    "N5": (0, 1),
    "N6": (1, 2),
    "B1": (-1, 3),
    "B2": (-3, 2),
}
LOCATION_NAMES: dict[Hex, str] = {h: name for name, h in LOCATIONS.items()}
LOCATION_SET = frozenset(LOCATIONS.values())
STARTS: tuple[tuple[Hex, Hex], tuple[Hex, Hex]] = (
    (LOCATIONS["A1"], LOCATIONS["A2"]),
    (LOCATIONS["B1"], LOCATIONS["B2"]),
)

NEIGHBOURS: dict[Hex, tuple[Hex, ...]] = {
    h: tuple(n for d in DIRECTIONS if (n := (h[0] + d[0], h[1] + d[1])) in HEX_SET) for h in HEXES
}


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def name(h: Hex) -> str:
    """A location's id, or the hex's coordinates."""
    found = LOCATION_NAMES.get(h)
    return found if found is not None else f"({h[0]},{h[1]})"


@functools.cache  # a few hundred lines in all, asked for at every Crossbowman's and Lancer's turn
def straight_line(h: Hex, direction: Hex, steps: int) -> tuple[Hex, ...]:
    """The next ``steps`` hexes from h in one direction, stopping at the board's edge."""
    out: list[Hex] = []
    q, r = h
    for _ in range(steps):
        q, r = q + direction[0], r + direction[1]
        if (q, r) not in HEX_SET:
            break
        out.append((q, r))
    return tuple(out)


# Sets of hexes as bits of one int (the AI's hot path, issue 18): hex (q, r) is bit (r + R) * W + q + R of a grid
# whose rows are one column wider than the board, so a neighbour step is a shift, and a step off the board lands on
# that spare column (either side: a row's spare column is the next row's left neighbour) or beyond the first or
# last row, which the board's mask drops. 55 bits: two of CPython's 30-bit digits, where a grid padded all round
# took three (and every operation on them longer).
_W = 2 * RADIUS + 2
BIT: dict[Hex, int] = {h: 1 << ((h[1] + RADIUS) * _W + h[0] + RADIUS) for h in HEXES}
BOARD_MASK = sum(BIT.values())


def path_distances(sources: int, blocked: int) -> tuple[int, ...]:
    """Breadth-first rings from the hexes in the ``sources`` mask, stepping only through hexes not in the
    ``blocked`` mask: ring d holds the hexes at path distance d from the nearest source (a hex's distance is the
    first ring holding its bit). A blocked hex gets a distance (you can reach it) but is not expanded; the sources
    always are. A path reads the same both ways (only its inner hexes must be empty), so the ring of a hex is also
    its distance to the nearest source: one search from a set of targets serves every hex asking for the nearest."""
    edge = sources & BOARD_MASK
    rings = [edge]
    unseen = BOARD_MASK ^ edge
    w, v = _W, _W - 1
    while edge:
        # every hex next to the edge: (q +- 1, r), (q, r +- 1), (q + 1, r - 1), (q - 1, r + 1)
        reached = ((edge << 1) | (edge >> 1) | (edge << w) | (edge >> w) | (edge >> v) | (edge << v)) & unseen
        if not reached:
            break
        unseen ^= reached
        rings.append(reached)
        edge = reached & ~blocked
    return tuple(rings)


def mask_of(hexes: Iterable[Hex]) -> int:
    mask = 0
    for h in hexes:
        mask |= BIT[h]
    return mask


@functools.lru_cache(maxsize=4096)  # the same few sets come back (the locations some side holds)
def hexes_in(mask: int) -> tuple[Hex, ...]:
    """The hexes of a mask, in board order."""
    return tuple(h for h in HEXES if BIT[h] & mask)


def reachable_in(start: Hex, steps: int, empty: Callable[[Hex], bool]) -> set[Hex]:
    """Hexes at the end of a path of exactly ``steps`` moves through empty hexes (never back to the start)."""
    frontier = {start}
    for _ in range(steps):
        frontier = {n for h in frontier for n in NEIGHBOURS[h] if empty(n) and n != start}
    return frontier
