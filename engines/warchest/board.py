"""The 2-player War Chest board: 37 hexes in axial coordinates (q, r), s = -q - r, and its 10 locations.

Side A starts on A1 and A2, side B on B1 and B2; the only symmetry is the half-turn (q, r) -> (-q, -r).
"""

from __future__ import annotations

from collections.abc import Callable, Container

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
    return LOCATION_NAMES.get(h, f"({h[0]},{h[1]})")


def straight_line(h: Hex, direction: Hex, steps: int) -> list[Hex]:
    """The next ``steps`` hexes from h in one direction, stopping at the board's edge."""
    out = []
    q, r = h
    for _ in range(steps):
        q, r = q + direction[0], r + direction[1]
        if (q, r) not in HEX_SET:
            break
        out.append((q, r))
    return out


def path_distances(start: Hex, blocked: Container[Hex]) -> dict[Hex, int]:
    """Breadth-first distances from ``start`` stepping only through hexes not ``blocked``. A blocked hex gets a
    distance (you can reach it) but is not expanded; the start is always expanded. (The AI's hot path.)"""
    dist = {start: 0}
    frontier = [start]
    depth = 0
    while frontier:
        depth += 1
        reached = []
        for h in frontier:
            if h in blocked and h != start:
                continue
            for n in NEIGHBOURS[h]:
                if n not in dist:
                    dist[n] = depth
                    reached.append(n)
        frontier = reached
    return dist


def reachable_in(start: Hex, steps: int, empty: Callable[[Hex], bool]) -> set[Hex]:
    """Hexes at the end of a path of exactly ``steps`` moves through empty hexes (never back to the start)."""
    frontier = {start}
    for _ in range(steps):
        frontier = {n for h in frontier for n in NEIGHBOURS[h] if empty(n) and n != start}
    return frontier
