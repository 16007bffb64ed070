"""The spec's scenarios as saves through ``automa decide``: each table, built from the scenario, read back and decided
by the command line (the sample data with --allow-sample), gives the same decisions as the bot in-process."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bridge.modbuild import build_save
from engines import registry
from engines.fiftyfirst.bot import bot_turn
from engines.fiftyfirst.cards import SAMPLE, load_locations
from engines.fiftyfirst.table import layout as L
from engines.fiftyfirst.table.build import build_table
from tests.fiftyfirst.scenarios import SCENARIOS
from tests.test_cli import automa

CARDS = load_locations(SAMPLE)


def as_json(action: Any) -> dict[str, Any]:
    out = {"type": type(action).__name__, **{f: getattr(action, f) for f in action.__slots__}}
    return {k: list(v) if isinstance(v, tuple) else v for k, v in out.items()}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SCENARIOS))
def test_a_scenario_through_a_save_decides_as_in_process(tmp_path: Path, name: str):
    state = SCENARIOS[name]()
    # the table is read row by row (production, feature, action): the same order in-process
    state.person.sort(key=lambda p: L.ROWS.index(L.row_of(CARDS.card(p.card).cls)))
    game = registry.load("fiftyfirst")
    game.use_data(None, allow_sample=True)
    save = tmp_path / "table.json"
    build_save(game, table=build_table(state, CARDS)).dump(save)
    result = automa("decide", "fiftyfirst", str(save), "--allow-sample", "--seed", "0", "--format", "json")
    assert result.returncode == 0, result.stderr
    through = json.loads(result.stdout)["decisions"]
    expected = [as_json(d.action) for d in bot_turn(state.copy(), CARDS, random.Random(0))]
    assert [d["action"] for d in through] == expected
    assert through[0]["reason"].startswith("SAMPLE DATA")
    assert all(d["commands"] or d["action"]["type"] in ("Miss", "Cleanup") for d in through)
