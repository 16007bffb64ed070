"""``automa new GAME --out DIR``: a new game plugin, written from the skeleton in ``template/``.

The skeleton is a real, working plugin kept as files (``template/``), tested as they are: its package and every
mention of it are named ``skeleton`` (``Skeleton`` in a class or title), and writing a plugin copies the folder
with that word replaced by the game's name. Nothing is written inside this project (a plugin lives in its own
folder and is installed beside it), over a folder that holds anything, or under a name the project's own games
or an importable module already have.
"""

from __future__ import annotations

import importlib.util
import keyword
import re
from pathlib import Path

from bridge.errors import AutomaError
from engines import registry

TEMPLATE = Path(__file__).parent / "template"
PLACEHOLDER = "skeleton"
PROJECT = Path(__file__).resolve().parents[2]  # the folder holding bridge/ and engines/
_NAME = re.compile(r"[a-z][a-z0-9_]*")
_LEFT_OUT = ("__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache")  # what running the skeleton leaves


class NewPluginError(AutomaError, ValueError):
    """The plugin cannot be written there or under that name; nothing was written."""


def check_name(game: str) -> None:
    """Refuse a name that cannot be the plugin's package and its pieces' tag prefix, or that another has."""
    if not _NAME.fullmatch(game) or keyword.iskeyword(game):
        raise NewPluginError(
            f"game name {game!r}: use a lowercase Python identifier (letters, digits, _; a letter first), e.g. 'mygame'"
        )
    if game in registry.BUILT_IN:
        raise NewPluginError(f"game name {game!r} is one of the project's own games: choose another")
    if game in registry.available():
        raise NewPluginError(f"game name {game!r} is already installed as a plugin ({registry.available()[game]})")
    if importlib.util.find_spec(game) is not None:
        raise NewPluginError(f"game name {game!r} is already an importable module here: choose another")


def check_out(out: Path) -> Path:
    """The folder to write into, resolved: outside this project, and missing or empty."""
    target = out.expanduser().resolve()
    if target == PROJECT or PROJECT in target.parents:
        raise NewPluginError(f"--out {out}: inside the project ({PROJECT}); a plugin lives in a folder of its own")
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise NewPluginError(f"--out {out}: {target} exists and is not an empty folder; nothing was overwritten")
    return target


def write_plugin(game: str, out: Path) -> list[Path]:
    """The skeleton written to ``out`` as the plugin ``game``; the files written, in order."""
    check_name(game)
    target = check_out(out)
    written = []
    for source in template_files():
        relative = Path(*(_renamed(part, game) for part in source.relative_to(TEMPLATE).parts))
        destination = target / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_text(_renamed(source.read_text(encoding="utf-8"), game), encoding="utf-8")
        written.append(destination)
    return written


def template_files() -> list[Path]:
    """The skeleton's files, without what running its tests or installing it left beside them."""
    return [
        path
        for path in sorted(TEMPLATE.rglob("*"))
        if path.is_file()
        and path.suffix != ".pyc"
        and not any(part in _LEFT_OUT or part.endswith(".egg-info") for part in path.relative_to(TEMPLATE).parts)
    ]


def _renamed(text: str, game: str) -> str:
    title = "".join(part.capitalize() for part in game.split("_"))
    return text.replace(PLACEHOLDER, game).replace(PLACEHOLDER.capitalize(), title)
