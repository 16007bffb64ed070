"""Your side of the table played by hand: whose press Bot turn and Pass are in each phase, your score marker, the
bot's open productions used with your workers, the connection piles running out and the end with its achievement
table (issue 37, issue 41 item 12)."""

from __future__ import annotations

import random

from bridge.commands import Move
from bridge.table import Table
from engines.base import Options
from engines.fiftyfirst import actions as A
from engines.fiftyfirst.bot import bot_turn
from engines.fiftyfirst.cards import SAMPLE, load_locations
from engines.fiftyfirst.game import FiftyFirst
from engines.fiftyfirst.state import Place, State
from engines.fiftyfirst.table.build import build_table
from engines.tablekit import FACE_UP
from tests.fiftyfirst.scenarios import action_phase

CARDS = load_locations(SAMPLE)


def game_and_table(state: State) -> tuple[FiftyFirst, Table]:
    game = FiftyFirst()
    game.use_data(None, allow_sample=True)
    return game, Table.from_save(build_table(state, CARDS))


def test_bot_turn_after_your_action_by_hand_plays_the_bots_action():
    """L28 "You always play first during the Action Phase", then the bot's action: a person who built by hand (the
    table cannot tell) presses Bot turn, and it is not refused for the moves still listed."""
    state = action_phase(Place("sample.scrap_yard"), connections={"blue": True, "red": False}, turn="person")
    game, table = game_and_table(state)
    moves = game.person_moves(None, table)
    assert "pass" in [m.label for m in moves]  # your action could still be to come: Pass stays on
    view = game.read(table)
    assert game.refuse_press(view, moves, "") is None
    decisions = game.decide(view, random.Random(0), Options())
    assert [d.action for d in decisions] == [A.Claim("blue")]


def test_after_your_listed_action_it_is_the_bots_and_pass_is_off():
    """After "an action of your own" from the list the action is the bot's: nothing is listed for you, Pass is
    refused, Bot turn is not."""
    state = action_phase(Place("sample.scrap_yard"), turn="person")
    game, table = game_and_table(state)
    own = next(m for m in game.person_moves(None, table) if m.label.startswith("an action of your own"))
    commands, after = game.play_person(None, table, own.id, random.Random(0))
    assert commands == [] and after.turn == "bot"
    moves = game.person_moves(after, table)
    view = game.read(table)
    assert moves == []
    assert game.refuse_press(view, moves, "pass") == "it is the bot's action after yours: press Bot turn"
    assert game.refuse_press(view, moves, "") is None


def test_pass_is_off_during_the_bots_lookout_steps_and_bot_turn_during_your_pick():
    """Lookout: the deal and the bot's picks are its steps (Pass refused); your pick of four waits for you."""
    state = State(deck=CARDS.deck())
    game, table = game_and_table(state)
    moves = game.person_moves(None, table)
    view = game.read(table)
    assert game.refuse_press(view, moves, "pass") == (
        "you pass in the Action phase only: press Bot turn for the bot's Lookout steps"
    )
    assert game.refuse_press(view, moves, "") is None
    state.lookout, state.deck = state.deck[:4], state.deck[4:]
    game, table = game_and_table(state)
    view = game.read(table)
    assert "take one Lookout card" in str(game.refuse_press(view, game.person_moves(None, table), ""))


def test_an_empty_connection_pile_reveals_nothing_and_its_last_card_is_moved_face_up():
    """Issue 41 item 12, L14 "Reveal the top card of each of the the Connection piles": a pile that ran out shows no
    card face up (the bot claimed one that was not there), and the last card of a pile, which TTS leaves as a loose
    card, is turned up where it lies."""
    state = State(deck=CARDS.deck(), connections_left={"blue": 0, "red": 1})
    game, table = game_and_table(state)
    view = game.read(table)
    assert view.state.connections_left == {"blue": 0, "red": 1}
    decisions = game.decide(view, random.Random(0), Options())
    assert decisions[0].action == A.Deal()
    (last,) = game.plan(view, decisions[0], table)
    assert isinstance(last, Move) and last.rotation == FACE_UP  # the loose last card, not a Take from a deck
    assert (view.planner.state.connections, view.planner.state.connections_left) == (
        {"blue": False, "red": True},
        {"blue": 0, "red": 0},
    )
    state = action_phase(Place("sample.scrap_yard"), connections_left={"blue": 0, "red": 0}, phase="lookout")
    state.deck = CARDS.deck()
    played = bot_turn(state, CARDS, random.Random(1))
    assert [d.action for d in played].count(A.Deal()) == 1 and state.connections == {"blue": False, "red": False}
