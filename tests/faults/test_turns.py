"""A bot turn that goes wrong never leaves the bot dead, lost, doubled or half-reported (issue 11, items 1-5).

Each test drives the real session, the connector's Lua and the emulator over loopback; the faults are a person's
hand on a piece, TTS stalling or going silent, real-time pace, and numbers a script made unreadable.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import pytest

from bridge.dashboard import Dashboard
from bridge.session import Session
from engines import registry
from engines.base import IllegalAction
from tests.conftest import Live, start_live, stop_live
from tests.faults.helpers import STEP, Mover, chat, mover_save, press_bot_turn, running_session, status, until


@pytest.fixture
async def two_chips():
    live = await start_live(mover_save(2), timeout=1.0)
    yield live
    await stop_live(live)


def x_of(live: Live, guid: str) -> float:
    return live.emulator.require_world().objects[guid].position.x


async def stop(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


# --- 1 and 4: a stopped batch is reported everywhere, and the bot stays ready ------------------------------


async def test_a_held_piece_stops_the_turn_which_is_reported_everywhere_and_the_next_press_works(
    two_chips: Live, caplog: pytest.LogCaptureFixture
):
    live = two_chips
    session, runner = running_session(live, Mover(2))
    dashboard = Dashboard(session, live.link, mode="emulator")
    dashboard.start()
    try:
        live.emulator.hold("c00001", "Red")  # a person holds the second chip while the bot moves
        press_bot_turn(live)
        await until(lambda: session.turns and session.turns[-1].stopped, what="the stopped turn")
        await until(lambda: status(live).startswith("Stopped"))
        # the panel and the chat say which decision was carried out and which was not
        assert status(live).startswith("Stopped after 1 of 2 decision(s): object c00001 did not come to rest")
        lines = chat(live)
        assert "Bot: carried out: 1. Chip c00000 steps right" in lines
        assert "Bot: not carried out: 2. Chip c00001 steps right" in lines
        # the chat never announced the decision that did not happen as if it had
        assert "Bot: Chip c00001 steps right [step 2]" not in lines
        assert "Bot: Chip c00000 steps right [step 1]" in lines
        assert x_of(live, "c00000") == pytest.approx(-10.0 + STEP) and x_of(live, "c00001") == pytest.approx(-9.0)
        # the terminal and the dashboard's log have it too
        assert "my moves stopped: object c00001 did not come to rest" in caplog.text
        assert any(e["kind"] == "error" and "not carried out" in e["text"] for e in dashboard.state["log"])
        assert dashboard.state["last_turn"]["stopped"]["carried_out"] == [1]
        assert not runner.done()  # the panel's handler is alive ...
        live.emulator.release("c00001")
        turns = len(session.turns)
        press_bot_turn(live)  # ... and the next press is a whole turn
        await until(lambda: len(session.turns) > turns and status(live).startswith("Done"))
        assert session.turns[-1].stopped is None and session.last_failure is None
        assert x_of(live, "c00001") == pytest.approx(-9.0 + STEP)
    finally:
        dashboard.stop()
        await stop(runner)


async def test_a_double_click_on_bot_turn_gives_one_turn_and_a_notice(two_chips: Live):
    live = two_chips
    session, runner = running_session(live, Mover(2))
    try:
        press_bot_turn(live)
        press_bot_turn(live)
        await until(lambda: status(live).startswith("Done"))
        await asyncio.sleep(0.2)
        assert len(session.turns) == 1
        assert x_of(live, "c00000") == pytest.approx(-10.0 + STEP)  # moved once, not twice
        assert "Bot: The bot is already taking its turn; wait for it to finish." in chat(live)
    finally:
        await stop(runner)


async def test_a_batch_refused_by_the_check_pass_moves_nothing_and_says_so(two_chips: Live):
    class Stale(Mover):  # its plan names a piece that is no longer on the table
        def plan(self, state, decision, table):  # type: ignore[no-untyped-def]
            commands = super().plan(state, decision, table)
            stale = decision.action == "c00001"
            return [c.model_copy(update={"guid": "gone00"}) for c in commands] if stale else commands

    live = two_chips
    _, runner = running_session(live, Stale(2))
    try:
        press_bot_turn(live)
        await until(lambda: status(live).startswith("Stopped"))
        assert status(live) == "Stopped after 0 of 2 decision(s): object gone00 is not on the table"
        assert "Bot: not carried out: 1. Chip c00000 steps right; 2. Chip c00001 steps right" in chat(live)
        assert not any(line.startswith("Bot: carried out") for line in chat(live))
        assert x_of(live, "c00000") == pytest.approx(-10.0)  # the whole batch is checked before any of it runs
        assert not runner.done()
    finally:
        await stop(runner)


def raising(error: Exception) -> Mover:
    """A game whose bot raises ``error`` when it decides."""

    class Failing(Mover):
        def decide(self, state, rng, options):  # type: ignore[no-untyped-def]
            raise error

    return Failing(2)


async def still_ready(live: Live, session: Session) -> None:
    """The next press with a working game takes its turn: the failure left the bot ready."""
    session.game = Mover(2)
    press_bot_turn(live)
    await until(lambda: status(live).startswith("Done"))


@pytest.mark.parametrize(
    ("error", "said"),
    [
        (AssertionError("owner is not None"), "AssertionError: owner is not None"),
        # issue 42: a plain ValueError is a bug too (only the project's error root is the person's)
        (ValueError("invalid literal for int() with base 10: 'x'"), "ValueError: invalid literal for int()"),
    ],
)
async def test_an_engine_bug_is_reported_and_the_bot_stays_ready(
    two_chips: Live, caplog: pytest.LogCaptureFixture, error: Exception, said: str
):
    live = two_chips
    session, runner = running_session(live, raising(error))
    try:
        press_bot_turn(live)
        await until(lambda: "internal error" in status(live))
        assert said in status(live)
        assert any(f"internal error ({type(error).__name__}" in line for line in chat(live))
        assert "Traceback" in caplog.text  # the terminal has the details
        assert not runner.done()
        await still_ready(live, session)
    finally:
        await stop(runner)


async def test_the_projects_error_is_said_as_the_persons_without_a_traceback(
    two_chips: Live, caplog: pytest.LogCaptureFixture
):
    """An error on the project's root (here IllegalAction) is the person's to act on: said as it is, without
    "internal error" or a traceback, and the bot stays ready."""
    live = two_chips
    session, runner = running_session(live, raising(IllegalAction("chip c00000 may not step now")))
    try:
        press_bot_turn(live)
        await until(lambda: "may not step" in status(live))
        assert session.last_failure == "The bot's turn failed: chip c00000 may not step now"
        assert "Traceback" not in caplog.text
        assert not runner.done()
        await still_ready(live, session)
    finally:
        await stop(runner)


async def test_the_dashboard_bot_turn_reports_a_stopped_batch_as_its_error(two_chips: Live):
    live = two_chips
    session = Session(live.connector, Mover(2), seed=1)
    dashboard = Dashboard(session, live.link, mode="emulator")
    dashboard.start()
    try:
        live.emulator.hold("c00000")
        error = await dashboard.control({"type": "bot_turn"})
        assert error is not None and error.startswith("Stopped after 0 of 2 decision(s)")
        assert dashboard.state["bot"]["busy"] is False
        live.emulator.release("c00000")
        assert await dashboard.control({"type": "bot_turn"}) is None
    finally:
        dashboard.stop()


# --- 2 and 3: real-time pace; a batch's deadline follows its work; a late end is reconciled ---------------


async def test_a_turn_longer_than_the_timeout_at_real_time_pace_succeeds():
    """Twelve smooth moves take over six seconds at 60 frames a second; the timeout is two. TTS reports progress
    after each move, so the bridge keeps waiting, and the turn is recorded once."""
    live = await start_live(mover_save(12), timeout=2.0, real_time=True)
    try:
        session = Session(live.connector, Mover(12), seed=1)
        loop = asyncio.get_running_loop()
        started, frame0 = loop.time(), live.emulator.require_world().frame
        plan = await session.bot_turn()
        elapsed, frames = loop.time() - started, live.emulator.require_world().frame - frame0
        assert plan is not None and len(session.turns) == 1 and len(plan.steps) == 12
        assert elapsed > 2.0 * 2  # well past the timeout: the pace is TTS's ...
        assert frames / elapsed < 75  # ... about 60 frames a second, not as fast as the machine can
        assert all(x_of(live, f"c{i:05d}") == pytest.approx(-10.0 + i + STEP) for i in range(12))
    finally:
        await stop_live(live)


async def cut_off_mid_turn(live: Live, chips: int, fault: str) -> Session:
    """Start a bot turn and switch the emulator's ``fault`` on once the first chip moves: the turn then ends
    unconfirmed (TTS said nothing within the deadline)."""
    session = Session(live.connector, Mover(chips), seed=1)
    world = live.emulator.require_world()
    turn = asyncio.ensure_future(session.bot_turn())
    await until(lambda: world.objects["c00000"].motion is not None, what="the first move")
    setattr(live.emulator.faults, fault, True)
    assert await turn is None
    assert session.unconfirmed is not None and session.turns == []
    assert "TTS reported nothing on the bot's moves" in (session.last_failure or "")
    return session


async def all_moved(live: Live, chips: int) -> None:
    last = live.emulator.require_world().objects[f"c{chips - 1:05d}"]
    await until(lambda: last.resting and last.position.x == pytest.approx(-10.0 + chips - 1 + STEP))


async def test_a_late_end_of_the_moves_is_reconciled_and_recorded_once():
    live = await start_live(mover_save(3), timeout=0.5, real_time=True)
    try:
        session = await cut_off_mid_turn(live, 3, "stall")  # TTS hitches: nothing it sends arrives for a while
        await all_moved(live, 3)
        live.emulator.faults.stall = False  # the held-back progress and the end arrive, late
        await until(lambda: session.turns, what="the late turn to be recorded")
        assert session.unconfirmed is None and len(session.turns) == 1 and session.turns[0].stopped is None
        await until(lambda: status(live).startswith("The bot's moves finished after all"))
        assert await session.bot_turn() is not None  # and the next press is a new turn, not refused
        assert len(session.turns) == 2
    finally:
        await stop_live(live)


async def test_a_press_while_the_moves_still_run_is_declined_and_the_turn_counts_once():
    live = await start_live(mover_save(8), timeout=0.5, real_time=True)
    try:
        session = await cut_off_mid_turn(live, 8, "silent")  # TTS said nothing for a while ...
        live.emulator.faults.silent = False  # ... and speaks again
        assert await session.bot_turn() is None  # pressed while the moves still run: declined, with how far
        assert "still being carried out" in (session.last_failure or "")
        await until(lambda: session.turns, what="the end of the moves to be recorded")
        await all_moved(live, 8)
        assert len(session.turns) == 1 and session.unconfirmed is None
        assert await session.bot_turn() is not None and len(session.turns) == 2
    finally:
        await stop_live(live)


async def test_a_lost_end_is_asked_for_on_the_next_press_and_never_doubles_the_turn(caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.INFO)
    live = await start_live(mover_save(3), timeout=0.5, real_time=True)
    try:
        session = await cut_off_mid_turn(live, 3, "silent")  # what TTS sends now is lost for good
        assert session.unconfirmed is not None
        batches = live.emulator.require_world().global_env["automa"]["batches"]
        batch_id = session.unconfirmed.batch.id
        await until(lambda: batches[batch_id]["state"] == "finished", what="the connector to finish the batch")
        live.emulator.faults.silent = False  # the end was never heard
        positions = [x_of(live, f"c{i:05d}") for i in range(3)]
        # the next press asks TTS: the turn is recorded, and no second turn is played yet
        assert await session.bot_turn() is None
        assert "has now ended" in (session.last_failure or "")
        assert len(session.turns) == 1 and [x_of(live, f"c{i:05d}") for i in range(3)] == positions
        assert status(live) == "The bot's last turn has now ended (see chat); press Bot turn again for a new turn."
        assert "The bot's moves finished after all: 3 decision(s). Your turn." in caplog.text
        assert await session.bot_turn() is not None and len(session.turns) == 2
    finally:
        await stop_live(live)


async def test_the_emulator_paces_smooth_moves_as_tts_does_unless_fast():
    """The same turn takes the same emulated frames either way; at TTS's pace they take their wall-clock time."""
    runs = {}
    for real_time in (True, False):
        live = await start_live(mover_save(1), real_time=real_time)
        try:
            loop, world = asyncio.get_running_loop(), live.emulator.require_world()
            started, frame0 = loop.time(), world.frame
            await Session(live.connector, Mover(1), seed=1).take_turn()
            runs[real_time] = (loop.time() - started, world.frame - frame0)
        finally:
            await stop_live(live)
    (real_elapsed, real_frames), (fast_elapsed, fast_frames) = runs[True], runs[False]
    assert real_frames >= 30 and abs(real_frames - fast_frames) <= 2  # half a second of smooth move
    assert real_elapsed >= 0.9 * real_frames / 60
    assert fast_elapsed < real_elapsed / 2


@pytest.mark.slow
async def test_a_war_chest_bot_turn_at_real_time_pace_with_the_default_timeout():
    game = registry.load("warchest")
    from bridge.modbuild import build_save

    live = await start_live(build_save(game), timeout=10.0, real_time=True)
    try:
        session = Session(live.connector, game, seed=3)
        plan = await session.bot_turn()
        assert plan is not None and plan.ok and plan.stopped is None, session.last_failure
        assert status(live) == f"Done: {len(plan.steps)} decision(s). Your turn."
    finally:
        await stop_live(live)


# --- 5: numbers a script made unreadable ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lua", "what"),
    [
        # 1/0, not math.huge: under MoonSharp (and the emulator) math.huge is the largest double, a finite number
        ("getObjectFromGUID('c00001').setPosition({1/0, 1, 0})", "has no valid position"),
        ("getObjectFromGUID('c00001').setPosition({0/0, 1, 0})", "has no valid position"),
        ("getObjectFromGUID('c00001').setRotation({0, 0/0, 0})", "has no valid rotation"),
    ],
)
async def test_unreadable_numbers_are_named_and_nothing_moves(two_chips: Live, lua: str, what: str, caplog):
    caplog.set_level(logging.INFO)
    live = two_chips
    await live.link.execute(lua)
    _, runner = running_session(live, Mover(2))
    try:
        before = [x_of(live, "c00000")]
        press_bot_turn(live)
        await until(lambda: status(live).startswith("Nothing moved"))
        assert [x_of(live, "c00000")] == before
        assert any(line.startswith("Bot cannot read the table: object c00001 (chip 1): " + what) for line in chat(live))
        assert not runner.done()
    finally:
        await stop(runner)
