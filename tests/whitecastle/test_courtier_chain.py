"""The courtier fallbacks as a chain (issue 31, item 3): a courtier move that cannot be made gives way to the text's
substitute, and that one to its own, until one applies; each tried once, so the chain always ends.

Lines are those of the Polish text, ``shared/rules/001_79b987f101662473.txt`` (quoted from the English beside it):

- L40: "Whenever the opponent must move a Courtier and none is available, it places a Courtier at the Castle Gate
  instead. If it had to move a Courtier 2 floors and none were available, it would first place a Courtier at the
  Castle Gate and then move it to the first floor."
- L41: "Likewise, if the opponent must move a Courtier to the Castle Gate and none is available, it moves a Courtier
  1 floor of the Castle higher instead."
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from engines.whitecastle import actions
from engines.whitecastle.board import FLOORS, board
from engines.whitecastle.bot import bot_turn
from engines.whitecastle.options import BotOptions
from engines.whitecastle.state import State
from tests.whitecastle.scenarios import card, deck_of, game

UP_2 = {"op": "courtier_up", "floors": 2}
UP_1 = {"op": "courtier_up", "floors": 1}
GATE = {"op": "courtier_gate"}


def run(op: dict[str, Any], courtiers: dict[str, int], options: BotOptions | None = None) -> tuple[State, list[Any]]:
    """One bot turn whose card's only action is ``op``, with the bot's courtiers as given (the rest at 0)."""
    deck = deck_of(card("C", [("white", "low")], "outside_walls", 1, top=[op]))
    state = game(deck, order=["C"], bridges={"white": [5]})
    state.courtiers = {f: courtiers.get(f, 0) for f in FLOORS}
    decisions = bot_turn(state, deck, random.Random(0), options)
    courtier_steps = (actions.CourtierTo, actions.CannotMove, actions.NoEffect)
    return state, [d for d in decisions if isinstance(d.action, courtier_steps)]


def test_up_two_floors_with_none_able_and_the_supply_empty_climbs_one_floor_instead():
    """L40: a courtier cannot go up 2 floors (none on the Gate or the First Floor), so one goes to the Castle Gate
    and on to the First Floor; the supply is empty, so L41: "it moves a Courtier 1 floor of the Castle higher
    instead" - the Second Floor's courtier climbs to the Daimyo. Before issue 31 nothing happened."""
    state, steps = run(UP_2, {"second_floor": 1, "daimyo": 4})
    assert [d.action for d in steps] == [
        actions.CannotMove("up", 2),
        actions.CannotMove("gate", 0, then_first=True),
        actions.CourtierTo("second_floor", "daimyo"),
    ]
    assert state.courtiers["daimyo"] == 5 and state.courtiers["second_floor"] == 0
    card_line, l40, l41 = (d.reason for d in steps)
    assert "none on the Castle Gate or the First Floor" in card_line.text
    assert l40.rule.startswith("text L40:") and "2 floors" in l40.rule and "supply" in l40.text
    assert l41.rule.startswith("text L41:") and l41.text.startswith("instead, a courtier from the Second Floor")


@pytest.mark.parametrize(
    ("op", "failed"),
    [
        (UP_2, [actions.CannotMove("up", 2), actions.CannotMove("gate", 0, True), actions.CannotMove("up", 1)]),
        (UP_1, [actions.CannotMove("up", 1), actions.CannotMove("gate")]),
        (GATE, [actions.CannotMove("gate"), actions.CannotMove("up", 1)]),
    ],
)
def test_when_no_step_applies_the_chain_ends_with_each_step_said_and_nothing_moved(op, failed):
    """L40 and L41 send each other's move to the other ("a Courtier at the Castle Gate instead" / "1 floor ... higher
    instead"): with every courtier at the Daimyo none applies. Each substitute is tried once, each said, and the
    chain ends with nothing moved."""
    state, steps = run(op, {"daimyo": board().courtiers})
    assert [d.action for d in steps] == [*failed, actions.NoEffect("no courtier can move")]
    assert steps[-1].reason.text == "no courtier can move: nothing happens"
    assert [d.reason.rule[:8] for d in steps[1:-1]] == [
        "text L41" if a.move == "up" else "text L40" for a in failed[1:]
    ]
    assert state.courtiers["daimyo"] == board().courtiers


def _placements(total: int) -> list[dict[str, int]]:
    """Every way to spread ``total`` courtiers over the supply, the Gate, the floors and the Daimyo."""
    out = []
    for cut in itertools.combinations(range(total + len(FLOORS) - 1), len(FLOORS) - 1):
        bounds = [-1, *cut, total + len(FLOORS) - 1]
        out.append({f: bounds[i + 1] - bounds[i] - 1 for i, f in enumerate(FLOORS)})
    return out


def _can(move: str, floors: int, c: dict[str, int]) -> bool:
    """Whether the move can be made, from the board alone: climbing ``floors`` needs a courtier that many floors
    below the Daimyo; the Gate needs one in the supply."""
    if move == "gate":
        return c["supply"] > 0
    ladder = FLOORS[1:]
    return any(c[f] for f in ladder[: len(ladder) - floors])


@pytest.mark.parametrize("op", [UP_2, UP_1, GATE], ids=["up2", "up1", "gate"])
def test_on_every_spread_of_courtiers_the_first_step_of_the_texts_order_that_can_be_made_is_made(op):
    """Every placement of the bot's 5 courtiers: the text's order is the card's move, then L40's Castle Gate (with
    the First Floor after a 2-floor move), then L41's 1 floor up; the first that can be made is made, the ones
    before it are each said as CannotMove, and the courtiers are still 5."""
    order = {
        "up2": [("up", 2), ("gate", 0), ("up", 1)],
        "up1": [("up", 1), ("gate", 0)],
        "gate": [("gate", 0), ("up", 1)],
    }["up2" if op == UP_2 else "up1" if op == UP_1 else "gate"]
    for courtiers in _placements(board().courtiers):
        state, steps = run(op, courtiers)
        able = next((i for i, (move, floors) in enumerate(order) if _can(move, floors, courtiers)), None)
        failed = [d.action for d in steps if isinstance(d.action, actions.CannotMove)]
        assert [(a.move, a.floors) for a in failed] == order[: len(order) if able is None else able], courtiers
        moved = [d.action for d in steps if isinstance(d.action, actions.CourtierTo)]
        assert bool(moved) == (able is not None), courtiers
        if able is not None and order[able] == ("gate", 0):
            assert moved[0] == actions.CourtierTo("supply", "gate")
            assert len(moved) == (2 if op == UP_2 else 1)
        assert sum(state.courtiers.values()) == board().courtiers


def test_an_ordinary_two_floor_climb_quotes_the_cards_line_for_both_floors():
    """Issue 41 item 11: a courtier on the Gate climbs 2 floors as the card says; L40's substitute ("If it had to move
    a Courtier 2 floors and none were available ...") is not what happened, so neither floor may quote it."""
    _, steps = run(UP_2, {"gate": 1})
    climb = [actions.CourtierTo("gate", "first_floor"), actions.CourtierTo("first_floor", "second_floor")]
    assert [d.action for d in steps] == climb
    first, second = (d.reason for d in steps)
    assert "L40" not in first.rule and "L40" not in second.rule
    assert second.rule == first.rule.removesuffix("; W9 (highest)") and second.text.startswith("and on: ")


def test_l40s_two_floor_substitute_quotes_l40_for_both_of_its_moves():
    """L40: "it would first place a Courtier at the Castle Gate and then move it to the first floor": both moves
    are that substitute's, so both quote it."""
    _, steps = run(UP_2, {"second_floor": 1, "supply": 4})
    assert [d.action for d in steps][1:] == [
        actions.CourtierTo("supply", "gate"),
        actions.CourtierTo("gate", "first_floor"),
    ]
    assert all(d.reason.rule.startswith("text L40:") and "2 floors" in d.reason.rule for d in steps[1:])
