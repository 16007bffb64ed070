"""The spec's test scenarios (section e) as states, one builder each, shared by the in-process tests and the saves.

Set-up for all: a deck of fictional cards made for each scenario, a fixed seed, and the First Floor rooms, left to
right, R1 (white, red, black), R2 (white, white, black), R3 (red, red, white). The dice on the bridges are as many as
make it the bot's turn on a table too (each turn takes one die; the bot opens each round): dice that no card of the
scenario points at are added where needed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engines.whitecastle import rules
from engines.whitecastle.deck import SoloDeck
from engines.whitecastle.state import Die, State

TILES: dict[str, Any] = {
    "first_floor": [("white", "red", "black"), ("white", "white", "black"), ("red", "red", "white")],
    "second_floor": [("red", "black"), ("white", "black")],
}
FILLER = {
    "id": "filler",
    "dice": [{"bridge": "red", "end": "low"}],
    "zone": "outside_walls",
    "space": 1,
    "top": [],
    "bottom": [],
}


def card(cid: str, dice: list[tuple[str, str]], zone: str, space: int, top=(), bottom=()) -> dict[str, Any]:
    return {
        "id": cid,
        "dice": [{"bridge": b, "end": e} for b, e in dice],
        "zone": zone,
        "space": space,
        "top": list(top),
        "bottom": list(bottom),
    }


def deck_of(*cards: dict[str, Any]) -> SoloDeck:
    return SoloDeck.model_validate(
        {"dataset": {"kind": "sample", "language": "en", "source": "test"}, "cards": [*cards, FILLER]}
    )


def game(deck: SoloDeck, level: str = "medium", *, order: list[str], bridges=None, round_: int = 1) -> State:
    state = rules.new_game(deck, level, random.Random(1), tiles=TILES)  # type: ignore[arg-type]
    state.deck = list(order)
    state.discard = [c.id for c in deck.cards if c.id not in order]
    state.round = round_
    state.turns_taken = 2  # mid-round: a round's first bot turn shuffles the discard in first (test 12b)
    if bridges is not None:
        state.bridges = {c: list(bridges.get(c, [])) for c in ("red", "black", "white")}
    return state


def s1() -> tuple[SoloDeck, State]:
    deck = deck_of(card("S", [("red", "low")], "outside_walls", 1))
    state = rules.new_game(deck, "hard", random.Random(1), tiles=TILES)
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


SCENARIOS: dict[str, Callable[[], tuple[SoloDeck, State]]] = {
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
