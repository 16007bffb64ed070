"""Your side on the table, for playing without TTS, as far as the bot's model reaches: your Lookout picks, razing
or using the bot's locations (pay and take by hand), claiming a connection card, "an action of your own" (build,
produce, trade: done by hand, then the bot's turn), and passing; and the dashboard's drawing of both states."""

from __future__ import annotations

import random
from typing import Any

from bridge.commands import Command, Move, Position
from bridge.table import Vec3
from engines.base import IllegalAction, PersonMove
from engines.fiftyfirst import actions, rules
from engines.fiftyfirst.cards import Locations
from engines.fiftyfirst.options import BotOptions
from engines.fiftyfirst.state import State
from engines.fiftyfirst.table import layout
from engines.fiftyfirst.table.read import TableView
from engines.tablekit import grid


def _listed(state: State, cards: Locations) -> list[actions.Action]:
    if state.choosing:  # the bot asked which tied location it razes: your answer, then its step (nothing of yours)
        return [actions.PersonAction("choose", place=i) for i in state.choosing] if state.chosen is None else []
    if state.phase == "lookout":
        return [actions.PersonPick(c) for c in sorted(set(state.lookout))] if rules.to_move(state) == "person" else []
    if state.phase != "action" or state.person_passed:
        return []
    out: list[actions.Action] = [actions.PersonAction("own")]
    if not state.bot_passed:
        for card in sorted(set(state.bot)):
            out.append(actions.PersonAction("raze_bot", card=card))
            if cards.card(card).cls == "production_open" and state.workers:  # L62: a worker of yours per use
                out.append(actions.PersonAction("use_bot", card=card))
    out += [actions.PersonAction("claim", pile=p) for p, up in sorted(state.connections.items()) if up]
    return [*out, actions.PersonAction("pass")]


def label(action: actions.Action, cards: Locations, state: State) -> tuple[str, str]:
    match action:
        case actions.PersonPick(card):
            return f"take {cards.card(card).name} from the Lookout", "Lookout"
        case actions.PersonAction("own"):
            return (
                "an action of your own that the page does not play (build a location, use a production or feature, "
                "trade, develop: in TTS you move those cards yourself): it passes the turn to the bot",
                "Your actions",
            )
        case actions.PersonAction("raze_bot", card=card):
            return f"raze the bot's {cards.card(card).name} (pay by hand)", "The bot's locations"
        case actions.PersonAction("use_bot", card=card):
            name = cards.card(card).name
            return f"use the bot's open production {name} (one of your workers onto it; it gains 1 point)", (
                "The bot's locations"
            )
        case actions.PersonAction("claim", pile=pile):
            return f"take the {pile} connection card", "Your actions"
        case actions.PersonAction("choose", place=place):
            return (
                f"the bot razes your {cards.card(state.person[place].card).name} (a tie: your choice)",
                "The bot's attack",
            )
    return "pass", "Pass"


def bots_action(view: TableView, previous: object) -> bool:
    """Whether the Action phase's next action is the bot's: after a move of yours from the list (``previous``, what
    it left, hands the action to the bot) until Bot turn is pressed. A move made by hand leaves no such trace: the
    table cannot tell whether your action is done, so Bot turn is yours to press (as in TTS)."""
    return (
        isinstance(previous, State)
        and previous.phase == view.state.phase == "action"
        and previous.turn == "bot"
        and not (view.state.choosing and view.state.chosen is None)
    )


def moves(view: TableView, cards: Locations, previous: object = None) -> list[PersonMove]:
    state = view.state
    if bots_action(view, previous):
        return []
    state.turn = "person"  # on the table it is yours until you press Bot turn
    return [PersonMove(str(i), *label(a, cards, state)) for i, a in enumerate(_listed(state, cards))]


def play(
    view: TableView, cards: Locations, move_id: str, rng: random.Random, previous: object = None
) -> tuple[list[Command], State]:
    state = view.state
    listed = [] if bots_action(view, previous) else _listed(state, cards)
    state.turn = "person"
    if not move_id.isdigit() or not 0 <= int(move_id) < len(listed):
        raise IllegalAction(f"no move {move_id!r} now: the table changed; choose again")
    action = listed[int(move_id)]
    after = state.copy()
    rules.apply(after, action, rng, cards, BotOptions())
    hand = view.zones["hand"]
    out: list[Command] = []
    match action:
        case actions.PersonPick(card):
            n = state.lookout.index(card)
            out.append(
                Move(
                    guid=view.card_guids[("lookout", n)],
                    position=Position.of(grid(hand.position, len(state.lookout), per_row=5, rows=1, step=2.4)),
                )
            )
        case actions.PersonAction("raze_bot", card=card):
            n = state.bot.index(card)
            at = layout.zone_point(view.zones["discard"], lift=0.6)
            out.append(Move(guid=view.card_guids[("bot", n)], position=Position.of(at)))
        case actions.PersonAction("use_bot", card=card):  # one of your workers onto it; the bot scores it on its step
            at = view.places_bot[state.bot.index(card)] + Vec3(0.5 - 0.4 * len(view.bot_workers), 0.3, 0.8)
            out.append(Move(guid=view.free_workers[0], position=Position.of(at)))
        case actions.PersonAction("claim", pile=pile):
            out.append(
                Move(
                    guid=view.connections[pile],
                    position=Position.of(grid(hand.position, 4, per_row=5, rows=1, step=2.4)),
                )
            )
        case actions.PersonAction("choose", place=place):
            at = view.places_at[place] + Vec3(0.5, 0.3, 0.6)  # on the card, beside its centre
            out.append(Move(guid=view.markers["target"].guid, position=Position.of(at)))
        case actions.PersonAction("pass"):
            out.append(
                Move(
                    guid=view.markers["pass.person"].guid,
                    position=Position.of(grid(view.zones["passed"].position, 0, per_row=2, rows=1, step=1.5)),
                )
            )
    return out, after


def describe(view: TableView, cards: Locations) -> dict[str, Any]:
    s = view.state

    def name(card_id: str) -> str:
        return cards.card(card_id).name

    def card(card_id: str) -> dict[str, str]:
        return {"card": card_id, "name": name(card_id)}

    return {
        "kind": "fiftyfirst",
        "phase": s.phase,
        "lookout": [card(c) for c in s.lookout],
        "connections": s.connections,
        "connections_left": s.connections_left,  # face-down cards under each pile's top
        "attack": [card(c) for c in s.attack_pile],
        "attacks": s.attacks,  # this round, from the attacks marker (a defended attack's card may have left the pile)
        "person": [
            {**card(p.card), "ruins": p.ruins, "used": p.activations > 0, "protected": p.protected} for p in s.person
        ],
        "bot": [card(c) for c in s.bot],
        "hand": [name(c) for c in view.hand],  # the cards in your hand zone
        "scores": {"you": s.person_pts, "bot": s.bot_pts},
        "round": s.round,
        "workers": s.workers,  # yours, on your faction board
        "sent": s.bot_uses,  # your workers on the bot's open productions, a point each for it on its next step
        "passed": {"you": s.person_passed, "bot": s.bot_passed},
        "deck": len(s.deck),
        "discard": len(s.discard),
    }
