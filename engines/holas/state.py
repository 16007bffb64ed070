"""The game as the Enemy sees it: its units and where they stand (the Courtyard, a region, aboard a vessel), its
resources, points, CC Track and Tax Track, its deck, discard, Hero Slots and battle card; the person's armies as
the bot reads them (Natural Strength per region); the Exploration Tokens still face down."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from engines.holas.data_model import UnitType

RESOURCES = ("ore", "mana", "food")
Where = str  # a region id, "courtyard" or "supply"


@dataclass
class Unit:
    id: str  # e.g. "hero1", "warrior3"
    type: UnitType  # never "tower": the bot's towers are kept apart (``State.towers``)
    where: Where = "supply"
    aboard: str | None = None  # the vessel carrying it


@dataclass
class PlayerArmy:
    """The person's pieces in one region as the bot reads them (H6: units and a structure count together)."""

    ns: int
    structure: bool = False
    capital: bool = False  # the structure is their Capital City (with a strength of its own), not a tower


@dataclass
class PersonSide:
    """The person's own side as their markers and minis on the table show it: their resources and score (their
    tracks), their minis still in their supply by kind (what an X-Objective of theirs counts) and their Exploration
    Tokens."""

    resources: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RESOURCES, 3))
    pts: int = 0
    supply: dict[str, int] | None = None  # None: not read from a table (in-process games)
    tokens: int = 0


@dataclass
class Ledger:
    """What the bot noted of the person's side at its last press (the ledger marker's GM Notes, as JSON): the GUIDs
    of the minis in their supply and their resources, so that minis taken from the supply since are paid for."""

    supply: list[str]
    resources: dict[str, Annotated[int, Field(ge=0, le=10)]]

    def to_json(self) -> str:
        return _LEDGER.dump_json(self).decode()

    @staticmethod
    def from_json(text: str) -> Ledger:
        """Raises ``pydantic.ValidationError`` naming the field that is wrong."""
        return _LEDGER.validate_json(text)


Ask = Literal["follow", "interrupt", "tactic", "cancels"]
StepName = Literal["follow", "interrupt", "effect", "rotate", "move", "end"]


@dataclass
class Pending:
    """What the Enemy waits for in the middle of an action: the person's Follow, their interrupt of a spell, their
    tactic in a battle (``tactic``), or whether it cancels the bot's revealed card (``cancels``); ``then``: the
    steps of the action still to come once answered (``slot``: the action's Hero Slot, 0 for a battle the person
    started)."""

    ask: Ask
    slot: Annotated[int, Field(ge=0, le=3)] = 0
    region: str = ""
    attacker: bool = False
    enter: bool = False  # a land army that wins takes the region's token and resource
    card: str = ""  # the bot's battle card, once revealed
    person_total: int = 0
    then: tuple[StepName, ...] = ()

    def to_json(self) -> str:
        return _PENDING.dump_json(self).decode()

    @staticmethod
    def from_json(text: str) -> Pending:
        """Raises ``pydantic.ValidationError`` naming the field that is wrong."""
        return _PENDING.validate_json(text)


@dataclass
class State:
    units: list[Unit]
    capital: str  # the bot's Capital region
    deck: list[str]  # solo card ids, top first
    discard: list[str] = field(default_factory=list)
    slots: list[str | None] = field(default_factory=lambda: [None, None, None])  # Hero Slots 1-3
    resources: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RESOURCES, 3))
    tax: dict[str, int] = field(default_factory=lambda: {"ore": 4, "mana": 3, "food": 2})  # resource -> slot value
    pts: int = 0
    cc_space: int = 0
    towers: list[str] = field(default_factory=list)  # regions with a bot tower
    tokens: dict[str, int] = field(default_factory=dict)  # face-down Exploration Tokens, by region (none: no entry)
    collected: int = 0  # Exploration Tokens on the bot's board
    player: dict[str, PlayerArmy] = field(default_factory=dict)
    player_sea: str | None = None  # the sea region of the person's Sea Vessel
    round: int = 1
    final_round: int | None = None
    pending: Pending | None = None
    tactic: int = 0  # the strength of the person's chosen tactic, as they set it on the table
    person: PersonSide = field(default_factory=PersonSide)
    destroyed: Literal["", "bot", "you"] = ""  # whose Capital City was destroyed: the game is over at once (L208)
    scored: bool = False  # your final scoring is done: your end-of-game points are on your score marker (L208)

    def contested(self) -> list[str]:
        """Regions where a battle is due: the bot's units stand with the person's army (or at sea with the person's
        Sea Vessel)."""
        held = {u.where for u in self.units if u.where not in ("courtyard", "supply")}
        return sorted(r for r in held if r in self.player or r == self.player_sea)

    def person_capital(self) -> str | None:
        """The region of the person's Capital City, if it stands on the map."""
        return next((r for r, a in self.player.items() if a.capital), None)

    def copy(self) -> State:
        return copy.deepcopy(self)

    def unit(self, unit_id: str) -> Unit:
        return next(u for u in self.units if u.id == unit_id)

    def in_region(self, region: str) -> list[Unit]:
        return [u for u in self.units if u.where == region]


_PENDING: TypeAdapter[Pending] = TypeAdapter(Pending)
_LEDGER: TypeAdapter[Ledger] = TypeAdapter(Ledger)
