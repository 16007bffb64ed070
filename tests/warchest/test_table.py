"""War Chest on the table: the built save reads back as the set-up, problems are named, and bot turns played
through the emulator leave the table exactly as the engine expects."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bridge.modbuild import build_save
from bridge.session import Session
from bridge.table import SaveFile, Table
from bridge.table.geometry import Transform, Vec3
from engines import registry
from engines.base import ReadError
from engines.warchest.ai import AiOptions
from engines.warchest.solo import setup_solo
from engines.warchest.table import AI, BOARD_TAG, COIN_TAG, LAYOUT, read_table
from engines.warchest.turn import Planner
from tests.conftest import start_live, stop_live

GAME = registry.load("warchest")


def fresh() -> dict[str, Any]:
    return build_save(GAME).to_dict()


def test_the_built_table_reads_back_as_the_rules_set_it_up():
    view = read_table(Table.from_save(SaveFile.from_dict(fresh())))
    expected = setup_solo(random.Random(0), AiOptions())
    ai, human = view.state.sides
    assert ai.units == expected.sides[AI].units and human.units == expected.sides[1].units
    assert sum(ai.bag.values()) == 8 and "Royal" not in ai.bag
    assert human.bag == {u: 2 for u in human.units} | {"Royal": 1}
    assert ai.supply == expected.sides[AI].supply and ai.markers_off == 4 and human.markers_off == 4
    assert view.state.board == {} and len(view.physical.royals) == 10


def test_a_moved_and_rotated_board_with_its_pieces_reads_the_same():
    raw = fresh()
    board = next(o for o in raw["ObjectStates"] if BOARD_TAG in o["Tags"])
    old = Transform(Vec3(0, 1, 0), Vec3(0, 0, 0), Vec3(1, 1, 1))
    new = Transform(Vec3(2, 1, -1), Vec3(0, 30, 0), Vec3(1, 1, 1))
    board["Transform"].update(posX=2.0, posZ=-1.0, rotY=30.0)
    for o in raw["ObjectStates"]:
        if "warchest.marker" in o.get("Tags", []) and abs(o["Transform"]["posZ"]) < 6:  # markers on the board
            t = o["Transform"]
            p = new.to_world(old.to_local(Vec3(t["posX"], t["posY"], t["posZ"])))
            t.update(posX=p.x, posY=p.y, posZ=p.z)
    view = read_table(Table.from_save(SaveFile.from_dict(raw)))
    assert view.state.control == {(1, -3): 0, (3, -2): 0, (-1, 3): 1, (-3, 2): 1}


def test_a_coin_between_hexes_and_a_missing_coin_are_named():
    raw = fresh()
    coin = next(o for o in raw["ObjectStates"] if COIN_TAG in o.get("Tags", []) and o["Nickname"] == "Swordsman")
    a = LAYOUT.spots["0,0"]
    b = LAYOUT.spots["1,0"]
    coin["Transform"].update(posX=(a.x + b.x) / 2, posZ=(a.z + b.z) / 2)
    with pytest.raises(ReadError) as err:
        read_table(Table.from_save(SaveFile.from_dict(raw)))
    assert f"'Swordsman' (guid {coin['GUID']}, Tile)" in str(err.value) and "between 0,0 and 1,0" in str(err.value)
    raw["ObjectStates"].remove(coin)
    with pytest.raises(ReadError, match="side A should have 5 Swordsman coins; the table shows 4"):
        read_table(Table.from_save(SaveFile.from_dict(raw)))


def test_a_second_board_is_refused():
    raw = fresh()
    board = dict(next(o for o in raw["ObjectStates"] if BOARD_TAG in o["Tags"]), GUID="b0a4d1")
    raw["ObjectStates"].append(board)
    with pytest.raises(ReadError, match="a second the board"):
        read_table(Table.from_save(SaveFile.from_dict(raw)))


def same_position(after, expected) -> None:
    assert after.board == expected.board
    assert after.control == expected.control
    for i in (0, 1):
        a, e = after.sides[i], expected.sides[i]
        assert (a.discard_up, a.discard_down, a.supply, a.eliminated, a.markers_off) == (
            e.discard_up,
            e.discard_down,
            e.supply,
            e.eliminated,
            e.markers_off,
        )
    ai_bag = dict(expected.sides[AI].bag)
    assert after.sides[AI].bag == ai_bag


@pytest.mark.slow
async def test_bot_turns_in_the_emulator_leave_the_table_as_the_engine_expects():
    live = await start_live(build_save(GAME), timeout=20)
    try:
        session = Session(live.connector, GAME, seed=11)
        for _ in range(12):
            before = read_table(await live.connector.snapshot())
            plan = await session.take_turn()
            assert plan.ok, plan.problems
            planner = Planner(before)
            for step in plan.steps:
                planner.plan(step.decision.action)
            after = read_table(await live.connector.snapshot())
            same_position(after.state, planner.state)
        chat = [text for text, _ in live.emulator.require_world().chat]
        assert any(text.startswith("Bot: Reveals") for text in chat)
        assert any("Deploys" in text for text in chat)
    finally:
        await stop_live(live)
