"""Where everything of Heroes of Land, Air & Sea lies on the TTS table. The board carries the map: a piece's region
is found by turning its position into the board's own frame and testing it against the regions' outlines from the
map data (spec f: no scripting zone per region). Everything else has a scripting zone found by tag (``holas.*``).

Minis carry their unit id in GM Notes (``hero1``, ``warrior3``); a mini resting on a vessel (above it, within
``ABOARD``) is aboard. **Unverified in real TTS**: the board image's scale against the map coordinates, the zone
sizes, and the built-in pieces standing in for the printed minis.
"""

from __future__ import annotations

from collections.abc import Mapping

from bridge.table import TableObject, Vec3
from bridge.table.geometry import Transform
from bridge.table.ttsfacts import scale_for_depth
from engines.holas.data_model import MapData, Region
from engines.layout import BoardLayout, board_units
from engines.tablekit import Area

TAG_PREFIX = "holas"
BOARD_TAG, BOT_TAG, PLAYER_TAG = f"{TAG_PREFIX}.board", f"{TAG_PREFIX}.bot", f"{TAG_PREFIX}.player"
TOKEN_TAG, CARD_TAG, TAX_TAG = f"{TAG_PREFIX}.explore", f"{TAG_PREFIX}.card", f"{TAG_PREFIX}.tax"
SURFACE_Y = 1.1
BOARD_AT = Vec3(0, 1.0, 0)
# The board, in world units as built: the map's units are board units (a map point is that far from the board's
# centre on the board as built), so a map must fit in it. Scaled by TTS's one rule for a custom board.
BOARD_SIZE = (44.0, 34.0)
BOARD_SCALE = scale_for_depth(BOARD_SIZE[1])


def board_frame(board: TableObject | Transform) -> Transform:
    """A live board's frame in map units (:func:`engines.layout.board_units`)."""
    return board_units(board, BOARD_SCALE)


ABOARD = 0.6  # a mini this close to a vessel's centre, and above it, is aboard
RESOURCE_SPOTS = 11  # 0..10
TACTIC_SPOTS = 10  # the person's tactic strength, 0..9
SCORE_SPOTS = 60
ROUND_SPOTS = 20
SCORED_SPOTS = 2  # your final scoring: 0, not yet; 1, done (your end-of-game points are on your score marker)
LAP_SPOTS = 20  # a lap marker counts the times its track went round (+20 rounds, +60 points each): 400 rounds
# Each lapped track: its area, its spaces, where its marker lies across the area (z) and its lap marker's row.
LAPPED = {"round": ("round", ROUND_SPOTS, 0.0, -1.0), "score": ("score", SCORE_SPOTS, -0.5, 0.0),
          "you.score": ("score", SCORE_SPOTS, 0.5, 1.0)}  # fmt: skip


def snap_points(cc_spaces: int) -> list[Vec3]:
    """Where a marker dropped by hand lands in TTS: every space of every track (both score rows, the round and the
    final-round rows, each lap row, your final scoring's two spaces, the resource, tactic and CC tracks), in world
    coordinates (the save's ``SnapPoints``: shared/docs/tts-interface.md)."""
    rows = [
        ("round", ROUND_SPOTS, 0.0),
        ("round", ROUND_SPOTS, 0.6),
        ("tactic", TACTIC_SPOTS, 0.0),
        ("cc", cc_spaces, 0.0),
    ]
    rows += [(area, spots, z) for area, spots, z, _ in LAPPED.values() if area != "round"]
    rows += [("laps", LAP_SPOTS, row) for *_, row in LAPPED.values()]
    rows.append(("scored", SCORED_SPOTS, 0.0))
    rows += [(f"{who}res.{r}", RESOURCE_SPOTS, 0.0) for who in ("", "you.") for r in ("ore", "mana", "food")]
    return [AREAS[area].spot(i, n, z=z) for area, n, z in rows for i in range(n)]


def lapped(key: str, value: int, areas: Mapping[str, Area] | None = None) -> tuple[Vec3, Vec3]:
    """Where a lapped track's marker and its lap marker lie for ``value`` (from 0); ``areas``: the zones as a table
    lays them (default: as built)."""
    areas = AREAS if areas is None else areas
    area, spots, z, row = LAPPED[key]
    lap, at = divmod(max(0, value), spots)
    return areas[area].spot(at, spots, z=z), areas["laps"].spot(min(lap, LAP_SPOTS - 1), LAP_SPOTS, z=row)


def tag(*parts: str) -> str:
    return ".".join((TAG_PREFIX, *parts))


def area(key: str, label: str, at: tuple[float, float], size: tuple[float, float]) -> Area:
    return Area(TAG_PREFIX, key, label, Vec3(at[0], SURFACE_Y, at[1]), Vec3(size[0], 2, size[1]))


def _areas() -> dict[str, Area]:
    out = [
        area("courtyard", "the bot's Courtyard", (-30, 12), (8, 5)),
        area("supply", "the bot's supply", (-30, 4), (8, 6)),
        area("tokens", "the bot's Exploration Tokens", (-30, -4), (8, 4)),
        area("player.supply", "your minis not on the map", (-30, -12), (8, 6)),
        area("deck", "the bot's solo deck", (30, 12), (3, 4)),
        area("discard", "the bot's discard", (34, 12), (3, 4)),
        area("battle", "the bot's battle card", (38, 12), (3, 4)),
        area("cc", "the CC Track", (30, 4), (14, 2)),
        area("score", "the score track", (0, -24), (60, 2)),
        area("round", "the round track (the round marker; the final-round marker)", (0, -28), (40, 2)),
        area("spare", "markers not in play", (30, -10), (6, 3)),
        area("prompt", "what the bot waits for (its marker's description says it)", (42, 4), (3, 3)),
        area("tactic", "your tactic's strength (0-9): set it before Tactic chosen", (0, -32), (20, 2)),
        area(
            "laps", "laps: the round track's (+20 rounds), the bot's and your score's (+60 points)", (0, -36), (40, 3)
        ),
        area("player.courtyard", "your Courtyard (in your Capital City): new recruits go here", (-30, -19), (8, 5)),
        area("player.tokens", "your Exploration Tokens", (-40, -12), (6, 4)),
        area("destroyed", "Capital Cities destroyed (the game is over, L208)", (-40, -19), (6, 4)),
        area(
            "scored",
            "your final scoring: left, not yet; right, done (your end-of-game points are on your score marker, L208)",
            (28, -30),
            (6, 2),
        ),
    ]
    for i in (1, 2, 3):
        out.append(area(f"slot{i}", f"the bot's Hero Slot {i}", (26 + 4 * i, 20), (3, 4)))
    for i, resource in enumerate(("ore", "mana", "food")):
        out.append(area(f"res.{resource}", f"the bot's {resource}", (30, -1 - 2.5 * i), (14, 2)))
    for i, resource in enumerate(("ore", "mana", "food")):
        out.append(area(f"you.res.{resource}", f"your {resource} (0-10)", (0, 20 + 2.5 * i), (14, 2)))
    for i, value in enumerate((4, 3, 2)):
        out.append(area(f"tax.{value}", f"Tax Track slot {value}", (26 + 3 * i, -20), (2.5, 2.5)))
    return {a.key: a for a in out}


AREAS = _areas()


def map_centre(map_: MapData) -> tuple[float, float]:
    """The map point at the board's centre: as the map says (a map drawn on the board in TTS: 0, 0), else the
    middle of the regions' outlines."""
    if map_.board_centre is not None:
        return map_.board_centre
    xs = [p[0] for r in map_.regions for p in r.polygon]
    zs = [p[1] for r in map_.regions for p in r.polygon]
    return (min(xs) + max(xs)) / 2, (min(zs) + max(zs)) / 2


def to_board(map_: MapData, point: tuple[float, float], lift: float = 0.1) -> Vec3:
    """A map point in the board's own frame (the board is centred on the map)."""
    cx, cz = map_centre(map_)
    return Vec3(point[0] - cx, lift, point[1] - cz)


def to_map(map_: MapData, board: Transform, world: Vec3) -> tuple[float, float]:
    """A table point as a map point; ``board``: the board's frame in map units (:func:`board_frame`)."""
    local = board.to_local(world)
    cx, cz = map_centre(map_)
    return local.x + cx, local.z + cz


def map_layout(map_: MapData) -> BoardLayout:
    """The map as a table profile sees it: each region's centre in board units, named by the region's id (a
    profile's per-space offset moves a region: ``"regions:L7": [dx, dz]``). Pieces are placed by the regions'
    outlines, not by the nearest centre, so the layout's snap and extent go unused."""
    return BoardLayout({r.id: to_board(map_, r.center) for r in map_.regions}, snap=0.0, extent=0.0, scale=BOARD_SCALE)


def placed_map(map_: MapData, offsets: Mapping[str, tuple[float, float]]) -> MapData:
    """The map as a mod's board draws it: each region in ``offsets`` moved (outline and centre) by its offset in map
    units, and listed first (*chosen*: where a moved region's outline overlaps a neighbour's, the moved one holds
    the point); the map point at the board's centre stays where the map puts it."""
    if not offsets:
        return map_

    def moved(region: Region) -> Region:
        dx, dz = offsets[region.id]
        polygon = tuple((x + dx, z + dz) for x, z in region.polygon)
        return region.model_copy(update={"polygon": polygon, "center": (region.center[0] + dx, region.center[1] + dz)})

    regions = [moved(r) for r in map_.regions if r.id in offsets] + [r for r in map_.regions if r.id not in offsets]
    return map_.model_copy(update={"regions": tuple(regions), "board_centre": map_centre(map_)})


def map_spot(map_: MapData, region: str, index: int) -> Vec3:
    """The index-th place in a region: around its centre, in the board's frame."""
    centre = next(r.center for r in map_.regions if r.id == region)
    dx, dz = ((index % 3) - 1) * 1.2, (index // 3 - 0.5) * 1.2
    return to_board(map_, (centre[0] + dx, centre[1] + dz))


def region_at(map_: MapData, point: tuple[float, float]) -> str | None:
    """The region whose outline holds the point (ray casting), or None: off the map, or on a border."""
    x, z = point
    for region in map_.regions:
        poly, inside = region.polygon, False
        for (x1, z1), (x2, z2) in zip(poly, poly[1:] + poly[:1], strict=True):
            if min(z1, z2) <= z < max(z1, z2) and x < x1 + (z - z1) * (x2 - x1) / (z2 - z1):
                inside = not inside
        if inside and min(_edge_distance(point, poly)) > BORDER:
            return region.id
    return None


BORDER = 0.3  # a piece closer than this to a region's outline is on the border: which region is unclear


def on_border(map_: MapData, point: tuple[float, float]) -> bool:
    return any(min(_edge_distance(point, r.polygon)) <= BORDER for r in map_.regions)


def _edge_distance(point: tuple[float, float], poly: tuple[tuple[float, float], ...]) -> list[float]:
    out = []
    px, pz = point
    for (x1, z1), (x2, z2) in zip(poly, poly[1:] + poly[:1], strict=True):
        dx, dz = x2 - x1, z2 - z1
        t = max(0.0, min(1.0, ((px - x1) * dx + (pz - z1) * dz) / ((dx * dx + dz * dz) or 1.0)))
        out.append(((px - x1 - t * dx) ** 2 + (pz - z1 - t * dz) ** 2) ** 0.5)
    return out
