"""The game as the bot sees it: the deck and discard, the Lookout row, the connection piles, the person's
locations (rows by class, used, protected, Ruins), the bot's face-up locations, the attack pile and both scores.
The person's faction, goods and contacts are theirs to run by hand."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Literal

Pile = Literal["blue", "red"]
CONNECTIONS_PER_PILE = 24  # face-down connection cards a built table starts each pile with (chosen: the bot only
# needs "a face-up card is there", spec c)


@dataclass
class Place:
    """A location in the person's state."""

    card: str
    ruins: bool = False
    activations: int = 0  # this round (Action locations)
    protected: bool = False


@dataclass
class State:
    deck: list[str]  # top first
    discard: list[str] = field(default_factory=list)
    lookout: list[str] = field(default_factory=list)  # the face-up Lookout cards still there
    lookout_step: int = 0  # 0 deal, 1 person's first pick, 2 bot's random pick, 3 person's second, 4 bot's rest
    connections: dict[str, bool] = field(default_factory=lambda: {"blue": False, "red": False})
    connections_left: dict[str, int] = field(
        default_factory=lambda: {"blue": CONNECTIONS_PER_PILE, "red": CONNECTIONS_PER_PILE}
    )  # face-down cards under each pile's top: an empty pile reveals nothing
    dealt: bool = False  # this round's connection cards were revealed (Lookout 1), even if both piles were empty
    person: list[Place] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)  # the person's cards (self-play's scripted person only)
    bot: list[str] = field(default_factory=list)  # the bot's face-up locations
    workers: int = 0  # the person's workers on their faction board (each can use a bot's open production once)
    bot_uses: int = 0  # the person's workers sent to the bot's open productions, not yet scored by the bot (D3)
    attack_pile: list[str] = field(default_factory=list)
    attacks: int = 0  # this round (D4: a discarded attack card still counts)
    person_pts: int = 0
    bot_pts: int = 0
    person_passed: bool = False
    bot_passed: bool = False
    round: int = 1
    phase: Literal["lookout", "action", "over"] = "lookout"
    turn: Literal["person", "bot"] = "person"  # in the action phase: who acts next
    end_triggered: bool = False
    choosing: tuple[int, ...] = ()  # the tied places the person chooses among (final_tie=person)
    chosen: int | None = None  # the place they chose, for the bot to raze
    final: dict[str, int] = field(default_factory=dict)  # seat -> final points, once the game is over

    def copy(self) -> State:
        return copy.deepcopy(self)
