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
    for image in ("board", "cards_1", "cards_2", "ai_front_1", "ai_back_1", "rupee", "dial_british"):
        assert (tmp_path / "pax_assets" / f"{image}.png").is_file()
    save = SaveFile.load(out)
    assert "Bot turn" in save.to_dict()["XmlUI"]
    assert table_fields(read_table(Table.from_save(save)).state) == table_fields(fresh_state(1))
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
