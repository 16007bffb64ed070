"""The White Castle on a table it did not build (issue 40): a re-skinned table (new GUIDs; no tags, GM notes or
descriptions of ours, so the bot's cards are known by their CardIDs alone; dice and courtiers named in French, die
tiles, coins and laps as Custom_Token, courtiers as Custom_Model, told apart by tint; the board moved, turned, scaled
at other proportions with one castle space of its art off our layout; extra objects) read through a profile written
for it gives the bot's same decisions and the same moves as the table it came from, over seeded positions; and the
person's moves listed and played there are the original's, carried over."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bridge.session import Session
from bridge.table import Table, Vec3
from engines.base import ReadError
from engines.profile import Cast, Profile, checked
from engines.whitecastle.bot import bot_turn
from engines.whitecastle.deck import SoloDeck
from engines.whitecastle.state import State
from engines.whitecastle.table import layout, person
from engines.whitecastle.table.build import build_table
from engines.whitecastle.table.read import read_table
from engines.whitecastle.table.roles import COLOURS, built_profile, spec
from tests.conftest import stop_live
from tests.reskin import Reskinned, Warp, assert_plays_alike, board_placement, commands, reskinned, start_reskinned
from tests.whitecastle.test_table import DECK, bot_turn_starts, fields

NUDGED = "first_floor.2"
NUDGE = (0.0, 1.2)  # the mod's art draws First Floor space 2 1.2 units further back than our layout
DICE = {"red": "Dé rouge", "black": "Dé noir", "white": "Dé blanc"}
TOKENS = {  # our piece's resource name -> the mod's object type and name
    "BlockSquare": ("Custom_Token", "Tuile de dé"),
    "PlayerPawn": ("Custom_Model", "Courtisan"),
    "Chip_10": ("Custom_Token", "Pièce"),
    "Chip_50": ("Custom_Token", "Tour de piste"),
}


def rename(state: dict[str, Any]) -> dict[str, Any]:
    tags = state.get("Tags") or []
    if layout.DIE_TAG in tags:
        return {"Nickname": DICE[next(c for c in COLOURS if layout.tag("colour", c) in tags)]}
    if layout.tag("marker", "influence") in tags:  # the bot's own record of its level, which it writes on any table
        return {"Name": "Custom_Token", "Nickname": "Marqueur", "GMNotes": state.get("GMNotes", "")}
    if layout.MARKER_TAG in tags:
        return {"Name": "Custom_Token", "Nickname": "Marqueur"}
    if state.get("Name") in TOKENS:
        name, nickname = TOKENS[state["Name"]]
        return {"Name": name, "Nickname": nickname}
    if layout.CARD_TAG in tags or state.get("Name") in ("Deck", "ScriptingTrigger"):
        return {"Nickname": ""}  # a card is known by its CardID alone
    if state.get("Name") == "Infinite_Bag":
        return {"Nickname": "Réserve"}
    return {}


def warp() -> Warp:
    centre = layout.AREAS[NUDGED].centre - layout.BOARD_AT
    return Warp(
        layout.BOARD_AT,
        (layout.BOARD_SIZE[0] / 2, layout.BOARD_SIZE[1] / 2),
        scale=(1.15, 1.05),
        turn=-25.0,
        shift=Vec3(2.0, 0.0, 1.5),
        nudged={(centre.x, centre.z): NUDGE},
        near=layout.AREAS[NUDGED].size.x / 2,  # every piece of the space goes with it (no other area is so near)
    )


def profile_for(original: Table, skin: Reskinned, deck: SoloDeck = DECK) -> Profile:
    """The profile a person would write for the re-skinned table: the board by its image, cards by CardID, dice by
    their French names, tiles, courtiers, coins and laps by type, name and tint, the supplies and markers by GUID."""
    wc = spec(deck)
    cast = Cast(built_profile(deck), wc, original)
    card_ids = {cast.role(o): o.card_id for top in original for o in (*top.contents, top) if o.type == "Card"}
    token = {what: {"name": name, "nickname": nickname} for what, (name, nickname) in TOKENS.items()}
    roles: dict[str, Any] = {
        "board": {"match": [{"image": "https://example.invalid/mod-board.jpg"}]},
        **{f"die:{c}": {"match": [{"nickname": DICE[c]}]} for c in COLOURS},
        **{f"tile:{c}": {"match": [{**token["BlockSquare"], "tint": layout.RGB[c]}]} for c in COLOURS},
        "courtier:bot": {"match": [{**token["PlayerPawn"], "tint": layout.RGB["bot"]}]},
        "courtier:you": {"match": [{**token["PlayerPawn"], "tint": layout.RGB["white"]}]},
        "coin": {"match": [token["Chip_10"]]},
        "lap": {"match": [token["Chip_50"]]},
    }
    for key in wc.roles:
        if key.startswith("card:"):
            roles[key] = {"match": [{"card_id": card_ids[key]}]}
        elif key.startswith(("supply:", "marker:")):
            roles[key] = {"match": [{"guid": skin.guids[o.guid]} for o in cast.objects(key)]}
    board = board_placement(skin.warp, layout.BOARD_SIZE, {f"areas:{NUDGED}": NUDGE})
    data = {"game": "whitecastle", "mod": "a re-skinned White Castle", "roles": roles, "boards": {"board": board}}
    return checked(Profile.model_validate(data), wc)


POSITIONS = [s for i, s in enumerate(bot_turn_starts(3)) if i in (0, 4, 8, 11, 16, 22)]  # each level, each round


def table_of(state: State) -> tuple[Table, Reskinned, Profile]:
    original, skin = reskinned(build_table(state, DECK), layout.BOARD_TAG, warp(), rename)
    return original, skin, profile_for(original, skin)


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_the_bot_decides_and_moves_alike_on_a_reskinned_table(index: int) -> None:
    original, skin, profile = table_of(POSITIONS[index])
    assert_plays_alike("whitecastle", original, skin, profile, index)


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_the_persons_moves_are_listed_and_played_alike_on_a_reskinned_table(index: int) -> None:
    """After the bot's turn, the person's listing and each move's commands are the original's, carried over."""
    state = POSITIONS[index].copy()
    bot_turn(state, DECK, random.Random(index))
    if state.over or state.to_move != "person":
        pytest.skip("no person's turn follows this one")
    original, skin, profile = table_of(state)
    mine = read_table(original, DECK)
    theirs = read_table(Table.from_save(skin.save), DECK, profile=profile)
    assert person.moves(theirs) == person.moves(mine) != []
    for move in person.moves(mine):
        want, after = person.play(mine, move.id, random.Random(1))
        got, after_there = person.play(theirs, move.id, random.Random(1))
        assert commands(got) == [skin.command(c) for c in want] and fields(after_there) == fields(after), move.label


def test_a_space_the_mods_art_draws_elsewhere_is_read_through_the_profiles_offset() -> None:
    """A die on the nudged space is read on it with the profile's offset for it; without the offset it lies off the
    space, and the read names it."""
    state = next(s for s in bot_turn_starts(2) if s.spaces["first_floor"][1].die is not None)
    original, skin, profile = table_of(state)
    table = Table.from_save(skin.save)
    assert fields(read_table(table, DECK, profile=profile).state) == fields(read_table(original, DECK).state)
    placement = profile.boards["board"].model_copy(update={"offsets": {}})
    with pytest.raises(ReadError, match="a die outside every zone"):
        read_table(table, DECK, profile=profile.model_copy(update={"boards": {"board": placement}}))


async def test_turns_on_a_reskinned_table_in_the_emulator_leave_it_as_the_engine_expects() -> None:
    """Over real loopback: the connector's snapshot (with the CardIDs and tints the profile matches on) reads as the
    save does, the bot's turn played through the bridge leaves the re-skinned table as the engine says, and so does
    a person's move played there."""
    original, skin, profile = table_of(POSITIONS[1])
    live, game = await start_reskinned("whitecastle", skin, profile, timeout=60)
    try:
        session = Session(live.connector, game, seed=5)
        read = game.read(await live.connector.snapshot()).state
        assert fields(read) == fields(read_table(original, DECK).state)
        plan = await session.take_turn()
        assert plan.ok, plan.problems
        assert fields(game.read(await live.connector.snapshot()).state) == fields(session.last_after)
        move = game.person_moves(None, await live.connector.snapshot())[0]
        moved, after = game.play_person(None, await live.connector.snapshot(), move.id, random.Random(2))
        await live.connector.apply(moved, timeout=60)
        assert fields(game.read(await live.connector.snapshot()).state) == fields(after), move.label
    finally:
        await stop_live(live)
