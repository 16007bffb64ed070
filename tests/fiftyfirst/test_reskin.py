"""51st State on a table it did not build (issue 40): a re-skinned table (new GUIDs; no tags, GM notes or descriptions
of ours, so a location card is known by its CardID alone; markers, workers, chips as other object types named in
French, the score markers told apart by tint; the score track board moved, turned, scaled at other proportions with
one space of its art off our layout; extra objects) read through a profile written for it gives the bot's same
decisions and the same moves as the table it came from, over positions of seeded games, in-process and on the
emulator."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.session import Session
from bridge.table import Table
from engines.base import ReadError
from engines.fiftyfirst.state import State
from engines.fiftyfirst.table import layout
from engines.fiftyfirst.table.build import build_table
from engines.fiftyfirst.table.read import read_table
from engines.fiftyfirst.table.roles import FIXED, MARKERS, built_profile, card_of, spec
from engines.profile import Cast, Profile, checked
from tests.conftest import stop_live
from tests.fiftyfirst.test_table import CARDS, bot_turn_starts, fields
from tests.reskin import Reskinned, Warp, assert_plays_alike, board_placement, reskinned, start_reskinned, turn

SPEC, BUILT = spec(CARDS), built_profile(CARDS)
SCORE = layout.AREAS["score"]
NUDGED, NUDGE = "12", (0.4, 0.3)  # the mod's art draws score space 12 half a space right and a little up
NAMES = {  # tag of ours -> (resource name, French name) of the mod's piece
    layout.tag("marker", "person"): ("Custom_Token", "Marqueur"),
    layout.tag("marker", "bot"): ("Custom_Token", "Marqueur"),
    layout.tag("marker", "round"): ("Custom_Token", "Marqueur"),
    layout.tag("marker", "phase"): ("Custom_Token", "Jeton de phase"),
    layout.tag("marker", "attacks"): ("Custom_Token", "Jeton d'attaques"),
    layout.tag("pass", "person"): ("Custom_Model", "Jeton de passe"),
    layout.tag("pass", "bot"): ("Custom_Model", "Jeton de passe"),
    layout.WORKER_TAG: ("Custom_Model", "Ouvrier"),
    layout.PROTECTION_TAG: ("Custom_Token", "Défense"),
    layout.LAP_TAG: ("Custom_Token", "Tour"),
}


def rename(state: dict[str, Any]) -> dict[str, Any]:
    tags = state.get("Tags") or []
    if layout.CARD_TAG in tags:
        return {"Nickname": ""}  # a location card (or a deck of them) is known by its CardID alone
    if layout.CONNECTION_TAG in tags:
        return {"Nickname": "Connexion"}
    named = next((NAMES[t] for t in tags if t in NAMES), None)
    if named is not None:
        return {"Name": named[0], "Nickname": named[1]}
    return {"Nickname": ""} if state.get("Name") in ("ScriptingTrigger", "HandTrigger", "Custom_Board") else {}


def warp() -> Warp:
    spot = layout.BOARD_LAYOUTS["score"].spots[NUDGED]
    return Warp(
        SCORE.centre,
        (SCORE.size.x / 2, SCORE.size.z / 2),
        scale=(1.1, 1.25),
        turn=-8.0,
        shift=layout.Vec3(1.0, 0.0, 0.6),
        nudged={(spot.x, spot.z): NUDGE},
        near=0.3,
    )


def profile_for(original: Table, skin: Reskinned) -> Profile:
    """The profile a person would write for the re-skinned table: the score board by its image, location cards by
    CardID, connection cards by name, markers and pieces by name and resource name (the score markers and pass
    tokens by tint too), the rest (zones, the round board, the target token, the lap bag) by GUID."""
    cast = Cast(BUILT, SPEC, original)
    card_ids = {card_of(cast.role(c)): c.card_id for top in original for c in top.contents or (top,)}
    roles: dict[str, Any] = {"board:score": {"match": [{"image": "https://example.invalid/mod-board.jpg"}]}}
    for key in SPEC.roles:
        card = card_of(key)
        pieces = cast.objects(key) if key in FIXED and SPEC.roles[key].many else []
        if card is not None:
            roles[key] = {"match": [{"card_id": card_ids.get(card, -1)}]}  # a card not on the table: no CardID
        elif key == "connection":
            roles[key] = {"match": [{"nickname": "Connexion"}]}
        elif pieces or key.startswith(("marker:", "pass:")):
            obj = (pieces or cast.objects(key))[0]
            name, nickname = next(NAMES[t] for t in obj.project_tags if t in NAMES)
            tint = {"tint": list(obj.tint or (1.0, 1.0, 1.0))} if key.startswith(("marker:", "pass:")) else {}
            roles[key] = {"match": [{"name": name, "nickname": nickname, **tint}]}
        elif key != "board:score":
            found = cast.objects(key)
            roles[key] = {"match": [{"guid": skin.guids[o.guid]} for o in found] or [{"nickname": f"not here {key}"}]}
    board = board_placement(skin.warp, (SCORE.size.x, SCORE.size.z), {f"score:{NUDGED}": NUDGE})
    data = {"game": "fiftyfirst", "mod": "a re-skinned 51st State", "roles": roles, "boards": {"board:score": board}}
    return checked(Profile.model_validate(data), SPEC)


def positions() -> list[State]:
    """Bot turn starts of seeded games: every phase, and turns that score (the score marker moves on the board)."""
    states = list(bot_turn_starts(4))
    scoring = [s for s in states if s.phase == "action" and any(s.connections.values())]
    return states[3::60][:4] + scoring[1::25][:3]


POSITIONS = positions()


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_the_bot_decides_and_moves_alike_on_a_reskinned_table(index: int) -> None:
    save = build_table(POSITIONS[index], CARDS)
    original, skin = reskinned(save, layout.tag("board", "score"), warp(), rename, seed=index)
    assert_plays_alike("fiftyfirst", original, skin, profile_for(original, skin), index)


def test_some_reskinned_turn_moves_the_bots_score_marker_on_the_moved_board() -> None:
    """The positions above include turns where the bot scores, so its marker's new space is planned through the
    profile's placement of the board (a planner that put it where the build does would fail the test above)."""
    moved = 0
    for index, state in enumerate(POSITIONS):
        original = Table.from_save(build_table(state, CARDS))
        marker = next(o for o in original if o.has_tag(layout.tag("marker", "bot")))
        _, moves = turn("fiftyfirst", original, None, index)
        moved += any(getattr(c, "guid", None) == marker.guid for m in moves for c in m)
    assert moved


def test_a_space_the_mods_art_draws_elsewhere_is_read_through_the_profiles_offset() -> None:
    """Your score marker on the nudged space reads as 12 with the profile's offset for it; without the offset it
    lies between two spaces, and the read names it."""
    state = POSITIONS[0].copy()
    state.person_pts = 12
    original, skin = reskinned(build_table(state, CARDS), layout.tag("board", "score"), warp(), rename)
    table, profile = Table.from_save(skin.save), profile_for(original, skin)
    assert read_table(table, CARDS, profile).state.person_pts == 12 == read_table(original, CARDS).state.person_pts
    placement = profile.boards["board:score"].model_copy(update={"offsets": {}})
    with pytest.raises(ReadError, match="Marqueur lies between 12 and 13 of the score track"):
        read_table(table, CARDS, profile.model_copy(update={"boards": {"board:score": placement}}))


def test_every_marker_role_of_the_reskinned_profile_finds_its_one_piece() -> None:
    original, skin = reskinned(build_table(POSITIONS[0], CARDS), layout.tag("board", "score"), warp(), rename)
    cast = Cast(profile_for(original, skin), SPEC, Table.from_save(skin.save))
    assert [len(cast.objects(f"marker:{key}")) for key in MARKERS] == [1] * len(MARKERS)
    assert cast.problems == []


async def test_bot_turns_on_a_reskinned_table_in_the_emulator_leave_it_as_the_engine_expects() -> None:
    """Over real loopback: the connector's snapshot (with the CardIDs, images and tints the profile matches on) reads
    as the save does, and the bot's turns played through the bridge leave the re-skinned table as the engine says."""
    state = POSITIONS[-1]
    original, skin = reskinned(build_table(state, CARDS), layout.tag("board", "score"), warp(), rename, seed=3)
    profile = profile_for(original, skin)
    live, game = await start_reskinned("fiftyfirst", skin, profile, timeout=60)
    try:
        session = Session(live.connector, game, seed=5)
        read = read_table(await live.connector.snapshot(), CARDS, profile).state
        assert fields(read) == fields(read_table(original, CARDS).state)
        for _ in range(2):
            plan = await session.take_turn()
            assert plan.ok, plan.problems
            after = read_table(await live.connector.snapshot(), CARDS, profile).state
            assert fields(after) == fields(session.last_after)
    finally:
        await stop_live(live)
