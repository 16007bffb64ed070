"""The README's two set-up commands stay true: CI runs the second verbatim, and the first names real options."""

import re

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
