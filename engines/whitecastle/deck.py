"""The bot's solo deck: the card model, its JSON Schema, and the loader of an owner's transcription.

The deck's card contents are not public: the project ships a schema (generated from these models, so the two never
drift), a fictional sample deck, and a loader whose every error names the card and the field. An owner keeps their
transcription outside the repository (:func:`default_deck_path`, or ``--data FILE``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.ownerdata import choose, load_model, user_file

Colour = Literal["red", "black", "white"]
Zone = Literal["first_floor", "second_floor", "outside_walls"]
ZONE_SIZES: dict[str, int] = {"first_floor": 3, "second_floor": 2, "outside_walls": 2}
OPS_WITH_N = ("influence", "clan_points", "coins")
OPS_WITH_TEXT = ("gardener", "warrior", "manual")
DATA = Path(__file__).parent / "data"
SAMPLE_DECK = DATA / "sample_deck.json"
SCHEMA = DATA / "solo_deck.schema.json"
README = "engines/whitecastle/README.md"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DieRef(_Strict):
    """A die the card points at: the low or the high end of one bridge."""

    bridge: Colour
    end: Literal["low", "high"]


class Op(_Strict):
    """One printed effect; ``n`` for amounts, ``floors`` for a courtier's climb, ``text`` for what is shown."""

    op: Literal["influence", "clan_points", "coins", "courtier_gate", "courtier_up", "gardener", "warrior", "manual"]
    n: int | None = Field(default=None, ge=1)
    floors: Literal[1, 2] | None = None
    text: str | None = None

    @model_validator(mode="after")
    def _argument(self) -> Op:
        if self.op in OPS_WITH_N and self.n is None:
            raise ValueError(f"op {self.op} needs n (how many)")
        if self.op == "courtier_up" and self.floors is None:
            raise ValueError("op courtier_up needs floors (1 or 2)")
        if self.op in OPS_WITH_TEXT and not self.text:
            raise ValueError(f"op {self.op} needs text (what the card says, shown to the person)")
        return self


class Card(_Strict):
    id: str = Field(min_length=1)
    dice: list[DieRef] = Field(min_length=1)
    zone: Zone | Literal["other"]  # "other": the card pictures a space outside the three zones (W14)
    space: int = Field(ge=1, le=3)
    top: list[Op]
    bottom: list[Op]
    official: dict[str, Any] | None = None  # fields only the official solo mode uses
    tts_name: str | None = None

    @model_validator(mode="after")
    def _space_in_zone(self) -> Card:
        size = ZONE_SIZES.get(self.zone)
        if size is not None and self.space > size:
            raise ValueError(f"space {self.space} is not in {self.zone}, which has {size} spaces")
        return self


class TimeTrack(_Strict):
    """The Passage of Time track as the bot needs it: its last position, and the points each position scores at
    the end (W12). The numbers differ between sources: the owner confirms them."""

    last: int = Field(ge=1)
    points: list[int]
    thresholds: list[int] = Field(default_factory=list)  # positions a player pays seals to pass (W8)

    @model_validator(mode="after")
    def _one_per_position(self) -> TimeTrack:
        if len(self.points) != self.last + 1:
            raise ValueError(f"points needs one value for each position 0..{self.last} ({self.last + 1})")
        return self


class Dataset(_Strict):
    kind: Literal["sample", "owner"]
    language: Literal["pl", "en", "es", "other"]
    source: str
    transcribed_by: str | None = None
    expected_size: int | None = Field(default=None, ge=1)


class SoloDeck(_Strict):
    dataset: Dataset
    cards: list[Card]
    time_track: TimeTrack | None = None

    @model_validator(mode="after")
    def _whole(self) -> SoloDeck:
        seen: set[str] = set()
        for card in self.cards:
            if card.id in seen:
                raise ValueError(f"card id {card.id!r} is used twice")
            seen.add(card.id)
        expected = self.dataset.expected_size
        if expected is not None and expected != len(self.cards):
            raise ValueError(f"dataset.expected_size says {expected} cards, the file has {len(self.cards)}")
        return self

    @property
    def sample(self) -> bool:
        return self.dataset.kind == "sample"

    def card(self, card_id: str) -> Card:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(f"no card {card_id!r} in the deck")

    def warnings(self) -> list[str]:
        """What loads but the bot reads in its fallback way (W14)."""
        return [
            f"card {c.id!r}: zone 'other' (a space outside the three zones): the bot treats it as a full zone (W14)"
            for c in self.cards
            if c.zone == "other"
        ]


def schema() -> dict[str, Any]:
    """The JSON Schema of a deck file, as shipped in ``data/solo_deck.schema.json``."""
    generated = SoloDeck.model_json_schema()
    return {"$id": "whitecastle.solo_deck.schema.json", **generated}


def load_deck(path: Path) -> SoloDeck:
    return load_model(path, SoloDeck)


def default_deck_path() -> Path:
    """Where an owner keeps their transcription: the per-user config folder, never the repository."""
    return user_file("whitecastle", "solo_deck.json")


def find_deck(path: Path | None = None, *, allow_sample: bool = False) -> SoloDeck:
    """The owner's deck (``path``, else :func:`default_deck_path`); the fictional sample only when allowed."""
    chosen = choose(path, default_deck_path(), SAMPLE_DECK, allow_sample=allow_sample, readme=README)
    return load_deck(chosen)


if __name__ == "__main__":  # python -m engines.whitecastle.deck: write the shipped schema after a model change
    SCHEMA.write_text(json.dumps(schema(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {SCHEMA}")
