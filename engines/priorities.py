"""Successive filters, the way automa rules choose: narrow the candidates one criterion at a time.

War Chest's "Order of Priorities" ("if the first criterion applies to one and only one ..., use it; otherwise
move to the second, using only those that applied to the first") and Wakhan's card priority ("skip any filter
that would leave nothing, and stop when one card is left") are the same procedure. A criterion that no candidate
meets is skipped (option ``empty_criterion``); a tie left after the last one goes to ``tie_break``.

A criterion's value is any orderable key: a number, or a tuple read left to right (51st State's goods, counted in
the goods order). ``None`` is the one mark of "does not apply" (an unreachable hex, a unit never maneuvered): it is
no number, so no real value, however large, can be taken for it, and a ``meets`` criterion reads it as not met.
(NaN is no value either: no criterion gives one.)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Generic, Literal, NamedTuple, Protocol, TypeVar

__all__ = [
    "Choice",
    "Criterion",
    "Narrowed",
    "Orderable",
    "best_at_random",
    "narrow",
    "select",
    "settle",
]

T = TypeVar("T", bound=Hashable)


class Orderable(Protocol):
    """What a criterion's values are compared by: ``<`` (ints, floats, tuples of them, strings)."""

    def __lt__(self, other: Any, /) -> bool: ...


# Named tuples rather than frozen dataclasses: both are immutable, and a bot makes several of each per decision
# (a named tuple is made about twice as fast, which shows in War Chest's self-play).
class Criterion(NamedTuple, Generic[T]):
    """``closest``: the least value wins; ``most``: the greatest; ``meets``: those whose value is true. A value of
    None does not apply: it is never the least nor the greatest, and never meets."""

    label: str
    kind: Literal["closest", "most", "meets"]
    value: Callable[[T], Orderable | None]


class Narrowed(NamedTuple, Generic[T]):
    """What the criteria leave: one candidate and the priority that decided (``step``), or a tie (``step`` empty)
    among ``pool``, in the order given."""

    pool: list[T]
    step: str
    candidates: int


class Choice(NamedTuple, Generic[T]):
    chosen: T
    step: str  # which priority decided it, for the reason
    candidates: int


def narrow(
    candidates: Sequence[T], criteria: Sequence[Criterion[T]], *, empty_criterion: Literal["skip", "stop"] = "skip"
) -> Narrowed[T]:
    """The criteria applied in turn, each to those the ones before left, until one candidate is left; the tie left
    otherwise (what a person may be asked to settle)."""
    if not candidates:
        raise ValueError("nothing to choose from")
    pool = list(candidates)
    if len(pool) == 1:
        return Narrowed(pool, "the only candidate", 1)
    for number, criterion in enumerate(criteria, start=1):
        if criterion.kind == "meets":
            kept = [c for c in pool if criterion.value(c)]
        else:
            values = list(map(criterion.value, pool))
            applies = [v for v in values if v is not None]
            if not applies:
                kept = []
            else:
                best = min(applies) if criterion.kind == "closest" else max(applies)
                kept = [c for c, v in zip(pool, values, strict=True) if v is not None and v == best]
        if not kept:
            if empty_criterion == "stop":
                break
            continue
        pool = kept
        if len(pool) == 1:
            return Narrowed(pool, f"priority {number} ({criterion.label})", len(candidates))
    return Narrowed(pool, "", len(candidates))


def settle(
    left: Narrowed[T],
    *,
    rng: random.Random | None = None,
    tie_break: Literal["random", "canonical"],
    canonical: Callable[[T], Any],
    show: Callable[[T], str] = str,
) -> Choice[T]:
    """The choice :func:`narrow` left: its one candidate, or its tie broken canonically or at random."""
    if left.step:
        return Choice(left.pool[0], left.step, left.candidates)
    ordered = sorted(left.pool, key=canonical)
    names = ", ".join(show(c) for c in ordered)
    if tie_break == "canonical":
        return Choice(ordered[0], f"tied on every priority among {names}; first in canonical order", left.candidates)
    if rng is None:
        raise ValueError("a random tie-break needs an rng")
    return Choice(rng.choice(ordered), f"tied on every priority among {names}; chosen at random", left.candidates)


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
    """:func:`narrow`, then :func:`settle`."""
    left = narrow(candidates, criteria, empty_criterion=empty_criterion)
    return settle(left, rng=rng, tie_break=tie_break, canonical=canonical, show=show)


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
