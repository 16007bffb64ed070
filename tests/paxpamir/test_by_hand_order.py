"""Moves made by hand. The list goes on after a whole move made by hand (the move found as the one legal move whose
state the table shows); a move half made is named, with what to do.

The person's moves from the page, carried out piece by piece with the emulator's player actions in the order the
move list's commands come: a hand never lays a card or piece on one that a later command of the same move still
has to pick up.

The table fact: a dropped piece "rests on the highest top its footprint overlaps", and a card dropped on a card
"makes a new deck where that card lay" (tools/emulator/README.md, "A player's hands"; the second as TTS's
``putObject`` of two cards, shared/docs/tts-interface.md §5). A card played at the left end of a court was laid on
the court's leftmost card and its spy before they moved right: by hand, the person had to dig them out from under
it, and the by-hand browser game left the new card one slot off (closing note: "a court card one slot apart")."""

from __future__ import annotations

import random
import re

import pytest

from bridge.commands import Command, Move, Position
from bridge.modbuild import build_save
from bridge.session import Session
from bridge.table import Vec3
from engines import registry
from engines.base import TableProblem
from engines.paxpamir import rules
from engines.paxpamir.state import State
from engines.paxpamir.table import person
from engines.paxpamir.table.build import build_table, fresh_state
from engines.paxpamir.table.plan import CARD, PIECE, in_hand_order
from engines.paxpamir.table.read import read_table
from engines.paxpamir.wakhan.turn import play_turn
from tests.conftest import Live, start_live, stop_live

GAME = registry.load("paxpamir")
ONTO = re.compile(r" onto '[^']*' \((\w+)\)")  # what a drop landed on, as the player action's line says it


def court_of_one_with_a_spy() -> State:
    """The person's turn after Wakhan's first: one card in their court with their spy on it, one in their hand."""
    rng = random.Random(3)
    state = rules.new_game([None, "british"], rng, wakhan=0)
    play_turn(state, rng)
    assert state.current == 1 and not state.pending
    court, held = [c for c in state.deck if c <= 100][:2]
    state.deck.remove(court)
    state.deck.remove(held)
    state.players[1].court, state.players[1].hand = [court], [held]
    state.spies[court] = [1]
    return state


async def by_hand(live: Live, commands: list[Command]) -> list[str]:
    """Each command as a player's drag, in order; the objects a drop landed on that a later command moves."""
    covered = []
    for i, command in enumerate(commands):
        assert isinstance(command, Move), command
        said = live.emulator.player_action(
            "White", {"do": "move", "guid": command.guid, "x": command.position.x, "z": command.position.z}
        )
        later = {c.guid for c in commands[i + 1 :] if isinstance(c, Move)}
        covered += [f"{said} (moved later)" for guid in ONTO.findall(said) if guid in later]
    await live.emulator.settle()
    return covered


async def test_a_card_played_at_the_left_end_is_laid_once_the_court_and_its_spy_have_moved_right():
    """Spec A4 "A court is an ordered row, and new cards join at either end": played at the left end, the card
    goes where the leftmost card lay, so that card and its spy move first; by hand, no drop lands on either, and
    the table then shows the move's state (the next list is made from it)."""
    state = court_of_one_with_a_spy()
    live = await start_live(build_save(GAME, table=build_table(state=state)), timeout=30)
    try:
        view = read_table(await live.connector.snapshot())
        held = state.players[1].hand[0]
        left = next(m for m in person.moves(state, view) if f"#{held})" in m.label and "left end" in m.label)
        commands, after = person.play(state, view, left.id, random.Random(0))
        assert after.players[1].court == [held, *state.players[1].court]
        assert await by_hand(live, commands) == []
        shown = read_table(await live.connector.snapshot())
        assert shown.state.players[1].court == after.players[1].court and shown.state.spies == after.spies
        assert person.moves(after, shown)  # the table shows what the move left: the list goes on
    finally:
        await stop_live(live)


async def test_after_a_move_made_by_hand_the_list_goes_on_and_a_half_made_one_is_named():
    """Over loopback, through the session as the page asks: the person buys a card by hand (the card into their
    hand, the rupees onto the market's cards), piece by piece with the emulator's player actions. Half made, the
    list is empty and the reason says what to do; made whole, the list is the one the move from the list would
    have left, and a move chosen from it then is carried out on that state. A second move by hand goes on too."""
    live = await start_live(build_save(GAME, table=build_table(state=fresh_state(1, seed=4))), timeout=60)
    try:
        session = Session(live.connector, GAME, seed=4)
        assert (await session.take_turn()).ok  # her first turn
        table = await live.connector.snapshot()
        buy = next(m for m in await session.person_moves() if m.group == "Buy" and "0 rupee" not in m.label)
        commands, after = person.play(session.last_after, read_table(table), buy.id, random.Random(0))
        assert len(commands) > 1  # the card and at least one rupee
        await by_hand(live, commands[:1])
        assert await session.person_moves() == []
        assert session.unlisted and "finish it, or set the pieces back" in session.unlisted  # the page shows it
        with pytest.raises(TableProblem, match="finish it, or set the pieces back"):
            GAME.person_moves(session.last_after, await live.connector.snapshot())
        await by_hand(live, commands[1:])
        shown = read_table(await live.connector.snapshot())
        listed = await session.person_moves()
        assert listed and listed == person.moves(after, shown) and session.unlisted is None
        assert GAME.refuse_press(shown, listed) is None  # their turn may go on by hand: Bot turn is theirs to press
        play = next(m for m in listed if m.group == "Play")
        commands, again = person.play(after, shown, play.id, random.Random(0))
        await by_hand(live, commands)  # a second whole move by hand: the list goes on from it
        assert await session.person_moves() == person.moves(again, read_table(await live.connector.snapshot()))
        for _ in range(10):  # from the list now, on the state the hands left: the card's choices, then the end
            listed = await session.person_moves()
            if not listed:  # the turn ended with its second action's last choice
                break
            move = next((m for m in listed if m.group == "End"), listed[0])
            assert await session.person_move(move.id, move.label) is None
        assert session.last_after.current == 0 and session.last_after.players[1].court == again.players[1].court
        assert read_table(await live.connector.snapshot()).state.players[1].court == again.players[1].court
    finally:
        await stop_live(live)


def test_a_rupee_and_a_card_that_wait_for_each_other_have_the_rupee_laid_aside_first():
    """The same fact, where no order serves (the planner pairs pieces by count, so in a market slide a rupee may go
    where a card lies while the card goes where the rupee lies): the rupee is first laid aside, on nothing and
    where nothing goes, as a player lifts it off; then the card, then the rupee to its place."""
    card_at, rupee_at = Vec3(1.6, 1.25, 11.7), Vec3(-2.15, 1.45, 12.25)
    card = Move(guid="card", position=Position(x=-1.6, y=1.25, z=11.7))  # onto the rupee's slot
    rupee = Move(guid="rupee", position=Position(x=1.6, y=1.45, z=12.25))  # onto the card's slot
    ordered = in_hand_order([card, rupee], {"card": (card_at, CARD), "rupee": (rupee_at, PIECE)}, {})
    assert [c.guid for c in ordered if isinstance(c, Move)] == ["rupee", "card", "rupee"]
    aside = ordered[0]
    assert isinstance(aside, Move) and aside not in (card, rupee) and ordered[1:] == [card, rupee]
    for lies, (w, d) in ((card_at, CARD), (Vec3(-1.6, 0, 11.7), CARD), (Vec3(1.6, 0, 12.25), PIECE)):
        assert abs(aside.position.x - lies.x) >= PIECE[0] + w or abs(aside.position.z - lies.z) >= PIECE[1] + d
