"""Successive filters, the way automa rules choose: narrow the candidates one criterion at a time.

War Chest's "Order of Priorities" ("if the first criterion applies to one and only one ..., use it; otherwise
move to the second, using only those that applied to the first") and Wakhan's card priority ("skip any filter
that would leave nothing, and stop when one card is left") are the same procedure. A criterion that no candidate
meets is skipped (option ``empty_criterion``); a tie left after the last one goes to ``tie_break``. Values at or
beyond ``INF`` mean "does not apply" (e.g. an unreachable hex).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Generic, Literal, NamedTuple, TypeVar

INF = 10**6

T = TypeVar("T", bound=Hashable)


# Named tuples rather than frozen dataclasses: both are immutable, and a bot makes several of each per decision
# (a named tuple is made about twice as fast, which shows in War Chest's self-play).
class Criterion(NamedTuple, Generic[T]):
    """``closest``: the minimum finite value wins; ``most``: the maximum; ``meets``: those whose value is true."""

    label: str
    kind: Literal["closest", "most", "meets"]
    value: Callable[[T], float]


class Choice(NamedTuple, Generic[T]):
    chosen: T
    step: str  # which priority decided it, for the reason
    candidates: int


def select(
    candidates: Sequence[T],
    criteria: Sequence[Criterion[T]],
    *,
    rng: random.Random | None = None,
    tie_break: Literal["random", "canonical"],
    canonical: Callable[[T], Any],
    empty_criterion: Literal["skip", "stop"] = "skip",
    show: Callable[[T], str] = str,
) -> Choice[T]:
    if not candidates:
        raise ValueError("nothing to choose from")
    pool = list(candidates)
    if len(pool) == 1:
        return Choice(pool[0], "the only candidate", 1)
    for number, criterion in enumerate(criteria, start=1):
        if criterion.kind == "meets":
            kept = [c for c in pool if criterion.value(c)]
        else:
            values = list(map(criterion.value, pool))
            finite = [v for v in values if -INF < v < INF]
            if not finite:
                kept = []
            else:
                best = min(finite) if criterion.kind == "closest" else max(finite)
                kept = [c for c, v in zip(pool, values, strict=True) if v == best]
        if not kept:
            if empty_criterion == "stop":
                break
            continue
        pool = kept
        if len(pool) == 1:
            return Choice(pool[0], f"priority {number} ({criterion.label})", len(candidates))
    ordered = sorted(pool, key=canonical)
    names = ", ".join(show(c) for c in ordered)
    if tie_break == "canonical":
        return Choice(ordered[0], f"tied on every priority among {names}; first in canonical order", len(candidates))
    if rng is None:
        raise ValueError("a random tie-break needs an rng")
    return Choice(rng.choice(ordered), f"tied on every priority among {names}; chosen at random", len(candidates))


def best_at_random(candidates: Iterable[T], score: Callable[[T], float], rng: random.Random) -> T:
    """The candidate that scores highest, a tie broken at random: how the greedy baseline players choose."""
    best: list[T] = []
    best_score = float("-inf")
    for candidate in candidates:
        value = score(candidate)
        if value > best_score:
            best, best_score = [candidate], value
        elif value == best_score:
            best.append(candidate)
    if not best:
        raise ValueError("nothing to choose from")
    return rng.choice(best)
