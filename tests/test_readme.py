"""The README and docs/ stay true: CI runs the second set-up command verbatim and the first names real options; the
README stays short; every relative link leads somewhere and every `automa ...` command shown parses."""

import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest

from bridge.cli import build_parser
from tests.conftest import ROOT


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = text.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", setup)


def test_readme_has_exactly_two_setup_commands():
    assert len(readme_commands()) == 2


def test_ci_runs_the_readme_test_command_verbatim():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert readme_commands()[1] in ci


def test_the_main_job_command_parses():
    main_job = readme_commands()[0]
    automa_args = main_job.split("&& automa ", 1)[1].split()
    args = build_parser().parse_args(automa_args)
    assert (args.command, args.game, args.emulator, args.turns) == ("serve", "warchest", True, None)


DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PLACEHOLDERS = {"GAME": "warchest", "COMMAND": "serve", "N": "1", "D": "beginner", "V": "1.0", "REV": "HEAD"}


def links(page: Path) -> list[str]:
    """Every link and image target of a page that is not a web address."""
    targets = re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8"))
    return [target for target in targets if not re.match(r"[a-z]+:", target)]


def anchors(page: Path) -> set[str]:
    """The anchors a forge makes of a page's headings: lower case, punctuation dropped, spaces as hyphens."""
    made: set[str] = set()
    for heading in re.findall(r"^#+ (.+)$", page.read_text(encoding="utf-8"), flags=re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        made.add(next(f"{slug}-{n}" if n else slug for n in range(99) if (f"{slug}-{n}" if n else slug) not in made))
    return made


def broken_link(page: Path, target: str) -> str | None:
    """Why a link of ``page`` leads nowhere, or None when its file (and heading, if named) exists."""
    path, _, anchor = target.partition("#")
    file = (page.parent / path).resolve() if path else page
    if not file.exists():
        return f"{page.name}: {target}: no such file"
    if anchor and anchor not in anchors(file):
        return f"{page.name}: {target}: no heading makes #{anchor}"
    return None


def automa_commands(page: Path) -> list[str]:
    """Every ``automa ...`` command shown: inline code spans (which may wrap a line) and code blocks' lines."""
    text = page.read_text(encoding="utf-8")
    spans = re.findall(r"(?<!`)`(automa [^`]+)`", text)
    lines = re.findall(r"(?:^|&& )(automa [^`\n]+)$", text, flags=re.M)
    return [" ".join(command.split()) for command in spans + lines]


def test_the_readme_is_read_in_two_minutes():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) < 150


def test_the_pages_are_found():
    names = {page.name for page in DOCS}
    assert {"README.md", "playing-in-tts.md", "playing-on-the-page.md", "troubleshooting.md", "benchmarks.md"} <= names


@pytest.mark.parametrize("page", DOCS, ids=lambda page: page.name)
def test_every_relative_link_leads_to_a_file_and_heading(page: Path):
    assert [why for target in links(page) if (why := broken_link(page, target))] == []


def test_a_broken_link_or_anchor_is_caught(tmp_path: Path):
    page = tmp_path / "page.md"
    page.write_text("# Saving and resuming, a game\n\n[a](page.md#saving-and-resuming-a-game) [b](gone.md) [c](#no)\n")
    assert [broken_link(page, target) for target in links(page)] == [
        None,
        "page.md: gone.md: no such file",
        "page.md: #no: no heading makes #no",
    ]


def parses(words: list[str]) -> bool:
    """Whether the real parser takes a command line; a bare command name (`automa selfplay` in a sentence) counts
    when its help opens (global flags before it allowed), and ``--help`` is the one exit that is not a refusal."""
    words = [PLACEHOLDERS.get(word, word) for word in words]
    first = next((i for i, word in enumerate(words) if not word.startswith("-")), len(words))
    named = not any(word.startswith("-") for word in words[first:])
    for attempt in [words, [*words, "--help"]] if named else [words]:
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                build_parser().parse_args(attempt)
            return True
        except SystemExit as stop:
            if stop.code == 0 and "--help" in attempt:
                return True
    return False


@pytest.mark.parametrize("page", DOCS, ids=lambda page: page.name)
def test_every_automa_command_shown_parses(page: Path):
    assert [command for command in automa_commands(page) if not parses(shlex.split(command, comments=True)[1:])] == []


def test_a_wrong_command_or_flag_is_caught():
    assert not parses(["serve", "warchest", "--emulatr"])
    assert not parses(["sefplay"])
    assert not parses(["selfplay", "--games", "5"])
    assert not parses(["-v", "dve"])
    assert parses(["selfplay"]) and parses(["-v", "dev"]) and parses(["mod", "build", "GAME", "--seed", "N"])


def test_the_commands_are_found():
    found = [command for page in DOCS for command in automa_commands(page)]
    assert "automa lua 'return #getObjects()'" in found and "automa mod build warchest" in found
    assert len(found) > 80


# Pages whose ```python blocks a reader may copy: the README, docs/ (with its sub-folders), each game's README and
# the emulator's.
CODE_PAGES = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").rglob("*.md")),
    *sorted((ROOT / "engines").glob("*/README.md")),
    ROOT / "tools" / "emulator" / "README.md",
]


def python_blocks(page: Path) -> list[tuple[int, str]]:
    """Each fenced ```python (or ```py) block of ``page``, with the line its code starts on, indentation kept
    relative to the fence (a block may sit in a list item)."""
    text = page.read_text(encoding="utf-8")
    found = []
    for match in re.finditer(r"^( *)```(?:python|py)[ \t]*\n(.*?)^ *```", text, flags=re.M | re.S):
        indent = len(match.group(1))
        code = "\n".join(line[indent:] if line[:indent].isspace() else line for line in match.group(2).splitlines())
        found.append((text.count("\n", 0, match.start()) + 2, code))
    return found


def unparsable(page: Path) -> list[str]:
    """Each python block of ``page`` that does not compile, as ``page:line: the error``."""
    found = []
    for line, code in python_blocks(page):
        try:
            compile(code, f"{page.name}:{line}", "exec", dont_inherit=True)
        except SyntaxError as exc:
            shown = page.relative_to(ROOT) if page.is_relative_to(ROOT) else page.name
            found.append(f"{shown}:{line + (exc.lineno or 1) - 1}: {exc.msg}")
    return found


def test_a_python_block_that_does_not_parse_is_caught(tmp_path: Path):
    page = tmp_path / "page.md"
    page.write_text(
        "# A page\n\n```python\nfrom engines.warchest import rules\nrules.apply(state, action)\n```\n\n"
        "- a step:\n\n  ```python\n  def turn(state):\n      return rules.legal_actions(state)\n  ```\n\n"
        "```python\nstate = rules.new_game(...)\nrules.apply(state, ...)  # then\n    bot.decide(\n```\n"
    )
    assert [line for line, _ in python_blocks(page)] == [4, 11, 16]
    assert unparsable(page) == ["page.md:18: unexpected indent"]


def test_every_python_block_in_the_readmes_and_docs_parses():
    """A fragment a reader copies must at least be Python (issue 42): each ```python block of the README, docs/,
    the games' READMEs and the emulator's compiles."""
    assert ROOT / "engines" / "warchest" / "README.md" in CODE_PAGES and ROOT / "docs" / "architecture.md" in CODE_PAGES
    assert [why for page in CODE_PAGES for why in unparsable(page)] == []
