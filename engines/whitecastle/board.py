"""The board's fixed numbers (``data/board.json``): zones, space values, bridges, rounds, the difficulty table."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

Colour = Literal["red", "black", "white"]
Difficulty = Literal["easy", "medium", "hard"]
ZONES = ("first_floor", "second_floor", "outside_walls")
FLOORS = ("supply", "gate", "first_floor", "second_floor", "daimyo")  # a courtier's way up, supply first
ZONE_NAMES = {"first_floor": "First Floor", "second_floor": "Second Floor", "outside_walls": "Outside the Walls"}


def place_name(zone: str, space: int) -> str:
    """A die space's one name, the same on the table, the page, the move list and the bot's reasons: the rule text's
    word ("space"), counted from 1 at the left as the cards picture them."""
    return f"{ZONE_NAMES[zone]} space {space}"


@dataclass(frozen=True)
class ZoneData:
    spaces: int
    value: int
    tiles_per_room: int


@dataclass(frozen=True)
class Board:
    zones: dict[str, ZoneData]
    well_value: int
    domain_value: int
    bridges: tuple[Colour, ...]
    dice_per_bridge: int
    rounds: int
    turns_per_round: int
    start_influence: dict[str, int]
    start_clan_points: dict[str, int]
    courtier_points: dict[str, int]
    courtiers: int  # per player (unconfirmed: see data/board.json)


@cache
def board() -> Board:
    raw = json.loads((Path(__file__).parent / "data" / "board.json").read_text(encoding="utf-8"))
    return Board(
        zones={name: ZoneData(**zone) for name, zone in raw["zones"].items()},
        well_value=raw["well_value"],
        domain_value=raw["domain_value"],
        bridges=tuple(raw["bridges"]),
        dice_per_bridge=raw["dice_per_bridge"],
        rounds=raw["rounds"],
        turns_per_round=raw["turns_per_round"],
        start_influence={level: v["influence"] for level, v in raw["difficulty"].items()},
        start_clan_points={level: v["clan_points"] for level, v in raw["difficulty"].items()},
        courtier_points=raw["courtier_points"],
        courtiers=raw["unconfirmed"]["courtiers"],
    )
