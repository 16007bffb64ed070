"""Every reading of the Wakhan text that the spec leaves open, as a named option with the spec's default (B12, B14)."""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Any, Literal


@dataclass(frozen=True)
class WakhanOptions:
    printing: Literal[1, 2] = 1
    """Which printing of the Wakhan rules: 1 (the seed text) or 2 (B12)."""

    instructions_first: bool = False
    """I1: an instruction line is read before the "Dominance Check in the market" rule (always so in printing 2)."""

    dominant_without_patriot: Literal["army_road", "arrows"] = "army_road"
    """I2: a DC in the market and a dominant coalition but no affordable patriot of it: the cheapest card with the
    most army+road icons (the second printing's text), or fall through to the arrows."""

    ambition_on_tie: bool = False
    """I3: Ambition needs strictly the most points from the check; with this, a tie for the most is enough."""

    instruction_without_match: Literal["skip", "arrows"] = "skip"
    """I4: an instruction line that matches no card SKIPs, or falls back to the arrows."""

    net_rupees_leverage: bool = True
    """I5: "most net rupees" counts the 2 rupees a leverage icon brings."""

    move_count_all_tribes: bool = True
    """I7: Move's destination counts every tribe there, hers too (the seed: "as many armies as there are tribes in
    that region"; BGA too); false counts other seats' tribes only. Either way she goes only where another seat has a
    tribe."""

    tax_by: Literal["total", "taxable"] = "total"
    """I8: Tax ranks players by their total rupees, or by the rupees above their tax shelter."""

    battle_unheld_blocks: bool = False
    """I9: in battle she also removes blocks of a coalition no human holds (the default ignores them)."""

    rebuke_first_region: bool = False
    """I12: Rebuke goes to the first region on the priority (BGA), not the first with another seat's piece."""

    max_skips: int = 3
    """I10: the loop over her card lines stops after this many SKIPs in a row."""

    bonus_cards: Literal["favored", "any"] = "favored"
    """I11: the bonus phase uses her unused favored cards only, or any unused card (bonus or not)."""

    cheapest: Literal["real_cost", "column"] = "real_cost"
    """I13: "cheapest" is what she would really pay, or the printed column cost."""

    @property
    def reads_instructions_first(self) -> bool:
        return self.instructions_first or self.printing == 2


# Each option's type, resolved here against this module's names: callers that build options from text (the
# table's --option values) need them, and a module reloaded by ``automa dev`` is not in ``sys.modules``.
OPTION_TYPES: dict[str, Any] = typing.get_type_hints(WakhanOptions, globalns=globals())
