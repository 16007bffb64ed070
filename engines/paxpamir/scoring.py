"""Dominance checks (spec A14): which coalition is dominant, and who scores what.

A coalition is dominant if it has the most blocks on the map and leads every other coalition by at least 4 (2
under Conflict Fatigue). Success: the players loyal to it score 5/3/1 by influence. Failure: everyone scores 3/1
by cylinders in play. Tied players share: the values of the places they occupy are summed and divided, rounding
down. The final check doubles the values before the split.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from engines.paxpamir.data import COALITIONS, Coalition

Seat = TypeVar("Seat", bound=Hashable)
SUCCESS_VALUES = (5, 3, 1)
FAILURE_VALUES = (3, 1)


def dominant_coalition(blocks: Mapping[Coalition, int], margin: int = 4) -> Coalition | None:
    """The coalition with the most blocks, if it leads each other one by ``margin`` or more."""
    ranked = sorted(COALITIONS, key=lambda c: blocks.get(c, 0), reverse=True)
    leader, second = ranked[0], ranked[1]
    return leader if blocks.get(leader, 0) - blocks.get(second, 0) >= margin else None


def award(scores: Mapping[Seat, int], values: Sequence[int]) -> dict[Seat, int]:
    """Points by rank of ``scores`` (highest first); tied seats share the sum of their places, rounded down."""
    points: dict[Seat, int] = {}
    place = 0
    for score in sorted(set(scores.values()), reverse=True):
        tied = [seat for seat, s in scores.items() if s == score]
        share = sum(values[place : place + len(tied)]) // len(tied)
        for seat in tied:
            points[seat] = share
        place += len(tied)
    return points


@dataclass(frozen=True)
class CheckResult(Generic[Seat]):
    dominant: Coalition | None
    points: dict[Seat, int]


def dominance_check(
    blocks: Mapping[Coalition, int],
    influence: Mapping[Seat, Mapping[Coalition, int]],
    cylinders: Mapping[Seat, int],
    *,
    final: bool = False,
    margin: int = 4,
) -> CheckResult[Seat]:
    """``influence[seat][coalition]`` for the coalitions a seat scores in (a player's loyalty; Wakhan's every
    coalition); ``cylinders[seat]``: tribes, spies and gifts in play."""
    factor = 2 if final else 1
    dominant = dominant_coalition(blocks, margin)
    if dominant is None:
        return CheckResult(None, award(cylinders, [v * factor for v in FAILURE_VALUES]))
    loyal = {seat: by_coalition[dominant] for seat, by_coalition in influence.items() if dominant in by_coalition}
    return CheckResult(dominant, award(loyal, [v * factor for v in SUCCESS_VALUES]))
