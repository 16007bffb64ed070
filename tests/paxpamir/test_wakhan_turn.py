"""Wakhan's whole turn (spec B5): the spec's turn scenarios (B15 S1, S2, S7, S11, S14), and games against
random players with the engine's invariants checked throughout."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter

import pytest

from engines.paxpamir import actions, rules
from engines.paxpamir.data import COALITIONS, game_data
from engines.paxpamir.wakhan.options import WakhanOptions
from engines.paxpamir.wakhan.turn import Wakhan, WakhanTurn, play_turn
from tests.paxpamir import scenarios
from tests.paxpamir.test_rules import cards_everywhere
from tests.paxpamir.test_wakhan import DC, wakhan_table


def actions_of(decisions) -> list[actions.Action]:
    return [d.action for d in decisions]


def test_s1_move_and_betray_skip_then_she_radicalizes_with_a_road_by_priority():
    s = scenarios.s1()
    decisions = play_turn(s, random.Random(0))
    assert actions_of(decisions)[:3] == [
        actions.Radicalize(1, 1),
        actions.Play(9, "left"),
        actions.PlaceRoad("kabul_kandahar"),
    ]
    assert s.market.rupees[1][0] == 1 and s.players[0].court == [9] and s.roads["kabul_kandahar"] == {"afghan": 1}
    assert "line 3 (radicalize)" in str(decisions[0].reason) and s.current == 1


def test_s2_two_radicalizes_the_second_along_the_other_row():
    s = scenarios.s2()
    decisions = play_turn(s, random.Random(0))
    buys = [d.action for d in decisions if isinstance(d.action, actions.Radicalize)]
    assert buys == [actions.Radicalize(0, 3), actions.Radicalize(1, 0)]
    assert s.players[0].court == [57, 18]  # #18 at the left (red: top), then #57 at the left
    assert rules.ruler(s, "herat") == 0 and 18 in s.spies


def test_s7_ambition_buys_the_dominance_check_when_she_would_score_most():
    s = wakhan_table("british", rupees=3, market={"T2": DC, "T0": 30, "T1": 31})
    s.deck = [102, 20, 21]  # not the final check
    s.tribes["kabul"] = [0] * 6 + [1] * 4
    decision = WakhanTurn(s).next(s)
    assert decision is not None and decision.action == actions.Purchase(0, 2) and "Ambition" in str(decision.reason)
    rules.apply(s, decision.action, random.Random(0))
    assert (s.players[0].vp, s.players[1].vp) == (3, 1) and s.actions_used == 1


@pytest.mark.parametrize(("printing", "buys"), [(1, False), (2, True)])
def test_s7_variant_a_final_check_that_ties_her_buys_only_under_the_second_printing(printing, buys):
    s = scenarios.s7_final(printing)
    decision = WakhanTurn(s, WakhanOptions(printing=printing)).next(s)
    assert decision is not None and (decision.action == actions.Purchase(0, 2)) is buys


def test_s11_a_bonus_tax_then_betray_then_radicalize():
    s = scenarios.s11()
    decisions = play_turn(s, random.Random(0))
    acts = actions_of(decisions)
    assert acts[:3] == [actions.UseCard(61, "tax"), actions.TakeRupee(seat=1), actions.TakeRupee(seat=1)]
    assert acts[3] == actions.UseCard(16, "betray", target=13) and acts[4] == actions.KeepPrize(True)
    assert isinstance(acts[5], actions.Radicalize)
    assert not any("bonus phase" in str(d.reason) for d in decisions)
    assert s.players[0].prizes == [13] and s.players[1].rupees == 3


def test_s14_both_move_steps_go_transcaspia_to_kabul():
    s = scenarios.s14()
    assert s.players[0].loyalty == "russian"
    decisions = play_turn(s, random.Random(0))
    moves = [d.action for d in decisions if isinstance(d.action, actions.MoveArmy)]
    assert moves == [actions.MoveArmy("transcaspia", "kabul")] * 2
    assert rules.ruler(s, "transcaspia") == 0 and rules.ruler(s, "kabul") is None


def test_a_turn_pauses_for_a_human_bribe_and_goes_on():
    s = scenarios.human_bribe()
    bot = Wakhan()
    rng = random.Random(0)
    while (decision := bot.next(s)) is not None:
        rules.apply(s, decision.action, rng)
    assert s.pending[-1].kind == "bribe" and s.pending[-1].seat == 1
    rules.apply(s, actions.Demand(1), rng)
    while (decision := bot.next(s)) is not None:
        rules.apply(s, decision.action, rng)
    assert 57 in s.players[0].court and s.players[1].rupees == 5 and s.current == 1


@pytest.mark.slow
@pytest.mark.parametrize("humans", [1, 2])
def test_games_against_random_players_keep_the_invariants(humans: int):
    everything = Counter(list(game_data().court) + list(game_data().events))
    wins = 0
    for seed in range(100):
        rng = random.Random(seed)
        s = rules.new_game([None, *(rng.choice(COALITIONS) for _ in range(humans))], rng, wakhan=0)
        start = sum(p.rupees for p in s.players)
        bot = Wakhan()
        while not s.over:
            decision = bot.next(s)
            if decision is not None:
                assert decision.action in set(rules.legal_actions(s)), decision
                assert decision.reason.rule and decision.reason.text
                rules.apply(s, decision.action, rng, check=False)
            else:
                rules.apply(s, rng.choice(list(rules.legal_actions(s))), rng, check=False)
            assert sum(p.rupees for p in s.players) + sum(map(sum, s.market.rupees)) == start + s.bank_in - s.bank_out
            assert cards_everywhere(s) == everything
        wins += s.winner == 0
    assert wins > 50  # she beats random players


def test_i3_ambition_on_a_tie_when_asked():
    s = wakhan_table("british", "russian", rupees=3, market={"T2": DC, "T0": 30, "T1": 31})
    s.deck = [20, 21]
    s.tribes["kabul"] = [0] * 5 + [1] * 5 + [2] * 2
    decision = WakhanTurn(s, WakhanOptions(ambition_on_tie=True)).next(s)
    assert decision is not None and decision.action == actions.Purchase(0, 2)


def test_i8_tax_by_taxable_rupees():
    from engines.paxpamir.state import Pending
    from engines.paxpamir.wakhan.respond import Responder

    s = wakhan_table("british", "russian")
    s.tribes["punjab"], s.tribes["kabul"] = [0], [0]
    s.players[1].court, s.players[1].rupees = [29, 12], 6  # 1 above the shelter
    s.players[2].court, s.players[2].rupees = [16], 4  # 4 above it
    s.pending = [Pending("tax", 0, remaining=2)]
    assert Responder(s).answer().action == actions.TakeRupee(seat=1)
    assert Responder(s, WakhanOptions(tax_by="taxable")).answer().action == actions.TakeRupee(seat=2)


def test_i10_and_i11_the_skip_limit_and_the_bonus_cards():
    def s1():
        s = wakhan_table("british", face=12, back=1, market={"B1": 9, "B0": 30})
        s.players[0].court = [61]  # an unused Herat tax card, not favored
        return s

    assert not any(
        isinstance(a, actions.Radicalize)
        for a in actions_of(play_turn(s1(), random.Random(0), WakhanOptions(max_skips=1)))
    )
    default = actions_of(play_turn(s1(), random.Random(0)))
    assert actions.UseCard(61, "tax") not in default
    anyway = play_turn(s1(), random.Random(0), WakhanOptions(bonus_cards="any"))
    bonus = [d for d in anyway if d.action == actions.UseCard(61, "tax")]
    assert bonus and "bonus phase" in str(bonus[0].reason)


@pytest.mark.parametrize(("bodyguards", "target"), [(False, 44), (True, 96)])
def test_s4_betray_picks_by_card_priority_and_respects_bodyguards(bodyguards: bool, target: int):
    s = wakhan_table("british", face=8, back=1)
    s.players[0].court = [5, 16]  # #16 Bala Hissar can betray
    s.players[1].court = [96, 44] + ([83] if bodyguards else [])
    s.players[1].rupees = 0  # line 1 Tax SKIPs (#5's Claim of Ancient Lineage would tax A anywhere)
    s.spies = {96: [0], 44: [0], 5: [0]}
    turn = WakhanTurn(s)
    decision = turn.next(s)
    assert decision is not None and decision.action == actions.UseCard(16, "betray", target=target), decision
    rules.apply(s, decision.action, random.Random(0))
    rules.apply(s, turn.next(s).action, random.Random(0))  # type: ignore[union-attr]
    assert s.players[0].prizes == [target] and s.players[0].rupees == 2


def test_s13_battle_in_the_first_region_with_her_army_and_a_target_red_arrow_seat_first():
    s = scenarios.s13()
    assert s.players[0].loyalty == "afghan" and game_data().ai_cards[5].actions[1] == "battle"
    decisions = play_turn(s, random.Random(0))
    acts = actions_of(decisions)
    assert acts[:3] == [
        actions.UseCard(59, "battle", region="kandahar"),
        actions.Remove("tribe", seat=1),
        actions.Remove("tribe", seat=2),
    ]
    assert "line 2 (battle)" in str(decisions[0].reason)


def test_selfplay_command_with_wakhan_against_both_baselines():
    import json

    from tests.test_cli import automa

    result = automa(
        "selfplay", "paxpamir", "--wakhan", "--players", "2", "--games", "4", "--seed", "1", "--playouts", "5", "--json"
    )
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["errors"] == 0 and set(summary["by_opponent"]) == {"random", "greedy", "search"}
    for run in summary["by_opponent"].values():
        assert run["wakhan"] and sum(run["wins_by_seat"].values()) == 4 and run["wakhan_ms_per_turn"]["mean"] > 0
    refused = automa("selfplay", "paxpamir", "--wakhan", "--players", "2", "--games", "1", "--opponent", "clever")
    assert refused.returncode == 2 and "unknown --opponent clever" in refused.stderr


def test_the_greedy_baseline_beats_random_play():
    from engines.paxpamir.baselines import greedy_policy, random_policy, to_move

    wins = 0
    for seed in range(20):
        rng = random.Random(seed)
        s = rules.new_game(["british", "russian"], rng)
        while not s.over:
            policy = greedy_policy if to_move(s) == 0 else random_policy
            rules.apply(s, policy(s, rng), rng)
        wins += s.winner == 0
    assert wins >= 14  # it is a baseline worth measuring against, not a second random player


def test_a_region_whose_only_target_is_a_citadel_tribe_is_no_battle_region_for_her():
    """Seed text: her actions follow "the same restrictions as those taken by players"; the Ark of Bukhara (#97,
    Citadel Transcaspia) protects its owner's tribes there from battle. Transcaspia, first on her region priority
    with her armies, holds only such a tribe and a Russian army (a coalition no person holds, which she leaves
    alone, I9), so it has nothing she would remove: she battles in Kabul, the next region with a target."""
    s = wakhan_table("british", face=5, back=2)
    assert s.players[0].loyalty == "afghan"
    s.players[0].court = [59]  # Tajik Warband: battle, rank 2
    s.players[1].court = [97]
    s.armies["transcaspia"], s.tribes["transcaspia"] = {"afghan": 2, "russian": 1}, [1]
    s.armies["kabul"], s.tribes["kabul"] = {"afghan": 1}, [1, 1]
    decisions = play_turn(s, random.Random(0))
    assert actions_of(decisions)[:2] == [actions.UseCard(59, "battle", region="kabul"), actions.Remove("tribe", seat=1)]
    assert s.tribes["transcaspia"] == [1] and s.tribes["kabul"] == [1]


def test_her_reasons_name_cards_and_card_lines_in_words():
    """A player reads "spy on Dost Mohammad (#7)", not "spy on #7", and her AI card's lines without the data's
    underscores (one unbroken id once made the page wider than a phone)."""
    from engines.paxpamir.selfplay import wakhan_turn_starts

    texts = []
    for state in itertools.islice(wakhan_turn_starts(2, 0), 40):
        for decision in play_turn(state, random.Random(1), WakhanOptions()):
            texts += [decision.reason.rule, decision.reason.text]
    assert texts and not [t for t in texts if "_" in t]
    # a card by its name, its number beside it; the AI cards and a card seen face down by their numbers
    assert not [t for t in texts[1::2] if re.search(r"(?<!AI card )(?<!back of )(?<!\()#\d", t)]
