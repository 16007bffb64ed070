"""On the emulated table (the mod's real Lua, the bridge's wire): a Hero aboard each kind of Vessel moves with it,
its passengers with it, and the table read back equals the engine's state (issue 33). Each position is built with
the game's own table builder; a failed Build (nothing to pay) sends hero 1's vessel off by the card's compass, E.
From the Courtyard, hero 1 first boards the empty vessel there with the Warrior (L146)."""

from __future__ import annotations

import random

import pytest

from bridge.modbuild import build_save
from bridge.session import Session
from engines import registry
from engines.holas import rules
from engines.holas.state import State
from engines.holas.table.build import build_table
from tests.conftest import differences, start_live, stop_live
from tests.holas.test_table import fields


def aboard(kind: str, region: str) -> State:
    """Hero 1 and a Warrior aboard the bot's ``kind`` in ``region``; a Serf beside them on land; nothing to pay."""
    game = registry.load("holas")
    game.use_data(None, allow_sample=True)
    s = rules.new_game(game.owned.value, "L7", random.Random(1))
    vessel = next(u for u in s.units if u.type == kind)
    vessel.where = region
    for unit in (s.unit("hero1"), s.unit("warrior1")):
        unit.where, unit.aboard = region, vessel.id if region != "courtyard" else None  # the Courtyard: boards
    s.unit("serf1").where = region
    s.resources = {"ore": 0, "mana": 0, "food": 0}
    s.deck = ["sample.6", *[c for c in s.deck if c != "sample.6"]]
    return s


@pytest.mark.slow
@pytest.mark.parametrize(
    ("kind", "start", "moves", "end"),
    [
        ("air_vessel", "L3", ["fly"], "L6"),  # over S2, which the ferry L4-L6 crosses (L171)
        ("sea_vessel", "L2", ["undock", "sail", "dock"], "L6"),
        ("air_vessel", "courtyard", ["board", "fly"], "L8"),  # a Vessel in the Courtyard stands in the Capital City
    ],
)
async def test_a_hero_aboard_each_kind_of_vessel_moves_with_it_on_the_table(kind, start, moves, end):
    game = registry.load("holas")
    game.use_data(None, allow_sample=True)
    state = aboard(kind, start)
    live = await start_live(build_save(game, table=build_table(state, game.owned.value)), timeout=30)
    try:
        session = Session(live.connector, game, seed=1)
        plan = await session.take_turn(button="bot_action")
        assert plan.ok, plan.problems
        done = [s.decision.action.what for s in plan.steps]
        assert set(moves) <= set(done) and "move" not in done, done
        assert sum(len(s.commands) for s in plan.steps) >= 3  # the minis were moved on the emulated table
        read = game.read(await live.connector.snapshot()).state
        assert not differences(fields(read), fields(session.last_after))
        units = {u.id: u for u in read.units}
        vessel = next(u for u in read.units if u.type == kind)
        assert vessel.where == end == units["hero1"].where == units["warrior1"].where
        assert units["hero1"].aboard == units["warrior1"].aboard == vessel.id
        assert units["serf1"].where == start  # left behind on land (L166)
    finally:
        await stop_live(live)
