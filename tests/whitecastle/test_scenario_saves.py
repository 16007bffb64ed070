"""The spec's scenarios as saves through ``automa decide``: each table, built from the scenario, read back and decided
by the command line, gives the same decisions as the bot in-process. The dice on the bridges are as many as make it
the bot's turn on a table (each turn takes one die; the bot opens each round): dice that no card of the scenario
points at are added where needed."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bridge.modbuild import build_save
from bridge.table import SaveFile, Table
from engines import registry
from engines.whitecastle.bot import bot_turn
from engines.whitecastle.table.build import build_table
from tests.test_cli import automa
from tests.whitecastle.scenarios import SCENARIOS


def actions(decisions: list[Any]) -> list[dict[str, Any]]:
    from engines.whitecastle import actions as whitecastle_actions

    out = []
    for d in decisions:
        a = d.action
        out.append({"type": type(a).__name__, **{f: getattr(a, f) for f in a.__slots__}})
        if isinstance(a, whitecastle_actions.NewDeck):
            out[-1]["order"] = list(a.order)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SCENARIOS))
def test_a_scenario_through_a_save_decides_as_in_process(tmp_path: Path, name: str):
    deck, state = SCENARIOS[name]()
    state.turns_taken = 9 - state.dice_left()
    assert state.to_move == "bot" and state.turns_taken in (0, 2, 4), "nine, seven or five dice: the bot's turn"
    deck_file = tmp_path / "deck.json"
    deck_file.write_text(deck.model_dump_json(exclude_none=True), encoding="utf-8")
    game_ = registry.load("whitecastle")
    game_.use_data(deck_file, allow_sample=False)
    save = tmp_path / "table.json"
    build_save(game_, table=build_table(state, deck)).dump(save)
    result = automa(
        "decide",
        "whitecastle",
        str(save),
        "--data",
        str(deck_file),
        "--difficulty",
        state.difficulty,
        "--seed",
        "0",
        "--format",
        "json",
    )
    assert result.returncode == 0, result.stderr
    through = json.loads(result.stdout)["decisions"]
    expected = actions(bot_turn(state.copy(), deck, random.Random(0)))
    got = [d["action"] for d in through]
    for d in got:
        if "order" in d:
            d["order"] = list(d["order"])
    assert got == expected
    assert all(d["commands"] or d["action"]["type"] in ("NoEffect", "Manual", "CannotMove") for d in through)
    assert "SAMPLE DATA" in through[0]["reason"]  # the scenario decks are samples
    if name == "1":  # HARD set-up read from the table: Influence 3, clan points 8, the bot's turn
        read = game_.read(Table.from_save(SaveFile.load(save))).state
        assert (read.influence, read.clan_points, read.to_move) == (3, 8, "bot")
    if name == "12":  # a round's first bot turn: the 4 discarded and 7 left make an 11-card deck first
        assert got[0]["type"] == "NewDeck" and len(got[0]["order"]) == 11
