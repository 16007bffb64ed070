"""Whole games on the emulated table through the bridge: the bot's turns from Session, the person's from the page's
move list (a scripted person: Lookout picks at random, a few actions of their own, now and then a raze or a use of
the bot's locations, then a pass), the table read back after every bot turn equal to the engine's state."""

from __future__ import annotations

import random

import pytest

from bridge.modbuild import build_save
from bridge.session import Session
from engines import registry
from tests.conftest import start_live, stop_live
from tests.fiftyfirst.test_table import fields


def choose(moves, rng: random.Random, acted: int):
    labels = [m.label for m in moves]
    if any("from the Lookout" in label for label in labels):
        return rng.choice(moves)
    if acted >= rng.randint(2, 6):
        return next(m for m in moves if m.label == "pass")
    others = [m for m in moves if m.label != "pass"]
    return rng.choice(others)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
async def test_a_whole_game_through_the_wire(seed: int):
    game = registry.load("fiftyfirst")
    game.use_data(None, allow_sample=True)
    live = await start_live(build_save(game), timeout=30)
    rng = random.Random(seed)
    try:
        session = Session(live.connector, game, seed=seed)
        bot_turns, acted, phase = 0, 0, "lookout"
        for _ in range(400):
            table = await live.connector.snapshot()
            moves = game.person_moves(None, table)
            view = game.read(table)
            if view.state.phase != phase:
                acted, phase = (0 if view.state.phase == "lookout" else acted), view.state.phase
            if moves and not (view.state.phase == "lookout" and view.state.lookout_step in (0, 2, 4)):
                move = choose(moves, rng, acted)
                commands, _ = game.play_person(None, table, move.id, rng)
                await live.connector.apply(commands, timeout=60)
                acted += view.state.phase == "action"
                if view.state.phase != "action" or move.label == "pass":
                    continue  # a Lookout pick, or a pass: the bot's turn comes when its steps are due
                # after an action of yours in the Action phase: Bot turn
            plan = await session.take_turn()
            assert plan.ok, plan.problems
            bot_turns += 1
            read = game.read(await live.connector.snapshot()).state
            engine = session.last_after
            if not (
                engine.phase == "lookout" and engine.lookout_step and engine.lookout_step != 5 - len(engine.lookout)
            ):
                assert fields(read) == fields(engine), f"after bot turn {bot_turns}"
            if engine.phase == "over":
                break
        else:
            pytest.fail("the game did not end")
        final = await session.take_turn()
        assert "the game is over" in str(final.steps[0].decision.reason)
        chat = [text for text, _ in live.emulator.require_world().chat]
        assert sum("SAMPLE DATA" in line for line in chat) == bot_turns
    finally:
        await stop_live(live)
