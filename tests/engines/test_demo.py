"""The demo game's reader, bot and planner, from tables built in memory (no TTS, no emulator)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bridge.commands import Take
from bridge.table import SaveFile, Table, Vec3
from bridge.table.geometry import Transform
from engines.base import Options, ReadError
from engines.demo import table as layout
from engines.demo.game import DemoGame, Pass, Place

GAME = DemoGame()


def table_with(
    bot: list[int],
    human: list[int],
    *,
    board_at: Vec3 = Vec3(0, 1, 0),  # noqa: B008 (an immutable tuple)
    board_yaw: float = 0.0,
    extra: list[dict[str, Any]] | None = None,
    bag_count: int = 5,
) -> Table:
    raw = layout.build_table().to_dict()
    objects = raw["ObjectStates"]
    board = next(o for o in objects if layout.BOARD_TAG in o["Tags"])
    board["Transform"].update(posX=board_at.x, posY=board_at.y, posZ=board_at.z, rotY=board_yaw)
    frame = Transform(board_at, Vec3(0, board_yaw, 0), layout.BOARD_SCALE)
    bag = next(o for o in objects if layout.BAG_TAG in o["Tags"])
    bag["ContainedObjects"] = bag["ContainedObjects"][:bag_count]

    def token(guid: str, tag: str, slot: int) -> dict[str, Any]:
        p = frame.to_world(layout.BOARD.spots[layout.SLOTS[slot]])
        return {
            "GUID": guid,
            "Name": "Chip_10",
            "Tags": [tag],
            "Transform": {"posX": p.x, "posY": p.y, "posZ": p.z},
        }

    objects += [token(f"b1{i:04d}", layout.BOT_TAG, s) for i, s in enumerate(bot)]
    objects += [token(f"c1{i:04d}", layout.HUMAN_TAG, s) for i, s in enumerate(human)]
    objects += extra or []
    return Table.from_save(SaveFile.from_dict(raw))


def decide(table: Table, seed: int = 0, difficulty: str = "normal"):
    return GAME.decide(GAME.read(table), random.Random(seed), Options(difficulty))


def test_reads_slots_and_bag():
    state = GAME.read(table_with([3], [2, 4]))
    assert state.slots == (None, None, "human", "bot", "human", None, None)
    assert state.bag_count == 5


@pytest.mark.parametrize(("yaw", "where"), [(0, Vec3(0, 1, 0)), (90, Vec3(10, 1, -4)), (217.5, Vec3(-3, 2, 8))])
def test_a_moved_or_rotated_board_is_read_the_same(yaw, where):
    state = GAME.read(table_with([0, 6], [1], board_at=where, board_yaw=yaw))
    assert state.slots == ("bot", "human", None, None, None, None, "bot")


def test_priority_1_win_before_block():
    [d] = decide(table_with([0, 1], [4, 5]))
    assert d.action == Place(2) and d.reason.rule == "priority 1 (win)"


def test_priority_2_block():
    [d] = decide(table_with([0], [3, 4]))
    assert d.action in (Place(2), Place(5)) and d.reason.rule == "priority 2 (block)"


def test_easy_does_not_block():
    [d] = decide(table_with([0], [3, 4]), difficulty="easy")
    assert d.reason.rule == "priority 3 (centre)"


def test_priority_3_centre_tie_is_broken_by_the_seed():
    table = table_with([], [3])
    picks = {decide(table, seed)[0].action for seed in range(20)}
    assert picks == {Place(2), Place(4)}
    assert decide(table, 5) == decide(table, 5)
    [d] = decide(table, 5)
    assert "chosen at random among slots 3, 5" in d.reason.text


def test_game_over_and_empty_bag_pass():
    [d] = decide(table_with([0, 1, 2], [4]))
    assert d.action == Pass() and "bot has three in a row" in d.reason.text
    [d] = decide(table_with([], [], bag_count=0))
    assert d.action == Pass() and d.reason.rule == "supply"


def test_plan_takes_from_the_bag_onto_the_slot_of_a_rotated_board():
    table = table_with([], [], board_at=Vec3(5, 1, 5), board_yaw=90)
    state = GAME.read(table)
    [cmd] = GAME.plan(state, decide(table)[0], table)
    assert isinstance(cmd, Take) and cmd.container == "bba900"
    spot = layout.BOARD.world(state.board, layout.SLOTS[3])
    assert (cmd.position.x, cmd.position.z) == pytest.approx((spot.x, spot.z))


def test_a_token_between_slots_is_named_and_nothing_is_decided():
    frame = Transform(Vec3(0, 1, 0), Vec3(0, 0, 0), layout.BOARD_SCALE)
    a = frame.to_world(layout.BOARD.spots["slot 2"])
    b = frame.to_world(layout.BOARD.spots["slot 3"])
    stray = {
        "GUID": "c9",
        "Name": "Chip_10",
        "Nickname": "Your token",
        "Tags": [layout.HUMAN_TAG],
        "Transform": {"posX": (a.x + b.x) / 2, "posY": 1, "posZ": 0},
    }
    with pytest.raises(ReadError) as err:
        GAME.read(table_with([], [], extra=[stray]))
    assert "'Your token' (guid c9, Chip)" in str(err.value)
    assert "between slot 2 and slot 3" in str(err.value)


def test_two_tokens_on_one_slot_and_missing_or_doubled_pieces():
    with pytest.raises(ReadError, match="shares slot 4"):
        GAME.read(table_with([3], [3]))
    doubled = {
        "GUID": "d0a4d1",
        "Name": "BlockRectangle",
        "Tags": [layout.BOARD_TAG],
        "Transform": {"posX": 30, "posY": 1, "posZ": 30},
    }
    with pytest.raises(ReadError, match=r"guid d0a4d1.*a second board"):
        GAME.read(table_with([], [], extra=[doubled]))
    with pytest.raises(ReadError, match=r"the bot bag .* is not on the table"):
        GAME.read(
            Table.from_states(
                [o for o in layout.build_table().to_dict()["ObjectStates"] if layout.BAG_TAG not in o["Tags"]]
            )
        )


def test_tokens_in_reserve_off_the_board_are_fine():
    far = {
        "GUID": "c8",
        "Name": "Chip_10",
        "Tags": [layout.HUMAN_TAG],
        "Transform": {"posX": 0, "posY": 1, "posZ": -20},
    }
    assert GAME.read(table_with([], [], extra=[far])).slots == (None,) * 7
