"""Whole games on the emulated table, through the bridge: the bot's turns from Session, the person's from the
page's move list (a scripted person choosing among them), and the table read back after every turn equal to the
engine's state."""

from __future__ import annotations

import random

import pytest

from bridge.modbuild import build_save
from bridge.session import Session
from engines import registry
from tests.conftest import differences, start_live, stop_live
from tests.whitecastle.test_table import fields


@pytest.mark.slow
@pytest.mark.parametrize(("level", "seed"), [("easy", 1), ("medium", 2), ("hard", 3)])
async def test_a_whole_game_through_the_wire(level: str, seed: int):
    game = registry.load("whitecastle")
    game.use_data(None, allow_sample=True)
    live = await start_live(build_save(game), timeout=30)
    rng = random.Random(seed)
    try:
        session = Session(live.connector, game, seed=seed)
        session.difficulty = level
        bot_turns = person_turns = 0
        while True:
            view = game.read(await live.connector.snapshot())
            if view.state.over:
                break
            if view.state.to_move == "bot":
                plan = await session.take_turn()
                assert plan.ok, plan.problems
                bot_turns += 1
                table_state = game.read(await live.connector.snapshot()).state
                assert not differences(fields(table_state), fields(session.last_after)), f"after bot turn {bot_turns}"
            else:
                moves = game.person_moves(None, await live.connector.snapshot())
                move = rng.choice(moves)
                commands, after = game.play_person(None, await live.connector.snapshot(), move.id, rng)
                await live.connector.apply(commands, timeout=60)
                person_turns += 1
                read = game.read(await live.connector.snapshot()).state
                assert read.bridges == after.bridges and read.round == after.round, move.label
            assert bot_turns + person_turns <= 18
        assert (bot_turns, person_turns) == (9, 9)
        final = await session.take_turn()  # Bot turn on a finished game: the bot's score, nothing moves
        assert (final.ok and final.batch() == []) or all(c.op == "say" for c in final.batch())
        assert "the game is over: the bot scores" in str(final.steps[0].decision.reason)
        chat = [text for text, _ in live.emulator.require_world().chat]
        assert sum("SAMPLE DATA" in line for line in chat) == 9  # said on every turn
    finally:
        await stop_live(live)


@pytest.mark.slow
async def test_a_deck_that_runs_out_mid_turn_is_laid_again_in_the_order_dealt():
    """Text: "If the opponent's deck runs out, shuffle the discard pile to make a new deck." Mid-round, with the
    deck empty: the bot deals the discard into a new deck, lays it so, and reveals from it; the table then reads
    back as the engine says."""
    from engines.whitecastle import rules
    from engines.whitecastle.table.build import build_table

    game = registry.load("whitecastle")
    game.use_data(None, allow_sample=True)
    state = rules.new_game(game.deck, "hard", random.Random(5))
    state.bridges = {"red": [1, 3, 5], "black": [2, 6], "white": [4, 4]}  # two turns taken: the bot's turn
    state.turns_taken = 2
    state.discard, state.deck = state.deck, []
    live = await start_live(build_save(game, table=build_table(state, game.deck)), timeout=30)
    try:
        session = Session(live.connector, game, seed=9)
        session.difficulty = "hard"
        plan = await session.take_turn()
        assert plan.ok and plan.steps[0].decision.action.__class__.__name__ == "NewDeck"
        assert "deck runs out" in plan.steps[0].decision.reason.rule
        table_state = game.read(await live.connector.snapshot()).state
        assert not differences(fields(table_state), fields(session.last_after))
    finally:
        await stop_live(live)
