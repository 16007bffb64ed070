"""The people's side of Pax Pamir, for playing against Wakhan without TTS: their legal actions in words, one step at
a time (a card's tax, build, move or battle goes on choice by choice, as the rules engine asks), each carried out on
the table by the planner that moves Wakhan's pieces.

Whose turn it is and what a card action still asks come from the state the last move left (``previous``); the table
must still show that state (no piece moved by hand since), else the move is refused with the reason.
"""

from __future__ import annotations

import random
from typing import Any

from bridge.commands import Command
from engines.base import Decision, PersonMove, Reason
from engines.paxpamir import actions as A
from engines.paxpamir import rules as R
from engines.paxpamir.data import game_data
from engines.paxpamir.state import State
from engines.paxpamir.table import layout as L
from engines.paxpamir.table.build import seat_name
from engines.paxpamir.table.plan import Planner
from engines.paxpamir.table.read import TableView


def _card(number: int) -> str:
    data = game_data()
    found = data.court.get(number) or data.events.get(number)
    return f"#{number} {found.name}" if found is not None else f"#{number}"


def _region(region: str) -> str:
    return next((r.name for r in game_data().map.regions if r.id == region), region)


def _border(border: str) -> str:
    return next((b.name for b in game_data().map.borders if b.id == border), border.replace("_", " - "))


def describe(state: State, action: A.Action) -> tuple[str, str]:
    """A player's words for an action, and its group on the page."""
    match action:
        case A.Purchase(row, col):
            number = state.market.cards[row][col]
            price = col
            return f"buy {_card(number or 0)} (market row {row + 1}, column {col + 1}: {price} rupee(s))", "Buy"
        case A.Play(card, side):
            return f"play {_card(card)} at the {side} end of your court", "Play"
        case A.UseCard(card, action="gift", gift=price):
            return f"{_card(card)}: gift ({price} rupees)", "Card actions"
        case A.UseCard(card, action="betray", target=target):
            return f"{_card(card)}: betray {_card(target)}", "Card actions"
        case A.UseCard(card, action="battle", target=target, region=region):
            where = _region(region) if region else _card(target)
            return f"{_card(card)}: battle at {where}", "Card actions"
        case A.UseCard(card, action=what):
            return f"{_card(card)}: {what}", "Card actions"
        case A.EndTurn():
            return "end your turn", "End"
        case A.PlaceRoad(border) | A.BuildRoad(border):
            return f"road on {_border(border)}", "Choices"
        case A.PlaceSpy(card):
            return f"spy on {_card(card)}", "Choices"
        case A.TakeRupee(row, col, seat) if seat >= 0:
            return f"take a rupee from {seat_name(state, seat)}", "Choices"
        case A.TakeRupee(row, col):
            return f"take the rupee on market row {row + 1}, column {col + 1}", "Choices"
        case A.BuildArmy(region):
            return f"army in {_region(region)}", "Choices"
        case A.MoveArmy(frm, to) | A.MoveTribe(frm, to):
            piece = "army" if isinstance(action, A.MoveArmy) else "tribe"
            return f"move a {piece} from {_region(frm)} to {_region(to)}", "Choices"
        case A.MoveSpy(frm, to):
            return f"move a spy from {_card(frm)} to {_card(to)}", "Choices"
        case A.Remove(piece, seat, coalition, border):
            owner = seat_name(state, seat) if seat >= 0 else coalition
            where = f" on {_border(border)}" if border else ""
            return f"remove {owner}'s {piece}{where}", "Choices"
        case A.KeepPrize(keep):
            return ("keep the prize" if keep else "refuse the prize"), "Choices"
        case A.Hide(hide):
            return ("hide the spy on the Safe House" if hide else "send the spy home"), "Choices"
        case A.Discard(card):
            return f"discard {_card(card)}", "Choices"
        case A.ChooseSuit(suit):
            return f"choose the {suit} suit", "Choices"
        case A.ChooseSeat(seat):
            return f"choose {seat_name(state, seat)}", "Choices"
        case A.ChooseRegion(region):
            return f"choose {_region(region)}", "Choices"
        case A.Demand(amount):
            return f"ask {amount} rupee(s)", "Choices"
        case A.Reclaim(piece, where):
            return f"take back the {piece} at {where} to place it anew", "Choices"
        case A.Stop():
            return "stop this card action here", "Choices"
    return type(action).__name__, "Other"


def _person_to_act(state: State) -> int | None:
    """The seat of the person who acts now, or None (Wakhan's move, or the game is over)."""
    if state.over:
        return None
    seat = state.pending[-1].seat if state.pending else state.current
    return None if state.players[seat].wakhan else seat


def _places(state: State) -> dict[str, tuple[str, str, int]]:
    """Where each card lies; the order within a pile, a discard or a hand is not read back from a table."""
    unordered = ("deck", "discard", "hand")
    return {
        k: (p.kind, p.key, -1 if any(u in p.kind for u in unordered) else p.index)
        for k, p in L.card_places(state).items()
    }


def _checked(previous: State, view: TableView) -> State:
    if _places(view.state) != _places(previous) or L.piece_counts(view.state) != L.piece_counts(previous):
        raise ValueError("the table no longer shows where the last move left it (a piece moved by hand?): set it back")
    return previous.copy()


def moves(previous: State | None, view: TableView) -> list[PersonMove]:
    if previous is None:
        return []  # Wakhan takes the first turn
    state = _checked(previous, view)
    seat = _person_to_act(state)
    if seat is None:
        return []
    who = seat_name(state, seat)
    listed = []
    for index, action in enumerate(R.legal_actions(state)):
        label, group = describe(state, action)
        listed.append(PersonMove(str(index), f"{who}: {label}", group))
    return listed


def play(previous: State | None, view: TableView, move_id: str, rng: random.Random) -> tuple[list[Command], Any]:
    if previous is None:
        raise ValueError("Wakhan takes the first turn: press Bot turn")
    state = _checked(previous, view)
    if _person_to_act(state) is None:
        raise ValueError("it is not a person's turn: press Bot turn")
    actions = list(R.legal_actions(state))
    if not move_id.isdigit() or not 0 <= int(move_id) < len(actions):
        raise ValueError(f"no move {move_id!r} now: the table changed; choose again")
    action = actions[int(move_id)]
    view.state = state.copy()
    planner = Planner(view)
    R.apply(state, action, rng)
    decision: Decision[A.Action] = Decision(action, Reason("a person's move", describe(previous, action)[0]))
    planner.record(decision, state)
    return planner.plan(decision), state.copy()
