"""`automa decide paxpamir` on saves built for the spec's Wakhan scenarios (B15): the table read from the save
gives the same turn as the engine given the scenario directly, and each decision comes with its commands."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest

from bridge.modbuild import build_save
from engines import registry
from engines.paxpamir import actions
from engines.paxpamir.state import State
from engines.paxpamir.table import layout
from engines.paxpamir.table.build import before_her_draw, build_table
from engines.paxpamir.table.turn import wakhan_options
from engines.paxpamir.wakhan.options import WakhanOptions
from engines.paxpamir.wakhan.turn import play_turn
from tests.paxpamir import scenarios
from tests.test_cli import automa

GAME = registry.load("paxpamir")


def save_for(tmp_path: Path, name: str, state: State) -> Path:
    """The scenario's table the moment before her draw."""
    path = tmp_path / f"{name}.json"
    build_save(GAME, table=build_table(state=before_her_draw(state))).dump(path)
    return path


def described(action: actions.Action) -> dict[str, Any]:
    return {"type": type(action).__name__, **{f.name: getattr(action, f.name) for f in dataclasses.fields(action)}}


def decide(path: Path, *options: str) -> list[dict[str, Any]]:
    flags = [arg for option in options for arg in ("--option", option)]
    result = automa("decide", "paxpamir", str(path), "--seed", "0", *flags)
    assert result.returncode == 0, result.stdout + result.stderr
    return list(json.loads(result.stdout)["decisions"])


def check(tmp_path: Path, name: str, state: State, *options: str, **wakhan: Any) -> list[dict[str, Any]]:
    decisions = decide(save_for(tmp_path, name, state), *options)
    expected = play_turn(state.copy(), random.Random(0), WakhanOptions(**wakhan))
    assert decisions[0]["action"] == {"type": "DrawAiCard", "card": state.ai_face}
    assert [d["action"] for d in decisions[1:]] == [described(d.action) for d in expected]
    assert [d["rule"] for d in decisions[1:]] == [d.reason.rule for d in expected]
    return decisions


@pytest.mark.slow
def test_s1_she_radicalizes_at_the_arrows_and_places_a_road(tmp_path: Path):
    decisions = check(tmp_path, "s1", scenarios.s1())
    assert decisions[1]["action"] == {"type": "Radicalize", "row": 1, "column": 1}
    ops = [c["op"] for c in decisions[1]["commands"]]
    assert ops.count("move") >= 2  # the card to her hand, a rupee onto the skipped card


@pytest.mark.slow
def test_s2_two_radicalizes_the_second_along_the_other_row(tmp_path: Path):
    check(tmp_path, "s2", scenarios.s2())


@pytest.mark.slow
@pytest.mark.parametrize(("printing", "buys"), [(1, False), (2, True)])
def test_s7_variant_the_final_check_under_each_printing(tmp_path: Path, printing: int, buys: bool):
    s = scenarios.s7_final(printing)
    decisions = check(tmp_path, f"s7-{printing}", s, f"printing={printing}", printing=printing)
    assert (decisions[1]["action"] == {"type": "Purchase", "row": 0, "column": 2}) is buys


def test_an_unknown_or_badly_typed_option_is_named(tmp_path: Path):
    path = save_for(tmp_path, "s1", scenarios.s1())
    result = automa("decide", "paxpamir", str(path), "--option", "printing=3")
    assert result.returncode == 2 and "printing takes 1, 2, not '3'" in result.stderr
    result = automa("decide", "paxpamir", str(path), "--option", "colour=red")
    assert result.returncode == 2 and "unknown Wakhan option(s): colour" in result.stderr
    assert "pashtunwali_ignores_discarded_suit_events" in result.stderr  # the base rules' options are listed too
    result = automa("decide", "paxpamir", str(path), "--option", "pashtunwali_ignores_discarded_suit_events=maybe")
    assert result.returncode == 2 and "takes true or false, not 'maybe'" in result.stderr


def test_a_base_rule_option_reaches_the_engine_state():
    wakhan, rules, people = wakhan_options({"pashtunwali_ignores_discarded_suit_events": "false", "printing": "2"})
    assert (wakhan.printing, rules.pashtunwali_ignores_discarded_suit_events, people) == (2, False, "demand")


@pytest.mark.slow
@pytest.mark.parametrize(("people", "paid"), [("demand", 1), ("waive", 0)])
def test_a_bribe_owed_to_a_person_mid_turn_is_answered_by_the_people_option(tmp_path: Path, people: str, paid: int):
    decisions = decide(save_for(tmp_path, people, scenarios.human_bribe()), f"people={people}")
    demand = next(d for d in decisions if d["action"]["type"] == "Demand")
    assert demand["action"]["amount"] == paid and demand["rule"] == f"stand-in for White (option people={people})"
    centre, size = layout.Spots.fresh(2).zones[("rupees", "1")], layout.SEAT_AREA["rupees"][1]
    to_white = [
        c
        for c in demand["commands"]
        if abs(c["position"]["x"] - centre.x) < size.x / 2 and abs(c["position"]["z"] - centre.z) < size.z / 2
    ]
    assert len(to_white) == paid  # the rupee goes from her to White's rupees when asked
    assert any(d["action"] == {"type": "Play", "card": 57, "side": "left"} for d in decisions)


@pytest.mark.slow
def test_s11_tax_betray_and_the_prize_read_from_the_table(tmp_path: Path):
    decisions = check(tmp_path, "s11", scenarios.s11())
    assert decisions[4]["action"] == {
        "type": "UseCard",
        "card": 16,
        "action": "betray",
        "target": 13,
        "region": None,
        "gift": 0,
    }
    prize = [c for c in decisions[5]["commands"] if c["op"] == "move"]
    centre = layout.Spots.fresh(2).zones[("prizes", "0")]
    assert any(abs(c["position"]["x"] - centre.x) < 2 and abs(c["position"]["z"] - centre.z) < 1.6 for c in prize)


@pytest.mark.slow
def test_s13_battle_removes_tribes_of_both_people_from_the_table(tmp_path: Path):
    decisions = check(tmp_path, "s13", scenarios.s13())
    removals = [d for d in decisions if d["action"]["type"] == "Remove"]
    assert [d["action"]["seat"] for d in removals[:2]] == [1, 2]
    assert all(len(d["commands"]) >= 1 for d in removals)


@pytest.mark.slow
def test_s14_both_moves_carry_her_armies_from_transcaspia_to_kabul(tmp_path: Path):
    decisions = check(tmp_path, "s14", scenarios.s14())
    moves = [d for d in decisions if d["action"]["type"] == "MoveArmy"]
    kabul = layout.Spots.fresh(2).area(("region", "kabul"), {})
    assert len(moves) == 2
    for move in moves:  # one block each, straight from Transcaspia to Kabul (besides ruler tokens changing hands)
        into_kabul = [
            c
            for c in move["commands"]
            if abs(c["position"]["x"] - kabul.x) < 1.6 and abs(c["position"]["z"] - kabul.z) < 1.2
        ]
        assert len(into_kabul) == 1 and len(move["commands"]) <= 2
    # Kabul loses its ruler (2 armies against White's 2 tribes): its token goes back onto the region
    kabul_token = layout.Spots.fresh(2).ruler("kabul", None)
    assert any(c["position"]["z"] == pytest.approx(kabul_token.z) for m in moves for c in m["commands"])
