"""Steps 3 and 5, deciding with engines.priorities and saying why: Last Coin's bot as a priority list.

The candidates are the legal takes (1 up to the rule card's ``most``). With ``most`` 3, a player who leaves a
multiple of 4 coins wins: whatever the other takes (1 to 3), the reply takes the rest of a 4, down to 0.

1. Leave a multiple of ``most + 1``: the winning take, when there is one.
2. Fewest coins: otherwise take one, and leave the most room for the person's mistake.
"""

from __future__ import annotations

from engines.base import Decision, Reason
from engines.priorities import Criterion, select

from .rules import legal_takes
from .state import Action, Pass, State, TakeCoins


def decide(state: State, most: int) -> list[Decision[Action]]:
    """The bot's whole turn: one take, with the priority that chose it and what it leaves."""
    if state.left == 0:
        return [Decision(Pass(), Reason("end of game", "No coins are left: the game is over."))]
    step = most + 1
    criteria = [
        Criterion[int](f"leave a multiple of {step}", "meets", lambda take: (state.left - take) % step == 0),
        Criterion[int]("fewest coins", "closest", lambda take: take),
    ]
    choice = select(legal_takes(state.left, most), criteria, tie_break="canonical", canonical=lambda take: take)
    return [Decision(TakeCoins(choice.chosen), Reason(choice.step, _why(state.left, choice.chosen, step)))]


def _why(left: int, take: int, step: int) -> str:
    """The sentence a person reads in the chat."""
    after = left - take
    if after == 0:
        return f"The bot takes the last {take} coin(s) and wins."
    if after % step == 0:
        return f"The bot takes {take}, leaving {after}: a multiple of {step}, so it can take the last coin."
    return f"The bot takes {take}: no take leaves a multiple of {step}, so it waits for your mistake."
