"""What the bot knows of a game of skeleton, and what it can do: plain, frozen data, so a state can be built by
hand in a test and compared."""

from __future__ import annotations

from dataclasses import dataclass

from bridge.table import TableObject

BOT, PERSON = "bot", "person"


@dataclass(frozen=True, slots=True)
class State:
    spaces: tuple[str | None, ...]  # who holds each space, left to right (None: empty)
    bag: str  # the bot's bag's GUID: its tokens come from there
    tokens_left: int  # tokens in the bot's bag
    board: TableObject  # where the board lies, to find a space's point on the table

    def empty(self) -> list[int]:
        return [i for i, holder in enumerate(self.spaces) if holder is None]


@dataclass(frozen=True, slots=True)
class Place:
    """Put one of the bot's tokens on a space (0-based, left to right)."""

    space: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing this turn."""


Action = Place | Pass
