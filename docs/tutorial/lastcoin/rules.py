"""Last Coin's rules on numbers alone, without a table: what a turn may take, and who has won.

The bot and self-play both use them; the table's reader and planner only turn pieces into this and back.
"""

from __future__ import annotations

from engines.base import IllegalAction


def legal_takes(left: int, most: int) -> list[int]:
    """How many coins a turn may take: one up to ``most`` (the rule card's), never more than are left."""
    return list(range(1, min(most, left) + 1))


def take(left: int, coins: int, most: int) -> int:
    """The coins left after a turn takes ``coins``; refuses a take the rules do not allow, naming it."""
    if coins not in legal_takes(left, most):
        raise IllegalAction(f"cannot take {coins} coin(s) with {left} left: take 1 to {min(most, left)}")
    return left - coins
