"""Your side of the table played by hand: whose press Bot turn and Pass are in each phase, your score marker, the
bot's open productions used with your workers, the connection piles running out and the end with its achievement
table (issue 37, issue 41 item 12)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bridge.commands import Move, Take
from bridge.table import SaveFile, Table
from engines.base import Options, ReadError
from engines.fiftyfirst import actions, rules
from engines.fiftyfirst.bot import bot_turn
from engines.fiftyfirst.cards import SAMPLE, Achievement, load_locations
from engines.fiftyfirst.game import FiftyFirst
from engines.fiftyfirst.state import Place, State
from engines.fiftyfirst.table.build import build_table
from engines.fiftyfirst.table.read import read_table
from engines.tablekit import FACE_UP
from tests.fiftyfirst.scenarios import action_phase

CARDS = load_locations(SAMPLE)


def table_of(state: State | list[dict[str, Any]]) -> Table:
    objs = state if isinstance(state, list) else build_table(state, CARDS).to_dict()["ObjectStates"]
    return Table.from_save(SaveFile.from_dict({"ObjectStates": objs}, "test"))


def problems_of(state: State | list[dict[str, Any]]) -> list[str]:
    with pytest.raises(ReadError) as caught:
        read_table(table_of(state), CARDS)
    return [str(p) for p in caught.value.problems]


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
    assert [d.action for d in decisions] == [actions.Claim("blue")]


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


def test_pass_once_the_game_is_over_says_the_game_is_over():
    """L72 "complete the Action phase normally and then add 1 to your score for each Location": once the last round
    is over there is nothing to pass, and the refusal said "press Bot turn for the bot's Lookout steps"."""
    state = action_phase(person_pts=26, phase="over")
    game, table = game_and_table(state)
    view = game.read(table)
    assert game.refuse_press(view, game.person_moves(None, table), "pass") == (
        "the game is over: there is nothing left to pass"
    )


def test_an_empty_connection_pile_reveals_nothing_and_its_last_card_is_moved_face_up():
    """Issue 41 item 12, L14 "Reveal the top card of each of the the Connection piles": a pile that ran out shows no
    card face up (the bot claimed one that was not there), and the last card of a pile, which TTS leaves as a loose
    card, is turned up where it lies."""
    state = State(deck=CARDS.deck(), connections_left={"blue": 0, "red": 1})
    game, table = game_and_table(state)
    view = game.read(table)
    assert view.state.connections_left == {"blue": 0, "red": 1}
    decisions = game.decide(view, random.Random(0), Options())
    assert decisions[0].action == actions.Deal()
    (last,) = game.plan(view, decisions[0], table)
    assert isinstance(last, Move) and last.rotation == FACE_UP  # the loose last card, not a Take from a deck
    assert (view.planner.state.connections, view.planner.state.connections_left) == (
        {"blue": False, "red": True},
        {"blue": 0, "red": 0},
    )
    state = action_phase(Place("sample.scrap_yard"), connections_left={"blue": 0, "red": 0}, phase="lookout")
    state.deck = CARDS.deck()
    played = bot_turn(state, CARDS, random.Random(1))
    assert [d.action for d in played].count(actions.Deal()) == 1 and state.connections == {"blue": False, "red": False}


def test_the_bots_open_production_takes_one_of_your_workers_a_use_and_its_point_goes_round_the_track():
    """L62 "When you send a [worker] to an Open Production location, the Virtual Player gains 1 instead of a
    [worker]": the list's shortcut sends one of the workers on your faction board (none left: not listed), the bot
    scores it on its next step, and past 49 its marker starts a lap (a chip on its laps) instead of wrapping to 0."""
    state = action_phase(bot=["sample.scrap_yard"], workers=1, bot_pts=49, turn="person")
    game, table = game_and_table(state)
    view = game.read(table)
    assert view.state.workers == 1
    use = next(m for m in game.person_moves(None, table) if m.label.startswith("use the bot's open production"))
    commands, after = game.play_person(None, table, use.id, random.Random(0))
    (sent,) = commands
    assert isinstance(sent, Move) and sent.guid == view.free_workers[0] and after.bot_pts == 49
    assert after.workers == 0 and not any(
        "open production" in m.label for m in game.person_moves(None, table_of(after))
    )
    view = game.read(table_of(after))
    assert view.state.bot_uses == 1 and view.state.workers == 0
    decisions = game.decide(view, random.Random(0), Options())
    assert decisions[0].action == actions.Fee(1) and "L62" in decisions[0].reason.rule
    planned = game.plan(view, decisions[0], table_of(after))
    assert [type(c).__name__ for c in planned] == ["Move", "Move", "Take"]  # the worker back, the marker, a lap
    assert view.planner.state.bot_pts >= 50


def test_a_worker_on_a_bot_location_that_takes_none_or_after_it_passed_is_named():
    """D12: once the bot has passed its locations cannot be used; only open productions take a worker (L62)."""
    state = action_phase(bot=["sample.scrap_yard", "sample.library"], bot_uses=1, bot_passed=True)
    objs = build_table(state, CARDS).to_dict()["ObjectStates"]
    library = next(o for o in objs if o.get("GMNotes") == "sample.library")
    worker = next(o for o in objs if "fiftyfirst.worker" in o.get("Tags", []))
    worker["Transform"].update(posX=library["Transform"]["posX"], posZ=library["Transform"]["posZ"])
    found = problems_of(objs)
    assert any("a worker on the bot's SAMPLE Library, which is no open production" in p for p in found)
    state.bot = ["sample.scrap_yard"]
    assert any("the bot has passed: its locations can no longer be used (D12)" in p for p in problems_of(state))


def test_a_score_marker_between_two_spaces_is_named():
    """L72 "reaches 25 Victory Points on the victory point track": the bot reads your marker's space, and one left
    between two is named rather than rounded."""
    state = action_phase(person_pts=12)
    objs = build_table(state, CARDS).to_dict()["ObjectStates"]
    marker = next(o for o in objs if "fiftyfirst.marker.person" in o.get("Tags", []))
    marker["Transform"]["posX"] += 0.4  # half a space (0.8) to the right
    found = problems_of(objs)
    assert any("your score marker lies between 12 and 13 of the score track: put it on one" in p for p in found)
    marker["Transform"]["posX"] -= 0.35  # a little off the space's centre: on it
    assert read_table(table_of(objs), CARDS).state.person_pts == 12


def test_a_score_marker_off_its_track_is_named_not_read_by_its_x_alone():
    """Your score marker knocked 5 units off the score track's row, still above its space 12: it lies on no space
    (it read as 12, whatever lay between it and the track), and is named."""
    state = action_phase(person_pts=12)
    objs = build_table(state, CARDS).to_dict()["ObjectStates"]
    marker = next(o for o in objs if "fiftyfirst.marker.person" in o.get("Tags", []))
    marker["Transform"]["posZ"] -= 5.0
    found = problems_of(objs)
    assert any("your score marker lies off the score track: put it on one of its spaces" in p for p in found), found


def test_the_end_shows_the_achievement_table_when_you_win():
    """Issue 41 item 12, L76-L81: "If you win, you can compare your score to the following table" — the rule text
    keeps "30 >Mutant" and "70+Grand Master"; the owner's data may hold the whole table."""
    state = action_phase(Place("sample.outpost"), phase="over", person_pts=30, bot_pts=12, bot=["sample.library"])
    game, table = game_and_table(state)
    end = game.outcome(game.read(table), Options())
    assert (
        end is not None
        and end.winner == "you"
        and end.score
        == (
            'you 31, the bot 13; Achievement Table (L78-L81): the rule text keeps only "30 >Mutant" and '
            '"70+Grand Master": look your 31 up in your rulebook\'s table'
        )
    )
    assert rules.achievement(70, ()) == 'Achievement Table: Grand Master (L81 "70+Grand Master")'
    owners = (Achievement(points=30, title="Survivor"), Achievement(points=50, title="Leader"))
    assert rules.achievement(55, owners) == "Achievement Table: Leader (30+ Survivor, 50+ Leader)"
    state.bot_pts = 40
    end = game.outcome(game.read(table_of(state)), Options())
    assert end is not None and end.winner == "the bot" and "Achievement" not in end.score  # only when you win
    (over,) = game.decide(game.read(table), random.Random(0), Options())
    assert "you 31, the bot 13; Achievement Table" in over.reason.text


def test_the_round_track_counts_rounds_in_laps_as_long_as_the_game_runs():
    """L72: the game ends at 25 points, not after a last round, so the round track (1-20) is counted in laps: round
    21 is its first space and a lap chip, read back as 21, and the cleanup of round 20 takes the chip."""
    state = action_phase(round=21, person_pts=3)
    assert read_table(table_of(state), CARDS).state.round == 21
    state = action_phase(round=20, person_passed=True, bot_passed=True)
    game, table = game_and_table(state)
    view = game.read(table)
    assert view.state.round == 20
    decisions = game.decide(view, random.Random(0), Options())
    assert decisions[0].action == actions.Cleanup()
    commands = game.plan(view, decisions[0], table)
    lap = [c for c in commands if isinstance(c, Take) and c.container == view.lap_supply]
    assert len(lap) == 1 and any(isinstance(c, Move) and c.guid == view.markers["round"].guid for c in commands)


def test_a_built_table_passes_the_mod_check_every_guid_once():
    """What TTS needs of a save (``automa mod check``): every object, contained ones too, has a GUID of its own."""
    from bridge.modbuild import build_save
    from bridge.modcheck import check

    game, _ = game_and_table(State(deck=CARDS.deck()))
    assert [str(f) for f in check(build_save(game))] == []


def test_once_you_chose_the_target_the_bots_raze_comes_before_any_move_of_yours():
    """L56 "you can decide which is destroyed": with the target token laid on your choice, the bot's raze is due:
    nothing is listed for you and Pass is off until Bot turn (or Choose target) carries it out."""
    state = action_phase(Place("sample.outpost"), Place("sample.outpost"), deck=["sample.outpost"])
    state.choosing, state.chosen = (0, 1), 1
    game, table = game_and_table(state)
    view = game.read(table)
    moves = game.person_moves(None, table)
    assert moves == [] and game.refuse_press(view, moves, "pass") is not None
    assert game.refuse_press(view, moves, "choose") is None and game.refuse_press(view, moves, "") is None
