"""The White Castle as a game plugin. So far in-process only: the bot, its data and self-play; the TTS table (build,
read, plan) is not written yet, and the commands that need it say so."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bridge.commands import Command
from bridge.table import SaveFile, Table
from engines.base import Decision, Game, Options
from engines.whitecastle import selfplay
from engines.whitecastle.deck import DeckError, find_deck, load_deck

NO_TABLE = (
    "The White Castle has no TTS table yet (work in progress): 'automa selfplay whitecastle' and "
    "'automa data check whitecastle FILE' work; building, reading and playing a table do not"
)


class WhiteCastle(Game[Any, Any]):
    name = "whitecastle"
    title = "The White Castle: the Polish solo automa"
    difficulties = ("easy", "medium", "hard")

    def read(self, table: Table) -> Any:
        raise NotImplementedError(NO_TABLE)

    def decide(self, state: Any, rng: random.Random, options: Options) -> list[Decision[Any]]:
        raise NotImplementedError(NO_TABLE)

    def plan(self, state: Any, decision: Decision[Any], table: Table) -> list[Command]:
        raise NotImplementedError(NO_TABLE)

    def build_table(self, assets: Mapping[str, str], people: int = 1) -> SaveFile:
        raise NotImplementedError(NO_TABLE)

    def self_check(self) -> None:
        summary = selfplay.run(load_deck_for_check(), games=2, seed=1, progress=False)
        if summary["errors"]:
            raise RuntimeError(summary["results"])

    def check_data(self, path: Path) -> list[str]:
        deck = load_deck(path)
        kind = "SAMPLE DATA (fictional cards)" if deck.sample else "the owner's transcription"
        return [f"{path}: {len(deck.cards)} cards, {kind}; it loads", *deck.warnings()]

    def selfplay(self, *, games: int, seed: int, progress: bool, options: dict[str, Any]) -> dict[str, Any]:
        data = options.get("data")
        deck = find_deck(Path(data) if data else None, allow_sample=bool(options.get("allow_sample")))
        return selfplay.run(deck, games=games, seed=seed, levels=options.get("difficulties"), progress=progress)

    def format_selfplay(self, summary: dict[str, Any]) -> str:
        from engines.selfplay_report import report

        sample = " — SAMPLE DATA (fictional cards, not the real deck)" if summary["sample"] else ""
        text = report(
            f"The White Castle self-play, the bot against a scripted person, {summary['games']} games per "
            f"difficulty{sample}",
            bot="the bot",
            seed=summary["seed"],
            errors=summary["errors"],
            rows=selfplay.rows(summary),
        )
        return text + (
            "\nscripted: a person who takes a legal die at random and puts it on a free space, the Well or their "
            "domain (their score is not modelled, so no win rate: the bot's score stands in)."
        )


def load_deck_for_check() -> Any:
    try:
        return find_deck(allow_sample=False)
    except DeckError:
        return find_deck(allow_sample=True)  # the check runs the rules, not the owner's cards
