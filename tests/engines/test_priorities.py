"""The successive filters the bots choose by (engines/priorities.py), each against the line it follows.

War Chest solo AI (shared/rules/004_7dce0f91ca3db94c.txt): "'Order of Priorities' - A numerical list of criteria.
If the first criterion applies to one and only one location/hex/enemy unit, then use that criterion to select your
target. Otherwise, move to the second criterion, using only those locations/hexes/enemies that applied to the
first, and so on down the list."
Wakhan's card priority (games/paxpamir.md, B4): "Apply these as successive filters ... Skip any filter that would
leave nothing, and stop when one card is left."
"""

from __future__ import annotations

import random

import pytest

from engines.priorities import Criterion, Narrowed, narrow, select, settle

VALUES: dict[str, float | None] = {"a": 3.0, "b": 1.0, "c": 1.0, "d": None}
LETTERS = ["a", "b", "c", "d"]


def choose(candidates: list[str], criteria: list[Criterion[str]], **options: object) -> tuple[str, str]:
    options.setdefault("tie_break", "canonical")
    choice = select(candidates, criteria, canonical=lambda c: c, **options)  # type: ignore[arg-type]
    return choice.chosen, choice.step


def test_a_criterion_that_applies_to_one_only_decides_and_says_which_it_was():
    """ "If the first criterion applies to one and only one ..., then use that criterion"."""
    closest = Criterion("closest", "closest", {"a": 2.0, "b": 5.0, "c": 4.0, "d": 9.0}.__getitem__)
    assert choose(LETTERS, [closest]) == ("a", "priority 1 (closest)")
    most = Criterion("most coins", "most", {"a": 2.0, "b": 5.0, "c": 4.0, "d": 1.0}.__getitem__)
    assert choose(LETTERS, [most]) == ("b", "priority 1 (most coins)")


def test_a_tie_goes_on_to_the_next_criterion_among_the_tied_only():
    """ "Otherwise, move to the second criterion, using only those ... that applied to the first": b and c tie on
    the first; the second would pick d overall, but d did not apply to the first."""
    first = Criterion("closest", "closest", VALUES.__getitem__)
    second = Criterion("enemy", "meets", lambda c: c in ("c", "d"))
    assert choose(LETTERS, [first, second]) == ("c", "priority 2 (enemy)")


def test_none_does_not_apply_and_every_real_value_does():
    """An unreachable hex does not apply (None): it is never the closest; a unit never maneuvered (None) is never
    the most recently maneuvered; and a criterion left with values that apply picks the best of those."""
    values: dict[str, float | None] = {"a": None, "b": 4.0, "c": 2.0, "d": None}
    closest = Criterion("closest", "closest", values.__getitem__)
    assert choose(LETTERS, [closest]) == ("c", "priority 1 (closest)")
    most = Criterion("most recent", "most", values.__getitem__)
    assert choose(LETTERS, [most]) == ("b", "priority 1 (most recent)")
    meets = Criterion("none meets", "meets", values.__getitem__)
    assert choose(["a", "c"], [meets]) == ("c", "priority 1 (none meets)")


@pytest.mark.parametrize("big", [10**6, 10**30, 100**12, float(2**53), -(10**6), float("inf"), -float("inf")])
def test_no_real_value_is_taken_for_does_not_apply(big: float):
    """Issue 31: 51st State's goods reached 10**6, the old "does not apply" mark, and the criterion was skipped.
    Now only None is that mark: a value of any size (infinities too) applies and can win."""
    most = Criterion("most", "most", {"a": big, "b": 1.0, "c": None, "d": 0.0}.__getitem__)
    closest = Criterion("closest", "closest", {"a": big, "b": 1.0, "c": None, "d": 0.0}.__getitem__)
    assert choose(LETTERS, [most])[0] == ("a" if big > 1 else "b")
    assert choose(LETTERS, [closest])[0] == ("a" if big < 0 else "d")


def test_tuples_compare_left_to_right():
    """51st State's step 6: "The card with the most goods of the highest order is destroyed first. Keep checking
    this list until you break the tie" (rules 003 L55): counts in the goods order, compared from the first."""
    goods = {"a": (0, 0, 1), "b": (1, 0, 0), "c": (0, 2, 5), "d": (1, 0, 0)}
    most = Criterion("most goods of the highest order", "most", goods.__getitem__)
    assert choose(["a", "b", "c"], [most]) == ("b", "priority 1 (most goods of the highest order)")
    assert choose(["a", "c"], [most])[0] == "c"
    assert narrow(LETTERS, [most]) == Narrowed(["b", "d"], "", 4)  # b and d give the same goods: still a tie


def test_narrow_leaves_the_tie_settle_breaks_and_select_is_both():
    """What a person may be asked to settle is exactly what the random or canonical tie-break chooses among."""
    first = Criterion("closest", "closest", VALUES.__getitem__)
    left = narrow(LETTERS, [first])
    assert left == Narrowed(["b", "c"], "", 4)
    for seed in range(20):
        by_parts = settle(left, rng=random.Random(seed), tie_break="random", canonical=lambda c: c)
        whole = select(LETTERS, [first], rng=random.Random(seed), tie_break="random", canonical=lambda c: c)
        assert by_parts == whole and whole.chosen in left.pool
    decided = narrow(LETTERS, [Criterion("most", "most", VALUES.__getitem__)])
    assert decided == Narrowed(["a"], "priority 1 (most)", 4)
    assert settle(decided, tie_break="canonical", canonical=lambda c: c).chosen == "a"


@pytest.mark.parametrize("kind", ["closest", "most"])
def test_a_criterion_no_candidate_meets_is_skipped_by_default(kind: str):
    """Wakhan: "Skip any filter that would leave nothing"; War Chest's option 5, default "skip it"."""
    nothing = Criterion("unreachable", kind, lambda c: None)  # type: ignore[arg-type]
    none_meet = Criterion("none", "meets", lambda c: False)
    after = Criterion("closest", "closest", VALUES.__getitem__)
    tail = Criterion("last", "meets", lambda c: c == "c")
    assert choose(LETTERS, [nothing, none_meet, after, tail]) == ("c", "priority 4 (last)")


def test_option_stop_ends_at_a_criterion_no_candidate_meets_and_breaks_the_tie():
    """War Chest option 5, "stop, tie-break": the later criteria are not read."""
    first = Criterion("closest", "closest", VALUES.__getitem__)
    none_meet = Criterion("none", "meets", lambda c: False)
    later = Criterion("later", "meets", lambda c: c == "c")
    chosen, step = choose(LETTERS, [first, none_meet, later], empty_criterion="stop")
    assert chosen == "b" and step.startswith("tied on every priority among b, c; first in canonical order")


def test_a_tie_after_every_criterion_is_broken_canonically_or_at_random():
    first = Criterion("closest", "closest", VALUES.__getitem__)
    assert choose(LETTERS, [first])[0] == "b"
    picks = {choose(LETTERS, [first], tie_break="random", rng=random.Random(seed))[0] for seed in range(40)}
    assert picks == {"b", "c"}  # only the tied ones, each sometimes
    with pytest.raises(ValueError, match="needs an rng"):
        choose(LETTERS, [first], tie_break="random")


def test_one_candidate_needs_no_criterion_and_none_is_refused():
    assert choose(["a"], [Criterion("x", "meets", lambda c: False)]) == ("a", "the only candidate")
    with pytest.raises(ValueError, match="nothing to choose from"):
        choose([], [])
