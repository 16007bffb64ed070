"""Pax Pamir rules: purchases, plays, card actions, cleanup and dominance checks, as situations and outcomes;
then invariants over many random games."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engines.paxpamir import actions as paxpamir_actions
from engines.paxpamir import rules
from engines.paxpamir.data import COALITIONS, game_data
from engines.paxpamir.queries import court_limit, hand_limit, ruler
from engines.paxpamir.setup import DOMINANCE_CHECKS, Market
from engines.paxpamir.state import Player, State

RNG = random.Random(0)


def table(*loyalties, market: dict[tuple[int, int], int] | None = None, deck: list[int] | None = None) -> State:
    m = Market()
    for (row, col), card in (market or {}).items():
        m.cards[row][col] = card
    return State([Player(loyalty) for loyalty in loyalties], deck=list(deck or [20, 21, 22, 23, 24, 25]), market=m)


def play(state: State, action: paxpamir_actions.Action) -> State:
    rules.apply(state, action, RNG)
    return state


def legal(state: State) -> list[paxpamir_actions.Action]:
    return list(rules.legal_actions(state))


def test_a_purchase_pays_one_rupee_on_each_card_to_its_left_and_takes_the_cards_rupees():
    s = table("british", "russian", market={(0, 0): 30, (0, 1): 31, (1, 2): 32, (0, 3): 33})
    s.market.rupees[0][3] = 2
    play(s, paxpamir_actions.Purchase(0, 3))
    assert s.players[0].hand == [33] and s.players[0].rupees == 4 - 3 + 2
    # column 0 and 1: the top-row cards; column 2: its top slot is empty, so the bottom card gets the rupee
    assert s.market.rupees == [[1, 1, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0]]
    assert paxpamir_actions.Purchase(0, 0) not in legal(s)  # it holds your rupee from this turn
    assert s.actions_used == 1


def test_purchase_costs_double_while_military_is_favored_and_lost_rupees_leave():
    s = table("british", market={(0, 2): 33})
    s.favored = "military"
    play(s, paxpamir_actions.Purchase(0, 2))
    assert s.players[0].rupees == 0 and s.bank_out == 4  # no card to the left: both columns' rupees leave


def test_a_play_pays_the_bribe_and_a_foreign_patriot_changes_loyalty():
    s = table("russian", "british")
    s.tribes["kabul"] = [1, 1]  # British player rules Kabul with 2 tribes
    s.players[0].hand = [3]  # Prince Akbar Khan: Afghan patriot of Kabul
    s.players[0].court = [7, 89]  # #89 is a Russian patriot: it goes; #7 (no patriot) stays
    s.players[0].gifts = [2]
    s.players[0].prizes = [44]
    play(s, paxpamir_actions.Play(3, "left"))
    assert s.pending[-1].kind == "bribe" and s.pending[-1].seat == 1  # the ruler decides what to ask
    assert set(legal(s)) == {paxpamir_actions.Demand(0), paxpamir_actions.Demand(1), paxpamir_actions.Demand(2)}
    play(s, paxpamir_actions.Demand(2))
    assert s.players[0].rupees == 2 and s.players[1].rupees == 6
    assert s.players[0].loyalty == "afghan" and s.players[0].gifts == [] and s.players[0].prizes == []
    assert s.players[0].court == [3, 7] and 89 in s.discard
    # its icons: spy, spy (choices, Kabul cards only), army, military suit
    assert s.pending[-1].kind == "icons" and set(legal(s)) == {
        paxpamir_actions.PlaceSpy(3),
        paxpamir_actions.PlaceSpy(7),
    }
    play(s, paxpamir_actions.PlaceSpy(3))
    play(s, paxpamir_actions.PlaceSpy(3))
    assert s.spies[3] == [0, 0] and s.armies["kabul"] == {"afghan": 1} and s.favored == "military"


def test_a_bribe_may_be_waived_and_an_unpaid_one_voids_the_play():
    s = table("russian", "british")
    s.tribes["kabul"] = [1] * 5
    s.players[0].hand = [5]
    play(s, paxpamir_actions.Play(5, "left"))
    play(s, paxpamir_actions.Demand(5))  # more than the 4 rupees the player has: the play is void
    assert s.players[0].hand == [5] and s.actions_used == 0 and s.players[0].rupees == 4
    play(s, paxpamir_actions.Play(5, "left"))
    play(s, paxpamir_actions.Demand(0))  # waived
    assert s.players[0].court == [5] and s.actions_used == 1 and s.players[1].rupees == 4


def test_roads_go_on_a_border_of_the_cards_region():
    s = table("british")
    card = next(c for c in game_data().court.values() if c.impact_icons[:1] == ("road",))
    s.players[0].hand = [card.number]
    play(s, paxpamir_actions.Play(card.number, "left"))
    borders = {a.border for a in legal(s)}
    assert borders == {b for b in (m.id for m in game_data().map.borders) if card.region in b.split("_")}


def test_tax_takes_from_the_market_and_from_players_above_their_shelter():
    s = table("british", "russian", market={(0, 4): 40})
    s.market.rupees[0][4] = 1
    s.tribes["kabul"] = [0]
    s.players[0].court = [29]  # a Punjab card... and we rule Kabul
    s.players[1].court = [1]  # Kabul card: taxable
    s.players[1].rupees = 3
    tax_card = next(c.number for c in game_data().court.values() if "tax" in c.actions and c.rank >= 2)
    s.players[0].court.append(tax_card)
    play(s, paxpamir_actions.UseCard(tax_card, "tax"))
    assert set(legal(s)) == {
        paxpamir_actions.Stop(),
        paxpamir_actions.TakeRupee(row=0, column=4),
        paxpamir_actions.TakeRupee(seat=1),
    }
    play(s, paxpamir_actions.TakeRupee(seat=1))
    play(s, paxpamir_actions.TakeRupee(row=0, column=4))
    assert s.players[0].rupees == 6 and s.players[1].rupees == 2 and s.market.rupees[0][4] == 0


def test_battle_removes_pieces_up_to_your_armies_and_overthrows():
    s = table("british", "russian")
    s.armies["herat"] = {"british": 1}
    s.tribes["herat"] = [1]
    s.players[1].court = [55]  # a Herat card of the Russian player
    battle_card = next(c.number for c in game_data().court.values() if "battle" in c.actions and c.rank >= 2)
    s.players[0].court = [battle_card]
    play(s, paxpamir_actions.UseCard(battle_card, "battle", region="herat"))
    assert s.pending[-1].remaining == 1  # min(rank, 1 army)
    play(s, paxpamir_actions.Remove("tribe", seat=1))
    assert s.tribes["herat"] == []
    if game_data().court[55].suit == "political":
        assert 55 not in s.players[1].court  # overthrown: no tribe left there


def test_betray_discards_and_a_foreign_prize_changes_loyalty():
    s = table("british", "russian")
    betray_card = next(c.number for c in game_data().court.values() if "betray" in c.actions)
    s.players[0].court = [betray_card]
    s.players[1].court = [44]  # a card with a Russian prize
    s.spies[44] = [0]
    play(s, paxpamir_actions.UseCard(betray_card, "betray", target=44))
    assert 44 not in s.players[1].court and s.players[0].rupees == 2 and 44 not in s.spies
    play(s, paxpamir_actions.KeepPrize(True))
    assert s.players[0].prizes == [44] and s.players[0].loyalty == game_data().court[44].prize


def test_cleanup_trims_the_court_then_slides_the_market_and_discards_events():
    s = table("british", "russian", market={(0, 0): 105, (0, 1): 40, (1, 0): 41}, deck=[60, 61, 62])
    s.market.rupees[0][0] = 1
    s.players[0].court = [10, 11, 12, 13]  # no political stars: limit 3
    assert court_limit(s, 0) == 3
    play(s, paxpamir_actions.EndTurn())
    assert s.pending[-1].kind == "discard"
    play(s, paxpamir_actions.Discard(13))
    assert s.players[0].court == [10, 11, 12] and s.favored == "military"  # #105 discarded: favor military
    assert s.market.cards[0][:2] == [40, 60] and s.market.rupees[0][0] == 1  # #40 landed on the rupee
    assert s.current == 1 and s.actions_used == 0


def test_a_dominance_check_scores_removes_blocks_and_can_end_the_game():
    s = table("british", "russian", market={(0, 0): 101})
    s.armies["kabul"] = {"british": 4}
    s.deck = [102]
    play(s, paxpamir_actions.Purchase(0, 0))
    assert s.players[0].vp == 5 and s.players[1].vp == 0 and s.armies["kabul"] == {}
    assert s.over and s.winner == 0  # 5 VP ahead


def test_the_final_check_doubles():
    s = table("british", "russian", market={(0, 0): 104})
    s.tribes["punjab"] = [0, 0, 1]
    play(s, paxpamir_actions.Purchase(0, 0))
    assert (s.players[0].vp, s.players[1].vp) == (6, 2) and s.over


def test_hand_limit_and_no_more_than_two_main_actions():
    s = table("british", "russian", market={(0, 0): 30, (1, 0): 31, (0, 1): 32, (1, 1): 33})
    s.players[0].rupees = 10
    play(s, paxpamir_actions.Purchase(0, 0))
    play(s, paxpamir_actions.Purchase(1, 0))
    assert s.current == 1  # two actions: the turn ended (no bonus action was possible)
    assert hand_limit(s, 0) == 2 and s.players[0].hand == [30, 31]
    s.players[1].hand = [1, 2, 3]
    play(s, paxpamir_actions.EndTurn())
    assert s.pending[-1].kind == "discard" and s.pending[-1].reason == "hand"  # 3 cards over a limit of 2


def cards_everywhere(s: State) -> Counter[int]:
    seen: Counter[int] = Counter(s.deck + s.discard + s.out_of_game)
    seen.update(c for row in s.market.cards for c in row if c is not None)
    for p in s.players:
        seen.update(p.hand + p.court + p.prizes)
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 5])
def test_invariants_over_random_games(players: int):
    everything = Counter(list(game_data().court) + list(game_data().events))
    checks = 0
    for seed in range(700):  # 2,100 games over the three player counts
        rng = random.Random(seed)
        s = rules.new_game([rng.choice(COALITIONS) for _ in range(players)], rng)
        start = sum(p.rupees for p in s.players)
        while not s.over:
            actions = list(rules.legal_actions(s))
            assert actions
            turn = s.current
            discarded = len(s.discard)
            rules.apply(s, rng.choice(actions), rng, check=False)
            rupees = sum(p.rupees for p in s.players) + sum(map(sum, s.market.rupees))
            assert rupees == start + s.bank_in - s.bank_out
            assert all(p.rupees >= 0 for p in s.players)
            assert cards_everywhere(s) == everything
            for c in COALITIONS:
                assert 0 <= s.blocks_available(c) <= 12
            for seat in range(players):
                assert 0 <= s.cylinders_available(seat) <= 10
            events_after_trim = any(c > 100 for c in s.discard[discarded:])  # e.g. riots: overthrows lower limits
            if s.current != turn and not s.pending and not s.over and not events_after_trim:
                assert len(s.players[turn].court) <= court_limit(s, turn)
                assert len(s.players[turn].hand) <= hand_limit(s, turn)
        checks += s.dominance_checks_resolved
        assert s.winner is not None and sum(1 for row in s.market.cards for c in row if c in DOMINANCE_CHECKS) <= 1
    assert checks >= 700  # every game resolves at least one dominance check
    assert ruler(s, "kabul") in (None, *range(players))


def test_selfplay_command_for_three_players():
    from tests.test_cli import automa

    result = automa("selfplay", "paxpamir", "--players", "3", "--games", "20", "--seed", "1", "--json")
    assert result.returncode == 0, result.stderr
    import json

    summary = json.loads(result.stdout)
    assert summary["errors"] == 0 and sum(summary["wins_by_seat"].values()) == 20
    assert summary["dominance_checks"]["mean"] >= 1
    refused = automa("selfplay", "paxpamir", "--players", "9", "--games", "1")
    assert refused.returncode == 2 and "--players takes 2 to 5" in refused.stderr


def test_selfplay_counts_games_stopped_at_the_action_cap(monkeypatch: pytest.MonkeyPatch):
    """A game nobody buys cards in never empties the deck; the engine stops it at MAX_PLIES and scores it on
    points, and the report says how many games ended that way."""
    from engines.paxpamir import selfplay

    monkeypatch.setattr(rules, "MAX_PLIES", 12)
    summary = selfplay.run(players=1, games=3, seed=1, progress=False, wakhan=True)
    assert summary["errors"] == 0 and summary["capped"] == 3 and summary["length"]["max"] < 40
    assert "3 game(s) stopped at the 12-action cap" in selfplay.summary_row(summary).notes


def test_every_rejected_action_has_a_reason():
    s = table("british", "russian", market={(0, 3): 33})
    s.players[0].rupees = 1
    s.players[0].court = [54]
    assert rules.why_illegal(s, paxpamir_actions.Purchase(0, 3)) == "you cannot afford it"
    assert rules.why_illegal(s, paxpamir_actions.Purchase(0, 0)) == "that slot is empty"
    assert rules.why_illegal(s, paxpamir_actions.Play(1, "left")) == "card #1 is not in your hand"
    assert rules.why_illegal(s, paxpamir_actions.UseCard(54, "build")) == "Herati Bandits has no build action"
    assert rules.why_illegal(s, paxpamir_actions.UseCard(30, "tax")) == "card #30 is not in your court"
    assert rules.why_illegal(s, paxpamir_actions.PlaceSpy(1)) == "PlaceSpy is only a choice within an action"
    assert rules.why_illegal(s, paxpamir_actions.EndTurn()) == ""
    with pytest.raises(rules.IllegalAction, match="not legal now for seat 0"):
        rules.apply(s, paxpamir_actions.Purchase(0, 3), RNG)


def test_state_round_trips_through_json_mid_game():
    from engines.paxpamir.state import state_from_json

    rng = random.Random(4)
    s = rules.new_game(["british", "russian", "afghan"], rng)
    for _ in range(60):
        rules.apply(s, rng.choice(list(rules.legal_actions(s))), rng, check=False)
    again = state_from_json(s.to_json())
    assert again.to_json() == s.to_json() and list(rules.legal_actions(again)) == list(rules.legal_actions(s))


def test_nationalism_lets_the_purchasers_tribes_move_and_battle():
    s = table("british", "russian")
    s.lasting["nationalism"] = 0
    s.tribes["kabul"] = [0, 0]
    s.tribes["punjab"] = [1]
    s.roads["kabul_punjab"] = {"british": 1}
    s.players[0].court = [1, 3]  # move (rank 3); battle (rank 2)
    assert paxpamir_actions.UseCard(3, "battle", region="kabul") not in legal(s)  # no enemy piece in Kabul
    play(s, paxpamir_actions.UseCard(1, "move"))
    play(s, paxpamir_actions.MoveTribe("kabul", "punjab"))
    assert s.tribes["kabul"] == [0] and s.tribes["punjab"] == [1, 0]


def test_an_empty_supply_takes_a_piece_from_play_not_placed_this_turn():
    s = table("british")
    s.armies["punjab"] = {"british": 10}
    s.roads["kabul_punjab"] = {"british": 2}  # all 12 British blocks are in play
    s.note_placed("army", "punjab", "british")  # ...one of the Punjab armies arrived this turn
    s.players[0].hand = [16]  # Bala Hissar (Kabul): an army icon
    play(s, paxpamir_actions.Play(16, "left"))
    assert s.pending[-1].kind == "reclaim"
    assert set(legal(s)) == {
        paxpamir_actions.Reclaim("army", "punjab"),
        paxpamir_actions.Reclaim("road", "kabul_punjab"),
    }
    play(s, paxpamir_actions.Reclaim("road", "kabul_punjab"))
    assert s.roads["kabul_punjab"] == {"british": 1} and s.armies["kabul"] == {"british": 1}
    s.armies["punjab"] = {"british": 1}
    s.placed = {"army:punjab:british": 1}
    assert rules.reclaimable(s, 0, "block") == [
        paxpamir_actions.Reclaim("army", "kabul"),
        paxpamir_actions.Reclaim("road", "kabul_punjab"),
    ]


def test_a_build_with_an_empty_supply_takes_a_block_back_first():
    s = table("british")
    s.players[0].court = [27]  # a Punjab build card (political: Punjab needs a tribe of ours anyway)
    s.tribes["punjab"] = [0]
    s.armies["punjab"] = {"british": 10}
    s.roads["kabul_punjab"] = {"british": 2}  # all 12 British blocks in play
    play(s, paxpamir_actions.UseCard(27, "build"))
    assert paxpamir_actions.BuildArmy("punjab") in legal(s)
    play(s, paxpamir_actions.BuildArmy("punjab"))
    assert s.players[0].rupees == 2 and s.pending[-1].kind == "reclaim"
    assert set(legal(s)) == {
        paxpamir_actions.Reclaim("army", "punjab"),
        paxpamir_actions.Reclaim("road", "kabul_punjab"),
    }
    play(s, paxpamir_actions.Reclaim("road", "kabul_punjab"))
    assert s.roads["kabul_punjab"] == {"british": 1} and s.armies["punjab"] == {"british": 11}
    assert s.pending[-1].kind == "build" and s.blocks_available("british") == 0


def test_a_gift_with_no_cylinder_left_takes_one_back_unless_all_arrived_this_turn():
    s = table("british")
    s.players[0].court = [12]  # a gift card
    s.tribes["kabul"] = [0] * 10  # every cylinder in play
    play(s, paxpamir_actions.UseCard(12, "gift", gift=2))
    assert set(legal(s)) == {paxpamir_actions.Reclaim("tribe", "kabul")}
    play(s, paxpamir_actions.Reclaim("tribe", "kabul"))
    assert s.players[0].gifts == [2] and s.tribes["kabul"] == [0] * 9 and s.cylinders_available(0) == 0
    fresh = table("british")
    fresh.players[0].court = [12]
    fresh.tribes["kabul"] = [0] * 10
    for _ in range(10):
        fresh.note_placed("tribe", "kabul", 0)
    assert not any(isinstance(a, paxpamir_actions.UseCard) and a.action == "gift" for a in legal(fresh))


def test_a_tribe_taken_back_can_overthrow_the_card_the_spy_was_for():
    """Rulebook, overthrow: "If a player ever has no tribes in a region, they must discard all political cards
    associated with that region from their court." Component limits: with no cylinder left, one is taken from play
    first. Taking back her only Kandahar tribe discards Giljee Nobles (#43, political, Kandahar) itself, so the
    Blackmail spy meant for it has no card left to sit on: it is not placed, and the turn goes on."""
    s = table("british", "russian")
    s.players[0].court = [43]  # Giljee Nobles: Blackmail (Kandahar)
    s.tribes["kandahar"] = [0]
    s.tribes["kabul"] = [0] * 9  # every cylinder of seat 0 in play
    rules.start_of_turn(s, RNG)
    play(s, paxpamir_actions.PlaceSpy(43))
    play(s, paxpamir_actions.Reclaim("tribe", "kandahar"))
    assert 43 in s.discard and 43 not in s.spies
    assert not s.pending and s.cylinders_available(0) == 1
    assert (
        s.current == 0 and s.actions_used == 0 and legal(s) == [paxpamir_actions.EndTurn()]
    )  # the turn goes on (no market here)


def test_the_page_prices_a_market_card_as_buying_it_costs_the_player_to_move():
    """The page's market list says what a purchase takes: a Herat card is free to a player with Herat Influence in
    court (card 66), though its column costs 2; the move list prices it so too (R.price)."""
    from engines.paxpamir.table.describe import describe

    state = table("afghan", "british", market={(0, 2): 54, (1, 2): 20})
    state.players[0].court.append(66)
    slots = {slot["card"]: slot for row in describe(state)["market"] for slot in row if slot}
    assert describe(state)["costs"][2] == 2
    assert slots[54]["cost"] == rules.price(state, 0, 0, 2) == 0 and slots[20]["cost"] == 2
