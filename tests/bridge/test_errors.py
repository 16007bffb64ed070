"""One root for the project's errors (issue 42): what the person can act on is an :class:`AutomaError` and prints as
one line with exit status 2; a bug is not dressed as one, and keeps its traceback behind ``-v``."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

from bridge import errors
from bridge.errors import AutomaError, MissingFeature
from engines.base import IllegalAction
from engines.demo.game import DemoGame
from tests.conftest import ROOT
from tests.test_imports import project_modules

# A game plugin with a bug: installed the way a plugin is (a distribution on the path that declares the
# tabletop_automa.games entry point), so the real ``automa`` loads it; its table builder fails as a bug does.
BUGGY_GAME = """
from engines.demo.game import DemoGame


class BuggyGame(DemoGame):
    name = "buggy"
    title = "A game with a bug"

    def build_table(self, assets, people=1, *, seed=0):
        return int("not a number")  # a bug: ValueError
"""


def _install_buggy_game(folder: Path) -> dict[str, str]:
    """The environment of an ``automa`` that finds the buggy plugin in ``folder``."""
    (folder / "buggy_game.py").write_text(BUGGY_GAME, encoding="utf-8")
    info = folder / "buggy_game-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: buggy-game\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[tabletop_automa.games]\nbuggy = buggy_game:BuggyGame\n", encoding="utf-8")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), str(ROOT)])}


def _automa(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bridge.cli", *args], capture_output=True, text=True, timeout=60, cwd=ROOT, env=env
    )


def test_a_bugs_value_error_in_a_game_is_an_internal_error_not_a_one_line_user_error(tmp_path: Path) -> None:
    """The CLI once caught every ValueError: a bug printed as "automa: invalid literal..." with exit status 2,
    as if the person had typed something wrong, and its traceback was lost."""
    env = _install_buggy_game(tmp_path)
    result = _automa(env, "mod", "build", "buggy", "--out", str(tmp_path))
    assert result.returncode == 1, result.stderr
    first, hint = result.stderr.strip().splitlines()
    assert first.startswith("automa: an internal error (a bug, not a fault of yours): ValueError: invalid literal")
    assert hint == "automa: to see where it happened, run it again with -v: automa -v mod ..."
    shown = _automa(env, "-v", "mod", "build", "buggy", "--out", str(tmp_path))
    assert shown.returncode == 1
    assert "Traceback (most recent call last)" in shown.stderr and 'return int("not a number")' in shown.stderr


def test_a_feature_a_game_lacks_is_named_and_said_as_a_user_error(tmp_path: Path) -> None:
    """``automa data check demo FILE``: the demo takes no owner data; that is said in one line (exit 2), and the
    error is MissingFeature, not the NotImplementedError of a method nobody wrote."""
    data = tmp_path / "cards.json"
    data.write_text("{}", encoding="utf-8")
    result = _automa(dict(os.environ), "data", "check", "demo", str(data))
    assert result.returncode == 2
    assert result.stderr.strip() == "automa: Three in a Row (demo) takes no owner data"
    try:
        DemoGame().check_data(data)
    except MissingFeature as exc:
        assert not isinstance(exc, NotImplementedError)
    else:
        raise AssertionError("the demo game checked owner data it does not take")


def test_illegal_action_is_one_class_for_every_game() -> None:
    """Each game's rules raise the one IllegalAction of engines/base.py (once four look-alike classes), so a
    caller catches one class for any game."""
    for game in ("warchest", "whitecastle", "fiftyfirst", "paxpamir"):
        rules = importlib.import_module(f"engines.{game}.rules")
        assert rules.IllegalAction is IllegalAction, game
    assert issubclass(IllegalAction, AutomaError) and issubclass(IllegalAction, ValueError)


def _project_errors() -> set[type[BaseException]]:
    """Every public error class of bridge/, engines/ and the emulator that rests on the root, once their modules
    are loaded."""
    for name in project_modules():
        if name.split(".")[0] in ("bridge", "engines") or name.startswith("tools.emulator"):
            importlib.import_module(name)
    found: set[type[BaseException]] = set()
    todo: list[type[BaseException]] = [AutomaError]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if sub.__module__.split(".")[0] in ("bridge", "engines", "tools") and not sub.__name__.startswith("_"):
                found.add(sub)
    return found


def test_the_tree_in_the_roots_docstring_names_every_error_on_the_root() -> None:
    """The docstring of bridge/errors.py draws the family; a class added to it and not to the drawing fails here."""
    found = _project_errors()
    assert {"UsageError", "ReadError", "LinkError", "IllegalAction", "ScriptError"} <= {cls.__name__ for cls in found}
    missing = sorted(cls.__name__ for cls in found if cls.__name__ not in (errors.__doc__ or ""))
    assert not missing, f"bridge/errors.py's tree lacks {missing}"


def test_the_emulators_errors_rest_on_the_root_and_keep_their_built_in_bases() -> None:
    """Issue 42: the emulator's errors were outside the root (ScriptError and HandError plain Exceptions), so a
    caller catching the project's errors missed them; each is now an EmulatorError, and those that were
    ValueErrors still are."""
    from tools.emulator.errors import EmulatorError
    from tools.emulator.hands import HandError
    from tools.emulator.landing import OffTable
    from tools.emulator.luahost import LuaHost, ScriptError
    from tools.emulator.moonsharp.patterns import PatternError

    assert issubclass(EmulatorError, AutomaError)
    for error in (ScriptError, HandError, OffTable, PatternError):
        assert issubclass(error, EmulatorError), error
    assert issubclass(OffTable, ValueError) and issubclass(PatternError, ValueError)
    host = LuaHost({})
    try:  # the real Lua runtime's error, caught as the project's root
        host.run_chunk("error('boom')", "boom.lua", host.new_env(None))
    except AutomaError as exc:
        assert isinstance(exc, ScriptError) and "boom" in str(exc)
    else:
        raise AssertionError("a Lua error was not raised as a ScriptError")
