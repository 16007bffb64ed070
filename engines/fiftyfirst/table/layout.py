"""Where everything of 51st State lies on the TTS table: the areas (scripting zones) and track boards the build lays,
and how places are worked out from a zone or a board as the table holds it (moved, turned, a mod's own), so the
reader and planner never use the build's coordinates. A card belongs to the zone whose box holds its centre. Which
object is which zone or board is the table profile's to say (:mod:`engines.fiftyfirst.table.roles`).

Cards carry their data id in GM Notes (spec f). The person's rows follow the cards' classes; a Ruins is a location
face down; a used Action is turned sideways (or holds workers); protection is a tagged marker on the card. Passing is a
token moved into the "passed" zone; the phase is a marker on three spaces (Lookout, Action, game over); the bot's
attacks this round a marker on four (0-3), since the attack pile alone does not count them when a protected
location's attack card is discarded (D4); scores are markers on a 0-49 track with a lap chip for each 50.
**Unverified in real TTS**: zone sizes, the card faces, the sideways reading.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from bridge.table import TableObject, Vec3
from bridge.table.geometry import Transform
from bridge.table.ttsfacts import scale_for_depth
from engines.layout import BoardLayout
from engines.tablekit import BETWEEN, Area, grid

TAG_PREFIX = "fiftyfirst"
ZONE_TAG, CARD_TAG, CONNECTION_TAG = f"{TAG_PREFIX}.zone", f"{TAG_PREFIX}.card", f"{TAG_PREFIX}.connection"
PROTECTION_TAG, WORKER_TAG, LAP_TAG = f"{TAG_PREFIX}.protection", f"{TAG_PREFIX}.worker", f"{TAG_PREFIX}.lap"
LAP_SUPPLY_TAG = f"{TAG_PREFIX}.supply.lap"
TARGET_TAG = f"{TAG_PREFIX}.target"  # the token the person lays on the location the bot razes, when it asks
SURFACE_Y = 1.1
CARD_STEP = 2.4  # cards side by side
ON_CARD = 1.0  # a marker this close to a card's centre lies on it
TRACK = 50
SEATS = ("person", "bot")
ROWS = ("production", "feature", "action")


def tag(*parts: str) -> str:
    return ".".join((TAG_PREFIX, *parts))


def row_of(cls: str) -> str:
    return "production" if cls.startswith("production") else cls


def slot(area: Area, index: int, *, lift: float = 0.0) -> Vec3:
    """The index-th card place from the zone's left edge (one card step apart)."""
    return Vec3(area.centre.x - area.size.x / 2 + CARD_STEP * (index + 0.5), SURFACE_Y + lift, area.centre.z)


def _areas() -> dict[str, Area]:
    out: dict[str, Area] = {}

    def add(key: str, label: str, at: tuple[float, float], size: tuple[float, float]) -> None:
        out[key] = Area(TAG_PREFIX, key, label, Vec3(at[0], SURFACE_Y, at[1]), Vec3(size[0], 2, size[1]))

    add("deck", "draw deck", (-16, 8), (3, 4))
    add("discard", "discard pile", (-12, 8), (3, 4))
    add("conn.blue", "blue connection pile", (-16, 2), (3, 4))
    add("conn.red", "red connection pile", (-12, 2), (3, 4))
    add("conn.discard", "claimed connection cards", (-14, -4), (7, 4))
    add("lookout", "Lookout row", (0, 8), (4 * CARD_STEP, 4))
    add("attack", "attack pile", (12, 8), (3 * CARD_STEP, 4))
    for i, row in enumerate(ROWS):
        add(f"person.{row}", f"your {row} row", (4, -4 - 4.5 * i), (30, 4))
        add(f"bot.{row}", f"the bot's {row} row", (4, 20 - 4.5 * i), (30, 4))
    add("phase", "phase (Lookout, Action, game over)", (-14, 14), (6, 2))
    add("attacks", "the bot's attacks this round (0-3)", (-14, 11.5), (6, 2))
    add("choose", "a tie: lay the target token on the location it razes", (12, 2), (5, 3))
    add("hand", "your hand (White)", (-4, -18), (12, 4))
    add("passed", "passed (a pass token here)", (-14, 18), (5, 3))
    add("tokens", "tokens not in play", (-14, 22), (5, 3))
    add("person.board", "your faction board: your goods and workers", (25, -8.5), (8, 12))
    add("supply", "the supply: goods, workers, spent ones back here", (-22, -8), (6, 14))
    add("score", "score track", (4, 26), (40, 2))
    add("laps.person", "your score laps", (28, 28), (3, 2))
    add("laps.bot", "the bot's score laps", (28, 24), (3, 2))
    add("round", "round track (a lap chip for each time round)", (4, 30), (24, 2))
    add("laps.round", "round laps", (19, 30), (3, 2))
    return out


AREAS = _areas()
GOODS: dict[str, tuple[float, float, float]] = {  # the supply's goods, each a tinted token from an infinite bag
    "worker": (0.92, 0.92, 0.92),
    "fuel": (0.15, 0.15, 0.15),
    "gun": (0.5, 0.5, 0.55),
    "iron": (0.6, 0.35, 0.2),
    "brick": (0.75, 0.25, 0.15),
    "ammo": (0.8, 0.65, 0.2),
}
ROUNDS = 20  # spaces of the round track; the game has no last round (L72: it ends at 25 points), so it laps
MARKER_COLOURS = {"person": (0.95, 0.95, 0.95), "bot": (0.2, 0.45, 0.85), "round": (0.85, 0.7, 0.2)}


@dataclass(frozen=True)
class Track:
    """A marker's track: ``length`` spaces in its area numbered from ``first``, and a lap chip in the ``laps`` area
    for each time round, so no value wraps silently."""

    area: str
    laps: str
    length: int
    first: int = 0

    def place(self, value: int) -> tuple[int, Vec3]:
        """The laps and the space (a point above it) of ``value``."""
        laps, space = divmod(value - self.first, self.length)
        return laps, AREAS[self.area].spot(space, self.length, lift=0.2)

    def lap_spot(self, index: int) -> Vec3:
        return grid(AREAS[self.laps].centre, index, per_row=3, rows=1)

    @property
    def names(self) -> list[str]:
        return [str(self.first + i) for i in range(self.length)]


TRACKS = {
    "person": Track("score", "laps.person", TRACK),
    "bot": Track("score", "laps.bot", TRACK),
    "round": Track("round", "laps.round", ROUNDS, 1),
}


def supply_spot(index: int) -> Vec3:
    """The index-th bag of the supply, top to bottom; spent pieces go back beside it."""
    area = AREAS["supply"]
    return Vec3(area.centre.x - 1.5, SURFACE_Y, area.centre.z - area.size.z / 2 + 1.5 + 2.2 * index)


def good_tag(good: str) -> str:
    return WORKER_TAG if good == "worker" else tag("good", good)


PHASES = ("lookout", "action", "over")
ATTACKS = 4  # spaces 0-3 of the attacks marker: "You will only be attacked a maximum of three times each round"


def attacks_spot(attacks: int) -> Vec3:
    """The attacks marker's space: the round's count, which the table keeps there rather than in the attack pile."""
    return AREAS["attacks"].spot(min(max(attacks, 0), ATTACKS - 1), ATTACKS)


def asked(guids: Sequence[str], names: Sequence[str]) -> tuple[str, str]:
    """The target token's description (the question, for the person) and GM Notes (the GUIDs of the tied locations'
    cards, as JSON) while the bot asks which it razes: the table keeps the tie the bot found with its own options,
    and your answer is checked against that."""
    question = f"the bot asks which it razes: {' or '.join(names)}. Lay this token on it, then press Choose target"
    return question, json.dumps({"tied": list(guids)})


# --- places from the table as it lies: a zone's box or a track board's frame ----------------------------------

ONE = Vec3(1.0, 1.0, 1.0)
TRACK_BOARDS = ("score", "round")  # areas read on their boards (the board's frame and layout), not as zones
TRACK_STEP = {key: AREAS[key].size.x / length for key, length in (("score", TRACK), ("round", ROUNDS))}


def track_layout(key: str) -> BoardLayout:
    """The spaces of a track board in board units (world units from its centre as built), named by value."""
    area, track = AREAS[key], next(t for t in TRACKS.values() if t.area == key)
    spots = {name: area.spot(i, track.length) - area.centre for i, name in enumerate(track.names)}
    step = TRACK_STEP[key]
    return BoardLayout(spots=spots, snap=BETWEEN * step, extent=step, scale=scale_for_depth(area.size.z))


BOARD_LAYOUTS = {key: track_layout(key) for key in TRACK_BOARDS}


@dataclass(frozen=True)
class Row:
    """A row of spaces left to right in a frame of its own (a zone's box, a track board's board units): where each
    lies on the table, and which one a piece lies on."""

    frame: Transform  # the row's units -> the table
    spots: tuple[Vec3, ...]  # its spaces, left to right, in the row's units
    step: float  # from one space to the next
    depth: float  # how far across the row (z) a piece may lie and still be on it

    def at(self, index: int, *, lift: float = 0.0) -> Vec3:
        return self.frame.to_world(self.spots[index] + Vec3(0.0, lift, 0.0))

    def space(self, position: Vec3) -> tuple[int, int | None] | None:
        """The space nearest ``position`` and, when it lies more than :data:`BETWEEN` of a space off it, the one it
        leans towards (tablekit.track_space, read in the row's own frame); None when it lies off the row."""
        local = self.frame.to_local(position)
        offsets = [local.x - s.x for s in self.spots]
        nearest = min(range(len(offsets)), key=lambda i: abs(offsets[i]))
        if abs(offsets[nearest]) > self.step / 2 + 1e-6 or abs(local.z - self.spots[nearest].z) > self.depth / 2:
            return None
        if abs(offsets[nearest]) <= BETWEEN * self.step:
            return nearest, None
        return nearest, min(max(nearest + (1 if offsets[nearest] > 0 else -1), 0), len(self.spots) - 1)


def zone_frame(zone: TableObject) -> Transform:
    """A zone's box as a frame in world units (a zone's scale is its size, not a stretch of its contents)."""
    return Transform(zone.position, zone.rotation, ONE)


def zone_row(zone: TableObject, of: int) -> Row:
    """``of`` spaces spread along a zone's width (the phase, the attacks this round)."""
    step = zone.scale.x / max(1, of)
    spots = tuple(Vec3(-zone.scale.x / 2 + step * (i + 0.5), 0.0, 0.0) for i in range(of))
    return Row(zone_frame(zone), spots, step, zone.scale.z)


def board_row(frame: Transform, layout: BoardLayout, depth: float) -> Row:
    """A track board's spaces (its layout with the profile's offsets) in the board's frame (board units)."""
    spots = tuple(layout.spots.values())
    step = abs(spots[1].x - spots[0].x) if len(spots) > 1 else 1.0
    return Row(frame, spots, step, depth)


def card_place(zone: TableObject, index: int, *, lift: float = 0.0) -> Vec3:
    """The index-th card place from a zone's left edge (one card step apart), as :func:`slot` on the built zone."""
    return zone_frame(zone).to_world(Vec3(-zone.scale.x / 2 + CARD_STEP * (index + 0.5), lift, 0.0))


def zone_point(zone: TableObject, x: float = 0.0, lift: float = 0.0) -> Vec3:
    """A point of a zone ``x`` along its width from its centre, ``lift`` above it."""
    return zone_frame(zone).to_world(Vec3(x, lift, 0.0))
