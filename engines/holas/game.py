"""Heroes of Land, Air & Sea as a game plugin. So far its owner data only (``automa data check holas FILE``); the
Enemy, its table, the map editor and self-play are not written yet, and the commands that need them say so."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bridge.commands import Command
from bridge.table import SaveFile, Table
from engines.base import Decision, Game, Options
from engines.holas.data_model import HolasData, find_data, load_file
from engines.ownerdata import OwnerData

NOT_YET = (
    "Heroes of Land, Air & Sea: only its owner data is built so far ('automa data check holas FILE'); the Enemy, "
    "its table and self-play are work in progress"
)


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
        find_data(allow_sample=True)  # the data model loads its sample

    def check_data(self, path: Path) -> list[str]:
        model = load_file(path)
        dataset = getattr(model, "dataset", None)
        kind = "SAMPLE DATA (fictional)" if dataset is not None and dataset.kind == "sample" else "the owner's file"
        return [f"{path}: {path.name}, {kind}; it loads"]
