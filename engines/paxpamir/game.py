"""Pax Pamir as a game plugin: Wakhan, the automated opponent, on a TTS table against one or two people."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from bridge.commands import Command
from bridge.errors import UsageError
from bridge.table import SaveFile, Table
from engines.base import Decision, Game, Options, Outcome, PersonMove
from engines.paxpamir import selfplay
from engines.paxpamir.baselines import POLICIES
from engines.paxpamir.table import person
from engines.paxpamir.table.build import build_table
from engines.paxpamir.table.read import TableView, read_table
from engines.paxpamir.table.roles import SPEC
from engines.paxpamir.table.turn import turn_decisions
from engines.profile import ProfileSpec
from engines.search import PLAYOUTS, SEARCH, search_games


class PaxPamir(Game[TableView, Any]):
    name = "paxpamir"
    title = "Pax Pamir (Second Edition): Wakhan"
    people = (1, 2)
    plays_person = True

    def read(self, table: Table) -> TableView:
        return read_table(table, self.profile)

    def profile_spec(self) -> ProfileSpec:
        return SPEC

    def decide(self, state: TableView, rng: random.Random, options: Options) -> list[Decision[Any]]:
        return turn_decisions(state, rng, options)

    def plan(self, state: TableView, decision: Decision[Any], table: Table) -> list[Command]:
        if state.planner is None:
            raise ValueError("plan() needs the decisions of decide() on the same table view")
        commands: list[Command] = state.planner.plan(decision)
        return commands

    def person_moves(self, previous: Any, table: Table) -> list[PersonMove]:
        return person.moves(previous, read_table(table, self.profile), self._by_hand())

    def play_person(self, previous: Any, table: Table, move_id: str, rng: random.Random) -> tuple[list[Command], Any]:
        return person.play(previous, read_table(table, self.profile), move_id, rng, self._by_hand())

    def _by_hand(self) -> person.ByHand:
        """The person's whole moves made by hand since the last listed move or Bot turn (the list goes on after
        them); one per game plugin, as one session holds it."""
        if "by_hand" not in vars(self):
            self.by_hand = person.ByHand()
        return self.by_hand

    def refuse_press(self, state: TableView, moves: Sequence[PersonMove], button: str = "") -> str | None:
        """Before her first turn the people's listed loyalties are theirs to change or keep: Bot turn keeps them.
        After a move made by hand the person may be playing their turn by hand: its end may change nothing on the
        table (no card to slide, none to discard), so Bot turn is theirs to press."""
        if moves and all(m.id.startswith(person.LOYALTY) for m in moves):
            return None
        if self._by_hand().listed:
            return None
        return super().refuse_press(state, moves, button)

    def after_to_json(self, after: Any) -> Any:
        from engines.paxpamir.state import State

        return after.to_json() if isinstance(after, State) else None

    def after_from_json(self, data: Any) -> Any:
        from engines.paxpamir.state import state_from_json

        return None if data is None else state_from_json(data)

    def after_turn(self, state: TableView, decisions: Sequence[Decision[Any]]) -> Any:
        """The engine's state once her turn is planned: whose turn it is, and what the table should show."""
        return state.planner.now.copy() if state.planner is not None else None

    def describe_table(self, state: TableView) -> dict[str, Any]:
        from engines.paxpamir.table.describe import describe

        return describe(state.state)

    def outcome(self, state: TableView, options: Options, previous: Any = None) -> Outcome | None:
        """The end as the engine saw it at the last turn or move (the table does not show how many Dominance
        Checks were resolved); else a lead of 4 victory points, which only a Dominance Check that ends the game
        leaves (victory points change at the checks alone)."""
        from engines.paxpamir.state import State
        from engines.paxpamir.table.build import seat_name

        s = previous if isinstance(previous, State) and previous.over else state.state
        points = sorted(((p.vp, seat) for seat, p in enumerate(s.players)), reverse=True)
        winner = s.winner if s.over else None
        if winner is None and len(points) > 1 and points[0][0] - points[1][0] >= 4:
            winner = points[0][1]
        if winner is None:
            return None
        scores = ", ".join(f"{seat_name(s, i)} {p.vp}" for i, p in enumerate(s.players))
        return Outcome(
            "the bot (Wakhan)" if s.players[winner].wakhan else seat_name(s, winner),
            "a Dominance Check ended the game (a lead of 4 victory points, or the last check)",
            f"victory points: {scores}",
        )

    def build_table(self, assets: Mapping[str, str], people: int = 1, *, seed: int = 0) -> SaveFile:
        return build_table(assets, humans=people, seed=seed)

    def write_assets(self, folder: Path) -> dict[str, str]:
        from engines.paxpamir.table.images import write_all

        return write_all(folder)

    def self_check(self) -> None:
        """A turn planned on a fresh table, then a few in-process games with Wakhan and without."""
        super().self_check()
        summary = selfplay.run(players=1, games=2, seed=1, progress=False, wakhan=True)
        if summary["errors"]:
            raise RuntimeError(summary.get("first_error", "self-play failed"))
        summary = selfplay.run(players=3, games=3, seed=1, progress=False)
        if summary["errors"]:
            raise RuntimeError(summary.get("first_error", "self-play failed"))

    def selfplay(self, *, games: int, seed: int, progress: bool, options: dict[str, Any]) -> dict[str, Any]:
        wakhan = bool(options.get("wakhan"))
        players = int(options.get("players") or (1 if wakhan else 3))
        if wakhan and players not in (1, 2):
            raise UsageError(f"Wakhan plays against 1 or 2 players (--players), not {players}")
        if not wakhan and not 2 <= players <= 5:
            raise UsageError(f"--players takes 2 to 5, not {players}")
        known = [*POLICIES, SEARCH]
        opponents = options.get("opponents") or (known if wakhan else ["random"])
        unknown = [o for o in opponents if o not in known]
        if unknown:
            raise UsageError(f"unknown --opponent {', '.join(unknown)} (choose from {', '.join(known)})")
        playouts = int(options.get("playouts") or PLAYOUTS)
        runs = {
            o: selfplay.run(
                players=players,
                games=search_games(games, options.get("search_games")) if o == SEARCH else games,
                seed=seed,
                progress=progress,
                wakhan=wakhan,
                opponent=o,
                playouts=playouts,
                jobs=int(options.get("jobs") or 1),
            )
            for o in opponents
        }
        if len(runs) == 1:
            return next(iter(runs.values()))
        return {"game": "paxpamir", "errors": sum(r["errors"] for r in runs.values()), "by_opponent": runs}

    def format_selfplay(self, summary: dict[str, Any]) -> str:
        from engines.selfplay_report import report

        runs = list(summary.get("by_opponent", {"": summary}).values())
        wakhan = runs[0]["wakhan"]
        who = "Wakhan (seat 0) against baseline players" if wakhan else "baseline players only"
        return report(
            f"Pax Pamir self-play, {who}, {runs[0]['games']} games per setting"
            + (" (fewer for search: see its row)" if len({r["games"] for r in runs}) > 1 else ""),
            bot="Wakhan" if wakhan else "the bot (none here)",
            seed=runs[0]["seed"],
            errors=sum(r["errors"] for r in runs),
            rows=[selfplay.summary_row(r) for r in runs],
        )
