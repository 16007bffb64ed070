"""Step 6, owner data: the rule card, whose text stands in for card contents that may not be published.

A real game's cards are often not public: the owner transcribes theirs into a JSON file in their config folder,
the plugin ships a schema (the pydantic model below) and a fictional sample, and :mod:`engines.ownerdata` loads
it, naming the entry and field of any mistake. Last Coin's one card says how many coins a turn may take.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from engines.ownerdata import choose, load_model, user_file

from .table import GAME

SAMPLE = Path(__file__).with_name("sample_card.json")
OWNERS_FILE = "rule-card.json"


class RuleCard(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    most: int = Field(ge=1, le=5, description="the most coins one turn may take")


class CardFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    cards: list[RuleCard] = Field(min_length=1, max_length=1)

    @property
    def card(self) -> RuleCard:
        return self.cards[0]


def find(path: Path | None, allow_sample: bool) -> CardFile:
    """The rule card: the file given, else the owner's, else (when allowed) the fictional sample."""
    chosen = choose(
        path, user_file(GAME, OWNERS_FILE), SAMPLE, allow_sample=allow_sample, readme="docs/writing-a-bot.md, step 6"
    )
    return load_model(chosen, CardFile)
