"""``automa adopt whitecastle`` calibrated where the mod is live (issue 40), over the emulator and real loopback: a
re-skinned White Castle (new GUIDs, no tags or notes of ours, dice and courtiers named in French, tiles, coins and
laps as Custom_Token told apart by tint, cards known by their CardIDs alone, the castle board moved, turned and
scaled at other proportions) read by the connector with the project's sample deck (``--allow-sample``), proposed
by names, every role left taught by the person's pick-ups and the board's placement by three pieces put on named
spaces. The bot's cards carry no name, so each is picked up in turn (taken out of the deck where it lies in one):
with the sample's twelve cards that is twelve pick-ups. The profile it writes plays as the table it came from: the
bot's decisions and moves equal those on the original for the same state, over seeded positions."""

from __future__ import annotations

import pytest

from bridge.table import Vec3
from engines.whitecastle.table import layout
from engines.whitecastle.table.build import build_table
from engines.whitecastle.table.roles import built_profile
from tests.calibration import adopt
from tests.reskin import Warp, assert_plays_alike, board_placement
from tests.whitecastle.test_reskin import POSITIONS, rename
from tests.whitecastle.test_table import DECK


def warp() -> Warp:
    """The castle board moved, turned -25 degrees and scaled 1.15 by 1.05; no space of the art off our layout (two
    references cannot see one: the hand-written profile's offset for First Floor space 2 says it)."""
    half = (layout.BOARD_SIZE[0] / 2, layout.BOARD_SIZE[1] / 2)
    return Warp(layout.BOARD_AT, half, scale=(1.15, 1.05), turn=-25.0, shift=Vec3(2.0, 0.0, 1.5))


@pytest.mark.parametrize("index", [1, 4])
async def test_a_calibrated_profile_plays_as_the_table_it_came_from(index: int) -> None:
    save = build_table(POSITIONS[index], DECK)
    done = await adopt(
        "whitecastle", built_profile(DECK), save, layout.BOARD_TAG, warp(), rename, seed=index, size=layout.BOARD_SIZE
    )
    learnt = done.asker.calibration.learnt
    cards = [key for key in learnt if key.startswith("card:")]
    assert len(cards) == len(DECK.cards) and all("card id" in learnt[key] for key in cards)  # one pick-up each
    assert not done.asker.calibration.unfilled and "board" in done.profile.boards
    expected = board_placement(done.skin.warp, layout.BOARD_SIZE, {})
    assert done.profile.boards["board"].scale == pytest.approx(tuple(expected["scale"]))
    assert done.moved <= done.person.touched  # the bot moved nothing; only the person's hands did
    assert_plays_alike("whitecastle", done.original, done.skin, done.profile, index)
