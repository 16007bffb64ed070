"""Bot turns end to end: the panel click in the emulated TTS, the bridge's session, and the table after."""

from __future__ import annotations

import asyncio

from bridge.dashboard import Dashboard
from bridge.session import Session
from engines import registry
from engines.demo import table as layout
from tests.conftest import Live


def bot_tokens_on_board(live: Live) -> list[str]:
    world = live.emulator.require_world()
    return sorted(g for g, o in world.objects.items() if layout.BOT_TAG in (o.data.get("Tags") or []))


async def click_bot_turn(live: Live, session: Session) -> None:
    live.emulator.ui_event("automa_bot_turn", color="White")
    while (event := await live.connector.events.get()).name != "bot_turn":
        pass
    await session.handle(event)


async def test_bot_turn_moves_a_token_and_explains_it_in_chat(demo_live: Live):
    session = Session(demo_live.connector, registry.load("demo"), seed=1)
    await click_bot_turn(demo_live, session)
    [plan] = session.turns
    [step] = plan.steps
    assert step.decision.reason.rule == "priority 3 (centre)"
    world = demo_live.emulator.require_world()
    [token] = bot_tokens_on_board(demo_live)
    table = await demo_live.connector.snapshot()
    state = registry.load("demo").read(table)
    assert state.slots[3] == "bot" and state.bag_count == layout.TOKENS_EACH - 1
    assert any(text.startswith("Bot: Slot 4 is the empty slot nearest the centre") for text, _ in world.chat)
    assert world.global_ui.text_of("automa_status") == "Done: 1 decision(s). Your turn."
    assert token in world.objects


async def test_difficulty_from_the_panel_is_used(demo_live: Live):
    session = Session(demo_live.connector, registry.load("demo"), seed=1)
    demo_live.emulator.ui_event("automa_difficulty", value="easy", attribute="onValueChanged")
    while (event := await demo_live.connector.events.get()).name != "difficulty":
        pass
    await session.handle(event)
    await click_bot_turn(demo_live, session)
    assert session.turns[-1].difficulty == "easy"


async def test_an_unreadable_table_moves_nothing_and_names_the_piece(demo_live: Live):
    world = demo_live.emulator.require_world()
    human = next(o for o in world.objects.values() if layout.HUMAN_TAG in o.data["Tags"])
    board = next(o for o in world.objects.values() if layout.BOARD_TAG in o.data["Tags"])
    a = board.transform.to_world(layout.BOARD.spots["slot 1"])
    b = board.transform.to_world(layout.BOARD.spots["slot 2"])
    human.set_position(a.scaled(0.5) + b.scaled(0.5))  # a player drops a token between two slots
    before = world.to_save().to_dict()["ObjectStates"]
    session = Session(demo_live.connector, registry.load("demo"), seed=1)
    await click_bot_turn(demo_live, session)
    assert not session.turns[-1].ok
    assert world.to_save().to_dict()["ObjectStates"] == before  # nothing moved
    red = [text for text, color in world.chat if color == [0.856, 0.1, 0.094]]
    assert any(f"guid {human.guid}" in t and "between slot 1 and slot 2" in t for t in red)
    assert "Nothing moved" in (world.global_ui.text_of("automa_status") or "")


async def test_a_reload_mid_turn_restarts_the_turn_and_moves_once(demo_live: Live):
    session = Session(demo_live.connector, registry.load("demo"), seed=1)
    demo_live.emulator.faults.silent = True  # the first request of the turn gets no answer...
    turn = asyncio.ensure_future(session.take_turn())
    await asyncio.sleep(0.05)
    demo_live.emulator.faults.silent = False
    await demo_live.link.get_scripts()  # ...and the game announces a load: the turn starts again
    plan = await asyncio.wait_for(turn, 10)
    assert plan.ok
    assert len(bot_tokens_on_board(demo_live)) == 1


async def test_full_game_bot_against_scripted_human(demo_live: Live):
    """The human plays by hand (moves in the emulator), the bot by the bridge, until someone wins."""
    game = registry.load("demo")
    session = Session(demo_live.connector, game, seed=3)
    world = demo_live.emulator.require_world()
    board = next(o for o in world.objects.values() if layout.BOARD_TAG in o.data["Tags"])
    humans = [o for o in world.objects.values() if layout.HUMAN_TAG in o.data["Tags"]]
    for turn in range(7):
        state = game.read(await demo_live.connector.snapshot())
        if state.winner() or None not in state.slots:
            break
        if turn % 2:
            free = next(i for i, s in enumerate(state.slots) if s is None)
            humans.pop().set_position(board.transform.to_world(layout.BOARD.spots[layout.SLOTS[free]]))
        else:
            await click_bot_turn(demo_live, session)
    final = game.read(await demo_live.connector.snapshot())
    assert final.winner() == "bot"
    assert final.slots.count("bot") == len(bot_tokens_on_board(demo_live))
    assert final.bag_count + final.slots.count("bot") == layout.TOKENS_EACH  # tokens conserved
    last = session.turns[-1].steps[0].decision.reason
    assert last.rule == "priority 1 (win)"


async def test_heartbeat_says_when_tts_goes_silent_and_comes_back(demo_live: Live, caplog):
    session = Session(demo_live.connector, registry.load("demo"))
    beat = asyncio.ensure_future(session.heartbeat(0.05))
    try:
        demo_live.emulator.faults.silent = True
        for _ in range(100):
            if session.silent:
                break
            await asyncio.sleep(0.02)
        assert session.silent
        assert "restart Tabletop Simulator" in caplog.text
        demo_live.emulator.faults.silent = False
        for _ in range(100):
            if not session.silent:
                break
            await asyncio.sleep(0.02)
        assert not session.silent and "TTS answers again" in caplog.text
    finally:
        beat.cancel()


async def test_hello_from_a_reloaded_mod_sets_the_status(demo_live: Live):
    session = Session(demo_live.connector, registry.load("demo"))
    await demo_live.link.get_scripts()
    demo_live.emulator.require_world().load(demo_live.emulator.require_world().to_save())  # a rewind: onLoad again
    while (event := await demo_live.connector.events.get()).name != "hello":
        pass
    await session.handle(event)
    assert (
        demo_live.emulator.require_world().global_ui.text_of("automa_status")
        == "Bridge connected: Three in a Row (demo)"
    )


async def test_the_page_keeps_every_bot_turn_of_a_long_game(demo_live: Live):
    """TURNS_KEPT (30) is gone: a game's 35th turn is listed with the 34 before it, numbered from 1."""
    session = Session(demo_live.connector, registry.load("demo"), seed=1)
    dashboard = Dashboard(session, demo_live.link, mode="emulator")
    dashboard.start()
    for _ in range(35):
        assert await session.bot_turn() is not None, session.last_failure
    listed = dashboard.document()["turns"]
    assert [t["number"] for t in listed] == list(range(1, 36)) and listed == session.played
    assert dashboard.document()["last_turn"] == listed[-1]
    dashboard.stop()
