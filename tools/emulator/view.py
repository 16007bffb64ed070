"""The emulated table as one player sees it from above: what the dashboard page draws and lets the person touch.

A pure function of the world and a seat colour, JSON-able, so the page never learns more than the player at that
seat would: a face-down card or tile gives its back only (no face, no name); whatever lies in another colour's hand
zone shows as a back; a container gives its count, and a face-up deck the card on view, never the rest. Images are
the addresses the save holds (``file:///`` for a local build); the dashboard decides which it serves.

Where TTS draws something the API does not document, the view makes a choice, marked *chosen*: a face-up deck
shows the last card of its list (the one that lay against the table before the flip), and a flat image is drawn
with its top towards the far side (+z) at rotation 0.
"""

from __future__ import annotations

import math
from typing import Any

from bridge.table.geometry import Transform, Vec3, is_face_down, normalize_angle
from bridge.table.model import CONTAINER_TYPES
from tools.emulator.api_object import card_sheet, encloses, image_pixels
from tools.emulator.api_object import object_size as footprint
from tools.emulator.objects import EmObject
from tools.emulator.world import World

ZONE_KINDS = {"Scripting": "zone", "Hand": "hand"}
FLOOR_TYPES = frozenset({"BlockSquare", "BlockRectangle"})
MARGIN = 1.0  # table units shown beyond the outermost object


def table_view(world: World, color: str) -> dict[str, Any]:
    """Every object on the table as the player of ``color`` sees it, the hand zones, the snap points and the area
    to show; the player's own hand's contents again, face up, in ``hand``."""
    zones = [o for o in [*world.objects.values(), *world.saved_hands] if o.type == "Hand"]
    objects, hand = [], []
    for obj in world.objects.values():
        if obj.type == "Hand":
            continue
        t = obj.transform  # read once: an object's transform is made from its save data at every read
        holder = None if obj.type in ZONE_KINDS else _holder(zones, t.position)
        entry = _object(obj, t, hidden=holder not in (None, color), in_hand=holder == color)
        if holder == color:
            hand.append(dict(entry))  # its own entry: the page's server rewrites each entry's image address once
        objects.append(entry)
    objects.sort(key=lambda e: (e["kind"] != "floor", e["y"]))  # drawn bottom first
    return {
        "color": color,
        "objects": objects,
        "hands": [_hand_zone(z, color) for z in zones],
        "hand": hand,
        "snaps": _snap_points(world),
        "area": _area(objects),
    }


def _holder(zones: list[EmObject], position: Vec3) -> str | None:
    """The colour whose hand zone holds ``position``, if any."""
    return next((str(z.data.get("FogColor", "")) for z in zones if encloses(z, position)), None)


def _object(obj: EmObject, t: Transform, *, hidden: bool, in_hand: bool) -> dict[str, Any]:
    """One object (``t``: its transform); ``hidden``: in another colour's hand (its back only); ``in_hand``: in
    the player's own hand, where a card shows its face to its holder whichever way it lies."""
    size = footprint(obj)
    rotation = Vec3(*(normalize_angle(a) for a in t.rotation))
    down = is_face_down(rotation)
    face_down = down and not in_hand
    entry: dict[str, Any] = {
        "guid": obj.guid,
        "type": obj.type,
        "kind": _kind(obj, t),
        # a face-down card's or tile's name would tell its face; a deck's or bag's name tells nothing hidden
        "name": "" if hidden or (face_down and not obj.is_container) else str(obj.data.get("Nickname") or ""),
        "x": round(t.position.x, 3),
        "y": round(t.position.y, 3),
        "z": round(t.position.z, 3),
        "rot": round(rotation.y, 1),
        "w": round(abs(size.x), 3),
        "d": round(abs(size.z), 3),
        "tint": _tint(obj),
        "face_down": down,
        "locked": bool(obj.data.get("Locked")),
        "hidden": hidden,
        "held_by": obj.held_by,
        "image": None if hidden and not _has_back(obj) else _image(obj, face_up=not (hidden or face_down)),
        "round": _is_round(obj),
    }
    if obj.is_container:
        entry["count"] = len(obj.contents())
        entry["top"] = None if hidden else _top(obj)
    if obj.type == "Dice" and not hidden:
        entry["value"] = obj.rotation_value()
    if obj.type in ZONE_KINDS:
        entry["name"] = str(obj.data.get("Nickname") or "")
    return entry


def _kind(obj: EmObject, t: Transform) -> str:
    if obj.type in ZONE_KINDS:
        return ZONE_KINDS[obj.type]
    if obj.data.get("Name") in FLOOR_TYPES and obj.data.get("Locked") and t.scale.x > 20:
        return "floor"  # the build's own floor (bridge.modbuild.fit_table): under everything
    if obj.data.get("Name") == "Custom_Board":
        return "board"
    if obj.type in ("Deck", "Card"):
        return obj.type.lower()
    if obj.type in CONTAINER_TYPES:
        return "container"
    return "piece"


def _tint(obj: EmObject) -> str:
    c = obj.data.get("ColorDiffuse") or {}
    try:
        r, g, b = (max(0, min(255, round(float(c.get(k, 1.0)) * 255))) for k in "rgb")
    except (TypeError, ValueError):
        r = g = b = 255
    return f"#{r:02x}{g:02x}{b:02x}"


def _is_round(obj: EmObject) -> bool:
    tile = (obj.data.get("CustomImage") or {}).get("CustomTile") or {}
    name = str(obj.data.get("Name", ""))
    return tile.get("Type") == 2 or name.startswith("Chip_") or name == "PlayerPawn"


def _has_back(obj: EmObject) -> bool:
    return obj.type in ("Card", "Deck") or "CustomImage" in obj.data


def _image(obj: EmObject, *, face_up: bool) -> dict[str, Any] | None:
    """The picture on top: a custom board's or tile's image (its back when face down), a card's cell of its
    sheet (face or back), a deck's top card's back, or the face on view of a face-up deck."""
    if obj.type == "Deck":
        cards = obj.contents()
        if not cards:
            return None
        shown = cards[-1] if face_up else cards[0]
        return _card_image(shown, face_up=face_up, decks=obj.data.get("CustomDeck") or {})
    if obj.type == "Card":
        return _card_image(obj.data, face_up=face_up, decks=obj.data.get("CustomDeck") or {})
    image = obj.data.get("CustomImage")
    if not isinstance(image, dict):
        return None
    front, back = str(image.get("ImageURL") or ""), str(image.get("ImageSecondaryURL") or "")
    url = front if face_up or obj.data.get("Name") == "Custom_Board" else (back or front)
    return {"url": url} if url else None


def _card_image(card: dict[str, Any], *, face_up: bool, decks: dict[str, Any]) -> dict[str, Any] | None:
    """A card's face or back: the sheet's address and the cell (column, row of columns x rows), as CustomDeck
    lays them out (CardID = deck key * 100 + cell, read row by row)."""
    deck, index, columns, rows = card_sheet(card, decks)
    if face_up:
        url = str(deck.get("FaceURL") or "")
    else:
        url = str(deck.get("BackURL") or "")
        if not deck.get("UniqueBack"):
            return {"url": url} if url else None
    if not url:
        return None
    image: dict[str, Any] = {"url": url, "cell": [index % columns, index // columns, columns, rows]}
    if pixels := image_pixels(url):
        image["sheet"] = list(pixels)  # the sheet's size in pixels: the page keeps a card's proportions
    return image


def _top(obj: EmObject) -> dict[str, Any] | None:
    """What the player sees of a container's contents: a face-up deck's card on view, by name; else nothing."""
    cards = obj.contents()
    if obj.type != "Deck" or not cards or obj.face_down:
        return None
    return {"name": str(cards[-1].get("Nickname") or ""), "guid": str(cards[-1].get("GUID") or "")}


def _hand_zone(zone: EmObject, color: str) -> dict[str, Any]:
    t = zone.transform
    return {
        "color": str(zone.data.get("FogColor", "")),
        "own": str(zone.data.get("FogColor", "")) == color,
        "x": round(t.position.x, 3),
        "z": round(t.position.z, 3),
        "rot": round(zone.rotation.y, 1),
        "w": round(abs(t.scale.x), 3),
        "d": round(abs(t.scale.z), 3),
    }


def _snap_points(world: World) -> list[dict[str, float]]:
    """The table's snap points and every object's, in table coordinates (an object's are in its own frame,
    scaled with it: api getSnapPoints)."""
    points = [_snap(p, None) for p in world.save_extras.get("SnapPoints") or []]
    for obj in world.objects.values():
        points += [_snap(p, obj.transform) for p in obj.data.get("AttachedSnapPoints") or []]
    return [p for p in points if p is not None]


def _snap(point: Any, frame: Transform | None) -> dict[str, float] | None:
    try:
        p = point["Position"]
        local = Vec3(float(p.get("x", 0)), float(p.get("y", 0)), float(p.get("z", 0)))
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    where = frame.to_world(local) if frame is not None else local
    return {"x": round(where.x, 3), "z": round(where.z, 3)}


def _area(objects: list[dict[str, Any]]) -> dict[str, float]:
    """The part of the table to show: every object and zone (a zone is a place to put pieces), each by the box its
    turned footprint covers, with a margin."""
    if not objects:
        return {"x0": -10.0, "z0": -10.0, "x1": 10.0, "z1": 10.0}
    reach = [_reach(o) for o in objects]
    return {
        "x0": round(min(o["x"] - rx for o, (rx, _) in zip(objects, reach, strict=True)) - MARGIN, 2),
        "z0": round(min(o["z"] - rz for o, (_, rz) in zip(objects, reach, strict=True)) - MARGIN, 2),
        "x1": round(max(o["x"] + rx for o, (rx, _) in zip(objects, reach, strict=True)) + MARGIN, 2),
        "z1": round(max(o["z"] + rz for o, (_, rz) in zip(objects, reach, strict=True)) + MARGIN, 2),
    }


def _reach(o: dict[str, Any]) -> tuple[float, float]:
    """How far a footprint turned about the vertical reaches from its centre along x and along z."""
    c, s = abs(math.cos(math.radians(o["rot"]))), abs(math.sin(math.radians(o["rot"])))
    return (c * o["w"] + s * o["d"]) / 2, (s * o["w"] + c * o["d"]) / 2
