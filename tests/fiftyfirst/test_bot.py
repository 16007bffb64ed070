"""The spec's test scenarios (section e) for the virtual player, each against the line of the solo rules it follows.

Every scenario uses the fictional sample locations (``engines/fiftyfirst/data/sample_locations.json``) and a fixed
seed; a state is set up by hand where the scenario says what is on the table.
"""

from __future__ import annotations

import random

import pytest

from engines.fiftyfirst import actions, rules
from engines.fiftyfirst.bot import bot_turn
from engines.fiftyfirst.cards import SAMPLE, load_locations
from engines.fiftyfirst.options import BotOptions
from engines.fiftyfirst.state import Place, State
from tests.fiftyfirst.scenarios import LOOKOUT, SCENARIOS, action_phase

CARDS = load_locations(SAMPLE)
OPTS = BotOptions()


def steps(state: State, rng: random.Random | None = None, options: BotOptions = OPTS) -> list[actions.Action]:
    return [d.action for d in bot_turn(state, CARDS, rng or random.Random(0), options)]


def test_1_lookout_the_bot_takes_one_at_random_the_last_one_and_one_from_the_deck():
    """Lookout 4-7: "Shuffle the remaining three and draw a card at random, placing it face up in front of the
    virtual player ... Put the last remaining card face up in front of the virtual player. Draw one more card from
    the Deck and place it in front of the virtual player." """
    a, b, c, d, e = LOOKOUT
    state = SCENARIOS["1"]()
    rng = random.Random(0)
    assert steps(state, rng) == [actions.Deal(), *(actions.LookoutCard(x) for x in (a, b, c, d))]
    assert state.lookout == [a, b, c, d] and state.connections == {"blue": True, "red": True}
    rules.apply(state, actions.PersonPick(a), rng, CARDS, OPTS)
    first = steps(state, rng)
    assert len(first) == 1 and isinstance(first[0], actions.BotTake) and first[0].source == "random"
    left = [x for x in (b, c, d) if x != first[0].card]
    rules.apply(state, actions.PersonPick(left[0]), rng, CARDS, OPTS)
    assert steps(state, rng) == [actions.BotTake(left[1], "last"), actions.BotTake(e, "deck")]
    assert state.bot == [first[0].card, left[1], e] and state.phase == "action" and state.turn == "person"


def test_2_connection_cards_are_claimed_first_at_random_for_two_points_each():
    """ "they will claim a connection card if there is one available. It costs them nothing and scores them 2 ...
    If there is more than one connection card for the virtual player to choose from, choose one at random and
    return the other card back face up onto its pile." """
    state = SCENARIOS["2"]()
    first = steps(state, random.Random(1))
    assert len(first) == 1 and isinstance(first[0], actions.Claim) and state.bot_pts == 2
    other = "blue" if first[0].pile == "red" else "red"
    assert state.connections == {first[0].pile: False, other: True}
    state.turn = "bot"
    assert steps(state) == [actions.Claim(other)] and state.bot_pts == 4  # type: ignore[arg-type]


def test_3_the_greater_distance_breaks_a_tie_of_matching_types():
    """Tie-breaker 1: "The card with the greater Distance". The attack card (Smelter: iron) matches one type of each:
    Refinery (fuel, iron; distance 2) is razed before Scrap Yard (iron; distance 1), and the person is told to take
    its Deal goods."""
    x, y = Place("sample.refinery"), Place("sample.scrap_yard")
    state = SCENARIOS["3"]()  # attack types {iron}: one match each
    x, y = state.person
    decisions = bot_turn(state, CARDS, random.Random(0), OPTS)
    assert [d.action for d in decisions] == [actions.Attack("sample.smelter"), actions.Raze(0)]
    assert x.ruins and not y.ruins and state.bot_pts == 2
    assert "take its Deal goods (1 fuel)" in decisions[-1].reason.text and "Distance" in decisions[-1].reason.rule


def test_4_the_most_matching_types_comes_before_distance():
    """ "The location with the most matching types is Razed." An attack card of {fuel, iron} (a second Refinery)
    matches Refinery twice and Smelter (iron, distance 3) once: Refinery goes, Distance is never compared."""
    state = SCENARIOS["4"]()  # Smelter {iron} d3, Refinery {fuel, iron} d2; attack {fuel, iron}
    assert steps(state) == [
        actions.Attack("sample.refinery"),
        actions.Raze(1),
    ]  # Smelter's Distance 3 is never compared


def test_5_an_unused_action_before_a_used_one():
    """Tie-breakers 2-3: "Unused Actions", then "Used Actions". Gun Shop and Barracks: Action, distance 2, one
    matching type each with an attack of {gun}."""
    state = SCENARIOS["5"]()  # Gun Shop used once, Barracks unused
    assert state.person[0].activations == 1 and steps(state)[-1] == actions.Raze(1)


def test_6_a_feature_before_a_production():
    """Tie-breakers 4-5: "Features", then "Productions". Watchtower's types (ammo, iron) match one type each of
    Scrap Yard (production, distance 1) and Outpost (feature, distance 1): the feature goes."""
    state = SCENARIOS["6"]()  # Scrap Yard, Outpost
    assert steps(state)[-1] == actions.Raze(1)


def test_7_no_matching_type_is_a_miss_that_counts():
    """ "If you do not have any matching Location Types, the attack is unsuccessful." The attack still counts."""
    state = SCENARIOS["7"]()
    assert steps(state) == [actions.Attack("sample.liberty_hall"), actions.Miss()]
    assert state.attack_pile == ["sample.liberty_hall"] and state.attacks == 1 and state.bot_pts == 0


def test_8_after_three_attacks_it_passes_and_the_pile_is_discarded():
    """ "once it contains 3 cards, the virtual player will pass on their next action. At that point, discard the
    cards in the attack pile to the discard pile." The person may go on, but not raze or use its locations."""
    pile = ["sample.library", "sample.monument", "sample.outpost"]
    state = SCENARIOS["8"]()
    assert steps(state) == [actions.Pass()] and state.bot_passed and state.attack_pile == []
    assert state.discard == pile and state.turn == "person"
    with pytest.raises(rules.IllegalAction, match="D12"):
        rules.apply(state, actions.PersonAction("raze_bot", card="sample.scrap_yard"), random.Random(0), CARDS, OPTS)


def test_after_three_attacks_the_pile_is_discarded_at_the_pass_even_short_of_three_cards():
    """L40: "once it contains 3 cards, the virtual player will pass on their next action. At that point, discard the
    cards in the attack pile to the discard pile." With ``protected_card="discarded"`` (L58: "Discard the card drawn
    for the attack") a defended attack's card has gone already: the pass after the third attack discards what is
    left, rather than leaving it on the table until the cleanup (found by the independent reference)."""
    state = action_phase(attack_pile=["sample.library"], attacks=3, bot=["sample.scrap_yard"])
    assert steps(state, options=BotOptions(protected_card="discarded")) == [actions.Pass()]
    assert state.attack_pile == [] and state.discard == ["sample.library"] and state.bot_passed


def test_once_passed_it_neither_attacks_nor_claims_again_in_the_round():
    """L36: "once the virtual player has attacked three times, they will pass"; a player who has passed is out of
    the round (base rule). On a table, Bot turn may be pressed after it passed (by the empty deck here), after cards
    reached the discard pile or a connection card came up: it stays passed (found by the independent reference)."""
    state = action_phase(connections={"blue": True, "red": False}, bot_passed=True, attacks=1)
    state.deck, state.discard = [], ["sample.smelter"]
    decisions = bot_turn(state, CARDS, random.Random(0), OPTS)
    assert [d.action for d in decisions] == [actions.Pass()] and "has passed for this round" in decisions[0].reason.text
    assert state.connections["blue"] and state.bot_pts == 0 and state.attacks == 1 and rules.to_move(state) == "person"


def test_9_after_the_person_passes_the_bot_passes_even_with_a_connection_up():
    """ "once you pass, you cannot be attacked anymore, and the virtual player passes on his next action" (D8);
    then both have passed and the round ends."""
    state = action_phase(connections={"blue": True, "red": False}, person_passed=True)
    assert steps(state)[:3] == [actions.Pass(), actions.Cleanup(), actions.Deal()]  # and on to the next round's Lookout
    assert state.round == 2 and state.lookout_step == 1  # the person picks first
    state = action_phase(connections={"blue": True, "red": False}, person_passed=True)
    assert steps(state, options=BotOptions(pass_after_person="claim_first"))[:2] == [
        actions.Claim("blue"),
        actions.Pass(),
    ]


def test_10_a_protected_target_loses_its_marker_instead():
    """ "If a card with a [marker] is about to be Razed, discard the [marker] instead. You got lucky." (D2; D4: the
    attack card stays in the pile and counts.)"""
    target = Place("sample.scrap_yard", protected=True)
    state = SCENARIOS["10"]()
    target = state.person[0]
    assert steps(state) == [actions.Attack("sample.smelter"), actions.Blocked(0)]
    assert not target.protected and not target.ruins and state.bot_pts == 0 and state.attacks == 1


def test_11_a_bot_location_the_person_razes_is_discarded_not_ruined():
    """ "When you Raze a virtual player's Location, it is discarded. They don't keep the card as a Ruins." """
    state = action_phase(bot=["sample.scrap_yard", "sample.armory"])
    state.turn = "person"
    rules.apply(state, actions.PersonAction("raze_bot", card="sample.scrap_yard"), random.Random(0), CARDS, OPTS)
    assert state.bot == ["sample.armory"] and state.discard == ["sample.scrap_yard"]
    state_use = action_phase(bot=["sample.scrap_yard"], workers=1)
    state_use.turn = "person"
    rules.apply(state_use, actions.PersonAction("use_bot", card="sample.scrap_yard"), random.Random(0), CARDS, OPTS)
    assert steps(state_use)[0] == actions.Fee(1)
    assert state_use.bot_pts == 1  # "the Virtual Player gains 1 [point] instead of a [worker]" (D3)


def test_12_the_end_at_25_finishes_the_phase_and_adds_one_per_location():
    """ "The game ends when either you or the virtual player reaches 25 ... complete the Action phase normally and
    then add 1 to your score for each Location in your State. Do the same for the virtual player. ... If you have
    the same or fewer points you lose." """
    person = [Place("sample.outpost") for _ in range(9)] + [Place("sample.smelter", ruins=True)]
    state = action_phase(*person, deck=["sample.armory"], bot=["sample.library"] * 9, person_pts=23, bot_pts=24)
    state.deck = ["sample.outpost"]  # ammo: one of the nine Outposts goes
    last = steps(state)[-1]
    assert (
        isinstance(last, actions.Raze)
        and state.person[last.place].ruins
        and state.bot_pts == 26
        and state.end_triggered
    )
    state.person_passed = True
    state.turn = "bot"
    assert steps(state) == [actions.Pass(), actions.Cleanup()] and state.phase == "over"
    assert state.final == {"bot": 26 + 9, "person": 23 + 8}  # 8 of the person's 10 still stand (Ruins: 0, D7)


def test_an_empty_deck_is_reshuffled_as_a_step_of_its_own():
    """Base rule: "Reshuffle the discard pile when the draw pile is empty" — the bot says so, and the new order is
    part of the step, so the table can be laid as dealt."""
    state = SCENARIOS["reshuffle"]()
    got = steps(state)
    assert isinstance(got[0], actions.Reshuffle) and sorted(got[0].order) == ["sample.library", "sample.smelter"]
    assert got[1] == actions.Attack(got[0].order[0])


def test_a_tie_through_every_priority_is_the_persons_choice_with_final_tie_person():
    """Tie-breaker 7: "If two locations give exactly the same goods when razed, you can decide which is destroyed.
    or pick randomly." With ``final_tie=person`` the bot asks among the tied locations, and razes the one chosen."""
    state = SCENARIOS["12"]()  # nine Outposts tie against an Outpost attack
    options = BotOptions(final_tie="person")
    asked = steps(state, options=options)
    assert isinstance(asked[-1], actions.AskTarget) and len(asked[-1].places) == 9 and rules.to_move(state) == "person"
    rules.apply(state, actions.PersonAction("choose", place=4), random.Random(0), CARDS, options)
    assert steps(state, options=options)[0] == actions.Raze(4) and state.person[4].ruins and state.choosing == ()
