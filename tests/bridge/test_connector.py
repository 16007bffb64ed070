"""The connector mod's real Lua, run in the emulator, driven through the bridge's connector client."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bridge.commands import (
    BatchFailed,
    Flip,
    Highlight,
    Lock,
    Move,
    Position,
    Put,
    Rotate,
    Say,
    SetState,
    SetText,
    SetValue,
    Shuffle,
    Take,
)
from bridge.connector import Connector
from bridge.modbuild import connector_lua
from bridge.table import SaveFile, Table
from tests.conftest import D6, Live, start_live, stop_live, without_looks

NASTY = "Bob's \"]]\" --[[ \n end) os.exit() print('x"


def table_save() -> SaveFile:
    def at(x: float, z: float = 0.0) -> dict[str, float]:
        return {
            "posX": x,
            "posY": 1.0,
            "posZ": z,
            "rotX": 0,
            "rotY": 0,
            "rotZ": 0,
            "scaleX": 1,
            "scaleY": 1,
            "scaleZ": 1,
        }

    return SaveFile.from_dict(
        {
            "SaveName": "connector",
            "LuaScript": connector_lua(),
            "LuaScriptState": '{"game": "test", "difficulty": "normal"}',
            "XmlUI": '<Text id="automa_status">-</Text>'
            '<Button id="automa_bot_turn" onClick="automaBotTurn">Bot</Button>',
            "ObjectStates": [
                {
                    "GUID": "block1",
                    "Name": "BlockSquare",
                    "Nickname": NASTY,
                    "Transform": at(0),
                    "Tags": ["t1"],
                    "LuaScript": "x = 1",
                    "Description": "multi\nline",
                    "GMNotes": "notes",
                },
                {
                    "GUID": "bag001",
                    "Name": "Bag",
                    "Nickname": "Bag",
                    "Transform": at(5),
                    "ContainedObjects": [
                        {"GUID": f"chip0{i}", "Name": "Chip_10", "Nickname": f"chip {i}"} for i in range(3)
                    ],
                },
                {"GUID": "die001", "Name": "Die_6", "Transform": at(-5), "RotationValues": D6},
                {
                    "GUID": "deck01",
                    "Name": "Deck",
                    "Nickname": "two cards",
                    "Transform": at(-5, 5),
                    "DeckIDs": [100, 101],
                    "ContainedObjects": [
                        {"GUID": f"card0{i}", "Name": "Card", "Nickname": f"card {i}", "CardID": 100 + i}
                        for i in range(2)
                    ],
                },
                {
                    "GUID": "st0001",
                    "Name": "BlockSquare",
                    "Nickname": "front",
                    "Transform": at(0, 5),
                    "States": {"2": {"GUID": "st0002", "Name": "BlockSquare", "Nickname": "back"}},
                },
            ],
        }
    )


@pytest.fixture
async def lv() -> Any:
    live = await start_live(table_save())
    yield live
    await stop_live(live)


async def test_ping(lv: Live):
    assert await lv.connector.ping() == {"protocol": 1, "game": "test"}


async def test_snapshot_reads_the_same_table_as_the_save_file(lv: Live):
    live_table = await lv.connector.snapshot()
    saved_table = Table.from_save(lv.emulator.require_world().to_save())
    assert live_table.objects == saved_table.objects
    block = live_table["block1"]
    assert block.nickname == NASTY  # quotes, ]] and newlines travel as data
    assert (block.description, block.gm_notes, block.tags) == ("multi\nline", "notes", ("t1",))
    assert [c.nickname for c in live_table["bag001"].contents] == ["chip 0", "chip 1", "chip 2"]
    assert live_table["die001"].value == 2


async def test_every_command_in_one_batch(lv: Live):
    result = await lv.connector.apply(
        [
            Move(guid="block1", position=Position(x=2, y=1, z=2)),
            Rotate(guid="block1", rotation=Position(x=0, y=90, z=0)),
            Flip(guid="block1"),
            Take(container="bag001", position=Position(x=8, y=1, z=0)),
            Take(container="bag001", guid="chip02", position=Position(x=9, y=1, z=0)),
            Put(guid="chip00", container="bag001"),
            Shuffle(guid="bag001"),
            SetValue(guid="die001", value=6),
            SetState(guid="st0001", state=2),
            Lock(guid="die001", locked=True),
            Highlight(guid="die001", color="Red", seconds=2),
            Say(text=NASTY, color="Purple"),
            SetText(guid="block1", description=NASTY, gm_notes='{"ask": "tactic"}'),
        ]
    )
    assert result.applied == 13
    assert result.results[3] == {"guid": "chip00"}
    assert result.results[8] == {"guid": "st0002"}
    table = await lv.connector.snapshot()
    block = table["block1"]
    assert block.position == pytest.approx((2, 1, 2))
    assert block.rotation == pytest.approx((0, 90, 180))
    assert block.face_down
    assert (block.description, block.gm_notes) == (NASTY, '{"ask": "tactic"}')  # text travels as JSON data
    assert table["chip02"].position == pytest.approx((9, 1, 0))
    assert table.get("chip00") is None  # taken from the top, then put back
    assert sorted(c.guid for c in table["bag001"].contents) == ["chip00", "chip01"]
    assert table["die001"].value == 6 and table["die001"].locked
    assert table["st0002"].nickname == "back" and table.get("st0001") is None
    assert table["st0002"].state_id == 2  # the connector's state_ids: the live getStateId()
    world = lv.emulator.require_world()
    assert (NASTY, [0.627, 0.125, 0.941]) in world.chat
    assert world.objects["die001"].highlight == ([0.856, 0.1, 0.094], 2)


async def test_a_bad_command_is_named_and_nothing_is_applied(lv: Live):
    with pytest.raises(BatchFailed) as failure:
        await lv.connector.apply(
            [
                Move(guid="block1", position=Position(x=7, y=1, z=7)),
                Say(text="first"),
                Take(container="block1", position=Position(x=0, y=1, z=0)),
            ]
        )
    assert failure.value.index == 2
    assert "not a container" in failure.value.reason
    assert failure.value.applied == 0
    table = await lv.connector.snapshot()
    assert table["block1"].position == pytest.approx((0, 1, 0))
    assert ("first", [1, 1, 1]) not in lv.emulator.require_world().chat


async def test_a_command_failing_while_applied_stops_the_rest(lv: Live):
    with pytest.raises(BatchFailed) as failure:
        await lv.connector.apply(
            [
                Say(text="one"),
                SetState(guid="st0001", state=5),  # has states, but not a fifth
                Say(text="never"),
            ]
        )
    assert (failure.value.index, failure.value.applied) == (1, 1)
    assert "no state 5" in failure.value.reason
    texts = [t for t, _ in lv.emulator.require_world().chat]
    assert "one" in texts and "never" not in texts


async def test_missing_objects_and_empty_containers_are_refused_up_front(lv: Live):
    with pytest.raises(BatchFailed, match="nope00 is not on the table"):
        await lv.connector.apply([Flip(guid="nope00")])
    with pytest.raises(BatchFailed, match="chip09 is not inside container bag001"):
        await lv.connector.apply([Take(container="bag001", guid="chip09", position=Position(x=0, y=1, z=0))])


async def test_status_sets_the_panel_text(lv: Live):
    await lv.connector.status(NASTY)
    assert lv.emulator.require_world().global_ui.text_of("automa_status") == NASTY


async def test_bot_turn_button_sends_an_event(lv: Live):
    lv.emulator.ui_event("automa_bot_turn", color="Blue")
    event = await lv.connector.events.get()
    while event.name != "bot_turn":
        event = await lv.connector.events.get()
    assert event.fields == {"player": "Blue", "difficulty": "normal"}
    assert lv.emulator.require_world().global_ui.text_of("automa_status") == "Asking the bot..."


async def test_unknown_operation_is_an_error(lv: Live):
    from bridge.connector import ConnectorError

    with pytest.raises(ConnectorError, match="unknown operation 'explode'"):
        await lv.connector.call("explode")


async def test_the_check_pass_follows_earlier_commands_of_the_batch(lv: Live):
    # taking a piece makes it movable later in the same batch...
    await lv.connector.apply(
        [
            Take(container="bag001", guid="chip01", position=Position(x=3, y=1, z=3)),
            Move(guid="chip01", position=Position(x=4, y=1, z=4)),
        ]
    )
    assert (await lv.connector.snapshot())["chip01"].position == pytest.approx((4, 1, 4))
    # ...and putting it away makes it gone for the rest of the batch: refused before anything moves
    with pytest.raises(BatchFailed) as failure:
        await lv.connector.apply([Put(guid="chip01", container="bag001"), Flip(guid="chip01")])
    assert (failure.value.index, failure.value.applied) == (1, 0)
    assert (await lv.connector.snapshot()).get("chip01") is not None


async def test_a_deck_left_with_one_card_becomes_that_card_within_the_batch(lv: Live):
    """TTS turns a deck whose second-to-last card is taken into its last card (same GUID): the batch may move
    that card next, and may no longer take from the deck."""
    await lv.connector.apply(
        [
            Take(container="deck01", guid="card00", position=Position(x=-8, y=1, z=5)),
            Move(guid="card01", position=Position(x=-9, y=1, z=8)),
        ]
    )
    table = await lv.connector.snapshot()
    assert table.get("deck01") is None and table["card01"].position == pytest.approx((-9, 1, 8))
    with pytest.raises(BatchFailed) as failure:
        await lv.connector.apply([Take(container="deck01", position=Position(x=0, y=1, z=0))])
    assert "deck01" in failure.value.reason


async def same_lean_and_whole(connector: Connector) -> Table:
    """Issue 18: the lean records carry what the readers use, so the table is the same object for object; with looks
    (issue 40: a table profile matches on them) the images, tints and CardIDs too. The whole table, returned."""
    lean, full = await connector.snapshot(), await connector.snapshot(full=True)
    assert lean.objects == without_looks(full.objects) and lean.problems == full.problems == ()
    connector.looks = True
    assert (await connector.snapshot()).objects == full.objects
    return full


async def test_the_lean_snapshot_reads_the_same_objects_as_the_whole_descriptions(lv: Live):
    await same_lean_and_whole(lv.connector)


LOOKS = [  # a loose card, a tinted custom tile with its image, a custom model with a mesh and a texture
    {"GUID": "card99", "Name": "Card", "Nickname": "loose", "CardID": 205},
    {
        "GUID": "tile01",
        "Name": "Custom_Tile",
        "ColorDiffuse": {"r": 0.2, "g": 0.3, "b": 0.4},
        "CustomImage": {"ImageURL": "https://example.invalid/t.png", "ImageSecondaryURL": ""},
    },
    {
        "GUID": "model1",
        "Name": "Custom_Model",
        "CustomMesh": {"MeshURL": "https://example.invalid/m.obj", "DiffuseURL": "https://example.invalid/m.png"},
    },
]


async def test_a_snapshot_with_looks_reads_cardids_images_meshes_and_tints_as_the_save_holds_them():
    """Issue 40: a table profile may match a mod's pieces by CardID, image or mesh URL or tint."""
    data = table_save().to_dict()
    data["ObjectStates"] += [
        dict(o, Transform={"posX": 3.0 * i, "posY": 1.0, "posZ": -6.0}) for i, o in enumerate(LOOKS)
    ]
    live = await start_live(SaveFile.from_dict(data))
    try:
        full = await same_lean_and_whole(live.connector)
        assert (full["card99"].card_id, full["tile01"].tint) == (205, (0.2, 0.3, 0.4))
        assert (full["tile01"].image, full["model1"].image) == (
            "https://example.invalid/t.png",
            "https://example.invalid/m.png",
        )
        assert full["model1"].mesh == "https://example.invalid/m.obj"
    finally:
        await stop_live(live)


@pytest.mark.parametrize("name", ["demo", "warchest", "paxpamir", "whitecastle", "fiftyfirst", "holas"])
async def test_every_games_built_table_reads_the_same_lean_or_whole(name: str):
    from bridge.modbuild import build_save
    from engines import registry

    game = registry.load(name)
    if name in ("whitecastle", "fiftyfirst", "holas"):  # their card data is the owner's: the sample here
        game.use_data(None, True)
    live = await start_live(build_save(game))
    try:
        full = await same_lean_and_whole(live.connector)
        assert len(full) >= 7
    finally:
        await stop_live(live)


async def test_a_snapshot_of_changes_merges_into_the_last_one_and_matches_a_whole_read(lv: Live):
    """Issue 18: "a snapshot of only the objects that changed since the last one (the connector tracks drops,
    moves, spawns, destroys and container changes)"."""
    first = await lv.connector.snapshot(changes=True)  # nothing to compare with yet: every object
    assert len(first) == len(await lv.connector.snapshot(full=True))
    await lv.connector.apply(
        [
            Move(guid="block1", position=Position(x=4, y=1, z=4)),
            Take(container="bag001", guid="chip01", position=Position(x=8, y=1, z=0)),
            Take(container="deck01", position=Position(x=0, y=1, z=9)),  # the deck of two becomes its last card
        ]
    )
    world = lv.emulator.require_world()
    lv.emulator.hold("die001", "White")
    world.objects["die001"].set_position(world.objects["die001"].position._replace(x=-9))
    lv.emulator.release("die001")  # a person's drop by hand: TTS's onObjectDrop
    changed = await lv.connector.snapshot(changes=True)
    whole = await lv.connector.snapshot()
    assert sorted(o.guid for o in changed) == sorted(o.guid for o in whole)
    assert {o.guid: o for o in changed} == {o.guid: o for o in whole}
    assert changed["die001"].position.x == -9 and changed.get("deck01") is None


def _by_guid(table: Table) -> dict[str, Any]:
    return {o.guid: o for o in table}


async def test_an_exact_snapshot_sees_what_no_event_reports_and_matches_a_fresh_read(lv: Live):
    """Issue 18: once the bridge holds a table, the connector answers only the differences, found by comparing every
    object with what it sent: a script's changes, which TTS reports by no event, are not missed."""
    before = await lv.connector.snapshot()
    world = lv.emulator.require_world()
    world.execute(
        "-1",
        """
        local block = getObjectFromGUID('block1')
        block.setPosition({3, 1, 3}) block.setName('renamed') block.addTag('t2') block.setLock(true)
        block.setDescription('')
        getObjectFromGUID('bag001').shuffle()
        getObjectFromGUID('bag001').takeObject({guid = 'chip02', position = {9, 1, 9}, smooth = false})
        getObjectFromGUID('die001').setValue(4)
        getObjectFromGUID('st0001').setState(2)
        getObjectFromGUID('deck01').destruct()
        spawnObject({type = 'BlockSquare', position = {-3, 1, -3}})
        """,
        world.global_env,
    )
    world.run_until_idle()
    quick = await lv.connector.snapshot(changes=True)  # events only: the scripted move and rename are missed
    exact = await lv.connector.snapshot()
    fresh = await lv.connector.snapshot(fresh=True)
    assert _by_guid(exact) == _by_guid(fresh) and exact.problems == fresh.problems
    assert _by_guid(exact) != _by_guid(before)
    assert exact["block1"].nickname == "renamed" and exact["block1"].position == pytest.approx((3, 1, 3))
    assert quick["block1"].nickname != "renamed"  # the quick answer's known gap, closed by the exact one
    assert [c.guid for c in exact["bag001"].contents] == [c.guid for c in fresh["bag001"].contents]
    assert exact.get("deck01") is None and exact.get("st0002") is not None and exact["die001"].value == 4


async def test_an_exact_snapshot_of_an_unchanged_table_carries_no_records(lv: Live):
    await lv.connector.snapshot()
    answers: list[bytes] = []
    lv.link.gate.tap = answers.append
    again = await lv.connector.snapshot()
    lv.link.gate.tap = None
    reply = max(answers, key=len)
    assert b'\\"lean\\":[]' in reply and b'\\"delta\\":true' in reply and len(reply) < 400
    assert _by_guid(again) == _by_guid(await lv.connector.snapshot(fresh=True))


async def test_a_reload_makes_the_next_snapshot_of_changes_a_whole_one(lv: Live):
    await lv.connector.snapshot(changes=True)
    world = lv.emulator.require_world()
    world.load(world.to_save())  # a reload: the connector's tracking starts afresh (a new epoch)
    world.objects["block1"].set_position(world.objects["block1"].position._replace(z=7))  # no event tells
    await asyncio.sleep(0.3)  # the reload's hello reaches the bridge first
    again = await lv.connector.snapshot(changes=True)
    assert again["block1"].position.z == 7 and len(again) == len(await lv.connector.snapshot())


@pytest.mark.parametrize("real_time", [False, True], ids=["fast", "tts_pace"])
async def test_moves_of_different_objects_run_at_once_and_a_say_waits_for_them(real_time: bool):
    """Issue 18: "A batch's smooth moves run in parallel where they do not depend on each other (TTS animates them
    at once)"; the chat's reason waits for the pieces, and a second move of the same piece waits for the first.
    Counted in frames, at full speed and at TTS's 60 frames a second."""
    lv = await start_live(table_save(), real_time=real_time)
    try:
        await _moves_at_once(lv)
    finally:
        await stop_live(lv)


async def _moves_at_once(lv: Live) -> None:
    world = lv.emulator.require_world()
    start = world.frame
    await lv.connector.apply(
        [
            Move(guid="block1", position=Position(x=3, y=1, z=3)),
            Rotate(guid="die001", rotation=Position(x=0, y=90, z=0)),
            Flip(guid="st0001"),
        ]
    )
    together = world.frame - start
    assert together < 2 * 30  # one smooth move takes 30 frames: three at once, not 90
    start = world.frame
    result = await lv.connector.apply(
        [
            Move(guid="block1", position=Position(x=5, y=1, z=5)),
            Say(text="between"),
            Move(guid="die001", position=Position(x=-3, y=1, z=0)),
            Move(guid="die001", position=Position(x=-4, y=1, z=0)),  # the same piece: after its first move
        ]
    )
    assert result.applied == 4 and world.frame - start >= 3 * 30
    assert world.objects["die001"].position.x == -4 and world.objects["block1"].position.x == 5


async def test_a_motion_that_fails_stops_the_batch_once_the_others_end(lv: Live):
    world = lv.emulator.require_world()
    lv.emulator.hold("die001", "Red")  # a held piece never comes to rest
    with pytest.raises(BatchFailed) as failure:
        await lv.connector.apply(
            [
                Move(guid="block1", position=Position(x=2, y=1, z=2)),
                Move(guid="die001", position=Position(x=0, y=1, z=8)),
                Say(text="never said"),
            ],
            timeout=1,
        )
    assert failure.value.index == 1 and "did not come to rest" in failure.value.reason
    assert failure.value.applied == 1 and world.objects["block1"].position.x == 2
    assert ("never said", [1, 1, 1]) not in world.chat


async def test_a_global_error_after_the_connector_loaded_leaves_it_answering(lv: Live):
    """A Global script error is not always a connector that failed to load (issue 41 item 18 fails requests at once
    only when it is): a mod's own callback that errors later is reported, the connector answers the short probe
    the next request sends, and the error is forgotten."""
    await lv.link.execute("Wait.frames(function() error('a slip of the mod') end, 1)")
    for _ in range(200):
        if lv.connector.load_error is not None:
            break
        await asyncio.sleep(0.01)
    assert "a slip of the mod" in str(lv.connector.load_error)
    assert await lv.connector.ping() == {"protocol": 1, "game": "test"}
    assert lv.connector.load_error is None and not lv.connector.broken
    await lv.connector.apply([Say(text="still here")])
    assert "still here" in [text for text, _ in lv.emulator.require_world().chat]
