"""The spec's test scenarios (section e), each against the line of the Polish text (English translation) it follows.

Set-up for all: a deck of fictional cards made for each scenario, a fixed seed, and the First Floor rooms, left to
right, R1 (white, red, black), R2 (white, white, black), R3 (red, red, white).
"""

from __future__ import annotations

import random

import pytest

from engines.whitecastle import actions, rules
from engines.whitecastle.bot import bot_turn
from engines.whitecastle.deck import SoloDeck
from engines.whitecastle.options import BotOptions
from engines.whitecastle.state import Die, State
from tests.whitecastle.scenarios import SCENARIOS, card, deck_of, game


def taken(decisions) -> list[actions.Action]:
    return [d.action for d in decisions]


def gains(decisions, what: str) -> int:
    return sum(d.action.n for d in decisions if isinstance(d.action, actions.Gain) and d.action.what == what)


@pytest.mark.parametrize(("level", "influence", "cp"), [("easy", 1, 0), ("medium", 2, 3), ("hard", 3, 8)])
def test_1_setup_influence_is_the_fan_texts_not_the_official_and_the_bot_goes_first(level, influence, cp):
    """Text: "Your opponent starts with its Influence marker on the following position of the Passage of Time
    track: EASY 1, MEDIUM 2, HARD 3" (the official Tokugawa table says 0 / 1 / 3); "Your opponent is first in turn
    order". Starting clan points: the official solo table (W7): 0 / 3 / 8."""
    state = rules.new_game(deck_of(), level, random.Random(1))  # type: ignore[arg-type]
    assert (state.influence, state.clan_points, state.to_move) == (influence, cp, "bot")
    assert (state.influence, level) not in ((0, "easy"), (1, "medium"))  # not Tokugawa's 0 / 1 / 3


def test_2_cards_are_drawn_until_an_indicated_die_is_free_and_the_last_one_counts():
    """Text: "draws cards from its action card deck until one of the indicated dice on the corresponding Bridge is
    available"."""
    deck, state = SCENARIOS["2"]()
    decisions = bot_turn(state, deck, random.Random(0))
    assert taken(decisions)[:3] == [actions.Reveal("A"), actions.Reveal("B"), actions.TakeDie("red", "low")]
    assert state.spaces["outside_walls"][0].die == Die("red", 2)
    assert gains(decisions, "clan_points") == 1 and gains(decisions, "coins") == 0  # B's actions, not A's
    assert state.discard[-2:] == ["A", "B"] and state.revealed == []


def test_3_a_first_floor_card_goes_to_a_room_with_two_tiles_of_the_dies_colour():
    """Text: "find any free space with two Die tokens of the same colour and place the die on it" (W1: the die's
    colour); then MEDIUM: "it gains Influence and Clan Points equal to the number of the current round"."""
    deck, state = SCENARIOS["3"]()
    influence, cp = state.influence, state.clan_points
    decisions = bot_turn(state, deck, random.Random(0))
    assert state.spaces["first_floor"][1].die == Die("white", 5)  # R2 (white, white); R3 has one white only
    assert gains(decisions, "coins") == 2 + 1  # 5 on a space of 3, then the card's +1
    assert (state.influence - influence, state.clan_points - cp) == (2, 2)


def test_4_the_match_beats_the_pictured_room():
    """Text: "If more than one space with two identical Die tokens is available, take the space shown on the card
    as a reference point and place the die on the first space from the left" — here one room matches (R3)."""
    deck, state = SCENARIOS["4"]()
    decisions = bot_turn(state, deck, random.Random(0))
    assert state.spaces["first_floor"][2].die == Die("red", 4) and state.spaces["first_floor"][0].die is None
    assert gains(decisions, "coins") == 1 and gains(decisions, "influence") == 1  # EASY: +1 / +1


def test_5_no_matching_room_the_pictured_room_and_no_bonus():
    """Text: "If the space shown on the card does not meet the condition above but is available ... move the die
    to that space and carry out the actions of the last revealed card" (the bonus belongs to the match, W3)."""
    deck, state = SCENARIOS["5"]()
    influence = state.influence
    decisions = bot_turn(state, deck, random.Random(0))
    assert state.spaces["first_floor"][0].die == Die("black", 1)
    assert gains(decisions, "coins") == 0 and gains(decisions, "clan_points") == 2 and state.influence == influence


def test_6_a_taken_space_wraps_to_the_first_free_one():
    """Text: "move the die to the first available space to the right of the space shown (wrapping around to the
    leftmost space if necessary)"."""
    deck, state = SCENARIOS["6"]()
    decisions = bot_turn(state, deck, random.Random(0))
    assert state.spaces["second_floor"][0].die == Die("white", 2)
    assert actions.CourtierTo("supply", "gate") in taken(decisions)


def _full_outside(name: str) -> tuple[State, list]:
    deck, state = SCENARIOS[name]()
    return state, bot_turn(state, deck, random.Random(0))


def test_7_a_full_zone_sends_the_die_to_the_well_easy():
    """Text: "If the ZONE is occupied, move the die to the Well area and pay out the coins due. EASY: Your opponent
    gains 1 Influence and 1 Clan Point" (W5: the die less the Well's 1); no card actions on EASY."""
    state, decisions = _full_outside("7")
    assert state.well == [Die("black", 6)]
    assert (gains(decisions, "coins"), gains(decisions, "influence"), gains(decisions, "clan_points")) == (5, 1, 1)


@pytest.mark.parametrize(("value", "coins", "part_cp", "part_coins"), [(3, 2, 5, 0), (4, 3, 0, 7)])
def test_8_hard_well_round_three_odd_upper_even_lower(value, coins, part_cp, part_coins):
    """Text, HARD: "gains Influence and Clan Points equal to the current round number. Then, if the die placed in
    the Well area shows an odd result, the opponent carries out the action shown in the upper part of the last
    revealed card. If the die shows an even result ... the lower part"."""
    state, decisions = _full_outside("8 odd" if value % 2 else "8 even")
    assert state.well == [Die("black", value)]
    assert gains(decisions, "influence") == 3 and gains(decisions, "clan_points") == 3 + part_cp
    assert gains(decisions, "coins") == coins + part_coins


def test_9_hard_after_a_match_reveals_another_card_and_runs_both_parts():
    """Text, HARD: "it reveals another card and carries out its actions" (W11: upper and lower; its dice and space
    are ignored); then all revealed cards are discarded."""
    deck, state = SCENARIOS["9"]()
    decisions = bot_turn(state, deck, random.Random(0))
    assert taken(decisions)[:3] == [
        actions.Reveal("H"),
        actions.TakeDie("red", "high"),
        actions.PlaceDie("first_floor", 3),
    ]
    assert actions.Reveal("X") in taken(decisions) and gains(decisions, "clan_points") == 4
    assert gains(decisions, "coins") == 2 + 2 and state.spaces["outside_walls"][0].die is None
    assert state.discard[-2:] == ["H", "X"]


def test_10_courtier_up_two_floors_with_none_on_the_board():
    """Text: "If it had to move a Courtier 2 floors and none were available, it would first place a Courtier at the
    Castle Gate and then move it to the first floor"."""
    deck, state = SCENARIOS["10"]()
    decisions = bot_turn(state, deck, random.Random(0))
    moves = [a for a in taken(decisions) if isinstance(a, actions.CourtierTo)]
    assert moves == [actions.CourtierTo("supply", "gate"), actions.CourtierTo("gate", "first_floor")]
    assert state.courtiers["first_floor"] == 1 and state.courtiers["gate"] == 0


@pytest.mark.parametrize(
    ("choice", "moved"), [("highest", ("first_floor", "second_floor")), ("lowest", ("gate", "first_floor"))]
)
def test_11_courtier_to_the_gate_with_an_empty_supply_climbs_one_instead(choice, moved):
    """Text: "if the opponent must move a Courtier to the Castle Gate and none is available, it moves a Courtier 1
    floor of the Castle higher instead" (W9: the highest-placed that can, by default)."""
    deck, state = SCENARIOS["11"]()
    decisions = bot_turn(state, deck, random.Random(0), BotOptions(courtier=choice))
    assert [a for a in taken(decisions) if isinstance(a, actions.CourtierTo)] == [actions.CourtierTo(*moved)]


def test_12_each_round_the_discard_is_shuffled_into_the_deck():
    """Text: "At the start of each round, shuffle the cards from the discard pile together with the cards left in
    the deck to make a new deck"."""
    deck = SoloDeck.model_validate(
        {
            "dataset": {"kind": "sample", "language": "en", "source": "t"},
            "cards": [card(f"c{i}", [("red", "low")], "outside_walls", 1) for i in range(11)],
        }
    )
    state = game(deck, order=[f"c{i}" for i in range(7)])
    assert len(state.discard) == 4
    rules.start_round(state, random.Random(2))
    assert sorted(state.deck) == sorted(c.id for c in deck.cards) and state.discard == []
    assert all(sorted(d) == d and len(d) == 3 for d in state.bridges.values())  # ascending, low end first


@pytest.mark.parametrize(("pick", "room"), [("leftmost", 2), ("from_pictured", 3)])
def test_w2_several_matching_rooms_leftmost_or_scanning_left_from_the_pictured_one(pick, room):
    """Text: "If more than one space with two identical Die tokens is available, take the space shown on the card
    as a reference point and place the die on the first space from the left." With W1 ``any``, R2 (white, white)
    and R3 (red, red) both match a white die; the card pictures room 3."""
    deck = deck_of(card("K", [("white", "low")], "first_floor", 3))
    state = game(deck, "easy", order=["K"], bridges={"white": [3]})
    bot_turn(state, deck, random.Random(0), BotOptions(match_colour="any", match_pick=pick))
    assert state.spaces["first_floor"][room - 1].die == Die("white", 3)


def test_w10_no_indicated_die_on_any_card_takes_the_first_low_die_or_skips():
    """W10: every card revealed (deck and discard empty) and none of their dice free."""
    deck = deck_of(card("L", [("black", "high")], "second_floor", 1))
    for option, placed in (("first_low", True), ("skip", False)):
        state = game(deck, order=["L", "filler"], bridges={"white": [4]})
        state.discard = []
        decisions = bot_turn(state, deck, random.Random(0), BotOptions(no_die=option))
        assert (actions.TakeDie("white", "low") in taken(decisions)) is placed
        # with the last revealed card (the filler: Outside the Walls, space 1)
        assert (state.spaces["outside_walls"][0].die == Die("white", 4)) is placed


def test_a_courtier_move_nobody_can_make_changes_nothing_and_says_so():
    """Text: "Whenever the opponent must move a Courtier and none is available, it places a Courtier at the Castle
    Gate instead" — with the supply empty too (every courtier at the Daimyo), there is nothing to place."""
    deck = deck_of(
        card(
            "M",
            [("white", "low")],
            "outside_walls",
            1,
            top=[{"op": "courtier_up", "floors": 1}, {"op": "courtier_gate"}],
        )
    )
    state = game(deck, order=["M"], bridges={"white": [5]})
    state.courtiers.update(supply=0, daimyo=5)
    decisions = bot_turn(state, deck, random.Random(0))
    nothing = [d for d in decisions if isinstance(d.action, actions.NoEffect)]
    assert len(nothing) == 2 and all("nothing happens" in d.reason.text for d in nothing)
    assert state.courtiers["daimyo"] == 5 and not any(isinstance(d.action, actions.Manual) for d in decisions)


def test_12b_a_table_read_at_a_rounds_start_shuffles_the_discard_in_before_the_first_card():
    """Text: "At the start of each round, shuffle the cards from the discard pile together with the cards left in
    the deck to make a new deck" — on a table the bot does it at its first turn of the round."""
    deck = deck_of(card("N", [("red", "low")], "outside_walls", 1))
    state = game(deck, order=["N"], bridges={"red": [1, 2, 3], "black": [1, 2, 3], "white": [1, 2, 3]}, round_=2)
    state.turns_taken = 0
    decisions = bot_turn(state, deck, random.Random(0))
    first = decisions[0]
    assert isinstance(first.action, actions.NewDeck) and sorted(first.action.order) == ["N", "filler"]
    assert "At the start of each round" in first.reason.rule and isinstance(decisions[1].action, actions.Reveal)


@pytest.mark.parametrize(("yours", "first"), [(5, "person"), (2, "bot")])
def test_w6_round_one_then_the_further_on_the_passage_of_time_goes_first(yours, first):
    """W6 ``round_one``: the bot is first in round 1 only; from then on whoever is further on the Passage of Time
    (the bot on a tie). Default ``every_round`` keeps the bot first."""
    deck = deck_of()
    for option, expected in (("round_one", first), ("every_round", "bot")):
        state = rules.new_game(deck, "medium", random.Random(1))  # Influence 2
        state.person_influence, state.turns_taken = yours, 5
        rules.end_turn(state, random.Random(1), BotOptions(first_player=option))
        assert state.round == 2 and state.first == expected
