"""Set-up (spec A3): the deck built from piles with Dominance Checks and events placed, and the market filled.

Cards are identified by number: court cards 1-100, events 101-116 (101-104 are Dominance Checks).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bridge.errors import UsageError
from engines.paxpamir.data import GameData, game_data

ROWS, COLUMNS = 2, 6
DOMINANCE_CHECKS = (101, 102, 103, 104)


def build_deck(seats: int, rng: random.Random, data: GameData | None = None) -> list[int]:
    """The draw deck, top first, for ``seats`` seats (Wakhan counts as one).

    Six piles of 5 + seats random court cards (the rest are out of the game); one Dominance Check in each of
    piles 3-6; of the other 12 events, shuffled, 2 go into pile 2 and 1 into each of piles 3-6 (the other 6 are
    out); each pile is shuffled, and pile 1 goes on top, pile 6 at the bottom.
    """
    if not 2 <= seats <= 6:
        raise UsageError(f"Pax Pamir is for 2 to 5 players plus Wakhan (2-6 seats), not {seats}")
    data = data or game_data()
    court = sorted(data.court)
    rng.shuffle(court)
    size = 5 + seats
    piles = [court[i * size : (i + 1) * size] for i in range(6)]
    checks = list(DOMINANCE_CHECKS)
    rng.shuffle(checks)
    events = [n for n in sorted(data.events) if n not in DOMINANCE_CHECKS]
    rng.shuffle(events)
    piles[1] += events[:2]
    for i, pile in enumerate(piles[2:]):
        pile += [checks[i], events[2 + i]]
    deck: list[int] = []
    for pile in piles:
        rng.shuffle(pile)
        deck += pile
    return deck


@dataclass
class Market:
    """Two rows of six slots; ``rupees`` lie on the slots (they move with the cards when the rows slide)."""

    cards: list[list[int | None]] = field(default_factory=lambda: [[None] * COLUMNS for _ in range(ROWS)])
    rupees: list[list[int]] = field(default_factory=lambda: [[0] * COLUMNS for _ in range(ROWS)])

    def fill(self, deck: list[int]) -> None:
        """Refill empty slots from the deck's top, column by column from the left, top row first."""
        for column in range(COLUMNS):
            for row in range(ROWS):
                if self.cards[row][column] is None and deck:
                    self.cards[row][column] = deck.pop(0)

    def cost(self, column: int, *, military_favored: bool) -> int:
        """The price of a card: its column, doubled while military is the favored suit."""
        return column * (2 if military_favored else 1)

    def slots(self) -> list[tuple[int, int]]:
        return [(row, column) for column in range(COLUMNS) for row in range(ROWS)]
