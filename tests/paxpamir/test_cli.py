"""The Pax Pamir table as a user gets it: ``automa mod build paxpamir`` writes a save with its images, and
``automa serve`` plays Wakhan's turns on it in the emulator."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge.table import SaveFile, Table
from engines.paxpamir.table.build import fresh_state
from engines.paxpamir.table.read import read_table
from tests.conftest import free_port
from tests.paxpamir.tablecheck import table_fields
from tests.test_cli import automa


@pytest.mark.slow
def test_mod_build_then_serve_plays_wakhan_on_the_built_save(tmp_path: Path):
    out = tmp_path / "pax.json"
    built = automa("mod", "build", "paxpamir", "--out", str(out), timeout=120)
    assert built.returncode == 0, built.stderr
    for image in ("board", "cards_1", "cards_2", "ai_front_1", "ai_back_1", "rupee", "dial", "loyalty"):
        assert (tmp_path / "pax_assets" / f"{image}.png").is_file()
    save = SaveFile.load(out)
    assert "Bot turn" in save.to_dict()["XmlUI"]
    seed = int(built.stdout.split("set-up dealt with seed ")[1].split()[0])  # a new set-up each build, as printed
    assert table_fields(read_table(Table.from_save(save)).state) == table_fields(fresh_state(1, seed=seed))
    board = next(o for o in save.to_dict()["ObjectStates"] if o["Nickname"] == "Pax Pamir map and market")
    assert board["CustomImage"]["ImageURL"].endswith("board.png")

    served = automa(
        "serve",
        "--game",
        "paxpamir",
        "--emulator",
        "--save",
        str(out),
        "--turns",
        "2",
        "--seed",
        "7",
        "--tts-port",
        str(free_port()),
        "--editor-port",
        str(free_port()),
        "--no-dashboard",
        timeout=120,
    )
    assert served.returncode == 0, served.stdout + served.stderr
    turns = served.stdout.split("bot turn (seed")[1:]
    assert len(turns) == 2
    for turn in turns:
        lines = [line for line in turn.splitlines() if line.startswith("  - ")]
        assert lines[0].startswith("  - draws AI card") and len(lines) >= 2
        assert "cannot read" not in turn


def test_mod_build_for_two_people_and_a_refused_count(tmp_path: Path):
    out = tmp_path / "two.json"
    built = automa("mod", "build", "paxpamir", "--people", "2", "--seed", "5", "--out", str(out), timeout=120)
    assert built.returncode == 0, built.stderr
    state = read_table(Table.from_save(SaveFile.load(out))).state
    assert table_fields(state) == table_fields(fresh_state(2, seed=5)) and [p.loyalty for p in state.players[1:]] == [
        "british",
        "russian",
    ]
    refused = automa("mod", "build", "paxpamir", "--people", "3", "--out", str(tmp_path / "three.json"))
    assert refused.returncode == 2 and "for 1 or 2 people with the bot, not 3" in refused.stderr
    assert not (tmp_path / "three.json").exists() and not (tmp_path / "three_assets").exists()
