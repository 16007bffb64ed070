"""Heroes of Land, Air & Sea as a game plugin: the solo Enemy on a TTS table against one person.

Each press of one of the table's buttons is one step of the bot: Bot action (its next action), and the answers it
waits for (Follow done, Interrupt/none, Tactic chosen, Tactic cancels?). What it waits for lies on the table (the
prompt marker), so a reload or a restarted bridge loses nothing. The cards, the faction board and the map come
from the owner (``--data FOLDER``); the fictional sample plays only with ``--allow-sample`` and says SAMPLE DATA in
the chat every turn."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from pydantic import ValidationError

from bridge.commands import Command
from bridge.errors import UsageError
from bridge.table import SaveFile, Table
from engines.base import Decision, Game, Options, Outcome, PersonMove
from engines.holas import rules, selfplay
from engines.holas.bot import ANSWERS, BUTTONS, WAITS, Enemy, Step, waiting
from engines.holas.data_model import HolasData, find_data, load_file
from engines.holas.options import OPTION_TYPES, BotOptions
from engines.holas.state import PlayerArmy, State
from engines.holas.table import layout, person
from engines.holas.table.build import build_table
from engines.holas.table.plan import Planner
from engines.holas.table.read import TableView, read_table
from engines.holas.table.roles import spec
from engines.options import options_from_text
from engines.ownerdata import OwnerData, OwnerDataError, first_error
from engines.profile import ProfileSpec
from engines.tablekit import planned, state_after, state_from_json, state_to_json

SAMPLE = "SAMPLE DATA (fictional cards, board and map)"


class Holas(Game[TableView, Step]):
    name = "holas"
    title = "Heroes of Land, Air & Sea: the solo Enemy"
    buttons = tuple(BUTTONS.items())
    button_help: ClassVar[dict[str, str]] = {
        "bot_action": "The bot's next action (the next of its Hero Slots)",
        "follow_done": "You followed the bot's action (spending a Courtyard Serf) or chose not to: the bot goes on",
        "interrupt_none": "You do not interrupt the bot's spell, or your tactic does not cancel its: the bot goes on",
        "tactic_chosen": "You chose your tactic and set its strength (under Your move): the bot goes on",
        "tactic_cancels": "Your tactic cancels the bot's tactic: the bot goes on without it",
    }
    bot_turn_button = False  # its Bot action is the bot turn: the page shows that one alone
    plays_person = True
    table_events = ("map", "drawing")  # the TTS editor's drawing (table positions); the dashboard's (board frame)

    def __init__(self) -> None:
        self.owned: OwnerData[HolasData] = OwnerData(lambda path, sample: find_data(path, allow_sample=sample))
        self.data = self.owned

    def button(self, key: str) -> str | None:
        """Every button is a step of the bot's; which one it answers is the key (:class:`Options`)."""
        return "" if key in BUTTONS else None

    def read(self, table: Table) -> TableView:
        return read_table(table, self.owned.value, self.profile)

    def profile_spec(self) -> ProfileSpec:
        """The roles of the data in play (its units, cards and map; the owner's file or the sample while none is
        named, as a self-check takes them): a profile is checked against the data it is played with."""
        return spec(self.owned.for_check())

    def decide(self, state: TableView, rng: random.Random, options: Options) -> list[Decision[Step]]:
        data = self.owned.value
        planner = Planner(state, data)
        state.planner = planner
        announce = SAMPLE if data.sample else ""
        bot_options: BotOptions = options_from_text(BotOptions, OPTION_TYPES, options.rules, what="Enemy")
        enemy = Enemy(state.state.copy(), data, rng, on_step=planner.record, announce=announce, options=bot_options)
        return enemy.resume(options.button or "bot_action")

    def plan(self, state: TableView, decision: Decision[Step], table: Table) -> list[Command]:
        return planned(state, decision)

    def after_turn(self, state: TableView, decisions: Sequence[Decision[Step]]) -> Any:
        return state_after(state)

    def after_to_json(self, after: Any) -> Any:
        return state_to_json(after, State)

    def after_from_json(self, data: Any) -> Any:
        return state_from_json(data, State)

    def table_event(self, name: str, fields: dict[str, Any], table: Table) -> tuple[bool, list[str]]:
        """``map send`` in the TTS map editor, or Save map in the dashboard's: the drawing, checked, written as the
        owner's ``map.json``."""
        from engines.holas import mapmaker

        boards = table.with_tag(layout.BOARD_TAG)
        if name == "map" and len(boards) != 1:
            return False, [f"the map was not saved: the table needs one board tagged '{layout.BOARD_TAG}' to draw on"]
        try:
            text = str(fields.get("drawing") or "")
            if name == "map":
                drawing = mapmaker.from_table(
                    mapmaker.LuaDrawing.model_validate_json(text), layout.board_frame(boards[0])
                )
            else:
                drawing = mapmaker.Drawing.model_validate_json(text)
            made = mapmaker.make_map(drawing)
            path = mapmaker.save_map(made, self.owned.path)
        except ValidationError as exc:
            return False, [f"the map was not saved: the editor's message is not a drawing ({first_error(exc)})"]
        except (OwnerDataError, OSError) as exc:
            return False, [f"the map was not saved: {exc}"]
        kinds = Counter(e.kind for e in made.edges)
        links = ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items()))
        return True, [
            f"the map is saved: {path} ({len(made.regions)} regions; links: {links}); the bot plays on it from the "
            "next start of the bridge"
        ]

    def person_moves(self, previous: Any, table: Table) -> list[PersonMove]:
        return person.moves(self.read(table), self.owned.value)

    def play_person(self, previous: Any, table: Table, move_id: str, rng: random.Random) -> tuple[list[Command], Any]:
        return person.play(self.read(table), self.owned.value, move_id, rng)

    def describe_table(self, state: TableView) -> dict[str, Any]:
        return person.describe(state, self.owned.value)

    def outcome(self, state: TableView, options: Options, previous: Any = None) -> Outcome | None:
        s = state.state
        if not rules.over(s):
            return None
        whose = "your" if s.destroyed == "you" else "the bot's"
        why = (
            f"{whose} Capital City is destroyed: the game is over at once (L208)"
            if s.destroyed
            else f"round {s.final_round}, the last round, is played"
        )
        return ending(s, why)

    def refuse_press(self, state: TableView, moves: Sequence[PersonMove], button: str = "") -> str | None:
        """Each button answers what the bot waits for (the table's prompt marker); any other press is refused."""
        pending = state.state.pending
        key = button or "bot_action"
        if pending is not None and key not in ANSWERS[pending.ask]:
            return f"the bot waits for {WAITS[pending.ask]}"
        if pending is None and key not in ("bot_action", "tactic_chosen"):
            return f"nothing waits for {BUTTONS[key]}: press Bot action for the bot's next action"
        if pending is None and key == "bot_action" and state.state.contested():
            return f"the bot waits for {waiting(state.state)}"
        return None

    def build_table(self, assets: Mapping[str, str], people: int = 1, *, seed: int = 0) -> SaveFile:
        if people != 1:
            raise UsageError("the Enemy plays against one person")
        data = self.owned.value
        state = rules.new_game(data, rules.bot_capital_site(data), random.Random(seed))
        # L24: your Capital first, then the bot's on a continent next to it (move either to choose; the bot checks)
        yours = rules.person_capital_site(data, state.capital)
        if yours:
            state.player[yours] = PlayerArmy(0, structure=True, capital=True)
        return build_table(state, data, assets)

    def self_check(self) -> None:
        """Whole in-process games (the rules), then a step planned on a fresh table when the data is set up."""
        summary = selfplay.run(self.owned.for_check(), games=2, seed=1, progress=False)
        if summary["errors"]:
            raise RuntimeError(summary.get("first_error", "self-play failed"))
        if self.owned.chosen:
            super().self_check()

    def selfplay(self, *, games: int, seed: int, progress: bool, options: dict[str, Any]) -> dict[str, Any]:
        return selfplay.run(
            self.owned.value, games=games, seed=seed, progress=progress, jobs=int(options.get("jobs") or 1)
        )

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


def ending(s: State, why: str) -> Outcome:
    """Who won a finished game, read from both score markers. L208: points are "totalled as normal", and your
    end-of-game points are yours to add to your marker (the bot's score is its marker's: its Heroes score 0, and it
    is given no other end-of-game points here); so the winner is named once you lead (adding cannot lower you) or
    once your final-scoring marker is on 'done', and until then the end says the count to make and how to say it is
    made."""
    you, bot = s.person.pts, s.pts
    score = f"you {you}, the bot {bot} (its Heroes score 0), on the score track"
    if s.scored:
        why = f"{why}; your final scoring is done (your final-scoring marker says so)"
        if you == bot:
            return Outcome(f"a tie at {you}: the rulebook's tie-breaker decides, which the table does not show", why,
                           score, decided=False)  # fmt: skip
        return Outcome("you" if you > bot else "the bot", why, score)
    if you > bot:
        return Outcome("you", f"{why}; you lead, and your end-of-game points (L208) only add to your score", score)
    lead = f"a tie at {you}" if you == bot else f"the bot leads {bot} to {you}"
    return Outcome(
        f"{lead}: add your end-of-game points to your score marker (points totalled as normal, L208; {bot - you + 1} "
        "more and you win), then move your final-scoring marker, right of the round track, to 'done'",
        why,
        score,
        decided=False,
    )
