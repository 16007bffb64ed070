"""The Heroes table: built from a state and read back as the same state (regions by point-in-polygon on the board),
with every problem named."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bridge.table import SaveFile, Table
from engines.base import ReadError
from engines.holas import selfplay
from engines.holas.data_model import SAMPLE, load_folder
from engines.holas.state import State
from engines.holas.table import layout
from engines.holas.table.build import build_table
from engines.holas.table.read import read_table

DATA = load_folder(SAMPLE)


def fields(s: State) -> dict[str, Any]:
    return {
        "units": sorted((u.id, u.type, u.where, u.aboard) for u in s.units),
        "towers": sorted(s.towers),
        "player": {r: (a.ns, a.structure, a.capital) for r, a in sorted(s.player.items())},
        "player_sea": s.player_sea,
        "tokens": sorted(s.tokens.items()),
        "cards": (s.deck, sorted(s.discard), s.slots),
        "tracks": (s.resources, s.tax, s.pts, s.cc_space, s.round, s.final_round, s.collected, s.tactic),
        "capital, pending": (s.capital, s.pending),
    }


def states() -> list[State]:
    """States from the ends of whole self-play games (their armies, vessels, towers and tracks all in use)."""
    return [selfplay.play(DATA, seed)[0] for seed in range(6)]


def test_whole_game_states_read_back_as_they_were_built():
    for state in states():
        state.player = {r: a for r, a in state.player.items() if a.ns or a.structure}
        read = read_table(Table.from_save(build_table(state, DATA)), DATA).state
        assert fields(read) == fields(state)


def objects(state: State) -> list[dict[str, Any]]:
    return build_table(state, DATA).to_dict()["ObjectStates"]


def problems(objs: list[dict[str, Any]], capital: str) -> list[str]:
    with pytest.raises(ReadError) as caught:
        read_table(Table.from_save(SaveFile.from_dict({"ObjectStates": objs}, "t")), DATA)
    return [str(p) for p in caught.value.problems]


def test_a_mini_on_a_border_and_a_crowded_vessel_are_named():
    from engines.holas import rules

    state = rules.new_game(DATA, "L7", random.Random(1))
    for unit in state.units:
        if unit.type in ("hero", "warrior", "air_vessel") and unit.where in ("courtyard", "supply"):
            unit.where = "L2"
    vessel = next(u for u in state.units if u.type == "air_vessel")
    for unit in [u for u in state.units if u.type in ("hero", "warrior") and u.where == "L2"][:5]:
        unit.aboard = vessel.id  # five aboard an Air Vessel that carries three
    objs = objects(state)
    hero = next(o for o in objs if o.get("GMNotes") == "hero1")
    on_board = next(o for o in objs if layout.BOARD_TAG in o.get("Tags", []))
    cx, cz = layout.map_centre(DATA.map)
    hero["Transform"].update(posX=on_board["Transform"]["posX"] + 10 - cx, posZ=on_board["Transform"]["posZ"] + 20 - cz)
    found = problems(objs, "L7")
    assert any("a vessel with" in p and "aboard; it carries 3" in p for p in found)
    assert any("a piece on a region border" in p for p in found)  # (10, 20): the corner of L1, L2, L3 and L4


def test_a_lost_marker_is_named():
    objs = [o for o in objects(states()[0]) if layout.tag("marker", "cc") not in o.get("Tags", [])]
    said = "the CC Track token (role 'marker:cc', tag 'holas.marker.cc') is missing from the table"
    assert any(said in p for p in problems(objs, "L7"))


def test_a_prompt_marker_whose_notes_say_nothing_the_bot_knows_is_named():
    """What the bot waits for is read from the prompt marker's GM Notes (JSON): notes that are not such a thing are
    a problem that names the marker and the field, and nothing moves."""
    objs = objects(states()[0])
    prompt = next(o for o in objs if layout.tag("marker", "prompt") in o.get("Tags", []))
    prompt["GMNotes"] = '{"ask": "dance"}'
    found = problems(objs, "L7")
    assert any("GM Notes do not say what the bot waits for: ask: Input should be" in p for p in found)


def test_several_tokens_in_a_region_and_your_capital_read_back_as_built():
    """Issue 33 item 14: a region's "Exploration Tokens" (L154) may be more than one, and your Capital is told from
    a tower on the table."""
    from engines.holas import rules
    from engines.holas.state import PlayerArmy

    state = rules.new_game(DATA, "L7", random.Random(1))
    state.tokens["L2"] = 2
    state.player = {"L1": PlayerArmy(2, structure=True, capital=True), "L3": PlayerArmy(1, structure=True)}
    read = read_table(Table.from_save(build_table(state, DATA)), DATA).state
    assert fields(read) == fields(state) and read.tokens["L2"] == 2
