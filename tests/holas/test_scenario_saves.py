"""The spec's scenarios (section e), in-process and as saves through ``automa decide``: each scenario's table, built,
written, read back and decided by the command line after its button, gives what the spec expects and the same
decisions as the bot in-process; every decision that changes the table carries commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridge.modbuild import build_save
from bridge.table import SaveFile, Table
from engines import registry
from engines.holas.table.build import build_table
from engines.holas.table.read import read_table
from tests.holas.scenarios import DATA, SCENARIOS, decided, fresh
from tests.test_cli import automa


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_a_scenario_in_process(name: str):
    make, expect = SCENARIOS[name]
    expect(decided(*make()))


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SCENARIOS))
def test_a_scenario_through_a_save(tmp_path: Path, name: str):
    make, expect = SCENARIOS[name]
    state, button = make()
    game = registry.load("holas")
    game.use_data(None, allow_sample=True)
    save = tmp_path / "table.json"
    build_save(game, table=build_table(state, DATA)).dump(save)
    args = ("decide", "holas", str(save), "--allow-sample", "--seed", "0", "--button", button)
    result = automa(*args)
    assert result.returncode == 0, result.stderr
    through = json.loads(result.stdout)["decisions"]
    said = [{**d["action"], "text": d["reason"].removeprefix(f"{'SAMPLE DATA (fictional cards, board and map)'}: ")}
            for d in through]  # fmt: skip
    expect(said)
    assert said == json.loads(json.dumps(decided(state, button)))
    assert "SAMPLE DATA" in through[0]["reason"]
    quiet = {"draw", "failed", "follow_ask", "interrupt_ask", "done", "wait", "effect", "stay", "attack"}
    assert all(d["commands"] or d["action"]["step"] in quiet for d in through), [d["action"] for d in through]


def test_1_a_new_games_table_reads_back_as_the_set_up():
    """ "3 Heroes in the Courtyard; no starting Serfs or Warrior. Ore, Mana, Food = 3 each", "1 action token on
    Start", "Shuffle the 8 Solo Action Cards face down": the table 'automa mod build' writes, read back."""
    game = registry.load("holas")
    game.use_data(None, allow_sample=True)
    state = game.read(Table.from_save(game.build_table({}))).state
    assert sorted(u.id for u in state.units if u.where == "courtyard") == ["hero1", "hero2", "hero3"]
    assert not [u for u in state.units if u.where not in ("courtyard", "supply")]
    assert state.resources == {"ore": 3, "mana": 3, "food": 3} and state.cc_space == 0 and len(state.deck) == 8
    again = read_table(Table.from_save(SaveFile.from_dict(build_table(fresh(), DATA).to_dict(), "t")), DATA)
    assert again.state.capital == "L7" and again.state.pending is None
