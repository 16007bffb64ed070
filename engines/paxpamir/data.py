"""Pax Pamir's game data, validated when it is loaded.

The JSON files in ``data/`` are transcribed from the published game by Cole Wehrle / Wehrlegig Games, under
CC BY-NC-SA 4.0 (see ``data/README.md``). Each file is checked by pydantic models with closed vocabularies, and
then as a whole (numbering, counts, permutations); a problem names the file and the card.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from bridge.errors import AutomaError

Region = Literal["kabul", "punjab", "kandahar", "herat", "persia", "transcaspia"]
Coalition = Literal["afghan", "british", "russian"]
Suit = Literal["economic", "military", "political", "intelligence"]
CardAction = Literal["tax", "gift", "build", "move", "betray", "battle"]
Icon = Literal[
    "road", "spy", "tribe", "army", "leverage", "economic_suit", "military_suit", "political_suit", "intelligence_suit"
]
Duration = Literal["instant", "until_next_dominance_check", "while_in_market"]
REGIONS: tuple[Region, ...] = ("kabul", "punjab", "kandahar", "herat", "persia", "transcaspia")
COALITIONS: tuple[Coalition, ...] = ("afghan", "british", "russian")
SUITS: tuple[Suit, ...] = ("economic", "military", "political", "intelligence")
ABILITIES = frozenset(
    {
        "blackmail_herat",
        "blackmail_kandahar",
        "bodyguards",
        "charismatic_courtiers",
        "citadel_kabul",
        "citadel_transcaspia",
        "civil_service_reforms",
        "claim_of_ancient_lineage",
        "herat_influence",
        "indian_supplies",
        "indispensable_advisors",
        "infrastructure",
        "insurrection",
        "irregulars",
        "persian_influence",
        "russian_influence",
        "safe_house",
        "savvy_operator",
        "strange_bedfellows",
        "well_connected",
    }
)
AI_LINES = frozenset(
    {
        "tax",
        "build",
        "betray",
        "battle",
        "move",
        "radicalize",
        "battle_highest_priority_court_card_with_most_spies_where_wakhan_has_spy",
        "radicalize_card_that_gives_control_of_region",
        "radicalize_card_that_would_place_most_blocks",
        "radicalize_highest_ranked_intelligence",
        "radicalize_highest_ranked_political",
        "radicalize_if_court_size_at_limit_highest_ranked_political",
        "radicalize_if_dominant_coalition_matching_patriot",
        "radicalize_if_fewer_spies_than_another_player_highest_ranked_intelligence",
        "radicalize_if_fewer_than_two_rupees_radicalize_most_net_rupees",
        "radicalize_if_military_favored_highest_ranked_military",
        "radicalize_if_no_card_with_move_card_with_move_action",
        "radicalize_if_no_dominant_coalition_card_that_would_place_most_cylinders",
        "radicalize_if_political_favored_highest_ranked_economic",
        "radicalize_intelligence",
    }
)


class DataError(AutomaError, ValueError):
    """Game data that does not hold together; the text names the file and the card or entry."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CourtCard(_Strict):
    number: int = Field(ge=1, le=100)
    name: str = Field(min_length=1)
    region: Region
    suit: Suit
    rank: int = Field(ge=1, le=3)
    patriot: Coalition | None
    prize: Coalition | None
    impact_icons: tuple[Icon, ...]
    actions: tuple[CardAction, ...]
    special_ability: str | None
    tts_card_id: int | None = None

    @field_validator("special_ability")
    @classmethod
    def _known_ability(cls, value: str | None) -> str | None:
        if value is not None and value not in ABILITIES:
            raise ValueError(f"unknown special ability {value!r}")
        return value


class Effect(_Strict):
    id: str
    title: str
    description: str
    duration: Duration


class EventCard(_Strict):
    number: int = Field(ge=101, le=116)
    name: str
    is_dominance_check: bool
    if_discarded: Effect
    if_purchased: Effect


class AiCard(_Strict):
    id: int = Field(ge=1, le=24)
    actions: tuple[str, str, str]
    pragmatic_loyalty: tuple[Coalition, Coalition, Coalition]
    region_priority: tuple[Region, Region, Region, Region, Region, Region]
    front_black_arrow_pos: int = Field(ge=0, le=5)
    front_red_arrow_pos: int = Field(ge=0, le=1)
    back_column_numbers: tuple[int, int, int, int, int, int]
    back_row_labels: tuple[Literal["top", "bottom"], Literal["top", "bottom"]]

    @field_validator("actions")
    @classmethod
    def _known_lines(cls, value: tuple[str, str, str]) -> tuple[str, str, str]:
        unknown = [line for line in value if line not in AI_LINES]
        if unknown:
            raise ValueError(f"unknown action line(s) {unknown}")
        if value[2] != "radicalize":
            raise ValueError("the last action line is always 'radicalize'")
        return value


class MapRegion(_Strict):
    id: Region
    name: str
    court_card_numbers: tuple[int, int]
    borders: tuple[str, ...]
    adjacent: tuple[Region, ...]
    ai_card_symbol: str


class MapBorder(_Strict):
    id: str
    regions: tuple[Region, Region]
    name: str


class MapCoalition(_Strict):
    id: Coalition
    colour: str


class MapData(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    note: str = Field(alias="_note", default="")
    coalitions: tuple[MapCoalition, ...]
    regions: tuple[MapRegion, ...]
    borders: tuple[MapBorder, ...]
    adjacency: dict[Region, tuple[Region, ...]]


@dataclass(frozen=True)
class GameData:
    court: dict[int, CourtCard]
    events: dict[int, EventCard]
    ai_cards: dict[int, AiCard]
    map: MapData

    def border(self, a: str, b: str) -> str:
        return "_".join(sorted((a, b)))


ModelT = TypeVar("ModelT", bound=BaseModel)


def _read(folder: Path, name: str) -> Any:
    path = folder / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"{path}: cannot read: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise DataError(f"{path}: not JSON: {exc}") from None


def _models(folder: Path, name: str, model: type[ModelT], label: Callable[[dict[str, Any]], str]) -> list[ModelT]:
    raw = _read(folder, name)
    if not isinstance(raw, list):
        raise DataError(f"{folder / name}: expected a list of entries")
    out = []
    for index, entry in enumerate(raw):
        where = label(entry) if isinstance(entry, dict) else f"entry {index}"
        try:
            out.append(model.model_validate(entry))
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors())
            raise DataError(f"{folder / name}: {where}: {problems}") from None
    return out


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise DataError(message)


def load(folder: Path | None = None) -> GameData:
    """Load and check the four files (from the package's own ``data/`` unless ``folder`` is given)."""
    folder = folder or Path(str(files("engines.paxpamir").joinpath("data")))

    def card_label(e: dict[str, Any]) -> str:
        return f"card #{e.get('number')} ({e.get('name', '?')})"

    court = _models(folder, "court_cards.json", CourtCard, card_label)
    events = _models(folder, "events.json", EventCard, card_label)
    ai = _models(folder, "wakhan_ai_cards.json", AiCard, lambda e: f"AI card #{e.get('id')}")
    try:
        game_map = MapData.model_validate(_read(folder, "map.json"))
    except ValidationError as exc:
        first = exc.errors()[0]
        raise DataError(f"{folder / 'map.json'}: {'.'.join(str(p) for p in first['loc'])}: {first['msg']}") from None

    f = folder / "court_cards.json"
    _check(sorted(c.number for c in court) == list(range(1, 101)), f"{f}: the court cards must be numbered 1-100")
    ranges = {r.id: r.court_card_numbers for r in game_map.regions}
    for card in court:
        low, high = ranges[card.region]
        _check(
            low <= card.number <= high,
            f"{f}: card #{card.number} ({card.name}) is {card.region}, but "
            f"map.json gives {card.region} the cards {low}-{high}",
        )
    f = folder / "events.json"
    _check(sorted(e.number for e in events) == list(range(101, 117)), f"{f}: the events must be numbered 101-116")
    checks = [e.number for e in events if e.is_dominance_check]
    _check(checks == [101, 102, 103, 104], f"{f}: #101-104, and only they, are Dominance Checks (found {checks})")
    f = folder / "wakhan_ai_cards.json"
    _check(sorted(c.id for c in ai) == list(range(1, 25)), f"{f}: the AI cards must be numbered 1-24")
    for ai_card in ai:
        where = f"{f}: AI card #{ai_card.id}"
        _check(
            sorted(ai_card.pragmatic_loyalty) == sorted(COALITIONS), f"{where}: loyalty must list each coalition once"
        )
        _check(
            sorted(ai_card.region_priority) == sorted(REGIONS), f"{where}: region priority must list each region once"
        )
        _check(sorted(ai_card.back_column_numbers) == list(range(6)), f"{where}: back columns must be 0-5, each once")
    f = folder / "map.json"
    border_ids = {b.id for b in game_map.borders}
    for border in game_map.borders:
        _check(
            border.id == "_".join(sorted(border.regions)),
            f"{f}: border {border.id} must join its regions' ids in alphabetical order",
        )
    for region in game_map.regions:
        for other in region.adjacent:
            _check(
                "_".join(sorted((region.id, other))) in border_ids and region.id in game_map.adjacency[other],
                f"{f}: {region.id} and {other} are adjacent one way only, or have no border",
            )
    return GameData({c.number: c for c in court}, {e.number: e for e in events}, {c.id: c for c in ai}, game_map)


@cache
def game_data() -> GameData:
    """The package's data, loaded and checked once."""
    return load()
