"""The location cards as the bot needs them: the model, its JSON Schema, the fictional sample and the owner's file.

No licensed dataset of the cards exists: the owner transcribes theirs (the README shows one card worked through);
the schema is generated from these models (``python -m engines.fiftyfirst.cards`` writes it again).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.ownerdata import OwnerDataError, choose, load_model, user_file

LocationType = Literal["fuel", "gun", "iron", "brick", "worker", "card", "vp", "ammo", "contact", "liberty", "toxic"]
Good = Literal[
    "fuel", "gun", "iron", "brick", "worker", "card", "vp", "ammo",
    "contact_grey", "contact_blue", "contact_red", "contact_any",
]  # fmt: skip
CardClass = Literal["production_open", "production_closed", "feature", "action"]
DEFAULT_GOODS_ORDER: tuple[Good, ...] = (
    "vp",
    "card",
    "ammo",
    "brick",
    "iron",
    "gun",
    "fuel",
    "worker",
    "contact_grey",
    "contact_blue",
    "contact_red",
    "contact_any",
)  # fmt: skip  (D5: the project's default until the owner confirms the printed order)
DATA = Path(__file__).parent / "data"
SAMPLE = DATA / "sample_locations.json"
SCHEMA = DATA / "locations.schema.json"
README = "engines/fiftyfirst/README.md"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Location(_Strict):
    id: str = Field(pattern=r"^[a-z0-9_.]+$")
    name: str = Field(min_length=1)
    set: Literal["base", "new_era", "winter", "promo"]
    copies: int = Field(ge=1)
    cls: CardClass = Field(alias="class")
    distance: int = Field(ge=1, le=3)
    types: tuple[LocationType, ...]
    spoils: dict[Good, int]
    deal: dict[Good, int]
    activation_limit: int | None = Field(default=None, ge=1)
    text: str | None = None
    tts_names: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _sound(self) -> Location:
        if len(set(self.types)) != len(self.types):
            raise ValueError("types lists a type twice")
        for field, goods in (("spoils", self.spoils), ("deal", self.deal)):
            if any(n < 1 for n in goods.values()):
                raise ValueError(f"{field}: every count is at least 1 (leave a good out instead)")
        return self


class Achievement(_Strict):
    """A line of the rulebook's Achievement Table (L78): a winning score from ``points`` up earns ``title``."""

    points: int = Field(ge=0)
    title: str = Field(min_length=1)


class Dataset(_Strict):
    kind: Literal["sample", "owner"]
    edition: Literal["master_set"]
    source: str
    transcribed_by: str | None = None
    goods_order: tuple[Good, ...] = DEFAULT_GOODS_ORDER
    achievements: tuple[Achievement, ...] = ()  # the owner's Achievement Table: the rule text keeps two lines of it


class Locations(_Strict):
    dataset: Dataset
    cards: tuple[Location, ...]

    @model_validator(mode="after")
    def _unique(self) -> Locations:
        ids = Counter(c.id for c in self.cards)
        twice = sorted(i for i, n in ids.items() if n > 1)
        if twice:
            raise ValueError(f"card id(s) used twice: {', '.join(twice)}")
        names = Counter(n for c in self.cards for n in c.tts_names)
        shared = sorted(n for n, k in names.items() if k > 1)
        if shared:
            raise ValueError(f"tts_names given to more than one card: {', '.join(shared)}")
        if len({c.set for c in self.cards} - {"base", "promo"}) > 1:
            raise ValueError("one expansion at a time: New Era or Winter, not both")
        return self

    @property
    def sample(self) -> bool:
        return self.dataset.kind == "sample"

    def card(self, card_id: str) -> Location:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(f"no location {card_id!r} in the card data")

    def deck(self) -> list[str]:
        """The main deck, one id per copy."""
        return [c.id for c in self.cards for _ in range(c.copies)]


def schema() -> dict[str, Any]:
    return {"$id": "fiftyfirst.locations.schema.json", **Locations.model_json_schema(by_alias=True)}


def load_locations(path: Path) -> Locations:
    return load_model(path, Locations)


def find_locations(path: Path | None = None, *, allow_sample: bool = False) -> Locations:
    default = user_file("fiftyfirst", "locations.json")
    return load_locations(choose(path, default, SAMPLE, allow_sample=allow_sample, readme=README))


__all__ = ["Location", "Locations", "OwnerDataError", "find_locations", "load_locations", "schema"]


if __name__ == "__main__":  # python -m engines.fiftyfirst.cards: write the shipped schema after a model change
    SCHEMA.write_text(json.dumps(schema(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {SCHEMA}")
