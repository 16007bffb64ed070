"""51st State as a game plugin. So far in-process: the virtual player, its card data and self-play; the TTS table
(build, read, plan) is not written yet, and the commands that need it say so."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bridge.commands import Command
from bridge.table import SaveFile, Table
from engines.base import Decision, Game, Options
from engines.fiftyfirst import selfplay
from engines.fiftyfirst.cards import Locations, find_locations, load_locations

SAMPLE = "SAMPLE DATA (fictional cards, not the real ones)"
NO_TABLE = (
    "51st State has no TTS table yet (work in progress): 'automa selfplay fiftyfirst' and "
    "'automa data check fiftyfirst FILE' work; building, reading and playing a table do not"
)


class FiftyFirst(Game[Any, Any]):
    name = "fiftyfirst"
    title = "51st State: Master Set: the virtual player"

    def __init__(self) -> None:
        self._data: Path | None = None
        self._allow_sample = False
        self._cards: Locations | None = None

    def use_data(self, path: Path | None, allow_sample: bool) -> None:
        self._data, self._allow_sample, self._cards = path, allow_sample, None

    def data_settings(self) -> tuple[Path | None, bool]:
        return self._data, self._allow_sample

    @property
    def cards(self) -> Locations:
        if self._cards is None:
            self._cards = find_locations(self._data, allow_sample=self._allow_sample)
        return self._cards

    def read(self, table: Table) -> Any:
        raise NotImplementedError(NO_TABLE)

    def decide(self, state: Any, rng: random.Random, options: Options) -> list[Decision[Any]]:
        raise NotImplementedError(NO_TABLE)

    def plan(self, state: Any, decision: Decision[Any], table: Table) -> list[Command]:
        raise NotImplementedError(NO_TABLE)

    def build_table(self, assets: Mapping[str, str], people: int = 1) -> SaveFile:
        raise NotImplementedError(NO_TABLE)

    def self_check(self) -> None:
        cards = (
            self.cards
            if (self._data or self._allow_sample)
            else load_locations(Path(__file__).parent / "data" / "sample_locations.json")
        )
        summary = selfplay.run(cards, games=3, seed=1, progress=False)
        if summary["errors"]:
            raise RuntimeError(summary.get("first_error", "self-play failed"))

    def check_data(self, path: Path) -> list[str]:
        cards = load_locations(path)
        kind = "SAMPLE DATA (fictional cards)" if cards.sample else "the owner's transcription"
        return [f"{path}: {len(cards.cards)} locations, {len(cards.deck())} cards with copies, {kind}; it loads"]

    def selfplay(self, *, games: int, seed: int, progress: bool, options: dict[str, Any]) -> dict[str, Any]:
        return selfplay.run(self.cards, games=games, seed=seed, progress=progress)

    def format_selfplay(self, summary: dict[str, Any]) -> str:
        from engines.selfplay_report import report

        sample = f" — {SAMPLE}" if summary["sample"] else ""
        text = report(
            f"51st State self-play, the virtual player against a scripted person, {summary['games']} games{sample}",
            bot="the virtual player",
            seed=summary["seed"],
            errors=summary["errors"],
            rows=[selfplay.row(summary)],
        )
        return text + (
            "\nscripted: a person who picks Lookout cards at random, builds, uses, scores a point, razes or uses the "
            "bot's locations and passes after a few actions (their economy is not modelled: the bot's win rate "
            "against it says little; the rules ran to the end)."
        )
