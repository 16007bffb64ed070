"""The mod's source tree (``tts_mod/``): the Global script bundled from its Lua files, the panel XML, and a map
from the bundled script's rows back to source ``file:line``.

TTS has no ``require``; a game's Lua may still ``require("name")`` a module from its folder or ``lib/``: the
bundle defines the modules as functions ahead of the code and a small ``require`` that runs each once.
TTS reports errors as ``chunk_N:(row,col)`` in the bundle; :meth:`Bundle.locate` turns a row into a file and line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from bridge.errors import AutomaError
from engines.base import Game

# Events the connector handles itself (it tracks changes with them): a game's own Lua must not replace them.
_CONNECTOR_EVENTS = re.compile(
    r"^function\s+(onObject(?:Drop|PickUp|Rotate|Spawn|Destroy|EnterContainer|LeaveContainer|StateChange|Randomize|"
    r"NumberTyped)|onPlayerAction|onLoad|onSave)\s*\(",
    re.M,
)
_REQUIRE = re.compile(r"""\brequire\s*\(?\s*["']([\w.]+)["']\s*\)?""")
_CHUNK_ROW = re.compile(r"chunk_\d+:\((\d+),")


class BundleError(AutomaError, ValueError):
    """A Lua source that cannot be bundled (a missing module); the text names the file and line."""


def shown_path(path: Path) -> str:
    """A path as a person clicks it in a terminal or editor: relative to where automa runs (the repository's root,
    usually), else absolute."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


@dataclass
class Bundle:
    script: str = ""
    origins: list[tuple[str, int] | None] = field(default_factory=list)  # per row (from 1): (file, line)
    root: Path | None = None  # the mod's folder, which the files in ``origins`` are relative to

    def add(self, text: str, origin: str | None = None) -> None:
        for i, line in enumerate(text.splitlines(), start=1):
            self.script += line + "\n"
            self.origins.append((origin, i) if origin else None)

    def extend(self, other: Bundle) -> None:
        """Another bundle's rows after these, each keeping where it came from."""
        self.script += other.script
        self.origins.extend(other.origins)

    def locate(self, row: int) -> tuple[str, int] | None:
        return self.origins[row - 1] if 0 < row <= len(self.origins) else None

    def explain(self, error: str) -> str:
        """A TTS error message with its ``chunk_N:(row,...)`` read as ``file:line`` where the row is ours. Of several
        positions the last counts: MoonSharp 2.0.0.0 puts the position of ``error(msg, 0)`` before a message that
        already carries one (the connector re-raising a joined mod's ``onLoad`` error), so the first would blame
        the connector instead of the line that failed."""
        found = list(_CHUNK_ROW.finditer(error))
        m = found[-1] if found else None
        where = self.locate(int(m.group(1))) if m else None
        if where is None:
            return error
        path = shown_path(self.root / where[0]) if self.root is not None else where[0]
        return f"{path}:{where[1]}: {error}"


def default_root() -> Path:
    return Path(str(files("tts_mod")))


PANEL_HEIGHT = 184  # the panel template's height (room for Check my turn); each game button adds a row


class ModSource:
    """Reads the mod from ``root`` (the installed ``tts_mod`` package by default, or a working copy)."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root or default_root()

    def _read(self, relative: str) -> str:
        return (self.root / relative).read_text(encoding="utf-8")

    def global_bundle(self, game: Game[Any, Any] | None) -> Bundle:
        """The connector, then the game's own Lua (none without a game: ``automa mod inject`` with no --game)."""
        parts = [("connector/connector.lua", self._read("connector/connector.lua"))]
        own = self.root / game.name / "global.lua" if game is not None else None
        if own is not None and own.is_file():
            parts.append((f"{own.parent.name}/global.lua", own.read_text(encoding="utf-8")))
        for path, source in parts[1:]:
            clash = _CONNECTOR_EVENTS.search(source)
            if clash:
                row = source[: clash.start()].count("\n") + 1
                raise BundleError(
                    f"{path}:{row}: defines {clash.group(1)}, which the connector handles itself (it would stop "
                    "seeing the table's changes); call automa.touch(obj) or hook the connector's function instead"
                )
        modules = self._modules(game, parts) if game is not None else {}
        bundle = Bundle(root=self.root)
        if modules:
            bundle.add(
                "local __automa_modules, __automa_loaded = {}, {}\n"
                "local function require(name)\n"
                "  if __automa_loaded[name] == nil then __automa_loaded[name] = __automa_modules[name]() end\n"
                "  return __automa_loaded[name]\n"
                "end"
            )
            for name, (path, source) in modules.items():
                bundle.add(f'__automa_modules["{name}"] = function()')
                bundle.add(source, path)
                bundle.add("end")
        for index, (path, source) in enumerate(parts):
            if index:
                bundle.add(f"-- {path} ----")
            bundle.add(source, path)
        if game is not None and (extra := game.mod_lua()):
            bundle.add(f"-- {game.name} (generated) ----\n{extra}")
        return bundle

    def _modules(self, game: Game[Any, Any], parts: list[tuple[str, str]]) -> dict[str, tuple[str, str]]:
        found: dict[str, tuple[str, str]] = {}
        queue = list(parts)
        while queue:
            path, source = queue.pop(0)
            for row, line in enumerate(source.splitlines(), start=1):
                for name in _REQUIRE.findall(line.split("--", 1)[0]):
                    if name in found:
                        continue
                    relative = name.replace(".", "/") + ".lua"
                    for folder in (game.name, "lib"):
                        candidate = self.root / folder / relative
                        if candidate.is_file():
                            found[name] = (f"{folder}/{relative}", candidate.read_text(encoding="utf-8"))
                            queue.append(found[name])
                            break
                    else:
                        raise BundleError(
                            f"{path}:{row}: require({name!r}) finds no {game.name}/{relative} or "
                            f"lib/{relative} under {self.root}"
                        )
        return found

    def panel_xml(self, game: Game[Any, Any] | None) -> str:
        """The bot panel for ``game``; with none, Bot turn and the status line only (the bridge's game decides)."""
        template = self._read("connector/panel.xml")
        if game is None:
            return template.replace("<!--OPTIONS-->", "").replace("<!--CHECK-->", "")
        selected = ' selected="true"'
        options = "\n      ".join(
            f"<Option{selected if d == game.default_difficulty else ''}>{escape(d)}</Option>" for d in game.difficulties
        )
        check = (
            '<Button id="automa_check_turn" onClick="automaCheckTurn" fontSize="14" preferredHeight="28">'
            "Check my turn</Button>"
            if game.checks_turns
            else ""
        )
        buttons = "".join(
            f'<Button id="automa_button_{escape(key)}" onClick="automaGameButton" fontSize="14" '
            f'preferredHeight="28">{escape(label)}</Button>'
            for key, label in game.buttons
        )
        height = PANEL_HEIGHT + 34 * len(game.buttons)
        return (
            template.replace("<!--OPTIONS-->", options)
            .replace("<!--CHECK-->", check + buttons)
            .replace(f'height="{PANEL_HEIGHT}"', f'height="{height}"', 1)
            .replace(">Tabletop Automa<", f">{escape(game.title)}<", 1)
        )
