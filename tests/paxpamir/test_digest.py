"""More of the digest (spec Part A), each rule as a situation and its outcome."""

from __future__ import annotations

from engines.paxpamir import actions, rules
from engines.paxpamir.data import game_data
from engines.paxpamir.options import RuleOptions
from engines.paxpamir.queries import influence
from tests.paxpamir.test_rules import legal, play, table

COURT = game_data().court


def first(predicate) -> int:
    return next(n for n, c in sorted(COURT.items()) if predicate(c))


def test_discarding_a_leveraged_card_costs_two_rupees_or_more_discards():
    lever = first(lambda c: "leverage" in c.impact_icons and c.suit != "political")
    s = table("british", "russian")
    s.players[0].court = [lever, 7]
    s.players[0].rupees = 1
    rules._discard_court_card(s, 0, lever)
    assert s.players[0].rupees == 0 and s.bank_out == 1
    assert s.pending[-1].kind == "discard" and s.pending[-1].reason == "leverage"
    assert set(legal(s)) == {actions.Discard(7)}


def test_losing_the_last_political_card_of_a_region_removes_your_tribes_there():
    s = table("british")
    s.players[0].court = [5]  # Kabul, political
    s.tribes["kabul"] = [0, 0]
    rules._discard_court_card(s, 0, 5)
    assert s.tribes["kabul"] == []


def test_losing_the_last_tribe_discards_your_political_cards_there():
    s = table("british", "russian")
    s.players[1].court = [5, 7]  # both Kabul political
    s.tribes["kabul"] = [1]
    rules._riot(s, "kabul")
    assert s.players[1].court == [] and set(s.discard) == {5, 7}


def test_armies_need_a_road_of_their_coalition_to_move():
    s = table("british")
    s.armies["kabul"] = {"british": 1}
    s.players[0].court = [1]
    assert actions.UseCard(1, "move") not in legal(s)  # no road and no spy to move
    s.roads["kabul_punjab"] = {"russian": 1}
    assert actions.UseCard(1, "move") not in legal(s)  # someone else's road
    s.roads["kabul_punjab"] = {"british": 1}
    play(s, actions.UseCard(1, "move"))
    assert actions.MoveArmy("kabul", "punjab") in legal(s)


def test_spies_step_around_the_ring_of_all_courts():
    s = table("british", "russian")
    s.players[0].court = [1, 20]
    s.players[1].court = [30, 40]
    s.spies = {40: [0]}
    assert rules.spy_destinations(s, 0, 40) == {30, 1}  # the ring wraps from the last court to the first


def test_gift_takes_a_price_space_and_adds_influence():
    gift = first(lambda c: "gift" in c.actions)
    s = table("british")
    s.players[0].court = [gift]
    before = influence(s, 0)
    play(s, actions.UseCard(gift, "gift", gift=4))
    assert s.players[0].gifts == [4] and s.players[0].rupees == 0 and influence(s, 0) == before + 1


def test_tax_cannot_go_below_the_shelter():
    s = table("british", "russian")
    s.tribes["kabul"] = [0]
    s.players[1].court = [1, 8]  # a Kabul card; #8 economic gives a shelter
    shelter = sum(COURT[c].rank for c in (1, 8) if COURT[c].suit == "economic")
    s.players[1].rupees = shelter
    s.players[0].court = [54]
    assert actions.UseCard(54, "tax") not in legal(s)  # nothing above the shelter, nothing in the market


def test_battle_never_removes_your_coalitions_blocks_or_a_same_loyalty_tribe():
    s = table("british", "british", "russian")
    s.armies["punjab"] = {"british": 2, "russian": 1}
    s.tribes["punjab"] = [1, 2]
    s.players[0].court = [3]  # battle rank 2
    play(s, actions.UseCard(3, "battle", region="punjab"))
    assert set(legal(s)) == {
        actions.Stop(),
        actions.Remove("tribe", seat=2),
        actions.Remove("army", coalition="russian"),
    }


def test_instability_resolves_a_check_when_a_second_one_appears():
    deck = [102, 20, 21, 22, 23, 24, 25, 26, 27, 28, 103]  # the refill takes 9: #103 stays in the deck
    s = table("british", "russian", market={(0, 3): 101, (0, 0): 30, (1, 0): 31}, deck=deck)
    s.armies["kabul"] = {"british": 4}
    play(s, actions.EndTurn())
    assert s.dominance_checks_resolved == 1 and {101, 102} <= set(s.discard)
    assert s.players[0].vp == 5  # not the final check: #103 is still to come


def test_instability_refills_the_market_after_the_check():
    """Rulebook (second edition): "If a Dominance Check card is revealed and there is already a Dominance Check card
    in the market, immediately perform a Dominance Check and then discard both Dominance Check cards and fill the
    empty spaces in the market as described above." """
    deck = [102, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 103]  # #103 keeps it from being the final check
    s = table("british", "russian", market={(0, 3): 101, (0, 0): 30, (1, 0): 31}, deck=deck)
    play(s, actions.EndTurn())
    assert s.dominance_checks_resolved == 1 and {101, 102} <= set(s.discard)
    assert all(card is not None for row in s.market.cards for card in row)  # no slot left empty
    assert not any(card in (101, 102) for row in s.market.cards for card in row)


def test_money_placed_on_public_withdrawal_is_removed_from_the_game():
    """Card text (events.json, #111): "Any money placed on this card in the market is instead removed from the
    game." """
    s = table("british", "russian", market={(0, 0): 111, (0, 1): 30, (0, 2): 31})
    s.players[0].rupees = 4
    play(s, actions.Purchase(0, 2))  # a rupee on each card to its left: Public Withdrawal's goes out of the game
    assert s.market.rupees[0][0] == 0 and s.market.rupees[0][1] == 1
    assert s.bank_out == 1 and s.players[0].rupees == 4 - 2


def test_public_withdrawal_cannot_be_bought():
    s = table("british", market={(0, 0): 111})
    assert rules.why_illegal(s, actions.Purchase(0, 0)) == "Public Withdrawal cannot be purchased"


def event_bought(number: int, **setup) -> object:
    s = table("british", "russian", market={(0, 0): number}, deck=[20, 21, 22, 23, 24, 25, 26, 101])
    for key, value in setup.items():
        setattr(s, key, value)
    play(s, actions.Purchase(0, 0))
    return s


def test_purchased_events():
    s = event_bought(113)  # backing of the Persian aristocracy
    assert s.players[0].rupees == 7 and s.bank_in == 3
    s = event_bought(112)  # nation building: six blocks per build
    assert s.lasting["nation_building"] == 0
    s = event_bought(109)  # conflict fatigue
    assert "conflict_fatigue" in s.lasting
    s = event_bought(115)  # pashtunwali values: the purchaser picks the suit, suit icons stop moving it
    play(s, actions.ChooseSuit("economic"))
    assert s.favored == "economic" and "pashtunwali_values" in s.lasting
    s = event_bought(108)  # rumor: the chosen player's patriots give no influence
    s.players[1].court = [3]
    s.players[1].loyalty = "afghan"
    play(s, actions.ChooseSeat(1))
    assert influence(s, 1) == 1
    s = event_bought(114)  # other persuasive methods: swap hands
    s.players[1].hand = [7]
    play(s, actions.ChooseSeat(1))
    assert s.players[0].hand == [7] and s.players[1].hand == []
    s = event_bought(116)  # rebuke: all tribes and armies leave a region
    s.tribes["herat"] = [1]
    s.armies["herat"] = {"russian": 2}
    play(s, actions.ChooseRegion("herat"))
    assert s.tribes["herat"] == [] and s.armies["herat"] == {}


def test_discarded_events_and_lasting_effects_end_at_the_next_check():
    s = table("british", "russian", market={(0, 0): 107, (1, 0): 106, (0, 3): 30}, deck=[20, 21, 22, 23, 101])
    play(s, actions.EndTurn())
    assert {"disregard_for_customs", "embarrassment_of_riches"} <= set(s.lasting)
    s.players[0].gifts = [2]
    assert influence(s, 0) == 1  # gifts give no influence
    s.tribes["kabul"] = [0, 0]
    s.players[1].hand = [5]
    play(s, actions.Play(5, "left"))
    assert not s.pending or s.pending[-1].kind != "bribe"  # no bribes at all
    rules._resolve_dominance_check(s)
    assert s.lasting == {}


def test_failure_to_impress_and_confidence_failure():
    s = table("british", "russian", market={(0, 0): 108, (0, 3): 30}, deck=[20, 21, 22, 23, 101])
    s.players[1].prizes = [44]
    play(s, actions.EndTurn())
    assert s.players[1].prizes == [] and 44 in s.discard
    s = table("british", "russian", market={(0, 0): 114, (0, 3): 30}, deck=[20, 21, 22, 23, 101])
    s.players[0].hand, s.players[1].hand = [7], [9, 12]
    play(s, actions.EndTurn())
    kinds = [(p.kind, p.seat) for p in s.pending]
    assert ("discard", 0) in kinds and ("discard", 1) in kinds


def test_new_tactics_makes_the_purchasers_military_cards_bonus_actions():
    s = event_bought(105)
    military = first(lambda c: c.suit == "military" and "battle" in c.actions)
    assert s.lasting["new_tactics"] == 0 and rules.is_favored(s, 0, military)
    assert not rules.is_favored(s, 1, military) or s.favored == "military"


def test_a_suit_event_discarded_under_pashtunwali_values_leaves_the_suit():
    """Rulebook, cleanup: a discarded event acts by "the text or impact icon at the top of the card"; on the suit
    events that is a suit-change impact icon, and Pashtunwali Values says "All favored suit change impact icons
    are ignored until the next Dominance Check". Named option ``pashtunwali_ignores_discarded_suit_events``
    (default true, the rulebook's reading); false lets the discarded event move the suit anyway."""
    for ignored, suit in ((True, "economic"), (False, "political")):
        s = table("british", "russian", market={(0, 0): 116, (0, 3): 30}, deck=[20, 21, 22, 23, 24])
        s.rules = RuleOptions(pashtunwali_ignores_discarded_suit_events=ignored)
        s.lasting["pashtunwali_values"] = 1
        s.favored = "economic"
        play(s, actions.EndTurn())  # cleanup discards #116 (Political favored) from column 0
        assert 116 in s.discard and s.favored == suit


def test_a_suit_event_discarded_without_pashtunwali_values_moves_the_suit():
    s = table("british", "russian", market={(0, 0): 105}, deck=[20, 21, 22, 23, 24])
    play(s, actions.EndTurn())
    assert 105 in s.discard and s.favored == "military"
