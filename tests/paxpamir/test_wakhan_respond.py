"""Wakhan's answers to the engine's choices (spec B8, B9 steps, B10, B11), each applied through the engine."""

from __future__ import annotations

import random

import pytest

from engines.paxpamir import actions, rules
from engines.paxpamir.state import Pending, State
from engines.paxpamir.wakhan.options import WakhanOptions
from engines.paxpamir.wakhan.respond import Responder, Unanswered
from tests.paxpamir.test_wakhan import wakhan_table

RNG = random.Random(0)


def answer(s: State, **options) -> str:
    """Her answer to the choice on top, applied; its reason."""
    decision = Responder(s, WakhanOptions(**options)).answer()
    rules.apply(s, decision.action, RNG)
    return str(decision.reason)


def test_s5_spies_go_where_she_does_not_lead_by_card_priority():
    s = wakhan_table("british")
    s.players[0].hand = [1]  # Mohan Lal: three spies, Kabul
    s.players[1].court = [8, 16]
    s.spies[8] = [1]
    rules.apply(s, actions.Play(1, "left"), RNG)
    reasons = [answer(s) for _ in range(3)]
    assert s.spies == {8: [1, 0, 0], 16: [0]}
    assert "B8 spies" in reasons[0] and "highest rank" in reasons[0]


def test_s6_roads_follow_the_region_priority_then_the_army():
    s = wakhan_table("afghan", face=14)
    assert s.players[0].loyalty == "russian"
    s.players[0].hand = [12]  # City of Ghazni: three roads and an army, Kabul
    rules.apply(s, actions.Play(12, "left"), RNG)
    reasons = []
    while s.pending:
        reasons.append(answer(s))
    assert s.roads == {b: {"russian": 1} for b in ("kabul_transcaspia", "kabul_punjab", "kabul_kandahar")}
    # borders by the names printed on the map, not the data's ids
    assert reasons[0].startswith("places road 1 of City of Ghazni (#12) on Kabul-Transcaspia: ")
    assert s.armies["kabul"] == {"russian": 1}


def test_s12_tax_takes_from_the_richest_player_first_then_the_market():
    s = wakhan_table("british", "russian")
    s.tribes["punjab"], s.tribes["kabul"] = [0], [0]
    s.players[1].court, s.players[1].rupees = [29, 12], 6  # a Punjab card; shelter 5
    s.players[2].court, s.players[2].rupees = [16], 4  # a Kabul card; shelter 0
    s.pending = [Pending("tax", 0, remaining=2)]
    answer(s)
    answer(s)
    assert (s.players[1].rupees, s.players[2].rupees, s.players[0].rupees) == (5, 3, 6)


def test_s12_variant_the_market_by_column_then_red_row():
    s = wakhan_table("british", face=2, back=1)  # red arrow: top
    s.market.rupees[1][0], s.market.rupees[0][1] = 1, 2
    s.pending = [Pending("tax", 0, remaining=2)]
    answer(s)
    answer(s)
    assert s.market.rupees == [[0, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]]


def test_build_goes_to_the_first_ruled_region_on_the_priority():
    s = wakhan_table("british", face=14, rupees=4)  # Kabul > Transcaspia > ...; pragmatic Afghan
    s.tribes["transcaspia"], s.tribes["kabul"] = [0], [0]
    s.pending = [Pending("build", 0, remaining=3)]
    reasons = [answer(s), answer(s)]
    assert s.armies["kabul"] == {"afghan": 2} and s.players[0].rupees == 0 and not s.pending
    assert reasons[0].startswith("builds an army in Kabul, the first region on her priority list that she rules")


def test_s13_battle_removes_tribes_first_red_arrow_seat_first():
    s = wakhan_table("british", "russian", face=5, back=2)  # red: bottom, the seat after hers (A)
    assert s.players[0].loyalty == "afghan"
    s.armies["kandahar"] = {"afghan": 2, "british": 1}
    s.tribes["kandahar"] = [2, 1]
    s.roads["kandahar_punjab"] = {"russian": 1}
    s.pending = [Pending("battle", 0, region="kandahar", remaining=2)]
    answer(s)
    assert s.tribes["kandahar"] == [2]  # A's tribe first
    answer(s)
    assert s.tribes["kandahar"] == [] and s.armies["kandahar"] == {"afghan": 2, "british": 1}


def test_she_never_waives_a_bribe_and_always_keeps_a_prize():
    s = wakhan_table("british")
    s.pending = [Pending("bribe", 0, remaining=2, target=1, action=actions.Play(30, "left"))]
    s.players[1].hand = [30]
    assert "never waives" in answer(s)
    assert s.players[0].rupees == 6 and 30 in s.players[1].court
    s.pending = [Pending("prize", 0, card=96)]  # a British prize; she is (pragmatic) Russian
    s.discard = [96]
    assert "always" in answer(s)
    assert s.players[0].prizes == [96] and s.players[0].loyalty == "russian" and not s.discard


def test_event_choices_suit_seat_and_rebuke():
    s = wakhan_table("british", "russian", face=14, back=1)
    s.favored = "economic"
    s.pending = [Pending("suit", 0, event="x")]
    assert Responder(s).answer().action == actions.ChooseSuit("economic")
    s.pending = [Pending("seat", 0, event="x")]
    assert Responder(s).answer().action == actions.ChooseSeat(
        2
    )  # face #14's red arrow on #1's back: top, the seat before
    s.tribes["persia"] = [2]  # Kabul > Transcaspia > Persia: the first with another seat's piece
    s.pending = [Pending("region", 0, event="rebuke")]
    assert Responder(s).answer().action == actions.ChooseRegion("persia")
    assert Responder(s, WakhanOptions(rebuke_first_region=True)).answer().action == actions.ChooseRegion("kabul")


def test_component_limits_take_back_a_tribe_by_region_priority_else_a_spy():
    s = wakhan_table("british", face=14)  # Kabul > Transcaspia > ...
    s.tribes["herat"], s.tribes["transcaspia"] = [0] * 5, [0] * 4
    s.players[1].court = [16]
    s.spies[16] = [0]  # all ten of her cylinders in play
    s.pending = [Pending("reclaim", 0, reason="cylinder", action=actions.PlaceSpy(16))]
    assert "tribe from transcaspia" in answer(s)
    assert s.tribes["transcaspia"] == [0] * 3 and s.spies[16] == [0, 0]


def test_cleanup_discards_by_b11():
    s = wakhan_table("british")
    s.players[0].court = [5, 32, 46, 98, 1]
    s.pending = [Pending("discard", 0, reason="court")]
    why = answer(s)  # not political (#5), not a patriot (#32), not leveraged (#46); #98 and #1 tie down to the number
    assert "B11 priority 8 (lowest number)" in why and s.players[0].court == [5, 32, 46, 98]


def test_no_choice_of_hers_or_one_she_does_not_know():
    s = wakhan_table("british")
    with pytest.raises(ValueError, match="no choice of Wakhan's"):
        Responder(s).answer()
    s.pending = [Pending("move", 0, remaining=1)]
    assert Responder(s).answer().action == actions.Stop()  # no army of hers to move
    s.pending = [Pending("ouija", 0)]
    with pytest.raises(Unanswered, match="'ouija'"):
        Responder(s).answer()


def test_cards_she_receives_are_played_at_once_in_card_priority_order():
    s = wakhan_table("british", face=12, back=1)  # red arrow: bottom, the right end
    s.players[0].hand = [30]
    s.players[1].hand = [61, 5]  # Karakul Sheep (Herat), Shah Shujah Durrani (Kabul, political)
    s.tribes["herat"] = [1, 1]  # the human rules Herat: #61 would cost a bribe of 2
    s.players[0].rupees = 1
    s.pending = [Pending("seat", 0, event="other_persuasive_methods")]
    reasons = [answer(s) for _ in range(3)]
    assert s.players[1].hand == [30] and s.players[0].hand == [] and not s.pending
    assert s.players[0].court == [5] and 61 in s.discard  # political first (favored); #61's bribe is too dear
    assert "received" in reasons[1] and "discards Karakul Sheep (#61)" in reasons[2]  # named as the market names it


def test_cards_swapped_into_her_hand_by_a_person_are_played_at_once():
    """Spec B10: "Cards she receives are played at once in §B4 order (bribe paid, or else discarded)." Other
    Persuasive Methods played by the person against her ("The purchaser swaps hands with a player of their choice")
    fills her hand in the person's turn; she plays the cards there and then, using none of the person's actions."""
    s = wakhan_table("british", face=12, back=1)
    s.current = 1
    s.players[0].hand = []
    s.players[1].hand = [5]  # Shah Shujah Durrani (Kabul, political)
    s.pending = [Pending("seat", 1, event="other_persuasive_methods")]
    rules.apply(s, actions.ChooseSeat(0), RNG)
    assert s.pending and s.pending[-1].kind == "receive" and s.pending[-1].seat == 0
    assert "received" in answer(s)
    assert s.players[0].court == [5] and s.players[0].hand == [] and s.players[1].hand == []
    assert s.current == 1 and s.actions_used == 0


def test_move_counts_every_tribe_in_a_region_where_another_seat_has_one():
    """Seed text: "Wakhan will try to move her armies to adjacent regions where other players have tribes ... She
    will seek to have only as many armies as there are tribes in that region." Every tribe there counts, hers too
    (default ``move_count_all_tribes=True``); the option's other reading counts other seats' tribes only. A region
    with her tribes alone draws no army."""
    from engines.paxpamir.wakhan.respond import move_step
    from tests.paxpamir import scenarios

    s = scenarios.s14()  # her Russian armies in Transcaspia; Kabul next door
    s.tribes["kabul"], s.armies["kabul"] = [1, 0], {"russian": 1}
    assert move_step(s, 0, WakhanOptions()) == actions.MoveArmy("transcaspia", "kabul")  # 2 tribes > 1 army
    assert move_step(s, 0, WakhanOptions(move_count_all_tribes=False)) is None  # 1 tribe of others, 1 army
    s.tribes["kabul"], s.armies["kabul"] = [0, 0], {}
    assert move_step(s, 0, WakhanOptions()) is None  # no other player's tribe there


def test_she_always_uses_safe_house():
    s = wakhan_table("british")
    s.pending = [Pending("safe_house", 0, card=41)]
    assert "always" in answer(s) and s.spies == {41: [0]}
