"""Every reading of the Polish solo text that the spec leaves open (W1-W14), as a named option with its default."""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Any, Literal


@dataclass(frozen=True)
class BotOptions:
    match_colour: Literal["die", "any"] = "die"
    """W1: the First Floor room needs two tiles of the die's own colour (``die``), or any two matching tiles."""

    match_pick: Literal["leftmost", "from_pictured"] = "leftmost"
    """W2: among matching rooms, the leftmost; or the first found scanning left from the pictured room, wrapping."""

    bonus_scope: Literal["first_floor_match", "every_placement"] = "first_floor_match"
    """W3: the EASY/MEDIUM/HARD bonus only after a First Floor match, or after every placement off the Well."""

    several_dice: Literal["printed_order", "most_coins"] = "printed_order"
    """W4: a card showing several available dice: the first printed, or the one that brings the most coins."""

    well_coins: Literal["die_minus_one", "none"] = "die_minus_one"
    """W5: at the Well the bot gains the die's value minus the Well's 1; ``none``: the coins go to the bank."""

    first_player: Literal["every_round", "round_one"] = "every_round"
    """W6: the bot goes first in every round, or in round 1 only (then whoever is further on the Passage of Time
    goes first, the bot on a tie; a reading of the base rule still to confirm against the rulebook)."""

    start_clan_points: Literal["official", "zero"] = "official"
    """W7: the bot starts with the official solo table's clan points for its level (0 / 3 / 8), or with 0."""

    thresholds: Literal["free", "stop"] = "free"
    """W8: the bot passes the Passage of Time thresholds for free, or stops at the next one (the deck file's
    ``time_track.thresholds``)."""

    courtier: Literal["highest", "lowest"] = "highest"
    """W9: which courtier climbs: the highest-placed one that can make the move, or the lowest."""

    no_die: Literal["first_low", "skip"] = "first_low"
    """W10: every card revealed and no indicated die free: the low die of the first bridge holding one (red, black,
    white), with the last revealed card; or the bot skips its turn."""

    hard_extra: Literal["both", "top"] = "both"
    """W11: HARD's extra card after a First Floor match runs its upper and lower actions, or the upper only."""

    other_zone: Literal["well", "redraw"] = "well"
    """W14: a card picturing a space outside the three zones sends the die to the Well (as a full zone), or is
    skipped like a card whose dice are all gone."""


OPTION_TYPES: dict[str, Any] = typing.get_type_hints(BotOptions, globalns=globals())
