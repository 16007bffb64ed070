"""A table that drifts from its profile during play (engines/drift.py, issue 40): a piece the profile names by GUID
replaced by a copy, a role's object deleted, a second object matching a role of one object, a board moved after
calibration. Each is named (role, object, what changed, what to do) against the last turn's table; on a save here,
and at the next Bot turn over the emulator and real loopback, with nothing moved and the turn after the fix played."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bridge.session import Session
from bridge.table import Table, Vec3
from engines import registry
from engines.base import ReadError
from engines.drift import Watch, anchors, changes
from engines.paxpamir.table import layout as PAX_LAYOUT
from engines.paxpamir.table.build import build_table as pax_build
from engines.paxpamir.table.roles import SPEC as PAX_SPEC
from engines.profile import Profile
from engines.warchest.read import read_table
from engines.warchest.table import SPEC, build_table
from tests.conftest import stop_live
from tests.paxpamir.test_reskin import profile_for as pax_profile_for
from tests.paxpamir.test_reskin import rename as pax_rename
from tests.paxpamir.test_reskin import warp as pax_warp
from tests.reskin import Reskinned, reskinned, start_reskinned
from tests.warchest.test_reskin import profile_for, rename, seeded_position, warp

ADOPT = "or re-run 'automa adopt warchest' to make the table profile again"


def mod_table(seed: int = 3) -> tuple[Reskinned, Profile]:
    """A re-skinned War Chest table and the profile written for it (bags and zones by GUID, the board by image)."""
    original, skin = reskinned(build_table(seed=seed), "warchest.board", warp(), rename)
    return skin, profile_for(original, skin)


def mid_game() -> tuple[Reskinned, Profile]:
    """The re-skinned War Chest table 12 plies into a seeded game (the AI's turn moves a Pikeman coin there) and its
    profile."""
    original, skin = reskinned(build_table(state=seeded_position(6, 12), seed=6), "warchest.board", warp(), rename)
    return skin, profile_for(original, skin)


def states(skin: Reskinned) -> list[dict[str, Any]]:
    return copy.deepcopy(skin.save.to_dict()["ObjectStates"])


def played(states: list[dict[str, Any]]) -> Table:
    return Table.from_states(states, "the mod's table")


def by_guid(states: list[dict[str, Any]], guid: str) -> dict[str, Any]:
    return next(s for s in states if s["GUID"] == guid)


def bag_a(profile: Profile) -> str:
    guid = profile.roles["bag:A"].match[0].guid
    assert guid is not None
    return guid


def board_guid(skin: Reskinned) -> str:
    boards = skin.save.to_dict()["ObjectStates"]
    return next(s["GUID"] for s in boards if s.get("CustomImage", {}).get("ImageURL", "").endswith("mod-board.jpg"))


def test_the_table_as_the_last_turn_left_it_has_not_drifted() -> None:
    skin, profile = mod_table()
    table = Table.from_save(skin.save)
    assert changes(profile, SPEC, table, anchors(profile, SPEC, table)) == []


def test_a_bag_replaced_by_a_copy_with_another_guid_is_named_with_its_copy() -> None:
    skin, profile = mod_table()
    before = anchors(profile, SPEC, Table.from_save(skin.save))
    now = states(skin)
    by_guid(now, bag_a(profile))["GUID"] = "c0ffee"
    said = changes(profile, SPEC, played(now), before)
    assert said == [
        f"the side A's bag (role 'bag:A'): 'Sac' (guid {bag_a(profile)}, Bag) is gone from the table since the bot's "
        f"last turn; {played(now)['c0ffee'].describe()} looks like a copy of it with another GUID: the profile knows "
        f"only the first, {ADOPT}"
    ]


def test_a_roles_object_deleted_is_named_and_without_a_last_turn_by_its_guid() -> None:
    skin, profile = mod_table()
    before = anchors(profile, SPEC, Table.from_save(skin.save))
    now = [s for s in states(skin) if s["GUID"] != bag_a(profile)]
    gone = f"the side A's bag (role 'bag:A'): 'Sac' (guid {bag_a(profile)}, Bag) is gone from the table"
    assert changes(profile, SPEC, played(now), before) == [f"{gone} since the bot's last turn; put it back, {ADOPT}"]
    first = f"the side A's bag (role 'bag:A'): no object on the table has GUID {bag_a(profile)!r}; put it back, {ADOPT}"
    assert changes(profile, SPEC, played(now)) == [first]


def test_a_second_object_matching_a_role_of_one_object_is_named() -> None:
    """A second copy of the mod's board (same image, another GUID): the board is a role of one object."""
    skin, profile = mod_table()
    before = anchors(profile, SPEC, Table.from_save(skin.save))
    now = states(skin)
    extra = copy.deepcopy(by_guid(now, board_guid(skin)))
    extra["GUID"], extra["Transform"]["posX"] = "b0a4d2", 40.0
    now.append(extra)
    said = changes(profile, SPEC, played(now), before)
    assert len(said) == 1 and said[0].startswith("the board (role 'board'): a second object now plays it: ")
    assert "(guid b0a4d2, Board) at (40.00" in said[0] and "beside '" in said[0] and said[0].endswith(ADOPT)
    assert f"guid {board_guid(skin)}" in said[0].partition("beside")[2]


@pytest.mark.parametrize(("dx", "turn", "drifted"), [(1.0, 0.0, True), (0.0, 15.0, True), (0.1, 1.0, False)])
def test_a_board_moved_since_the_last_turn_is_named(dx: float, turn: float, drifted: bool) -> None:
    """Moved a unit or turned 15 degrees: named, with where it was and is; nudged a tenth (TTS's physics): not."""
    skin, profile = mod_table()
    before = anchors(profile, SPEC, Table.from_save(skin.save))
    now = states(skin)
    board = by_guid(now, board_guid(skin))
    was = Vec3(board["Transform"]["posX"], 0.0, board["Transform"]["posZ"])
    board["Transform"]["posX"] += dx
    board["Transform"]["rotY"] = (board["Transform"].get("rotY", 0.0) + turn) % 360
    said = changes(profile, SPEC, played(now), before)
    assert bool(said) == drifted
    if drifted:
        assert said[0].startswith("the board (role 'board'): ") and f"from ({was.x:.2f}, {was.z:.2f})" in said[0]
        assert "has moved since the bot's last turn" in said[0] and "move it back" in said[0]


def test_the_table_the_project_builds_is_not_watched() -> None:
    """Its roles are found by tags: a rebuilt table (new GUIDs) is the same table to its reader."""
    game = registry.load("warchest")
    assert game.profile is None
    watch = Watch()
    table = Table.from_save(build_table(seed=3))
    watch.played(game, table)
    assert watch.changes(game, Table(tuple(o for o in table if not o.has_tag("warchest.bag")))) == []


async def test_a_bag_replaced_during_play_is_named_at_the_next_bot_turn_and_the_turn_after_the_fix_plays() -> None:
    """Over real loopback: a turn plays; the person replaces side A's bag by a copy (a new GUID); the next Bot turn
    names it in chat, on the panel and in the turn's record (the terminal prints it) and moves nothing; the bag put
    back as it was, the next turn plays."""
    skin, profile = mid_game()
    live, game = await start_reskinned("warchest", skin, profile, timeout=20)
    try:
        session = Session(live.connector, game, seed=3)
        seen: list[tuple[str, str]] = []  # ("chat" | "panel", text) as players read them in TTS
        live.emulator.echo.append(lambda kind, text: seen.append((kind, text)))
        assert (await session.take_turn()).ok
        seen.clear()
        world = live.emulator.require_world()
        bag = world.get(bag_a(profile))
        kept = copy.deepcopy(bag.data)
        world.destroy(bag.guid)
        world.spawn({**copy.deepcopy(kept), "GUID": "c0ffee"})
        await live.emulator.settle()
        before = await live.connector.snapshot()
        plan = await session.take_turn()
        assert not plan.ok and len(plan.problems) == 1 and "looks like a copy of it" in plan.problems[0]
        assert "'Sac' (guid c0ffee, Bag)" in plan.problems[0] and plan.problems[0].endswith(ADOPT)
        after = await live.connector.snapshot()
        assert [(o.guid, o.position) for o in after] == [(o.guid, o.position) for o in before], "something moved"
        chat = [text for kind, text in seen if kind == "chat"]
        assert chat == [f"Bot cannot read the table: {plan.problems[0]}"]
        assert ("panel", "Nothing moved: 1 problem(s) on the table (see chat)") in seen
        world.destroy("c0ffee")
        world.spawn(kept)
        await live.emulator.settle()
        assert (await session.take_turn()).ok
    finally:
        await stop_live(live)


def test_pax_pamir_a_ruler_token_replaced_and_the_map_turned_are_named() -> None:
    """The same watch over Pax Pamir's roles: a ruler token (by GUID in its profile) swapped for a copy, and the map
    turned 10 degrees since the last turn; both named, the map with where it was."""
    original, skin = reskinned(pax_build(seed=2), PAX_LAYOUT.BOARD_TAG, pax_warp(), pax_rename)
    profile = pax_profile_for(original, skin)
    table = Table.from_save(skin.save)
    before = anchors(profile, PAX_SPEC, table)
    now = states(skin)
    ruler = profile.roles["ruler:kabul"].match[0].guid
    by_guid(now, str(ruler))["GUID"] = "c0ffee"
    board = by_guid(now, before["board"].guid)
    board["Transform"]["rotY"] = (board["Transform"].get("rotY", 0.0) + 10.0) % 360
    said = changes(profile, PAX_SPEC, played(now), before)
    assert len(said) == 2 and all(
        line.endswith("re-run 'automa adopt paxpamir' to make the table profile again") for line in said
    )
    assert said[0].startswith("the map board (role 'board'): ") and "has moved since the bot's last turn" in said[0]
    assert said[1].startswith("the ruler token of Kabul (role 'ruler:kabul'): ") and f"(guid {ruler}, " in said[1]
    assert "'c0ffee'" not in said[1] and "(guid c0ffee, " in said[1] and "looks like a copy of it" in said[1]


def test_a_role_found_by_other_means_than_a_guid_and_missing_is_left_to_the_reader() -> None:
    """The board (found by its image) taken away: not drift (a game may take such a piece away, and its reader
    knows whether), and the reader names it missing."""
    skin, profile = mod_table()
    before = anchors(profile, SPEC, Table.from_save(skin.save))
    now = [s for s in states(skin) if s["GUID"] != board_guid(skin)]
    assert changes(profile, SPEC, played(now), before) == []
    with pytest.raises(ReadError, match=r"the board \(role 'board', image .*\) is missing from the table"):
        read_table(played(now), profile)
