"""The difficulty chosen on a table sets the bot's start (issue 31, item 4).

Text L8-L11 (``shared/rules/001_79b987f101662473.txt``; English beside it): "Your opponent starts with its Influence
marker on the following position of the Passage of Time track: EASY 1, MEDIUM 2, HARD 3". A table is built at
MEDIUM (``Game.build_table`` has no level); the level chosen on the panel or the page used to change only the
bonuses, so the bot always started at Influence 2. Now its first turn sets it up for the level chosen; a change after
that says what it changes (the bonuses) and what it cannot (the start).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bridge.modbuild import build_save
from bridge.session import Session, plan_turn_with_state
from bridge.table import SaveFile, Table
from engines import registry
from engines.base import ReadError
from engines.whitecastle import actions, difficulty, rules
from engines.whitecastle.options import BotOptions
from engines.whitecastle.table import layout
from engines.whitecastle.table.read import read_table
from tests.conftest import Live, differences, start_live, stop_live
from tests.whitecastle.test_table import DECK, fields

START = {"easy": (1, 0), "medium": (2, 3), "hard": (3, 8)}  # L8-L11's Influence; W7's official clan points


def whitecastle() -> Any:
    game = registry.load("whitecastle")
    game.use_data(None, allow_sample=True)
    return game


def gained(decisions: list[Any], what: str) -> int:
    return sum(d.action.n for d in decisions if isinstance(d.action, actions.Gain) and d.action.what == what)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_the_first_turn_on_a_built_table_starts_the_bot_at_the_level_chosen(level):
    """L8-L11: EASY 1, MEDIUM 2, HARD 3 (and W7's clan points 0 / 3 / 8), whatever level the table was built at."""
    game = whitecastle()
    table = Table.from_save(game.build_table({}, seed=4))
    plan, after = plan_turn_with_state(game, table, seed=1, difficulty=level)
    decisions = [s.decision for s in plan.steps]
    influence, points = START[level]
    if level == "medium":  # the table is built at MEDIUM: nothing to set up
        assert not any(isinstance(d.action, actions.SetUp) for d in decisions)
    else:
        first = decisions[0]
        assert first.action == actions.SetUp(level, influence, points) and "text L8-L11" in first.reason.rule
        assert f"sets up for {level.upper()}: Influence 2 -> {influence}" in first.reason.text
        assert plan.steps[0].commands  # the markers move, the level is written on the Influence marker
    state = after  # the engine's state once the turn is planned
    assert state.influence == influence + gained(decisions, "influence")
    assert state.clan_points == points + gained(decisions, "clan_points")
    assert (state.difficulty, state.start_level) == (level, level)


def test_a_game_set_up_in_process_needs_no_set_up_and_the_bonuses_follow_the_state():
    for level in ("easy", "medium", "hard"):
        state = rules.new_game(DECK, level, random.Random(0))  # type: ignore[arg-type]
        assert difficulty.steps(state, level, BotOptions()) == []  # type: ignore[arg-type]


def test_w7_zero_sets_no_clan_points_at_the_start():
    state = rules.new_game(DECK, "medium", random.Random(0))
    [(action, _rule, text)] = difficulty.steps(state, "hard", BotOptions(start_clan_points="zero"))
    assert action == actions.SetUp("hard", 3, 0) and "clan points 3 -> 0" in text


async def _event(live: Live, session: Session, name: str) -> None:
    while (event := await live.connector.events.get()).name != name:
        pass
    await session.handle(event)


async def _choose(live: Live, session: Session, level: str) -> None:
    """A person picks ``level`` in the panel's dropdown (the real Lua handler sends the event)."""
    live.emulator.ui_event("automa_difficulty", value=level, attribute="onValueChanged")
    await _event(live, session, "difficulty")


async def _bot_turn(live: Live, session: Session) -> None:
    live.emulator.ui_event("automa_bot_turn", color="White")
    await _event(live, session, "bot_turn")


def _bot_chat(live: Live) -> list[str]:
    return [text for text, _ in live.emulator.require_world().chat if text.startswith("Bot: ")]


@pytest.mark.slow
async def test_the_panels_difficulty_sets_the_start_and_a_later_change_says_what_it_cannot_change():
    """On the emulator, through the panel's dropdown and Bot turn (the connector's Lua, the events, the session):
    HARD before the first turn sets the bot up at Influence 3 and 8 clan points (L8-L11, W7); EASY after it changes
    the bonuses from the next turn and says that the start stays HARD's."""
    game = whitecastle()
    live = await start_live(build_save(game), timeout=30)
    try:
        session = Session(live.connector, game, seed=5)
        await _choose(live, session, "hard")
        assert session.difficulty == "hard"
        said = _bot_chat(live)[-1]
        assert "HARD chosen: the bot sets up for it at its first turn (Influence 2 -> 3" in said
        assert "clan points 3 -> 8" in said
        await _bot_turn(live, session)
        [plan] = session.turns
        assert plan.ok and plan.difficulty == "hard" and plan.steps[0].decision.action == actions.SetUp("hard", 3, 8)
        decisions = [s.decision for s in plan.steps]
        read = game.read(await live.connector.snapshot()).state
        assert not differences(fields(read), fields(session.last_after))
        assert read.influence == 3 + gained(decisions, "influence")
        assert read.clan_points == 8 + gained(decisions, "clan_points")
        assert (read.difficulty, read.start_level) == ("hard", "hard")

        move = game.person_moves(None, await live.connector.snapshot())[0]
        commands, _ = game.play_person(None, await live.connector.snapshot(), move.id, random.Random(1))
        await live.connector.apply(commands, timeout=60)
        before = game.read(await live.connector.snapshot()).state
        await _choose(live, session, "easy")
        said = _bot_chat(live)[-1]
        assert "EASY chosen: from the bot's next turn, its bonuses become EASY's" in said
        assert (
            "what it cannot change: its start, set before its first turn for HARD (Influence 3, clan points 8)" in said
        )
        await _bot_turn(live, session)
        change = session.turns[-1].steps[0].decision
        assert change.action == actions.LevelChange("hard", "easy") and "text L8-L11" in change.reason.rule
        assert "plays EASY from now on (was HARD)" in change.reason.text
        after = game.read(await live.connector.snapshot()).state
        assert (after.difficulty, after.start_level) == ("easy", "hard")
        assert after.influence >= before.influence and after.clan_points >= before.clan_points  # no new start
        guid = game.read(await live.connector.snapshot()).markers["influence"].guid
        marker = live.emulator.require_world().objects[guid]
        assert marker.data["Description"] == "The bot's Influence. The bot plays EASY; its start was set for HARD."
    finally:
        await stop_live(live)


def _marker(objs: list[dict[str, Any]]) -> dict[str, Any]:
    return next(o for o in objs if layout.tag("marker", "influence") in o.get("Tags", []))


def test_a_table_without_the_record_reads_as_medium_and_a_broken_record_is_named():
    game = whitecastle()
    objs = game.build_table({}, seed=2).to_dict()["ObjectStates"]
    assert json.loads(_marker(objs)["GMNotes"]) == {"difficulty": "medium", "set_up_for": "medium"}
    _marker(objs)["GMNotes"] = ""  # a table built before the record: built at MEDIUM, as every table was
    read = read_table(Table.from_save(SaveFile.from_dict({"ObjectStates": objs}, "t")), DECK).state
    assert (read.difficulty, read.start_level) == ("medium", "medium")
    _marker(objs)["GMNotes"] = '{"difficulty": "nightmare", "set_up_for": "medium"}'
    with pytest.raises(ReadError) as caught:
        read_table(Table.from_save(SaveFile.from_dict({"ObjectStates": objs}, "t")), DECK)
    [problem] = [str(p) for p in caught.value.problems]
    assert _marker(objs)["GUID"] in problem and "'difficulty' is 'nightmare', not one of easy, medium, hard" in problem


@pytest.mark.slow
async def test_the_pages_difficulty_says_what_it_will_do_and_sets_the_start():
    """From the page (the dashboard's WebSocket, as its controls send them), on the emulator: HARD chosen before the
    first turn is said in the page's log, and the page's Bot turn starts with the set-up (L8-L11)."""
    from websockets.asyncio.client import connect

    from tests.dashboard.conftest import close_board, open_board
    from tests.dashboard.test_protocol import control

    board = await open_board("whitecastle", allow_sample=True)
    try:
        async with connect(board.ws_url, origin=board.origin) as ws:
            assert (await control(ws, type="difficulty", value="hard"))["type"] == "ack"
            log = [e["text"] for e in board.server.dashboard.state["log"]]
            assert any("HARD chosen: the bot sets up for it at its first turn (Influence 2 -> 3" in t for t in log)
            assert (await control(ws, type="bot_turn"))["type"] == "ack"
        plan = board.session.turns[-1]
        assert plan.steps[0].decision.action == actions.SetUp("hard", 3, 8)
        log = [e["text"] for e in board.server.dashboard.state["log"]]
        assert any("sets up for HARD: Influence 2 -> 3" in t and "text L8-L11" in t for t in log)
        read = board.session.game.read(await board.live.connector.snapshot()).state
        assert (read.difficulty, read.start_level) == ("hard", "hard")
    finally:
        await close_board(board)


async def test_a_restarted_bridge_plays_the_level_the_table_records_until_one_is_said():
    """A bridge restarted on a table played at HARD (a new session, as after Ctrl-C and `automa serve` again), its
    Bot turn pressed from the page (which sends no level): the bot goes on at HARD, the level its Influence marker
    records, instead of announcing a change back to the default (L8-L11 set the start; the level stays the table's)."""
    game = whitecastle()
    live = await start_live(build_save(game), timeout=30)
    try:
        first = Session(live.connector, game, seed=5)
        first.difficulty, first.difficulty_source = "hard", "fixed"  # as the page's control sets it
        assert (plan := await first.bot_turn()) is not None and plan.difficulty == "hard"
        move = game.person_moves(None, await live.connector.snapshot())[0]
        commands, _ = game.play_person(None, await live.connector.snapshot(), move.id, random.Random(1))
        await live.connector.apply(commands, timeout=60)

        restarted = Session(live.connector, game, seed=6)
        assert restarted.difficulty == game.default_difficulty != "hard"
        plan = await restarted.bot_turn()
        assert plan is not None and plan.ok and plan.difficulty == "hard"
        assert not any(isinstance(s.decision.action, actions.LevelChange) for s in plan.steps)
        assert game.read(await live.connector.snapshot()).state.difficulty == "hard"
    finally:
        await stop_live(live)
