"""Steps of the game: the bot's (each shown with its reason and carried onto the table) and the person's as far as
the bot's model reaches. Immutable and hashable."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class Deal:
    """Lookout: the connection piles' top cards revealed (the four cards follow, one :class:`LookoutCard` each)."""


@dataclass(frozen=True, slots=True)
class LookoutCard:
    """The deck's top card face up in the Lookout row."""

    card: str


@dataclass(frozen=True, slots=True)
class Reshuffle:
    """The discard pile shuffled into a new deck (the deck ran out): the order dealt, top first."""

    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PersonPick:
    card: str


@dataclass(frozen=True, slots=True)
class BotTake:
    """A location into the bot's state: one of the three left at random, the last one, or the deck's top card."""

    card: str
    source: Literal["random", "last", "deck"]


@dataclass(frozen=True, slots=True)
class Claim:
    pile: Literal["blue", "red"]


@dataclass(frozen=True, slots=True)
class Attack:
    """The deck's top card onto the attack pile."""

    card: str


@dataclass(frozen=True, slots=True)
class Miss:
    pass


@dataclass(frozen=True, slots=True)
class Blocked:
    """The target's protection marker goes instead of the location (``place``: its index in the person's state)."""

    place: int


@dataclass(frozen=True, slots=True)
class AskTarget:
    """A tie through every target priority, with ``final_tie=person``: the person chooses among ``places``."""

    places: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Raze:
    place: int


@dataclass(frozen=True, slots=True)
class Fee:
    """D3: the bot gains a point for each of the person's workers on its open productions (L62 "the Virtual Player
    gains 1 instead of a [worker]"); the workers go back to the supply."""

    n: int


@dataclass(frozen=True, slots=True)
class Pass:
    pass


@dataclass(frozen=True, slots=True)
class Cleanup:
    """Both have passed: the round ends (the game, once 25 points were reached)."""


@dataclass(frozen=True, slots=True)
class GameOver:
    """Bot turn on a finished game: the final count is said, nothing moves."""


@dataclass(frozen=True, slots=True)
class PersonAction:
    """The person's action as the bot's model sees it: ``build`` a card from hand, ``use`` one of their Action
    locations, ``score`` points by their own means, ``raze_bot`` / ``use_bot`` a bot location, ``claim`` a
    connection card, ``raze_hand`` (a card from hand discarded for its spoils), ``own`` (any action of their own the
    bot's model does not follow: build, produce, trade, ... on a table), ``choose`` (the location the bot razes, when
    it asks), or ``pass``."""

    kind: Literal["build", "use", "score", "raze_bot", "use_bot", "claim", "raze_hand", "own", "choose", "pass"]
    card: str = ""
    place: int = -1
    n: int = 0
    pile: str = ""


Action = (
    Deal
    | LookoutCard
    | Reshuffle
    | PersonPick
    | BotTake
    | Claim
    | Attack
    | Miss
    | Blocked
    | AskTarget
    | Raze
    | Fee
    | Pass
    | Cleanup
    | GameOver
    | PersonAction
)
