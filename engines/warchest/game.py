"""War Chest as a game plugin: the solo AI on a TTS table."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from bridge.commands import Command
from bridge.table import SaveFile, Table
from engines.base import Decision, Game, Options, Outcome, PersonMove, ReadError
from engines.profile import ProfileSpec
from engines.search import SEARCH
from engines.warchest import person, selfplay
from engines.warchest.ai import DIFFICULTY_ROYALS
from engines.warchest.check import check_turn
from engines.warchest.read import read_table
from engines.warchest.search import PLAYOUTS
from engines.warchest.solo import POLICIES
from engines.warchest.state import State
from engines.warchest.table import SPEC, TableView, build_table
from engines.warchest.turn import Step, planner_for, turn_steps


class WarChest(Game[TableView, Step]):
    name = "warchest"
    title = "War Chest (solo AI)"
    difficulties = tuple(DIFFICULTY_ROYALS)
    checks_turns = True
    plays_person = True

    def read(self, table: Table) -> TableView:
        return read_table(table, self.profile)

    def profile_spec(self) -> ProfileSpec:
        return SPEC

    def decide(self, state: TableView, rng: random.Random, options: Options) -> list[Decision[Step]]:
        return turn_steps(state, rng, options)

    def plan(self, state: TableView, decision: Decision[Step], table: Table) -> list[Command]:
        return planner_for(state).plan(decision.action)

    def after_turn(self, state: TableView, decisions: Sequence[Decision[Step]]) -> Any:
        return planner_for(state).state.copy()

    def after_to_json(self, after: Any) -> Any:
        return after.to_json() if isinstance(after, State) else None

    def after_from_json(self, data: Any) -> Any:
        return None if data is None else State.from_json(data)

    def check_turn(self, previous: Any, table: Table) -> tuple[bool, list[str]]:
        try:
            now = read_table(table, self.profile).state
        except ReadError as exc:
            return False, [f"The table cannot be read: {p}" for p in exc.problems]
        return check_turn(previous, now)

    def person_moves(self, previous: Any, table: Table) -> list[PersonMove]:
        return person.moves(previous, read_table(table, self.profile))

    def play_person(self, previous: Any, table: Table, move_id: str, rng: random.Random) -> tuple[list[Command], Any]:
        return person.play(previous, read_table(table, self.profile), move_id, rng)

    def build_table(self, assets: Mapping[str, str], people: int = 1, *, seed: int = 0) -> SaveFile:
        return build_table(assets, seed=seed)

    def write_assets(self, folder: Path) -> dict[str, str]:
        from engines.warchest.images import write_all

        return write_all(folder)

    def describe_table(self, state: TableView) -> dict[str, Any]:
        from engines.warchest.describe import describe

        return describe(state.state)

    def outcome(self, state: TableView, options: Options, previous: Any = None) -> Outcome | None:
        s = state.state
        done = next((i for i, side in enumerate(s.sides) if side.markers_off == 0), None)
        if done is None:
            return None
        ai = s.rules.ai_side
        held = {side: sum(1 for owner in s.control.values() if owner == side) for side in (0, 1)}
        who = "the AI has" if done == ai else "you have"
        return Outcome(
            "the bot" if done == ai else "you",
            f"{who} placed all six control markers on locations",
            f"locations controlled: you {held[1 - ai]}, the AI {held[ai]}",
        )

    def self_check(self) -> None:
        """The default check (a turn planned on a fresh table), then a few games against random play."""
        super().self_check()
        summary = selfplay.run(games=3, seed=1, difficulties=["beginner"], policies=["random"], progress=False)
        if summary["errors"]:
            raise RuntimeError(summary["results"]["beginner"]["random"].get("first_error", "self-play failed"))

    def selfplay(self, *, games: int, seed: int, progress: bool, options: dict[str, Any]) -> dict[str, Any]:
        return selfplay.run(
            games=games,
            seed=seed,
            difficulties=options.get("difficulties"),
            policies=opponents(options),
            progress=progress,
            playouts=int(options.get("playouts") or PLAYOUTS),
            search_count=options.get("search_games"),
            jobs=int(options.get("jobs") or 1),
        )

    def format_selfplay(self, summary: dict[str, Any]) -> str:
        return selfplay.format_summary(summary)


def opponents(options: dict[str, Any]) -> list[str] | None:
    """The baseline players a self-play run names (``--opponent``), with the search player added by ``--search``;
    None: the default (the quick baselines only)."""
    named: list[str] | None = options.get("opponents")
    if not options.get("search"):
        return named
    chosen = list(named or POLICIES)
    return chosen if SEARCH in chosen else [*chosen, SEARCH]
