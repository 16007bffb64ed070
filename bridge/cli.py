"""The ``automa`` command line."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import random
import re
import signal
import sys
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridge import __version__, modcheck, resume
from bridge.connector import Connector
from bridge.errors import AutomaError, MissingFeature, UsageError
from bridge.link import (
    EDITOR_PORT_HOLDER,
    TTS_EDITOR_PORT,
    TTS_PORT,
    TTS_PORT_HOLDER,
    Link,
    LinkError,
    check_ports,
    port_in_use,
)
from bridge.modbuild import build_save, cached_images, write_mod
from bridge.modjoin import inject_file
from bridge.protocol import GLOBAL_GUID
from bridge.session import Session, TurnPlan, plan_turn
from bridge.table import SaveFile, SaveFileError, Table
from engines import profile, registry
from engines.adopt import Proposal, propose, warn_scripts
from engines.base import Game
from engines.ownerdata import user_file
from engines.search import GAME_PLAYOUTS, PLAYOUTS, SEARCH_GAMES

log = logging.getLogger("automa")
DASHBOARD_PORT = 39997  # the page's usual port; when it is busy, any free one
DASHBOARD_PORT_HOLDER = "another program (a second 'automa serve'?) serves there"


def _port(text: str) -> int:
    """A TCP port number, or 0 for "any free one"; anything else is refused naming the range."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number: give one from 1 to 65535") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port: give one from 1 to 65535 (0: any free port)")
    return port


def _seconds(text: str) -> float:
    """A time to wait, in seconds, more than 0: a wait of 0 fails every request at once, and the failure was then
    blamed on the ports."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds (e.g. 10 or 2.5)") from None
    if not 0 < seconds < float("inf"):
        raise argparse.ArgumentTypeError(f"{text} seconds: give a time of more than 0 seconds (e.g. 10)")
    return seconds


def _count(text: str) -> int:
    """A number of times, 1 or more: 0 or fewer did nothing and exited as if it had worked."""
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if count < 1:
        raise argparse.ArgumentTypeError(f"{count}: give 1 or more")
    return count


def _ports(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--tts-port",
        type=_port,
        default=TTS_PORT,
        metavar="PORT",
        help=f"port TTS (or the emulator) listens on for the editor API (default: {TTS_PORT})",
    )
    p.add_argument(
        "--editor-port",
        type=_port,
        default=TTS_EDITOR_PORT,
        metavar="PORT",
        help=f"port the bridge listens on for messages from TTS (default: {TTS_EDITOR_PORT}, the one TTS sends to)",
    )


def _fast_arg(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument(
        "--fast",
        action="store_true",
        help=f"{what}run the emulator's frames as fast as possible instead of at TTS's 60 frames a second "
        "(smooth moves and waits then take no time; for tests and quick trials)",
    )


def _dashboard_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--no-dashboard", action="store_true", help="do not serve the dashboard page")
    p.add_argument(
        "--dashboard-port",
        type=_port,
        metavar="PORT",
        help=f"port of the dashboard page on 127.0.0.1 (default {DASHBOARD_PORT}, or another if that one is busy; a "
        "port given here must be free)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="automa",
        description="Tabletop Automa: play board games solo against bots on Tabletop Simulator (TTS). "
        "The bridge talks to TTS through its External Editor API on 127.0.0.1; without TTS, the "
        "built-in emulator stands in for it.",
    )
    parser.add_argument("--version", action="version", version=f"automa {__version__}")
    parser.add_argument(
        "-v", "--verbose", action="store_true", help="log protocol details, and show an internal error's traceback"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    serve = sub.add_parser(
        "serve",
        help="run the bridge: answer 'Bot turn' on the live table",
        description="Run the bridge for GAME. Load the mod's save in TTS (see "
        "'automa mod build'), then press 'Bot turn' on its panel; or try it without TTS with --emulator.",
    )
    # the game as a plain argument, like every other command; --game kept for scripts written before
    serve.add_argument(
        "game", nargs="?", default=argparse.SUPPRESS, help="which game's bot to run (see 'automa games')"
    )
    serve.add_argument("--game", dest="game", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    _ports(serve)
    serve.add_argument(
        "--emulator",
        action="store_true",
        help="start the built-in TTS emulator in this process on the game's fresh table, built with the game's "
        "images (written to $XDG_CACHE_HOME/tabletop-automa/GAME/images, by default under ~/.cache); the dashboard "
        "page then shows the table itself and you move your pieces there with the mouse",
    )
    serve.add_argument("--save", type=Path, help="with --emulator: load this save instead of a fresh table")
    serve.add_argument(
        "--resume",
        action="store_true",
        help="with --emulator: carry on the game saved in --game-file (same table, same list of bot turns, the same "
        "next turn for a seeded game); without a saved game there, it says so and exits with status 2",
    )
    serve.add_argument(
        "--game-file",
        type=Path,
        metavar="FILE",
        help="with --emulator: where the game is saved as it goes (after each bot turn, each move of yours, a new "
        "game, and at stop: the table as a TTS save, with the bot's turns and settings) and where --resume "
        "reads it (default: GAME.json in $XDG_DATA_HOME/tabletop-automa/games, i.e. "
        "~/.local/share/tabletop-automa/games; a file that is not a saved game is never overwritten)",
    )
    _fast_arg(serve, "with --emulator: ")
    serve.add_argument(
        "--turns",
        type=_count,
        metavar="N",
        help="with --emulator: press 'Bot turn' N times, print each turn, then exit (non-zero if a turn failed: a "
        "game that checks whose turn it is, such as the 51st State, refuses a press made on your turn)",
    )
    serve.add_argument(
        "--seed",
        type=int,
        help="seed for the bot's chance draws and, with --emulator, for the fresh table's set-up and the emulator's "
        "shuffles: the same seed deals the same table again (default: random; the table's is printed, each turn's "
        "logged)",
    )
    serve.add_argument("--timeout", type=_seconds, default=10.0, help="seconds to wait for any answer from TTS")
    serve.add_argument(
        "--difficulty",
        default="",
        metavar="D",
        help="the bot's difficulty from the start (default: the game's own; see 'automa games'); the panel and the "
        "dashboard can change it later",
    )
    _dashboard_args(serve)
    serve.add_argument(
        "--heartbeat",
        type=_seconds,
        default=15.0,
        metavar="SECONDS",
        help="check every SECONDS that TTS still answers, and say so when it does not (default 15)",
    )
    _data_flags(serve)
    _profile_flag(serve)
    _option_flag(serve)
    serve.set_defaults(func=_cmd_serve)

    dev = sub.add_parser(
        "dev",
        help="serve a game while its rules and mod scripts reload from their files",
        description="Run the bridge for GAME and watch its rules (engines/GAME/, or a plugin's package folder) and "
        "tts_mod/ (Lua and XML). A saved "
        "rule file is loaded fresh, self-checked and swapped in between bot turns; a saved Lua or XML file goes to "
        "TTS with Save & Play. See docs/dev-loop.md.",
    )
    dev.add_argument("game", help="which game (see 'automa games')")
    _ports(dev)
    dev.add_argument("--emulator", action="store_true", help="start the built-in emulator on the game's fresh table")
    _fast_arg(dev, "with --emulator: ")
    dev.add_argument(
        "--rules", type=Path, help="the game's rules folder (default: its package's: engines/GAME, or a plugin's)"
    )
    dev.add_argument("--mod", type=Path, help="the mod's folder (default: tts_mod in this checkout)")
    dev.add_argument(
        "--debounce",
        type=float,
        default=0.3,
        metavar="SECONDS",
        help="quiet time after a save before reloading (default 0.3)",
    )
    dev.add_argument(
        "--force",
        action="store_true",
        help="send mod changes even when the script in TTS was edited there (overwrites those edits)",
    )
    dev.add_argument("--timeout", type=_seconds, default=10.0, help="seconds to wait for any answer from TTS")
    _dashboard_args(dev)
    _data_flags(dev)
    _profile_flag(dev)
    _option_flag(dev)
    dev.set_defaults(func=_cmd_dev)

    emulate = sub.add_parser(
        "emulate",
        help="run the headless TTS emulator on a save file",
        description="Load SAVE and speak the External Editor API as TTS does: listen on "
        "--tts-port, send every message on a new connection to --editor-port.",
    )
    emulate.add_argument("save", type=Path, metavar="SAVE.json", help="a TTS save file to load")
    _ports(emulate)
    emulate.add_argument("--seed", type=int, default=0, help="seed for shuffles, rolls and new GUIDs (default 0)")
    emulate.add_argument("--save-to", type=Path, metavar="OUT.json", help="write the table here on exit (Ctrl-C)")
    _fast_arg(emulate, "")
    emulate.set_defaults(func=_cmd_emulate)

    mod = sub.add_parser("mod", help="build a game's TTS table, or join the bot to an existing mod's save")
    mod_sub = mod.add_subparsers(dest="mod_command", required=True, metavar="ACTION")
    build = mod_sub.add_parser(
        "build",
        help="write a loadable save with the game's table, connector and panel",
        description="Write a TTS save for GAME. Load it in TTS (Games > Save & Load), then run 'automa serve GAME'.",
    )
    build.add_argument("game", help="which game (see 'automa games')")
    build.add_argument(
        "--out",
        type=Path,
        help="a folder that exists, or a file name ending in .json (TTS lists only .json saves) "
        "(default: the TTS Saves folder if it exists, else here)",
    )
    build.add_argument(
        "--people",
        type=int,
        default=1,
        metavar="N",
        help="people at the table with the bot (default 1; Pax Pamir: 1 or 2)",
    )
    build.add_argument(
        "--images-url",
        metavar="URL",
        help="the web folder you will upload the images folder to (TTS's Cloud Manager or any web host); the save "
        "then loads its images from there and plays on any computer (default: this computer's files, which play "
        "only here)",
    )
    build.add_argument(
        "--seed",
        type=int,
        help="deal the set-up (units drafted, decks and markets shuffled) with this seed: the same seed builds the "
        "same table (default: a random one, printed). A save loads the same way every time: build again for a "
        "different game",
    )
    _data_flags(build)
    build.set_defaults(func=_cmd_mod_build)
    checker = mod_sub.add_parser(
        "check",
        help="list what in a TTS save would not play right in real TTS",
        description="Check any TTS save (the project's own or a Workshop mod's): objects off the table's surface, "
        "zones or snap points whose tags shut out the pieces they hold, pieces in a hand zone that cannot be held, "
        "local images that do not exist or are written in a form TTS may not read, and GUIDs used twice. Each "
        "problem names the object (GUID, name, where it lies). Exit status 1 when something is wrong. The rules "
        "come from TTS's documentation and public measurements (bridge/table/ttsfacts.py); none was checked in "
        "real TTS by this project.",
    )
    checker.add_argument("save", type=Path, metavar="SAVE.json", help="the save file to check")
    checker.add_argument("--json", action="store_true", help="print the findings as JSON")
    checker.set_defaults(func=_cmd_mod_check)
    inject = mod_sub.add_parser(
        "inject",
        help="write a copy of someone's mod save with the connector and the bot panel joined to it",
        description="Write a copy of SAVE.json (a Workshop mod saved from TTS) with the bot's connector and panel "
        "added. The mod's own Global script, its onLoad/onSave, its saved state and its XML UI keep working; the "
        "panel goes where it covers none of the mod's UI. The original file is never changed. Load the copy in "
        "TTS, then run 'automa serve GAME'.",
    )
    inject.add_argument("save", type=Path, metavar="SAVE.json", help="the mod's save file")
    inject.add_argument(
        "--game",
        help="the game the bot plays (its panel buttons and difficulties; default: a plain panel, the game "
        "'automa serve' names decides)",
    )
    inject.add_argument(
        "--out", type=Path, help="a folder that exists, or a .json file name (default: SAVE_automa.json beside it)"
    )
    _data_flags(inject)
    inject.set_defaults(func=_cmd_mod_inject)

    decide = sub.add_parser(
        "decide",
        help="print the bot's turn for a save file as JSON (no TTS needed)",
        description="Read the table in SAVE.json as the bot would and print its decisions, "
        "their reasons and the commands it would send, as JSON (or as text with --format text).",
    )
    decide.add_argument("game", help="which game (see 'automa games')")
    decide.add_argument("save", type=Path, metavar="SAVE.json")
    decide.add_argument("--seed", type=int, help="seed for chance draws (default: random; printed)")
    decide.add_argument("--difficulty", default="", help="bot difficulty (default: the game's first)")
    decide.add_argument(
        "--format",
        choices=("json", "text"),
        default="json",
        help="json (default, for scripts): decisions, reasons and commands; text: the decisions for a person",
    )
    decide.add_argument(
        "--button",
        default="",
        metavar="KEY",
        help="decide as after a press of the game's panel button KEY (see 'automa games'; default: Bot turn)",
    )
    _option_flag(decide)
    _data_flags(decide)
    _profile_flag(decide)
    decide.set_defaults(func=_cmd_decide)

    selfplay = sub.add_parser(
        "selfplay",
        help="play the bot against baseline policies, in-process",
        description="Play GAME's bot against baseline opponents (no TTS, no emulator) and print "
        "win rates, game lengths, the bot's action mix and the game's own figures (e.g. Heroes: how often each "
        "kind of mover moved and what Collection took from each source).",
    )
    selfplay.add_argument("game", help="which game (see 'automa games')")
    selfplay.add_argument("--games", type=int, default=100, help="games per setting (default 100)")
    selfplay.add_argument("--seed", type=int, default=1, help="game i uses seed SEED+i (default 1)")
    selfplay.add_argument("--json", action="store_true", help="print the summary as JSON")
    selfplay.add_argument(
        "--difficulty", action="append", metavar="D", help="only this difficulty (repeatable; default: every one)"
    )
    selfplay.add_argument(
        "--opponent",
        action="append",
        metavar="POLICY",
        help="only this baseline opponent: random, greedy or search (repeatable; default: War Chest random and "
        "greedy, see --search; Pax Pamir random, with --wakhan all three)",
    )
    selfplay.add_argument(
        "--search",
        action="store_true",
        help="War Chest: the search opponent plays too (it takes seconds a game where the others take "
        "milliseconds, so it plays only when asked: this flag or --opponent search)",
    )
    selfplay.add_argument("--players", type=int, metavar="N", help="players at the table, for games that vary it")
    selfplay.add_argument(
        "--wakhan",
        action="store_true",
        help="Pax Pamir: Wakhan plays against --players 1 or 2 baseline players (see --opponent)",
    )
    selfplay.add_argument(
        "--playouts",
        type=int,
        default=None,
        metavar="N",
        help=f"the search opponent's playouts per decision (default {PLAYOUTS}, War Chest "
        f"{GAME_PLAYOUTS['warchest']}; more plays stronger and slower)",
    )
    selfplay.add_argument(
        "--search-games",
        type=int,
        metavar="N",
        help=f"games per setting for the search opponent, which takes seconds a game (default: --games, at most "
        f"{SEARCH_GAMES})",
    )
    _data_flags(selfplay)
    selfplay.add_argument("--no-progress", action="store_true", help="no progress bar")
    selfplay.add_argument(
        "--jobs",
        type=int,
        metavar="N",
        help="worker processes (default: every core); each game draws only from its own seed, so the results are "
        "the same whatever N (timings aside)",
    )
    selfplay.set_defaults(func=_cmd_selfplay)

    data = sub.add_parser(
        "data",
        help="check an owner's card data (for games whose cards are not public)",
        description="Owner data: the contents of cards that are not public, transcribed by their owner.",
    )
    data_sub = data.add_subparsers(dest="data_command", required=True, metavar="COMMAND")
    check = data_sub.add_parser(
        "check",
        help="validate an owner's data file; errors name the entry and the field",
        description="Validate FILE against GAME's schema; print what it holds, or every problem with the card "
        "and field it is in (exit status 2).",
    )
    check.add_argument("game", help="which game (see 'automa games')")
    check.add_argument("file", type=Path, help="the data file (JSON)")
    check.set_defaults(func=_cmd_data_check)

    lua = sub.add_parser(
        "lua",
        help="run Lua in TTS (or the emulator) and print what it returns",
        description="Run CODE (or the file given with -f) in the loaded game's Global script, or in an object's "
        "script with --guid, as the editor plugins' 'execute' does; print what it prints, its errors and the value "
        "it returns (as JSON). TTS must have a game loaded, and no other editor may hold --editor-port.",
    )
    lua.add_argument("code", nargs="?", help="the Lua code, e.g. 'return #getObjects()'")
    lua.add_argument("-f", "--file", type=Path, help="run this file's code instead")
    lua.add_argument("--guid", default="-1", help="the object whose script runs it (default: -1, Global)")
    _ports(lua)
    lua.add_argument("--timeout", type=_seconds, default=10.0, help="seconds to wait for the answer (default 10)")
    lua.set_defaults(func=_cmd_lua)

    doctor = sub.add_parser(
        "doctor",
        help="check, with TTS open, every assumption the bridge makes about TTS; write a report",
        description="Check each assumption the bridge, the connector, the tables and the emulator make about TTS "
        "(the wire, the interpreter, text, the table, the cost of a snapshot) against the TTS that has a game "
        "loaded, print what holds and what does not, and write automa-doctor-<date>.json (nothing private in it) "
        "for a developer. Load the table --write-table writes first for the table checks. Exit status 1 when "
        "something does not hold.",
    )
    doctor.add_argument("--emulator", action="store_true", help="check an emulator of its own instead (free ports)")
    doctor.add_argument(
        "--compare", type=Path, metavar="REPORT.json", help="list what REPORT.json (anyone's) shows unlike the emulator"
    )
    doctor.add_argument(
        "--write-table", type=Path, metavar="FOLDER", help="write the doctor's table (a save and its image) into FOLDER"
    )
    doctor.add_argument("--out", type=Path, default=Path("."), help="folder for the report (default: here)")
    doctor.add_argument("--tts-version", default="", metavar="V", help="the version TTS's menu shows, for the report")
    doctor.add_argument(
        "--idle", type=float, default=5.0, metavar="SECONDS", help="how long a connection is left idle (default 5)"
    )
    _ports(doctor)
    doctor.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for each answer (default 10)")
    doctor.set_defaults(func=_cmd_doctor)
    _add_adopt(sub)

    games = sub.add_parser("games", help="list the games this installation knows")
    games.set_defaults(func=_cmd_games)
    _add_new(sub)
    return parser


def _add_adopt(sub: Any) -> None:
    adopt = sub.add_parser(
        "adopt",
        help="make a table profile for a mod's table (which object plays which role), asking you on the live "
        "table for what it cannot tell; moves nothing",
        description="Make a table profile for GAME on a Workshop mod's table. With SAVE.json (the mod's table as "
        "TTS saved it): propose one from the names the game's data gives each role (the board, each unit's coins, "
        "each card...) and name every role it could not fill. Without it, on the live table (TTS with the mod "
        "loaded and joined to the bot by 'automa mod inject', or --emulator): the same proposal, then each role "
        "left is asked in TTS's chat and on the dashboard page, one at a time: 'Pick up a Knight coin' (your "
        "pick-up teaches it), 'Drop any piece inside the supply zone'; then each board: 'Put a piece on the board, "
        "first: on the hexes space ...', a second and a third space (two fix where the game's layout lies on the "
        "mod's board, its turn and scale; the third checks it, refused when it lies off). Type skip in the chat "
        "(or press Skip on the page) to leave a role unfilled, stop (or Ctrl-C) to leave with nothing written. The "
        "profile goes to your config folder (outside the repository), every role still unfilled named; play with "
        "'automa serve GAME --profile FILE'. Nothing on the table is moved by the bot. It warns of what on the mod may "
        "fight the bot: pieces it moves that lie locked, objects with scripts of their own, a Global script's "
        "onLoad, onObjectDrop and update handlers. Every game: War Chest, Pax "
        "Pamir, The White Castle, 51st State and Heroes of Land, Air & Sea (the last three take your data first: "
        "--data, or --allow-sample, as their card and unit roles come from it).",
    )
    adopt.add_argument("game", help="which game (see 'automa games')")
    adopt.add_argument(
        "save", type=Path, nargs="?", metavar="SAVE.json", help="the mod's table, as TTS saved it (no calibration)"
    )
    adopt.add_argument("--out", type=Path, help="where to write the profile (default: your config folder)")
    _ports(adopt)
    adopt.add_argument(
        "--emulator",
        action="store_true",
        help="calibrate on the built-in emulator (the table of --save, else the game's own) with the page's "
        "touchable table as your hands",
    )
    adopt.add_argument("--save", dest="table_save", type=Path, metavar="FILE", help="with --emulator: the table")
    _fast_arg(adopt, "with --emulator: ")
    adopt.add_argument("--timeout", type=_seconds, default=10.0, help="seconds to wait for any answer from TTS")
    adopt.add_argument(
        "--quiet",
        type=_seconds,
        default=30.0,
        metavar="SECONDS",
        help="after SECONDS without a move of yours, check that TTS still answers (default 30)",
    )
    _dashboard_args(adopt)
    _data_flags(adopt)
    adopt.set_defaults(func=_cmd_adopt)


def _add_new(sub: Any) -> None:
    new = sub.add_parser(
        "new",
        help="write a new game plugin (a working skeleton bot) to a folder outside this project",
        description="Write a working game plugin named GAME into DIR: its pyproject.toml declares the "
        "tabletop_automa.games entry point; a state, a reader, a bot deciding by priorities with reasons, a "
        "planner, a small table, tests and a README. Then 'pip install -e DIR' and 'automa dev GAME --emulator'. "
        "See docs/writing-a-bot.md.",
    )
    new.add_argument("game", help="the new game's name: a lowercase Python identifier, e.g. mygame")
    new.add_argument("--out", type=Path, required=True, metavar="DIR", help="a new or empty folder to write into")
    new.set_defaults(func=_cmd_new)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO, format="%(levelname)s %(name)s: %(message)s"
    )
    if not args.verbose:  # each page's connection and each HTTP request: protocol detail, not news
        logging.getLogger("websockets").setLevel(logging.WARNING)
    try:
        if getattr(args, "tts_port", None) is not None and args.tts_port == args.editor_port:
            raise UsageError(f"--tts-port and --editor-port must differ (both are {args.tts_port})")
        result: int = args.func(args)
        return result
    except AutomaError as exc:
        print(f"automa: {_one_line(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        if args.verbose:
            raise  # a bug: its traceback, for the report
        print(
            f"automa: an internal error (a bug, not a fault of yours): {type(exc).__name__}: {_one_line(str(exc))}",
            file=sys.stderr,
        )
        print(f"automa: to see where it happened, run it again with -v: automa -v {args.command} ...", file=sys.stderr)
        return 1


def _profile_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--profile",
        type=Path,
        metavar="FILE",
        help="a table profile (JSON): which of a mod's objects play which role, for a table the bot did not build "
        "(every game; see 'automa adopt'); default: the table 'automa mod build' writes",
    )


def _data_flags(parser: argparse.ArgumentParser) -> None:
    """Owner data, for games whose cards or maps are not public (The White Castle, 51st State, Heroes)."""
    parser.add_argument(
        "--data",
        type=Path,
        metavar="PATH",
        help="the owner's card data: a file, or a folder of files for Heroes of Land, Air & Sea (default: the one "
        "in your config folder; see the game's README)",
    )
    parser.add_argument(
        "--allow-sample",
        action="store_true",
        help="play the project's fictional sample cards when no owner's data is found (serve and dev say so in "
        "chat every turn)",
    )


def _option_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rule or interpretation option of the game's bot (repeatable), e.g. "
        "tie_break=canonical",
    )


def _game(args: argparse.Namespace) -> Game[Any, Any]:
    game = registry.load(args.game)
    game.use_data(getattr(args, "data", None), getattr(args, "allow_sample", False))
    path = getattr(args, "profile", None)
    if path is not None:
        game.use_profile(profile.load(path, _profile_spec(game)))
    return game


def _profile_spec(game: Game[Any, Any]) -> profile.ProfileSpec:
    spec = game.profile_spec()
    if spec is None:
        raise MissingFeature(f"{game.title} reads only the table it builds (no table profiles yet)")
    return spec


def _cmd_adopt(args: argparse.Namespace) -> int:
    game = _game(args)  # with the owner's data, for games whose roles come from it (their cards, Heroes' units)
    spec = _profile_spec(game)
    if args.save is not None:
        if args.emulator or args.table_save:
            raise UsageError(
                "give SAVE.json (a proposal from a save) or --emulator --save FILE (calibration), not both"
            )
        save = SaveFile.load(args.save)
        table = Table.from_save(save, source=str(args.save))
        proposal = propose(spec, table, mod=f"{args.save.name} ({game.title})")
        warn_scripts(proposal, spec, table, save)
        out = _write_profile(args.out or user_file(game.name, f"profiles/{args.save.stem}.json"), proposal.profile)
        print(f"wrote {out} (nothing on the table was moved)")
        for line in proposal.lines():
            print(f"  {line}")
        print(f"  fill the unfilled roles in the file, then: automa serve {game.name} --profile {out}")
        return 0
    if (args.table_save or args.fast) and not args.emulator:
        raise UsageError("--save and --fast need --emulator (in TTS, load the mod's save there)")
    holder: dict[str, Any] = {}
    _run_stoppable(lambda stop: _adopt_live(game, spec, args, stop, holder))
    if "lines" not in holder:
        raise UsageError("adopt was stopped before the end (Ctrl-C): nothing was written")
    out = _write_profile(args.out or user_file(game.name, f"profiles/{holder['name']}.json"), holder["profile"])
    print(f"wrote {out} (nothing on the table was moved by the bot)")
    for line in holder["lines"]:
        print(f"  {line}")
    print(f"  play: automa serve {game.name} --profile {out}")
    return 0


def _write_profile(out: Path, data: profile.Profile) -> Path:
    """The profile written whole or not at all (a temporary file renamed over the target)."""
    temporary = out.with_name(f".{out.name}.part")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(profile.dump(data), encoding="utf-8")
        temporary.replace(out)
    except OSError as exc:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise UsageError(f"{out}: cannot write the profile: {exc.strerror or exc}") from None
    return out


async def _adopt_live(
    game: Game[Any, Any],
    spec: profile.ProfileSpec,
    args: argparse.Namespace,
    stop: asyncio.Event,
    holder: dict[str, Any],
) -> None:
    """Read the live table, propose, ask for the rest; ``holder`` gets the profile and its lines once done."""
    from bridge.calibrate import Asker
    from engines.calibrate import Calibration

    save = _adopt_table(game, args.table_save) if args.emulator else None
    args.save = args.table_save  # what _running reads
    async with _running(game, args, save=save, save_path=str(args.table_save or "")) as run:
        run.connector.looks = True  # a pick-up's match reads the images, tints and CardIDs
        table = await run.connector.snapshot(full=True)
        name = (
            Path(run.link.last_loaded.savePath).stem if run.link.last_loaded and run.link.last_loaded.savePath else ""
        )
        name = name or f"{game.name}-table"
        proposal = propose(spec, table, mod=f"{name} ({game.title})")
        for line in proposal.lines():
            if not line.startswith("assumed:"):  # the boards' placements are asked next
                print(f"  {line}", flush=True)
        asker = Asker(run.connector, Calibration(proposal, spec, table), quiet=args.quiet)
        if run.dashboard is not None:
            run.dashboard.dashboard.can_calibrate(asker)
        task = asyncio.create_task(asker.run())
        stopping = asyncio.create_task(stop.wait())
        await asyncio.wait({task, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            return
        stopping.cancel()
        lines = asker.calibration.lines()
        if args.table_save is not None:  # the mod's own save (not ours, the connector joined): what may fight the bot
            final = Proposal(task.result())
            warn_scripts(final, spec, table, SaveFile.load(args.table_save))
            lines += [f"warning: {what}" for what in final.warnings]
        holder.update(profile=task.result(), lines=lines, name=name)


def _adopt_table(game: Game[Any, Any], path: Path | None) -> SaveFile:
    """The emulated table: the save given (the connector joined to it when it has none), else the game's own."""
    if path is None:
        return build_save(game, cached_images(game))
    save = SaveFile.load(path)
    joined = "automa_reply" in str(save.to_dict().get("LuaScript") or "")
    return save if joined else build_save(game, table=save)


def _one_line(text: str, limit: int = 600) -> str:
    """An error for a terminal: one line, and short (a hostile file can make an error message huge)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- commands ---------------------------------------------------------------------------------------


def _table_seed(seed: int | None) -> int:
    """The seed a fresh table is dealt with: the one asked for, else a new one (short, to be typed again)."""
    return random.randrange(10**6) if seed is None else seed


def _cmd_games(args: argparse.Namespace) -> int:
    for name in sorted(registry.available()):
        game = registry.load(name)
        print(f"{name:12} {game.title}  (difficulties: {', '.join(game.difficulties)})")
        if game.buttons:
            print(f"{'':12} panel buttons: {', '.join(f'{key} ({label})' for key, label in game.buttons)}")
    return 0


def _cmd_new(args: argparse.Namespace) -> int:
    from bridge.newbot import write_plugin

    written = write_plugin(args.game, args.out)
    root = args.out.expanduser().resolve()
    print(f"wrote the game plugin {args.game!r} to {root} ({len(written)} files)")
    print(f"  next: pip install -e {root}   then: automa dev {args.game} --emulator")
    print("  the guide: docs/writing-a-bot.md")
    return 0


def _cmd_mod_build(args: argparse.Namespace) -> int:
    seed = _table_seed(args.seed)
    path = write_mod(_game(args), args.out, people=args.people, images_url=args.images_url, seed=seed)
    print(f"wrote {path}")
    print(f"  set-up dealt with seed {seed} (--seed {seed} builds this table again)")
    if args.images_url:
        print(f"  upload the folder {path.stem}_assets so that its files are at {args.images_url.rstrip('/')}/")
    else:
        print("  its images are files on this computer: the save plays only here (see --images-url)")
    return 0


def _cmd_mod_check(args: argparse.Namespace) -> int:
    save = SaveFile.load(args.save)
    findings = modcheck.check(save)
    print(modcheck.as_json(findings, str(args.save)) if args.json else modcheck.report(findings, str(args.save)))
    return 1 if findings else 0


def _cmd_mod_inject(args: argparse.Namespace) -> int:
    game = _game(args) if args.game else None
    path, notes = inject_file(args.save, args.out, game)
    print(f"wrote {path}")
    for note in notes:
        print(f"  {note}")
    print("  nothing here was checked in real TTS: load the copy and watch its chat for errors")
    return 0


def _cmd_decide(args: argparse.Namespace) -> int:
    game = _game(args)
    table = Table.from_save(SaveFile.load(args.save), source=str(args.save))
    if args.button and args.button not in dict(game.buttons):
        keys = ", ".join(k for k, _ in game.buttons) or "none"
        raise UsageError(f"{game.name} has no panel button {args.button!r} (its buttons: {keys})")
    rules = _options(args.option)
    plan = plan_turn(game, table, seed=args.seed, difficulty=args.difficulty, rules=rules, button=args.button)
    print(json.dumps(plan.to_json(), indent=2) if args.format == "json" else _turn_text(game, plan))
    if not plan.ok:
        more = f" (and {len(plan.problems) - 1} more)" if len(plan.problems) > 1 else ""
        first = _one_line(plan.problems[0])
        print(f"automa: {args.save}: cannot read the table, nothing would move: {first}{more}", file=sys.stderr)
    return 0 if plan.ok else 1


def _cmd_selfplay(args: argparse.Namespace) -> int:
    game = _game(args)
    checked = (
        ("--games", args.games),
        ("--playouts", args.playouts),
        ("--search-games", args.search_games),
        ("--jobs", args.jobs),
    )
    for flag, value in checked:
        if value is not None and value < 1:
            raise UsageError(f"{flag} must be at least 1")
    if args.search and game.name != "warchest":
        raise UsageError(f"--search is for War Chest only; {game.title}: name the search player with --opponent search")
    options = {
        "difficulties": args.difficulty,
        "opponents": args.opponent,
        "players": args.players,
        "wakhan": args.wakhan,
        "search": args.search,
        "playouts": args.playouts,
        "search_games": args.search_games,
        "jobs": args.jobs if args.jobs is not None else os.cpu_count() or 1,
    }
    summary = game.selfplay(
        games=args.games, seed=args.seed, progress=not args.no_progress and not args.json, options=options
    )
    print(json.dumps(summary, indent=2) if args.json else game.format_selfplay(summary))
    return 0 if summary.get("errors", 0) == 0 else 1


def _options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"--option takes KEY=VALUE, got {pair!r}")
        options[key.strip()] = value.strip()
    return options


def _check_options(game: Game[Any, Any], rules: dict[str, str]) -> None:
    """Refuse a bad --option at start, not at the first Bot turn: the bot plans a turn on the game's fresh table
    with them (its options are read there, each checked against the values it takes)."""
    if not rules:
        return
    from engines.ownerdata import OwnerDataError

    try:
        table = Table.from_save(game.build_table({}))
    except OwnerDataError:  # no card data yet: the first turn says what is missing (and checks the options then)
        return
    mods = game.profile  # the fresh table is the game's own: read it through the built table's profile
    game.use_profile(None)
    try:
        plan_turn(game, table, seed=0, rules=rules)
    except UsageError as exc:
        raise UsageError(f"--option: {exc}") from None
    finally:
        game.use_profile(mods)


def _cmd_doctor(args: argparse.Namespace) -> int:
    from bridge import doctor
    from bridge.doctor.run import examine_emulator

    if args.write_table is not None:
        print(f"wrote {doctor.write_table(args.write_table)}: load it in TTS, then run 'automa doctor'")
        return 0
    if args.compare is not None:
        theirs = doctor.read_report(args.compare)
        differences = doctor.compare(theirs, asyncio.run(examine_emulator(timeout=args.timeout)))
        print(f"{args.compare}: {len(differences)} difference(s) from the emulator")
        for line in differences:
            print(f"  {line}")
        return 0

    async def against_tts() -> doctor.Report:
        async with Link(tts_port=args.tts_port, editor_port=args.editor_port, timeout=args.timeout) as link:
            return await doctor.examine(link, "tts", timeout=args.timeout, idle=args.idle, tts_version=args.tts_version)

    if args.emulator:
        report = asyncio.run(examine_emulator(timeout=args.timeout, idle=min(args.idle, 1.0)))
    else:
        report = asyncio.run(against_tts())
    print(doctor.summary(report))
    print(f"report: {doctor.write_report(report, args.out)}")
    return 1 if report.failed else 0


def _cmd_data_check(args: argparse.Namespace) -> int:
    for line in registry.load(args.game).check_data(args.file):
        print(line)
    return 0


_LIST_GUIDS = "local t = {} for _, o in ipairs(getObjects()) do t[#t + 1] = o.getGUID() end return t"


def _cmd_lua(args: argparse.Namespace) -> int:
    if (args.code is None) == (args.file is None):
        raise UsageError("give the Lua code, or a file with -f (one of them)")
    code = args.code if args.file is None else _read_text(args.file)

    async def run() -> int:
        from bridge.link import ExecuteError
        from bridge.protocol import LuaError, Printed

        errors: list[str] = []

        def show(message: object) -> None:
            if isinstance(message, Printed):
                print(message.message, flush=True)
            elif isinstance(message, LuaError) and message.guid == args.guid:
                errors.append(f"{message.errorMessagePrefix}{message.error}")

        async with Link(tts_port=args.tts_port, editor_port=args.editor_port, timeout=args.timeout) as link:
            link.add_listener(show)
            if args.guid != GLOBAL_GUID and args.guid not in await link.execute(_LIST_GUIDS):
                raise UsageError(
                    f"no object with GUID {args.guid} on the loaded table: give the GUID of one of its objects "
                    "(right-click it in TTS: Scripting > GUID), or leave --guid out to run the code in Global"
                )
            try:
                value = await link.execute(code, guid=args.guid)
            except ExecuteError as exc:
                await asyncio.sleep(0.1)  # TTS's own report of the error may come just after the answer
                for line in errors:  # the same error said twice, once with the wrapper's rows, is said once
                    if _lua_rows_cut(line) != _lua_rows_cut(str(exc)):
                        print(line, file=sys.stderr)
                print(f"automa: the Lua failed: {_lua_error(str(exc), code)}", file=sys.stderr)
                return 1
            await asyncio.sleep(0.1)  # prints sent just before the answer may arrive just after it
        for line in errors:
            print(line, file=sys.stderr)
        print(json.dumps(value, ensure_ascii=False))
        return 0

    return asyncio.run(run())


def _lua_rows_cut(text: str) -> str:
    """An error's words without TTS's prefix and rows, to tell one error said twice."""
    return re.sub(r"^.*?chunk_\d+:\([^)]*\):\s*", "", text)


def _lua_error(text: str, code: str) -> str:
    """The error of the person's own code, its rows counted in that code: a statement the code leaves unfinished
    is said so, not blamed on the 'end' that the bridge's wrapper adds after the last line."""
    last = len(code.rstrip("\n").split("\n"))
    found = re.search(r"chunk_\d+:\((\d+),[^)]*\):\s*(.*near 'end')", text)
    if found and int(found.group(1)) > last:
        said = re.sub(r"\s*near 'end'$", "", found.group(2))
        said = re.sub(r"at line (\d+)", lambda m: f"at line {max(1, int(m.group(1)) - 1)}", said)  # the wrapper's
        return f"line {last}, your last: the code ends before it is complete (Lua says: {said} at its end)"
    return text


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"{path}: cannot read it: {exc.strerror}") from None


def _cmd_emulate(args: argparse.Namespace) -> int:
    from tools.emulator import Emulator, Ports
    from tools.emulator.server import FRAME_TIME

    save = SaveFile.load(args.save)
    problems = Table.from_save(save, source=str(args.save)).problems
    if problems:  # TTS would load such a table, but nothing on it could be addressed or read reliably
        raise SaveFileError(f"{args.save}: {problems[0]}")

    async def run(stop: asyncio.Event) -> None:
        emulator = Emulator(
            save,
            ports=Ports(args.tts_port, args.editor_port),
            seed=args.seed,
            save_path=str(args.save.resolve()),
            frame_time=0.0 if args.fast else FRAME_TIME,
        )
        emulator.echo.append(_echo)
        await emulator.start()
        print(
            f"emulating TTS with {args.save}: listening on 127.0.0.1:{emulator.ports.tts}, "
            f"sending to 127.0.0.1:{emulator.ports.editor}. Ctrl-C to stop.",
            flush=True,
        )
        try:
            await stop.wait()
        finally:
            if args.save_to:
                emulator.require_world().write_save(args.save_to)
                print(f"wrote the table to {args.save_to}")
            await emulator.drain()
            await emulator.stop()

    _run_stoppable(run)
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    if getattr(args, "game", None) is None:
        raise UsageError("name the game: automa serve GAME (see 'automa games')")
    game = _game(args)
    if (args.turns is not None or args.save or args.fast or args.resume or args.game_file) and not args.emulator:
        raise UsageError(
            "--turns, --save, --fast, --resume and --game-file need --emulator (with real TTS, press 'Bot turn' on "
            "the table, and TTS saves the game)"
        )
    if args.resume and (args.save or args.seed is not None or args.option):
        raise UsageError(
            "--resume carries on the saved game's own table, seeds and options: leave out --save, --seed and --option"
        )
    if args.difficulty and args.difficulty not in game.difficulties:
        raise UsageError(
            f"--difficulty {args.difficulty!r}: {game.name} has no such difficulty; choose one of "
            f"{', '.join(game.difficulties)}"
        )
    _check_options(game, _options(args.option))
    _run_stoppable(lambda stop: _serve(game, args, stop))
    return 0


@dataclass
class _Running:
    link: Link
    connector: Connector
    session: Session
    emulator: Any  # tools.emulator.Emulator | None
    dashboard: Any  # bridge.dashboard.DashboardServer | None


@contextlib.asynccontextmanager
async def _running(
    game: Game[Any, Any],
    args: argparse.Namespace,
    *,
    seed: int | None = None,
    save: SaveFile | None = None,
    save_path: str = "",
    kept: resume.GameFile | None = None,
) -> AsyncIterator[_Running]:
    """The bridge for one game (with the emulator when asked, and the dashboard unless switched off); ``kept``: where
    an emulated game is saved as it goes, and the saved game it carries on, if any."""
    from tools.emulator import Emulator, Ports
    from tools.emulator.server import FRAME_TIME

    _check_ports(args)
    link = Link(tts_port=args.tts_port, editor_port=args.editor_port, timeout=args.timeout)
    await link.start()
    connector = Connector(link)
    session = Session(connector, game, seed=seed, on_turn=_print_turn)
    session.rules = _options(getattr(args, "option", []))
    saved = kept.saved if kept else None
    emulator: Emulator | None = None
    dashboard = keeper = None
    try:
        if kept and saved:
            resume.restore(session, saved, kept.path)
        if getattr(args, "difficulty", ""):
            session.difficulty, session.difficulty_source = args.difficulty, "fixed"
        table_seed = saved.table_seed if saved else _table_seed(seed) if args.emulator else 0
        # the table before the page's address: a game without its card data stops here, no dead address printed
        assets = cached_images(game) if args.emulator else {}  # a resumed game's New game deals with them too
        table = (save or build_save(game, assets, seed=table_seed)) if args.emulator else None
        dashboard = await _start_dashboard(args, session, link)  # its address first: it is where you play
        if args.emulator and table is not None:
            emulator = Emulator(
                table,
                ports=Ports(args.tts_port, link.editor_port),
                seed=table_seed,
                save_path=save_path or f"<fresh {game.name} table>",
                frame_time=0.0 if args.fast else FRAME_TIME,
            )
            emulator.echo.append(_echo)
            if dashboard is not None:
                emulator.echo.append(dashboard.dashboard.on_echo)
            await emulator.start()
            await link.wait_loaded()  # the load announcement first, so that it resets nothing of ours
            link.tts_port = emulator.ports.tts
            if saved is not None and save is not None:  # the bags as saved, the shuffles go on as if never stopped
                resume.resume_world(emulator.require_world(), save, saved.table_random)
            if dashboard is not None:  # the page shows the emulated table and the person moves its pieces
                dashboard.dashboard.can_touch(emulator)
            if dashboard is not None and not getattr(args, "save", None):  # New game deals another fresh table
                from bridge.dashboard.state import emulator_dealer

                dashboard.dashboard.can_deal(emulator_dealer(emulator, game, link, assets))
            where = f"127.0.0.1:{emulator.ports.tts}"
            what = _what_loaded(args, seed, table_seed, saved)
            print(f"emulator: {game.title} loaded ({what}), listening on {where}", flush=True)
            if kept is not None:
                keeper = resume.Keeper(kept.path, session, emulator, table_seed)
                note = f"; {kept.note}" if kept.note else ""
                print(f"game file: {kept.path} (saved as the game goes{note})", flush=True)
        print(f"bridge: serving {game.name} on 127.0.0.1:{link.editor_port} -> 127.0.0.1:{link.tts_port}", flush=True)
        if dashboard is not None:  # the page's first table, once the emulator (if any) answers
            with contextlib.suppress(LinkError):
                await dashboard.dashboard.refresh_table()
        yield _Running(link, connector, session, emulator, dashboard)
    finally:
        if keeper is not None:
            await keeper.stop()
        if dashboard is not None:
            await dashboard.stop()
        connector.close()
        await link.close()
        if emulator is not None:
            await emulator.stop()


def _what_loaded(args: argparse.Namespace, seed: int | None, table_seed: int, saved: resume.SavedGame | None) -> str:
    """How the emulated table came to be, for the terminal."""
    if saved:
        played = len(saved.turns)
        return f"the game saved at {saved.saved_at}, {played} bot turn(s) played; shuffles seeded {table_seed}"
    if getattr(args, "save", None):
        return f"shuffles seeded {table_seed}"
    again = f"; --seed {table_seed} deals it again" if seed is None and hasattr(args, "seed") else ""
    return f"a fresh table dealt with seed {table_seed}{again}"


def _check_ports(args: argparse.Namespace) -> None:
    """Every port the bridge is about to listen on, checked at once before any is taken or anything printed."""
    wanted = [(args.editor_port, EDITOR_PORT_HOLDER, "--editor-port")]
    if args.emulator:
        wanted.append((args.tts_port, TTS_PORT_HOLDER, "--tts-port"))
    if not args.no_dashboard and args.dashboard_port is not None:  # the usual one, busy, gives way to another
        wanted.append((args.dashboard_port, DASHBOARD_PORT_HOLDER, "--dashboard-port"))
    check_ports(wanted)


async def _run_until_interrupted(stop: asyncio.Event, *jobs: Coroutine[Any, Any, None]) -> None:
    tasks = [asyncio.create_task(job) for job in jobs]
    try:
        await stop.wait()
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task


async def _serve(game: Game[Any, Any], args: argparse.Namespace, stop: asyncio.Event) -> None:
    kept = None
    if args.emulator:
        path = args.game_file or resume.default_path(game.name)
        kept = resume.open_game_file(path, game.name, resuming=args.resume)
    save = SaveFile.load(args.save) if args.save else kept.table if kept else None
    save_path = str(args.save or (kept.path if kept and kept.saved else ""))
    async with _running(game, args, seed=args.seed, save=save, save_path=save_path, kept=kept) as run:
        try:
            await run.connector.status(f"Bridge connected: {game.title}")
        except LinkError as exc:
            print(f"bridge: the mod is not reachable yet ({exc}). Waiting: load the game's save in TTS.", flush=True)
        if run.emulator is not None and args.turns is not None:
            failed = 0
            for _ in range(args.turns):
                run.emulator.ui_event("automa_bot_turn", color="White")  # a player's click on the panel
                while (event := await run.connector.events.get()).name != "bot_turn":
                    await run.session.handle(event)
                await run.session.handle(event)
                failed += run.session.last_failure is not None  # reported already, in the terminal too
            if failed:
                raise LinkError(f"{failed} of {args.turns} bot turn(s) did not happen as planned (see above)")
            return
        if run.emulator is not None and run.dashboard is not None and game.plays_person:
            print(
                f"Play {game.title} in the dashboard ({run.dashboard.url}): press Bot turn for the bot's turn, then "
                "choose your moves there. Ctrl-C to stop.",
                flush=True,
            )
        await _run_until_interrupted(stop, run.session.run(), run.session.heartbeat(args.heartbeat))


def _cmd_dev(args: argparse.Namespace) -> int:
    game = _game(args)
    if args.fast and not args.emulator:
        raise UsageError("--fast needs --emulator (it sets the emulator's pace)")
    _check_options(game, _options(args.option))
    _run_stoppable(lambda stop: _dev(game, args, stop))
    return 0


async def _dev(game: Game[Any, Any], args: argparse.Namespace, stop: asyncio.Event) -> None:
    from bridge.dev.loop import DevLoop
    from bridge.modsource import default_root

    rules = args.rules or Path(sys.modules[type(game).__module__].__file__ or ".").parent
    mod = args.mod or default_root()
    if not args.emulator:
        print("dev: waiting for TTS to load a game...", flush=True)
    async with _running(game, args) as run:

        def say(text: str) -> None:
            print(text, flush=True)
            if run.dashboard is not None:
                run.dashboard.dashboard.log("dev", text.splitlines()[0])

        loop = DevLoop(
            run.session,
            run.link,
            rules_dir=rules,
            mod_dir=mod,
            debounce=args.debounce,
            force=args.force,
            say=say,
            verbose=args.verbose,
            banner=run.dashboard.dashboard.banner if run.dashboard is not None else lambda key, text: None,
        )
        await loop.start()
        try:
            await _run_until_interrupted(stop, run.session.run(), loop.run())
        finally:
            loop.stop()


async def _start_dashboard(args: argparse.Namespace, session: Session, link: Link) -> Any:
    """The dashboard server (None with --no-dashboard); its URL, with the run's token, is printed."""
    if args.no_dashboard:
        return None
    from bridge.dashboard import Dashboard, DashboardServer

    dashboard = Dashboard(session, link, mode="emulator" if args.emulator else "tts")
    server = DashboardServer(dashboard, port=DASHBOARD_PORT if args.dashboard_port is None else args.dashboard_port)
    try:
        await server.start()
    except OSError:
        if args.dashboard_port is not None:  # taken since the check: the port asked for, or none
            raise LinkError(port_in_use(args.dashboard_port, DASHBOARD_PORT_HOLDER, "--dashboard-port")) from None
        server = DashboardServer(dashboard, port=0)  # the usual port is taken: any free one will do
        await server.start()
    print(f"dashboard: {server.url}", flush=True)
    return server


def _turn_text(game: Game[Any, Any], plan: TurnPlan) -> str:
    """The bot's turn as a person reads it: numbered decisions, each reason with its rule after it."""
    lines = [f"{game.title}: the bot's turn (difficulty {plan.difficulty}, seed {plan.seed})"]
    lines += [f"  cannot read the table: {problem}" for problem in plan.problems]
    for number, step in enumerate(plan.steps, 1):
        reason = step.decision.reason
        lines.append(f"  {number}. {reason.text}  [{reason.rule}]  ({len(step.commands)} move(s) on the table)")
    if plan.ok and not plan.steps:
        lines.append("  nothing to do")
    return "\n".join(lines)


def _echo(kind: str, text: str) -> None:
    """The emulated game's chat and panel status, in the terminal: there is no TTS window to read them in."""
    print(f"{kind}: {text}", flush=True)


def _print_turn(plan: TurnPlan) -> None:
    print(f"bot turn (seed {plan.seed}, {plan.difficulty}):", flush=True)
    for problem in plan.problems:
        print(f"  cannot read the table: {problem}")
    for step in plan.steps:
        print(f"  - {step.decision.reason}  ({len(step.commands)} command(s))", flush=True)


def _run_stoppable(main: Callable[[asyncio.Event], Coroutine[Any, Any, None]]) -> None:
    """``asyncio.run`` with Ctrl-C and SIGTERM caught from the loop's first step, before anything is printed: a
    signal sent as soon as a command says it is listening must stop it cleanly. (Caught later, a signal in
    between was lost whenever the process started with SIGINT ignored, as children of some runners do, and the
    command then waited forever.)"""

    async def stoppable() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(sig, stop.set)
        await main(stop)

    asyncio.run(stoppable())


if __name__ == "__main__":
    raise SystemExit(main())
