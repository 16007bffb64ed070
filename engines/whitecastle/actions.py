"""What the bot does, step by step: immutable, hashable values (each shown with its reason, each carried onto the
table by the planner)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engines.whitecastle.board import Colour, Difficulty


@dataclass(frozen=True, slots=True)
class Reveal:
    card: str


@dataclass(frozen=True, slots=True)
class NewDeck:
    """The discard pile shuffled into the deck (at a round's start, or when the deck runs out): the new order,
    top first, as the shuffle dealt it."""

    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TakeDie:
    bridge: Colour
    end: Literal["low", "high"]


@dataclass(frozen=True, slots=True)
class PlaceDie:
    """The die just taken onto ``zone``'s space ``space`` (1-based, left to right), or the Well (``zone="well"``)."""

    zone: str
    space: int = 0


@dataclass(frozen=True, slots=True)
class Gain:
    what: Literal["influence", "clan_points", "coins"]
    n: int


@dataclass(frozen=True, slots=True)
class CourtierTo:
    """One of the bot's courtiers from ``frm`` (``supply`` or a floor) to ``to``."""

    frm: str
    to: str


@dataclass(frozen=True, slots=True)
class Manual:
    """A printed effect the engine does not model: the person carries it out and presses Done."""

    text: str


@dataclass(frozen=True, slots=True)
class NoEffect:
    """A printed effect the bot cannot carry out (no courtier can move): said, and nothing changes."""

    what: str


@dataclass(frozen=True, slots=True)
class CannotMove:
    """A courtier move the bot must make and cannot: ``up`` ``floors`` (1 or 2), or ``gate`` (a courtier from the
    supply to the Castle Gate, ``floors`` 0; ``then_first``: and on to the First Floor). The text's substitute
    follows as the next decision (L40, L41), or NoEffect once every substitute has been tried."""

    move: Literal["up", "gate"]
    floors: int = 0
    then_first: bool = False


@dataclass(frozen=True, slots=True)
class SetUp:
    """Before the bot's first turn: its start for ``level`` (L8-L11's Influence, W7's clan points)."""

    level: Difficulty
    influence: int
    clan_points: int


@dataclass(frozen=True, slots=True)
class LevelChange:
    """A level chosen after the bot's first turn: its bonuses from now on; the start it was set up with stays."""

    frm: Difficulty
    to: Difficulty


@dataclass(frozen=True, slots=True)
class DiscardRevealed:
    pass


@dataclass(frozen=True, slots=True)
class PersonTurn:
    """The person's die (from one bridge end) onto a space, the Well or their own domain."""

    bridge: Colour
    end: Literal["low", "high"]
    zone: str
    space: int = 0


Action = (
    SetUp
    | LevelChange
    | Reveal
    | NewDeck
    | TakeDie
    | PlaceDie
    | Gain
    | CourtierTo
    | Manual
    | NoEffect
    | CannotMove
    | DiscardRevealed
    | PersonTurn
)
