"""Last Coin as a Tabletop Automa game plugin: the class ``pyproject.toml``'s entry point names."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bridge.commands import Command
from bridge.errors import UsageError
from bridge.table import SaveFile, Table
from engines.base import Decision, Game, Options
from engines.ownerdata import OwnerData

from . import bot, card, planner, reader, selfplay
from . import table as layout
from .state import Action, State


class LastCoin(Game[State, Action]):
    name = layout.GAME
    title = "Last Coin"

    def __init__(self) -> None:
        self.owned: OwnerData[card.CardFile] = OwnerData(card.find)  # --data FILE, the owner's, or --allow-sample
        self.data = self.owned

    def read(self, table: Table) -> State:
        return reader.read(table)

    def decide(self, state: State, rng: random.Random, options: Options) -> list[Decision[Action]]:
        if options.rules:  # no named options: an unknown one is refused, not ignored
            raise UsageError(f"unknown lastcoin option(s): {', '.join(sorted(options.rules))}; Last Coin has none")
        return bot.decide(state, self._most())

    def plan(self, state: State, decision: Decision[Action], table: Table) -> list[Command]:
        return planner.plan(state, decision.action)

    def build_table(self, assets: Mapping[str, str], people: int = 1, *, seed: int = 0) -> SaveFile:
        return layout.build_table()

    def check_data(self, path: Path) -> list[str]:
        """``automa data check lastcoin FILE``: the rule card loads, and what it says."""
        most = card.find(path, allow_sample=False).card.most
        return [f"{path}: the rule card loads; a turn may take 1 to {most} coin(s)"]

    def self_check(self) -> None:
        """A reloaded bot's check (``automa dev``): a turn planned on a fresh table, with the sample card if the
        person named no card."""
        state = self.read(Table.from_save(self.build_table({})))
        for decision in bot.decide(state, self.owned.for_check().card.most):
            planner.plan(state, decision.action)

    def selfplay(self, *, games: int, seed: int, progress: bool, options: dict[str, Any]) -> dict[str, Any]:
        return selfplay.summary(games, seed, self._most())

    def format_selfplay(self, summary: dict[str, Any]) -> str:
        return selfplay.report(summary)

    def _most(self) -> int:
        """The rule card's limit, from the data the person named (loaded at the first turn that needs it)."""
        return self.owned.value.card.most
