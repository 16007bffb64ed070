"""``automa adopt holas`` calibrated where the mod is live (issue 40), over the emulator and real loopback: a
re-skinned Heroes of Land, Air & Sea (new GUIDs, no tags or notes of ours, pieces named in French and as other
object types, the bot's and yours told apart by tint, cards known by their CardIDs alone, the map board moved,
turned and scaled at other proportions) read by the connector with the project's sample data (``--allow-sample``),
proposed by names, every zone taught by a piece dropped in it, every role left by a pick-up, and the map's
placement by three pieces put on named regions. The bot's minis are one role each (the reader tells its Heroes and
Warriors apart by unit id) and a mod's minis of one kind differ by nothing but their GUIDs, so each is picked up in
turn (taken out of the bag where it lies in one); the cards carry no name, so each is picked up too. A role nothing
plays on the table (your Capital, in these positions) is skipped, as a person would. The profile it writes plays as the
table it came from: the Enemy's decisions and moves equal those on the original for the same state, over positions
of seeded games."""

from __future__ import annotations

import pytest

from bridge.table import Vec3
from engines.holas.table import layout
from engines.holas.table.roles import built_profile, unit_ids
from tests.calibration import adopt
from tests.holas.test_reskin import DATA, POSITIONS, rename, table_of
from tests.reskin import Warp, assert_plays_alike, board_placement


def warp() -> Warp:
    """The map board moved, turned 20 degrees and scaled 1.15 by 1.05; no region of the art off our map (two
    references cannot see one: the hand-written profile's offset for region L5 says it)."""
    half = (layout.BOARD_SIZE[0] / 2, layout.BOARD_SIZE[1] / 2)
    return Warp(layout.BOARD_AT, half, scale=(1.15, 1.05), turn=20.0, shift=Vec3(1.5, 0.0, -0.8))


@pytest.mark.parametrize("index", [1, 4])  # the Enemy moves units on the calibrated map in both
async def test_a_calibrated_profile_plays_as_the_table_it_came_from(index: int) -> None:
    done = await adopt(
        layout.TAG_PREFIX,
        built_profile(DATA),
        table_of(POSITIONS[index]),
        layout.BOARD_TAG,
        warp(),
        rename,
        seed=index,
        size=layout.BOARD_SIZE,
    )
    learnt = done.asker.calibration.learnt
    units = [learnt[f"unit:{uid}"] for uid in unit_ids(DATA)]
    assert all(how.startswith("picked up") and "(guid '" in how for how in units)  # one pick-up each, by GUID
    assert all("card id" in how for key, how in learnt.items() if key.startswith("card:"))
    assert set(done.asker.calibration.unfilled) <= {"person:capital"}
    expected = board_placement(done.skin.warp, layout.BOARD_SIZE, {})
    assert done.profile.boards["board"].scale == pytest.approx(tuple(expected["scale"]))
    assert done.moved <= done.person.touched  # the bot moved nothing; only the person's hands did
    assert_plays_alike(layout.TAG_PREFIX, done.original, done.skin, done.profile, index)
