"""Where everything of The White Castle lies on the TTS table, as areas (scripting zones) and spots in them.

Built-in TTS objects only, except the bot's cards (faces drawn from the deck data): dice are ``Die_6`` with
``RotationValues``, die tiles are coloured blocks (their colour in GM Notes too), courtiers are pawns, tracks are
rows of spots with a marker on one of them. The build tags everything (``whitecastle.*``) and the built table's
profile (``roles.py``) finds the pieces by those tags; the reader places a piece by where it lies on the board: every
area below is also a box in the board's own units (:data:`LAYOUT`, :class:`OnBoard`), so a moved, turned or scaled
board, or a mod's board whose profile says where our layout lies on it, reads the same. The built table's scripting
zones are the same boxes, for people to see in TTS. **Unverified in real TTS**: the ``Die_6`` face rotations below
and how the zones' sizes look on TTS's table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from bridge.table import Vec3
from bridge.table.geometry import Transform
from bridge.table.ttsfacts import scale_for_depth
from engines.layout import BoardLayout
from engines.tablekit import Area, grid
from engines.whitecastle.board import FLOORS, ZONES, board, place_name
from engines.whitecastle.deck import SoloDeck

TAG_PREFIX = "whitecastle"
ZONE_TAG, DIE_TAG, TILE_TAG = f"{TAG_PREFIX}.zone", f"{TAG_PREFIX}.die", f"{TAG_PREFIX}.tile"
COURTIER_TAG, CARD_TAG, COIN_TAG, LAP_TAG = (
    f"{TAG_PREFIX}.courtier",
    f"{TAG_PREFIX}.card",
    f"{TAG_PREFIX}.coin",
    f"{TAG_PREFIX}.lap",
)
MARKER_TAG = f"{TAG_PREFIX}.marker"
YOUR_COURTIER_TAG = f"{TAG_PREFIX}.yours.courtier"  # the person's courtiers (the bot's carry COURTIER_TAG)
SURFACE_Y = 1.1  # just above the table's surface
COIN_SUPPLY_TAG, LAP_SUPPLY_TAG = f"{TAG_PREFIX}.supply.coin", f"{TAG_PREFIX}.supply.lap"
COIN_SUPPLY_AT, LAP_SUPPLY_AT = Vec3(21, SURFACE_Y, -6), Vec3(21, SURFACE_Y, -10)  # infinite bags, outside every zone
HELD_AT = Vec3(15, SURFACE_Y + 1.0, -2.8)  # the bot's die between a bridge and its space, above the revealed row
RGB = {"red": (0.8, 0.1, 0.1), "black": (0.1, 0.1, 0.1), "white": (0.95, 0.95, 0.95), "bot": (0.55, 0.2, 0.75)}
# Die_6 faces: the rotation that shows each value on top (unverified against TTS's built-in die).
DIE_FACES = {
    1: (-90.0, 0.0, 0.0),
    2: (0.0, 0.0, 0.0),
    3: (0.0, 0.0, -90.0),
    4: (0.0, 0.0, 90.0),
    5: (0.0, 0.0, 180.0),
    6: (90.0, 0.0, 0.0),
}
PERSON_MARKER_Z = 0.5  # your Influence marker sits beside the bot's on the Passage of Time (W6 reads it)
SNAP = 0.6  # a die further than this from every space of its bridge lies between them
CP_TRACK = 50  # clan-point spaces before the track loops; a lap token counts each loop
# Chosen (not the printed board's): your resource tracks run 0..last; the coins' is long enough for a die's gain on
# every turn of the game on top of a start.
YOUR_TRACKS = {"coins": 50, "seals": 10, "food": 10, "iron": 10, "mother_of_pearl": 10}
ROUND_SPOTS = board().rounds + 1  # rounds 1..3, then "done": the person says their final scoring is complete
DIE_SLOT_Z, TILE_Z = 0.9, -0.9  # in a castle space: the die above its tiles
TIME_SPOTS = 40  # Passage of Time spaces laid out when the deck file has no time track (more than a game reaches)


def time_spots(deck: SoloDeck) -> int:
    """The Passage of Time's spaces: the deck file's track, or more than a game reaches."""
    return deck.time_track.last + 1 if deck.time_track is not None else TIME_SPOTS


def tag(*parts: str) -> str:
    return ".".join((TAG_PREFIX, *parts))


ZONE_HEIGHT = 6.0  # from under the table's top to well above the board: a piece resting on the board, or on another


def area(key: str, label: str, centre: Vec3, size: Vec3) -> Area:
    return Area(TAG_PREFIX, key, label, centre, Vec3(size.x, ZONE_HEIGHT, size.z))


def track_words(track: str) -> str:
    return track.replace("_", "-" if track == "mother_of_pearl" else " ")


def _areas() -> dict[str, Area]:
    b = board()
    out: dict[str, Area] = {}
    for i, colour in enumerate(b.bridges):
        out[f"bridge.{colour}"] = area(
            f"bridge.{colour}", f"{colour} bridge", Vec3(-7 + 7 * i, SURFACE_Y, -9), Vec3(6, 2, 2)
        )
    rows = {"first_floor": 0.0, "second_floor": 5.0, "outside_walls": -4.5}
    for zone in ZONES:
        n = b.zones[zone].spaces
        for space in range(1, n + 1):
            x = (space - (n + 1) / 2) * (8.0 if zone != "outside_walls" else 16.0)
            label = place_name(zone, space)
            out[f"{zone}.{space}"] = area(f"{zone}.{space}", label, Vec3(x, SURFACE_Y, rows[zone]), Vec3(5, 2, 3.5))
    out["well"] = area("well", "the Well", Vec3(0, SURFACE_Y, -4.5), Vec3(5, 2, 3.5))
    out["domain"] = area("domain", "your domain", Vec3(0, SURFACE_Y, -14), Vec3(12, 2, 4))
    for i, floor in enumerate(FLOORS):
        for key, whose, x in (("floor", "bot", -17.6), ("you.floor", "your", -23.6)):
            label = f"{whose} courtiers: {floor.replace('_', ' ')}"
            out[f"{key}.{floor}"] = area(f"{key}.{floor}", label, Vec3(x, SURFACE_Y, -8 + 4 * i), Vec3(5, 2, 3))
    out["you.coins"] = area("you.coins", "your coins", Vec3(0, SURFACE_Y, -18), Vec3(40.8, 2, 2))
    for i, track in enumerate(t for t in YOUR_TRACKS if t != "coins"):
        out[f"you.{track}"] = area(
            f"you.{track}", f"your {track_words(track)}", Vec3(-15 + 10 * i, SURFACE_Y, -21), Vec3(9, 2, 2)
        )
    out["you.cp.laps"] = area("you.cp.laps", "your clan-point laps", Vec3(10.5, SURFACE_Y, -13), Vec3(3, 2, 2))
    out["bot.deck"] = area("bot.deck", "bot deck", Vec3(15, SURFACE_Y, 6), Vec3(3, 2, 4))
    out["bot.revealed"] = area(
        "bot.revealed", "bot cards revealed", Vec3(16, SURFACE_Y, 0), Vec3(10, 2, 4.5)
    )  # clear of F1 3
    out["bot.discard"] = area("bot.discard", "bot discard", Vec3(19, SURFACE_Y, 6), Vec3(3, 2, 4))
    out["bot.coins"] = area("bot.coins", "bot coins", Vec3(15, SURFACE_Y, -6), Vec3(5, 2, 3))
    out["cp.laps"] = area("cp.laps", "bot clan-point laps", Vec3(15, SURFACE_Y, -10), Vec3(3, 2, 2))
    out["time"] = area("time", "Passage of Time", Vec3(0, SURFACE_Y, 10), Vec3(30, 2, 2))
    out["cp"] = area("cp", "clan points", Vec3(0, SURFACE_Y, 13), Vec3(40, 2, 2))
    out["round"] = area("round", "round", Vec3(19.5, SURFACE_Y, 10), Vec3(6, 2, 2))
    return out


AREAS = _areas()


def round_spot(rnd: int, scored: bool = False, areas: Mapping[str, Area] = AREAS) -> Vec3:
    """The round marker's place: on its round, or past the last one once the person's final scoring is done."""
    return areas["round"].spot(ROUND_SPOTS - 1 if scored else rnd - 1, ROUND_SPOTS)


def your_spot(track: str, value: int, areas: Mapping[str, Area] = AREAS) -> Vec3:
    """Your marker's place on one of your resource tracks (0 at the left)."""
    return areas[f"you.{track}"].spot(value, YOUR_TRACKS[track] + 1)


BOARD_TAG = f"{TAG_PREFIX}.board"
BOARD_AT = Vec3(-2, 1.0, -3.5)  # under every zone: the printed spaces, labels and numbered tracks
BOARD_SIZE = (49.0, 38.0)
TRACKS = {"time": 0, "cp": CP_TRACK, "round": ROUND_SPOTS, **{f"you.{t}": last + 1 for t, last in YOUR_TRACKS.items()}}
TWO_ROWS = {"time", "cp"}  # the bot's marker on the track's line, yours half a unit above it


def track_spots(key: str, time_spots: int) -> list[Vec3]:
    """Every space of a track, left to right (the Passage of Time's count comes from the deck file)."""
    n = TRACKS[key] or time_spots
    return [AREAS[key].spot(i, n) for i in range(n)]


def snap_points(time_spots: int) -> list[Vec3]:
    """Where a dropped piece lands in TTS: every track space (both markers' rows), each bridge's three dice, each
    castle space's die slot. Relative to the board's centre."""
    b = board()
    spots = [s for key in TRACKS for s in track_spots(key, time_spots)]
    spots += [Vec3(s.x, s.y, s.z + PERSON_MARKER_Z) for key in TWO_ROWS for s in track_spots(key, time_spots)]
    spots += [AREAS[f"bridge.{c}"].spot(i, b.dice_per_bridge) for c in b.bridges for i in range(b.dice_per_bridge)]
    spots += [
        Vec3(a.centre.x, SURFACE_Y, a.centre.z + DIE_SLOT_Z) for z in ZONES for a in (AREAS[k] for k in room_keys(z))
    ]
    return [Vec3(s.x - BOARD_AT.x, 0.1, s.z - BOARD_AT.z) for s in spots]


def room_keys(zone: str) -> list[str]:
    return [k for k in AREAS if k.startswith(f"{zone}.")]


# --- the areas in the board's own units, where a table profile places them ----------------------------------------

HELD = "held"  # the layout's point for the bot's die between a bridge and its space


def _board_spots() -> dict[str, Vec3]:
    """Each area's centre (and the held die's point) in board units: world units from the built board's centre."""
    return {key: a.centre - BOARD_AT for key, a in AREAS.items()} | {HELD: HELD_AT - BOARD_AT}


LAYOUT = BoardLayout(_board_spots(), snap=SNAP, extent=max(BOARD_SIZE), scale=scale_for_depth(BOARD_SIZE[1]))
"""The board's one layout (``areas`` in the game's profile spec): a profile's per-space offset moves an area whole."""


@dataclass(frozen=True)
class OnBoard:
    """The areas where the board lies on one table: ``areas`` in board units (a profile's offsets applied) and
    ``frame``, board units to the world. The reader asks where a piece lies through it, the planner where to put one."""

    frame: Transform
    areas: Mapping[str, Area]
    held: Vec3

    @classmethod
    def placed(cls, frame: Transform, layout: BoardLayout) -> OnBoard:
        """``layout`` (:data:`LAYOUT` with a profile's offsets) on the board whose frame is ``frame``."""
        areas = {key: replace(a, centre=layout.spots[key]) for key, a in AREAS.items()}
        return cls(frame, areas, layout.spots[HELD])

    def local(self, world: Vec3) -> Vec3:
        return self.frame.to_local(world)

    def world(self, local: Vec3) -> Vec3:
        return self.frame.to_world(local)

    def area_of(self, world: Vec3) -> str | None:
        """The first area whose box holds ``world`` (its centre, as a zone holds a piece)."""
        p = self.local(world)
        return next((key for key, a in self.areas.items() if _holds(a, p)), None)

    def spot(self, key: str, index: int, of: int, *, z: float = 0.0) -> Vec3:
        return self.world(self.areas[key].spot(index, of, z=z))

    def grid(self, key: str, index: int, *, per_row: int, rows: int, step: float = 1.0) -> Vec3:
        return self.world(grid(self.areas[key].centre, index, per_row=per_row, rows=rows, step=step))

    def die_slot(self, key: str) -> Vec3:
        """Where a die goes on a castle space: above its tiles."""
        c = self.areas[key].centre
        return self.world(Vec3(c.x, c.y, c.z + DIE_SLOT_Z))


def _holds(area: Area, p: Vec3) -> bool:
    c, s = area.centre, area.size
    return all(abs(a - b) <= size / 2 + 1e-6 for a, b, size in zip(p, c, s, strict=True))
