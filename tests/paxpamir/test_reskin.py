"""Pax Pamir on a table it did not build (issue 40): a re-skinned table (new GUIDs; no tags, GM notes or descriptions
of ours, so card names live only in CardIDs; rupees as Custom_Token named in French, cylinders and blocks told apart
by tint; the board moved, turned, scaled at other proportions with one region of its art off our layout; extra
objects) read through a profile written for it gives Wakhan's same decisions and the same moves as the table it came
from, over positions of seeded games."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from bridge.session import Session
from bridge.table import Table, Vec3
from engines.base import ReadError
from engines.paxpamir.selfplay import wakhan_turn_starts
from engines.paxpamir.table import layout
from engines.paxpamir.table.build import before_her_draw, build_table
from engines.paxpamir.table.read import read_table
from engines.paxpamir.table.roles import BUILT, SPEC
from engines.profile import Cast, Profile, checked
from tests.conftest import stop_live
from tests.paxpamir.test_table import table_fields
from tests.reskin import Reskinned, Warp, assert_plays_alike, board_placement, reskinned, start_reskinned

NUDGED, NUDGE = "region:kabul", (0.0, 2.0)  # the mod's art draws Kabul 2 units above ours


def rename(state: dict[str, Any]) -> dict[str, Any]:
    tags = state.get("Tags") or []
    if layout.CARD_TAG in tags or layout.AI_CARD_TAG in tags or state.get("Name") == "Deck":
        return {"Nickname": ""}  # a card is known by its CardID alone
    if layout.RUPEE_TAG in tags:
        return {"Name": "Custom_Token", "Nickname": "Roupie"}
    if layout.CYLINDER_TAG in tags:
        return {"Nickname": "Cylindre"}
    if layout.VP_TAG in tags:
        return {"Nickname": "Marqueur de points"}
    if layout.BLOCK_TAG in tags:
        return {"Nickname": "Armée"}
    return {"Nickname": ""} if state.get("Name") == "ScriptingTrigger" else {}


def warp() -> Warp:
    nudged = {(layout.MAP.spots[NUDGED].x, layout.MAP.spots[NUDGED].z): NUDGE}
    return Warp(
        layout.BOARD_AT,
        (layout.BOARD_HALF_W, 16.0),
        scale=(1.08, 1.02),
        turn=-12.0,
        shift=Vec3(1.0, 0.0, 0.5),
        nudged=nudged,
        near=layout.MAP.snap,  # every piece of the region goes with it
    )


def profile_for(original: Table, skin: Reskinned) -> Profile:
    """The profile a person would write for the re-skinned table: the board by its image, cards by CardID, rupees by
    name, cylinders and blocks by name and tint, the rest (zones, dials, markers) by GUID."""
    cast = Cast(BUILT, SPEC, original)
    card_ids = {cast.role(o): o.card_id for o in _cards(original)}
    roles: dict[str, Any] = {"board": {"match": [{"image": "https://example.invalid/mod-board.jpg"}]}}
    for key in SPEC.roles:
        kind, _, owner = key.partition(":")
        if kind in ("card", "ai"):
            roles[key] = {"match": [{"card_id": card_ids.get(key, -1)}]}  # a card out of the game: no CardID here
        elif kind == "rupee":
            roles[key] = {"match": [{"name": "Custom_Token", "nickname": "Roupie"}]}
        elif kind == "cylinder":
            roles[key] = {
                "match": [{"nickname": "Cylindre", "tint": _tint(cast, original, layout.seat_tag(int(owner)))}]
            }
        elif kind == "block":
            roles[key] = {"match": [{"nickname": "Armée", "tint": layout.RGB[owner]}]}
        elif key != "board":
            found = cast.objects(key)
            roles[key] = {"match": [{"guid": skin.guids[o.guid]} for o in found] or [{"nickname": f"not here {key}"}]}
    board = board_placement(skin.warp, layout.BOARD_SIZE, {f"map:{NUDGED}": NUDGE})
    data = {"game": "paxpamir", "mod": "a re-skinned Pax Pamir", "roles": roles, "boards": {"board": board}}
    return checked(Profile.model_validate(data), SPEC)


def _cards(table: Table) -> list[Any]:
    return [o for top in table for o in (top.contents if top.type == "Deck" else (top,)) if o.type == "Card"]


def _tint(cast: Cast, table: Table, seat_tag: str) -> Any:
    """A seat's cylinder colour (the seats' colours differ); a seat not at the table gets one no piece has."""
    found = [o for o in table if o.has_tag(layout.CYLINDER_TAG) and o.has_tag(seat_tag)]
    return (found[0].tint or (1.0, 1.0, 1.0)) if found else (0.5, 0.5, 0.5)  # white: the table keeps no tint


POSITIONS = list(itertools.islice(wakhan_turn_starts(4, 11), 2, 40, 7))  # a turn of each of four games


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_wakhan_decides_and_moves_alike_on_a_reskinned_table(index: int) -> None:
    save = build_table(state=before_her_draw(POSITIONS[index]))
    original, skin = reskinned(save, layout.BOARD_TAG, warp(), rename, seed=index)
    assert_plays_alike("paxpamir", original, skin, profile_for(original, skin), index)


def test_a_region_the_mods_art_draws_elsewhere_is_read_through_the_profiles_offset() -> None:
    state = next(s for s in wakhan_turn_starts(3, 11) if s.tribes["kabul"] or s.armies["kabul"])
    save = build_table(state=before_her_draw(state))
    original, skin = reskinned(save, layout.BOARD_TAG, warp(), rename)
    table, profile = Table.from_save(skin.save), profile_for(original, skin)
    read = read_table(table, profile).state
    assert (read.tribes, read.armies) == (read_table(original).state.tribes, read_table(original).state.armies)
    placement = profile.boards["board"].model_copy(update={"offsets": {}})
    with pytest.raises(ReadError, match=r"lies between|outside the map"):
        read_table(table, profile.model_copy(update={"boards": {"board": placement}}))


async def test_her_turns_on_a_reskinned_table_in_the_emulator_leave_it_as_the_engine_expects() -> None:
    """Over real loopback: the connector's snapshot (with the CardIDs and tints the profile matches on) reads as the
    save does, and her turns played through the bridge leave the re-skinned table as the engine says."""
    save = build_table(state=before_her_draw(POSITIONS[1]))
    original, skin = reskinned(save, layout.BOARD_TAG, warp(), rename, seed=1)
    profile = profile_for(original, skin)
    live, game = await start_reskinned("paxpamir", skin, profile, timeout=60)
    try:
        session = Session(live.connector, game, seed=5)
        read = read_table(await live.connector.snapshot(), profile).state
        assert table_fields(read) == table_fields(read_table(original).state)
        plan = await session.take_turn()
        assert plan.ok, plan.problems
        after = read_table(await live.connector.snapshot(), profile).state
        assert table_fields(after) == table_fields(session.last_after)
    finally:
        await stop_live(live)
