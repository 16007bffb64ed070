"""What a game plugin is: a table layout, a reader, a bot, and a planner from decisions to commands.

A game is data with a state, legal actions and chance (as in boardgame.io and OpenSpiel): ``read`` turns a
:class:`~bridge.table.Table` into the game's own state; ``decide`` is the bot's procedure, drawing any chance
from the seeded ``rng`` it is given, and returns decisions that each carry the rule or priority step that
decided them; ``plan`` turns one decision into table commands. None of these does I/O, so every one can be
tested from a save file.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from bridge.commands import Command
from bridge.errors import AutomaError, MissingFeature
from bridge.records import quick_init
from bridge.table import SaveFile, Table, TableObject
from engines.ownerdata import OwnerData

if TYPE_CHECKING:  # engines.profile names Problem, from here
    from engines.profile import Profile, ProfileSpec

__all__ = [
    "Decision",
    "Game",
    "IllegalAction",
    "Options",
    "Outcome",
    "PersonMove",
    "Problem",
    "ReadError",
    "Reason",
    "TableProblem",
]

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT", bound=Hashable)


@quick_init
@dataclass(frozen=True, slots=True)
class Reason:
    """Why the bot chose: the rule, card line or priority step, and a sentence a player understands."""

    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]"


@dataclass(frozen=True)
class Decision(Generic[ActionT]):
    action: ActionT
    reason: Reason


@dataclass(frozen=True)
class Problem:
    """One thing on the table that cannot be read, and the object it is about (if any)."""

    message: str
    obj: TableObject | None = None

    def __str__(self) -> str:
        return f"{self.obj.describe()}: {self.message}" if self.obj else self.message


class IllegalAction(AutomaError, ValueError):
    """An action the rules, or the moment, do not allow (raised by a game's ``rules.apply``, its bot, and the
    person's moves); the text says why, in a player's words."""


class TableProblem(AutomaError, ValueError):
    """What the table holds does not let a read turn be carried out (a coin the plan must take is not where the
    rules put it); the text names the piece and the place. Raised while planning, after :class:`ReadError`'s
    checks passed."""


class ReadError(AutomaError):
    """The table does not describe a legal game state; nothing will be moved."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(str(p) for p in self.problems))


@dataclass(frozen=True)
class PersonMove:
    """One legal move of the person's on the table as read, as a page lists it: ``id`` names it within one
    listing, ``label`` says it in a player's words, ``group`` gathers alike moves (all deploys, all attacks)."""

    id: str
    label: str
    group: str = ""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended, as the page shows it at once: who won (``winner``: "you", "the bot"; or, with
    ``decided`` false, a sentence saying what the person must count, when the bot cannot tell), why, and the final
    score where the game scores."""

    winner: str
    why: str
    score: str = ""
    decided: bool = True  # False: the page does not call ``winner`` the winner (the person's score is not read)

    def to_json(self) -> dict[str, str | bool]:
        return {
            "winner": self.winner,
            "why": self.why,
            "score": self.score,
            "decided": self.decided,
            "headline": self.headline,
        }

    @property
    def headline(self) -> str:
        """The end's first line: "winner: the bot", or the sentence alone when the bot cannot tell who won."""
        return f"winner: {self.winner}" if self.decided else self.winner


@dataclass(frozen=True)
class Options:
    """Settings of one bot turn: difficulty, the game's named rule options (ambiguities), and the key of the game's
    panel button that asked for the turn ("" for Bot turn): in games whose bot stops for the person's answers, the
    button is the answer."""

    difficulty: str = ""
    rules: dict[str, Any] = field(default_factory=dict)
    button: str = ""


class Game(ABC, Generic[StateT, ActionT]):
    """A game plugin. Subclasses live in ``engines/<name>/`` and register with :mod:`engines.registry`."""

    name: ClassVar[str]
    title: ClassVar[str]
    difficulties: ClassVar[tuple[str, ...]] = ("normal",)
    checks_turns: ClassVar[bool] = False  # offers "Check my turn" (see after_turn and check_turn)
    people: ClassVar[tuple[int, ...]] = (1,)  # how many people may sit with the bot (``build_table``)
    buttons: ClassVar[tuple[tuple[str, str], ...]] = ()  # (key, label): the game's own buttons on the TTS panel
    button_help: ClassVar[dict[str, str]] = {}  # key: what a press of the button does, in a player's words
    plays_person: ClassVar[bool] = False  # lists the person's moves and plays them on the table (no TTS needed)
    table_events: ClassVar[tuple[str, ...]] = ()  # events its own mod script sends (see table_event)
    bot_turn_button: ClassVar[bool] = True  # the page's "Bot turn" (False: one of the game's buttons is it)

    @abstractmethod
    def read(self, table: Table) -> StateT:
        """The game state the table shows; raises :class:`ReadError` naming each unreadable object."""

    def read_table(self, table: Table) -> StateT:
        """:meth:`read`, after what no game can read is refused: objects the table model could not read (no valid
        position, say) and GUIDs that two objects share. (:func:`engines.registry.read_table` also refuses another
        game's table.)"""
        if table.problems:
            raise ReadError([Problem(p) for p in table.problems])
        return self.read(table)

    @abstractmethod
    def decide(self, state: StateT, rng: random.Random, options: Options) -> list[Decision[ActionT]]:
        """The bot's whole turn, in order."""

    @abstractmethod
    def plan(self, state: StateT, decision: Decision[ActionT], table: Table) -> list[Command]:
        """Table commands that carry out one decision."""

    @abstractmethod
    def build_table(self, assets: Mapping[str, str], people: int = 1, *, seed: int = 0) -> SaveFile:
        """A fresh game's table (objects only; :mod:`bridge.modbuild` adds the connector and panel). ``assets``
        maps image names to the URLs :meth:`write_assets` returned (empty when no images were written);
        ``people`` is one of :attr:`people`; ``seed`` deals the set-up's chance (units drafted, decks and markets
        shuffled): the same seed, the same table."""

    def write_assets(self, folder: Path) -> dict[str, str]:
        """Write the table's images into ``folder``; image name -> URL. None by default."""
        return {}

    def after_turn(self, state: StateT, decisions: Sequence[Decision[ActionT]]) -> Any:
        """What the bot's turn left on the table, once its decisions were planned (for :meth:`check_turn`)."""
        return None

    def after_to_json(self, after: Any) -> Any:
        """What a turn left (:meth:`after_turn`, :meth:`play_person`) as JSON, for a saved game to carry on after a
        restart; None (the default) for a game that reads all it needs from the table."""
        return None

    def after_from_json(self, data: Any) -> Any:
        """The inverse of :meth:`after_to_json`; raises ValueError (or KeyError, TypeError) on data it cannot take."""
        return None

    def check_turn(self, previous: Any, table: Table) -> tuple[bool, list[str]]:
        """Whether the table is one legal turn of the person's away from ``previous``; lines for the chat. Raises
        :class:`~bridge.errors.MissingFeature` in a game without :attr:`checks_turns`."""
        raise MissingFeature(f"{self.title} cannot check turns")

    def person_moves(self, previous: Any, table: Table) -> list[PersonMove]:
        """The person's legal moves now, on ``table`` after :meth:`after_turn` left ``previous`` (None before the
        bot's first turn); empty when it is not the person's turn. Only games with :attr:`plays_person`."""
        return []

    def play_person(self, previous: Any, table: Table, move_id: str, rng: random.Random) -> tuple[list[Command], Any]:
        """Commands that carry out the person's move ``move_id`` of :meth:`person_moves` (chance, such as drawing
        from a bag, from ``rng``), and what the table then holds (the next ``previous``). Raises
        :class:`IllegalAction` for a move not listed now, and MissingFeature in a game without :attr:`plays_person`."""
        raise MissingFeature(f"{self.title} cannot play the person's moves")

    data: OwnerData[Any] | None = None  # games whose card contents are not public: the owner's data
    profile: Profile | None = None  # the table profile the reader finds objects by; None: the built table's

    def profile_spec(self) -> ProfileSpec | None:
        """The roles this game's reader asks a table profile for (engines/profile.py); None for a game that reads
        only the table it built."""
        return None

    def use_profile(self, profile: Profile | None) -> None:
        """Read tables through ``profile`` (checked against :meth:`profile_spec`); None: the built table's."""
        if profile is not None and self.profile_spec() is None:
            raise NotImplementedError(f"{self.title} reads only the table it builds (no table profiles yet)")
        self.profile = profile

    def use_data(self, path: Path | None, allow_sample: bool) -> None:
        """``--data FILE`` / ``--allow-sample``: the owner's data for games whose card contents are not public."""
        if self.data is not None:
            self.data.use(path, allow_sample)
        elif path is not None or allow_sample:
            raise MissingFeature(f"{self.title} takes no owner data (--data, --allow-sample)")

    def table_event(self, name: str, fields: dict[str, Any], table: Table) -> tuple[bool, list[str]]:
        """An event of :attr:`table_events` from the game's own mod script, with the table as it is: whether it
        was taken, and lines for the chat that say what came of it (or what is wrong, and where)."""
        raise MissingFeature(f"{self.title} has no table event {name!r}")

    def difficulty_chosen(self, table: Table, options: Options) -> list[str]:
        """Lines said when the person chooses ``options.difficulty`` (on the panel): what it will change on this
        table and what it cannot, for a game whose levels differ in more than the bot's choices. None by default."""
        return []

    def recorded_difficulty(self, table: Table) -> str | None:
        """The level ``table`` records it is played at (White Castle keeps it on the bot's Influence marker), which a
        session plays until the person says one; None for a game that records none, or a table it cannot read."""
        return None

    def button(self, key: str) -> str | None:
        """A press of one of :attr:`buttons`: the label of the person's move it stands for, carried out before the
        bot's turn ("" for none: the press is a Bot turn); None for a key the game does not know."""
        return None

    def data_settings(self) -> tuple[Path | None, bool]:
        """What :meth:`use_data` was given, for a reloaded game (``automa dev``) to take on."""
        return self.data.settings() if self.data is not None else (None, False)

    def check_data(self, path: Path) -> list[str]:
        """``automa data check GAME FILE``: whether an owner's data file (card contents that are not public) loads;
        lines to print. Raises with the entry and field that are wrong; MissingFeature in a game without owner
        data."""
        raise MissingFeature(f"{self.title} takes no owner data")

    def describe_table(self, state: StateT) -> dict[str, Any] | None:
        """What the dashboard draws of the table as read (JSON-ready; ``kind`` names the drawing). None: a plain
        list of objects."""
        return None

    def outcome(self, state: StateT, options: Options, previous: Any = None) -> Outcome | None:
        """How the game on the table ended (scored with the bot's ``options``; ``previous``: what the last turn left,
        as for :meth:`person_moves`, for what the table alone does not show); None while it goes on (the page shows
        the end at once, without another press of Bot turn)."""
        return None

    def refuse_press(self, state: StateT, moves: Sequence[PersonMove], button: str = "") -> str | None:
        """Why a press of Bot turn (``button``: a key of :attr:`buttons`) is not the bot's to take now, in a
        player's words; None when it is. ``moves``: the person's listed moves. By default a game that plays the
        person's side is the person's to move while it lists moves for them (a button that stands for a move of
        theirs, such as a pass, is theirs to press then)."""
        if self.plays_person and moves and not (button and self.button(button)):
            return "it is your turn: make your move (listed under Your move) first, then the bot plays"
        return None

    def self_check(self) -> None:
        """A quick check that the rules work, run before reloaded rules replace running ones (``automa dev``):
        by default, read a fresh table and plan a turn on it. Raises on any problem."""
        import random

        from bridge.table import Table

        state = self.read(Table.from_save(self.build_table({})))
        for decision in self.decide(state, random.Random(0), Options(self.default_difficulty)):
            self.plan(state, decision, Table.from_save(self.build_table({})))

    def selfplay(self, *, games: int, seed: int, progress: bool, options: dict[str, Any]) -> dict[str, Any]:
        """Bot against baseline policies, in-process; a JSON-ready summary with an ``errors`` count. Raises
        MissingFeature in a game without self-play."""
        raise MissingFeature(f"{self.title} has no self-play yet")

    def format_selfplay(self, summary: dict[str, Any]) -> str:
        """The summary for a terminal."""
        import json

        return json.dumps(summary, indent=2)

    def mod_lua(self) -> str:
        """Extra Global Lua for this game's table, appended after the connector (none by default)."""
        return ""

    @property
    def default_difficulty(self) -> str:
        return self.difficulties[0]
