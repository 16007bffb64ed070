"""``automa new`` as a bot author runs it: the skeleton written out, installed into a fresh virtualenv, its own tests
run there, and one bot turn served on the emulator through the entry point; the tutorial's finished bot the same.

The virtualenv sees this test's environment (the project and its dependencies) through a ``.pth`` file, and the
plugin is installed without build isolation and without dependencies: no network is needed.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from bridge.newbot import NewPluginError, write_plugin
from tests.conftest import ROOT, free_port

TUTORIAL = ROOT / "docs" / "tutorial"
GUIDE = ROOT / "docs" / "writing-a-bot.md"


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtualenv over this test's environment: its python, which imports what this one does."""
    folder = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", folder], check=True)
    python = folder / "bin" / "python"
    own = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    parent = sysconfig.get_paths()["purelib"]  # addsitedir: the parent's .pth files (the editable project) count
    Path(own, "_over_test_env.pth").write_text(f"import site; site.addsitedir({parent!r})\n", encoding="utf-8")
    return python


def run(python: Path, *args: str | Path, cwd: Path, home: Path) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` in ``cwd``, its game files and image cache under ``home``."""
    env = {**os.environ, "XDG_DATA_HOME": str(home), "XDG_CACHE_HOME": str(home), "XDG_CONFIG_HOME": str(home)}
    env.pop("PYTHONPATH", None)
    return subprocess.run([python, *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=240)


def install_test_and_serve(python: Path, plugin: Path, game: str, home: Path, *flags: str) -> str:
    """The plugin installed, its tests passed, and one bot turn served through the entry point: that turn's lines."""
    installed = run(
        python, "-m", "pip", "install", "--no-deps", "--no-build-isolation", "-e", plugin, cwd=home, home=home
    )
    assert installed.returncode == 0, installed.stderr
    tested = run(python, "-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=plugin, home=home)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert " passed" in tested.stdout and " failed" not in tested.stdout
    ports = ("--tts-port", str(free_port()), "--editor-port", str(free_port()))
    served = run(
        python, "-m", "bridge.cli", "serve", game, "--emulator", "--turns", "1", "--seed", "1", "--no-dashboard",
        *ports, *flags, cwd=home, home=home,
    )  # fmt: skip
    assert served.returncode == 0, served.stdout + served.stderr
    return "\n".join(line for line in served.stdout.splitlines() if line.startswith("  - "))


def test_a_new_plugin_installs_passes_its_tests_and_plays_a_bot_turn(venv: Path, tmp_path: Path):
    plugin = tmp_path / "my plugin"
    made = run(venv, "-m", "bridge.cli", "new", "mygame", "--out", plugin, cwd=tmp_path, home=tmp_path)
    assert made.returncode == 0, made.stderr
    assert f"pip install -e {plugin}" in made.stdout
    assert (plugin / "mygame" / "game.py").is_file() and (plugin / "tests" / "test_mygame.py").is_file()
    assert "skeleton" not in "".join(p.read_text(encoding="utf-8") for p in plugin.rglob("*") if p.is_file())
    turn = install_test_and_serve(venv, plugin, "mygame", tmp_path)
    assert turn == "  - The bot places a token on space 3. [priority 2 (nearest the centre)]  (1 command(s))"
    reloaded = dev_after_an_edit(venv, plugin / "mygame" / "bot.py", "mygame", tmp_path)
    assert f"dev: watching {plugin / 'mygame'} (rules)" in reloaded
    assert f"dev: rules reloaded from {plugin / 'mygame'} (self-check passed)" in reloaded


def dev_after_an_edit(python: Path, rule_file: Path, game: str, home: Path) -> str:
    """``automa dev GAME --emulator`` on the installed plugin, one of its rule files saved with an edit once it
    watches: what it printed up to the reload (or up to its end)."""
    env = {**os.environ, "XDG_DATA_HOME": str(home), "XDG_CACHE_HOME": str(home)}
    ports = ("--tts-port", str(free_port()), "--editor-port", str(free_port()))
    args = ("dev", game, "--emulator", "--fast", "--no-dashboard", "--debounce", "0.2", *ports)
    proc = subprocess.Popen(
        [python, "-m", "bridge.cli", *args],
        cwd=home,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    lines = []
    try:
        while line := proc.stdout.readline():
            lines.append(line)
            if line.startswith("dev: watching"):
                rule_file.write_text(rule_file.read_text(encoding="utf-8").replace("places a", "puts a"), "utf-8")
            if "dev: rules reloaded" in line or "dev: rules reload failed" in line.lower():
                break
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    return "".join(lines)


def test_the_tutorials_finished_bot_installs_passes_its_tests_and_plays_a_bot_turn(venv: Path, tmp_path: Path):
    turn = install_test_and_serve(venv, TUTORIAL, "lastcoin", tmp_path, "--allow-sample")
    assert f"\n{turn}\n" in GUIDE.read_text(encoding="utf-8")  # the guide shows the turn as it is printed
    assert "[priority 1 (leave a multiple of 4)]" in turn
    played = run(
        venv, "-m", "bridge.cli", "selfplay", "lastcoin", "--allow-sample", "--games", "10", cwd=tmp_path, home=tmp_path
    )
    assert played.returncode == 0 and "starting:  won 5 of 5 games" in played.stdout, played.stdout + played.stderr
    sample = TUTORIAL / "lastcoin" / "sample_card.json"
    checked = run(venv, "-m", "bridge.cli", "data", "check", "lastcoin", sample, cwd=tmp_path, home=tmp_path)
    assert checked.stdout == f"{sample}: the rule card loads; a turn may take 1 to 3 coin(s)\n", checked.stderr


@pytest.mark.parametrize(
    ("game", "why"),
    [
        ("My-Game", "use a lowercase Python identifier"),
        ("class", "use a lowercase Python identifier"),
        ("warchest", "one of the project's own games"),
        ("json", "already an importable module"),
    ],
)
def test_a_name_that_cannot_be_a_plugin_is_refused(game: str, why: str, tmp_path: Path):
    with pytest.raises(NewPluginError, match=why):
        write_plugin(game, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_folder_inside_the_project_or_one_that_holds_files_is_refused(tmp_path: Path):
    with pytest.raises(NewPluginError, match="inside the project"):
        write_plugin("mygame", ROOT / "plugins" / "mygame")
    assert not (ROOT / "plugins").exists()
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(NewPluginError, match="exists and is not an empty folder; nothing was overwritten"):
        write_plugin("mygame", tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_the_cli_says_what_is_wrong_with_exit_status_2(tmp_path: Path):
    refused = subprocess.run(
        [sys.executable, "-m", "bridge.cli", "new", "demo", "--out", str(tmp_path / "x")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert refused.returncode == 2 and "game name 'demo' is one of the project's own games" in refused.stderr
