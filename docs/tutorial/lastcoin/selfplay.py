"""Step 7, self-play: the bot against a baseline that takes at random, on the rules alone, many games in a row.

Each game is seeded (seed, seed + 1, ...), so a surprising result can be played again. The bot starts the
even-numbered games and the baseline the odd ones, since who starts decides much in a game like this.
"""

from __future__ import annotations

import random
from typing import Any

from .bot import decide
from .rules import legal_takes, take
from .state import State, TakeCoins

COINS = 10  # as the fresh table deals them


def play(seed: int, most: int) -> str:
    """One game from a full board: "bot" or "baseline", whoever took the last coin."""
    rng = random.Random(seed)
    left, mover = COINS, "bot" if seed % 2 == 0 else "baseline"
    while True:
        if mover == "bot":
            [decision] = decide(State(("coin",) * left, "bowl"), most)
            assert isinstance(decision.action, TakeCoins)
            coins = decision.action.count
        else:
            coins = rng.choice(legal_takes(left, most))
        left = take(left, coins, most)
        if left == 0:
            return mover
        mover = "baseline" if mover == "bot" else "bot"


def summary(games: int, seed: int, most: int) -> dict[str, Any]:
    """The bot's wins over ``games`` games, those it started counted apart; ``errors`` counts games that failed."""
    wins = {"started": 0, "second": 0}
    errors = 0
    for number in range(games):
        try:
            won = play(seed + number, most) == "bot"
        except Exception:  # a failed game is counted and reported, not fatal to the run
            errors += 1
            continue
        wins["started" if (seed + number) % 2 == 0 else "second"] += won
    return {"games": games, "seed": seed, "most": most, "baseline": "random", "bot_wins": wins, "errors": errors}


def report(summary: dict[str, Any]) -> str:
    """The summary for a terminal: the bot's wins, first and second, and any failed games."""
    games, wins = summary["games"], summary["bot_wins"]
    started = (games + 1 - summary["seed"] % 2) // 2  # the even seeds among seed .. seed + games - 1
    lines = [
        f"Last Coin, the bot against a {summary['baseline']} baseline, taking 1 to {summary['most']} coin(s):",
        f"  starting:  won {wins['started']} of {started} games",
        f"  second:    won {wins['second']} of {games - started} games",
    ]
    if summary["errors"]:
        lines.append(f"  {summary['errors']} game(s) failed")
    return "\n".join(lines)
