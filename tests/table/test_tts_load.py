"""Built tables load right in real TTS, as far as TTS's documented facts go (issue 20): every table passes
``automa mod check``, and the emulator, which enforces the hand and tag rules as TTS does, lets a person's pieces
into their hand. Each rule is quoted where the emulator and the checker take it from (bridge/table/ttsfacts.py)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from bridge import modcheck
from bridge.modbuild import build_save, write_mod
from bridge.table import SaveFile, Table, TableObject, ttsfacts
from engines import registry
from engines.base import Game
from tests.emulator.test_lua_api import run
from tools.emulator.world import World

BUILDS = [(name, people) for name in sorted(registry.available()) for people in registry.load(name).people]


def game(name: str) -> Game[Any, Any]:
    g = registry.load(name)
    if g.data is not None:
        g.use_data(None, True)  # the fictional sample: the owner's card data is not in the repository
    return g


@pytest.mark.parametrize("name", sorted(set(registry.available()) - {"demo"}))
def test_the_seed_deals_the_set_up_the_same_seed_the_same_table(name):
    """Every game but the demo draws its set-up at random (War Chest's units, Pax Pamir's market and Wakhan's deck,
    the card games' decks): a table built once is the same game at every load, so the seed is what varies it."""

    def objects(seed: int) -> str:
        return json.dumps(build_save(game(name), seed=seed).to_dict()["ObjectStates"], sort_keys=True)

    assert objects(1) == objects(1)
    assert objects(1) != objects(2)


@pytest.mark.parametrize(("name", "people"), BUILDS)
def test_every_built_table_passes_the_check_from_a_folder_whose_path_has_spaces(tmp_path, name, people):
    folder = tmp_path / "My Games" / "Tabletop Simulator" / "Saves"
    folder.mkdir(parents=True)
    path = write_mod(game(name), folder, people=people)
    save = SaveFile.load(path)
    assert modcheck.check(save) == []
    raw = save.to_dict()
    urls = [
        u for obj in raw["ObjectStates"] for state, _ in modcheck._everything(obj, "") for u in modcheck._urls(state)
    ]
    local = [u for u in urls if u]
    for url in local:  # the plain path TTS's own saves hold: spaces as spaces, and the file is there
        assert url.startswith("file:///") and "%20" not in url and "My Games" in url, url
        assert Path(ttsfacts.local_image_path(url) or "").is_file(), url


@pytest.mark.parametrize(("name", "people"), BUILDS)
def test_every_object_but_the_hand_zones_lies_on_the_surface_the_save_names(name, people):
    """Table_RPG's flat surface "runs to x = 28" and z ±19 (public measurements); beyond a table TTS lets pieces
    fall, so a larger layout stands on a locked floor of its own over Table_None."""
    raw = build_save(game(name), people=people).to_dict()
    surface = ttsfacts.TABLE_SURFACES.get(raw["Table"])
    floors = [o for o in raw["ObjectStates"] if o.get("GMNotes") == "automa floor"]
    assert (surface is None) == (raw["Table"] == ttsfacts.NO_TABLE) and (surface is None) == bool(floors)
    for o in raw["ObjectStates"]:
        if o["Name"] == "HandTrigger" or o in floors:
            continue
        t = o["Transform"]
        if surface is not None:
            assert surface.holds(t["posX"], t["posZ"]), (o.get("Nickname"), t)
        else:
            f = floors[0]["Transform"]
            assert abs(t["posX"] - f["posX"]) <= f["scaleX"] / 2 and abs(t["posZ"] - f["posZ"]) <= f["scaleZ"] / 2
            assert t["posY"] >= f["posY"] + f["scaleY"] / 2 - 1e-9, (o.get("Nickname"), t)  # above the floor's top


@pytest.mark.parametrize(("name", "people"), BUILDS)
def test_no_zone_carries_tts_tags_that_would_shut_out_pieces(name, people):
    """Knowledge Base, Object Tags: a zone "that has tags interacts only with objects sharing one of them"; the
    builds name their zones in the GM notes, and the table model reads them there."""
    raw = build_save(game(name), people=people).to_dict()
    zones = [o for o in raw["ObjectStates"] if o["Name"] in ttsfacts.ZONE_NAMES]
    for z in zones:
        assert not z.get("Tags"), z["Nickname"]
    if zones and any(z.get("GMNotes") for z in zones):
        named = [TableObject.from_state(z) for z in zones if z.get("GMNotes")]
        assert all(obj.project_tags and all(t.startswith(f"{name}.") for t in obj.project_tags) for obj in named)


def _world(save: SaveFile) -> World:
    return World(save, lambda message: None)


def _hand_guids(world: World, color: str = "White") -> set[str]:
    return set(
        run(
            world,
            f"local out = {{}} for _, o in ipairs(Player['{color}'].getHandObjects()) do "
            "out[#out + 1] = o.getGUID() end return out",
        )
        or []
    )


def _drop_into_hand(world: World, guid: str, hand_guid: str) -> None:
    """A person drags an object into the hand zone: it ends inside the zone's box."""
    run(world, f"local z = getObjectFromGUID('{hand_guid}') getObjectFromGUID('{guid}').setPosition(z.getPosition())")


def _hand_zone(raw: dict[str, Any], color: str = "White") -> dict[str, Any]:
    return next(o for o in raw["ObjectStates"] if o["Name"] == "HandTrigger" and o.get("FogColor") == color)


def _draw_three(world: World, bag_guid: str, hand_guid: str) -> None:
    """A person takes three coins out of their bag and puts them in their hand (as a drag would: each ends inside
    the hand zone's box)."""
    run(
        world,
        f"""
        local bag, hand = getObjectFromGUID('{bag_guid}'), getObjectFromGUID('{hand_guid}')
        for i = 1, 3 do
          local at = hand.getPosition()
          bag.takeObject({{ position = {{ at.x - 3 + 1.5 * i, at.y - 1.5, at.z }}, smooth = false }})
        end""",
    )
    world.run_until_idle()


def test_a_person_draws_three_war_chest_coins_into_their_hand():
    """Object member use_hands: "If this object can be held in a hand zone"; a coin is a custom tile, which TTS
    lets into a hand only with "Hands": true, as the build now writes."""
    raw = build_save(game("warchest")).to_dict()
    hand = _hand_zone(raw)
    bag = next(o for o in raw["ObjectStates"] if o["Name"] == "Bag" and "warchest.side.B" in o["Tags"])
    world = _world(SaveFile.from_dict(raw))
    assert _hand_guids(world) == set()
    _draw_three(world, bag["GUID"], hand["GUID"])
    drawn = _hand_guids(world)
    assert len(drawn) == 3 and drawn <= {c["GUID"] for c in bag["ContainedObjects"]}


def test_war_chest_coins_as_built_before_issue_20_stay_out_of_the_hand():
    raw = build_save(game("warchest")).to_dict()
    for o in raw["ObjectStates"]:
        for inner in [o, *o.get("ContainedObjects", [])]:
            inner.pop("Hands", None)  # as built before: no "Hands" key, so TTS's default (false) for tiles
    hand = _hand_zone(raw)
    bag = next(o for o in raw["ObjectStates"] if o["Name"] == "Bag" and "warchest.side.B" in o["Tags"])
    world = _world(SaveFile.from_dict(raw))
    _draw_three(world, bag["GUID"], hand["GUID"])
    assert _hand_guids(world) == set()
    on_table = world.to_save().to_dict()
    assert sum(f.kind == "cannot-be-held" for f in modcheck.check(on_table)) == 3


def test_a_pax_pamir_card_goes_into_the_persons_hand():
    """Cards "default to true" for hands; the hand zone has no TTS tags, so it takes them."""
    raw = build_save(game("paxpamir")).to_dict()
    hand = _hand_zone(raw)
    card = next(o for o in raw["ObjectStates"] if o["Name"] == "Card")
    world = _world(SaveFile.from_dict(raw))
    before = _hand_guids(world)
    _drop_into_hand(world, card["GUID"], hand["GUID"])
    assert _hand_guids(world) == before | {card["GUID"]}


def test_a_hand_zone_tagged_as_before_issue_20_refuses_the_card():
    raw = build_save(game("paxpamir")).to_dict()
    hand = _hand_zone(raw)
    hand["Tags"] = ["paxpamir.hand", "paxpamir.seat.1"]  # the zone as built before; cards carry paxpamir.card
    card = next(o for o in raw["ObjectStates"] if o["Name"] == "Card")
    world = _world(SaveFile.from_dict(copy.deepcopy(raw)))
    _drop_into_hand(world, card["GUID"], hand["GUID"])
    assert card["GUID"] not in _hand_guids(world)
    card["Transform"].update(posX=hand["Transform"]["posX"], posZ=hand["Transform"]["posZ"])
    assert any(f.kind == "zone-tags" and f.guid == card["GUID"] for f in modcheck.check(raw))


def test_war_chest_bags_are_not_grouped_by_unit_and_are_marked_for_shuffling():
    """The spec draws "a random coin"; a bag gives its contents in the order the save lists them."""
    raw = build_save(game("warchest")).to_dict()
    bags = [o for o in raw["ObjectStates"] if o["Name"] == "Bag"]
    assert bags and all(ttsfacts.RANDOM_BAG_TAG in b["Tags"] for b in bags)
    for b in bags:
        names = [c["Nickname"] for c in b["ContainedObjects"]]
        assert names != sorted(names), names  # not laid in unit by unit


def test_images_url_points_every_image_at_the_web_folder(tmp_path):
    path = write_mod(game("warchest"), tmp_path, images_url="https://example.org/automa/warchest/")
    text = path.read_text(encoding="utf-8")
    assert "file:///" not in text
    urls = {u for o in json.loads(text)["ObjectStates"] for u in modcheck._urls(o) if u}
    assert urls and all(u.startswith("https://example.org/automa/warchest/") for u in urls)
    assert {u.rsplit("/", 1)[1] for u in urls} <= {p.name for p in (tmp_path / f"{path.stem}_assets").iterdir()}
    with pytest.raises(ValueError, match="http"):
        write_mod(game("warchest"), tmp_path, images_url="ftp://example.org/x")


def test_the_connector_knows_the_random_bag_tag_the_builds_write():
    from bridge.modbuild import connector_lua

    assert f'local RANDOM_BAG_TAG = "{ttsfacts.RANDOM_BAG_TAG}"' in connector_lua()


def _warchest_save(tmp_path: Path, edit: Any = None) -> SaveFile:
    """The War Chest mod as written, with its images on disk (the emulator reads a board image's aspect)."""
    raw = SaveFile.load(write_mod(game("warchest"), tmp_path)).to_dict()
    if edit is not None:
        edit(next(o for o in raw["ObjectStates"] if o["Name"] == "Custom_Board"))
    return SaveFile.from_dict(raw)


async def _measured(save: SaveFile, name: str = "warchest") -> tuple[Any, list[str], list[str]]:
    """The boards the connector measured on load, the session's warnings about them, and the chat."""
    from bridge.session import Session
    from tests.conftest import start_live, stop_live

    live = await start_live(save, timeout=10)
    try:
        while (event := await live.connector.events.get()).name != "boards":
            pass
        session = Session(live.connector, game(name), seed=1)
        warnings = await session.check_boards(event.fields.get("boards"))
        chat = [text for text, _ in live.emulator.require_world().chat]
        return event.fields["boards"], warnings, chat
    finally:
        await stop_live(live)


async def test_on_load_the_connector_measures_the_board_and_a_built_board_is_the_size_it_assumed(tmp_path):
    """TTS sizes a custom board from its scale and its image's aspect (ttsfacts); the emulator does the same."""
    boards, warnings, _ = await _measured(_warchest_save(tmp_path))
    (board,) = boards
    assert board["loading"] is False and board["width"] == pytest.approx(board["depth"]) and board["width"] > 10
    assert warnings == []


async def test_a_board_not_the_size_its_build_assumed_is_reported_in_the_chat(tmp_path):
    def claim_wider(board: dict[str, Any]) -> None:
        board["GMNotes"] = board["GMNotes"].replace("automa board size: 15.40", "automa board size: 20.00")

    _, warnings, chat = await _measured(_warchest_save(tmp_path, claim_wider))
    assert len(warnings) == 1 and "is 15.4 units wide, the table expects 20.0: spaces may not line up" in warnings[0]
    assert any(warnings[0] in line for line in chat)


async def test_a_board_a_person_resized_is_not_reported(tmp_path):
    def grow(board: dict[str, Any]) -> None:
        board["Transform"]["scaleX"] *= 1.2
        board["Transform"]["scaleZ"] *= 1.2

    boards, warnings, _ = await _measured(_warchest_save(tmp_path, grow))
    assert boards[0]["width"] == pytest.approx(15.4 * 1.2, rel=0.01) and warnings == []


async def test_a_board_whose_image_the_emulator_cannot_fetch_is_named_as_not_checked(tmp_path):
    """A save whose images are on the web (--images-url): the emulator fetches nothing, so the board stays loading
    and is not measured, where it used to be taken as square and reported as the wrong size (Pax Pamir's 35 x 32
    map)."""
    save = SaveFile.load(write_mod(game("paxpamir"), tmp_path, images_url="https://example.org/automa/paxpamir/"))
    boards, warnings, chat = await _measured(save, "paxpamir")
    assert boards and all(b["loading"] is True for b in boards)
    assert len(warnings) == len(boards) and all("was still loading its image" in w for w in warnings)
    assert not any("the table expects" in line for line in chat)


async def test_a_wide_board_with_its_image_on_disk_is_measured_from_the_image(tmp_path):
    boards, warnings, _ = await _measured(SaveFile.load(write_mod(game("paxpamir"), tmp_path)), "paxpamir")
    assert [(b["loading"], round(b["width"] / b["depth"], 2)) for b in boards] == [(False, round(35 / 32, 2))]
    assert warnings == []


def test_the_connector_shuffles_the_random_bags_on_load_and_leaves_other_bags_alone():
    raw = build_save(game("warchest")).to_dict()
    plain = copy.deepcopy(next(o for o in raw["ObjectStates"] if o["Name"] == "Bag"))
    plain["GUID"], plain["Tags"] = "b1a9b1", []
    for i, coin in enumerate(plain["ContainedObjects"]):
        coin["GUID"] = f"b1a9{i:02x}"
    raw["ObjectStates"].append(plain)
    world = World(SaveFile.from_dict(raw), lambda message: None, seed=3)
    after = {o["GUID"]: o for o in world.to_save().to_dict()["ObjectStates"] if o["Name"] == "Bag"}
    for before in (o for o in raw["ObjectStates"] if o["Name"] == "Bag"):
        was = [c["GUID"] for c in before["ContainedObjects"]]
        now = [c["GUID"] for c in after[before["GUID"]]["ContainedObjects"]]
        assert sorted(now) == sorted(was)
        assert (now != was) == (ttsfacts.RANDOM_BAG_TAG in before["Tags"]), before["Nickname"]


@pytest.mark.parametrize("name", ["warchest", "paxpamir", "holas"])
def test_a_table_built_before_boards_were_scaled_reads_the_same(name):
    """Pieces lie where they always did; only the board's scale and its size note are new. A board without the
    note counts as built at its own scale, so a game saved before issue 20 still reads."""
    g = game(name)
    raw = build_save(g).to_dict()
    new = g.read_table(Table.from_save(SaveFile.from_dict(raw)))
    board = next(o for o in raw["ObjectStates"] if o["Name"] == "Custom_Board")
    board["Transform"].update(scaleX=1.0, scaleZ=1.0)
    board["GMNotes"] = ""
    old = g.read_table(Table.from_save(SaveFile.from_dict(raw)))
    assert old.state == new.state


@pytest.mark.parametrize("name", ["warchest", "paxpamir", "holas"])
def test_a_table_built_without_its_images_measures_no_board(name):
    """`automa serve GAME --emulator` builds the table with no images: a board without one has nothing TTS could
    size it by, so the connector leaves it out (it once warned "spaces may not line up" on every such start)."""
    sent: list[dict[str, Any]] = []
    g = game(name)
    world = World(build_save(g), sent.append)
    world.run_until_idle()
    events = [m["customMessage"] for m in sent if m.get("messageID") == 4]
    assert [e["boards"] for e in events if e.get("automa_event") == "boards"] == []
    assert not any("error" in text.lower() for text, _ in world.chat)


def test_a_board_destroyed_before_it_is_measured_is_left_out_without_an_error(tmp_path):
    sent: list[dict[str, Any]] = []
    world = World(_warchest_save(tmp_path), sent.append)  # onLoad ran; the measurement waits for the next frame
    board = next(o for o in world.objects.values() if o.data.get("Name") == "Custom_Board")
    world.destroy(board.guid)
    world.run_until_idle()
    events = [m["customMessage"] for m in sent if m.get("messageID") == 4]
    measured = [e["boards"] for e in events if e.get("automa_event") == "boards"]
    assert len(measured) == 1 and measured[0] in ([], {})  # an empty Lua table: TTS's JSON may write either
    assert not any("error" in text.lower() for text, _ in world.chat)
