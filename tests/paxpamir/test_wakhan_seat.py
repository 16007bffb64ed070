"""The optional Wakhan seat in the rules engine (spec B1, B3, B5 draw, B12 ruling): set-up, pragmatic loyalty,
ruling under both printings, influence in every coalition, and her AI deck. Her choices are issue 7's."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engines.paxpamir import actions, rules
from engines.paxpamir.data import COALITIONS, Coalition, game_data
from engines.paxpamir.queries import influence, pragmatic_loyalty, ruler
from engines.paxpamir.setup import Market
from engines.paxpamir.state import Player, State, state_from_json
from tests.paxpamir.test_rules import cards_everywhere, play


def with_wakhan(*humans: Coalition, face: int = 1, printing: int = 1) -> State:
    """Wakhan in seat 0 (she plays first), the humans after her; her face card is ``face``."""
    players = [Player(None, wakhan=True), *(Player(c) for c in humans)]
    s = State(players, deck=[20, 21, 22, 23, 24], market=Market(), ai_discard=[face], wakhan_printing=printing)
    s.ai_deck = [n for n in range(1, 25) if n != face]
    rules.refresh_pragmatic_loyalty(s)
    return s


def test_set_up_counts_her_as_a_seat_and_she_takes_the_first_turn():
    rng = random.Random(3)
    s = rules.new_game(["british", None, "russian"], rng, wakhan=1)
    assert s.wakhan_seat == 1 and s.current == 1 and s.players[1].wakhan
    assert len(s.deck) + 12 == 6 * (5 + 3) + 4 + 6  # three seats' piles, four checks, six events; 12 in the market
    assert len(s.ai_deck) == 23 and s.ai_face is not None
    assert s.players[1].loyalty == pragmatic_loyalty(s) == "afghan"  # the only coalition no human holds
    assert s.players[1].rupees == 4 and s.cylinders_available(1) == 10


def test_set_up_refuses_a_bad_seat_or_printing():
    with pytest.raises(ValueError, match="Wakhan's seat 5"):
        rules.new_game(["british", None], random.Random(0), wakhan=5)
    with pytest.raises(ValueError, match="wakhan_printing must be 1 or 2"):
        rules.new_game(["british", None], random.Random(0), wakhan=1, wakhan_printing=3)
    with pytest.raises(ValueError, match="needs a loyalty"):
        rules.new_game([None, None], random.Random(0), wakhan=1)


@pytest.mark.parametrize(
    ("humans", "expected"),
    [
        (("russian",), "afghan"),
        (("russian", "afghan"), "british"),
        (("afghan", "afghan"), "russian"),
    ],
)
def test_pragmatic_loyalty_is_the_leftmost_coalition_on_her_card_no_human_holds(humans, expected):
    assert with_wakhan(*humans, face=1).players[0].loyalty == expected  # spec S3: face #1 is Rus > Afg > Bri


def test_pragmatic_loyalty_follows_a_human_changing_loyalty():
    s = with_wakhan("afghan", "afghan", face=1)
    assert s.players[0].loyalty == "russian"
    rules._change_loyalty(s, 2, "russian")  # spec S3: British once one turns Russian
    assert s.players[0].loyalty == "british"


@pytest.mark.parametrize(("printing", "expected"), [(1, None), (2, 0)])
def test_ruling_under_each_printing(printing, expected):
    """Spec S3: Kandahar with her tribe, 2 British armies and Russian A's 2 tribes."""
    s = with_wakhan("russian", face=1, printing=printing)
    assert s.players[0].loyalty == "afghan"
    s.tribes["kandahar"] = [0, 1, 1]
    s.armies["kandahar"] = {"british": 2}
    assert ruler(s, "kandahar") == expected


def test_she_keeps_patriots_of_any_coalition_and_never_changes_loyalty():
    s = with_wakhan("british", face=1)
    me = s.players[0]
    assert me.loyalty == "russian"
    harlan = 25  # Josiah Harlan: an Afghan patriot of Punjab with a tribe
    assert game_data().court[harlan].patriot == "afghan"
    me.court, me.hand, me.gifts = [3], [harlan], [2]  # #3 Prince Akbar Khan: Afghan patriot too
    play(s, actions.Play(harlan, "right"))
    assert me.loyalty == "russian" and me.court == [3, harlan] and me.gifts == [2]
    assert s.tribes["punjab"] == [0]


def test_her_influence_counts_in_every_coalition_and_she_scores_in_any_successful_check():
    s = with_wakhan("afghan", face=1)
    me = s.players[0]
    me.court, me.gifts = [3], [2]
    assert influence(s, 0, "afghan") == 1 + 1 + 1 and influence(s, 0, "russian") == 1 + 0 + 1
    s.deck = [102]  # not the final check
    s.armies["kabul"] = {"afghan": 4}
    rules._resolve_dominance_check(s)
    assert (me.vp, s.players[1].vp) == (5, 3)  # Afghan dominant: she leads the Afghan influence 3 to 1


def test_her_tribes_may_be_attacked_by_anyone():
    s = with_wakhan("british", face=1)
    assert not rules._shares_loyalty(s, 0, 1) and not rules._shares_loyalty(s, 1, 0)
    s.players[0].loyalty = "british"  # even if it were the same colour, no one shares it (spec B3)
    assert not rules._shares_loyalty(s, 0, 1)


def test_her_ai_deck_is_made_again_from_all_24_when_it_runs_out():
    rng = random.Random(8)
    s = with_wakhan("british", face=1)
    drawn = [rules.draw_ai_card(s, rng) for _ in range(22)]
    assert len(s.ai_deck) == 1 and sorted([*drawn, 1, *s.ai_deck]) == list(range(1, 25))
    last = rules.draw_ai_card(s, rng)
    assert len(s.ai_deck) == 23 and s.ai_discard == [last]  # the 24th drawn is shuffled in, and she draws again
    assert sorted(s.ai_deck + s.ai_discard) == list(range(1, 25))
    assert s.players[0].loyalty == pragmatic_loyalty(s)


def test_the_ai_cards_and_printing_survive_json():
    rng = random.Random(5)
    s = rules.new_game([None, "british"], rng, wakhan=0, wakhan_printing=2)
    for _ in range(40):
        rules.apply(s, rng.choice(list(rules.legal_actions(s))), rng, check=False)
    again = state_from_json(s.to_json())
    assert again.to_json() == s.to_json() and again.wakhan_seat == 0 and again.wakhan_printing == 2


@pytest.mark.slow
@pytest.mark.parametrize("humans", [1, 2])
def test_invariants_with_her_seat_played_by_random_legal_moves(humans: int):
    """Her own choices come with issue 7; here random legal moves stand in, to check the seat keeps the rules'
    invariants: every card in one place, rupees conserved, her AI deck whole, her loyalty never a human's."""
    everything = Counter(list(game_data().court) + list(game_data().events))
    for seed in range(150):
        rng = random.Random(seed)
        s = rules.new_game([None, *(rng.choice(COALITIONS) for _ in range(humans))], rng, wakhan=0)
        start = sum(p.rupees for p in s.players)
        while not s.over:
            rules.apply(s, rng.choice(list(rules.legal_actions(s))), rng, check=False)
            assert sum(p.rupees for p in s.players) + sum(map(sum, s.market.rupees)) == start + s.bank_in - s.bank_out
            assert cards_everywhere(s) == everything
            assert sorted(s.ai_deck + s.ai_discard) == list(range(1, 25))
            assert s.players[0].loyalty not in {p.loyalty for p in s.players[1:]}
        assert s.winner is not None


def test_radicalize_buys_and_plays_at_once_as_one_action():
    s = with_wakhan("british", face=1)
    s.market.cards[0][1] = 61  # Karakul Sheep (Herat)
    assert actions.Radicalize(0, 1) in rules.legal_actions(s)
    play(s, actions.Radicalize(0, 1))
    assert s.pending[-1].kind == "radicalize" and set(rules.legal_actions(s)) == {
        actions.Play(61, "left"),
        actions.Discard(61),
    }
    play(s, actions.Play(61, "left"))
    assert s.players[0].court == [61] and s.actions_used == 1 and s.players[0].rupees == 3


def test_radicalize_with_a_bribe_she_cannot_pay_discards_and_still_counts():
    s = with_wakhan("british", face=1)
    s.market.cards[0][0] = 61
    s.tribes["herat"] = [1, 1]  # the human rules Herat: a bribe of 2
    s.players[0].rupees = 1
    play(s, actions.Radicalize(0, 0))
    assert set(rules.legal_actions(s)) == {actions.Discard(61)}
    play(s, actions.Discard(61))
    assert 61 in s.discard and s.actions_used == 1 and not s.players[0].hand


def test_radicalize_with_a_bribe_waits_for_the_ruler_and_uses_no_second_action():
    s = with_wakhan("british", face=1)
    s.market.cards[0][0] = 61
    s.tribes["herat"] = [1]
    play(s, actions.Radicalize(0, 0))
    play(s, actions.Play(61, "left"))
    assert s.pending[-1].kind == "bribe" and s.pending[-1].seat == 1
    play(s, actions.Demand(1))
    assert s.players[0].court == [61] and s.actions_used == 1 and s.players[1].rupees == 5


def test_only_wakhan_radicalizes_and_never_a_dominance_check():
    s = with_wakhan("british", face=1)
    s.market.cards[0][0], s.market.cards[1][0] = 101, 61
    assert actions.Radicalize(0, 0) not in set(rules.legal_actions(s)) and actions.Purchase(0, 0) in set(
        rules.legal_actions(s)
    )
    assert "never radicalized" in rules.why_illegal(s, actions.Radicalize(0, 0))
    s.current = 1
    assert rules.why_illegal(s, actions.Radicalize(1, 0)) == "only Wakhan radicalizes"


def test_her_armies_move_without_roads():
    s = with_wakhan("british", face=1)
    s.armies["kabul"] = {"russian": 1, "british": 1}
    s.players[0].court = [2]  # Jan-Fishan Khan: move (rank 2)
    play(s, actions.UseCard(2, "move"))
    assert actions.MoveArmy("kabul", "punjab") in set(rules.legal_actions(s))


@pytest.mark.parametrize(("printing", "discards"), [(1, 2), (2, 0)])
def test_leverage_she_cannot_repay_costs_discards_only_under_the_first_printing(printing: int, discards: int):
    s = with_wakhan("british", face=1, printing=printing)
    s.players[0].court, s.players[0].rupees = [46, 1, 5], 0  # #46 Bank: leveraged
    rules._discard_court_card(s, 0, 46)
    assert [p.reason for p in s.pending] == ["leverage"] * discards


def test_three_humans_holding_every_coalition_leave_her_without_one():
    s = with_wakhan("british", "russian", "afghan", face=1)
    assert s.players[0].loyalty is None
    rng = random.Random(2)
    game = rules.new_game([None, "british", "russian", "afghan"], rng, wakhan=0)  # set-up does not fail
    assert game.players[0].loyalty is None and game.current == 0
