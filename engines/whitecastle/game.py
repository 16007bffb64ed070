"""The White Castle as a game plugin: the Polish solo automa on a TTS table against one person.

The solo deck's contents come from the owner (``--data FILE`` or the per-user config folder); the project's
fictional sample plays only with ``--allow-sample``, and the bot then says SAMPLE DATA in the chat every turn.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from bridge.commands import Command
from bridge.errors import UsageError
from bridge.table import SaveFile, Table
from engines.base import Decision, Game, Options, Outcome, PersonMove, ReadError, Reason
from engines.options import options_from_text
from engines.ownerdata import OwnerData
from engines.profile import ProfileSpec
from engines.tablekit import planned, state_after, state_from_json, state_to_json
from engines.whitecastle import actions, difficulty, rules, selfplay
from engines.whitecastle.board import Difficulty
from engines.whitecastle.bot import bot_turn
from engines.whitecastle.deck import SoloDeck, find_deck, load_deck
from engines.whitecastle.ending import ending
from engines.whitecastle.options import OPTION_TYPES, BotOptions
from engines.whitecastle.state import State
from engines.whitecastle.table import check, person
from engines.whitecastle.table.build import build_table
from engines.whitecastle.table.level import LEVELS
from engines.whitecastle.table.plan import Planner
from engines.whitecastle.table.read import TableView, read_table
from engines.whitecastle.table.roles import spec

SAMPLE = "SAMPLE DATA (fictional cards, not the real deck)"


class WhiteCastle(Game[TableView, Any]):
    name = "whitecastle"
    title = "The White Castle: the Polish solo automa"
    difficulties = ("easy", "medium", "hard")
    plays_person = True
    checks_turns = True

    def __init__(self) -> None:
        self.owned: OwnerData[SoloDeck] = OwnerData(lambda path, sample: find_deck(path, allow_sample=sample))
        self.data = self.owned

    @property
    def deck(self) -> SoloDeck:
        return self.owned.value

    @property
    def default_difficulty(self) -> str:
        return "medium"

    def read(self, table: Table) -> TableView:
        return read_table(table, self.deck, profile=self.profile)

    def profile_spec(self) -> ProfileSpec:
        """The roles of the owner's deck: one per card, so the deck is loaded (``--data``) before a profile is."""
        return spec(self.deck)

    def decide(self, state: TableView, rng: random.Random, options: Options) -> list[Decision[Any]]:
        bot_options: BotOptions = options_from_text(BotOptions, OPTION_TYPES, options.rules, what="White Castle bot")
        level = self._level(options)
        now = state.state.copy()
        planner = Planner(state, self.deck)
        state.planner = planner
        announce = SAMPLE if self.deck.sample else ""
        if now.over:
            end, scores = ending(now, self.deck), (rules.bot_score(now, self.deck), rules.person_score(now, self.deck))
            totals = f"the bot scores {scores[0]['total']}, you {scores[1]['total']} on the table"
            text = f"the game is over: {totals}; {end.headline} ({end.score})"
            decision: Decision[Any] = Decision(
                actions.NoEffect("game over"), Reason("W12: the bot's final score", text)
            )
            planner.record(decision, now)
            return [decision]
        return bot_turn(now, self.deck, rng, bot_options, on_step=planner.record, announce=announce, level=level)

    def _level(self, options: Options) -> Difficulty:
        wanted = options.difficulty or self.default_difficulty
        level = next((lv for lv in LEVELS if lv == wanted), None)
        if level is None:
            raise UsageError(f"difficulty {wanted!r} is not one of {', '.join(self.difficulties)}")
        return level

    def difficulty_chosen(self, table: Table, options: Options) -> list[str]:
        """What the level chosen will do at the bot's next turn: set its start (before its first turn), or change
        its bonuses and not its start (after it). Nothing on a table that cannot be read (Bot turn names why)."""
        try:
            view = self.read_table(table)
        except ReadError:
            return []
        bot_options: BotOptions = options_from_text(BotOptions, OPTION_TYPES, options.rules, what="White Castle bot")
        return [difficulty.note(view.state, self._level(options), bot_options)]

    def recorded_difficulty(self, table: Table) -> str | None:
        try:
            return self.read_table(table).state.difficulty
        except ReadError:  # the bot's turn names what is wrong
            return None

    def plan(self, state: TableView, decision: Decision[Any], table: Table) -> list[Command]:
        return planned(state, decision)

    def after_turn(self, state: TableView, decisions: Sequence[Decision[Any]]) -> Any:
        return state_after(state)

    def after_to_json(self, after: Any) -> Any:
        return state_to_json(after, State)

    def after_from_json(self, data: Any) -> Any:
        return state_from_json(data, State)

    def check_turn(self, previous: Any, table: Table) -> tuple[bool, list[str]]:
        try:
            now = read_table(table, self.deck, round_done=True, profile=self.profile).state
        except ReadError as exc:
            return False, [f"The table cannot be read: {p}" for p in exc.problems]
        return check.check_turn(previous, now)

    def person_moves(self, previous: Any, table: Table) -> list[PersonMove]:
        return person.moves(self.read(table))

    def play_person(self, previous: Any, table: Table, move_id: str, rng: random.Random) -> tuple[list[Command], Any]:
        return person.play(self.read(table), move_id, rng)

    def describe_table(self, state: TableView) -> dict[str, Any]:
        return person.describe(state)

    def outcome(self, state: TableView, options: Options, previous: Any = None) -> Outcome | None:
        return ending(state.state, self.deck) if state.state.over else None

    def build_table(self, assets: Mapping[str, str], people: int = 1, *, seed: int = 0) -> SaveFile:
        if people != 1:
            raise UsageError("The White Castle's solo automa plays against one person")
        return build_table(rules.new_game(self.deck, "medium", random.Random(seed)), self.deck, assets)

    def write_assets(self, folder: Path) -> dict[str, str]:
        from engines.whitecastle.table.images import write_all

        return write_all(folder, self.deck)

    def self_check(self) -> None:
        """Whole in-process games (the rules), then a turn planned on a fresh table."""
        deck = self.owned.for_check()
        summary = selfplay.run(deck, games=2, seed=1, progress=False)
        if summary["errors"]:
            raise RuntimeError(summary["results"])
        if self.owned.chosen:
            super().self_check()

    def check_data(self, path: Path) -> list[str]:
        deck = load_deck(path)
        kind = "SAMPLE DATA (fictional cards)" if deck.sample else "the owner's transcription"
        return [f"{path}: {len(deck.cards)} cards, {kind}; it loads", *deck.warnings()]

    def selfplay(self, *, games: int, seed: int, progress: bool, options: dict[str, Any]) -> dict[str, Any]:
        return selfplay.run(
            self.deck,
            games=games,
            seed=seed,
            levels=options.get("difficulties"),
            progress=progress,
            jobs=int(options.get("jobs") or 1),
        )

    def format_selfplay(self, summary: dict[str, Any]) -> str:
        from engines.selfplay_report import report

        sample = f" — {SAMPLE}" if summary["sample"] else ""
        text = report(
            f"The White Castle self-play, the bot against a scripted person, {summary['games']} games per "
            f"difficulty{sample}",
            bot="the bot",
            seed=summary["seed"],
            errors=summary["errors"],
            rows=selfplay.rows(summary),
        )
        return text + (
            "\nscripted: a person who takes a legal die at random and puts it where they can pay for it (a free space, "
            "the Well or their domain; their coins are kept, their clan points are not modelled, so no win rate: the "
            "bot's score stands in)."
        )
