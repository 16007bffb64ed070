"""The game as the bot sees it: bridges of dice, the castle's spaces, the Well, the bot's own pieces and tracks, and
the person's side as their markers show it (what the end's scores and the person's die placements need).

The person plays their side by hand: the state keeps what their markers and courtiers say, never what they should
say; the actions printed on the castle's room cards and their domain are theirs to carry out.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Literal

from engines.whitecastle.board import FLOORS, Colour, Difficulty

Seat = Literal["bot", "person"]
PERSON_TRACKS = ("coins", "seals", "food", "iron", "mother_of_pearl")  # the person's resource tracks on the table


@dataclass(frozen=True)
class Die:
    colour: Colour
    value: int


@dataclass
class Space:
    """A room (with its die tiles, left to right) or a space outside the walls (no tiles); one die at most."""

    tiles: tuple[Colour, ...] = ()
    die: Die | None = None
    by: Seat | None = None


@dataclass
class Person:
    """The person's side as their markers and courtiers on the table show it."""

    clan_points: int = 0  # the true total (the printed track loops: their lap tokens count each loop)
    tracks: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PERSON_TRACKS, 0))
    courtiers: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FLOORS, 0))


@dataclass
class State:
    difficulty: Difficulty  # the level in force: its bonuses (on a table, the level its last bot turn played)
    bridges: dict[Colour, list[int]]  # each bridge's dice, low end first
    spaces: dict[str, list[Space]]  # zone -> its spaces, left to right
    deck: list[str]  # card ids, top first
    discard: list[str] = field(default_factory=list)
    revealed: list[str] = field(default_factory=list)  # this turn's cards, in the order drawn
    well: list[Die] = field(default_factory=list)
    held: Die | None = None  # the bot's die between taking it from a bridge and placing it
    influence: int = 0
    clan_points: int = 0  # the true total (the printed track loops)
    coins: int = 0
    courtiers: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FLOORS, 0))
    round: int = 1
    turns_taken: int = 0  # this round, both seats
    first: Seat = "bot"  # who opens the round
    person_influence: int = 0  # read from the table: the turn order's alternative reading (W6), the person's score
    person: Person = field(default_factory=Person)
    over: bool = False  # the last round's turns are taken
    scored: bool = False  # and the person says their final scoring is on their clan-point marker (the round track)
    set_up_for: Difficulty | None = None  # the level the bot's start was set for (None: ``difficulty``'s)

    @property
    def start_level(self) -> Difficulty:
        """The level whose starting Influence and clan points the bot began with (set once, before its first turn)."""
        return self.set_up_for or self.difficulty

    def copy(self) -> State:
        return copy.deepcopy(self)

    @property
    def to_move(self) -> Seat:
        second: Seat = "person" if self.first == "bot" else "bot"
        return self.first if self.turns_taken % 2 == 0 else second

    def dice_left(self) -> int:
        return sum(len(d) for d in self.bridges.values())
