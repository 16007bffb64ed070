"""Every reading of the solo rules that the spec leaves open (D1-D12), as a named option with the spec's default.
D1, D3 and D12 have one reading (2 points, 1 point, immune after passing); D2 reads the lost icon as a protection
marker until the owner says otherwise."""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Any, Literal


@dataclass(frozen=True)
class BotOptions:
    protected_card: Literal["stays", "discarded"] = "stays"
    """D4: the attack card drawn against a protected location stays in the attack pile (and counts), or is
    discarded at once (the count of attacks is the same)."""

    spoils: Literal["spoils", "deal", "total"] = "spoils"
    """D5: the last tie-break compares the Spoils in the goods order, or the Deal field, or the number of goods."""

    ruins_targets: bool = False
    """D6: Ruins (and cards without types) are never targets; true: Ruins match every type (a raze does nothing)."""

    ruins_score: bool = False
    """D7: the person's Ruins score nothing at the end; true: they count as locations."""

    pass_after_person: Literal["at_once", "claim_first"] = "at_once"
    """D8: once the person passes the bot passes at once; or it still claims face-up connection cards first."""

    used_means: Literal["activated", "exhausted"] = "activated"
    """D9: a "used" Action location was activated at least once this round, or has spent all its activations."""

    connection_refill: bool = False
    """D10: a claimed connection card is not replaced (two claims a round at most); true: the next is revealed."""

    lookout_scores: bool = False
    """D11: the bot's Lookout cards score only at the end (+1 each); true: +1 point when placed, too."""

    final_tie: Literal["random", "person"] = "random"
    """Target step 5: a tie through every step: picked with the seeded rng, or left to the person (on a table)."""


OPTION_TYPES: dict[str, Any] = typing.get_type_hints(BotOptions, globalns=globals())
