"""The people's side of Pax Pamir, for playing against Wakhan without TTS: their legal actions in words, one step at
a time (a card's tax, build, move or battle goes on choice by choice, as the rules engine asks), each carried out on
the table by the planner that moves Wakhan's pieces.

Whose turn it is and what a card action still asks come from the state the last move left (``previous``); the table
must still show that state, or one whole legal move on from it made by hand (the list then goes on from there),
else the move is refused with the reason. A move that
begins Wakhan's turn leaves her AI card undrawn: her Bot turn draws it, one card a turn whichever way it began.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from bridge.commands import BOT_COLOR, Command, Say
from engines.base import Decision, IllegalAction, PersonMove, Reason, TableProblem
from engines.paxpamir import actions as paxpamir_actions
from engines.paxpamir import names, rules
from engines.paxpamir.data import COALITIONS
from engines.paxpamir.state import Pending, State
from engines.paxpamir.table import layout
from engines.paxpamir.table.build import seat_name
from engines.paxpamir.table.plan import Planner
from engines.paxpamir.table.read import TableView
from engines.paxpamir.wakhan.options import WakhanOptions
from engines.paxpamir.wakhan.turn import Wakhan


def describe(state: State, action: paxpamir_actions.Action) -> tuple[str, str]:
    """A player's words for an action, and its group on the page."""
    match action:
        case paxpamir_actions.Purchase(row, col):
            number = state.market.cards[row][col]
            cost = rules.price(state, state.current, row, col)  # its column, doubled while military is favored
            return f"buy {names.card(number or 0)} ({names.slot(row, col)}: {cost} rupee(s))", "Buy"
        case paxpamir_actions.Play(card, side):
            return f"play {names.card(card)} at the {side} end of your court", "Play"
        case paxpamir_actions.UseCard(card, action="gift", gift=price):
            return f"{names.card(card)}: gift ({price} rupees)", "Card actions"
        case paxpamir_actions.UseCard(card, action="betray", target=target):
            return f"{names.card(card)}: betray {names.card(target)}", "Card actions"
        case paxpamir_actions.UseCard(card, action="battle", target=target, region=region):
            where = names.region(region) if region else names.card(target)
            return f"{names.card(card)}: battle at {where}", "Card actions"
        case paxpamir_actions.UseCard(card, action=what):
            return f"{names.card(card)}: {what}", "Card actions"
        case paxpamir_actions.EndTurn():
            return "end your turn", "End"
        case paxpamir_actions.PlaceRoad(border) | paxpamir_actions.BuildRoad(border):
            return f"road on {names.border(border)}", "Choices"
        case paxpamir_actions.PlaceSpy(card):
            return f"spy on {names.card(card)}", "Choices"
        case paxpamir_actions.TakeRupee(row, col, seat) if seat >= 0:
            return f"take a rupee from {seat_name(state, seat)}", "Choices"
        case paxpamir_actions.TakeRupee(row, col):
            return f"take the rupee on the market's {names.slot(row, col)}", "Choices"
        case paxpamir_actions.BuildArmy(region):
            return f"army in {names.region(region)}", "Choices"
        case paxpamir_actions.MoveArmy(frm, to) | paxpamir_actions.MoveTribe(frm, to):
            piece = "army" if isinstance(action, paxpamir_actions.MoveArmy) else "tribe"
            return f"move a {piece} from {names.region(frm)} to {names.region(to)}", "Choices"
        case paxpamir_actions.MoveSpy(frm, to):
            return f"move a spy from {names.card(frm)} to {names.card(to)}", "Choices"
        case paxpamir_actions.Remove(piece, seat, coalition, border):
            owner = seat_name(state, seat) if seat >= 0 else coalition
            where = f" on {names.border(border)}" if border else ""
            return f"remove {owner}'s {piece}{where}", "Choices"
        case paxpamir_actions.KeepPrize(keep):
            return ("keep the prize" if keep else "refuse the prize"), "Choices"
        case paxpamir_actions.Hide(hide):
            return ("hide the spy on the Safe House" if hide else "send the spy home"), "Choices"
        case paxpamir_actions.Discard(card):
            return f"discard {names.card(card)}", "Choices"
        case paxpamir_actions.ChooseSuit(suit):
            return f"choose the {suit} suit", "Choices"
        case paxpamir_actions.ChooseSeat(seat):
            return f"choose {seat_name(state, seat)}", "Choices"
        case paxpamir_actions.ChooseRegion(region):
            return f"choose {names.region(region)}", "Choices"
        case paxpamir_actions.Demand(amount):
            return f"ask {amount} rupee(s)", "Choices"
        case paxpamir_actions.Reclaim(piece, where):
            return f"take back the {piece} at {where} to place it anew", "Choices"
        case paxpamir_actions.Stop():
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
        for k, p in layout.card_places(state).items()
    }


def _shows(table: State, state: State) -> bool:
    """Whether the table read as ``table`` shows ``state``: every card in its place, every piece in its area."""
    return _places(table) == _places(state) and layout.piece_counts(table) == layout.piece_counts(state)


@dataclass
class ByHand:
    """The states whole moves made by hand led to since a listed move or Bot turn left ``previous``, newest last:
    the list goes on after each of them, as the person makes their turn by hand. Kept for the last few
    ``previous`` states (by identity: a session's, and a test's beside it)."""

    chains: dict[int, tuple[State, list[State]]] = field(default_factory=dict)
    listed: bool = False  # the last list went on from a move made by hand

    def after(self, previous: State) -> list[State]:
        chain = self.chains.pop(id(previous), None)
        if chain is None or chain[0] is not previous:
            chain = (previous, [])
        self.chains[id(previous)] = chain  # the last used kept last, the least recently used dropped first
        for old in list(self.chains)[:-KEPT]:
            del self.chains[old]
        return chain[1]


KEPT = 4  # previous states whose hand-made moves are kept


def _one_move_on(base: State, table: State) -> State | None:
    """The state one legal move of the person's on from ``base`` leaves, with Wakhan's answers to it, if the table
    shows it. A move that changes nothing on the table (ending a turn with nothing to slide: the cleanup then asks
    a discard) cannot be seen, so the moves after one such are tried too."""
    frontier = [base]
    for _ in range(2):
        unseen = []
        for before in frontier:
            for action in rules.legal_actions(before) if _person_to_act(before) is not None else ():
                state, rng = before.copy(), random.Random(0)
                apply_before_her_draw(state, action, rng)
                for _ in her_answers(state, rng):
                    pass
                if _shows(table, state):
                    return state
                if _shows(before, state):
                    unseen.append(state)
        frontier = unseen
    return None


def _continued(previous: State, view: TableView, by_hand: ByHand | None = None) -> State:
    """The state the table shows: the one the last move left, or one legal move on from it made by hand (found as
    check_turn finds a turn: the one move whose state the table shows, with Wakhan's answers to it), and so on
    move by move with ``by_hand``; the list goes on after moves made by hand. Neither: refused, saying what to do."""
    made = by_hand.after(previous) if by_hand is not None else []
    for back, base in enumerate([*reversed(made), previous]):
        if _shows(view.state, base):  # the newest state the table shows (a move by hand set back: the one before)
            del made[len(made) - back :]
            if by_hand is not None:
                by_hand.listed = bool(made)
            return base.copy()
    found = _one_move_on(made[-1] if made else previous, view.state)
    if found is not None:
        made.append(found)
        if by_hand is not None:
            by_hand.listed = True
        return found.copy()
    raise TableProblem(
        "the table shows neither where the last move left it nor one whole legal move on from there (a move made "
        "by hand and not finished?): finish it, or set the pieces back, to see your moves listed again; or finish "
        "your turn by hand and press Bot turn"
    )


def asked(state: State) -> str:
    """What the choices now listed answer, in a player's words (the page's heading over them): "Choices" alone
    left a person wondering why a road was asked for after they played a card."""
    if not state.pending:
        return "Choices"
    p = state.pending[-1]
    if p.kind == "icons":
        return (
            f"{names.card(p.card)}, just played: where its {p.icons[0]} goes (then: {', '.join(p.icons[1:]) or 'done'})"
        )
    if p.kind in ("tax", "build", "move", "battle"):
        return step_asked(p)
    if p.kind == "prize":
        return f"the betrayed {names.card(p.card)}: keep it as a prize?"
    if p.kind == "discard":
        return f"discard a card{f' ({p.reason})' if p.reason else ''}"
    if p.event:
        return f"{p.event.replace('_', ' ')}: choose a {p.kind}"
    return f"Choices ({p.kind.replace('_', ' ')})"


STEPS = {
    "tax": "take a rupee",
    "build": "place a block for 2 rupees",
    "move": "move a piece",
    "battle": "remove a piece",
}
FREE_STEPS = {"nation_building": "Nation Building's free block", "infrastructure": "Infrastructure's free block"}


def step_asked(p: Pending) -> str:
    """A card action's next step: the card by name, what this step does and how many may follow ("card #0: its
    tax, step by step" told a new player neither which card nor what to do)."""
    action = f"{names.card(p.card)}'s {p.kind}"
    if p.kind == "battle":
        action += f" at {names.region(p.region)}" if p.region else f" on {names.card(p.target)}"
    if p.reason in FREE_STEPS:
        return f"{action}: place {FREE_STEPS[p.reason]} (or stop here)"
    step = "remove a spy" if p.kind == "battle" and not p.region else STEPS[p.kind]
    return f"{action}: {step} (up to {p.remaining} left, or stop here)"


LOYALTY = "loyalty:"  # the id of a loyalty chosen before her first turn: "loyalty:SEAT:COALITION"


def loyalty_moves(view: TableView) -> list[PersonMove]:
    """Before Wakhan's first turn, each person's loyalty token may go to another coalition's space: the people
    choose their loyalty at set-up (spec A3.5), and she then takes the first turn (B1). Optional: Bot turn keeps
    the loyalties the table shows. A3.5's order of choosing (clockwise, the person just after her last: Red, then
    White) is the people's to keep; the list takes each choice as it comes. Once she has drawn her first AI card
    the set-up is over (her AI discard is never empty again: an emptied deck is made again and drawn from at
    once)."""
    state = view.state
    if state.ai_discard or state.over:
        return []
    listed = []
    for seat, player in enumerate(state.players):
        if player.wakhan or player.loyalty is None:
            continue
        who, now = seat_name(state, seat), names.coalition(player.loyalty)
        group = f"{who}'s loyalty, before Wakhan's first turn (now {now}; Bot turn keeps it)"
        for coalition in COALITIONS:
            if coalition != player.loyalty:
                label = f"{who}: loyal to the {names.coalition(coalition)} coalition (your token to its space)"
                listed.append(PersonMove(f"{LOYALTY}{seat}:{coalition}", label, group))
    return listed


def _choose_loyalty(view: TableView, move_id: str) -> list[Command]:
    """A loyalty chosen before her first turn: the person's token moves to the coalition's space (the reader takes
    loyalty from there); nothing else changes."""
    if move_id not in {m.id for m in loyalty_moves(view)}:
        raise IllegalAction(
            f"no move {move_id!r} now: Wakhan has had her first turn, or the table changed; choose again"
        )
    _, seat, chosen = move_id.split(":")
    coalition = next(c for c in COALITIONS if c == chosen)
    state = view.state.copy()
    state.players[int(seat)].loyalty = coalition
    rules.refresh_pragmatic_loyalty(state)
    planner = Planner(view)
    decision: Decision[str] = Decision(coalition, Reason("A3 set-up: each person chooses a loyalty", move_id))
    planner.record(decision, state)
    return planner.plan(decision)


def moves(previous: State | None, view: TableView, by_hand: ByHand | None = None) -> list[PersonMove]:
    if previous is None:
        return loyalty_moves(view)  # Wakhan takes the first turn; before it, the people may choose their loyalty
    state = _continued(previous, view, by_hand)
    seat = _person_to_act(state)
    if seat is None:
        return []
    who = seat_name(state, seat)
    listed = []
    for index, action in enumerate(rules.legal_actions(state)):
        label, group = describe(state, action)
        listed.append(PersonMove(str(index), f"{who}: {label}", asked(state) if group == "Choices" else group))
    return listed


def play(
    previous: State | None, view: TableView, move_id: str, rng: random.Random, by_hand: ByHand | None = None
) -> tuple[list[Command], Any]:
    if previous is None:  # before her first turn: a loyalty (the table holds it; nothing to carry to the next move)
        return _choose_loyalty(view, move_id), None
    state = _continued(previous, view, by_hand)
    if _person_to_act(state) is None:
        raise IllegalAction("it is not a person's turn: press Bot turn")
    actions = list(rules.legal_actions(state))
    if not move_id.isdigit() or not 0 <= int(move_id) < len(actions):
        raise IllegalAction(f"no move {move_id!r} now: the table changed; choose again")
    action = actions[int(move_id)]
    view.state = state.copy()
    planner = Planner(view)
    said = describe(state, action)[0]
    apply_before_her_draw(state, action, rng)
    decision: Decision[paxpamir_actions.Action] = Decision(action, Reason("a person's move", said))
    planner.record(decision, state)
    commands = planner.plan(decision)
    for answer in her_answers(state, rng):
        planner.record(answer, state)
        commands += [*planner.plan(answer), Say(text=f"Bot: {answer.reason}", color=BOT_COLOR)]
    return commands, state.copy()


def her_answers(state: State, rng: random.Random) -> Iterator[Decision[paxpamir_actions.Action]]:
    """Wakhan's answers owed in a person's turn (a bribe or ransom she asks, the cards a swap put in her hand,
    the pieces they place), made and applied at once: her rules fix them (B10), so no bot turn is needed, and the
    person's turn goes on."""
    bot = Wakhan(WakhanOptions(printing=1 if state.wakhan_printing == 1 else 2))
    while bot.to_move(state) and state.current != state.wakhan_seat:
        answer = bot.next(state)
        assert answer is not None
        apply_before_her_draw(state, answer.action, rng)  # her answer may finish the person's turn
        yield answer


def apply_before_her_draw(state: State, action: paxpamir_actions.Action, rng: random.Random) -> None:
    """Apply a move made during a person's turn; should it end that turn and begin Wakhan's, her AI card stays on
    top of her deck, as on a table played by hand: her Bot turn draws it. The rules engine draws as her turn
    begins (as self-play needs), and keeping that draw too would make two in one turn of hers (rule text: "On
    Wakhan's turn, draw an AI card"; issue 31)."""
    turn, piles = state.turn, (state.ai_deck.copy(), state.ai_discard.copy())
    rules.apply(state, action, rng)
    if state.turn != turn and state.current == state.wakhan_seat:
        state.ai_deck, state.ai_discard = piles
        rules.refresh_pragmatic_loyalty(state)
