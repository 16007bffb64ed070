"""Positions for War Chest tests, written the way the spec's scenarios are: who stands where."""

from __future__ import annotations

import random

from engines.warchest.board import LOCATIONS, Hex
from engines.warchest.rules import make_side
from engines.warchest.state import Piece, Rules, State

AI, HUMAN = 0, 1
AI_UNITS = ("Swordsman", "Pikeman", "Knight", "Light Cavalry")
HUMAN_UNITS = ("Archer", "Cavalry", "Lancer", "Scout")


def position(
    *,
    ai: dict[Hex, tuple[str, int] | str] | None = None,
    human: dict[Hex, tuple[str, int] | str] | None = None,
    ai_units: tuple[str, ...] = AI_UNITS,
    human_units: tuple[str, ...] = HUMAN_UNITS,
    control: dict[str, int | None] | None = None,
    hand: list[str] | None = None,
    to_act: int = AI,
    rules: Rules | None = None,
) -> State:
    """A solo position: units on hexes (name, or (name, coins)), extra control (location id -> side or None),
    and the coins in the hand of the side to act (the AI's revealed coin)."""
    rules = rules or Rules(solo=True)
    sides = [make_side(ai_units, royals=0), make_side(human_units)]
    board: dict[Hex, Piece] = {}
    for owner, units in ((AI, ai or {}), (HUMAN, human or {})):
        for h, spec in units.items():
            unit, coins = (spec, 1) if isinstance(spec, str) else spec
            board[h] = Piece(owner, unit, coins)
    held = {LOCATIONS["A1"]: AI, LOCATIONS["A2"]: AI, LOCATIONS["B1"]: HUMAN, LOCATIONS["B2"]: HUMAN}
    for loc, owner in (control or {}).items():
        if owner is None:
            held.pop(LOCATIONS[loc], None)
        else:
            held[LOCATIONS[loc]] = owner
    for side_index, side in enumerate(sides):
        side.markers_off = 6 - sum(1 for o in held.values() if o == side_index)
    state = State(rules, sides, board, held, current=to_act)
    sides[to_act].hand = list(hand or [])
    return state


def rng() -> random.Random:
    return random.Random(1)
