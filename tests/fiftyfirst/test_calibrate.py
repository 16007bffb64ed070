"""``automa adopt fiftyfirst`` calibrated where the mod is live (issue 40), over the emulator and real loopback: a
re-skinned 51st State (new GUIDs, no tags or notes of ours, markers, workers and chips as other object types named
in French, location cards known by their CardIDs alone, the score track board moved, turned and scaled at other
proportions) read by the connector with the project's sample cards (``--allow-sample``), proposed by names, every
zone taught by a piece dropped in it, every role left by a pick-up, and both boards' placements by three pieces put
on named spaces. The location cards carry no name, so each is picked up in turn (taken out of the deck where it
lies in one); a card out of the game, and the protection markers where none is on the table, are skipped as a
person would. The profile it writes plays as the table it came from: the bot's decisions and moves (its score
marker's new space among them) equal those on the original for the same state, over positions of seeded games.

Both tracks' spaces lie in a line (z 0 in the layout), so the references show the scale along the track only; the
fit takes the depth's to be the same (the art's 1.25 is not learnt), which moves no space: every one lies at z 0."""

from __future__ import annotations

import pytest

from engines.fiftyfirst.table import layout
from engines.fiftyfirst.table.build import build_table
from engines.fiftyfirst.table.roles import card_of
from tests.calibration import adopt
from tests.fiftyfirst.test_reskin import BUILT, POSITIONS, SCORE, rename
from tests.fiftyfirst.test_table import CARDS
from tests.reskin import Warp, assert_plays_alike, board_placement

SIZE = (SCORE.size.x, SCORE.size.z)


def warp() -> Warp:
    """The score track board moved, turned -8 degrees and scaled 1.1 by 1.25; no space of the art off our layout
    (two references cannot see one: the hand-written profile's offset for space 12 says it)."""
    half = (SCORE.size.x / 2, SCORE.size.z / 2)
    return Warp(SCORE.centre, half, scale=(1.1, 1.25), turn=-8.0, shift=layout.Vec3(1.0, 0.0, 0.6))


@pytest.mark.parametrize("index", [0, 3])  # the bot scores in both: its marker moves on the calibrated board
async def test_a_calibrated_profile_plays_as_the_table_it_came_from(index: int) -> None:
    save = build_table(POSITIONS[index], CARDS)
    done = await adopt("fiftyfirst", BUILT, save, layout.tag("board", "score"), warp(), rename, seed=index, size=SIZE)
    calibration = done.asker.calibration
    assert {"board:score (placement)", "board:round (placement)"} <= calibration.learnt.keys()
    dropped_in = {key for key, how in calibration.learnt.items() if how.startswith("the zone under a dropped piece")}
    assert dropped_in == {key for key in done.person.spec.roles if key.startswith("zone:")}  # each zone by a drop
    on_table = {card_of(key) for key in calibration.learnt if card_of(key) is not None}
    assert len(on_table) > 10 and all(card_of(key) is not None or key == "protection" for key in calibration.unfilled)
    across, _ = board_placement(done.skin.warp, SIZE, {})["scale"]
    assert done.profile.boards["board:score"].scale == pytest.approx((across, across))  # see below
    assert done.moved <= done.person.touched  # the bot moved nothing; only the person's hands did
    assert_plays_alike("fiftyfirst", done.original, done.skin, done.profile, index)
