"""Readings of the base rules that the rulebook and the card texts leave open, as named options with the
rulebook's reading as the default. (Wakhan's own readings live in :mod:`engines.paxpamir.wakhan.options`.)"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RuleOptions:
    pashtunwali_ignores_discarded_suit_events: bool = True
    """A suit event discarded from the market while Pashtunwali Values lasts leaves the favored suit where it is.
    The rulebook has a discarded event act by "the text or impact icon at the top of the card", and on these cards
    that is a suit-change impact icon, which Pashtunwali Values ignores ("All favored suit change impact icons are
    ignored until the next Dominance Check"). False: the discarded event moves the suit anyway."""


RULE_OPTION_TYPES: dict[str, Any] = typing.get_type_hints(RuleOptions, globalns=globals())
