"""What the bot knows of a game of Last Coin: the coins left on the board, left to right, and where its bowl is."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class State:
    coins: tuple[str, ...]  # GUIDs of the coins on the board, left to right
    bot_bowl: str  # GUID of the bowl the bot's takings go into

    @property
    def left(self) -> int:
        return len(self.coins)


@dataclass(frozen=True, slots=True)
class TakeCoins:
    """Take ``count`` coins from the board into the bot's bowl."""

    count: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Nothing to take: the game is over."""


Action = TakeCoins | Pass
