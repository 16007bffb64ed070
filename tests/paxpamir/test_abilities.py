"""The special abilities and hostages: each as a situation and its outcome."""

from __future__ import annotations

import random

import pytest

from engines.paxpamir import actions, rules
from engines.paxpamir.data import game_data
from tests.paxpamir.test_rules import legal, play, table

RNG = random.Random(0)


def test_savvy_operator_and_irregulars_are_always_favored():
    s = table("russian", "british")
    s.players[0].court = [91, 99]
    s.actions_used = 2
    assert {a.card for a in legal(s) if isinstance(a, actions.UseCard)} <= {91, 99}
    assert rules.is_favored(s, 0, 91) and rules.is_favored(s, 0, 99)


def test_influence_abilities_make_cards_free():
    s = table("british", market={(0, 3): 55, (0, 4): 30, (0, 0): 1})
    s.players[0].court = [66]  # Herat Influence
    s.players[0].rupees = 0
    assert actions.Purchase(0, 3) in legal(s) and actions.Purchase(0, 4) not in legal(s)
    play(s, actions.Purchase(0, 3))
    assert s.players[0].hand == [55] and s.market.rupees[0][0] == 0  # free: nothing placed to its left


def test_claim_of_ancient_lineage_taxes_as_if_ruling_everywhere():
    s = table("afghan", "british")
    s.players[0].court = [5, 54]  # Claim of Ancient Lineage; #54 taxes
    s.players[1].court = [30]  # a Punjab card; nobody rules Punjab
    assert actions.UseCard(54, "tax") in legal(s)
    play(s, actions.UseCard(54, "tax"))
    assert actions.TakeRupee(seat=1) in legal(s)


def test_bodyguards_protect_political_cards_from_betrayal():
    s = table("british", "russian")
    s.players[0].court = [24]  # betray
    s.players[1].court = [15, 44, 16]  # Bodyguards; #44 political; #16 military
    s.spies = {44: [0], 16: [0]}
    targets = {a.target for a in legal(s) if isinstance(a, actions.UseCard) and a.action == "betray"}
    assert game_data().court[44].suit == "political" and targets == {16}


def test_citadel_and_indispensable_advisors_are_immune():
    s = table("british", "russian")
    s.armies["kabul"] = {"british": 2}
    s.tribes["kabul"] = [1]
    s.players[1].court = [17, 1]  # Citadel (Kabul), Mohan Lal (Indispensable Advisors)
    s.players[0].court = [3, 43]  # battles
    s.spies = {1: [0, 1]}
    battles = [a for a in legal(s) if isinstance(a, actions.UseCard) and a.action == "battle"]
    assert not [a for a in battles if a.region == "kabul"]  # its only enemy piece is a Citadel tribe
    assert not [a for a in battles if a.target == 1]  # Mohan Lal's owner's spies cannot be removed


def test_spy_moves_with_strange_bedfellows_and_well_connected():
    s = table("british", "russian")
    s.players[0].court = [21]  # Strange Bedfellows
    s.players[1].court = [30, 60, 70, 80, 25]  # #30, #25 Punjab like #21
    s.spies = {21: [0]}
    reach = rules.spy_destinations(s, 0, 21)
    assert reach == {80, 30, 25} or {30, 25} <= reach
    s.players[0].court = [56, 21]  # Well-Connected (+ the Bedfellows card)
    s.players[1].court = [30, 60, 70]
    s.spies = {70: [0]}
    assert rules.spy_destinations(s, 0, 70) >= {60, 30, 56}


def test_indian_supplies_moves_armies_without_roads():
    s = table("british")
    s.armies["kandahar"] = {"british": 1}
    s.players[0].court = [51, 1]  # Indian Supplies; #1 moves
    play(s, actions.UseCard(1, "move"))
    assert actions.MoveArmy("kandahar", "punjab") in legal(s)


def test_infrastructure_adds_a_free_block_after_building():
    s = table("british")
    s.tribes["persia"] = [0]
    s.players[0].court = [78]  # Civic Improvements: build, Infrastructure
    s.players[0].rupees = 2
    play(s, actions.UseCard(78, "build"))
    play(s, actions.BuildArmy("persia"))
    assert s.pending and s.pending[-1].reason == "infrastructure"
    play(s, actions.BuildArmy("persia"))
    assert s.armies["persia"] == {"british": 2} and s.players[0].rupees == 0


def test_nation_building_places_two_blocks_for_each_one_paid():
    """Nation Building (events.json #112, if purchased): "The purchaser's build actions place twice as many
    blocks." Each block paid for (2 rupees) brings a second one: 6 rupees build 6 blocks, not 3."""
    s = table("british")
    s.tribes["persia"] = [0]
    s.players[0].court = [78]  # Civic Improvements: build (and Infrastructure: one more free block at the end)
    s.players[0].rupees = 6
    s.lasting["nation_building"] = 0
    play(s, actions.UseCard(78, "build"))
    while s.pending and s.pending[-1].kind == "build" and actions.BuildArmy("persia") in legal(s):
        play(s, actions.BuildArmy("persia"))
    assert s.players[0].rupees == 0
    assert s.armies["persia"] == {"british": 3 * 2 + 1}  # three paid, three free twins, one for Infrastructure


def test_charismatic_courtiers_pay_no_bribes():
    s = table("british", "russian")
    s.tribes["kabul"] = [1, 1]
    s.players[0].court = [42]
    s.players[0].hand = [9]
    play(s, actions.Play(9, "right"))
    assert not s.pending or s.pending[-1].kind != "bribe"
    assert s.players[0].rupees == 4 and s.players[1].rupees == 4 and 9 in s.players[0].court


@pytest.mark.parametrize(("hide", "spies"), [(True, {30: [0], 41: [1]}), (False, {30: [0]})])
def test_safe_house_may_keep_a_spy_that_would_be_removed(hide: bool, spies: dict[int, list[int]]):
    s = table("british", "russian")
    s.players[0].court = [43]  # battle (rank 1)
    s.players[1].court = [41, 30]  # Safe House
    s.spies = {30: [0, 1]}
    play(s, actions.UseCard(43, "battle", target=30))
    play(s, actions.Remove("spy", seat=1))
    assert s.pending[-1].kind == "safe_house" and s.pending[-1].seat == 1  # the owner chooses
    assert set(legal(s)) == {actions.Hide(True), actions.Hide(False)}
    play(s, actions.Hide(hide))
    assert s.spies == spies


def test_blackmail_places_a_spy_at_the_start_of_the_turn():
    s = table("british", "russian")
    s.players[1].court = [54]  # Blackmail (Herat)
    s.players[0].court = [60]  # a Herat card without a spy
    play(s, actions.EndTurn())
    assert s.current == 1 and s.pending[-1].kind == "blackmail"
    assert set(legal(s)) == {actions.Stop(), actions.PlaceSpy(54), actions.PlaceSpy(60)}
    play(s, actions.PlaceSpy(60))
    assert s.spies == {60: [1]}


def test_insurrection_adds_afghan_armies_after_a_check():
    s = table("british", "russian", market={(0, 0): 101}, deck=[102])
    s.players[1].court = [3]
    s.armies["punjab"] = {"british": 1}
    play(s, actions.Purchase(0, 0))
    assert s.armies["kabul"] == {"afghan": 2}


def test_courtly_manners_also_declines_a_hostage_payment():
    """Courtly Manners (events.json, if purchased): "The purchaser may decline to pay bribes." The rulebook calls
    the payment for a card held hostage a bribe too, so the purchaser uses the card without paying the holder."""
    s = table("british", "russian")
    s.players[0].court = [54]  # tax
    s.spies = {54: [1, 1]}  # held hostage by seat 1
    s.players[1].court = [30]
    s.tribes["punjab"] = [0]
    s.lasting["courtly_manners"] = 0
    play(s, actions.UseCard(54, "tax"))
    assert s.pending[-1].kind == "tax"  # no ransom asked
    assert (s.players[0].rupees, s.players[1].rupees) == (4, 4)


def test_hostages_cost_the_owner_a_rupee_per_spy_to_the_holder():
    s = table("british", "russian")
    s.players[0].court = [54]  # tax
    s.spies = {54: [1, 1]}
    s.players[1].court = [30]
    s.tribes["punjab"] = [0]
    play(s, actions.UseCard(54, "tax"))
    assert s.pending[-1].kind == "ransom" and s.pending[-1].seat == 1
    play(s, actions.Demand(2))
    assert (s.players[0].rupees, s.players[1].rupees) == (2, 6) and s.pending[-1].kind == "tax"
    s2 = table("british", "russian")
    s2.players[0].court = [54, 24]  # ...unless Civil Service Reforms
    s2.spies = {54: [1, 1]}
    s2.players[1].court = [30]
    s2.tribes["punjab"] = [0]
    play(s2, actions.UseCard(54, "tax"))
    assert (s2.players[0].rupees, s2.players[1].rupees) == (4, 4)
    s3 = table("british", "russian")
    s3.players[0].court = [54]
    s3.players[0].rupees = 1
    s3.spies = {54: [1, 1]}
    assert actions.UseCard(54, "tax") not in legal(s3)  # the owner cannot pay the holder
