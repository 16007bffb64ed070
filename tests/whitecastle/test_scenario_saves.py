"""The spec's scenarios as saves through ``automa decide``: each table, built from the scenario, read back and decided
by the command line, gives the same decisions as the bot in-process. The dice on the bridges are as many as make it
the bot's turn on a table (each turn takes one die; the bot opens each round): dice that no card of the scenario
points at are added where needed."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bridge.modbuild import build_save
from bridge.table import SaveFile, Table
from engines import registry
from engines.whitecastle import rules as R
from engines.whitecastle.bot import bot_turn
from engines.whitecastle.deck import SoloDeck
from engines.whitecastle.state import Die, State
from engines.whitecastle.table.build import build_table
from tests.test_cli import automa
from tests.whitecastle.test_bot import TILES, card, deck_of, game


def s1() -> tuple[SoloDeck, State]:
    deck = deck_of(card("S", [("red", "low")], "outside_walls", 1))
    state = R.new_game(deck, "hard", random.Random(1), tiles=TILES)
    state.deck, state.discard = ["S", "filler"], []  # a fresh game: nothing discarded yet
    return deck, state


def s5() -> tuple[SoloDeck, State]:
    deck = deck_of(card("E", [("black", "low")], "first_floor", 1, bottom=[{"op": "clan_points", "n": 2}]))
    return deck, game(deck, "medium", order=["E"], bridges={"black": [1], "red": [1, 2], "white": [3, 4]})


def s7() -> tuple[SoloDeck, State]:
    deck = deck_of(card("G", [("black", "high")], "outside_walls", 2, top=[{"op": "clan_points", "n": 5}]))
    state = game(deck, "easy", order=["G"], bridges={"black": [6], "red": [1, 2, 3], "white": [4]})
    for space in state.spaces["outside_walls"]:
        space.die = Die("red", 1)
    return deck, state


def s12() -> tuple[SoloDeck, State]:
    deck = SoloDeck.model_validate(
        {
            "dataset": {"kind": "sample", "language": "en", "source": "t"},
            "cards": [card(f"c{i}", [("red", "low")], "outside_walls", 1) for i in range(11)],
        }
    )
    state = game(deck, order=[f"c{i}" for i in range(7)], round_=2)  # 4 in the discard, a full set of dice
    return deck, state


def s2() -> tuple[SoloDeck, State]:
    deck = deck_of(
        card("A", [("black", "high")], "outside_walls", 1, top=[{"op": "coins", "n": 9}]),
        card("B", [("red", "low")], "outside_walls", 1, top=[{"op": "clan_points", "n": 1}]),
    )
    return deck, game(deck, order=["A", "B", "filler"], bridges={"red": [2, 4, 6], "white": [3, 5]})


def s3() -> tuple[SoloDeck, State]:
    deck = deck_of(card("C", [("white", "high")], "first_floor", 3, top=[{"op": "coins", "n": 1}]))
    return deck, game(deck, "medium", order=["C"], bridges={"white": [1, 5], "red": [1], "black": [2, 3]}, round_=2)


def s4() -> tuple[SoloDeck, State]:
    deck = deck_of(card("D", [("red", "low")], "first_floor", 1))
    return deck, game(deck, "easy", order=["D"], bridges={"red": [4], "black": [1, 2, 3], "white": [1]})


def s6() -> tuple[SoloDeck, State]:
    deck = deck_of(card("F", [("white", "low")], "second_floor", 2, top=[{"op": "courtier_gate"}]))
    state = game(deck, order=["F"], bridges={"white": [2], "red": [1, 2], "black": [3, 4]})
    state.spaces["second_floor"][1].die = Die("red", 3)
    return deck, state


def s8(value: int) -> Callable[[], tuple[SoloDeck, State]]:
    def make() -> tuple[SoloDeck, State]:
        deck = deck_of(
            card(
                "G",
                [("black", "high")],
                "outside_walls",
                2,
                top=[{"op": "clan_points", "n": 5}],
                bottom=[{"op": "coins", "n": 7}],
            )
        )
        state = game(deck, "hard", order=["G"], bridges={"black": [value], "red": [1, 2, 3], "white": [4]}, round_=3)
        for space in state.spaces["outside_walls"]:
            space.die = Die("red", 1)
        return deck, state

    return make


def s9() -> tuple[SoloDeck, State]:
    deck = deck_of(
        card("H", [("red", "high")], "first_floor", 2),
        card(
            "X",
            [("black", "high")],
            "outside_walls",
            1,
            top=[{"op": "clan_points", "n": 4}],
            bottom=[{"op": "coins", "n": 2}],
        ),
    )
    return deck, game(deck, "hard", order=["H", "X"], bridges={"red": [5], "white": [1, 2, 3], "black": [2]})


def s10() -> tuple[SoloDeck, State]:
    deck = deck_of(card("I", [("white", "low")], "outside_walls", 1, top=[{"op": "courtier_up", "floors": 2}]))
    return deck, game(deck, order=["I"], bridges={"white": [5], "red": [1, 2], "black": [3, 4]})


def s11() -> tuple[SoloDeck, State]:
    deck = deck_of(card("J", [("white", "low")], "outside_walls", 1, top=[{"op": "courtier_gate"}]))
    state = game(deck, order=["J"], bridges={"white": [5], "red": [1, 2], "black": [3, 4]})
    state.courtiers.update(supply=0, gate=1, first_floor=1, daimyo=3)  # five in all, as on a table
    return deck, state


SCENARIOS = {
    "1": s1,
    "2": s2,
    "3": s3,
    "4": s4,
    "5": s5,
    "6": s6,
    "7": s7,
    "12": s12,
    "8 odd": s8(3),
    "8 even": s8(4),
    "9": s9,
    "10": s10,
    "11": s11,
}


def actions(decisions: list[Any]) -> list[dict[str, Any]]:
    from engines.whitecastle import actions as A

    out = []
    for d in decisions:
        a = d.action
        out.append({"type": type(a).__name__, **{f: getattr(a, f) for f in a.__slots__}})
        if isinstance(a, A.NewDeck):
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
    assert all(d["commands"] or d["action"]["type"] in ("NoEffect", "Manual") for d in through)
    assert "SAMPLE DATA" in through[0]["reason"]  # the scenario decks are samples
    if name == "1":  # HARD set-up read from the table: Influence 3, clan points 8, the bot's turn
        read = game_.read(Table.from_save(SaveFile.load(save))).state
        assert (read.influence, read.clan_points, read.to_move) == (3, 8, "bot")
    if name == "12":  # a round's first bot turn: the 4 discarded and 7 left make an 11-card deck first
        assert got[0]["type"] == "NewDeck" and len(got[0]["order"]) == 11
