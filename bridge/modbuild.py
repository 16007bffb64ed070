"""``automa mod build``: a loadable TTS save holding a game's table, the connector and the bot panel.

The Global script is the connector followed by the game's own Lua (``tts_mod/<game>/global.lua`` when present,
bundled with the modules it requires: :mod:`bridge.modsource`);
the game's name and default difficulty travel in the Global script state as JSON, never inside Lua source.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import sys
from pathlib import Path
from typing import Any

from bridge.modsource import ModSource, default_root
from bridge.table import SaveFile
from engines.base import Game

SAVE_VERSION = "v13.2.2"


def connector_lua() -> str:
    """The connector alone (tests and tools that build their own saves use it)."""
    return (default_root() / "connector" / "connector.lua").read_text(encoding="utf-8")


def global_script(game: Game[Any, Any], source: ModSource | None = None) -> str:
    return (source or ModSource()).global_bundle(game).script


def panel_xml(game: Game[Any, Any], source: ModSource | None = None) -> str:
    return (source or ModSource()).panel_xml(game)


def build_save(
    game: Game[Any, Any], assets: dict[str, str] | None = None, *, people: int = 1, table: SaveFile | None = None
) -> SaveFile:
    """The whole save; ``assets`` maps the game's image names to URLs (see :func:`write_mod`); ``people`` sit
    with the bot (one of the game's :attr:`~engines.base.Game.people`). ``table``: these objects instead of a
    fresh game's (a position built by the game's own table builder, for a scenario)."""
    if table is None:
        if people not in game.people:
            raise ValueError(
                f"{game.title} is for {' or '.join(map(str, game.people))} people with the bot, not {people}"
            )
        table = game.build_table(assets or {}, people)
    objects = table.to_dict()
    now = _dt.datetime.now(_dt.UTC)
    save: dict[str, Any] = {
        "SaveName": f"Tabletop Automa: {game.title}",
        "EpochTime": int(now.timestamp()),
        "Date": now.strftime("%m/%d/%Y %I:%M:%S %p"),
        "VersionNumber": SAVE_VERSION,
        "GameMode": game.title,
        "GameType": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "Table_RPG",
        "Sky": "Sky_Museum",
        "Note": f"Press 'Bot turn' on the panel; the bridge (automa serve --game {game.name}) must be running.",
        "TabStates": {},
        "LuaScript": global_script(game),
        "LuaScriptState": json.dumps({"game": game.name, "difficulty": game.default_difficulty}),
        "XmlUI": panel_xml(game),
        "ObjectStates": objects.get("ObjectStates", []),
    }
    return SaveFile.from_dict(save, f"{game.name} mod")


def tts_saves_folder() -> Path | None:
    """Where TTS keeps saves on this OS, if that folder exists."""
    home = Path.home()
    if sys.platform == "win32":
        docs = Path(os.environ.get("USERPROFILE", home)) / "Documents"
        candidate = docs / "My Games" / "Tabletop Simulator" / "Saves"
    elif sys.platform == "darwin":
        candidate = home / "Library" / "Tabletop Simulator" / "Saves"
    else:
        candidate = home / ".local" / "share" / "Tabletop Simulator" / "Saves"
    return candidate if candidate.is_dir() else None


def write_mod(game: Game[Any, Any], out: Path | None, *, people: int = 1) -> Path:
    """Write the save; ``out`` may be a folder or a file name. Default: the TTS Saves folder, else here."""
    folder_or_file = out or tts_saves_folder() or Path.cwd()
    path = folder_or_file / f"TabletopAutoma_{game.name}.json" if folder_or_file.is_dir() else folder_or_file
    path.parent.mkdir(parents=True, exist_ok=True)
    build_save(game, {}, people=people)  # a bad --people is refused before any file is written
    assets = game.write_assets(path.with_name(path.stem + "_assets"))
    build_save(game, assets, people=people).dump(path)
    return path
