"""Heroes of Land, Air & Sea as a game plugin. So far in-process: its owner data (``automa data check holas FILE``)
and the Enemy in self-play (``automa selfplay holas``); its table and the map editor are not written yet, and the
commands that need them say so."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bridge.commands import Command
from bridge.table import SaveFile, Table
from engines.base import Decision, Game, Options
from engines.holas import selfplay
from engines.holas.data_model import HolasData, find_data, load_file
from engines.ownerdata import OwnerData

NOT_YET = (
    "Heroes of Land, Air & Sea has no TTS table yet (work in progress): 'automa selfplay holas' and "
    "'automa data check holas FILE' work; building, reading and playing a table do not"
)
SAMPLE = "SAMPLE DATA (fictional cards, board and map)"


class Holas(Game[Any, Any]):
    name = "holas"
    title = "Heroes of Land, Air & Sea: the solo Enemy"

    def __init__(self) -> None:
        self.owned: OwnerData[HolasData] = OwnerData(lambda path, sample: find_data(path, allow_sample=sample))
        self.data = self.owned

    def read(self, table: Table) -> Any:
        raise NotImplementedError(NOT_YET)

    def decide(self, state: Any, rng: random.Random, options: Options) -> list[Decision[Any]]:
        raise NotImplementedError(NOT_YET)

    def plan(self, state: Any, decision: Decision[Any], table: Table) -> list[Command]:
        raise NotImplementedError(NOT_YET)

    def build_table(self, assets: Mapping[str, str], people: int = 1) -> SaveFile:
        raise NotImplementedError(NOT_YET)

    def self_check(self) -> None:
        summary = selfplay.run(self.owned.for_check(), games=2, seed=1, progress=False)
        if summary["errors"]:
            raise RuntimeError(summary.get("first_error", "self-play failed"))

    def selfplay(self, *, games: int, seed: int, progress: bool, options: dict[str, Any]) -> dict[str, Any]:
        return selfplay.run(self.owned.value, games=games, seed=seed, progress=progress)

    def format_selfplay(self, summary: dict[str, Any]) -> str:
        from engines.selfplay_report import report

        sample = f" — {SAMPLE}" if summary["sample"] else ""
        text = report(
            f"Heroes of Land, Air & Sea self-play, the Enemy against a scripted person, {summary['games']} games"
            f"{sample}",
            bot="the Enemy",
            seed=summary["seed"],
            errors=summary["errors"],
            rows=[selfplay.row(summary)],
        )
        return text + (
            "\nlength: rounds per game here. decision: the Enemy's thinking time per action. scripted: a person who "
            "grows armies on free land, now and then attacks the bot, answers battles at random and reaches an "
            f"X-Objective in round {selfplay.X_OBJECTIVE_ROUND} (their own economy is not modelled; no win rate)."
        )

    def check_data(self, path: Path) -> list[str]:
        model = load_file(path)
        dataset = getattr(model, "dataset", None)
        kind = "SAMPLE DATA (fictional)" if dataset is not None and dataset.kind == "sample" else "the owner's file"
        return [f"{path}: {path.name}, {kind}; it loads"]
