"""Heroes of Land, Air & Sea on a table it did not build (issue 40): a re-skinned table (new GUIDs; no tags, GM notes
or descriptions of ours, so the bot's minis are known by GUID alone and cards by CardID; pieces named in French and
as other object types, the bot's and yours told apart by tint; the board moved, turned, scaled at other proportions
with one region of its art off our map; extra objects) read through a profile written for it gives the Enemy's same
decisions and the same moves as the table it came from, over positions of seeded games."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.session import Session
from bridge.table import Table, Vec3
from engines.base import ReadError
from engines.holas import rules, selfplay
from engines.holas.state import State
from engines.holas.table import layout
from engines.holas.table.build import BOT_RGB, PLAYER_RGB, build_table
from engines.holas.table.read import read_table
from engines.holas.table.roles import PIECES, built_profile, spec
from engines.profile import Cast, Profile, checked
from tests.conftest import differences, stop_live
from tests.holas.test_table import fields
from tests.reskin import Reskinned, Warp, assert_plays_alike, board_placement, load, reskinned, start_reskinned

DATA = load(layout.TAG_PREFIX).owned.value  # the sample, the object the game reads by
FRENCH = {"hero": "Héros", "warrior": "Guerrier", "serf": "Serf", "air_vessel": "Vaisseau aérien",
          "sea_vessel": "Navire", "tower": "Tour", "capital": "Capitale"}  # fmt: skip
TINT = {"bot": BOT_RGB, "player": PLAYER_RGB}
NUDGED, NUDGE = "L5", (6.0, 0.0)  # the mod's art draws region L5 (the map's corner) this far (map units) off ours


def rename(state: dict[str, Any]) -> dict[str, Any]:
    tags = state.get("Tags") or []
    for owner in ("bot", "player"):
        kind = next((k for k in PIECES if layout.tag(owner, k) in tags), None)
        if kind is not None:  # minis as other objects: a model, the Serfs as tokens
            return {"Name": "Custom_Token" if kind == "serf" else "Custom_Model", "Nickname": FRENCH[kind]}
    if layout.TOKEN_TAG in tags:
        return {"Name": "Custom_Token", "Nickname": "Jeton d'exploration"}
    if layout.tag("marker", "prompt") in tags or layout.tag("marker", "ledger") in tags:
        # what the bot wrote there itself (what it waits for; its note of your side), as it writes any table's
        return {"Nickname": "Jeton", "GMNotes": state.get("GMNotes", "")}
    if layout.CARD_TAG in tags or state.get("Name") == "ScriptingTrigger":
        return {"Nickname": ""}  # a card is known by its CardID alone
    return {"Nickname": "Jeton"} if state.get("Name", "").startswith("Chip") else {}


def warp() -> Warp:
    centre = layout.map_layout(DATA.map).spots[NUDGED]
    return Warp(
        layout.BOARD_AT,
        (layout.BOARD_SIZE[0] / 2, layout.BOARD_SIZE[1] / 2),
        scale=(1.15, 1.05),
        turn=20.0,
        shift=Vec3(1.5, 0.0, -0.8),
        nudged={(centre.x, centre.z): NUDGE},
        near=2.0,  # every piece of the region (its nine places lie within 1.8 of its centre) goes with it
    )


def profile_for(original: Table, skin: Reskinned) -> Profile:
    """The profile a person would write for the re-skinned table: the board by its image, cards by CardID, your
    pieces and the bot's towers and Capital by name and tint, tokens by name and resource name, the rest (zones, the
    bot's minis, markers) by GUID."""
    cast = Cast(built_profile(DATA), spec(DATA), original)
    card_ids = {cast.role(o): o.card_id for o in _cards(original)}
    roles: dict[str, Any] = {"board": {"match": [{"image": "https://example.invalid/mod-board.jpg"}]}}
    for key in spec(DATA).roles:
        kind, _, what = key.partition(":")
        if kind == "card":
            roles[key] = {"match": [{"card_id": card_ids[key]}]}
        elif kind in ("person", "bot"):
            owner = "player" if kind == "person" else "bot"
            roles[key] = {"match": [{"nickname": FRENCH[what], "tint": TINT[owner]}]}
        elif kind == "token":
            roles[key] = {"match": [{"name": "Custom_Token", "nickname": "Jeton d'exploration"}]}
        elif key != "board":
            found = cast.objects(key)
            roles[key] = {"match": [{"guid": skin.guids[o.guid]} for o in found] or [{"nickname": f"not here {key}"}]}
    board = board_placement(skin.warp, layout.BOARD_SIZE, {f"regions:{NUDGED}": NUDGE})
    data = {
        "game": layout.TAG_PREFIX,
        "mod": "a re-skinned Heroes of Land, Air & Sea",
        "roles": roles,
        "boards": {"board": board},
    }
    return checked(Profile.model_validate(data), spec(DATA))


def _cards(table: Table) -> list[Any]:
    return [o for top in table for o in (top.contents if top.type == "Deck" else (top,)) if o.type == "Card"]


def positions(seed: int, every: int = 9) -> list[State]:
    """States of a seeded self-play game, every ``every``-th step of the Enemy's, where Bot action is the press."""
    found: list[State] = []

    def watch(_: Any, state: State) -> None:
        ready = state.pending is None and not state.contested() and None in state.slots and not rules.over(state)
        if len(found) < 1000 and ready:
            found.append(state.copy())

    selfplay.play(DATA, seed, watch)
    return found[::every]


POSITIONS = [s for seed in (1, 2, 3, 4) for s in positions(seed)[1:16:3]]


def table_of(state: State) -> Any:
    state.player = {r: a for r, a in state.player.items() if a.ns or a.structure}
    return build_table(state, DATA)


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_the_enemy_decides_and_moves_alike_on_a_reskinned_table(index: int) -> None:
    original, skin = reskinned(table_of(POSITIONS[index]), layout.BOARD_TAG, warp(), rename, seed=index)
    assert_plays_alike(layout.TAG_PREFIX, original, skin, profile_for(original, skin), index)


def test_a_region_the_mods_art_draws_elsewhere_is_read_through_the_profiles_offset() -> None:
    state = next(s for s in POSITIONS if any(u.where == NUDGED for u in s.units))
    original, skin = reskinned(table_of(state), layout.BOARD_TAG, warp(), rename)
    table, profile = Table.from_save(skin.save), profile_for(original, skin)
    assert fields(read_table(table, DATA, profile).state) == fields(read_table(original, DATA).state)
    placement = profile.boards["board"].model_copy(update={"offsets": {}})
    with pytest.raises(ReadError, match=r"on a region border|off the map"):
        read_table(table, DATA, profile.model_copy(update={"boards": {"board": placement}}))


async def test_the_enemys_press_on_a_reskinned_table_in_the_emulator_leaves_it_as_the_engine_expects() -> None:
    """Over real loopback: the connector's snapshot (with the CardIDs, image and tints the profile matches on) reads
    as the save does, and a press played through the bridge leaves the re-skinned table as the engine says."""
    original, skin = reskinned(table_of(POSITIONS[1]), layout.BOARD_TAG, warp(), rename, seed=1)
    profile = profile_for(original, skin)
    live, game = await start_reskinned(layout.TAG_PREFIX, skin, profile, timeout=60)
    try:
        session = Session(live.connector, game, seed=5)
        read = game.read(await live.connector.snapshot()).state
        assert not differences(fields(read), fields(read_table(original, DATA).state))
        plan = await session.take_turn(button="bot_action")
        assert plan.ok, plan.problems
        assert any(step.commands for step in plan.steps)
        after = game.read(await live.connector.snapshot()).state
        assert not differences(fields(after), fields(session.last_after))
    finally:
        await stop_live(live)
