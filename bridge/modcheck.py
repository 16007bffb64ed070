"""``automa mod check``: what in a TTS save would not play right in real TTS (issue 20).

Works on any save, the project's own builds or a Workshop mod's. Every rule it applies is a fact of
:mod:`bridge.table.ttsfacts`, with its source there; the checker knows nothing the builds and the emulator do not.
It reads the save file only: nothing here has been run against real TTS.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from bridge.table import SaveFile, Table, Transform, Vec3, ttsfacts
from bridge.table.geometry import ONE
from bridge.table.model import board_size, type_of

URL_KEYS = (
    "ImageURL",
    "ImageSecondaryURL",
    "FaceURL",
    "BackURL",
    "MeshURL",
    "DiffuseURL",
    "NormalURL",
    "ColliderURL",
    "AssetbundleURL",
    "AssetbundleSecondaryURL",
    "PDFUrl",
    "URL",
    "TableURL",
    "SkyURL",
)


@dataclass(frozen=True)
class Finding:
    """One thing TTS would do differently from what the save means: ``kind`` (a short key), the object's GUID and
    name (empty for the save itself), where it lies, and the problem in words."""

    kind: str
    guid: str
    name: str
    where: str
    problem: str

    def __str__(self) -> str:
        who = f"'{self.name}' (guid {self.guid})" if self.guid else "the save"
        return f"{who}{' at ' + self.where if self.where else ''}: {self.problem}"


@dataclass(frozen=True)
class _Obj:
    state: Mapping[str, Any]
    type: str
    transform: Transform
    path: str  # where in the save: "ObjectStates[3]" or "ObjectStates[3] > ContainedObjects[0]"

    @property
    def guid(self) -> str:
        return str(self.state.get("GUID", ""))

    @property
    def name(self) -> str:
        return str(self.state.get("Nickname") or self.state.get("Name") or self.type)

    @property
    def tags(self) -> list[str]:
        tags = self.state.get("Tags")
        return [str(t) for t in tags] if isinstance(tags, list) else []

    @property
    def where(self) -> str:
        p = self.transform.position
        return f"({p.x:.1f}, {p.y:.1f}, {p.z:.1f})"


def _transform(state: Mapping[str, Any]) -> Transform:
    t = state.get("Transform") or {}

    def v(prefix: str, default: float) -> Vec3:
        try:
            return Vec3(*(float(t.get(prefix + a, default)) for a in "XYZ"))
        except (TypeError, ValueError):
            return Vec3(default, default, default)

    return Transform(v("pos", 0.0), v("rot", 0.0), v("scale", 1.0))


def _on_table(save: Mapping[str, Any]) -> list[_Obj]:
    out = []
    for i, state in enumerate(save.get("ObjectStates") or []):
        if isinstance(state, Mapping):
            out.append(_Obj(state, type_of(state), _transform(state), f"ObjectStates[{i}]"))
    return out


def _everything(state: Mapping[str, Any], path: str) -> Iterator[tuple[Mapping[str, Any], str]]:
    """An object and all it holds (contents, other states), each with its place in the save."""
    yield state, path
    for i, inner in enumerate(state.get("ContainedObjects") or []):
        if isinstance(inner, Mapping):
            yield from _everything(inner, f"{path} > ContainedObjects[{i}]")
    states = state.get("States") or {}
    if isinstance(states, Mapping):
        for key, other in states.items():
            if isinstance(other, Mapping):
                yield from _everything(other, f"{path} > States[{key}]")


def _urls(value: Any) -> Iterator[str]:
    """Every image, model or bundle address in an object's description (its contents excluded)."""
    if isinstance(value, Mapping):
        for key, inner in value.items():
            if key in ("ContainedObjects", "States"):
                continue
            if key in URL_KEYS and isinstance(inner, str):
                yield inner
            else:
                yield from _urls(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _urls(inner)


class Checker:
    """The checks, each a method yielding findings; :func:`check` runs them all."""

    def __init__(self, save: Mapping[str, Any]) -> None:
        self.save = save
        self.objects = _on_table(save)

    def all(self) -> list[Finding]:
        return [
            *self.duplicate_guids(),
            *self.off_the_table(),
            *self.zones_shutting_out(),
            *self.snap_points_shutting_out(),
            *self.hand_pieces(),
            *self.images(),
        ]

    def duplicate_guids(self) -> Iterator[Finding]:
        seen: Counter[str] = Counter()
        where: dict[str, list[str]] = {}
        for obj in self.objects:
            for state, path in _everything(obj.state, obj.path):
                guid = str(state.get("GUID", ""))
                if guid:
                    seen[guid] += 1
                    where.setdefault(guid, []).append(path)
        for guid, count in seen.items():
            if count > 1:
                places = ", ".join(where[guid][:4])
                yield Finding(
                    "duplicate-guid",
                    guid,
                    "",
                    "",
                    f"the GUID is used {count} times ({places}); TTS addresses objects by GUID, so a script "
                    "or the bridge looking it up finds only one of them",
                )

    def _surfaces(self) -> tuple[ttsfacts.Surface | None, list[_Obj]]:
        table = str(self.save.get("Table") or "")
        floors = [o for o in self.objects if o.state.get("Locked") and o.type not in ttsfacts.ZONE_TYPES]
        return ttsfacts.TABLE_SURFACES.get(table), floors

    def off_the_table(self) -> Iterator[Finding]:
        table = str(self.save.get("Table") or "")
        surface, floors = self._surfaces()
        if surface is None and table != ttsfacts.NO_TABLE:
            return  # no measured surface for this table: nothing to say either way
        hands = [z for z in self.objects if z.type == "Hand"]
        for obj in self.objects:
            if obj.type == "Hand" or any(_held(z, obj) for z in hands):
                continue  # hand zones float at the table's edge; what they hold is held, not lying there
            if obj.state.get("Locked") and obj.type not in ttsfacts.ZONE_TYPES:
                continue  # a locked object stays where it is put (a zone is checked: pieces put in it would fall)
            p = obj.transform.position
            if surface is not None and surface.holds(p.x, p.z):
                continue
            if any(_over(floor, p) for floor in floors if floor is not obj):
                continue
            what = (
                f"{table}'s flat surface (|x| <= {surface.half_x:g}, |z| <= {surface.half_z:g})"
                if surface
                else ("any locked object (the table is Table_None: there is no table)")
            )
            fate = "pieces put in it fall" if obj.type in ttsfacts.ZONE_TYPES else "in TTS it falls"
            yield Finding("off-table", obj.guid, obj.name, obj.where, f"lies beyond {what}; {fate}")

    def zones_shutting_out(self) -> Iterator[Finding]:
        for zone in self.objects:
            if zone.type not in ttsfacts.ZONE_TYPES or not zone.tags:
                continue
            for obj in self.objects:
                if obj is zone or obj.type in ttsfacts.ZONE_TYPES or not _inside(zone, obj.transform.position):
                    continue
                if not ttsfacts.tag_admits(zone.tags, obj.tags):
                    yield Finding(
                        "zone-tags",
                        obj.guid,
                        obj.name,
                        obj.where,
                        f"lies in the {zone.type.lower()} zone '{zone.name}' (guid {zone.guid}), whose tags "
                        f"{zone.tags} it shares none of: TTS's zone does not see it (a tagged zone holds only objects "
                        "sharing a tag)",
                    )

    def snap_points_shutting_out(self) -> Iterator[Finding]:
        points: list[tuple[Vec3, list[str], str]] = []
        for sp in self.save.get("SnapPoints") or []:
            if isinstance(sp, Mapping) and sp.get("Tags"):
                points.append((_vec(sp.get("Position")), [str(t) for t in sp["Tags"]], "the table's"))
        for obj in self.objects:
            for sp in obj.state.get("AttachedSnapPoints") or []:
                if isinstance(sp, Mapping) and sp.get("Tags"):
                    at = obj.transform.to_world(_vec(sp.get("Position")))
                    points.append((at, [str(t) for t in sp["Tags"]], f"'{obj.name}' (guid {obj.guid})'s"))
        for at, tags, owner in points:
            for obj in self.objects:
                p = obj.transform.position
                near = (p.x - at.x) ** 2 + (p.z - at.z) ** 2 <= ttsfacts.SNAP_REACH**2
                if near and obj.type not in ttsfacts.ZONE_TYPES and not ttsfacts.tag_admits(tags, obj.tags):
                    yield Finding(
                        "snap-tags",
                        obj.guid,
                        obj.name,
                        obj.where,
                        f"lies on a snap point of {owner} tagged {tags}, none of which it carries: TTS will not snap "
                        "it there",
                    )

    def hand_pieces(self) -> Iterator[Finding]:
        hands = [z for z in self.objects if z.type == "Hand"]
        for zone in hands:
            for obj in self.objects:
                if obj is zone or obj.type in ttsfacts.ZONE_TYPES or not _inside(zone, obj.transform.position):
                    continue
                if not ttsfacts.can_be_held(obj.type, obj.state.get("Hands")):
                    yield Finding(
                        "cannot-be-held",
                        obj.guid,
                        obj.name,
                        obj.where,
                        f"lies in {zone.state.get('FogColor') or 'a'} hand zone (guid {zone.guid}) but cannot be "
                        'held: only cards and decks enter a hand unless the object has "Hands": true',
                    )

    def images(self) -> Iterator[Finding]:
        for url in _urls({k: v for k, v in self.save.items() if k != "ObjectStates"}):
            problem = self._image_problem(url)
            if problem:
                yield Finding("image", "", "", "", f"{problem}: {url}")
        for obj in self.objects:
            for state, _path in _everything(obj.state, obj.path):
                for url in _urls(state):
                    problem = self._image_problem(url)
                    if problem:
                        name = str(state.get("Nickname") or state.get("Name") or "object")
                        inner = state is not obj.state
                        yield Finding(
                            "image",
                            str(state.get("GUID", "")),
                            name,
                            f"inside {obj.name} (guid {obj.guid})" if inner else obj.where,
                            f"{problem}: {url}",
                        )

    def _image_problem(self, url: str) -> str | None:
        path = ttsfacts.local_image_path(url)
        exists = Path(path).exists() if path is not None and ttsfacts.image_problem(url) is None else None
        return ttsfacts.image_problem(url, exists)


def _vec(value: Any) -> Vec3:
    if isinstance(value, Mapping):
        try:
            return Vec3(*(float(value.get(a, 0.0)) for a in "xyz"))
        except (TypeError, ValueError):
            return Vec3(0.0, 0.0, 0.0)
    return Vec3(0.0, 0.0, 0.0)


def _inside(zone: _Obj, point: Vec3) -> bool:
    """Whether ``point`` lies in a zone's box (a zone's scale is its size)."""
    t = zone.transform
    local = Transform(t.position, t.rotation, ONE).to_local(point)
    return all(abs(c) <= s / 2 + 1e-6 for c, s in zip(local, t.scale, strict=True))


def _held(hand: _Obj, obj: _Obj) -> bool:
    """Whether a hand zone holds the object (it lies in the zone, may be held, and the zone's tags let it in)."""
    return (
        _inside(hand, obj.transform.position)
        and ttsfacts.can_be_held(obj.type, obj.state.get("Hands"))
        and ttsfacts.tag_admits(hand.tags, obj.tags)
    )


def _over(floor: _Obj, point: Vec3) -> bool:
    """Whether ``point`` lies above a locked object's footprint (its scale as its size: a built-in block's is;
    a custom board's depends on its image, so this is an estimate)."""
    t = floor.transform
    local = Transform(t.position, t.rotation, ONE).to_local(point)
    return abs(local.x) <= t.scale.x / 2 and abs(local.z) <= t.scale.z / 2


def board_mismatches(measured: Any, table: Table) -> list[str]:
    """The boards TTS drew at a size other than their build assumed, in words for the person (the connector
    measures each board once its image has loaded; ``measured``: its ``boards`` list). The assumption is scaled
    with the board, so a board a person resized on purpose is not reported."""
    out = []
    for entry in measured if isinstance(measured, list) else []:
        if not isinstance(entry, Mapping):
            continue
        board = table.get(str(entry.get("guid", "")))
        built = board_size(board.gm_notes) if board is not None else None
        try:
            width, depth = float(entry["width"]), float(entry["depth"])
        except (KeyError, TypeError, ValueError):
            continue
        if board is None or built is None or built[1] <= 0:
            continue
        if entry.get("loading") is True:  # the connector stopped waiting: a size drawn before the image is no test
            out.append(
                f"The board '{board.label()}' was still loading its image when measured, so its size was not checked "
                "(a slow or unreachable image address; see README, 'Images, and checking a save')."
            )
            continue
        built_scale = ttsfacts.scale_for_depth(built[1])
        want_w, want_d = built[0] * board.scale.x / built_scale, built[1] * board.scale.z / built_scale
        for what, got, want in (("wide", width, want_w), ("deep", depth, want_d)):
            if want > 0 and abs(got - want) / want > ttsfacts.BOARD_SIZE_TOLERANCE:
                out.append(
                    f"The board '{board.label()}' is {got:.1f} units {what}, the table expects {want:.1f}: spaces may "
                    "not line up (TTS sized it from its image; see README, 'Images, and checking a save')."
                )
                break
    return out


def check(save: SaveFile | Mapping[str, Any]) -> list[Finding]:
    """Every finding for a save, in the order: GUIDs, table, zones, snap points, hands, images."""
    raw = save.to_dict() if isinstance(save, SaveFile) else save
    return Checker(raw).all()


def report(findings: list[Finding], source: str) -> str:
    """The findings in plain words, one a line, for a person at a terminal."""
    if not findings:
        return (
            f"{source}: nothing found that TTS would treat differently (checked: GUIDs, table surface, zone and "
            "snap point tags, hand pieces, images; nothing here ran in real TTS)"
        )
    lines = [f"{source}: {len(findings)} problem{'s' if len(findings) != 1 else ''}"]
    lines += [f"  [{f.kind}] {f}" for f in findings]
    return "\n".join(lines)


def as_json(findings: list[Finding], source: str) -> str:
    return json.dumps({"save": source, "ok": not findings, "findings": [asdict(f) for f in findings]}, indent=2)
