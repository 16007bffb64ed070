"""Reading Wakhan's AI cards (spec B2): the front of her face card points, the back of the next card answers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engines.paxpamir.data import game_data
from engines.paxpamir.state import State


@dataclass(frozen=True)
class Arrows:
    face: int  # the AI card face up on her discard
    back: int  # the AI card now on top of her deck, read from its back
    column: int  # 0-5: the market column the black arrow points at
    row: Literal["top", "bottom"]  # the red arrow's answer

    @property
    def row_index(self) -> int:
        return 0 if self.row == "top" else 1

    @property
    def court_side(self) -> Literal["left", "right"]:
        """Top plays at the left end of her court, bottom at the right."""
        return "left" if self.row == "top" else "right"

    def describe(self) -> str:
        return f"AI card #{self.face}'s arrows on the back of #{self.back}: {self.row} row, column {self.column + 1}"


def read_arrows(state: State) -> Arrows:
    face = state.ai_face
    if face is None or not state.ai_deck:
        raise ValueError("Wakhan has not drawn an AI card yet")
    cards = game_data().ai_cards
    back = state.ai_deck[0]
    column = cards[back].back_column_numbers[cards[face].front_black_arrow_pos]
    row = cards[back].back_row_labels[cards[face].front_red_arrow_pos]
    return Arrows(face, back, column, row)


def red_seat(state: State, arrows: Arrows) -> int:
    """Player ties: top is the seat whose turn comes just before hers, bottom the one just after (with one human,
    both are that human)."""
    seat = state.wakhan_seat
    assert seat is not None
    step = -1 if arrows.row == "top" else 1
    return (seat + step) % len(state.players)
