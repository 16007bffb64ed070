"""The map editor's output turned into the owner's ``map.json``. The editor (the TTS mod's script, or the dashboard)
sends a drawing: each region's centre and outline clicked on the owner's board, its kind and terrain, and the
links the owner entered between regions. This module infers each link's kind (land-land: land, sea-sea: sea, land
and sea: shore; ferries and graticules as entered) and its arcs, and checks the result with the loader's checks.

Arcs are derived from the centres, since nobody can click an angle: around each region its neighbours are sorted by
the bearing of their centres, and each arc runs from the bisector with the neighbour before to the bisector with
the one after, so a compass arrow takes the neighbour whose centre lies nearest its bearing. A ferry in line with
a sea region (within ``IN_LINE`` degrees) takes the half of their joint arc from the common bearing clockwise
("An arrow in line with a Ferry Route takes it"); branches of a Ferry Route in line share that arc, and a branch
marked as using a Graticule (``map link A B ferry graticule ...``) is the one the Enemy leaves (L160). The owner
may still edit the arcs in the file."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from bridge.table import Vec3
from bridge.table.geometry import Transform
from engines.holas.data_model import Arc, Dataset, Edge, MapData, Region, bearing
from engines.ownerdata import OwnerDataError, first_error, user_file

IN_LINE = 1.0  # degrees: neighbours this close in bearing are in line


class DrawnRegion(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, max_length=40)
    kind: Literal["land", "sea"] = "land"
    continent: str | None = None
    terrain: Literal["mountain", "forest", "plains", "swamp", "desert", "capital", "sea"] | None = None
    shore: bool = False
    worker_space: bool = False
    capital_site: bool = False
    center: tuple[float, float]
    polygon: tuple[tuple[float, float], ...] = ()


class Link(BaseModel):
    model_config = ConfigDict(extra="forbid")

    a: str
    b: str
    kind: Literal["ferry", "graticule"] | None = None  # None: inferred from the regions' kinds
    label: str | None = Field(default=None, max_length=80)
    graticule: bool = False  # a ferry whose route uses a Graticule (L160: at a branch the Enemy takes another)


class Drawing(BaseModel):
    """What an editor sends: board-local coordinates (x east, z north, the board's centre at 0, 0)."""

    model_config = ConfigDict(extra="forbid")

    side: str = Field(default="A", min_length=1, max_length=20)
    north_deg: float = 0.0
    regions: list[DrawnRegion] = Field(max_length=200)
    links: list[Link] = Field(default_factory=list, max_length=1000)


def make_map(drawing: Drawing, *, by: str = "the owner") -> MapData:
    """The map file's content; raises :class:`OwnerDataError` naming the region or link that is wrong."""
    regions = {r.id: r for r in drawing.regions}
    if len(regions) != len(drawing.regions):
        raise OwnerDataError("two regions have the same name: give each region its own")
    for r in drawing.regions:
        if len(r.polygon) < 3:
            raise OwnerDataError(f"region {r.id}: its outline has {len(r.polygon)} point(s); click at least 3")
    pairs: dict[frozenset[str], Link] = {}
    for n, link in enumerate(drawing.links, start=1):
        for end in (link.a, link.b):
            if end not in regions:
                raise OwnerDataError(f"link #{n} ({link.a}-{link.b}): no region {end!r}")
        pairs[frozenset((link.a, link.b))] = link  # entered twice: the last one counts
    neighbours: dict[str, list[tuple[float, bool, str]]] = {r: [] for r in regions}
    for link in pairs.values():
        for one, other in ((link.a, link.b), (link.b, link.a)):
            at = bearing(regions[one].center, regions[other].center, drawing.north_deg)
            neighbours[one].append((at, link.kind == "ferry", other))
    arcs = {r: _arcs(sorted(near)) for r, near in neighbours.items()}
    edges = [
        Edge(
            a=link.a,
            b=link.b,
            kind=link.kind or _kind(regions[link.a].kind, regions[link.b].kind),
            arc_a=arcs[link.a][link.b],
            arc_b=arcs[link.b][link.a],
            label=link.label,
            graticule=link.graticule,
        )
        for link in pairs.values()
    ]
    try:
        return MapData(
            dataset=Dataset(kind="owner", source=f"drawn with the map editor by {by}", transcribed_by=by),
            side=drawing.side,
            north_deg=drawing.north_deg,
            board_centre=(0.0, 0.0),
            regions=tuple(
                Region(
                    id=r.id,
                    kind=r.kind,
                    continent=r.continent,
                    terrain=r.terrain or ("sea" if r.kind == "sea" else "plains"),
                    shore=r.shore,
                    worker_space=r.worker_space,
                    capital_site=r.capital_site,
                    center=r.center,
                    polygon=r.polygon,
                )
                for r in drawing.regions
            ),
            edges=tuple(edges),
        )
    except ValidationError as exc:
        raise OwnerDataError(f"the map does not hold together: {first_error(exc, 'the map')}") from None


def _kind(a: str, b: str) -> Literal["land", "sea", "shore"]:
    return "land" if a == b == "land" else "sea" if a == b == "sea" else "shore"


def _arcs(near: Sequence[tuple[float, bool, str]]) -> dict[str, Arc]:
    """Each neighbour's arc, from the bisectors with the neighbours around it (``near`` sorted by bearing)."""
    if len(near) == 1:
        return {near[0][2]: (near[0][0], near[0][0] + 360.0)}
    groups: list[list[tuple[float, bool, str]]] = []
    for item in near:
        if groups and (item[0] - groups[-1][0][0]) <= IN_LINE:
            groups[-1].append(item)
        else:
            groups.append([item])
    if len(groups) > 1 and (groups[0][0][0] + 360 - groups[-1][0][0]) <= IN_LINE:
        groups[0] = groups.pop() + groups[0]
    out: dict[str, Arc] = {}
    n = len(groups)
    for i, group in enumerate(groups):
        at = group[0][0]
        before, after = groups[i - 1][0][0], groups[(i + 1) % n][0][0]
        lo = (at - ((at - before) % 360) / 2) % 360 if n > 1 else at
        hi = (at + ((after - at) % 360) / 2) % 360 if n > 1 else at + 360
        ferries = [g for g in group if g[1]]
        others = [g for g in group if not g[1]]
        if ferries and others:  # "An arrow in line with a Ferry Route takes it"
            for g in others:
                out[g[2]] = (lo, at)
            for g in ferries:
                out[g[2]] = (at, hi)
        else:
            for g in group:
                out[g[2]] = (lo, hi)
    return out


def save_map(map_: MapData, folder: Path | None) -> Path:
    """Write ``map.json`` into the owner's folder (``--data FOLDER``, else the per-user config folder), never into
    the repository's sample."""
    from engines.holas.data_model import FILES, SAMPLE

    target = (folder / FILES["map"]) if folder is not None else user_file("holas", FILES["map"])
    if SAMPLE in target.parents:
        raise OwnerDataError(f"{target}: the project's sample is not the owner's folder; pass --data FOLDER")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(map_.model_dump(mode="json"), indent=1) + "\n", encoding="utf-8")
    return target


# --- what the TTS editor sends (tts_mod/holas/global.lua) -------------------------------------------------------


def _listed(value: Any) -> Any:
    return [] if value == {} else value  # Lua's JSON writes an empty table as {}


class _Point(BaseModel):
    x: float
    y: float = 0.0
    z: float


class _LuaRegion(BaseModel):
    id: str = Field(min_length=1, max_length=40)
    words: Annotated[list[str], BeforeValidator(_listed)] = Field(default_factory=list, max_length=20)
    center: _Point | None = None
    polygon: Annotated[list[_Point], BeforeValidator(_listed)] = Field(default_factory=list, max_length=200)


class _LuaLink(BaseModel):
    a: str = Field(max_length=40)
    b: str = Field(max_length=40)
    words: Annotated[list[str], BeforeValidator(_listed)] = Field(default_factory=list, max_length=20)


class LuaDrawing(BaseModel):
    """The map editor's message: points where the pointer was on the table, words as the owner typed them."""

    side: str = Field(default="A", max_length=20)
    north: float = 0.0
    regions: Annotated[list[_LuaRegion], BeforeValidator(_listed)] = Field(max_length=200)
    links: Annotated[list[_LuaLink], BeforeValidator(_listed)] = Field(default_factory=list, max_length=1000)


TERRAINS = ("mountain", "forest", "plains", "swamp", "desert", "capital", "sea")


def from_table(drawing: LuaDrawing, board: Transform) -> Drawing:
    """The editor's drawing in the board's own frame, each region's words read; errors name the region or link."""

    def local(p: _Point) -> tuple[float, float]:
        at = board.to_local(Vec3(p.x, p.y, p.z))
        return round(at.x, 2), round(at.z, 2)

    regions = []
    for r in drawing.regions:
        if r.center is None:
            raise OwnerDataError(f"region {r.id}: no centre yet (select it, point at its centre, press Numpad 1)")
        fields: dict[str, Any] = {}
        for word in r.words:
            low = word.lower()
            if low in ("land", "sea"):
                fields["kind"] = low
            elif low in TERRAINS:
                fields["terrain"] = low
            elif low in ("shore", "worker", "capital"):
                fields[{"shore": "shore", "worker": "worker_space", "capital": "capital_site"}[low]] = True
            elif low.startswith("continent="):
                fields["continent"] = word.split("=", 1)[1] or None
            else:
                known = "land, sea, a terrain (" + ", ".join(TERRAINS) + "), shore, worker, capital, continent=X"
                raise OwnerDataError(f"region {r.id}: the word {word!r} means nothing here (known: {known})")
        if fields.get("kind") == "sea":
            fields.setdefault("terrain", "sea")
        regions.append(
            DrawnRegion(id=r.id, center=local(r.center), polygon=tuple(local(p) for p in r.polygon), **fields)
        )
    links = []
    for link in drawing.links:
        words = list(link.words)
        kind = words.pop(0).lower() if words and words[0].lower() in ("ferry", "graticule") else None
        crosses = kind == "ferry" and bool(words) and words[0].lower() == "graticule"  # "ferry graticule ..."
        label = " ".join(words[1:] if crosses else words) or None
        links.append(Link(a=link.a, b=link.b, kind=kind, label=label, graticule=crosses))  # type: ignore[arg-type]
    return Drawing(side=drawing.side, north_deg=drawing.north, regions=regions, links=links)
