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
from engines.fiftyfirst.table import layout
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
    state.person.sort(key=lambda p: layout.ROWS.index(layout.row_of(CARDS.card(p.card).cls)))
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


def test_11_razing_a_bot_location_from_the_page_sends_it_to_the_discard(tmp_path: Path):
    """Scenario 11 on a table: "When you Raze a virtual player's Location, it is discarded. They don't keep the card
    as a Ruins." The page's move carries the card to the discard pile, and the table then reads so."""
    from bridge.table import Table
    from engines.fiftyfirst.table.read import read_table
    from tests.fiftyfirst.scenarios import action_phase

    state = action_phase(bot=["sample.scrap_yard", "sample.armory"])
    game = registry.load("fiftyfirst")
    game.use_data(None, allow_sample=True)
    table = Table.from_save(build_table(state, CARDS))
    raze = next(m for m in game.person_moves(None, table) if "raze the bot's SAMPLE Scrap Yard" in m.label)
    commands, after = game.play_person(None, table, raze.id, random.Random(0))
    assert after.bot == ["sample.armory"] and after.discard == ["sample.scrap_yard"]
    moved = {c.guid: c for c in commands}
    objs = [dict(o) for o in build_table(state, CARDS).to_dict()["ObjectStates"]]
    for obj in objs:
        if obj["GUID"] in moved:
            p = moved[obj["GUID"]].position
            obj["Transform"].update(posX=p.x, posY=p.y, posZ=p.z)
    from bridge.table import SaveFile

    read = read_table(Table.from_save(SaveFile.from_dict({"ObjectStates": objs}, "t")), CARDS).state
    assert read.bot == ["sample.armory"] and read.discard == ["sample.scrap_yard"]
