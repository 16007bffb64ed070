"""The rest of the Object API that real mods call (issue 17): flags and physics settings, classic inputs, tint,
custom-object settings, attachments, joints, selection, hiding, decks cut, split, spread and dealt, zones a piece
occupies, and the Counter, TextTool and Clock behaviours.

Each member follows the API reference (api.tabletopsimulator.com, its source ``docs/object.md`` and
``docs/behavior/*.md``); what a save holds is read from and written to the object's data under the key TTS saves,
and what TTS keeps only while the game runs stays in ``EmObject.runtime``, so a written save carries nothing TTS
would not write. Members that need what the emulator does not have (physics, Unity's object tree, asset
bundles) are listed in ``NOT_EMULATED`` and fail loudly at the mod's line.
"""

from __future__ import annotations

import copy
import functools
import math
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from PIL import Image

from bridge.table import ttsfacts
from bridge.table.geometry import ONE, ZERO, Transform, Vec3, rotation_matrix
from tools.emulator.api import OBJECT_METHODS, PROPERTIES, SETTERS, Tint, _container_entry, method, vec
from tools.emulator.objects import EmObject

if TYPE_CHECKING:
    from tools.emulator.binding import TtsApi

WHITE = Tint(1.0, 1.0, 1.0)


def tint(value: Any, default: Tint = WHITE) -> Tint:
    """A TTS colour argument: ``{r=, g=, b=, a=}``, ``{1, 0, 0}`` or a Color."""
    if isinstance(value, dict):
        parts = [value.get(k, value.get(str(i + 1))) for i, k in enumerate("rgba")]
        return Tint(*(float(p) if p is not None else (1.0 if i == 3 else 0.0) for i, p in enumerate(parts)))
    if isinstance(value, list | tuple) and len(value) >= 3:
        return Tint(*(float(v) for v in value[:4]))
    return default


# Which Object members need what the emulator has not got: a loud error names the reason.
NOT_EMULATED: dict[str, str] = {
    **dict.fromkeys(
        ("addForce", "addTorque", "setVelocity", "setAngularVelocity"),
        "the emulator has no physics: nothing falls, collides or is pushed",
    ),
    **dict.fromkeys(
        ("getComponentVar", "setComponentVar", "getMaterials", "getMaterialsInChildren"),
        "Unity's materials and these older component accessors are not emulated (getComponent(name).get/set is)",
    ),
    **dict.fromkeys(
        ("getLoopingEffects", "getTriggerEffects"),  # the effects' names are inside the bundle
        "the effects' names are inside the asset bundle, which is never loaded",
    ),
    "moveToHandStash": "hand stashes are not emulated",
    "RPGFigurine": "RPG figurines' animations are not emulated",
    "LayoutZone": "layout zones do not lay anything out in the emulator",
}


# --- properties: what the save holds, and what TTS keeps only while running ---------------------------------


def _default_hands(o: EmObject) -> bool:
    return o.type in ttsfacts.HANDS_BY_DEFAULT  # "Cards/decks default to true" (bridge/table/ttsfacts.py)


SAVED_FLAGS: dict[str, tuple[str, Callable[[EmObject], Any]]] = {
    # property -> (ObjectState key, default when the save leaves it out); shared/docs/tts-interface.md §7
    "auto_raise": ("Autoraise", lambda o: True),
    "drag_selectable": ("DragSelectable", lambda o: True),
    "grid_projection": ("GridProjection", lambda o: False),
    "hide_when_face_down": ("HideWhenFaceDown", _default_hands),
    "ignore_fog_of_war": ("IgnoreFoW", lambda o: False),
    "measure_movement": ("MeasureMovement", lambda o: False),
    "sticky": ("Sticky", lambda o: True),
    "tooltip": ("Tooltip", lambda o: True),
    "use_grid": ("Grid", lambda o: True),
    "use_hands": ("Hands", _default_hands),
    "use_snap_points": ("Snap", lambda o: True),
}
# Rigidbody and physics material: in the save only for custom objects that carry the section; else Unity's
# defaults (Rigidbody: mass 1, drag 0, angular drag 0.05, gravity on; PhysicMaterial: friction 0.6, bounciness 0)
PHYSICS: dict[str, tuple[str, str, Any]] = {
    "mass": ("Rigidbody", "Mass", 1.0),
    "drag": ("Rigidbody", "Drag", 0.0),
    "angular_drag": ("Rigidbody", "AngularDrag", 0.05),
    "use_gravity": ("Rigidbody", "UseGravity", True),
    "static_friction": ("PhysicsMaterial", "StaticFriction", 0.6),
    "dynamic_friction": ("PhysicsMaterial", "DynamicFriction", 0.6),
    "bounciness": ("PhysicsMaterial", "Bounciness", 0.0),
}
RUNTIME: dict[str, Any] = {
    # never saved (issue 17: TTS writes no Interactable key); the values an untouched object shows
    "interactable": True,
    "gizmo_selectable": True,
    "use_rotation_value_flip": False,
    "held_flip_index": 0,
    "held_spin_index": 0,
    "held_reduce_force": False,
    "max_typed_number": 0,
    "held_position_offset": ZERO,
    "held_rotation_offset": ZERO,
}


def _saved_flag(prop: str, key: str, default: Callable[[EmObject], Any]) -> None:
    PROPERTIES[prop] = lambda api, o: bool(o.data[key]) if key in o.data else default(o)
    SETTERS[prop] = lambda api, o, v: o.data.__setitem__(key, bool(v))


def _physics(prop: str, section: str, key: str, default: Any) -> None:
    def get(api: TtsApi, o: EmObject) -> Any:
        saved = o.data.get(section)
        if isinstance(saved, dict) and key in saved:
            return saved[key]
        return o.runtime.get(prop, default)

    def put(api: TtsApi, o: EmObject, value: Any) -> None:
        value = bool(value) if isinstance(default, bool) else float(value)
        saved = o.data.get(section)
        if isinstance(saved, dict):
            saved[key] = value
        else:
            o.runtime[prop] = value

    PROPERTIES[prop], SETTERS[prop] = get, put


def _runtime(prop: str, default: Any) -> None:
    PROPERTIES[prop] = lambda api, o: o.runtime.get(prop, default)
    if not isinstance(default, Vec3):
        SETTERS[prop] = lambda api, o, v: o.runtime.__setitem__(prop, type(default)(v))
    else:
        SETTERS[prop] = lambda api, o, v: o.runtime.__setitem__(prop, vec(v))


for _prop, (_key, _default) in SAVED_FLAGS.items():
    _saved_flag(_prop, _key, _default)
for _prop, (_section, _key, _value) in PHYSICS.items():
    _physics(_prop, _section, _key, _value)
for _prop, _value in RUNTIME.items():
    _runtime(_prop, _value)


def _alt_view_angle(api: TtsApi, o: EmObject) -> Vec3:
    saved = o.data.get("AltLookAngle") or {}
    return Vec3(*(float(saved.get(a, 0.0)) for a in "xyz"))


def _set_script(api: TtsApi, o: EmObject, script: Any) -> None:
    """The script runs from the next load or ``reload()`` (api: "Generally only used after spawning")."""
    o.data["LuaScript"] = str(script)


PROPERTIES.update(
    {
        "alt_view_angle": _alt_view_angle,
        "pick_up_position": lambda api, o: o.runtime.get("pick_up_position", ZERO),
        "pick_up_rotation": lambda api, o: o.runtime.get("pick_up_rotation", ZERO),
        "script_code": lambda api, o: str(o.data.get("LuaScript", "") or ""),
    }
)
SETTERS.update(
    {
        "alt_view_angle": lambda api, o, v: o.data.__setitem__("AltLookAngle", dict(zip("xyz", vec(v), strict=True))),
        "script_code": _set_script,
    }
)


# --- transform -------------------------------------------------------------------------------------------


def _axis(o: EmObject, local: Vec3) -> Vec3:
    return Transform(ZERO, o.rotation, ONE).to_world(local)


for _name, _local in (
    ("getTransformForward", Vec3(0.0, 0.0, 1.0)),
    ("getTransformRight", Vec3(1.0, 0.0, 0.0)),
    ("getTransformUp", Vec3(0.0, 1.0, 0.0)),
):
    OBJECT_METHODS[_name] = lambda api, o, _l=_local: _axis(o, _l)


@method
def getVelocity(api: TtsApi, obj: EmObject) -> Vec3:
    """Zero: with no physics nothing drifts; a smooth move is a scripted glide, not a velocity (*chosen*)."""
    return ZERO


OBJECT_METHODS["getAngularVelocity"] = getVelocity


@method
def isSmoothMoving(api: TtsApi, obj: EmObject) -> bool:
    return obj.motion is not None


@method
def getPositionSmooth(api: TtsApi, obj: EmObject) -> Vec3 | None:
    return obj.motion.end_pos if obj.motion else None


@method
def getRotationSmooth(api: TtsApi, obj: EmObject) -> Vec3 | None:
    return obj.motion.end_rot if obj.motion else None


@method
def translate(api: TtsApi, obj: EmObject, offset: Any) -> bool:
    start = obj.motion.end_pos if obj.motion else obj.position
    obj.start_motion(position=Vec3(*(a + b for a, b in zip(start, vec(offset), strict=True))))
    return True


@method
def rotate(api: TtsApi, obj: EmObject, degrees: Any) -> bool:
    start = obj.motion.end_rot if obj.motion else obj.rotation
    obj.start_motion(rotation=Vec3(*(a + b for a, b in zip(start, vec(degrees), strict=True))))
    return True


@method
def scale(api: TtsApi, obj: EmObject, factor: Any) -> bool:
    k = Vec3(float(factor), float(factor), float(factor)) if isinstance(factor, int | float) else vec(factor)
    obj.set_scale(Vec3(*(a * b for a, b in zip(obj.transform.scale, k, strict=True))))
    return True


@functools.lru_cache(maxsize=256)
def image_pixels(url: str) -> tuple[int, int] | None:
    """A local image's width and height in pixels; None when it cannot be read here (a web image: the emulator
    makes no network requests; a missing or unreadable file). Read once per address (*chosen*: as TTS keeps an image
    it loaded in its cache; a file changed under the same address keeps its first size)."""
    path = ttsfacts.local_image_path(url)
    if path is None:
        return None
    try:
        with Image.open(path) as img:
            w, h = img.size
    except (OSError, ValueError):
        return None
    return (w, h) if w and h else None


def _custom_image(obj: EmObject) -> str | None:
    """The image address of a custom board, tile or token (TTS sizes those from their image), else None."""
    image = obj.data.get("CustomImage")
    if obj.data.get("Name") in ("Custom_Board", "Custom_Tile", "Custom_Token") and isinstance(image, dict):
        return str(image.get("ImageURL") or "")
    return None


def _loading_custom(api: TtsApi, obj: EmObject) -> bool:
    """A custom board, tile or token whose image the emulator cannot read stays loading, as one whose address does
    not answer would in TTS (*chosen*: what TTS reports once a download fails is not documented); every other
    object is loaded (the emulator draws nothing)."""
    url = _custom_image(obj)
    return url is not None and image_pixels(url) is None


PROPERTIES["loading_custom"] = _loading_custom


def card_sheet(card: dict[str, Any], decks: dict[str, Any]) -> tuple[dict[str, Any], int, int, int]:
    """A card's CustomDeck entry (its own, else its deck's ``decks``), its cell and the sheet's columns and rows:
    CardID = deck key * 100 + cell, read row by row (a sheet without NumWidth/NumHeight is TTS's largest, 10 x
    7)."""
    try:
        key, index = divmod(int(card.get("CardID", 0)), 100)
    except (TypeError, ValueError):
        key, index = 0, 0
    deck = (card.get("CustomDeck") or {}).get(str(key)) or decks.get(str(key)) or {}
    return deck, index, int(deck.get("NumWidth", 10) or 10), int(deck.get("NumHeight", 7) or 7)


def _card_cell_pixels(card: dict[str, Any], decks: dict[str, Any]) -> tuple[float, float] | None:
    """The pixel size of a card's cell on its face sheet; None while the sheet cannot be read here."""
    deck, _, columns, rows = card_sheet(card, decks)
    pixels = image_pixels(str(deck.get("FaceURL") or ""))
    return (pixels[0] / columns, pixels[1] / rows) if pixels else None


def _thickness(obj: EmObject) -> float:
    """A custom tile's or token's ``Thickness`` from its save entry (ttsfacts.DEFAULT_TILE_THICKNESS when absent)."""
    image = obj.data.get("CustomImage") or {}
    shape = image.get("CustomTile") or image.get("CustomToken") or {}
    try:
        return abs(float(shape.get("Thickness", ttsfacts.DEFAULT_TILE_THICKNESS)))
    except (TypeError, ValueError):
        return ttsfacts.DEFAULT_TILE_THICKNESS


def object_size(obj: EmObject, base: float = ttsfacts.CUSTOM_IMAGE_BASE) -> Vec3:
    """The object's extent, the one size ``getBounds``, ``Physics.cast``, a drop's landing and the page use: a
    custom board, tile or token by TTS's one rule from its scale and its image's aspect (bridge/table/ttsfacts.py;
    square while its image is not read: see :func:`_loading_custom`), a tile or token as tall as its Thickness; a
    card or deck by its face sheet's cell (ttsfacts.card_size), a card's thickness per card; anything else a unit
    cube times the scale (the emulator has no meshes)."""
    s = obj.transform.scale
    url = _custom_image(obj)
    if url is not None:
        width, depth = ttsfacts.custom_image_size(*(image_pixels(url) or (1, 1)), s.x, s.z)
        flat = obj.data.get("Name") != "Custom_Board"
        height = _thickness(obj) * s.y if flat else s.y
        return Vec3(width * base / ttsfacts.CUSTOM_IMAGE_BASE, height, depth * base / ttsfacts.CUSTOM_IMAGE_BASE)
    if obj.type in ("Card", "Deck"):
        cards = (obj.contents() if obj.type == "Deck" else None) or [obj.data]  # a card has no contents to add
        width, depth = ttsfacts.card_size(_card_cell_pixels(cards[0], obj.data.get("CustomDeck") or {}), s.x, s.z)
        return Vec3(width, ttsfacts.CARD_THICKNESS * len(cards) * s.y, depth)
    return s


def extent(obj: EmObject, base: float = ttsfacts.CUSTOM_IMAGE_BASE) -> Vec3:
    """The size of the axis-aligned box around the object turned as it lies (what ``getBounds`` reports)."""
    size = object_size(obj, base)
    turn = rotation_matrix(obj.rotation)  # each world axis reaches |row . size| across the turned box
    return Vec3(*(abs(row.x) * size.x + abs(row.y) * size.y + abs(row.z) * size.z for row in turn))


def _bounds(api: TtsApi, obj: EmObject, rotated: bool) -> dict[str, Any]:
    """The object's box (:func:`object_size`), turned with the object unless normalized."""
    size = extent(obj, api.world.board_base) if rotated else object_size(obj, api.world.board_base)
    return {"center": api.out(obj.position), "size": api.out(size), "offset": api.out(ZERO)}


OBJECT_METHODS["getBounds"] = lambda api, o: _bounds(api, o, True)
OBJECT_METHODS["getBoundsNormalized"] = lambda api, o: _bounds(api, o, False)
OBJECT_METHODS["getVisualBoundsNormalized"] = lambda api, o: _bounds(api, o, False)


# --- tags and zones --------------------------------------------------------------------------------------

ZONE_TYPES = ttsfacts.ZONE_TYPES


def _tags(o: EmObject) -> set[str]:
    return {str(t).lower() for t in o.data.get("Tags") or []}


@method
def hasAnyTag(api: TtsApi, obj: EmObject) -> bool:
    return bool(obj.data.get("Tags"))


@method
def hasMatchingTag(api: TtsApi, obj: EmObject, other: Any) -> bool:
    return bool(_tags(obj) & _tags(api.world.get(str(other))))


def admits(zone: EmObject, obj: EmObject) -> bool:
    """A zone with tags takes only objects sharing one of them; a hand zone only objects that can be held (the
    facts and their sources: bridge/table/ttsfacts.py)."""
    if zone.type == "Hand" and not ttsfacts.can_be_held(obj.type, obj.data.get("Hands")):
        return False
    return ttsfacts.tag_admits(zone.data.get("Tags") or (), obj.data.get("Tags") or ())


def inside(zone: EmObject, obj: EmObject) -> bool:
    return encloses(zone, obj.position)


def encloses(zone: EmObject, point: Vec3) -> bool:
    """Whether ``point`` lies in the zone's box (a zone's scale is its size)."""
    t = zone.transform
    local = t._replace(scale=Vec3(1.0, 1.0, 1.0)).to_local(point)
    return all(abs(c) <= s / 2 for c, s in zip(local, t.scale, strict=True))


def zone_objects(api: TtsApi, zone: EmObject, ignore_tags: bool = False) -> list[EmObject]:
    return [
        o
        for o in api.world.objects.values()
        if o is not zone and o.type not in ZONE_TYPES and inside(zone, o) and (ignore_tags or admits(zone, o))
    ]


@method
def getObjects(api: TtsApi, obj: EmObject, ignore_tags: Any = False) -> Any:
    """A container's entries; a zone's live objects, only those with a matching tag if it has tags, unless
    ``ignore_tags`` (api: getObjects)."""
    if obj.is_container:
        return [_container_entry(d, i) for i, d in enumerate(obj.contents())]
    if obj.type in ZONE_TYPES:
        return zone_objects(api, obj, bool(ignore_tags))
    raise ValueError(f"getObjects: {obj.type} {obj.guid} is neither a container nor a zone")


@method
def getZones(api: TtsApi, obj: EmObject) -> list[EmObject]:
    return [z for z in api.world.objects.values() if z.type in ZONE_TYPES and inside(z, obj) and admits(z, obj)]


# --- classic buttons and inputs --------------------------------------------------------------------------


def _controls(kind: str, store: Callable[[EmObject], list[dict[str, Any]]]) -> None:
    """create/edit/get/remove/clear for scripted buttons or inputs: indexes from 0, shifting down on removal."""

    def create(api: TtsApi, obj: EmObject, params: Any) -> bool:
        store(obj).append(dict(params or {}))
        return True

    def edit(api: TtsApi, obj: EmObject, params: Any) -> bool:
        p = dict(params or {})
        index = int(p.pop("index", 0))
        items = store(obj)
        if not 0 <= index < len(items):
            return False
        items[index].update(p)
        return True

    def listed(api: TtsApi, obj: EmObject) -> list[dict[str, Any]] | None:
        items = store(obj)
        return [{**{k: v for k, v in b.items() if not callable(v)}, "index": i} for i, b in enumerate(items)] or None

    def remove(api: TtsApi, obj: EmObject, index: Any) -> bool:
        items, i = store(obj), int(index)
        if 0 <= i < len(items):
            del items[i]
            return True
        return False

    def clear(api: TtsApi, obj: EmObject) -> bool:
        store(obj).clear()
        return True

    plural = kind + "s"
    OBJECT_METHODS.update(
        {
            f"create{kind}": create,
            f"edit{kind}": edit,
            f"get{plural}": listed,
            f"remove{kind}": remove,
            f"clear{plural}": clear,
        }
    )


_controls("Button", lambda o: o.buttons)
_controls("Input", lambda o: o.inputs)


# --- look ------------------------------------------------------------------------------------------------


@method
def getColorTint(api: TtsApi, obj: EmObject) -> Tint:
    return tint(obj.data.get("ColorDiffuse"))


@method
def setColorTint(api: TtsApi, obj: EmObject, color: Any) -> bool:
    c = tint(color)
    obj.data["ColorDiffuse"] = {"r": c.r, "g": c.g, "b": c.b} | ({"a": c.a} if c.a != 1.0 else {})
    return True


# getCustomObject/setCustomObject: the API's keys <-> the save's (api: Custom Game Objects; save format §7)
CUSTOM_KEYS: dict[str, tuple[tuple[str, str], ...]] = {
    "CustomImage": (
        ("image", "ImageURL"),
        ("image_secondary", "ImageSecondaryURL"),
        ("image_scalar", "ImageScalar"),
        ("width_scale", "WidthScale"),
    ),
    "CustomMesh": (
        ("mesh", "MeshURL"),
        ("diffuse", "DiffuseURL"),
        ("normal", "NormalURL"),
        ("collider", "ColliderURL"),
        ("convex", "Convex"),
        ("material", "MaterialIndex"),
        ("type", "TypeIndex"),
        ("cast_shadows", "CastShadows"),
    ),
    "CustomAssetbundle": (
        ("assetbundle", "AssetbundleURL"),
        ("assetbundle_secondary", "AssetbundleSecondaryURL"),
        ("material", "MaterialIndex"),
        ("type", "TypeIndex"),
        ("looping_effect_index", "LoopingEffectIndex"),
    ),
    "CustomPDF": (
        ("url", "PDFUrl"),
        ("password", "PDFPassword"),
        ("page", "PDFPage"),
        ("page_offset", "PDFPageOffset"),
    ),
}
SUB_KEYS = {
    "CustomTile": (("type", "Type"), ("thickness", "Thickness"), ("stackable", "Stackable"), ("stretch", "Stretch")),
    "CustomToken": (
        ("thickness", "Thickness"),
        ("merge_distance", "MergeDistancePixels"),
        ("stand_up", "StandUp"),
        ("stackable", "Stackable"),
    ),
    "CustomDice": (("type", "Type"),),
}
DECK_KEYS = (
    ("face", "FaceURL"),
    ("back", "BackURL"),
    ("width", "NumWidth"),
    ("height", "NumHeight"),
    ("back_is_hidden", "BackIsHidden"),
    ("unique_back", "UniqueBack"),
    ("type", "Type"),
)


def _custom_parts(obj: EmObject) -> Iterator[tuple[dict[str, Any], tuple[tuple[str, str], ...]]]:
    """Each part of the save holding custom settings, with its (API name, save key) pairs: the deck's face sheet,
    the image/mesh/bundle/PDF section and the tile/token/dice part inside it."""
    decks = obj.data.get("CustomDeck")
    if isinstance(decks, dict):
        deck = next(iter(decks.values()), None)
        if isinstance(deck, dict):
            yield deck, DECK_KEYS
    for section, keys in CUSTOM_KEYS.items():
        saved = obj.data.get(section)
        if isinstance(saved, dict):
            yield saved, keys
            for sub, sub_keys in SUB_KEYS.items():
                inner = saved.get(sub)
                if isinstance(inner, dict):
                    yield inner, sub_keys


@method
def getCustomObject(api: TtsApi, obj: EmObject) -> dict[str, Any]:
    """The custom settings the save holds, under the API's names; an empty table for a built-in object."""
    return {api_key: part[key] for part, keys in _custom_parts(obj) for api_key, key in keys if key in part}


@method
def setCustomObject(api: TtsApi, obj: EmObject, params: Any) -> bool:
    """Into the save's sections the object already has (shown after ``reload()``, as the reference says)."""
    p = dict(params or {})
    for part, keys in _custom_parts(obj):
        part.update({key: p[api_key] for api_key, key in keys if api_key in p})
    return True


@method
def getFogOfWarReveal(api: TtsApi, obj: EmObject) -> dict[str, Any]:
    return dict(obj.runtime.get("fog", {"reveal": False, "color": "All", "range": 5}))


@method
def setFogOfWarReveal(api: TtsApi, obj: EmObject, settings: Any) -> bool:
    """Keys left out keep the current setting (api: setFogOfWarReveal)."""
    current = getFogOfWarReveal(api, obj)
    current.update({k: v for k, v in dict(settings or {}).items() if k in current})
    obj.runtime["fog"] = current
    return True


@method
def setRotationValues(api: TtsApi, obj: EmObject, values: Any) -> bool:
    obj.data["RotationValues"] = [
        {"Value": v.get("value"), "Rotation": dict(zip("xyz", vec(v.get("rotation"), ZERO), strict=True))}
        for v in values or []
    ]
    return True


def decal_out(api: TtsApi, entry: dict[str, Any]) -> dict[str, Any]:
    t, d = entry.get("Transform") or {}, entry.get("CustomDecal") or {}
    return {
        "name": d.get("Name", ""),
        "url": d.get("ImageURL", ""),
        "position": api.out(Vec3(*(float(t.get(f"pos{a}", 0.0)) for a in "XYZ"))),
        "rotation": api.out(Vec3(*(float(t.get(f"rot{a}", 0.0)) for a in "XYZ"))),
        "scale": api.out(Vec3(*(float(t.get(f"scale{a}", 1.0)) for a in "XYZ"))),
    }


def decal_in(decal: dict[str, Any]) -> dict[str, Any]:
    size = decal.get("scale", 1.0)
    s = Vec3(float(size), float(size), float(size)) if isinstance(size, int | float) else vec(size)
    p, r = vec(decal.get("position"), ZERO), vec(decal.get("rotation"), ZERO)
    transform = {f"pos{a}": v for a, v in zip("XYZ", p, strict=True)}
    transform |= {f"rot{a}": v for a, v in zip("XYZ", r, strict=True)}
    transform |= {f"scale{a}": v for a, v in zip("XYZ", s, strict=True)}
    return {
        "Transform": transform,
        "CustomDecal": {"Name": str(decal.get("name", "")), "ImageURL": str(decal.get("url", "")), "Size": s.x},
    }


@method
def getDecals(api: TtsApi, obj: EmObject) -> list[dict[str, Any]]:
    """From the save's ``AttachedDecals`` (*unverified* shape: Transform + CustomDecal{Name, ImageURL, Size})."""
    return [decal_out(api, d) for d in obj.data.get("AttachedDecals") or []]


@method
def setDecals(api: TtsApi, obj: EmObject, decals: Any) -> bool:
    obj.data["AttachedDecals"] = [decal_in(dict(d)) for d in decals or []]
    if not obj.data["AttachedDecals"]:
        del obj.data["AttachedDecals"]
    return True


@method
def addDecal(api: TtsApi, obj: EmObject, decal: Any) -> bool:
    obj.data.setdefault("AttachedDecals", []).append(decal_in(dict(decal or {})))
    return True


@method
def getVectorLines(api: TtsApi, obj: EmObject) -> list[dict[str, Any]]:
    return [
        {
            "points": [api.out(p) for p in line["points"]],
            "color": api.out(line["color"]),
            "thickness": line["thickness"],
            "rotation": api.out(line["rotation"]),
        }
        for line in obj.runtime.get("vector_lines", [])
    ]


@method
def setVectorLines(api: TtsApi, obj: EmObject, lines: Any) -> bool:
    """Kept while the game runs (colour {1,1,1} and thickness 0.1 by default, as the reference says)."""
    obj.runtime["vector_lines"] = [
        {
            "points": [vec(p) for p in line.get("points") or []],
            "color": tint(line.get("color")),
            "thickness": float(line.get("thickness", 0.1)),
            "rotation": vec(line.get("rotation"), ZERO),
        }
        for line in (dict(x) for x in lines or [])
    ]
    return True


# --- scripts ---------------------------------------------------------------------------------------------


@method
def setLuaScript(api: TtsApi, obj: EmObject, script: Any) -> bool:
    _set_script(api, obj, script)
    return True


@method
def setVar(api: TtsApi, obj: EmObject, name: Any, value: Any) -> bool:
    if obj.env is None:
        raise ValueError(f"setVar: object {obj.guid} has no script")
    obj.env[str(name)] = api.world.lua.to_lua(value)
    return True


OBJECT_METHODS["setTable"] = setVar
OBJECT_METHODS["getTable"] = OBJECT_METHODS["getVar"]


# --- player-facing state that TTS does not save ------------------------------------------------------------


def _colors(players: Any) -> list[str]:
    return [str(c) for c in players or []]


@method
def addToPlayerSelection(api: TtsApi, obj: EmObject, color: Any) -> bool:
    selected = obj.runtime.setdefault("selected_by", [])
    if str(color) not in selected:
        selected.append(str(color))
    return True


@method
def removeFromPlayerSelection(api: TtsApi, obj: EmObject, color: Any) -> bool:
    obj.runtime["selected_by"] = [c for c in obj.runtime.get("selected_by", []) if c != str(color)]
    return True


@method
def getSelectingPlayers(api: TtsApi, obj: EmObject) -> list[str]:
    return list(obj.runtime.get("selected_by", []))


def _hider(kind: str) -> Callable[..., bool]:
    def attach(api: TtsApi, obj: EmObject, hider_id: Any, hidden: Any, players: Any = None) -> bool:
        hiders = obj.runtime.setdefault(kind, {})
        if hidden:
            hiders[str(hider_id)] = _colors(players)  # an empty list hides from everyone
        else:
            hiders.pop(str(hider_id), None)
        return True

    return attach


OBJECT_METHODS["attachHider"] = _hider("hidden_from")
OBJECT_METHODS["attachInvisibleHider"] = _hider("invisible_to")
OBJECT_METHODS["setHiddenFrom"] = lambda api, o, players: _hider("hidden_from")(api, o, "", bool(players), players)
OBJECT_METHODS["setInvisibleTo"] = lambda api, o, players: _hider("invisible_to")(api, o, "", bool(players), players)


@method
def addContextMenuItem(api: TtsApi, obj: EmObject, label: Any, fn: Any, keep_open: Any = False) -> bool:
    obj.runtime.setdefault("menu", []).append((str(label), fn))
    return True


@method
def clearContextMenu(api: TtsApi, obj: EmObject) -> bool:
    obj.runtime["menu"] = []
    return True


@method
def registerCollisions(api: TtsApi, obj: EmObject, stay: Any = False) -> bool:
    """Kept, but no collision event ever fires: nothing collides without physics."""
    obj.runtime["collisions"] = bool(stay)
    return True


@method
def unregisterCollisions(api: TtsApi, obj: EmObject) -> bool:
    return obj.runtime.pop("collisions", None) is not None


JOINT_DEFAULTS = {"type": "Fixed", "collision": False, "break_force": math.inf, "break_torgue": math.inf}


@method
def jointTo(api: TtsApi, obj: EmObject, other: Any = None, params: Any = None) -> bool:
    """Kept and listed by ``getJoints``; jointed objects do not drag each other (no physics). No arguments:
    every joint removed, as the reference says."""
    if other is None:
        obj.runtime["joints"] = []
        return True
    joint = {**JOINT_DEFAULTS, **dict(params or {}), "joint_object_guid": api.world.get(str(other)).guid}
    obj.runtime.setdefault("joints", []).append(joint)
    return True


@method
def getJoints(api: TtsApi, obj: EmObject) -> list[dict[str, Any]]:
    return copy.deepcopy(obj.runtime.get("joints", []))


@method
def drop(api: TtsApi, obj: EmObject) -> bool:
    obj.held_by = None
    return True


def emulated_object_names() -> frozenset[str]:
    """What a mod may call or read on an object here (the README's coverage table comes from this)."""
    return frozenset(OBJECT_METHODS) | frozenset(PROPERTIES)


# --- snap points: the API's {position, rotation, rotation_snap, tags} <-> the save's {Position, Rotation, Tags} ---


def saved_vec(d: Any) -> Vec3:
    """A save's ``{x, y, z}`` (a snap point's ``Position`` or ``Rotation``); what is missing is 0."""
    d = d if isinstance(d, dict) else {}
    return Vec3(*(float(d.get(a, 0.0)) for a in "xyz"))


def snap_points_out(api: TtsApi, saved: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A save's snap point has ``Rotation`` only when it snaps rotation too (api: getSnapPoints)."""
    return [
        {
            "position": api.out(saved_vec(p.get("Position"))),
            "rotation": api.out(saved_vec(p.get("Rotation"))),
            "rotation_snap": "Rotation" in p,
            "tags": list(p.get("Tags") or []),
        }
        for p in saved
        if isinstance(p, dict)
    ]


def snap_points_in(points: Any) -> list[dict[str, Any]]:
    out = []
    for point in points or []:
        p = dict(point)
        entry: dict[str, Any] = {"Position": dict(zip("xyz", vec(p.get("position"), ZERO), strict=True))}
        if p.get("rotation_snap"):
            entry["Rotation"] = dict(zip("xyz", vec(p.get("rotation"), ZERO), strict=True))
        if p.get("tags"):
            entry["Tags"] = [str(t) for t in p["tags"]]
        out.append(entry)
    return out


OBJECT_METHODS["getSnapPoints"] = lambda api, o: snap_points_out(api, o.data.get("AttachedSnapPoints") or [])


@method
def setSnapPoints(api: TtsApi, obj: EmObject, points: Any) -> bool:
    obj.data["AttachedSnapPoints"] = snap_points_in(points)
    return True


@method
def getLoopingEffectIndex(api: TtsApi, obj: EmObject) -> int:
    """The looping effect an asset bundle plays, as the save holds it (``CustomAssetbundle.LoopingEffectIndex``)."""
    return int((obj.data.get("CustomAssetbundle") or {}).get("LoopingEffectIndex", 0))
