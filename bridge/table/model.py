"""An immutable snapshot of the table, built the same way from a live TTS snapshot and from a save file.

Both sources describe objects as ObjectState dicts (the connector sends ``obj.getData()`` for each object), so
one function, :meth:`TableObject.from_state`, serves both; a test can therefore start from a save file and see
exactly what the bot would see on a live table.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bridge.errors import AutomaError
from bridge.table.geometry import (
    KEPT_BELOW,
    ONE,
    ZERO,
    Transform,
    Vec3,
    face_up_value,
    is_face_down,
    normalize_angle,
)
from bridge.table.savefile import SaveFile


class TableError(AutomaError, ValueError):
    """An object description that cannot be read; the text names the object."""


# Save-file ``Name`` -> the ``type`` TTS reports at run time (API docs, built-in-object.md).
_EXACT_TYPES = {
    "DeckCustom": "Deck",
    "Deck": "Deck",
    "Card": "Card",
    "CardCustom": "Card",
    "Infinite_Bag": "Infinite",
    "ScriptingTrigger": "Scripting",
    "HandTrigger": "Hand",
    "LayoutZone": "Layout",
    "FogOfWarTrigger": "FogOfWar",
    "RandomizeTrigger": "Randomize",
    "Custom_Board": "Board",
    "Custom_Tile": "Tile",
    "Custom_Token": "Tile",
    "Custom_Tile_Stack": "Stack",
    "Custom_Token_Stack": "Stack",
    "Custom_Dice": "Dice",
    "Custom_Model_Bag": "Bag",
    "Custom_Model_Infinite_Bag": "Infinite",
    "Figurine_Custom": "Figurine",
    "Notecard": "Notecard",
    "3DText": "3D Text",
    "Counter": "Counter",
    "Calculator": "Calculator",
    "Tablet": "Tablet",
    "Digital_Clock": "Clock",
    "go_game_piece_black": "GoPiece",
    "go_game_piece_white": "GoPiece",
}
_PREFIX_TYPES = (
    ("Die_", "Dice"),
    ("Bag", "Bag"),
    ("Block", "Block"),
    ("Chip_", "Chip"),
    ("Checker_", "Checker"),
    ("Chess_", "Chess"),
    ("Domino", "Domino"),
    ("backgammon_piece", "Backgammon Piece"),
    ("PlayerPawn", "Figurine"),
    ("Quarter", "Coin"),
    ("Mp3", "Mp3"),
)
_CUSTOM_MODEL_TYPES = ("Generic", "Figurine", "Dice", "Coin", "Board", "Chip", "Bag", "Infinite")
CONTAINER_TYPES = frozenset({"Bag", "Deck", "Infinite", "Stack"})
MAX_NESTING = 100  # containers inside containers; real tables nest a few deep, a hostile save thousands


def type_of(state: Mapping[str, Any]) -> str:
    """The run-time ``type`` of an object described by a save-file ObjectState."""
    name = str(state.get("Name", ""))
    if name in _EXACT_TYPES:
        return _EXACT_TYPES[name]
    if name == "Custom_Model":
        index = (state.get("CustomMesh") or {}).get("TypeIndex", 0)
        return _CUSTOM_MODEL_TYPES[index] if isinstance(index, int) and 0 <= index < 8 else "Generic"
    for prefix, kind in _PREFIX_TYPES:
        if name.startswith(prefix):
            return kind
    return "Generic"


_WHAT = {"pos": "position", "rot": "rotation", "scale": "scale"}


def _shown(value: Any) -> str:
    if type(value) is int and value.bit_length() > 1024:  # beyond any float: its size says more than its digits
        return f"an integer of about {int(value.bit_length() * math.log10(2)) + 1} digits"
    return "null" if value is None else repr(value)[:40]


class _Named(ValueError):
    """A field that cannot be read, in words that already name it (shown as they are, after the object)."""


# what a description may hold that reading it refuses: text, null, an integer too large for a float, ...
_UNREADABLE = (TypeError, ValueError, KeyError, AttributeError, OverflowError)


def _why(exc: Exception) -> str:
    return str(exc) if isinstance(exc, _Named) else f"unreadable description: {exc}"


def _vec(t: Mapping[str, Any], prefix: str, default: float) -> Vec3:
    """Three finite numbers; ``null``, NaN, infinities, integers too large for a float and text (from a save, or a
    script that set them) are refused with a message that names the field."""
    get = t.get
    try:
        x, y = float(get(prefix + "X", default)), float(get(prefix + "Y", default))
        v = Vec3(x, y, float(get(prefix + "Z", default)))
        if math.isfinite(v.x + v.y + v.z):
            return v
    except (TypeError, ValueError, OverflowError):
        pass
    shown = ", ".join(f"{prefix}{a} = {_shown(get(prefix + a, default))}" for a in "XYZ")
    raise _Named(f"has no valid {_WHAT[prefix]} ({shown})")


class TableObject(NamedTuple):
    """One object as TTS describes it. A named tuple, as :class:`Vec3` is: immutable, equal and hashable by its
    fields, and made in well under half the time of a frozen dataclass, which counts when a snapshot reads
    thousands (issue 18)."""

    guid: str
    type: str
    name: str  # the internal resource name (save ``Name``); the display name is ``nickname``
    nickname: str = ""
    description: str = ""
    gm_notes: str = ""
    memo: str | None = None
    tags: tuple[str, ...] = ()
    position: Vec3 = ZERO
    rotation: Vec3 = ZERO  # each angle in [0, 360)
    scale: Vec3 = ONE
    face_down: bool = False
    value: Any = None
    locked: bool = False
    state_id: int = -1
    contents: tuple[TableObject, ...] = ()  # containers only, top first
    # what a Workshop mod's pieces carry besides names (a table profile matches on them, engines/profile.py); read
    # from whole descriptions only: the connector's lean records leave them out
    card_id: int | None = None
    image: str = ""  # CustomImage's ImageURL, or a custom model's DiffuseURL
    mesh: str = ""  # a custom model's MeshURL
    tint: tuple[float, float, float] | None = None  # ColorDiffuse's r, g, b

    @classmethod
    def from_state(cls, state: Mapping[str, Any], type_hint: str | None = None, depth: int = 0) -> TableObject:
        """Read one ObjectState; ``type_hint`` is the live ``obj.type`` when TTS told us."""
        guid = str(state.get("GUID", ""))[:40]
        label = str(state.get("Nickname") or state.get("Name") or "object")[:60]
        if depth > MAX_NESTING:
            raise TableError(f"object {guid or '(no GUID)'} ({label}) lies inside more than {MAX_NESTING} containers")
        try:
            t = state.get("Transform") or {}
            rx, ry, rz = _vec(t, "rot", 0.0)
            rotation = Vec3(normalize_angle(rx), normalize_angle(ry), normalize_angle(rz))
            value = state.get("Value")
            if state.get("RotationValues"):
                faces = [
                    (rv.get("Value"), Vec3(*(float(rv["Rotation"].get(a, 0.0)) for a in "xyz")))
                    for rv in state["RotationValues"]
                ]
                value = face_up_value(rotation, faces)
            tags = state.get("Tags") or []
            return cls(
                guid=guid,
                type=type_hint or type_of(state),
                name=str(state.get("Name", "")),
                nickname=str(state.get("Nickname", "") or ""),
                description=str(state.get("Description", "") or ""),
                gm_notes=str(state.get("GMNotes", "") or ""),
                memo=state.get("Memo") or None,
                tags=tuple(map(str, tags)),
                position=_vec(t, "pos", 0.0),
                rotation=rotation,
                scale=_vec(t, "scale", 1.0),
                face_down=is_face_down(rotation),
                value=value,
                locked=bool(state.get("Locked", False)),
                state_id=_current_state_id(state),
                contents=tuple(cls.from_state(c, depth=depth + 1) for c in state["ContainedObjects"])
                if state.get("ContainedObjects")
                else (),
                **_looks(state),
            )
        except TableError:
            raise
        except _UNREADABLE as exc:
            raise TableError(f"object {guid or '(no GUID)'} ({label}): {_why(exc)[:300]}") from None

    @classmethod
    def from_lean(cls, rec: Mapping[str, Any]) -> TableObject:
        """Read one of the connector's lean records (``g`` GUID, ``t`` type, ``n`` resource name, ``k`` nickname,
        ``d`` description, ``m`` GM notes, ``o`` memo, ``a`` tags, ``p``/``r``/``s`` position, rotation, scale as
        [x, y, z], ``v`` value, ``l`` locked, ``i`` state id, ``c`` contents as ObjectStates; asked for, ``u`` image
        URL, ``w`` mesh URL, ``h`` tint as [r, g, b], ``j`` a card's CardID); defaults left out.
        The same object as :meth:`from_state` reads from its whole description, at a fraction of the cost."""
        get = rec.get
        guid = str(get("g", ""))[:40]
        try:
            position = _triple(get("p"), "position")
            rotation = _triple(get("r"), "rotation")
            rx, ry, rz = rotation
            # most pieces lie flat and square: the common angles need no arithmetic, and the triple is kept
            if not (0.0 <= rx < KEPT_BELOW and 0.0 <= ry < KEPT_BELOW and 0.0 <= rz < KEPT_BELOW):
                rx, ry, rz = normalize_angle(rx), normalize_angle(ry), normalize_angle(rz)
                rotation = _new_tuple(Vec3, (rx, ry, rz))
            tags = get("a")
            contents = get("c")
            state = get("i", -1)
            return cls(  # positional, in field order: a snapshot builds thousands
                guid,
                str(get("t") or "Generic"),
                str(get("n") or ""),
                str(get("k") or ""),
                str(get("d") or ""),
                str(get("m") or ""),
                get("o") or None,
                tuple(map(str, tags)) if tags else (),
                position,
                rotation,
                _triple(rec["s"], "scale") if "s" in rec else ONE,
                False if rx == 0.0 and rz == 0.0 else is_face_down(rotation),
                get("v"),
                get("l") is True,
                state if type(state) is int else -1,
                tuple(cls.from_state(c, depth=1) for c in contents) if contents else (),
                *(_lean_looks(rec) if "u" in rec or "w" in rec or "h" in rec or "j" in rec else ()),
            )
        except TableError:
            raise
        except _UNREADABLE as exc:
            label = str(rec.get("k") or rec.get("n") or "object")[:60]
            raise TableError(f"object {guid or '(no GUID)'} ({label}): {_why(exc)[:300]}") from None

    @property
    def is_container(self) -> bool:
        return self.type in CONTAINER_TYPES

    @property
    def transform(self) -> Transform:
        return Transform(self.position, self.rotation, self.scale)

    def encloses(self, position: Vec3) -> bool:
        """Whether ``position`` lies in this zone's box (a scripting or hand zone's scale is its size)."""
        t = self.transform
        local = Transform(t.position, t.rotation, ONE).to_local(position)
        return all(abs(c) <= s / 2 + 1e-6 for c, s in zip(local, t.scale, strict=True))

    @property
    def project_tags(self) -> tuple[str, ...]:
        """The tags the project names this object by: its TTS tags, and those a zone's GM notes carry
        (:func:`zone_marks`)."""
        return self.tags + zone_marks(self.gm_notes) if self.gm_notes else self.tags

    def has_tag(self, tag: str) -> bool:
        """Whether ``tag`` is one of :attr:`project_tags`; compared case-insensitively, as in TTS."""
        t = tag.lower()
        return any(x.lower() == t for x in self.project_tags)

    def label(self) -> str:
        return self.nickname or self.name or self.type

    def describe(self) -> str:
        """How an error message names this object: what it is, its GUID, and where it lies."""
        p = self.position
        return f"'{self.label()}' (guid {self.guid}, {self.type}) at ({p.x:.2f}, {p.y:.2f}, {p.z:.2f})"


# A zone with TTS tags holds only objects sharing one (bridge/table/ttsfacts.py), so the builds name their zones'
# project tags in the GM notes instead, on a line of their own: "automa tags: warchest.supply warchest.side.A".
MARKS_PREFIX = "automa tags:"


def zone_marks(gm_notes: str) -> tuple[str, ...]:
    """The project tags a zone's GM notes carry (none when no line starts with :data:`MARKS_PREFIX`)."""
    if MARKS_PREFIX not in gm_notes:
        return ()
    for line in gm_notes.splitlines():
        if line.startswith(MARKS_PREFIX):
            return tuple(line[len(MARKS_PREFIX) :].split())
    return ()


def marks_note(tags: Iterable[str]) -> str:
    """The GM notes line that names a zone by ``tags`` (the inverse of :func:`zone_marks`)."""
    return f"{MARKS_PREFIX} {' '.join(tags)}"


# The size a build assumed for a custom board, in world units, on a GM notes line of its own, so the table can be
# measured against it (getBounds on load): "automa board size: 15.40 x 15.40".
BOARD_SIZE_PREFIX = "automa board size:"


def board_size_note(width: float, depth: float) -> str:
    return f"{BOARD_SIZE_PREFIX} {width:.2f} x {depth:.2f}"


def board_size(gm_notes: str) -> tuple[float, float] | None:
    """The (width, depth) a board's GM notes say it was built for, or None."""
    for line in gm_notes.splitlines():
        if line.startswith(BOARD_SIZE_PREFIX):
            w, _, d = line[len(BOARD_SIZE_PREFIX) :].partition("x")
            try:
                return float(w), float(d)
            except ValueError:
                return None
    return None


def _triple(value: Any, what: str) -> Vec3:
    """[x, y, z] of three finite numbers, else an error that names the field. (Built with tuple.__new__: the
    named tuple's own constructor costs twice as much, and a snapshot builds thousands.)"""
    try:
        x, y, z = value
        v = _new_tuple(Vec3, (float(x), float(y), float(z)))
        if _isfinite(v[0] + v[1] + v[2]):
            return v
    except (TypeError, ValueError, OverflowError):
        pass
    raise _Named(f"has no valid {what} ({_shown(value)})")


_new_tuple, _isfinite = tuple.__new__, math.isfinite


def _lean_looks(rec: Mapping[str, Any]) -> tuple[int | None, str, str, tuple[float, float, float] | None]:
    """A lean record's CardID, image and mesh URLs and tint (in field order), as :func:`_looks` reads them."""
    card_id, tint = rec.get("j"), rec.get("h")
    return (
        card_id if type(card_id) is int else None,
        str(rec.get("u") or ""),
        str(rec.get("w") or ""),
        _tint(tint[0], tint[1], tint[2]) if isinstance(tint, list) and len(tint) == 3 else None,
    )


def _tint(r: Any, g: Any, b: Any) -> tuple[float, float, float] | None:
    """A tint, None for white: every object's default, as the connector's lean records leave it out."""
    tint = (float(r), float(g), float(b))
    return None if tint == (1.0, 1.0, 1.0) else tint


def _looks(state: Mapping[str, Any]) -> dict[str, Any]:
    """The CardID, image and mesh URLs and tint of a description (missing or malformed ones left out)."""
    out: dict[str, Any] = {}
    card_id = state.get("CardID")
    if type(card_id) is int:
        out["card_id"] = card_id
    image, mesh = state.get("CustomImage"), state.get("CustomMesh")
    if isinstance(image, Mapping) and isinstance(image.get("ImageURL"), str):
        out["image"] = image["ImageURL"]
    if isinstance(mesh, Mapping):
        if isinstance(mesh.get("DiffuseURL"), str) and "image" not in out:
            out["image"] = mesh["DiffuseURL"]
        if isinstance(mesh.get("MeshURL"), str):
            out["mesh"] = mesh["MeshURL"]
    colour = state.get("ColorDiffuse")
    if isinstance(colour, Mapping):
        with contextlib.suppress(KeyError, TypeError, ValueError):
            out["tint"] = _tint(colour["r"], colour["g"], colour["b"])
    return out


def _current_state_id(state: Mapping[str, Any]) -> int:
    """TTS numbers states from 1; ``States`` holds the other ones, so the current is the missing number.

    ``States`` comes keyed by number ({"2": ...}) in a save; through TTS's JSON module a table keyed by numbers may
    come as an array with null holes ([null, {...}] for state 2): both are read (the snapshot also carries each
    object's ``getStateId()``, which wins)."""
    others = state.get("States") or {}
    if not others:
        return -1
    if isinstance(others, list):
        numbers = {i for i, other in enumerate(others, start=1) if other is not None}
    else:
        numbers = {_state_number(k) for k in others}
    return next(i for i in range(1, len(numbers) + 2) if i not in numbers)


def _state_number(key: Any) -> int:
    """A ``States`` key as the number of the state it holds; any other key is named."""
    try:
        return int(key)
    except (TypeError, ValueError):
        raise _Named(
            f"has a States key {_shown(key)} that is not a state number (states are numbered 1, 2, ...)"
        ) from None


@dataclass(frozen=True)
class Table:
    """Every object on the table, in the order TTS listed them.

    ``problems`` names what could not be read: objects whose description is broken (no valid position, say) and
    are left out of ``objects``, and GUIDs that two objects share. A bot moves nothing on a table with problems.
    """

    objects: tuple[TableObject, ...]
    source: str = "table"
    problems: tuple[str, ...] = ()
    _by_guid: Mapping[str, TableObject] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_guid = {o.guid: o for o in self.objects}
        shared = []
        if len(by_guid) < len(self.objects):  # some GUID is shared: name every pair
            by_guid = {}
            for o in self.objects:
                first = by_guid.setdefault(o.guid, o)
                if first is not o:
                    shared.append(
                        f"{first.describe()} and {o.describe()} have the same GUID; TTS addresses objects by GUID, "
                        "so the bot cannot tell them apart"
                    )
        object.__setattr__(self, "_by_guid", by_guid)
        if shared:
            object.__setattr__(self, "problems", (*self.problems, *shared))

    @classmethod
    def from_states(
        cls,
        states: Iterable[Mapping[str, Any]],
        source: str = "table",
        types: Mapping[str, str] | None = None,
        state_ids: Mapping[str, Any] | None = None,
    ) -> Table:
        types, state_ids = types or {}, state_ids or {}
        objs = []
        problems = []
        for i, s in enumerate(states):
            if not isinstance(s, Mapping):
                problems.append(f"{source}: object #{i} is not a JSON object")
                continue
            try:
                obj = TableObject.from_state(s, types.get(str(s.get("GUID", ""))))
                live = state_ids.get(obj.guid)
                if isinstance(live, int) and not isinstance(live, bool) and live != obj.state_id:
                    obj = obj._replace(state_id=live)  # the live getStateId(), whatever form States came in
                objs.append(obj)
            except TableError as exc:
                problems.append(str(exc))
        return cls(tuple(objs), source, tuple(problems))

    @classmethod
    def from_lean(cls, records: Any, source: str = "live table") -> Table:
        if not isinstance(records, list):
            raise TableError("snapshot: 'lean' is not a list")
        objs: list[TableObject] = []
        problems: list[str] = []
        read, add = TableObject.from_lean, objs.append
        for i, rec in enumerate(records):
            if type(rec) is not dict and not isinstance(rec, Mapping):  # JSON gives dicts: the cheap test first
                problems.append(f"{source}: object #{i} is not a JSON object")
                continue
            try:
                add(read(rec))
            except TableError as exc:
                problems.append(str(exc))
        return cls(tuple(objs), source, tuple(problems))

    def with_changes(self, records: Any, gone: Any) -> Table:
        """This table with the connector's changes: objects re-read (replaced where they were, new ones at the end)
        and GUIDs gone (destroyed, or put into a container)."""
        changed = Table.from_lean(records if isinstance(records, list) else [], self.source)
        left = {str(g) for g in gone} if isinstance(gone, list) else set()
        fresh = {o.guid: o for o in changed.objects}
        reread = left | set(fresh)
        kept = [fresh.pop(o.guid, o) for o in self.objects if o.guid not in left]
        still = tuple(  # an earlier problem stays unless its object was read again or is gone
            p
            for p in self.problems
            if "same GUID" not in p and not any(p.startswith(f"object {guid} ") for guid in reread)
        )
        return Table((*kept, *fresh.values()), self.source, still + changed.problems)

    @classmethod
    def from_save(cls, save: SaveFile, source: str = "save file") -> Table:
        return cls.from_states(save.to_dict().get("ObjectStates", []), source)

    @classmethod
    def from_snapshot(cls, snapshot: Mapping[str, Any]) -> Table:
        """The connector's snapshot: lean records (``{"lean": [...]}``, :meth:`TableObject.from_lean`), or the whole
        descriptions: ``{"objects": [ObjectState, ...], "types": {guid: type}, "state_ids": {guid: n}}``
        (``state_ids``: objects with states only)."""
        if "lean" in snapshot:
            return cls.from_lean(snapshot["lean"])
        objects = snapshot.get("objects")
        if not isinstance(objects, list):
            raise TableError("snapshot: 'objects' is missing or not a list")
        ids = snapshot.get("state_ids")
        return cls.from_states(objects, "live table", snapshot.get("types") or {}, ids if isinstance(ids, dict) else {})

    def __iter__(self) -> Iterator[TableObject]:
        return iter(self.objects)

    def __len__(self) -> int:
        return len(self.objects)

    def get(self, guid: str) -> TableObject | None:
        return self._by_guid.get(guid)

    def __getitem__(self, guid: str) -> TableObject:
        try:
            return self._by_guid[guid]
        except KeyError:
            raise KeyError(f"no object with guid {guid} on the {self.source}") from None

    def with_tag(self, tag: str) -> list[TableObject]:
        return [o for o in self.objects if o.has_tag(tag)]

    def inside(self, zone: TableObject) -> list[TableObject]:
        """Objects whose centre lies in the zone's box (a scripting zone's scale is its size)."""
        return [o for o in self.objects if o.guid != zone.guid and zone.encloses(o.position)]
