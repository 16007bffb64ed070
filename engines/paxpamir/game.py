"""Pax Pamir as a game plugin. The rules engine runs in self-play; the TTS table and Wakhan come next."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bridge.commands import Command
from bridge.table import SaveFile, Table
from engines.base import Decision, Game, Options
from engines.paxpamir import selfplay
from engines.paxpamir.baselines import POLICIES

NOT_YET = "the Pax Pamir table (reading it, Wakhan's turn, the mod) is not built yet; only self-play runs"


class PaxPamir(Game[Any, Any]):
    name = "paxpamir"
    title = "Pax Pamir (Second Edition)"

    def read(self, table: Table) -> Any:
        raise NotImplementedError(NOT_YET)

    def decide(self, state: Any, rng: random.Random, options: Options) -> list[Decision[Any]]:
        raise NotImplementedError(NOT_YET)

    def plan(self, state: Any, decision: Decision[Any], table: Table) -> list[Command]:
        raise NotImplementedError(NOT_YET)

    def build_table(self, assets: Mapping[str, str]) -> SaveFile:
        raise NotImplementedError(NOT_YET)

    def self_check(self) -> None:
        summary = selfplay.run(players=3, games=3, seed=1, progress=False)
        if summary["errors"]:
            raise RuntimeError(summary.get("first_error", "self-play failed"))

    def selfplay(self, *, games: int, seed: int, progress: bool, options: dict[str, Any]) -> dict[str, Any]:
        wakhan = bool(options.get("wakhan"))
        players = int(options.get("players") or (1 if wakhan else 3))
        if wakhan and players not in (1, 2):
            raise ValueError(f"Wakhan plays against 1 or 2 players (--players), not {players}")
        if not wakhan and not 2 <= players <= 5:
            raise ValueError(f"--players takes 2 to 5, not {players}")
        opponents = options.get("opponents") or (list(POLICIES) if wakhan else ["random"])
        unknown = [o for o in opponents if o not in POLICIES]
        if unknown:
            raise ValueError(f"unknown --opponent {', '.join(unknown)} (choose from {', '.join(POLICIES)})")
        runs = {
            o: selfplay.run(players=players, games=games, seed=seed, progress=progress, wakhan=wakhan, opponent=o)
            for o in opponents
        }
        if len(runs) == 1:
            return next(iter(runs.values()))
        return {"game": "paxpamir", "errors": sum(r["errors"] for r in runs.values()), "by_opponent": runs}

    def format_selfplay(self, summary: dict[str, Any]) -> str:
        runs = summary.get("by_opponent", {"": summary})
        return "\n\n".join(selfplay.format_summary(r) for r in runs.values())
