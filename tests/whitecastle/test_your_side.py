"""Your side on the table (issue 37): your clan-point marker and laps, coins, seals and resource tracks, courtiers,
read back as built; a marker between two spaces named; your dice bringing or costing coins; and the end decided from
both scores as the table shows them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bridge.commands import Move
from bridge.table import SaveFile, Table
from engines.whitecastle import actions, rules
from engines.whitecastle.deck import SAMPLE_DECK, load_deck
from engines.whitecastle.ending import ending
from engines.whitecastle.state import State
from engines.whitecastle.table import layout, person
from engines.whitecastle.table.build import build_table
from engines.whitecastle.table.read import TableView, read_table
from tests.whitecastle.test_table import objects, problems

DECK = load_deck(SAMPLE_DECK)


def fresh(seed: int = 0) -> State:
    return rules.new_game(DECK, "medium", random.Random(seed))


def read(state: State) -> TableView:
    return read_table(Table.from_save(build_table(state, DECK)), DECK)


def over(state: State) -> State:
    """``state`` with the last round's turns all taken (three dice left on the bridges)."""
    state.round, state.turns_taken, state.over = 3, 6, True
    state.bridges = {"red": [1], "black": [2], "white": [3]}
    return state


def test_your_markers_laps_and_courtiers_are_read_back_as_built():
    state = fresh()
    you = state.person
    you.clan_points, you.tracks = 123, {"coins": 17, "seals": 2, "food": 4, "iron": 0, "mother_of_pearl": 10}
    you.courtiers = {"supply": 1, "gate": 1, "first_floor": 2, "second_floor": 0, "daimyo": 1}
    back = read(state).state.person
    assert (back.clan_points, back.tracks, back.courtiers) == (123, you.tracks, you.courtiers)


def marker(objs: list[dict[str, Any]], what: str) -> dict[str, Any]:
    return next(o for o in objs if layout.tag("marker", what) in o.get("Tags", []))


def test_a_marker_left_between_two_spaces_is_named_with_both():
    state = fresh()
    state.person.clan_points, state.person.tracks["coins"] = 7, 4
    objs = objects(state)
    step = layout.AREAS["cp"].size.x / layout.CP_TRACK
    marker(objs, "person_clan_points")["Transform"]["posX"] += step * 0.45  # almost halfway from 7 to 8
    marker(objs, "person_coins")["Transform"]["posX"] -= (
        layout.AREAS["you.coins"].size.x / 51 * 0.45
    )  # most of the way to 3
    marker(objs, "clan_points")["Transform"]["posX"] += step * 0.2  # a little off its space is still on it
    found = problems(objs)
    assert any("your clan points marker lies between spaces 7 and 8 of clan points: put it on one" in p for p in found)
    assert any("your coins marker lies between spaces 3 and 4 of your coins" in p for p in found)
    assert not any("the bot's clan points" in p for p in found)


def test_a_marker_off_the_end_of_its_track_names_the_end_space_not_one_past_it():
    """Your coins marker on 0, let go 0.4 of a space to the left of it (of 0.5, where 'not on a space' begins): the
    track has no space -1 to be between."""
    objs = objects(fresh())
    marker(objs, "person_coins")["Transform"]["posX"] -= layout.AREAS["you.coins"].size.x / 51 * 0.4
    found = [p for p in problems(objs) if "your coins marker" in p]
    assert found and not any("spaces -1" in p for p in found), found
    assert "your coins marker lies beyond space 0, at the end of your coins: put it on one" in found[0], found


def test_a_courtier_of_yours_off_your_courtier_zones_is_named():
    objs = objects(fresh())
    pawn = next(o for o in objs if layout.YOUR_COURTIER_TAG in o.get("Tags", []))
    pawn["Transform"].update(posX=40.0, posZ=40.0)
    found = problems(objs)
    assert any(f"{pawn['GUID']}" in p and "one of your courtiers outside your courtier zones" in p for p in found)


def test_the_final_scoring_space_before_the_last_turn_is_named():
    state = fresh()
    state.scored = True  # the round marker past round 3 while round 1 is being played
    assert any("round marker is on 'done' (your final scoring), yet round 3's" in p for p in problems(objects(state)))


def test_your_die_brings_or_costs_coins_and_a_placement_you_cannot_pay_is_not_listed():
    """Spec (a): "A die above the space value gains the difference. A die below it pays the difference." The bot
    never pays (official solo rule); you do."""
    state = fresh()
    state.turns_taken = 1  # your turn: one die taken
    state.bridges = {"red": [1, 6], "black": [3, 3, 3], "white": [3, 3, 3]}
    state.person.tracks["coins"] = 1
    view = read(state)
    labels = [m.label for m in person.moves(view)]
    assert "the red 6 (high end) to Outside the Walls space 1: +1 coins" in labels
    assert "the red 1 (low end) to the Well" in labels  # the Well's 1: nothing either way
    assert "the red 6 (high end) to First Floor space 1: +3 coins" in labels
    assert "the red 1 (low end) to Second Floor space 1: pay 3 coins" not in labels  # you have 1 coin
    assert not any(label.startswith("the red 1 (low end) to First Floor") for label in labels)
    move = next(m for m in person.moves(view) if m.label.endswith("First Floor space 1: +3 coins"))
    commands, after = person.play(view, move.id, random.Random(0))
    assert after.person.tracks["coins"] == 4
    coins = view.markers["person_coins"].guid
    to = next(c for c in commands if isinstance(c, Move) and c.guid == coins)
    assert to.position is not None and abs(to.position.x - layout.your_spot("coins", 4).x) < 1e-6


def test_a_die_you_cannot_pay_for_is_refused_by_the_rules():
    state = fresh()
    state.turns_taken, state.bridges = 1, {"red": [2, 2], "black": [3, 3, 3], "white": [3, 3, 3]}
    with pytest.raises(rules.IllegalAction, match="costs 4 coins"):
        rules.apply(state, actions.PersonTurn("red", "low", "domain"), random.Random(0))


def test_you_win_as_soon_as_you_lead_at_the_end_since_your_gardeners_and_warriors_only_add():
    state = over(fresh())
    state.clan_points, state.person.clan_points = 10, 30
    end = ending(read(state).state, DECK)
    assert end.decided and end.winner == "you" and end.score.startswith("you ")


def test_the_count_to_make_names_every_part_of_the_specs_final_scoring_the_bot_does_not_count():
    """The spec's final scoring (games/whitecastle.md, (a) "Final scoring"): "... gardeners score their garden;
    [warriors ...]; the time track scores by position; (coins + seals) ÷ 5; leftover resources." The bot counts clan
    points, courtiers, the time track and (coins + seals) ÷ 5; the rest is the person's to add, and the end says all
    of it (leftover resources were left out: a person told to add only gardeners and warriors would come short)."""
    state = over(fresh())
    state.clan_points = 50
    end = ending(read(state).state, DECK)
    assert not end.decided
    assert all(part in end.winner for part in ("gardeners", "warriors", "leftover resources")), end.winner


def test_behind_at_the_end_says_the_count_to_make_then_the_winner_once_your_final_scoring_is_done():
    state = over(fresh())
    state.clan_points, state.person.clan_points = 50, 30
    state.person.courtiers = {"supply": 3, "gate": 1, "first_floor": 0, "second_floor": 1, "daimyo": 0}  # 1 + 6
    state.person.tracks["coins"], state.person.tracks["seals"] = 8, 3  # (8 + 3) // 5 = 2
    state.person_influence = 5  # the sample's time track: 3
    bot = rules.bot_score(state, DECK)["total"]
    end = ending(read(state).state, DECK)
    assert rules.person_score(state, DECK)["total"] == 30 + 7 + 2 + 3
    assert not end.decided and end.winner.startswith(f"the bot leads {bot} to 42: add what your gardeners")
    assert f"({bot - 42 + 1} more and you win)" in end.winner
    state.scored = True
    end = ending(read(state).state, DECK)
    assert end.decided and end.winner == "the bot" and "final scoring is done" in end.why
    state.person.clan_points = 30 + bot - 42
    end = ending(read(state).state, DECK)
    assert not end.decided and end.winner.startswith(f"a tie at {bot}")


def test_the_board_prints_every_track_space_and_a_marker_dropped_on_its_snap_point_reads_as_that_space():
    """In TTS a dropped piece lands on the nearest snap point: each track space has one (both rows of the shared
    tracks), so a marker let go near a space reads as on it, never as between two."""
    objs = objects(fresh())
    board = next(o for o in objs if layout.BOARD_TAG in o.get("Tags", []))
    scale = board["Transform"]["scaleX"]
    snaps = [
        (p["Position"]["x"] * scale + layout.BOARD_AT.x, p["Position"]["z"] * scale + layout.BOARD_AT.z)
        for p in board["AttachedSnapPoints"]
    ]
    coins = marker(objs, "person_coins")
    for value in range(layout.YOUR_TRACKS["coins"] + 1):
        spot = layout.your_spot("coins", value)
        x, z = min(snaps, key=lambda s: (s[0] - spot.x) ** 2 + (s[1] - spot.z) ** 2)
        coins["Transform"].update(posX=x, posZ=z)
        you = read_table(Table.from_save(SaveFile.from_dict({"ObjectStates": objs}, "t")), DECK).state.person
        assert you.tracks["coins"] == value
    cp_spaces = [
        layout.AREAS["cp"].spot(i, layout.CP_TRACK, z=dz)
        for i in range(layout.CP_TRACK)
        for dz in (0, layout.PERSON_MARKER_Z)
    ]
    assert all(min(abs(x - s.x) + abs(z - s.z) for x, z in snaps) < 1e-6 for s in cp_spaces)
