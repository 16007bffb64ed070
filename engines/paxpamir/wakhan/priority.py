"""Wakhan's two card orders, as successive filters (spec B4, B11): which court card she picks, and which she
discards first at cleanup. A filter that would leave nothing is skipped; the choice names the filter that
decided it."""

from __future__ import annotations

from collections.abc import Sequence

from engines.paxpamir import rules
from engines.paxpamir.data import game_data
from engines.paxpamir.queries import dominant
from engines.paxpamir.state import State
from engines.priorities import Choice, Criterion, select


def _spies(state: State, number: int) -> list[int]:
    return state.spies.get(number, [])


def card_priority(state: State, candidates: Sequence[int]) -> Choice[int]:
    """B4: in an opponent's court, favored, a patriot / prize of the dominant coalition, any patriot, leveraged,
    highest rank, highest number. "Favored" is what makes an action bonus for the card's owner."""
    court = game_data().court
    me = state.wakhan_seat
    now = dominant(state)

    def favored(n: int) -> bool:
        owner = state.owner_of(n)
        return rules.is_favored(state, me if owner is None else owner, n)  # type: ignore[arg-type]

    criteria: list[Criterion[int]] = [
        Criterion("in an opponent's court", "meets", lambda n: state.owner_of(n) not in (None, me)),
        Criterion("favored", "meets", favored),
    ]
    if now is not None:
        criteria += [
            Criterion(f"a patriot of the dominant coalition ({now})", "meets", lambda n: court[n].patriot == now),
            Criterion(f"a prize of the dominant coalition ({now})", "meets", lambda n: court[n].prize == now),
        ]
    criteria += [
        Criterion("a patriot", "meets", lambda n: court[n].patriot is not None),
        Criterion("leveraged", "meets", lambda n: "leverage" in court[n].impact_icons),
        Criterion("highest rank", "most", lambda n: court[n].rank),
        Criterion("highest number", "most", lambda n: n),
    ]
    return select(candidates, criteria, tie_break="canonical", canonical=lambda n: n, show=lambda n: f"#{n}")


def discard_priority(state: State, candidates: Sequence[int]) -> Choice[int]:
    """B11, the card she discards first: non-political, non-patriot, non-leveraged, the largest excess of other
    seats' spies over hers (if any), fewest spies, lowest rank, not favored, lowest number."""
    court = game_data().court
    me = state.wakhan_seat
    assert me is not None

    def excess(n: int) -> int | None:
        spies = _spies(state, n)
        mine = spies.count(me)
        more = len(spies) - mine - mine
        return more if more > 0 else None  # no excess: the filter does not apply to it

    criteria: list[Criterion[int]] = [
        Criterion("not political", "meets", lambda n: court[n].suit != "political"),
        Criterion("not a patriot", "meets", lambda n: court[n].patriot is None),
        Criterion("not leveraged", "meets", lambda n: "leverage" not in court[n].impact_icons),
        Criterion("the most other seats' spies beyond hers", "most", excess),
        Criterion("fewest spies", "closest", lambda n: len(_spies(state, n))),
        Criterion("lowest rank", "closest", lambda n: court[n].rank),
        Criterion("not favored", "meets", lambda n: not rules.is_favored(state, me, n)),
        Criterion("lowest number", "closest", lambda n: n),
    ]
    return select(candidates, criteria, tie_break="canonical", canonical=lambda n: n, show=lambda n: f"#{n}")
