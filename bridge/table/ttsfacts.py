"""What TTS does with a save, as far as the project knows it: one place for every such fact (issue 20).

The table builds (:mod:`engines.tablekit`, :mod:`bridge.modbuild`), the emulator (:mod:`tools.emulator`) and the
save checker (:mod:`bridge.modcheck`) all read these; none keeps a second copy of a number. Each fact names its
source. Nothing here was measured by this project in real TTS: a fact from a public mod is that mod's measurement.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import unquote, urlparse


@dataclass(frozen=True)
class Surface:
    """The flat, walkable part of a table, centred on the origin: |x| <= half_x and |z| <= half_z."""

    half_x: float
    half_z: float
    top: float  # y of the surface (pieces placed above it fall onto it)
    source: str

    def holds(self, x: float, z: float, margin: float = 0.0) -> bool:
        return abs(x) <= self.half_x - margin and abs(z) <= self.half_z - margin


# Table_RPG ("Rectangle" in the menu). x: a public mod measured it with Physics.cast straight down: "Table_RPG's flat
# surface runs to x = 28 and its raised rim starts at x = 29" (code corpus, a mod's src/00-config.lua, 2026-09-21).
# z: a public save generator's layout notes, "Table_RPG usable area: X ≈ ±27, Z ≈ ±19 (verified from working saves
# — objects beyond this fall off)" (YossiTurgeman/WarHams, tts/generate-save.js). The surface height is not
# documented: 0.96 is *chosen* (real saves' pieces rest at y ≈ 1-4, shared/docs/tts-interface.md §6).
TABLE_SURFACES: dict[str, Surface] = {
    "Table_RPG": Surface(28.0, 19.0, 0.96, "public measurements (x: Physics.cast; z: working saves)"),
}
# With "Table_None" there is no table at all: a piece falls until something holds it (the same public mod: "The
# table is Table_None: there is no table, and the anchor plate is the floor. An unlocked tile past its rim falls
# out of the world"). A build that needs more room than Table_RPG lays its own locked floor over Table_None.
NO_TABLE = "Table_None"
# TTS's built-in BlockSquare is one world unit a side at scale 1 (the same mod: "TTS's own 1-unit cube"), so a
# floor block's scale is its size in world units. Unverified here.
BLOCK_NAME = "BlockSquare"

# --- tags -------------------------------------------------------------------------------------------------

# Knowledge Base, Game Tools > Object Tags: a Hand Zone, Scripting Zone or Snap Point that has tags interacts only
# with objects sharing one of them (shared/docs/tts-interface.md §5: "a tagged zone only holds objects sharing a
# tag"). Layout zones and randomize zones are zones too, filtered the same way.
ZONE_TYPES = frozenset({"Scripting", "Hand", "Layout", "Randomize", "FogOfWar"})
ZONE_NAMES = frozenset({"ScriptingTrigger", "HandTrigger", "LayoutZone", "RandomizeTrigger", "FogOfWarTrigger"})


def tag_admits(filter_tags: Iterable[str], object_tags: Iterable[str]) -> bool:
    """Whether a zone or snap point with ``filter_tags`` takes an object with ``object_tags`` (tags compare
    case-insensitively, as TTS compares them: api ``hasTag``)."""
    wanted = {str(t).lower() for t in filter_tags}
    return not wanted or bool(wanted & {str(t).lower() for t in object_tags})


# --- hands ------------------------------------------------------------------------------------------------

# Object member ``use_hands``: "If this object can be held in a hand zone" (api: Object, member variables); the save
# key is ``Hands``. Cards and decks default to true ("Cards/decks default to true", the same page, for the
# face-down flag that shares the default); every other object needs ``"Hands": true`` to enter a hand.
HANDS_BY_DEFAULT = frozenset({"Card", "Deck"})


def can_be_held(object_type: str, hands_flag: object) -> bool:
    """Whether TTS lets an object of this type, with this saved ``Hands`` value (None: not in the save), into a
    hand zone."""
    if hands_flag is None:
        return object_type in HANDS_BY_DEFAULT
    return bool(hands_flag)


# --- a player's hands ---------------------------------------------------------------------------------------

# How near a dropped piece must come to a snap point for TTS to snap it there is not documented: 0.5 world units
# (across the table) is *chosen*, for the emulator's drops and for the save checker's "lies on a snap point" alike.
SNAP_REACH = 0.5

# --- custom boards and tiles --------------------------------------------------------------------------------

# How TTS sizes a custom board or tile: from its scale and its image's aspect; the pixel count does not matter (a
# public measurement of a real mod's boards and tiles: frankieliu/tts-tools, docs/TTS_UNIFIED_SCALING_SYSTEM.md:
# its formula: width = BASE * scaleX * aspect ratio, depth = BASE * scaleZ; "Pixel dimensions affect print quality
# (DPI), not display size"). BASE in world units is not documented: 1.0 is *chosen*; the connector measures
# every board with getBounds() on load and the panel says when the board is not the size the build assumed.
CUSTOM_IMAGE_BASE = 1.0


def custom_image_size(width_px: int, height_px: int, scale_x: float = 1.0, scale_z: float = 1.0) -> tuple[float, float]:
    """(width, depth) in world units of a custom board or tile showing a ``width_px`` x ``height_px`` image."""
    return CUSTOM_IMAGE_BASE * scale_x * width_px / height_px, CUSTOM_IMAGE_BASE * scale_z


def scale_for_depth(depth: float) -> float:
    """The scale at which a custom board or tile is ``depth`` world units deep (its width follows the image)."""
    return depth / CUSTOM_IMAGE_BASE


BOARD_SIZE_TOLERANCE = 0.05  # a measured board this much off the assumed size gets a warning

# A custom tile's or token's ``Thickness`` (CustomImage.CustomTile / CustomToken; the save format, §7 of
# shared/docs/tts-interface.md, and the API's getCustomObject ``thickness``) is how tall it stands. That TTS
# multiplies it by the y scale, and the 0.2 a save without one gets (the import dialog's value as recalled), are
# *chosen*: neither is documented in the project's sources.
DEFAULT_TILE_THICKNESS = 0.2

# --- cards ------------------------------------------------------------------------------------------------

# How wide TTS draws a card at scale 1 is not in the project's sources: 2.2 world units is *chosen*, the width
# every build here lays its card rows for (engines/paxpamir/table/layout.py CARD_W, card steps of 2.4). A card's
# depth follows its cell of the deck sheet (the sheet's pixels over NumWidth x NumHeight), as a custom board's
# follows its image; a sheet that cannot be read gives a poker card's 2.5 : 3.5 (*chosen*). A card's thickness
# (0.05, times the y scale) is *chosen* too: the builds' step between stacked loose cards
# (engines/tablekit.py CARD_THICKNESS); a deck is that times its cards.
CARD_WIDTH = 2.2
CARD_ASPECT = 3.5 / 2.5  # depth over width when the sheet's cell is unknown
CARD_THICKNESS = 0.05


def card_size(cell_px: tuple[float, float] | None, scale_x: float = 1.0, scale_z: float = 1.0) -> tuple[float, float]:
    """(width, depth) in world units of a card whose sheet cell is ``cell_px`` (width, height in pixels; None:
    unknown)."""
    aspect = cell_px[1] / cell_px[0] if cell_px and cell_px[0] > 0 and cell_px[1] > 0 else CARD_ASPECT
    return CARD_WIDTH * scale_x, CARD_WIDTH * aspect * scale_z


# --- images -----------------------------------------------------------------------------------------------

# TTS loads images from web URLs, and from local files on the computer that loads the save. TTS's own saves of a
# locally imported image hold its plain path after ``file:///`` (the finding; unverified here), so a path
# with spaces is written with its spaces; whether TTS unescapes a percent-escaped path (``My%20Games``) is not
# known, so the builds never write one and the checker reports one.
WEB_SCHEMES = frozenset({"http", "https"})
FILE_PREFIX = "file:///"
_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")


def local_image_url(path: str) -> str:
    """The form a save holds for a local image: ``file:///`` and the absolute path with forward slashes."""
    return FILE_PREFIX + path.replace("\\", "/").lstrip("/")


def image_problem(url: str, exists: bool | None = None) -> str | None:
    """Why TTS would not show the image at ``url`` (None: nothing known against it). ``exists``: whether a local
    file is there (None: not checked)."""
    if not url:
        return None
    parsed = urlparse(url)
    if parsed.scheme in WEB_SCHEMES:
        return None if parsed.netloc else "a web address without a host"
    if url.startswith(FILE_PREFIX):
        if _ESCAPE.search(url):
            return "a percent-escaped local path (TTS's own saves hold plain paths; unescaping is not known)"
        if exists is False:
            return "a local file that does not exist on this computer"
        return None
    if parsed.scheme == "file":
        return "a file address that is not file:/// and an absolute path"
    return f"an address TTS does not load (scheme '{parsed.scheme or 'none'}')"


def local_image_path(url: str) -> str | None:
    """The file a ``file:///`` image points at (None for other URLs); a Windows drive keeps its letter."""
    if not url.startswith(FILE_PREFIX):
        return None
    rest = unquote(url[len(FILE_PREFIX) :])
    return rest if re.match(r"^[A-Za-z]:", rest) else "/" + rest


# --- bags -------------------------------------------------------------------------------------------------

# A bag gives its contents in the order the save lists them, top first (shared/docs/tts-interface.md §5: a bag's
# getObjects() is "in container order"); the ObjectState's ``Bag.Order`` field has no documented values, so the
# builds never write it: a bag the rules draw from at random is built in random order and shuffled by the connector
# on load (api: Object ``shuffle()``).
RANDOM_BAG_TAG = "automa.random_bag"
