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
from urllib.parse import quote, urlparse

from bridge.errors import UsageError
from bridge.modsource import ModSource, default_root
from bridge.table import SaveFile, ttsfacts
from bridge.table.savefile import save_path
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
    game: Game[Any, Any],
    assets: dict[str, str] | None = None,
    *,
    people: int = 1,
    table: SaveFile | None = None,
    seed: int = 0,
) -> SaveFile:
    """The whole save; ``assets`` maps the game's image names to URLs (see :func:`write_mod`); ``people`` sit
    with the bot (one of the game's :attr:`~engines.base.Game.people`); ``seed`` deals a fresh game's set-up.
    ``table``: these objects instead of a fresh game's (a position built by the game's own table builder, for a
    scenario)."""
    if table is None:
        if people not in game.people:
            raise UsageError(
                f"{game.title} is for {' or '.join(map(str, game.people))} people with the bot, not {people}"
            )
        table = game.build_table(assets or {}, people, seed=seed)
    objects = table.to_dict()
    table_name, floor = fit_table(objects.get("ObjectStates", []))
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
        "Table": table_name,
        "Sky": "Sky_Museum",
        "Note": f"Press 'Bot turn' on the panel; the bridge (automa serve --game {game.name}) must be running.",
        "TabStates": {},
        "LuaScript": global_script(game),
        "LuaScriptState": json.dumps({"game": game.name, "difficulty": game.default_difficulty}),
        "XmlUI": panel_xml(game),
        "ObjectStates": floor + objects.get("ObjectStates", []),
    }
    if objects.get("SnapPoints"):
        save["SnapPoints"] = objects["SnapPoints"]  # the table's own, in world coordinates (where a drop lands)
    return SaveFile.from_dict(save, f"{game.name} mod")


FLOOR_MARGIN = 3.0  # world units of floor beyond the outermost object's centre
FLOOR_NOTE = "automa floor"
FLOOR_GUID = "ff0001"  # outside every builder's GUID range (they start "a")


def fit_table(objects: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    """The TTS table for these objects, and the floor to add: Table_RPG when every object but the hand zones lies
    on its flat surface; else no table and a locked floor of our own under the whole layout (pieces past a table's
    surface fall to the ground in TTS: bridge/table/ttsfacts.py)."""
    rpg = ttsfacts.TABLE_SURFACES["Table_RPG"]
    spots = [
        (float(t.get("posX", 0.0)), float(t.get("posZ", 0.0)))
        for o in objects
        if o.get("Name") != "HandTrigger"
        for t in [o.get("Transform") or {}]
    ]
    if all(rpg.holds(x, z) for x, z in spots):
        return "Table_RPG", []
    xs, zs = [x for x, _ in spots], [z for _, z in spots]
    width = max(xs) - min(xs) + 2 * FLOOR_MARGIN
    depth = max(zs) - min(zs) + 2 * FLOOR_MARGIN
    floor = {
        "GUID": FLOOR_GUID,
        "Name": ttsfacts.BLOCK_NAME,
        "Transform": {
            "posX": (max(xs) + min(xs)) / 2,
            "posY": rpg.top - 0.5,  # a block one unit thick whose top is where Table_RPG's surface would be
            "posZ": (max(zs) + min(zs)) / 2,
            "rotX": 0.0,
            "rotY": 0.0,
            "rotZ": 0.0,
            "scaleX": width,
            "scaleY": 1.0,
            "scaleZ": depth,
        },
        "Nickname": "Table",
        "Description": "The floor the game's pieces stand on (the layout is larger than TTS's tables).",
        "GMNotes": FLOOR_NOTE,
        "Tags": [],
        "Locked": True,
        "ColorDiffuse": {"r": 0.23, "g": 0.33, "b": 0.25},
    }
    return ttsfacts.NO_TABLE, [floor]


def hosted_images(assets: dict[str, str], base_url: str) -> dict[str, str]:
    """The build's images at ``base_url`` (where the person uploaded the images folder) instead of on this
    computer: each name keeps its file name."""
    base = base_url.rstrip("/")
    out = {}
    for key, url in assets.items():
        path = ttsfacts.local_image_path(url)
        out[key] = f"{base}/{quote(Path(path).name)}" if path else url
    return out


def images_folder(game: Game[Any, Any]) -> Path:
    """Where ``serve --emulator`` writes a game's images: the per-user cache folder, never the repository
    ($XDG_CACHE_HOME, by default ~/.cache, then tabletop-automa/GAME/images)."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "tabletop-automa" / game.name / "images"


def cached_images(game: Game[Any, Any]) -> dict[str, str]:
    """The game's images written to :func:`images_folder` (again each run: a build may have changed them); image
    name -> file URL, for :func:`build_save`."""
    return game.write_assets(images_folder(game))


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


def write_mod(
    game: Game[Any, Any], out: Path | None, *, people: int = 1, images_url: str | None = None, seed: int = 0
) -> Path:
    """Write the save; ``out`` may be a folder or a file name. Default: the TTS Saves folder, else here.
    ``images_url``: the web folder the images will be uploaded to (else the save points at this computer's files,
    and plays only here). ``seed`` deals the set-up (see :func:`build_save`)."""
    if images_url is not None and urlparse(images_url).scheme not in ttsfacts.WEB_SCHEMES:
        raise UsageError(f"--images-url must be an http:// or https:// address, not {images_url!r}")
    path = save_path(out or tts_saves_folder() or Path.cwd(), f"TabletopAutoma_{game.name}.json")  # must exist
    build_save(game, {}, people=people)  # a bad --people is refused before any file is written
    assets = game.write_assets(path.with_name(path.stem + "_assets"))
    if images_url is not None:
        assets = hosted_images(assets, images_url)
    build_save(game, assets, people=people, seed=seed).dump(path)
    return path
