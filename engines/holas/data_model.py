"""The three owner files the Enemy needs: the 8 solo cards, a faction's solo board, and the map of a board side.

None of them is public: the owner transcribes the cards and the board and draws the map (spec c). The project
ships their JSON Schemas (generated from these models: ``python -m engines.holas.data_model`` writes them again),
a fictional sample set, and this loader; every error names the entry and the field. An owner's files live in one
folder outside the repository: ``solo_cards.json``, ``faction.json`` and ``map.json``.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.ownerdata import OwnerDataError, choose, load_model, user_file

Compass = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
ActionKind = Literal["recruit", "build_cc_track", "build_towers_vessels", "research", "tax", "attack"]
ACTIONS: tuple[str, ...] = ("recruit", "build_cc_track", "build_towers_vessels", "research", "tax", "attack")
UnitType = Literal["hero", "warrior", "serf", "air_vessel", "sea_vessel", "tower"]
DATA = Path(__file__).parent / "data"
SAMPLE = DATA / "sample"
FILES = {"cards": "solo_cards.json", "faction": "faction.json", "map": "map.json"}
README = "engines/holas/README.md"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Dataset(_Strict):
    kind: Literal["sample", "owner"]
    source: str
    transcribed_by: str | None = None


class Battle(_Strict):
    strength: int
    pts: int = 0
    tactic_attack: str
    tactic_defend: str


class SoloCard(_Strict):
    id: str = Field(min_length=1)
    action: ActionKind
    followable: bool
    compass: Compass
    battle: Battle


class SoloCards(_Strict):
    dataset: Dataset
    cards: tuple[SoloCard, ...] = Field(min_length=8, max_length=8)

    @model_validator(mode="after")
    def _whole(self) -> SoloCards:
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError("card ids must be unique")
        missing = [a for a in ACTIONS if a not in {c.action for c in self.cards}]
        if missing:
            raise ValueError(f"every action type needs a card; none is {', '.join(missing)}")
        return self


class Resources(_Strict):
    ore: int = Field(default=0, ge=0)
    mana: int = Field(default=0, ge=0)
    food: int = Field(default=0, ge=0)


class Spell(_Strict):
    name: str
    cost: Resources
    pts: int = Field(ge=0)
    effect: str  # what the spell does, said in chat for the person to carry out


class Hero(_Strict):
    slot: int = Field(ge=1, le=3)
    name: str
    ability_text: str
    spell: Spell


class TrackSpace(_Strict):
    space: int = Field(ge=0)  # 0 = "Start"
    ore: int = Field(ge=0)
    level: int = Field(ge=1)
    pts: int = Field(default=0, ge=0)
    strength: int = 0
    unlocks: tuple[UnitType, ...] = ()
    text: str = ""


class Unit(_Strict):
    ns: int = Field(ge=0)
    speed: int = Field(ge=0)
    capacity: int = Field(default=0, ge=0)
    cost: Resources
    supply: int = Field(ge=0)


class Towers(_Strict):
    limit_by_level: tuple[int, ...]
    cost: Resources
    cost_rule: Literal["ore_per_region", "fixed"] = "ore_per_region"
    """``ore_per_region`` (the rulebook's, as issue 33 states it; the solo text does not): ``cost`` and 1 Ore more for
    each step away from the Capital City to the tower's region (by land and Ferry links: a neighbour is 1);
    ``fixed``: ``cost`` alone."""
    collect: int = Field(default=2, ge=0)  # more of a resource region's resource at Collection (the rulebook: 2)


class Faction(_Strict):
    dataset: Dataset
    faction: str
    heroes: tuple[Hero, Hero, Hero]
    cc_track: tuple[TrackSpace, ...] = Field(min_length=2)
    units: dict[UnitType, Unit]
    towers: Towers
    capital_ns: int | None = Field(default=None, ge=0)
    """A Capital City's own Natural Strength, added to your army in its region when the Enemy weighs an attack (H6);
    None: a tower's."""

    @model_validator(mode="after")
    def _whole(self) -> Faction:
        if sorted(h.slot for h in self.heroes) != [1, 2, 3]:
            raise ValueError("heroes: one hero in each slot 1, 2 and 3")
        if [s.space for s in self.cc_track] != list(range(len(self.cc_track))):
            raise ValueError('cc_track: the spaces run 0 ("Start"), 1, 2, ... in order')
        missing = [u for u in ("hero", "warrior", "serf", "air_vessel", "sea_vessel") if u not in self.units]
        if missing:
            raise ValueError(f"units: no stats for {', '.join(missing)}")
        return self


Arc = tuple[float, float]  # degrees clockwise from board north, from the region's centre: [from, to)


class Region(_Strict):
    id: str = Field(min_length=1)
    kind: Literal["land", "sea"]
    continent: str | None = None
    terrain: Literal["mountain", "forest", "plains", "swamp", "desert", "capital", "sea"]
    shore: bool = False
    worker_space: bool = False
    capital_site: bool = False
    exploration_tokens: int = Field(default=1, ge=0)  # face down here at set-up (none on a Capital, L154 "Tokens")
    center: tuple[float, float]
    polygon: tuple[tuple[float, float], ...] = Field(min_length=3)


class Edge(_Strict):
    a: str
    b: str
    kind: Literal["land", "sea", "shore", "ferry", "graticule"]
    arc_a: Arc
    arc_b: Arc
    label: str | None = None
    graticule: bool = False
    """A ferry link whose route uses a Graticule (wraps around the map): at a branch the Enemy takes the one that does
    not (L160). Branches of one Ferry Route may share an arc."""


EDGE_ENDS = {"land": {"land"}, "sea": {"sea"}, "shore": {"land", "sea"}, "ferry": {"land"}, "graticule": {"sea"}}


class MapData(_Strict):
    dataset: Dataset
    side: str
    north_deg: float = 0.0
    board_centre: tuple[float, float] | None = None  # the map point at the board's centre (None: the outlines' middle)
    regions: tuple[Region, ...] = Field(min_length=2)
    edges: tuple[Edge, ...]

    @model_validator(mode="after")
    def _sound(self) -> MapData:
        kinds = {r.id: r.kind for r in self.regions}
        if len(kinds) != len(self.regions):
            raise ValueError("region ids must be unique")
        pairs: set[frozenset[str]] = set()
        arcs: dict[str, list[tuple[Arc, str, str]]] = defaultdict(list)
        for n, e in enumerate(self.edges, start=1):
            where = f"edge #{n} ({e.a}-{e.b})"
            for end in (e.a, e.b):
                if end not in kinds:
                    raise ValueError(f"{where}: no region {end!r}")
            if e.a == e.b:
                raise ValueError(f"{where}: joins a region to itself")
            pair = frozenset((e.a, e.b))
            if pair in pairs:
                raise ValueError(f"{where}: the two regions are joined twice (an edge is listed once, with both arcs)")
            pairs.add(pair)
            ends = {kinds[e.a], kinds[e.b]}
            if (e.kind == "shore" and ends != {"land", "sea"}) or (e.kind != "shore" and not ends <= EDGE_ENDS[e.kind]):
                raise ValueError(f"{where}: a {e.kind} edge cannot join {kinds[e.a]} and {kinds[e.b]}")
            if e.graticule and e.kind != "ferry":
                raise ValueError(f"{where}: only a ferry link is marked as using a Graticule (graticule: true)")
            arcs[e.a].append((e.arc_a, e.b, e.kind))
            arcs[e.b].append((e.arc_b, e.a, e.kind))
        for region, mine in arcs.items():
            for i, (first, one, kind) in enumerate(mine):
                for second, other, kind2 in mine[i + 1 :]:
                    if kind == kind2 == "ferry":
                        continue  # branches of a Ferry Route may lie in line (L160)
                    if arcs_overlap(first, second):
                        raise ValueError(f"region {region}: the arcs toward {one} and {other} overlap")
        land = [r.id for r in self.regions if r.kind == "land"]
        linked: dict[str, set[str]] = defaultdict(set)
        for e in self.edges:
            if e.kind in ("land", "ferry"):
                linked[e.a].add(e.b)
                linked[e.b].add(e.a)
        seen, todo = {land[0]}, [land[0]]
        while todo:
            for nxt in linked[todo.pop()] - seen:
                seen.add(nxt)
                todo.append(nxt)
        cut = sorted(set(land) - seen)
        if cut:
            raise ValueError(f"land regions not joined to {land[0]} by land or ferry: {', '.join(cut)}")
        return self


def arcs_overlap(a: Arc, b: Arc) -> bool:
    """Whether two clockwise arcs [from, to) share more than an end point."""

    def span(arc: Arc) -> list[tuple[float, float]]:
        start, end = arc[0] % 360, arc[1] % 360
        return [(start, end)] if start < end else [(start, 360.0), (0.0, end)]

    return any(x0 < y1 - 1e-9 and y0 < x1 - 1e-9 for x0, x1 in span(a) for y0, y1 in span(b))


def bearing(frm: tuple[float, float], to: tuple[float, float], north_deg: float = 0.0) -> float:
    """Degrees clockwise from board north, from ``frm`` to ``to`` (board coordinates x east, z north)."""
    return (math.degrees(math.atan2(to[0] - frm[0], to[1] - frm[1])) - north_deg) % 360


class HolasData(_Strict):
    cards: SoloCards
    faction: Faction
    map: MapData

    @property
    def sample(self) -> bool:
        return "sample" in (self.cards.dataset.kind, self.faction.dataset.kind, self.map.dataset.kind)


def load_folder(folder: Path) -> HolasData:
    """The three files of a folder, each checked; errors name the file, the entry and the field."""
    if not folder.is_dir():
        raise OwnerDataError(f"{folder}: not a folder (it holds {', '.join(FILES.values())})")
    return HolasData(
        cards=load_model(folder / FILES["cards"], SoloCards),
        faction=load_model(folder / FILES["faction"], Faction, entries="heroes", entry="hero"),
        map=load_model(folder / FILES["map"], MapData, entries="regions", entry="region"),
    )


def load_file(path: Path) -> BaseModel:
    """One file, by its name: ``solo_cards.json``, ``faction.json`` or ``map.json`` (``automa data check``)."""
    models: dict[str, tuple[type[BaseModel], str, str]] = {
        FILES["cards"]: (SoloCards, "cards", "card"),
        FILES["faction"]: (Faction, "heroes", "hero"),
        FILES["map"]: (MapData, "regions", "region"),
    }
    if path.name not in models:
        raise OwnerDataError(f"{path}: name it {', '.join(models)} (which file it is goes by its name)")
    model, entries, entry = models[path.name]
    return load_model(path, model, entries=entries, entry=entry)


def find_data(folder: Path | None = None, *, allow_sample: bool = False) -> HolasData:
    """The owner's folder (``folder``, else the per-user config folder); the fictional sample only when allowed."""
    if folder is not None:
        return load_folder(folder)
    cards = user_file("holas", FILES["cards"])
    found = choose(None, cards, SAMPLE / FILES["cards"], allow_sample=allow_sample, readme=README, flag="--data FOLDER")
    return load_folder(found.parent)


def schemas() -> dict[str, dict[str, Any]]:
    return {
        "solo_cards.schema.json": {"$id": "holas.solo_cards.schema.json", **SoloCards.model_json_schema()},
        "faction.schema.json": {"$id": "holas.faction.schema.json", **Faction.model_json_schema()},
        "map.schema.json": {"$id": "holas.map.schema.json", **MapData.model_json_schema()},
    }


if __name__ == "__main__":  # python -m engines.holas.data_model: write the shipped schemas after a model change
    for name, schema in schemas().items():
        (DATA / name).write_text(json.dumps(schema, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {DATA / name}")
