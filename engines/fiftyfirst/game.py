"""51st State as a game plugin: the virtual player on a TTS table against one person.

The cards' contents come from the owner (``--data FILE`` or the per-user config folder); the project's fictional
sample plays only with ``--allow-sample``, and the bot then says SAMPLE DATA in the chat every turn."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from bridge.commands import Command
from bridge.errors import UsageError
from bridge.table import SaveFile, Table
from engines.base import Decision, Game, Options, Outcome, PersonMove, Reason
from engines.fiftyfirst import actions, rules, selfplay
from engines.fiftyfirst.bot import bot_turn
from engines.fiftyfirst.cards import Locations, find_locations, load_locations
from engines.fiftyfirst.options import OPTION_TYPES, BotOptions
from engines.fiftyfirst.state import State
from engines.fiftyfirst.table import person, roles
from engines.fiftyfirst.table.build import build_table
from engines.fiftyfirst.table.plan import Planner
from engines.fiftyfirst.table.read import TableView, read_table
from engines.options import options_from_text
from engines.ownerdata import OwnerData
from engines.profile import ProfileSpec
from engines.tablekit import planned, state_after, state_from_json, state_to_json

SAMPLE = "SAMPLE DATA (fictional cards, not the real ones)"


def _not_your_pass(s: State) -> str:
    """Why Pass is not the person's to press now, in a player's words."""
    if s.phase == "over":
        return "the game is over: there is nothing left to pass"
    if s.phase != "action":
        return "you pass in the Action phase only: press Bot turn for the bot's Lookout steps"
    if s.person_passed:
        return "you have passed this round: press Bot turn"
    return "it is the bot's action after yours: press Bot turn"


class FiftyFirst(Game[TableView, Any]):
    name = "fiftyfirst"
    title = "51st State: Master Set: the virtual player"
    plays_person = True
    buttons = (("pass", "Pass"), ("pick_done", "Pick done"), ("choose", "Choose target"))
    button_help: ClassVar[dict[str, str]] = {
        "pass": "You pass for the round (your pass token into the passed zone); then the bot takes its step",
        "pick_done": "After your Lookout pick: the bot takes its card (as Bot turn does)",
        "choose": "After you laid the target token on the location the bot razes (or picked it): the bot goes on",
    }

    def __init__(self) -> None:
        self.owned: OwnerData[Locations] = OwnerData(lambda path, sample: find_locations(path, allow_sample=sample))
        self.data = self.owned

    @property
    def cards(self) -> Locations:
        return self.owned.value

    def button(self, key: str) -> str | None:
        """Pass: your pass (the token into the "passed" zone), then the bot's step. Pick done and Choose target: the
        bot's step (after your Lookout pick; after you laid the target token on the location it razes)."""
        return {"pass": "pass", "pick_done": "", "choose": ""}.get(key)

    def read(self, table: Table) -> TableView:
        return read_table(table, self.cards, self.profile)

    def profile_spec(self) -> ProfileSpec:
        """The roles the reader asks for, a location card's for each card of the owner's data."""
        return roles.spec(self.cards)

    def decide(self, state: TableView, rng: random.Random, options: Options) -> list[Decision[Any]]:
        bot_options: BotOptions = options_from_text(BotOptions, OPTION_TYPES, options.rules, what="virtual player")
        now = state.state.copy()
        planner = Planner(state, self.cards)
        state.planner = planner
        end = self.outcome(state, options)
        if end is not None:
            verdict = "the bot wins" if end.winner == "the bot" else "you win"
            text = f"the game is over: {end.score}: {verdict} (a tie is the bot's)"
            decision: Decision[Any] = Decision(actions.GameOver(), Reason('End: "add 1 ... for each Location"', text))
            planner.record(decision, now)
            return [decision]
        announce = SAMPLE if self.cards.sample else ""
        return bot_turn(now, self.cards, rng, bot_options, on_step=planner.record, announce=announce)

    def plan(self, state: TableView, decision: Decision[Any], table: Table) -> list[Command]:
        return planned(state, decision)

    def after_turn(self, state: TableView, decisions: Sequence[Decision[Any]]) -> Any:
        return state_after(state)

    def after_to_json(self, after: Any) -> Any:
        return state_to_json(after, State)

    def after_from_json(self, data: Any) -> Any:
        return state_from_json(data, State)

    def person_moves(self, previous: Any, table: Table) -> list[PersonMove]:
        return person.moves(self.read(table), self.cards, previous)

    def play_person(self, previous: Any, table: Table, move_id: str, rng: random.Random) -> tuple[list[Command], Any]:
        return person.play(self.read(table), self.cards, move_id, rng, previous)

    def refuse_press(self, state: TableView, moves: Sequence[PersonMove], button: str = "") -> str | None:
        """Bot turn in the Action phase is the bot's action after yours, made by hand or from the list; it is refused
        only while the bot waits for you (your Lookout pick, the target it asks about). Pass is yours only while
        your pass is among your moves (not during the bot's steps, nor once you passed)."""
        s = state.state
        if button == "pass":
            return None if any(m.label == "pass" for m in moves) else _not_your_pass(s)
        if s.choosing and s.chosen is None:
            return "the bot asks which location it razes: lay the target token on it, then press Choose target"
        if button == "choose":
            return None if s.chosen is not None else "the bot asks nothing now: press Bot turn"
        if s.phase == "lookout" and rules.to_move(s) == "person":
            return "take one Lookout card into your hand first (or choose it under Your move)"
        return None

    def describe_table(self, state: TableView) -> dict[str, Any]:
        return person.describe(state, self.cards)

    def outcome(self, state: TableView, options: Options, previous: Any = None) -> Outcome | None:
        now = state.state
        if now.phase != "over":
            return None
        bot_options: BotOptions = options_from_text(BotOptions, OPTION_TYPES, options.rules, what="virtual player")
        final = rules.final_count(now, bot_options)
        bot_wins = final["bot"] >= final["person"]
        score = f"you {final['person']}, the bot {final['bot']}"
        if not bot_wins:
            score += "; " + rules.achievement(final["person"], self.cards.dataset.achievements)
        return Outcome(
            "the bot" if bot_wins else "you",
            "the last round is over; a point for each location in your State (a tie is the bot's)",
            score,
        )

    def build_table(self, assets: Mapping[str, str], people: int = 1, *, seed: int = 0) -> SaveFile:
        if people != 1:
            raise UsageError("the virtual player plays against one person")
        return build_table(rules.new_game(self.cards, random.Random(seed), hand=0), self.cards, assets)

    def write_assets(self, folder: Path) -> dict[str, str]:
        from engines.fiftyfirst.table.images import write_all

        return write_all(folder, self.cards)

    def self_check(self) -> None:
        """Whole in-process games (the rules), then a turn planned on a fresh table when the data is set up."""
        summary = selfplay.run(self.owned.for_check(), games=3, seed=1, progress=False)
        if summary["errors"]:
            raise RuntimeError(summary.get("first_error", "self-play failed"))
        if self.owned.chosen:
            super().self_check()

    def check_data(self, path: Path) -> list[str]:
        cards = load_locations(path)
        kind = "SAMPLE DATA (fictional cards)" if cards.sample else "the owner's transcription"
        return [f"{path}: {len(cards.cards)} locations, {len(cards.deck())} cards with copies, {kind}; it loads"]

    def selfplay(self, *, games: int, seed: int, progress: bool, options: dict[str, Any]) -> dict[str, Any]:
        return selfplay.run(self.cards, games=games, seed=seed, progress=progress, jobs=int(options.get("jobs") or 1))

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
