"""``automa adopt paxpamir`` calibrated where the mod is live (issue 40), over the emulator and real loopback: a
re-skinned Pax Pamir (new GUIDs, no tags or notes of ours, rupees as Custom_Token named in French, cylinders and
blocks told apart by tint, the map board moved, turned and scaled at other proportions) read by the connector,
proposed by names, every role left taught by the person's pick-ups and drops, the map board's placement by three
pieces put on named spaces (Wakhan's aid cards, which lie as built, skipped). The profile it writes plays as the
table it came from: Wakhan's decisions and moves equal those on the original for the same state, over positions of
seeded games."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.table import Vec3
from engines.paxpamir.table import layout
from engines.paxpamir.table.build import before_her_draw, build_table
from engines.paxpamir.table.roles import BUILT
from tests.calibration import adopt
from tests.paxpamir.test_reskin import POSITIONS
from tests.paxpamir.test_reskin import rename as unnamed
from tests.reskin import Warp, assert_plays_alike, board_placement

DIALS = ("dial:0", "dial:1", "dial:2")


def rename(state: dict[str, Any]) -> dict[str, Any]:
    """As the hand-written profile's re-skin, but the cards keep their titles (as many mods name theirs): a card
    known only by its CardID would be a pick-up each, out of decks, for a hundred cards."""
    changes = unnamed(state)
    if state.get("Name") in ("Card", "CardCustom"):
        changes.pop("Nickname", None)
    return changes


def warp() -> Warp:
    """The map board moved, turned -12 degrees and scaled 1.08 by 1.02; no region of the art off our layout (two
    references cannot see one: the hand-written profile's offsets say it)."""
    return Warp(layout.BOARD_AT, (layout.BOARD_HALF_W, 16.0), scale=(1.08, 1.02), turn=-12.0, shift=Vec3(1.0, 0.0, 0.5))


@pytest.mark.parametrize("index", [1, 3])
async def test_a_calibrated_profile_plays_as_the_table_it_came_from(index: int) -> None:
    save = build_table(state=before_her_draw(POSITIONS[index]))
    done = await adopt(
        "paxpamir", BUILT, save, layout.BOARD_TAG, warp(), rename, skip_boards=DIALS, seed=index, size=layout.BOARD_SIZE
    )
    assert done.person.answered > 20 and "board" in done.profile.boards
    assert not set(DIALS) & set(done.profile.boards)  # skipped: as built, and said so
    assumed = " ".join(done.asker.calibration.lines())
    assert "Wakhan's aid card) lies as the project builds it" in assumed
    expected = board_placement(done.skin.warp, layout.BOARD_SIZE, {})
    assert done.profile.boards["board"].scale == pytest.approx(tuple(expected["scale"]))
    assert_plays_alike("paxpamir", done.original, done.skin, done.profile, index)
