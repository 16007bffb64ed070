"""A whole game played by hand on the emulated table (issue 37): the person's pieces moved as a player's drop moves
them (picked up, carried, dropped: TTS's onObjectPickUp and onObjectDrop), never by bot commands or the move list;
Bot turn pressed on the page after each of their actions, until the end the page shows with its winner."""

from __future__ import annotations

import random

import pytest

from bridge.table import Table, TableObject, Vec3
from engines.fiftyfirst import rules as R
from engines.fiftyfirst.table import layout as L
from tests.dashboard.conftest import Board, close_board, open_board


def by_hand(board: Board, guid: str, at: Vec3) -> None:
    """A player picks the piece up, carries it over ``at`` and lets go."""
    emulator = board.live.emulator
    emulator.hold(guid, "White")
    emulator.require_world().get(guid).set_position(at)
    emulator.release(guid)


def in_area(table: Table, key: str, tag: str) -> list[TableObject]:
    zone = next(o for o in table if o.nickname == L.AREAS[key].label)
    return sorted((o for o in table if o.has_tag(tag) and zone.encloses(o.position)), key=lambda o: o.position.x)


class Person:
    """Plays their side by hand: picks a Lookout card at random, builds what they took, scores their own points on
    their marker (their economy, which the bot does not follow), and passes after a few actions."""

    def __init__(self, board: Board, seed: int) -> None:
        self.board, self.rng = board, random.Random(seed)
        self.acted = 0
        self.game = board.session.game

    async def table(self) -> Table:
        return await self.board.live.connector.snapshot()

    async def act(self) -> str:
        """One step of the person's, or "" when it is the bot's to take."""
        table = await self.table()
        state = self.game.read(table).state
        if state.phase == "lookout" and R.to_move(state) == "person":
            card = self.rng.choice(in_area(table, "lookout", L.CARD_TAG))
            held = len(in_area(table, "hand", L.CARD_TAG))
            by_hand(self.board, card.guid, L.slot(L.AREAS["hand"], held % 5, lift=0.2 * (held // 5)))
            return f"took {card.nickname}"
        if state.phase != "action" or state.person_passed:
            return ""
        if self.acted >= self.rng.randint(2, 5) or state.end_triggered:
            self.acted = 0
            token = next(o for o in table if o.has_tag(L.tag("pass", "person")))
            by_hand(self.board, token.guid, L.AREAS["passed"].centre)
            return "passed"
        self.acted += 1
        hand = in_area(table, "hand", L.CARD_TAG)
        if hand and self.rng.random() < 0.6:
            card = hand[0]
            row = L.row_of(self.game.cards.card(card.gm_notes).cls)
            built = len(in_area(table, f"person.{row}", L.CARD_TAG))
            by_hand(self.board, card.guid, L.slot(L.AREAS[f"person.{row}"], built))
            return f"built {card.nickname}"
        marker = next(o for o in table if o.has_tag(L.tag("marker", "person")))
        points = min(state.person_pts + self.rng.randint(1, 3), L.TRACK - 1)
        by_hand(self.board, marker.guid, L.AREAS["score"].spot(points, L.TRACK, lift=0.2))
        return f"scored: {points}"


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 4])
async def test_a_whole_game_by_hand_on_the_emulated_table_to_its_end(seed: int):
    """L5 "The game end is triggered when either you, or the virtual player reaches 25 points. Complete the action
    phase of that round, then add the number of locations in each player's State": played by hand, every Bot turn
    after an action of the person's is taken (none refused), Pass is off during the bot's steps, and the page shows
    the winner as soon as the last cleanup is done."""
    board = await open_board("fiftyfirst", allow_sample=True)
    dashboard, person = board.server.dashboard, Person(board, seed)
    done: list[str] = []
    try:
        for _ in range(400):
            if dashboard.state["end"] is not None:
                break
            did = await person.act()
            await dashboard.refresh_table()
            refused = dashboard.state["bot"]["refused"]
            if not did or did.startswith("took") or did == "passed":
                assert "pass" in refused, f"Pass is on during the bot's step after: {done[-3:]}"
            assert refused.get("") is None, f"Bot turn refused after '{did}': {refused['']}"
            assert await dashboard.control({"type": "bot_turn"}) is None
            done.append(did)
        else:
            pytest.fail(f"no end after 400 presses: {done[-10:]}")
        end = dashboard.state["end"]
        table = await person.table()
        state = person.game.read(table).state
        assert state.phase == "over" and end["decided"]
        final = R.final_count(state, R.BotOptions())
        assert max(state.person_pts, state.bot_pts) >= R.END_AT
        assert end["score"].startswith(f"you {final['person']}, the bot {final['bot']}")
        assert end["winner"] == ("the bot" if final["bot"] >= final["person"] else "you")
        assert any(d.startswith("built") for d in done) and any(d.startswith("scored") for d in done)
        attacks = [t for t in board.session.turns for s in t.steps if type(s.decision.action).__name__ == "Attack"]
        assert attacks, "the bot never attacked in the Action phase"
    finally:
        await close_board(board)
