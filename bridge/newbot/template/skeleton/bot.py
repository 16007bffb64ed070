"""skeleton's bot: a priority list, each decision naming the step that decided it.

1. Next to a bot token: take an empty space beside one of the bot's tokens.
2. Centre: of those left, the space nearest the centre.
A tie left after both is broken as option ``tie_break`` says (default: at random, from the seeded rng).
"""

from __future__ import annotations

import random
import typing
from dataclasses import dataclass
from typing import Any, Literal

from engines.base import Decision, Reason
from engines.options import options_from_text
from engines.priorities import Criterion, select

from .state import BOT, Action, Pass, Place, State


@dataclass(frozen=True)
class BotOptions:
    """The bot's named options (``automa serve skeleton --option tie_break=canonical``)."""

    tie_break: Literal["random", "canonical"] = "random"  # a tie after every priority: at random, or leftmost


def bot_options(given: dict[str, Any]) -> BotOptions:
    """The options of one turn; an unknown option or value is refused, naming what is accepted."""
    hints = typing.get_type_hints(BotOptions)
    options: BotOptions = options_from_text(BotOptions, hints, given, what="skeleton")
    return options


def decide(state: State, rng: random.Random, options: BotOptions) -> list[Decision[Action]]:
    """The bot's whole turn: one token placed, or a pass that says why."""
    empty = state.empty()
    if not empty:
        return [Decision(Pass(), Reason("end of game", "Every space is taken: the game is over."))]
    if state.tokens_left == 0:
        return [Decision(Pass(), Reason("supply", "The bot's bag is empty, so it passes."))]
    centre = (len(state.spaces) - 1) / 2
    criteria = [
        Criterion[int]("next to a bot token", "meets", lambda i: _beside_bot(state, i)),
        Criterion[int]("nearest the centre", "closest", lambda i: abs(i - centre)),
    ]
    choice = select(
        empty,
        criteria,
        rng=rng,
        tie_break=options.tie_break,
        canonical=lambda i: i,
        show=lambda i: f"space {i + 1}",
    )
    text = f"The bot places a token on space {choice.chosen + 1}."
    return [Decision(Place(choice.chosen), Reason(choice.step, text))]


def _beside_bot(state: State, space: int) -> bool:
    return any(0 <= n < len(state.spaces) and state.spaces[n] == BOT for n in (space - 1, space + 1))
