"""The person's side of War Chest, for playing without TTS: their legal moves on the table as read, and each
carried out on the table by the same planner that moves the AI's coins.

The table shows the coins; whose turn it is and what an ability still owes (a pending step) come from the engine
state the last turn left (``previous``), as in "Check my turn".
"""

from __future__ import annotations

import random
from typing import Any

from bridge.commands import Command
from engines.base import IllegalAction, PersonMove
from engines.warchest import actions as warchest_actions
from engines.warchest import rules
from engines.warchest.state import Side, State
from engines.warchest.table import HUMAN, TableView
from engines.warchest.turn import Planner

DRAW = "draw"


def _planner(previous: State | None, view: TableView) -> Planner:
    if previous is not None:
        view.state.pending = list(previous.pending)
        view.state.current = previous.current
    return Planner(view, side=HUMAN)


def moves(previous: State | None, view: TableView) -> list[PersonMove]:
    """Drawing a hand when it is empty, else every legal action, numbered in the engine's order."""
    state = _planner(previous, view).state
    if state.over or state.to_act() != HUMAN or any(s.markers_off == 0 for s in state.sides):
        return []
    if played_by_hand(previous, state):
        return []
    if not state.pending and not state.sides[HUMAN].hand:
        return [PersonMove(DRAW, f"Draw {rules.HAND_SIZE} coins from your bag", "Draw")]
    return [
        PersonMove(str(i), warchest_actions.describe(a), type(a).__name__)
        for i, a in enumerate(rules.legal_actions(state))
    ]


def played_by_hand(previous: State | None, now: State) -> bool:
    """Whether the person has played a coin by hand since ``previous`` (the state the bot's turn left): a unit, a
    control marker or a supply changed on the table (an answer owed too, taking the hit), or, with nothing owed, a
    coin more lies in their discard (a pass, a move, a recruit). Their action is made and the bot's is next, as
    after the same move taken from the list; without this the list kept offering another coin and Bot turn stayed
    refused (issue 37).
    A draw changes only their bag and hand; where the engine already refilled their bag from the discard, the table
    still shows that discard until the person refills it by hand (their bag and hand empty)."""
    if previous is None:
        return False
    if _pieces(previous) != _pieces(now):
        return True
    if previous.pending:
        return False
    before, after = previous.sides[HUMAN], now.sides[HUMAN]
    refill_owed = not _discarded(before) and not after.bag and not after.hand
    return not refill_owed and _discarded(after) > _discarded(before)


def _pieces(state: State) -> tuple[object, ...]:
    """What a played coin changes on the table besides the player's own bag, hand and discard."""
    sides = [(sorted(s.supply.items()), sorted(s.eliminated.items()), s.markers_off) for s in state.sides]
    return (*sides, sorted(state.board.items()), sorted(state.control.items()))


def _discarded(side: Side) -> int:
    return sum(side.discard_up.values()) + sum(side.discard_down.values())


def play(previous: State | None, view: TableView, move_id: str, rng: random.Random) -> tuple[list[Command], Any]:
    planner = _planner(previous, view)
    state = planner.state
    if state.over or state.to_act() != HUMAN:
        raise IllegalAction("it is not your turn: press Bot turn")
    if move_id == DRAW:
        if state.pending or state.sides[HUMAN].hand:
            raise IllegalAction("you still have coins in your hand: play them first")
        commands = planner.draw_hand(rng)
    else:
        actions = list(rules.legal_actions(state))
        if not move_id.isdigit() or not 0 <= int(move_id) < len(actions):
            raise IllegalAction(f"no move {move_id!r} now: the table changed; choose again")
        commands = planner.mirror_hand() + planner.act(actions[int(move_id)], rng)
    return commands, planner.state.copy()
