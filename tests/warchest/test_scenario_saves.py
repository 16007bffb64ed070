"""`automa decide warchest` on saves built for the spec's AI scenarios: the AI's bag holds only the scenario's
coin, so the reveal is that coin, and tie_break=canonical as the scenarios set it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridge.modbuild import build_save
from engines import registry
from engines.warchest.table import LAYOUT, build_table
from engines.warchest.units import CARDS
from tests.test_cli import automa
from tests.warchest.helpers import AI, position

GAME = registry.load("warchest")


def save_for(tmp_path: Path, name: str, **spec) -> Path:
    """A whole save for a scenario position. Every coin must be somewhere: the AI's bag holds only the coin
    to reveal, its other coins off the board lie in its discard; the person's bag is as set up, the rest of
    their coins in their supply."""
    state = position(**spec)
    coin = state.sides[AI].hand[0]
    for index, side in enumerate(state.sides):
        on_board = {
            u: sum(p.coins for p in state.board.values() if p.owner == index and p.unit == u) for u in side.units
        }
        if index == AI:
            side.bag, side.hand, side.supply = {coin: 1}, [], {}
            side.discard_up = {u: CARDS[u].coins - on_board[u] - (u == coin) for u in side.units}
            side.discard_up = {u: n for u, n in side.discard_up.items() if n}
        else:
            side.supply = {u: CARDS[u].coins - 2 - on_board[u] for u in side.units}
            side.supply = {u: n for u, n in side.supply.items() if n}
    path = tmp_path / f"{name}.json"
    build_save(GAME, table=build_table(state=state)).dump(path)
    return path


def decide(path: Path) -> list[dict]:
    result = automa("decide", "warchest", str(path), "--seed", "1", "--option", "tie_break=canonical")
    assert result.returncode == 0, result.stdout + result.stderr
    return json.loads(result.stdout)["decisions"]


@pytest.mark.slow
def test_scenario_2_deploy_toward_an_enemy_occupied_location(tmp_path: Path):
    path = save_for(tmp_path, "s2", human={(2, 0): "Archer"}, hand=["Knight"])
    reveal, deploy = decide(path)
    assert reveal["action"] == {"type": "Reveal", "coin": "Knight", "reload": False}
    assert deploy["action"] == {"type": "Deploy", "coin": "Knight", "to": [3, -2]}
    assert "priority 3" in deploy["rule"] and deploy["commands"][0]["op"] == "take"


@pytest.mark.slow
def test_scenario_13_cavalry_moves_then_attacks(tmp_path: Path):
    path = save_for(
        tmp_path,
        "s13",
        ai={(2, -2): "Cavalry"},
        human={(1, 0): "Archer"},
        ai_units=("Cavalry", "Pikeman", "Knight", "Swordsman"),
        human_units=("Archer", "Crossbowman", "Lancer", "Scout"),
        hand=["Cavalry"],
    )
    _, attack = decide(path)
    assert attack["action"] == {
        "type": "Tactic",
        "coin": "Cavalry",
        "frm": [2, -2],
        "to": [1, -1],
        "target": [1, 0],
        "other": None,
    }
    ops = [c["op"] for c in attack["commands"]]
    assert ops == ["move", "move", "take"]  # the Cavalry moves, the Archer's coin goes out, the coin is discarded


@pytest.mark.slow
def test_an_unknown_option_is_named(tmp_path: Path):
    path = save_for(tmp_path, "s1", hand=["Swordsman"])
    result = automa("decide", "warchest", str(path), "--option", "nonsense=1")
    assert result.returncode == 2 and "unknown War Chest option(s): nonsense; known: ai_bag," in result.stderr
    result = automa("decide", "warchest", str(path), "--option", "tie_break")
    assert result.returncode == 2 and "--option takes KEY=VALUE" in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("tie_break=bogus", "option tie_break takes random, canonical, not 'bogus'"),
        ("recruit_trigger=fallback+nope", "option recruit_trigger takes one or more of fallback, reload, royal joined"),
        ("v2_cards=maybe", "option v2_cards takes true or false, not 'maybe'"),
        ("difficulty=advanced", "the difficulty is not an option: choose it with --difficulty"),
    ],
)
def test_every_option_value_is_checked_against_what_it_takes(tmp_path: Path, option: str, message: str):
    path = save_for(tmp_path, "s1", hand=["Swordsman"])
    result = automa("decide", "warchest", str(path), "--option", option)
    assert result.returncode == 2 and f"automa: {message}" in result.stderr
    assert result.stdout == ""  # nothing decided


@pytest.mark.slow
def test_a_stack_tts_merged_into_one_object_reads_and_is_attacked(tmp_path: Path):
    path = save_for(tmp_path, "merged", ai={(0, 0): "Swordsman"}, human={(1, -1): ("Archer", 2)}, hand=["Swordsman"])
    raw = json.loads(path.read_text(encoding="utf-8"))
    spot = LAYOUT.spots["1,-1"]
    on_hex = [
        o
        for o in raw["ObjectStates"]
        if o.get("Nickname") == "Archer"
        and abs(o["Transform"]["posX"] - spot.x) < 0.1
        and abs(o["Transform"]["posZ"] - spot.z) < 0.1
    ]
    assert len(on_hex) == 2
    for o in on_hex:
        raw["ObjectStates"].remove(o)
    raw["ObjectStates"].append(
        {
            "GUID": "57ac00",
            "Name": "Custom_Tile_Stack",
            "Nickname": "",
            "Transform": dict(on_hex[0]["Transform"]),
            "ContainedObjects": on_hex,
        }
    )
    path.write_text(json.dumps(raw), encoding="utf-8")
    _, attack, _swordsman_step = decide(path)
    assert attack["action"]["type"] == "Attack" and attack["action"]["target"] == [1, -1]
    take = attack["commands"][0]
    assert take["op"] == "take" and take["container"] == "57ac00" and take["guid"] == on_hex[0]["GUID"]
