"""A page game kept across restarts of ``automa serve --emulator``: the emulated table and what the session needs to
carry on, in one JSON file per game outside the repository, written whole or not at all.

The file holds the table as TTS would save it (``World.to_save``), the bot's turns as the page lists them, the
difficulty and the game's options, what the last turn left (whose turn it is, where the table cannot show it) and
the state of both random generators (the bot's draws and the emulator's shuffles), so that a seeded game resumed
plays the same next turn as one never stopped. A file that is not such a game is named with what is wrong, and
never overwritten.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from bridge.errors import AutomaError
from bridge.session import Session
from bridge.table import SaveFile, SaveFileError

log = logging.getLogger(__name__)
FORMAT = "tabletop-automa saved game"
VERSION = 1


class SavedGameError(AutomaError, ValueError):
    """A saved game that cannot be read or carried on; the text names the file and what is wrong."""


def games_dir() -> Path:
    """The per-user data folder saved games go to (XDG's data home), never the repository."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "tabletop-automa" / "games"


def default_path(game: str) -> Path:
    return games_dir() / f"{game}.json"


class SavedGame(BaseModel):
    """One saved game, as the file holds it (every field checked on reading)."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["tabletop-automa saved game"] = "tabletop-automa saved game"  # FORMAT
    version: int = VERSION
    game: str
    saved_at: str
    table_seed: int  # the emulator's seed (its fresh table was dealt with it)
    difficulty: str
    difficulty_source: Literal["table", "panel", "fixed"]
    rules: dict[str, Any]
    bot_random: list[Any]  # the bot's chance draws (random.Random.getstate, as JSON)
    table_random: list[Any]  # the emulator's shuffles, rolls and new GUIDs
    last_after: Any  # Game.after_to_json of what the last turn left
    bot_left: Any  # the same for the bot's last turn (Check my turn)
    turns: list[dict[str, Any]]
    table: dict[str, Any]  # a TTS save


def random_state(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def set_random_state(rng: random.Random, state: list[Any]) -> None:
    """Raises ValueError on a state that is not one ``random.Random.getstate`` gives."""
    try:
        version, internal, gauss = state
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"not the state of a random generator ({exc})") from None


def capture(session: Session, world: Any, table_seed: int) -> SavedGame:
    """The game as it stands (``world``: the emulator's tools.emulator.World)."""
    game = session.game
    return SavedGame(
        game=game.name,
        saved_at=time.strftime("%Y-%m-%d %H:%M:%S"),
        table_seed=table_seed,
        difficulty=session.difficulty,
        difficulty_source=session.difficulty_source,
        rules=dict(session.rules),
        bot_random=random_state(session.seeds),
        table_random=random_state(world.rng),
        last_after=game.after_to_json(session.last_after),
        bot_left=game.after_to_json(session.bot_left),
        turns=list(session.played),
        table=world.to_save().to_dict(),
    )


def write(path: Path, saved: SavedGame) -> None:
    """Write ``saved`` whole: to a temporary file beside ``path``, then renamed over it (a stop or a crash part-way
    leaves the last saved game as it was)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with temporary.open("w", encoding="utf-8") as out:
            json.dump(saved.model_dump(), out, ensure_ascii=False)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def read(path: Path) -> SavedGame:
    """The saved game in ``path``; raises SavedGameError naming the file and what is wrong."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SavedGameError(f"{path}: no saved game there") from None
    except OSError as exc:
        raise SavedGameError(f"{path}: cannot read it: {exc.strerror}") from None
    except (ValueError, RecursionError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise SavedGameError(f"{path}: not a saved game: it is not JSON ({str(exc)[:120]})") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise SavedGameError(f'{path}: not a saved game of Tabletop Automa (no "format": "{FORMAT}" in it)')
    if raw.get("version") != VERSION:
        raise SavedGameError(
            f"{path}: a saved game of version {raw.get('version')!r}; this automa reads version {VERSION} only"
        )
    try:
        return SavedGame.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "the file"
        more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
        raise SavedGameError(f"{path}: a damaged saved game: {where}: {first['msg']}{more}") from None


def load(path: Path, game: str) -> tuple[SavedGame, SaveFile]:
    """The saved game of ``game`` in ``path`` and its table, checked whole before anything starts."""
    saved = read(path)
    if saved.game != game:
        raise SavedGameError(
            f"{path}: a saved game of {saved.game!r}, not {game!r}: resume it with 'automa serve {saved.game} "
            "--emulator --resume', or name another file with --game-file"
        )
    try:
        table = SaveFile.from_file_dict(saved.table, f"{path}: a damaged saved game: its table")
    except SaveFileError as exc:
        raise SavedGameError(str(exc)) from None
    return saved, table


def check_replaceable(path: Path, game: str) -> str:
    """Before a new game is saved in ``path``: "" when nothing is there, a sentence naming the game it replaces;
    raises SavedGameError when the file holds anything else (it is never overwritten)."""
    if not path.exists():
        return ""
    try:
        saved = read(path)
    except SavedGameError as exc:
        text = f"{exc}. It is left as it is: move it away, or name another file with --game-file"
        raise SavedGameError(text) from None
    if saved.game != game:
        raise SavedGameError(
            f"{path} holds a saved game of {saved.game!r}: it is left as it is; name another file with --game-file"
        )
    return (
        f"once a turn is played, this new game replaces the one saved there at {saved.saved_at} (--resume carries "
        "that one on)"
    )


def restore(session: Session, saved: SavedGame, path: Path) -> None:
    """The session as it was when ``saved`` was written (the emulator's generator is set with the table)."""
    game = session.game
    if saved.difficulty not in game.difficulties:
        raise SavedGameError(
            f"{path}: a damaged saved game: difficulty {saved.difficulty!r} is not one of {game.title}'s "
            f"({', '.join(game.difficulties)})"
        )
    steps: list[tuple[str, Callable[[], Any]]] = [
        ("bot_random", lambda: set_random_state(session.seeds, saved.bot_random)),
        ("table_random", lambda: set_random_state(random.Random(), saved.table_random)),  # set once loaded
        ("last_after", lambda: setattr(session, "last_after", game.after_from_json(saved.last_after))),
        ("bot_left", lambda: setattr(session, "bot_left", game.after_from_json(saved.bot_left))),
    ]
    for field, step in steps:
        try:
            step()
        except (KeyError, TypeError, ValueError) as exc:
            raise SavedGameError(f"{path}: a damaged saved game: {field}: {type(exc).__name__}: {exc}") from None
    session.difficulty, session.difficulty_source = saved.difficulty, saved.difficulty_source
    session.rules = dict(saved.rules)
    session.played[:] = saved.turns


@dataclass(frozen=True)
class GameFile:
    """Where a served game is kept, and what it starts from: a saved game to carry on, or a note on the one a new
    game replaces."""

    path: Path
    saved: SavedGame | None = None
    table: SaveFile | None = None
    note: str = ""


def open_game_file(path: Path, game: str, *, resuming: bool) -> GameFile:
    """The game file for ``automa serve GAME --emulator`` (``--resume``: the game saved there, which must exist),
    checked before anything starts; raises SavedGameError naming the file and what is wrong."""
    if resuming:
        if not path.exists():
            raise SavedGameError(
                f"{path}: no saved game of {game!r} there to resume: start one with 'automa serve {game} --emulator' "
                "(it is saved as it goes), or name the file with --game-file"
            )
        saved, table = load(path, game)
        return GameFile(path, saved, table)
    note = check_replaceable(path, game)
    try:  # a folder that cannot be made is said now, not after the first turn
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SavedGameError(f"{path}: the game cannot be saved there: {exc.strerror or exc}") from None
    return GameFile(path, note=note)


def resume_world(world: Any, table: SaveFile, table_random: list[Any]) -> None:
    """The emulated world (a tools.emulator.World) just loaded from a saved game, put back as it was saved: the
    connector shuffles its random bags on every load (as it would in TTS), so each container's contents go back to
    the saved order, and the shuffles, rolls and new GUIDs go on from the saved generator (*chosen*: the game goes
    on as if never stopped, where a reload in TTS would shuffle those bags again)."""
    saved = {state.GUID: [inner.GUID for inner in state.ContainedObjects] for state in table.ObjectStates}
    for guid, obj in world.objects.items():
        order = saved.get(guid)
        if not order or not obj.is_container:
            continue
        by_guid = {inner.get("GUID"): inner for inner in obj.contents()}
        if sorted(by_guid) == sorted(order) and len(by_guid) == len(order):
            obj.data["ContainedObjects"] = [by_guid[inner] for inner in order]
    set_random_state(world.rng, table_random)


class Keeper:
    """Writes the game to its file after each bot turn, move of the person's and new game (once the pieces are at
    rest and no turn is under way), and at stop. A write that fails is said in the terminal and on the page; the
    game goes on."""

    def __init__(self, path: Path, session: Session, emulator: Any, table_seed: int) -> None:
        self.path, self.session, self.emulator, self.table_seed = path, session, emulator, table_seed
        self._pending: asyncio.Future[None] | None = None
        self.changed = False  # since the start: a game started and stopped unplayed replaces no saved game
        session.change_listeners.append(self.soon)

    def save(self) -> bool:
        """Write the game now; whether it was written."""
        try:
            write(self.path, capture(self.session, self.emulator.require_world(), self.table_seed))
        except (OSError, ValueError) as exc:
            text = f"the game could not be saved to {self.path}: {exc}"
            log.error("%s", text)
            self.session.notify("error", text)
            return False
        return True

    def soon(self) -> None:
        """Save once the emulated pieces stop moving (one write for a burst of changes)."""
        self.changed = True
        if self._pending is None or self._pending.done():
            self._pending = asyncio.ensure_future(self._save_settled())

    async def _save_settled(self) -> None:
        await self._idle()
        self.save()

    async def _idle(self) -> None:
        """Until the emulated pieces rest and no turn or move of the person's is under way: a write mid-turn held
        the bot's chance drawn and its pieces moved for a turn the file did not list yet."""
        while True:
            await self.emulator.settle()
            if not self.session.busy:
                return
            await asyncio.sleep(0.01)

    async def stop(self) -> None:
        """The last write (if anything changed), once a turn under way is over, with nothing pending after it."""
        await self._idle()
        if self._pending is not None and not self._pending.done():
            await self._pending
        if self.soon in self.session.change_listeners:
            self.session.change_listeners.remove(self.soon)
        if self.changed:
            self.save()
