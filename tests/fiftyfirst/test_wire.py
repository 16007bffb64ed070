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


@pytest.mark.slow
async def test_the_panels_choose_target_and_pass_buttons():
    """The spec's buttons on the TTS panel, clicked on the emulated table: with ``final_tie=person`` the bot asks
    which tied location it razes (the target token goes to the "choose" zone); the person lays it on one (from
    the page's move) and clicks Choose target: that one is razed and the token comes back. Then Pass: the person's
    pass token goes into the "passed" zone and the bot passes too, ending the round."""
    import asyncio

    from engines.fiftyfirst.cards import SAMPLE, load_locations
    from engines.fiftyfirst.table.build import build_table
    from tests.faults.helpers import until
    from tests.fiftyfirst.scenarios import SCENARIOS

    cards = load_locations(SAMPLE)
    game = registry.load("fiftyfirst")
    game.use_data(None, allow_sample=True)
    state = SCENARIOS["12"]()
    state.person_pts, state.bot_pts = 3, 4  # far from the end
    state.person.sort(key=lambda p: p.ruins)  # the table reads the production row first (the Ruins), then features
    live = await start_live(build_save(game, table=build_table(state, cards)), timeout=30)
    session = Session(live.connector, game, seed=3)
    session.rules = {"final_tie": "person"}
    task = asyncio.ensure_future(session.run())
    try:
        world = live.emulator.require_world()
        assert all(world.global_ui.find(f"automa_button_{key}") is not None for key in ("pass", "pick_done", "choose"))
        live.emulator.ui_event("automa_bot_turn", color="White")
        await until(lambda: len(session.turns) == 1)
        assert session.turns[0].steps[-1].decision.action.__class__.__name__ == "AskTarget"
        moves = await session.person_moves()
        choice = next(m for m in moves if "your choice" in m.label)
        assert len(moves) == 9 and await session.person_move(choice.id, choice.label) is None
        assert world.global_ui.text_of("automa_status") == f"You: {choice.label}"[:200]  # no longer "Your turn."
        chosen = game.read(await live.connector.snapshot()).state.chosen
        live.emulator.ui_event("automa_button_choose", color="White")
        await until(lambda: len(session.turns) == 2)
        read = game.read(await live.connector.snapshot()).state
        assert read.person[chosen].ruins and read.chosen is None and read.choosing == ()
        live.emulator.ui_event("automa_button_pass", color="White")
        await until(lambda: len(session.turns) == 3)
        read = game.read(await live.connector.snapshot()).state
        assert read.phase == "lookout" and not read.person_passed and not read.bot_passed  # the round ended
        assert [s.decision.action.__class__.__name__ for s in session.turns[2].steps][:2] == ["Pass", "Cleanup"]
    finally:
        task.cancel()
        await stop_live(live)


@pytest.mark.slow
async def test_a_game_button_is_declined_while_the_bot_is_paused():
    """Paused from the dashboard, the bot declines the table's requests: a game button (Pass) as much as Bot turn —
    nothing moves, and the panel says why."""
    import asyncio

    from tests.faults.helpers import until

    game = registry.load("fiftyfirst")
    game.use_data(None, allow_sample=True)
    live = await start_live(build_save(game), timeout=30)
    session = Session(live.connector, game, seed=3)
    session.paused = True
    task = asyncio.ensure_future(session.run())
    try:
        before = game.read(await live.connector.snapshot()).state
        live.emulator.ui_event("automa_button_pass", color="White")
        world = live.emulator.require_world()
        await until(lambda: "paused" in (world.global_ui.text_of("automa_status") or ""))
        after = game.read(await live.connector.snapshot()).state
        assert session.turns == [] and after.person_passed == before.person_passed is False
    finally:
        task.cancel()
        await stop_live(live)


@pytest.mark.slow
async def test_no_fourth_attack_when_defended_attack_cards_are_discarded():
    """L36: "You will only be attacked a maximum of three times each round." With ``protected_card="discarded"``
    on the emulated table, each Bot turn reads the round's attacks from the attacks marker its last turn moved: a
    defended attack leaves its card out of the pile, and still counts. Attacks: Smelter's protection goes; Smelter
    razed; Refinery's protection goes; then the bot passes."""
    from engines.fiftyfirst.cards import SAMPLE, load_locations
    from engines.fiftyfirst.state import Place
    from engines.fiftyfirst.table.build import build_table
    from tests.fiftyfirst.scenarios import action_phase

    cards = load_locations(SAMPLE)
    game = registry.load("fiftyfirst")
    game.use_data(None, allow_sample=True)
    guarded = [Place(c, protected=True) for c in ("sample.scrap_yard", "sample.refinery", "sample.smelter")]
    state = action_phase(*guarded, deck=["sample.scrap_yard", "sample.quarry", "sample.watchtower", "sample.outpost"])
    live = await start_live(build_save(game, table=build_table(state, cards)), timeout=30)
    session = Session(live.connector, game, seed=5)
    session.rules = {"protected_card": "discarded"}
    try:
        steps, counts = [], []
        for _ in range(4):
            plan = await session.take_turn()
            assert plan.ok, plan.problems
            steps.append([type(s.decision.action).__name__ for s in plan.steps])
            read = game.read(await live.connector.snapshot()).state
            counts.append((read.attacks, len(read.attack_pile)))
        assert steps == [["Attack", "Blocked"], ["Attack", "Raze"], ["Attack", "Blocked"], ["Pass"]]
        assert counts == [(1, 0), (2, 1), (3, 1), (3, 0)]  # L40: at the pass, what is left of the pile goes
        assert "attacked three times" in str(plan.steps[0].decision.reason)
    finally:
        await stop_live(live)


@pytest.mark.slow
async def test_a_tie_found_with_the_bots_options_is_chosen_from_the_page():
    """Step 7, L56: "you can decide which is destroyed". With ``ruins_targets=true`` (D6) and ``final_tie=person``,
    an Outpost attack ties your Outpost and your Outpost Ruins: the page offers both (the tie the bot found with its
    options, kept on the target token), and the Ruins chosen is the one the bot strikes."""
    from engines.fiftyfirst.cards import SAMPLE, load_locations
    from engines.fiftyfirst.state import Place
    from engines.fiftyfirst.table.build import build_table
    from tests.fiftyfirst.scenarios import action_phase

    cards = load_locations(SAMPLE)
    game = registry.load("fiftyfirst")
    game.use_data(None, allow_sample=True)
    state = action_phase(Place("sample.outpost"), Place("sample.outpost", ruins=True), deck=["sample.outpost"])
    live = await start_live(build_save(game, table=build_table(state, cards)), timeout=30)
    session = Session(live.connector, game, seed=5)
    session.rules = {"final_tie": "person", "ruins_targets": "true"}
    try:
        asked = await session.take_turn()
        assert asked.ok and type(asked.steps[-1].decision.action).__name__ == "AskTarget"
        table = await live.connector.snapshot()
        moves = [m for m in game.person_moves(None, table) if "your choice" in m.label]
        assert len(moves) == 2
        commands, _ = game.play_person(None, table, moves[1].id, random.Random(0))
        await live.connector.apply(commands, timeout=60)
        razed = await session.take_turn()
        assert razed.ok, razed.problems
        assert razed.steps[0].decision.action.__class__.__name__ == "Raze" and razed.steps[0].decision.action.place == 1
        read = game.read(await live.connector.snapshot()).state
        assert read.choosing == () and read.chosen is None
    finally:
        await stop_live(live)


@pytest.mark.slow
async def test_the_attacks_marker_of_a_table_from_mod_build_is_read_through_the_emulator(tmp_path):
    """L36: "You will only be attacked a maximum of three times each round." A table written by ``automa mod build``
    carries the attacks marker at 0; laid on space 3 (with the phase marker on Action), the bot reads three attacks
    through the emulator, though the attack pile is empty, and passes."""
    from bridge.commands import Move, Position
    from bridge.table import SaveFile
    from engines.fiftyfirst.table import layout
    from tests.test_cli import automa

    assert automa("mod", "build", "fiftyfirst", "--allow-sample", "--out", str(tmp_path)).returncode == 0
    save = SaveFile.load(tmp_path / "TabletopAutoma_fiftyfirst.json")
    game = registry.load("fiftyfirst")
    game.use_data(None, allow_sample=True)
    live = await start_live(save, timeout=30)
    try:
        view = game.read(await live.connector.snapshot())
        assert view.state.attacks == 0
        action = layout.AREAS["phase"].spot(layout.PHASES.index("action"), len(layout.PHASES))
        moves = [Move(guid=view.markers["phase"].guid, position=Position.of(action))]
        moves.append(Move(guid=view.markers["attacks"].guid, position=Position.of(layout.attacks_spot(3))))
        await live.connector.apply(moves, timeout=60)
        read = game.read(await live.connector.snapshot()).state
        assert (read.phase, read.attacks, read.attack_pile) == ("action", 3, [])
        plan = await Session(live.connector, game, seed=1).take_turn()
        assert [type(s.decision.action).__name__ for s in plan.steps] == ["Pass"]
        assert "attacked three times" in str(plan.steps[0].decision.reason)
    finally:
        await stop_live(live)
