"""Wakhan's choices (spec Part B): reading the arrows, her two card orders, and what she radicalizes; the spec's
scenarios (B15) where they are about these choices."""

from __future__ import annotations

import pytest

from engines.paxpamir import rules
from engines.paxpamir.data import AI_LINES, Coalition, game_data
from engines.paxpamir.setup import Market
from engines.paxpamir.state import Player, State
from engines.paxpamir.wakhan.arrows import read_arrows, red_seat
from engines.paxpamir.wakhan.options import WakhanOptions
from engines.paxpamir.wakhan.priority import card_priority, discard_priority
from engines.paxpamir.wakhan.radicalize import Radicalize, instructions

DC = 101


def wakhan_table(
    *humans: Coalition,
    face: int = 1,
    back: int = 2,
    rupees: int = 4,
    market: dict[str, int] | None = None,
    printing: int = 1,
) -> State:
    """Spec B15's defaults: political favored, nothing else on the table; Wakhan in seat 0 and on turn.
    ``market`` maps slots such as "T3" / "B0" to cards."""
    m = Market()
    for slot, card in (market or {}).items():
        m.cards["TB".index(slot[0])][int(slot[1])] = card
    players = [Player(None, rupees=rupees, wakhan=True), *(Player(c) for c in humans)]
    s = State(players, deck=[20, 21, 22], market=m, ai_discard=[face], wakhan_printing=printing)
    s.ai_deck = [back, *(n for n in range(1, 25) if n not in (face, back))]
    rules.refresh_pragmatic_loyalty(s)
    return s


def radicalize(s: State, line_number: int = 3, **options) -> tuple[tuple[int, int] | None, str]:
    line = game_data().ai_cards[s.ai_face].actions[line_number - 1]  # type: ignore[index]
    decision = Radicalize(s, line, line_number, WakhanOptions(**options)).decide()
    return decision.action, str(decision.reason)


def test_the_worked_example_of_the_arrows():
    s = wakhan_table("british", face=12, back=1)
    arrows = read_arrows(s)
    assert (arrows.column, arrows.row, arrows.court_side) == (1, "bottom", "right")
    assert red_seat(s, arrows) == 1  # one human: both arrows point at them


def test_red_arrow_seats_with_two_humans():
    s = wakhan_table("british", "russian", face=12, back=1)  # bottom: the seat just after hers
    assert red_seat(s, read_arrows(s)) == 1
    s = wakhan_table("british", "russian", face=2, back=1)  # face #2's red arrow reads "top": just before her
    assert read_arrows(s).row == "top" and red_seat(s, read_arrows(s)) == 2


def test_s1_she_radicalizes_at_the_arrows():
    s = wakhan_table("british", face=12, back=1, market={"B1": 9})
    assert s.players[0].loyalty == "afghan"
    slot, why = radicalize(s)
    assert slot == (1, 1) and "the card her AI card's arrows point to" in why and "AI card #12, line 3" in why
    # a player's words first (the card by name, the slot as seen), the rule after it
    assert why.startswith(f"buys {game_data().court[9].name} (#9) from the market's bottom row, column 2 for ")


def test_s2_the_arrows_walk_left_then_along_the_other_row():
    s = wakhan_table(face=7, back=8, rupees=3, market={"T3": 18, "B0": 57})
    assert (read_arrows(s).column, read_arrows(s).row) == (5, "top")
    slot, why = radicalize(s)
    assert slot == (0, 3) and "walking left from the top row, column 6" in why
    s.market.cards[0][3] = None
    s.market.cards[0][0], s.market.cards[0][1], s.market.cards[0][2] = 30, 31, 32
    s.paid_slots = {(0, 0), (0, 1), (0, 2)}  # her rupees from action 1
    s.players[0].rupees = 0
    assert radicalize(s)[0] == (1, 0)  # restart at B5, walk left to #57, free


def test_s8_a_dc_in_the_market_picks_the_cheapest_dominant_patriot_then_the_highest_number():
    s = wakhan_table("russian", rupees=3, market={"T1": 89, "B1": 99, "T3": 86, "B5": DC})
    s.armies["kabul"] = {"russian": 7, "british": 3, "afghan": 2}
    slot, why = radicalize(s)
    assert slot == (1, 1) and "cheapest russian patriot" in why


@pytest.mark.parametrize(("printing", "expected"), [(1, (0, 2)), (2, (1, 3))])
def test_s9_the_printings_differ_on_instruction_or_dc_rule_first(printing, expected):
    s = wakhan_table(face=23, rupees=5, market={"T4": 93, "B3": 7, "T2": 1, "B5": DC})
    assert radicalize(s, 1, printing=printing)[0] == expected  # #1 by spy/tribe icons; #7 the cheaper rank-2 Political
    assert radicalize(s, 1, instructions_first=True)[0] == (1, 3)  # I1 alone does what printing 2 does


def test_s10_most_net_rupees_only_when_poor():
    s = wakhan_table(face=4, rupees=1, market={"T0": 61, "T1": 14, "B1": 29})
    s.market.rupees[0][0], s.market.rupees[1][1] = 2, 3
    slot, why = radicalize(s, 1)
    assert slot == (0, 0) and "most net rupees" in why
    s.players[0].rupees = 2
    slot, why = radicalize(s, 1)
    assert slot is None and "condition is false (she has fewer than 2 rupees)" in why
    s.players[0].rupees = 1
    assert radicalize(s, 1, net_rupees_leverage=False)[0] == (0, 0)  # #14 falls to -1; #61 still wins on cost


def test_an_instruction_without_a_match_skips_or_falls_back_to_the_arrows():
    s = wakhan_table(face=3, back=1, rupees=5, market={"T0": 61})  # line 2: the highest-ranked Intelligence card
    slot, why = radicalize(s, 2)
    assert slot is None and "no card she can buy matches" in why
    slot, why = radicalize(s, 2, instruction_without_match="arrows")
    # the arrows: bottom row, first column; nothing there, then the top row
    assert slot == (0, 0) and "walking left from the bottom row, column 1" in why


def test_nothing_to_buy_skips():
    s = wakhan_table(rupees=0, market={"T3": 61})
    slot, why = radicalize(s)
    assert slot is None and "nothing she can buy" in why


def test_every_radicalize_line_has_its_instruction():
    lines = {line for line in AI_LINES if line.startswith("radicalize_")}
    assert lines == set(instructions(WakhanOptions()))


def test_s4_card_priority_filters():
    s = wakhan_table("british", market={})
    s.players[1].court = [96, 44]
    s.players[0].court = [5]
    assert card_priority(s, [96, 44, 5]).chosen == 44  # in an opponent's court, then favored (political)
    choice = card_priority(s, [96, 5])
    assert choice.chosen == 96 and "opponent" in choice.step


def test_s15_cleanup_discards_by_b11():
    s = wakhan_table("british")
    s.favored = "military"
    s.players[0].court = [5, 32, 46, 98, 1]
    s.spies[98] = [1]
    choice = discard_priority(s, s.players[0].court)
    assert choice.chosen == 98 and "spies beyond hers" in choice.step
    del s.spies[98]
    choice = discard_priority(s, s.players[0].court)
    assert choice.chosen == 1 and "not favored" in choice.step


def _set(s: State, line: str, true: bool) -> None:
    """Make the line's condition true or false."""
    if "military_favored" in line:
        s.favored = "military" if true else "political"
    elif "political_favored" in line:
        s.favored = "political" if true else "economic"
    elif "fewer_than_two_rupees" in line:
        s.players[0].rupees = 1 if true else 2
    elif "no_dominant" in line:
        s.armies["kabul"] = {} if true else {"russian": 4}
    elif "no_card_with_move" in line:
        s.players[0].court = [] if true else [2]
    elif "if_dominant" in line:
        s.armies["kabul"] = {"russian": 4} if true else {}
    elif "court_size_at_limit" in line:
        s.players[0].court = [61, 62, 63] if true else []
    elif "fewer_spies" in line:
        s.spies = {8: [1]} if true else {}


CONDITIONAL = sorted(k for k, v in instructions(WakhanOptions()).items() if v.holds is not None)


@pytest.mark.parametrize("line", CONDITIONAL)
@pytest.mark.parametrize("true", [True, False])
def test_every_conditional_line_with_its_condition_true_and_false(line: str, true: bool):
    market = {"T0": 61, "T1": 1, "B1": 89, "T2": 7, "B2": 32, "T3": 98, "B3": 86, "T4": 93}  # every suit, a patriot
    s = wakhan_table("british", rupees=8, market=market)
    s.market.rupees[0][0] = 2  # #61: 2 net rupees
    s.players[1].court = [8]
    _set(s, line, true)
    decision = Radicalize(s, line, 1, WakhanOptions()).decide()
    slot, why = decision.action, str(decision.reason)
    if true:
        assert "condition is false" not in why and slot is not None, why
    else:
        assert slot is None and "condition is false" in why


@pytest.mark.parametrize(
    ("line", "market", "expected"),
    [
        ("radicalize_highest_ranked_political", {"T0": 61, "T1": 5, "T2": 7}, (0, 2)),
        ("radicalize_highest_ranked_political", {"T0": 61}, None),
        ("radicalize_highest_ranked_intelligence", {"T0": 86, "T1": 1}, (0, 1)),
        ("radicalize_highest_ranked_intelligence", {"T0": 61}, None),
        ("radicalize_intelligence", {"T0": 61, "T1": 89}, (0, 1)),
        ("radicalize_intelligence", {"T0": 61}, None),
        ("radicalize_card_that_would_place_most_blocks", {"T0": 1, "T1": 32, "T2": 12}, (0, 2)),  # 4 beats 3
        ("radicalize_card_that_would_place_most_blocks", {"T0": 1}, None),
        ("radicalize_card_that_gives_control_of_region", {"T0": 61, "T1": 5}, (0, 1)),
        ("radicalize_card_that_gives_control_of_region", {"T0": 61}, None),
    ],
)
def test_every_unconditional_instruction_with_and_without_a_match(line, market, expected):
    s = wakhan_table("british", rupees=5, market=market)
    decision = Radicalize(s, line, 1, WakhanOptions()).decide()
    assert decision.action == expected, str(decision.reason)
