"""The project's modules import one another without circles, and only downward through its rooms (issue 42, "A
house without circles"; docs/architecture.md draws the rooms).

A circle means no module in it can be read, loaded or tested alone, and its import order decides what works. The
walk reads the source with :mod:`ast`, so an import inside a function counts as much as one at the top of a
module; only imports under ``if TYPE_CHECKING:`` are left out, since they never run.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bridge", "engines", "tools", "tts_mod")


# The rooms, lowest first: the modules each holds (dotted prefixes, the longest wins) and the rooms its modules may
# import besides their own. Games are plugins: they speak the table model and the kit, and the bridge reaches them
# only through the registry, which loads them by name at run time (docs/architecture.md).
GAMES = tuple(sorted(f"engines.{p.name}" for p in (ROOT / "engines").iterdir() if (p / "game.py").is_file()))
ROOMS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "errors": (("bridge.errors",), ()),
    "protocol": (("bridge.protocol",), ("errors",)),
    "table model": (("bridge.table", "bridge.commands", "bridge.records"), ("errors", "protocol")),
    "plugin kit": (("engines",), ("errors", "table model")),
    "games": (GAMES, ("errors", "table model", "plugin kit")),
    "registry": (("engines.registry",), ("errors", "table model", "plugin kit")),
    "link": (("bridge.streams", "bridge.link", "bridge.connector"), ("errors", "protocol", "table model")),
    "emulator": (("tools.emulator",), ("errors", "protocol", "table model", "link")),
    "bridge": (
        ("bridge", "tts_mod"),
        ("errors", "protocol", "table model", "plugin kit", "registry", "link", "emulator"),
    ),
    "tools": (
        ("tools",),
        ("errors", "protocol", "table model", "plugin kit", "games", "registry", "link", "emulator", "bridge"),
    ),
}


def room_of(module: str) -> str:
    """The room holding ``module``: the one whose prefix matches the most of its dotted name."""
    matches = [
        (len(prefix), room)
        for room, (prefixes, _) in ROOMS.items()
        for prefix in prefixes
        if module == prefix or module.startswith(prefix + ".")
    ]
    if not matches:
        raise AssertionError(f"{module} is in no room: give its package one in ROOMS")
    return max(matches)[1]


def wrong_way(graph: dict[str, set[str]]) -> list[str]:
    """Each import that goes where its room may not: up, sideways into another room, or from one game into
    another (each game is its own plugin)."""
    found = []
    for importer, targets in sorted(graph.items()):
        here = room_of(importer)
        for target in sorted(targets):
            there = room_of(target)
            if there != here and there not in ROOMS[here][1]:
                found.append(f"{importer} ({here}) imports {target} ({there})")
            elif here == there == "games" and importer.split(".")[1] != target.split(".")[1]:
                found.append(f"{importer} imports another game's {target}")
    return found


def module_name(path: Path) -> str:
    """The dotted name Python gives the file at ``path`` (a package's ``__init__.py`` is the package)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


# Source of other packages kept as data: automa new writes it out as the plugin's own package (``skeleton``).
NOT_MODULES = (ROOT / "bridge" / "newbot" / "template",)


def project_modules() -> dict[str, Path]:
    """Every Python module of the project's packages, by dotted name."""
    return {
        module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if not any(path.is_relative_to(folder) for folder in NOT_MODULES)
    }


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import under ``node`` at any depth, skipping the body (not the ``else``) of ``if TYPE_CHECKING:``."""
    for child in ast.iter_child_nodes(node):
        runs = child.orelse if isinstance(child, ast.If) and _is_type_checking(child.test) else [child]
        for statement in runs:
            if isinstance(statement, ast.Import | ast.ImportFrom):
                yield statement
            yield from _import_nodes(statement)


def _base_of(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    """The absolute module a ``from ... import`` names, resolving leading dots against the importer."""
    if not node.level:
        return node.module or ""
    parts = importer.split(".")
    keep = len(parts) - node.level + (1 if is_package else 0)
    return ".".join(parts[:keep] + ([node.module] if node.module else []))


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules ``name`` imports: ``from pkg import mod`` names the submodule where ``mod`` is one."""
    found: set[str] = set()
    is_package = path.name == "__init__.py"
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = _base_of(node, name, is_package)
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
        found.update(target for target in targets if target in modules and target != name)
    return found


def import_graph() -> dict[str, set[str]]:
    """Each project module with the project modules it imports."""
    modules = project_modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: each strongly connected group of two or more modules (Tarjan's algorithm), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group: list[str] = []
            while not group or group[-1] != node:
                group.append(stack.pop())
                on_stack.discard(group[-1])
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_the_walk_sees_imports_inside_functions_and_skips_type_checking_ones() -> None:
    """The walk must see what runs: a function's import counts, a TYPE_CHECKING import does not."""
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    import hidden\nelse:\n    import shown\n"
        "def late():\n    import inner\n"
    )
    assert sorted(alias.name for node in _import_nodes(tree) for alias in node.names) == [
        "TYPE_CHECKING",
        "inner",
        "shown",
    ]


def test_a_circle_is_found_and_named() -> None:
    """Two modules importing each other form a circle; a chain does not."""
    assert circles({"a": {"b"}, "b": {"a", "c"}, "c": set()}) == [["a", "b"]]


def test_the_graph_knows_the_modules_it_walks() -> None:
    """The walk finds the project's modules and the edges between them (else "no circles" would say nothing)."""
    graph = import_graph()
    assert "engines.base" in graph and "bridge.cli" in graph
    assert "bridge.table" in graph["engines.base"]


def test_no_import_circles_among_the_projects_modules() -> None:
    """No module of bridge/, engines/, tools/ or tts_mod/ imports, through any chain, one that imports it back."""
    found = circles(import_graph())
    assert not found, "import circles:\n" + "\n".join(" <-> ".join(group) for group in found)


def test_each_part_of_the_emulators_object_api_loads_alone_and_first() -> None:
    """Each ``api_*`` part loads in a fresh interpreter with nothing imported before it, and without the binding
    that serves the registry to Lua (issue 42: each part can be read and tested alone)."""
    parts = sorted(name for name in project_modules() if name.startswith("tools.emulator.api_"))
    assert len(parts) >= 7
    for part in parts:
        code = f"import sys, {part}; assert 'tools.emulator.binding' not in sys.modules, 'it loads the binding'"
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
        assert done.returncode == 0, f"{part} does not load alone:\n{done.stderr}"


def test_a_wrong_way_import_is_found_and_named() -> None:
    """A game importing the bridge's session, or another game, breaks the layering; a game importing the table
    model does not."""
    graph = {
        "engines.demo.game": {"bridge.session", "bridge.table", "engines.warchest.rules"},
        "bridge.session": set(),
        "bridge.table": set(),
        "engines.warchest.rules": set(),
    }
    assert wrong_way(graph) == [
        "engines.demo.game (games) imports bridge.session (bridge)",
        "engines.demo.game imports another game's engines.warchest.rules",
    ]


def test_every_import_goes_down_through_the_rooms() -> None:
    """What a plugin may import, and what may import the plugins, as ROOMS says and docs/architecture.md draws."""
    assert "engines.warchest" in GAMES and "engines.demo" in GAMES
    found = wrong_way(import_graph())
    assert not found, "imports against the rooms:\n" + "\n".join(found)


# Names a reader can trust (issue 42): a module is imported by its own name, and a module-level name says what it
# holds. One letter stays only where it is the convention: a count or coordinate (``n``, ``x``), an unused value
# (``_``) and the usual generic TypeVars (``T``, and ``K``/``V`` for a mapping's keys and values).
CONVENTIONAL_LETTERS = frozenset({"_", "i", "j", "k", "n", "N", "x", "y", "z", "T", "K", "V"})


def python_files() -> list[Path]:
    """The project's modules, its tests (a test reads as much as the code it checks), and the code a bot's writer
    copies: the tutorial's under docs/ and automa new's template."""
    copied = [path for folder in (ROOT / "docs", *NOT_MODULES) for path in folder.rglob("*.py")]
    return sorted({*project_modules().values(), *(ROOT / "tests").rglob("*.py"), *copied})


def _module_level(statements: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Statements run at module level, through ``if``/``try``/``with`` blocks but not into functions or classes."""
    for statement in statements:
        yield statement
        if isinstance(statement, ast.If | ast.For | ast.While | ast.With):
            yield from _module_level([*statement.body, *getattr(statement, "orelse", [])])
        elif isinstance(statement, ast.Try):
            handlers = [s for handler in statement.handlers for s in handler.body]
            yield from _module_level([*statement.body, *handlers, *statement.orelse, *statement.finalbody])


def _imported(node: ast.Import | ast.ImportFrom, alias: ast.alias) -> str:
    return f"{node.module}.{alias.name}" if isinstance(node, ast.ImportFrom) and node.module else alias.name


def one_letter_names(source: str) -> list[str]:
    """Each one-letter import alias (at any depth) and each one-letter module-level name outside the convention,
    as ``line: what``."""
    tree = ast.parse(source)
    found = [
        f"{node.lineno}: import {_imported(node, alias)} as {alias.asname}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
        if alias.asname is not None and len(alias.asname) == 1
    ]
    for statement in _module_level(tree.body):
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names = [statement.name]
        elif isinstance(statement, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            names = [n.id for target in targets for n in ast.walk(target) if isinstance(n, ast.Name)]
        else:
            names = []
        strange = [name for name in names if len(name) == 1 and name not in CONVENTIONAL_LETTERS]
        found += [f"{statement.lineno}: {name}" for name in strange]
    return found


def test_one_letter_names_are_found_and_named() -> None:
    """A one-letter module alias, even inside a function, and a one-letter module-level name are named with their
    line; a loop's ``i``, a count ``n`` and a TypeVar ``T`` are not."""
    source = (
        "from engines.warchest import rules as R\n"
        "from typing import TypeVar\n"
        "T = TypeVar('T')\n"
        "A, B = 0, 1\n"
        "n = 3\n"
        "if n:\n    S = 'set up'\n"
        "def late():\n    from engines.warchest import actions as A\n    for i in range(n):\n        q = i\n"
    )
    assert one_letter_names(source) == [
        "1: import engines.warchest.rules as R",
        "9: import engines.warchest.actions as A",
        "4: A",
        "4: B",
        "7: S",
    ]


def test_no_one_letter_module_aliases_or_module_level_names() -> None:
    """Issue 42: ``rules as R``, ``actions as A``, ``layout as L`` and sides ``A, B = 0, 1`` do not come back."""
    files = python_files()
    assert ROOT / "engines" / "warchest" / "rules.py" in files and ROOT / "tests" / "test_imports.py" in files
    assert any(path.is_relative_to(ROOT / "docs") for path in files)
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in files
        for line in one_letter_names(path.read_text(encoding="utf-8"))
    ]
    assert not found, "one-letter names (spell them out):\n" + "\n".join(found)
