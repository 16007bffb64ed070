"""Dominance checks: each branch, ties, the final doubling, Conflict Fatigue."""

from engines.paxpamir.scoring import award, dominance_check, dominant_coalition


def test_dominance_needs_the_most_blocks_and_a_lead_of_four():
    assert dominant_coalition({"russian": 7, "british": 3, "afghan": 2}) == "russian"
    assert dominant_coalition({"russian": 6, "british": 3, "afghan": 2}) is None
    assert dominant_coalition({"russian": 6, "british": 3, "afghan": 2}, margin=2) == "russian"
    assert dominant_coalition({}) is None


def test_success_scores_loyal_players_by_influence():
    result = dominance_check(
        {"british": 8, "russian": 1},
        {"A": {"british": 4}, "B": {"british": 2}, "C": {"russian": 9}},
        {"A": 1, "B": 1, "C": 1},
    )
    assert result.dominant == "british" and result.points == {"A": 5, "B": 3}


def test_failure_scores_everyone_by_cylinders_and_ties_share_rounding_down():
    result = dominance_check({"british": 3, "russian": 2}, {}, {"W": 6, "A": 4})
    assert result.dominant is None and result.points == {"W": 3, "A": 1}
    assert award({"A": 5, "B": 5, "C": 2}, (3, 1)) == {"A": 2, "B": 2, "C": 0}


def test_the_final_check_doubles_before_splitting():
    # spec B15 S7 variant: final failure, cylinders 5/5/2 -> 4/4/0
    result = dominance_check({"afghan": 1}, {}, {"W": 5, "A": 5, "B": 2}, final=True)
    assert result.points == {"W": 4, "A": 4, "B": 0}
    success = dominance_check({"afghan": 10}, {"A": {"afghan": 3}, "W": {"afghan": 3, "russian": 1}}, {}, final=True)
    assert success.points == {"A": 8, "W": 8}  # tied firsts: (10 + 6) // 2


def test_three_tied_places_share_all_three_values():
    assert award({"A": 2, "B": 2, "C": 2}, (5, 3, 1)) == {"A": 3, "B": 3, "C": 3}
