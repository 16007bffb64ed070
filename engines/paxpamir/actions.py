"""Pax Pamir actions: immutable and hashable. A turn's main actions start multi-step choices (where each impact
icon goes, which rupees a tax takes, each block built, each step moved, each piece removed), made one at a time
with the follow-up actions below; ``Stop`` ends a card action early."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engines.paxpamir.data import Region, Suit


@dataclass(frozen=True, slots=True)
class Purchase:
    row: int
    column: int


@dataclass(frozen=True, slots=True)
class Play:
    card: int
    side: Literal["left", "right"]


@dataclass(frozen=True, slots=True)
class UseCard:
    """A court card's action: tax, build, move and battle go on step by step; gift and betray name their choice."""

    card: int
    action: Literal["tax", "gift", "build", "move", "betray", "battle"]
    gift: int = 0  # gift: the price of the gift space (2, 4 or 6)
    target: int = 0  # betray: the card with your spy; battle: a card (0 = battle in a region)
    region: Region | None = None  # battle in a region


@dataclass(frozen=True, slots=True)
class Radicalize:
    """Wakhan only (spec B6): buy the card at (row, column) and, if it is a court card, play it at once or discard
    it; one action in all."""

    row: int
    column: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Take no more actions this turn (go to cleanup)."""


# --- follow-ups ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlaceRoad:
    border: str


@dataclass(frozen=True, slots=True)
class PlaceSpy:
    card: int


@dataclass(frozen=True, slots=True)
class TakeRupee:
    """Tax: one rupee from a market slot (row, column) or from a player (``seat``)."""

    row: int = -1
    column: int = -1
    seat: int = -1


@dataclass(frozen=True, slots=True)
class BuildArmy:
    region: Region


@dataclass(frozen=True, slots=True)
class BuildRoad:
    border: str


@dataclass(frozen=True, slots=True)
class MoveArmy:
    frm: Region
    to: Region


@dataclass(frozen=True, slots=True)
class MoveTribe:
    """Nationalism: the purchaser's tribes move as if they were loyal armies."""

    frm: Region
    to: Region


@dataclass(frozen=True, slots=True)
class MoveSpy:
    frm: int  # card
    to: int  # card


@dataclass(frozen=True, slots=True)
class Remove:
    """Battle: remove one piece: a ``tribe`` of ``seat``, an ``army``/``road`` of ``coalition`` (roads name their
    ``border``), or a ``spy`` of ``seat``."""

    piece: Literal["tribe", "army", "road", "spy"]
    seat: int = -1
    coalition: str = ""
    border: str = ""


@dataclass(frozen=True, slots=True)
class KeepPrize:
    keep: bool


@dataclass(frozen=True, slots=True)
class Hide:
    """Safe House: the spy just removed in battle hides on the Safe House card (or goes home)."""

    hide: bool


@dataclass(frozen=True, slots=True)
class Discard:
    """Cleanup or leverage: discard a card from court or hand."""

    card: int


@dataclass(frozen=True, slots=True)
class ChooseSuit:
    suit: Suit


@dataclass(frozen=True, slots=True)
class ChooseSeat:
    seat: int


@dataclass(frozen=True, slots=True)
class ChooseRegion:
    region: Region


@dataclass(frozen=True, slots=True)
class Reclaim:
    """A supply is empty: take a piece from play (not placed this turn) to place it anew. ``piece`` is army or road
    (``where`` a region or border) for a block, tribe, spy or gift (``where`` a region, card number or price) for a
    cylinder."""

    piece: Literal["army", "road", "tribe", "spy", "gift"]
    where: str


@dataclass(frozen=True, slots=True)
class Demand:
    """A ruler owed a bribe, or a seat holding a card hostage: how much of it they ask (the rest is waived)."""

    amount: int


@dataclass(frozen=True, slots=True)
class Stop:
    """End the current card action early."""


Action = (
    Purchase
    | Radicalize
    | Play
    | UseCard
    | EndTurn
    | PlaceRoad
    | PlaceSpy
    | TakeRupee
    | BuildArmy
    | BuildRoad
    | MoveArmy
    | MoveTribe
    | MoveSpy
    | Remove
    | KeepPrize
    | Hide
    | Discard
    | ChooseSuit
    | ChooseSeat
    | ChooseRegion
    | Demand
    | Reclaim
    | Stop
)
