"""The map editor: a drawing (centres, outlines, links) made into the owner's map.json with each link's kind and
arcs inferred, the loader's checks each failing on a drawing that breaks them, and the TTS editor script driven in
the emulator (the owner's pointer, the numpad's scripting buttons, chat commands) writing a map that reads the
sample table as the sample map does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridge.modbuild import build_save
from bridge.session import Session
from bridge.table import Table
from engines import registry
from engines.holas.data_model import SAMPLE, HolasData, MapData, load_file, load_folder
from engines.holas.mapmaker import Drawing, DrawnRegion, Link, make_map, save_map
from engines.holas.movement import Geometry
from engines.holas.table import layout
from engines.holas.table.read import read_table
from engines.ownerdata import OwnerDataError
from tests.conftest import start_live, stop_live

DATA = load_folder(SAMPLE)


def drawing(map_: MapData = DATA.map) -> Drawing:
    """The sample map as an owner would draw it on the board: points in the board's frame, links as entered."""

    def local(p: tuple[float, float]) -> tuple[float, float]:
        at = layout.to_board(map_, p)
        return at.x, at.z

    regions = [
        DrawnRegion(
            id=r.id,
            kind=r.kind,
            continent=r.continent,
            terrain=r.terrain,
            shore=r.shore,
            worker_space=r.worker_space,
            capital_site=r.capital_site,
            center=local(r.center),
            polygon=tuple(local(p) for p in r.polygon),
        )
        for r in map_.regions
    ]
    special = ("ferry", "graticule")
    links = [Link(a=e.a, b=e.b, kind=e.kind if e.kind in special else None, label=e.label) for e in map_.edges]  # type: ignore[arg-type]
    return Drawing(side=map_.side, regions=regions, links=links)


def test_each_links_kind_is_inferred_and_the_compass_takes_the_nearest_neighbour():
    """Edge kinds: "land | sea | shore | ferry | graticule" — land-land, sea-sea, land and sea; ferries and
    graticules as entered. Moving: "the neighbour whose edge arc contains the compass bearing"; "An arrow in line
    with a Ferry Route takes it": from L4 the ferry to L6 lies east, in line with the sea S2."""
    made = make_map(drawing())
    assert sorted((e.a, e.b, e.kind) for e in made.edges) == sorted((e.a, e.b, e.kind) for e in DATA.map.edges)
    assert made.dataset.kind == "owner" and made.board_centre == (0.0, 0.0)
    first = {
        (r, b): Geometry(made).clockwise_from(r, b)[0][1] for r, b in (("L2", 90), ("L2", 180), ("L4", 90), ("S2", 0))
    }
    assert first == {("L2", 90): "S1", ("L2", 180): "L4", ("L4", 90): "L6", ("S2", 0): "S1"}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.links.append(Link(a="L1", b="L9")), "link #"),
        (lambda d: setattr(d.regions[0], "polygon", d.regions[0].polygon[:2]), "region L1: its outline has 2 point"),
        (lambda d: setattr(d.regions[1], "id", "L1"), "two regions have the same name"),
        (lambda d: d.links.__setitem__(slice(None), [k for k in d.links if k.kind != "ferry"]), "not joined to L1"),
        (lambda d: d.links.append(Link(a="L1", b="L5", kind="graticule")), "a graticule edge cannot join land"),
        (lambda d: d.links.append(Link(a="L1", b="S3")), "overlap"),  # from L1, S3 lies in line with L3
    ],
)
def test_the_loaders_checks_fail_on_a_drawing_that_breaks_them(change, message):
    """Loader checks: "symmetric edges, no overlapping arcs within a region, all Land regions connected through
    land and ferry edges, graticules join Sea regions only"; and every link names regions that exist."""
    broken = drawing()
    change(broken)
    with pytest.raises(OwnerDataError, match=message):
        make_map(broken)


def test_the_saved_map_loads_with_the_loader_and_never_goes_into_the_sample(tmp_path: Path):
    path = save_map(make_map(drawing()), tmp_path)
    assert path == tmp_path / "map.json" and isinstance(load_file(path), MapData)
    with pytest.raises(OwnerDataError, match="not the owner's folder"):
        save_map(make_map(drawing()), SAMPLE)


async def test_the_tts_editor_draws_the_map_and_the_bridge_writes_it(tmp_path: Path, monkeypatch):
    """In the emulator, on the sample table: for each region 'map new ...', the pointer on its centre and Numpad 1,
    on each outline point and Numpad 2; 'map link ...' for each neighbour; 'map send'. The bridge writes map.json
    into the owner's config folder and says so; the sample table read with it is the table read with the sample
    map. A link to a region nobody drew is refused in red, naming it."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    game = registry.load("holas")
    game.use_data(None, allow_sample=True)
    save = build_save(game)
    live = await start_live(save, timeout=30)
    try:
        emulator, session = live.emulator, Session(live.connector, game, seed=1)
        board = layout.board_frame(Table.from_save(save).with_tag(layout.BOARD_TAG)[0].transform)  # map units
        chat = emulator.require_world().chat

        async def send() -> tuple[bool, list[str]]:
            emulator.chat("map send")
            while (event := await live.connector.events.get()).name != "map":
                pass
            return await session.table_event(event.name, event.fields)

        def at(p: tuple[float, float]) -> None:
            emulator.point_at(board.to_world(layout.to_board(DATA.map, p)))

        for r in DATA.map.regions:
            words = [r.kind, r.terrain, *(["shore"] if r.shore else []), *(["worker"] if r.worker_space else [])]
            words += (["capital"] if r.capital_site else []) + ([f"continent={r.continent}"] if r.continent else [])
            emulator.chat(f"map new {r.id} {' '.join(words)}")
            at(r.center)
            emulator.scripting_button(1)
            for p in (*r.polygon, (0.0, 0.0)):
                at(p)
                emulator.scripting_button(2)
            emulator.scripting_button(3)  # the last point was a slip: taken back
        for e in DATA.map.edges:
            kind = e.kind if e.kind in ("ferry", "graticule") else ""
            emulator.chat(f"map link {e.a} {e.b} {kind} {e.label or ''}".strip())
        assert not any(text.startswith("White: map") for text, _ in chat)  # the editor's commands stay out
        emulator.chat("map link L1 L9")
        ok, lines = await send()
        assert not ok and "no region 'L9'" in lines[0] and any(text == "Bot: " + lines[0] for text, _ in chat)
        emulator.chat("map unlink L1 L9")
        ok, lines = await send()
        assert ok and "the map is saved" in lines[0], lines
        written = tmp_path / "tabletop-automa" / "holas" / "map.json"
        made = load_file(written)
        assert isinstance(made, MapData) and json.loads(written.read_text())["dataset"]["kind"] == "owner"
        own = HolasData(cards=DATA.cards, faction=DATA.faction, map=made)
        table = Table.from_save(save)
        assert read_table(table, own).state == read_table(table, DATA).state
    finally:
        await stop_live(live)


def test_ferry_branches_in_line_share_an_arc_and_the_enemy_takes_the_one_without_a_graticule():
    """Issue 33 item 13: L160 "If the Ferry Route has multiple branches, the Enemy army will take the one that does
    not use a Graticule". L5 drawn due east of L4, beyond L6, with a ferry branch to it that uses a Graticule
    (entered first): both branches lie east of L4, in line; the editor gives them one arc, the loader takes it, and
    an army in L4 with the arrow E takes the branch to L6."""
    import random

    from engines.holas import rules
    from engines.holas.bot import Enemy
    from engines.holas.data_model import HolasData

    drawn = drawing()
    east = layout.to_board(DATA.map, (45.0, 15.0))
    next(r for r in drawn.regions if r.id == "L5").center = (east.x, east.z)
    drawn.links.insert(0, Link(a="L4", b="L5", kind="ferry", label="branch", graticule=True))
    made = make_map(drawn)
    branch = next(e for e in made.edges if {e.a, e.b} == {"L4", "L5"})
    ferry = next(e for e in made.edges if {e.a, e.b} == {"L4", "L6"})
    assert branch.graticule and not ferry.graticule and branch.arc_a == ferry.arc_a
    data = HolasData(cards=DATA.cards, faction=DATA.faction, map=made)
    s = rules.new_game(data, "L7", random.Random(1))
    s.unit("hero1").where = "L4"
    Enemy(s, data, random.Random(0)).move("hero1", "E")
    assert s.unit("hero1").where == "L6"


def test_a_ferry_using_a_graticule_is_read_from_the_editors_words_and_only_a_ferry_may_say_so():
    """The TTS editor's ``map link L4 L6 ferry graticule Sample ferry``: a ferry whose route uses a Graticule, its
    label the rest; ``graticule: true`` on any other link is named by the loader."""
    from bridge.table import Vec3
    from bridge.table.geometry import Transform
    from engines.holas.mapmaker import LuaDrawing, _LuaLink, from_table

    words = (["ferry", "graticule", "Sample", "ferry"], ["ferry", "Sample", "ferry"], ["graticule", "mark"])
    lua = LuaDrawing(regions=[], links=[_LuaLink(a="L4", b="L6", words=w) for w in words])
    links = from_table(lua, Transform(Vec3(0, 0, 0), Vec3(0, 0, 0))).links
    assert [(k.kind, k.graticule, k.label) for k in links] == [
        ("ferry", True, "Sample ferry"),
        ("ferry", False, "Sample ferry"),
        ("graticule", False, "mark"),
    ]
    edges = [e.model_dump() for e in DATA.map.edges]
    edges[0]["graticule"] = True  # L1-L2, a land link
    with pytest.raises(ValueError, match=r"edge #1 \(L1-L2\): only a ferry link"):
        MapData.model_validate({**DATA.map.model_dump(), "edges": edges})
