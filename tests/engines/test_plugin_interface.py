"""The plugin interface is what docs/plugin-interface.md says it is: each module's ``__all__`` is the page's list,
every listed name exists, and the skeleton (``automa new``) and the tutorial's bot import nothing else from the
project."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from bridge.newbot import TEMPLATE
from tests.conftest import ROOT

PAGE = ROOT / "docs" / "plugin-interface.md"
PROJECT_PACKAGES = {"bridge", "engines", "tools", "tts_mod"}


def public() -> dict[str, set[str]]:
    """Module -> the names the page lists under its heading ("## `engines.base`")."""
    sections = re.split(r"^## ", PAGE.read_text(encoding="utf-8"), flags=re.M)[1:]
    listed = {}
    for section in sections:
        heading, _, body = section.partition("\n")
        if match := re.fullmatch(r"`([\w.]+)`", heading.strip()):
            listed[match[1]] = set(re.findall(r"`(\w+)`", body))
    return listed


def test_the_page_lists_the_modules_a_plugin_builds_on():
    assert {"engines.base", "engines.priorities", "bridge.table", "bridge.commands"} <= set(public())


@pytest.mark.parametrize("module", sorted(public()))
def test_each_public_modules_all_is_the_pages_list_and_every_name_exists(module: str):
    imported = importlib.import_module(module)
    assert set(imported.__all__) == public()[module]
    assert [name for name in imported.__all__ if not hasattr(imported, name)] == []


def project_imports(path: Path) -> list[tuple[str, str, int]]:
    """(module, name, line) for each import of the project's own code in ``path`` (name "" for ``import M``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] in PROJECT_PACKAGES:
                found += [(node.module, alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(a.name, "", node.lineno) for a in node.names if a.name.split(".")[0] in PROJECT_PACKAGES]
    return found


@pytest.mark.parametrize("folder", [TEMPLATE, ROOT / "docs" / "tutorial"], ids=["skeleton", "tutorial"])
def test_plugins_import_only_the_public_surface(folder: Path):
    files = sorted(folder.rglob("*.py"))
    assert len(files) >= 5
    allowed = public()
    outside = [
        f"{path.relative_to(ROOT)}:{line}: {module}{'.' + name if name else ''}"
        for path in files
        for module, name, line in project_imports(path)
        if module not in allowed or (name and name not in allowed[module]) or not name
    ]
    assert outside == []
    assert any(project_imports(path) for path in files)  # the walk sees the imports it checks


def test_the_tutorials_bot_is_typed_as_strictly_as_the_project():
    """``mypy`` (the project's command) checks bridge, engines and tools; the tutorial's package is checked here,
    with the same settings from pyproject.toml."""
    from mypy import api

    out, err, status = api.run(
        ["--config-file", str(ROOT / "pyproject.toml"), str(ROOT / "docs" / "tutorial" / "lastcoin")]
    )
    assert status == 0, out + err
    assert "Success: no issues found in 10 source files" in out
