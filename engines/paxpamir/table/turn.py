"""Wakhan's whole turn from a table as read: her AI card drawn, her moves until her turn ends, and each move's
state kept for the planner.

A person at the table may owe an answer in the middle of her turn (a bribe they are owed as a ruler, a card to
discard). The bot's turn runs in one go, so that answer is made for them by the ``people`` option (default
``demand``: bribes and ransoms asked in full, a Safe House always used, the lowest-ranked card discarded), and the
chat says so, naming the person; they can set the table right by hand before their own turn.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bridge.errors import UsageError
from engines.base import Decision, Options, Reason
from engines.options import options_from_text
from engines.paxpamir import actions
from engines.paxpamir import rules as paxpamir_rules
from engines.paxpamir.data import game_data
from engines.paxpamir.options import RULE_OPTION_TYPES, RuleOptions
from engines.paxpamir.state import State
from engines.paxpamir.table.build import seat_name
from engines.paxpamir.table.plan import Planner
from engines.paxpamir.table.read import TableView
from engines.paxpamir.wakhan.options import OPTION_TYPES, WakhanOptions
from engines.paxpamir.wakhan.turn import Wakhan

PEOPLE = ("demand", "waive")  # how the bot answers for a person mid-turn: ask in full, or ask nothing


@dataclass(frozen=True)
class DrawAiCard:
    """The start of her turn (spec B5): the AI deck's top card face up onto her discard."""

    card: int


def wakhan_options(rules: Mapping[str, Any]) -> tuple[WakhanOptions, RuleOptions, str]:
    """Her options and the base rules' readings from text values (``--option printing=2``), and the ``people``
    stand-in policy."""
    rules = dict(rules)
    people = str(rules.pop("people", "demand"))
    if people not in PEOPLE:
        raise UsageError(f"option people takes {' or '.join(PEOPLE)}, not {people!r}")
    base = {name: rules.pop(name) for name in list(rules) if name in RULE_OPTION_TYPES}
    wakhan = options_from_text(WakhanOptions, OPTION_TYPES, rules, what="Wakhan", skip=RULE_OPTION_TYPES)
    return wakhan, options_from_text(RuleOptions, RULE_OPTION_TYPES, base, what="Pax Pamir rule"), people


def stand_in(state: State, people: str) -> Decision[actions.Action]:
    """A person's answer owed during her turn, made for them."""
    top = state.pending[-1]
    who = seat_name(state, top.seat)
    rule = f"stand-in for {who} (option people={people})"
    if top.kind in ("bribe", "ransom"):
        amount = top.remaining if people == "demand" else 0
        return Decision(
            actions.Demand(amount), Reason(rule, f"{who} asks {amount} of the {top.remaining} rupee {top.kind}")
        )
    if top.kind == "safe_house":
        return Decision(actions.Hide(True), Reason(rule, f"{who}'s spy hides on the Safe House"))
    legal = list(paxpamir_rules.legal_actions(state))
    discards = [a for a in legal if isinstance(a, actions.Discard)]
    if discards:
        court = game_data().court
        choice = min(discards, key=lambda a: (court[a.card].rank if a.card in court else 0, a.card))
        return Decision(choice, Reason(rule, f"{who} discards #{choice.card}, their lowest-ranked card"))
    return Decision(legal[0], Reason(rule, f"{who} answers with the first choice the rules offer ({legal[0]})"))


def turn_decisions(view: TableView, rng: random.Random, options: Options) -> list[Decision[Any]]:
    wakhan, base_rules, people = wakhan_options(options.rules)
    state = view.state.copy()
    state.wakhan_printing = wakhan.printing
    state.rules = base_rules
    planner = Planner(view)
    view.planner = planner
    me = state.current
    decisions: list[Decision[Any]] = []
    if not state.ai_deck:  # all 24 in her discard: the deck is made again before she draws (B5)
        state.ai_deck, state.ai_discard = state.ai_discard, []
        rng.shuffle(state.ai_deck)
    paxpamir_rules.start_of_turn(state, rng)
    face = state.ai_face
    assert face is not None
    draw: Decision[Any] = Decision(
        DrawAiCard(face),
        Reason("B5", f"draws AI card {face}; her pragmatic loyalty is {state.players[me].loyalty or 'none'}"),
    )
    decisions.append(draw)
    planner.record(draw, state)
    bot = Wakhan(wakhan)
    while not state.over:
        if bot.to_move(state):
            decision = bot.next(state)
        elif state.pending and state.current == me:
            decision = stand_in(state, people)
        else:
            break
        if decision is None:
            break
        paxpamir_rules.apply(state, decision.action, rng)
        decisions.append(decision)
        planner.record(decision, state)
    return decisions
