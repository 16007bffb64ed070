"""Whole games played by hand on the page, in Debian's headless Chromium with the real mouse (issue 37's "Done
when"): from a fresh table to the end screen, the person's side moved piece by piece (tests/dashboard/by_hand.py),
Bot turn pressed on the page; never a move-list button. WHAT the person moves WHERE comes from the rules: the
game's own move list, each move turned into the pieces it would move and their targets."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bridge.modbuild import build_save
from engines import registry
from engines.base import PersonMove
from engines.paxpamir.table import person as pax_person
from engines.warchest import person as wc_person
from engines.warchest import table as wc
from tests.conftest import Live, start_live, stop_live
from tests.dashboard.by_hand import NOT_ON_THE_TABLE, PageHands
from tests.dashboard.conftest import Board, close_board, open_board

pytestmark = pytest.mark.slow

# War Chest: the actions a person who wants it over plays first (a base controlled wins the game, L"win").
WC_RANK = {"Control": 0, "Attack": 1, "Deploy": 2, "Move": 3, "Bolster": 4, "Recruit": 5, "Claim": 6}


async def twin_of(board: Board) -> Live:
    """A second emulator for the move list's shortcuts, beside the table played by hand (same game, same build)."""
    game = registry.load(board.session.game.name)
    return await start_live(build_save(game), timeout=20)


async def end_text(hands: PageHands) -> str:
    """The end screen's words, once it shows (and its pictures taken)."""
    await hands.page.wait_for_selector("#end:not([hidden])")
    await hands.picture("end")
    return str(await hands.page.locator("#end").inner_text())


async def warchest_step(hands: PageHands, rng: random.Random) -> str:
    """One action of the person's by hand: "draw" (from their bag), "coin" (one played), "" when none is listed
    (the bot's to play)."""
    session = hands.board.session
    table = await hands.board.live.connector.snapshot()
    moves = await session.person_moves(table)
    if not moves:
        return ""
    if moves[0].id == wc_person.DRAW:  # the bag's top coins into the hand, as a person draws (after the refill)
        commands, _ = session.game.play_person(session.last_after, table, wc_person.DRAW, rng)
        await hands.carry_out([c for c in commands if c.op == "put"])
        bag = next(o for o in table.with_tag(wc.BAG_TAG) if o.has_tag(wc.SIDE_TAGS[wc.HUMAN]))
        await hands.draw(bag.guid, sum(c.op == "take" for c in commands))
        return "draw"
    move = pick(moves, rng)
    commands, _ = session.game.play_person(session.last_after, table, move.id, rng)
    hands.done.append(f"the move {move.label!r}: {[c.op for c in commands]}")
    await hands.carry_out(commands)
    return "coin"


def pick(moves: list[PersonMove], rng: random.Random) -> PersonMove:
    best = min(WC_RANK.get(m.group, 9) for m in moves)
    return rng.choice([m for m in moves if WC_RANK.get(m.group, 9) == best])


async def warchest_turn(hands: PageHands, rng: random.Random) -> None:
    """A draw when the hand is empty, then one coin (L39: "draw back up to three and play a coin all in one
    turn")."""
    if await warchest_step(hands, rng) == "draw":
        await warchest_step(hands, rng)


async def test_war_chest_a_whole_game_by_hand_with_the_mouse(page: Any) -> None:
    await with_shortcuts_beside(page, "warchest", 3, warchest_turn)


async def paxpamir_turn(hands: PageHands, rng: random.Random) -> None:
    """The person's turn by hand: before Wakhan's first turn, their loyalty (A3.5: their token to a coalition's
    space); then a card played if they hold one, else one bought, every choice it asks, then the turn ended. WHAT to
    move comes from the move list on what the person knows (the state their last move by hand left, as a player
    keeps the turn in their head): the list checks that the table shows that state, so each move by hand is proved
    to leave the table as the list's own would."""
    session = hands.board.session
    game, known = session.game, session.last_after
    for made in range(40):
        table = await hands.board.live.connector.snapshot()
        moves = game.person_moves(known, table)
        if not moves:
            return
        if made and all(m.id.startswith(pax_person.LOYALTY) for m in moves):  # chosen (below, as a choice)
            return  # and kept by Bot turn
        groups = {m.group for m in moves} - {"Buy", "Play", "Card actions", "End"}
        if groups:  # a choice the last move asks
            move = rng.choice(moves)
        else:
            wanted = ["Play", "Buy"] if made == 0 else []
            move = next((rng.choice(ms) for g in wanted if (ms := [m for m in moves if m.group == g])), None)
            move = move or next(m for m in moves if m.group == "End")
        commands, known = game.play_person(known, table, move.id, rng)
        hands.done.append(f"the move {move.label!r}")
        await hands.carry_out(commands)
        if any(c.op not in NOT_ON_THE_TABLE for c in commands):  # a move that changed nothing cannot be seen
            await listed_after_a_move_by_hand(hands, known)
    pytest.fail(f"the person's turn never ended: {hands.done[-6:]}")


async def listed_after_a_move_by_hand(hands: PageHands, known: Any) -> None:
    """The page's move list after a move made by hand, in the person's turn: the moves the list's own move would
    have left (the session knows only the last listed move or Bot turn; the list goes on from the table)."""
    game, dashboard = hands.board.session.game, hands.board.server.dashboard
    if known is None or known.over or pax_person._person_to_act(known) is None:
        return
    wanted = [m.label for m in game.person_moves(known, await hands.board.live.connector.snapshot())]
    await dashboard.refresh_table()
    assert [m["label"] for m in dashboard.state["person"]["moves"]] == wanted, hands.done[-3:]
    await hands.page.wait_for_function(
        f"document.querySelectorAll('#person-moves button.move').length == {len(wanted)}"
    )
    hands.listed += 1


async def test_pax_pamir_a_whole_game_by_hand_with_the_mouse(page: Any) -> None:
    hands = await with_shortcuts_beside(page, "paxpamir", 4, paxpamir_turn)
    assert hands.listed > 10, hands.listed  # the page's list went on after moves by hand


async def with_shortcuts_beside(
    page: Any, name: str, seed: int, turn: Callable[[PageHands, random.Random], Awaitable[None]]
) -> PageHands:
    """A whole game, the person's ``turn`` by hand and Bot turn pressed on the page, to the end screen and its
    winner; every move by hand is made on a twin emulator as the list's shortcut too, and the tables compared."""
    board = await open_board(name, touch=True)
    twin = await twin_of(board)
    hands, rng = PageHands(page, board), random.Random(seed)
    try:
        hands.twin = twin
        await hands.open()
        for _ in range(300):
            if board.server.dashboard.state["end"] is not None:
                break
            await turn(hands, rng)
            if board.server.dashboard.state["end"] is None:
                await hands.bot_turn()
        text = await end_text(hands)
        assert board.server.dashboard.state["end"]["winner"] in text, text
        print(f"{name}: {len(hands.done)} steps by hand, {hands.compared} equal to the shortcut's: {text!r}")
        assert hands.compared > 10, hands.compared
    finally:
        await stop_live(twin)
        await close_board(board)
    return hands


async def spread_hand(hands: PageHands) -> None:
    """A card lying exactly on another in the person's hand area (a script laid both on one place; seen mid-game,
    both at the same height) is laid beside it on a free place, as a player spreads their hand before choosing:
    the card under it can be neither seen nor picked up on the page."""
    from engines.fiftyfirst.table import layout
    from tests.fiftyfirst.test_by_hand import in_area

    table = await hands.board.live.connector.snapshot()
    cards = in_area(table, "hand", layout.CARD_TAG)
    for card in cards:
        over = await hands.covered_by(card.guid)
        free = [
            p
            for i in range(5)
            if all((p := layout.slot(layout.AREAS["hand"], i)).distance_xz(c.position) > 1 for c in cards)
        ]
        if over is not None and free:
            await hands.drag(over, free[0].x, free[0].z)
            return await spread_hand(hands)
    return None


async def test_51st_state_a_whole_game_by_hand_with_the_mouse_on_the_sample_cards(page: Any) -> None:
    """tests/fiftyfirst/test_by_hand.py's person (a Lookout card taken, cards built, the bot's razed, points on
    their own marker, a pass now and then), each of their moves a drag on the page; the page says the cards are
    the sample's."""
    from tests.fiftyfirst.test_by_hand import Person

    board = await open_board("fiftyfirst", allow_sample=True, touch=True)
    hands, wanted = PageHands(page, board), []
    person = Person(board, 3, lambda _board, guid, at: wanted.append((guid, at)))
    dashboard = board.server.dashboard
    try:
        await hands.open()
        assert "SAMPLE data" in await page.locator("#title").inner_text()
        for _ in range(400):
            if dashboard.state["end"] is not None:
                break
            await spread_hand(hands)
            did = await person.act()
            for guid, at in wanted:
                await hands.drag(guid, at.x, at.z)
            wanted.clear()
            await hands.bot_turn()
            hands.done.append(did)
        text = await end_text(hands)
        assert dashboard.state["end"]["decided"] and dashboard.state["end"]["winner"] in text, text
        assert any(d.startswith("built") for d in hands.done) and any(d.startswith("razed") for d in hands.done)
        print(f"51st State: {len(hands.done)} steps by hand: {text!r}")
    finally:
        await close_board(board)


async def test_heroes_a_whole_game_by_hand_with_the_mouse_on_the_sample_map(page: Any, monkeypatch: Any) -> None:
    """tests/holas/test_by_hand_live.py's person (recruit, march to their Capital, losses back to the supply, food
    collected, their score set at the end), each of their drops a drag on the page; the table's buttons pressed on
    the page as the bot asks; the page says the map and cards are the sample's."""
    from engines.base import Options
    from engines.holas.table import layout as HL
    from tests.holas import test_by_hand_live as heroes

    board = await open_board("holas", allow_sample=True, touch=True)
    hands, wanted, rng = PageHands(page, board), [], random.Random(5)
    monkeypatch.setattr(heroes, "drop", lambda _live, guid, at: wanted.append((guid, at)))
    live, game = board.live, board.session.game

    async def by_hand(step: Any) -> None:
        await step
        for guid, at in wanted:
            await hands.drag(guid, at.x, at.z)
        wanted.clear()

    try:
        await hands.open()
        assert "SAMPLE data" in await page.locator("#title").inner_text()
        press = "bot_action"
        for _ in range(150):
            await hands.bot_turn(press)
            plan = board.session.turns[-1]
            steps = [s.decision.action.what for s in plan.steps]
            view = await heroes.look(live, game)
            if game.outcome(view, Options()) is not None:
                break
            s = view.state
            if s.pending is not None:
                ask = s.pending.ask
                press = heroes.ANSWER[ask] if ask != "cancels" else rng.choice(["tactic_cancels", "interrupt_none"])
                continue
            for region in s.contested():  # a battle lost there: your losses off, all back to your supply
                for i, guid in enumerate(g for g, (_, at) in view.person.items() if at == region):
                    wanted.append((guid, HL.AREAS["player.supply"].spot(i, 8)))
            await by_hand(heroes.collect(live, game) if "round_end" in steps else _nothing())
            if "done" in steps and "round_end" not in steps:
                recruiting = s.slots.count(None) == 2
                await by_hand(heroes.recruit(live, game) if recruiting else heroes.march(live, game))
            press = "bot_action"
        view = await heroes.look(live, game)
        score, _ = HL.lapped("you.score", view.state.pts + 3)  # your points, totalled by you (L208)
        await hands.drag(view.markers["you.score"], score.x, score.z)
        await board.server.dashboard.refresh_table()
        text = await end_text(hands)
        assert board.server.dashboard.state["end"]["winner"] == "you" and "you" in text, text
        print(f"Heroes: {len(hands.done)} steps by hand: {text!r}")
    finally:
        await close_board(board)


async def _nothing() -> None:
    return None


async def test_white_castle_a_whole_game_by_hand_with_the_mouse_on_the_sample_deck(page: Any, monkeypatch: Any) -> None:
    """tests/whitecastle/test_by_hand.py's person (a die from a bridge end onto a space, coins and clan points on
    their own markers), each drag on the page; at a round's end every die rolled by hand (R) and laid back on its
    bridge, low to high, and the round marker moved on; at the end, the person's final scoring on their marker
    gives the winner. The page says the deck is the sample's."""
    from engines.base import Options
    from engines.whitecastle import rules as WR
    from engines.whitecastle.board import board as castle
    from engines.whitecastle.table import layout as WL
    from engines.whitecastle.table.read import COLOURS
    from tests.whitecastle import test_by_hand as castle_hand

    board = await open_board("whitecastle", allow_sample=True, touch=True)
    hands, wanted, rng = PageHands(page, board), [], random.Random(4)
    monkeypatch.setattr(castle_hand, "drag", lambda _live, guid, to, rotation=None: wanted.append((guid, to)))
    game = board.session.game

    async def moved() -> None:
        for guid, to in wanted:
            await hands.drag(guid, to.x, to.z)
        wanted.clear()

    async def read() -> Any:
        return game.read(await board.live.connector.snapshot())

    async def new_round(view: Any) -> None:
        """Every die rolled (R) and laid on its bridge, low to high; the round marker on."""
        world = board.live.emulator.require_world()
        for colour in COLOURS:
            mine = [o.guid for objs in view.dice.values() for o in objs if o.has_tag(WL.tag("colour", colour))]
            spots = [WL.AREAS[f"bridge.{colour}"].spot(i, castle().dice_per_bridge) for i in range(len(mine))]
            for guid in mine:  # gathered below the bridge (none left on its spaces), and rolled there
                aside = hands.beside(spots[0]._replace(z=spots[0].z - 3))
                assert aside is not None
                await hands.drag(guid, aside.x, aside.z)
                await hands.key(guid, "r")
            mine.sort(key=lambda g: int(world.objects[g].rotation_value()))
            wanted.extend(zip(mine, spots, strict=True))
        wanted.append((view.markers["round"].guid, WL.round_spot(view.state.round + 1)))
        await moved()

    try:
        await hands.open()
        assert "SAMPLE data" in await page.locator("#title").inner_text()
        view = await read()
        for _ in range(40):
            if view.state.over:
                break
            if view.state.to_move == "bot":
                await hands.bot_turn()
            else:
                castle_hand.place_die(board.live, view, rng)
                castle_hand.score_by_hand(board.live, view, 2)
                await moved()
                if view.state.turns_taken == 5 and view.state.round < 3:  # the round's last turn: roll for the next
                    await new_round(view)
            view = await read()
        assert view.state.over, hands.done[-5:]
        bot = WR.bot_score(view.state, game.deck)["total"]
        you = WR.person_score(view.state, game.deck)["total"]
        castle_hand.score_by_hand(board.live, view, max(bot - you + 1, 0))  # your gardeners and warriors, counted
        wanted.append((view.markers["round"].guid, WL.round_spot(3, scored=True)))
        await moved()
        end = game.outcome(await read(), Options())
        assert end is not None and end.decided and end.winner == "you", end
        await board.server.dashboard.refresh_table()
        text = await end_text(hands)
        assert "winner: you" in text, text
        print(f"White Castle: {len(hands.done)} steps by hand: {text!r}")
    finally:
        await close_board(board)
