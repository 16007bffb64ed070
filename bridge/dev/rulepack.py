"""Load a game's rule pack fresh from its folder, beside the running one.

Not ``importlib.reload`` in place: the running modules stay untouched while the new copy is imported from source
(never from a stale ``.pyc``) under the same names into a private view of ``sys.modules``; the new modules bind
to each other, and the running ones keep working until the new pack has passed its self-check and is swapped in.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

from bridge.errors import AutomaError
from engines import registry
from engines.base import Game


class RulePackError(AutomaError):
    """The new rules could not be loaded or failed their self-check; the running rules stay."""


class _FreshLoader(importlib.machinery.SourceFileLoader):
    """Compiles from source every time: an edit within the same second must not hit a cached ``.pyc``."""

    def get_code(self, fullname: str) -> CodeType:
        path = self.get_filename(fullname)
        return compile(self.get_data(path), path, "exec", dont_inherit=True)


class _PackFinder(importlib.abc.MetaPathFinder):
    """Serves a game's package (``engines.<game>``, or a plugin's own) and everything under it from one folder."""

    def __init__(self, package: str, folder: Path) -> None:
        self.package, self.folder = package, folder

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.package and not fullname.startswith(self.package + "."):
            return None
        relative = Path(*fullname.split(".")[len(self.package.split(".")) :])
        base = self.folder / relative
        if (base / "__init__.py").is_file():
            file, search = base / "__init__.py", [str(base)]
        elif base.with_suffix(".py").is_file():
            file, search = base.with_suffix(".py"), None
        else:
            return None
        loader = _FreshLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader, submodule_search_locations=search)


def load(name: str, folder: Path) -> Game[Any, Any]:
    """A new instance of game ``name`` built from the sources in ``folder`` (its package directory)."""
    target = registry.available().get(name)
    if target is None:
        raise RulePackError(f"unknown game {name!r}")
    module_name, _, class_name = target.partition(":")
    package = _package(name, module_name)
    if module_name != package and not module_name.startswith(package + "."):
        raise RulePackError(f"{name} is not a package under engines/ ({module_name}); it cannot be reloaded")
    ours = {k for k in sys.modules if k == package or k.startswith(package + ".")}
    running = {k: sys.modules.pop(k) for k in ours}
    finder = _PackFinder(package, folder)
    sys.meta_path.insert(0, finder)
    try:
        module = importlib.import_module(module_name)
        game: Game[Any, Any] = getattr(module, class_name)()
        return game
    except Exception as exc:
        raise RulePackError(f"{type(exc).__name__}: {exc}") from exc
    finally:
        sys.meta_path.remove(finder)
        for k in [k for k in sys.modules if k == package or k.startswith(package + ".")]:
            del sys.modules[k]  # the fresh modules live on through the game object, not in sys.modules
        sys.modules.update(running)


def _package(name: str, module_name: str) -> str:
    """The package reloaded as a whole: ``engines.<name>`` for a built-in game, a plugin's top-level package
    (``automa new`` writes one package per game) for a game installed through the entry point."""
    return f"engines.{name}" if name in registry.BUILT_IN else module_name.split(".")[0]
