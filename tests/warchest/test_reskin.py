"""War Chest on a table it did not build (issue 40): a re-skinned table (new GUIDs, no tags or notes of ours, coins as
Custom_Token named in French, the board moved, turned, scaled at other proportions with one hex of its art off our
layout, extra objects) read through a profile written for it gives the same decisions and the same moves as the table
it came from, over seeded positions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bridge.session import Session
from bridge.table import Table, Vec3
from engines.base import ReadError
from engines.profile import Cast, Profile, checked
from engines.warchest import rules
from engines.warchest.ai import AiOptions, SoloAI
from engines.warchest.read import read_table
from engines.warchest.solo import setup_solo
from engines.warchest.state import State
from engines.warchest.table import BOARD_SIZE, BUILT, ROYAL_NAME, SPEC, build_table
from engines.warchest.turn import Planner
from engines.warchest.units import CARDS, ROYAL
from tests.conftest import stop_live
from tests.reskin import Reskinned, Warp, assert_plays_alike, board_placement, reskinned, start_reskinned
from tests.warchest.helpers import position
from tests.warchest.test_table import same_position

FRENCH = {unit: f"{unit} (fr)" for unit in CARDS} | {"Knight": "Chevalier", "Archer": "Archer", "Scout": "Éclaireur"}
ROYAL_FR = "Pièce royale"
TINTS = {"A": (0.1, 0.2, 0.8), "B": (0.8, 0.1, 0.1)}
NUDGED, NUDGE = "0,0", (0.8, 0.0)  # the centre hex: the mod's art draws it 0.8 to the right of our layout


def rename(state: dict[str, Any]) -> dict[str, Any]:
    tags = state.get("Tags") or []
    nickname = state.get("Nickname", "")
    if "warchest.coin" in tags:
        return {"Name": "Custom_Token", "Nickname": ROYAL_FR if nickname == ROYAL_NAME else FRENCH[nickname]}
    if "warchest.card" in tags:
        return {"Nickname": FRENCH[nickname]}
    if "warchest.marker" in tags:
        side = "A" if "warchest.side.A" in tags else "B"
        r, g, b = TINTS[side]
        return {"Nickname": "Drapeau", "ColorDiffuse": {"r": r, "g": g, "b": b}}
    if state.get("Name") == "Bag":
        return {"Nickname": "Sac"}
    return {"Nickname": ""} if state.get("Name") == "ScriptingTrigger" else {}


def warp() -> Warp:
    half = BOARD_SIZE / 2
    return Warp(
        Vec3(0.0, 1.0, 0.0),
        (half, half),
        scale=(1.1, 1.0),
        turn=30.0,
        shift=Vec3(0.5, 0.0, 0.4),
        nudged={(0.0, 0.0): NUDGE},
    )


def profile_for(original: Table, skin: Reskinned) -> Profile:
    """The profile a person would write for the re-skinned table: the board by its image, coins by their French
    names and resource name, markers by name and tint, the rest (zones, bags, cards) by GUID."""
    cast = Cast(BUILT, SPEC, original)
    roles: dict[str, Any] = {"board": {"match": [{"image": "https://example.invalid/mod-board.jpg"}]}}
    for key in SPEC.roles:
        if key.startswith("coin:"):
            unit = key.partition(":")[2]
            roles[key] = {"match": [{"name": "Custom_Token", "nickname": ROYAL_FR if unit == ROYAL else FRENCH[unit]}]}
        elif key.startswith("marker:"):
            roles[key] = {"match": [{"nickname": "Drapeau", "tint": TINTS[key[-1]]}]}
        elif key == "hand":
            roles[key] = {"match": [{"type": "Hand"}]}
        elif key != "board":
            found = cast.objects(key)
            # a role nothing plays on this table (a unit neither side drafted) names the mod's own card
            roles[key] = {"match": [{"guid": skin.guids[o.guid]} for o in found] or [{"nickname": f"not here {key}"}]}
    size = (BOARD_SIZE, BOARD_SIZE)
    board = board_placement(skin.warp, size, {f"hexes:{NUDGED}": NUDGE})
    data = {"game": "warchest", "mod": "a re-skinned War Chest", "roles": roles, "boards": {"board": board}}
    return checked(Profile.model_validate(data), SPEC)


def seeded_position(seed: int, plies: int) -> State:
    """A game played ``plies`` actions on from a seeded set-up (the AI by its rules, the person at random), stopped
    where the AI's turn begins."""
    rng = random.Random(seed)
    state = setup_solo(rng, AiOptions())
    ai = SoloAI(AiOptions())
    for _ in range(plies):
        if state.over:
            break
        if state.to_act() == state.rules.ai_side:
            rules.apply(state, ai.decide(state, rng).action, rng)
        else:
            rules.apply(state, rng.choice(list(rules.legal_actions(state))), rng, check=False)
    while not state.over and (state.to_act() != state.rules.ai_side or state.pending):
        if state.to_act() == state.rules.ai_side:
            rules.apply(state, ai.decide(state, rng).action, rng)
        else:
            rules.apply(state, rng.choice(list(rules.legal_actions(state))), rng, check=False)
    return state


@pytest.mark.parametrize(("seed", "plies"), [(1, 0), (2, 9), (3, 17), (4, 26)])
def test_the_bot_decides_and_moves_alike_on_a_reskinned_table(seed: int, plies: int) -> None:
    save = build_table(state=seeded_position(seed, plies), seed=seed)
    original, skin = reskinned(save, "warchest.board", warp(), rename)
    assert_plays_alike("warchest", original, skin, profile_for(original, skin), seed)


def test_a_hex_the_mods_art_draws_elsewhere_is_read_through_the_profiles_offset() -> None:
    """A unit on the nudged hex is read on it with the profile's offset for it; without the offset it lies between
    hexes, and the read names it."""
    state = position(ai={(0, 0): ("Swordsman", 2)})
    state.sides[0].supply["Swordsman"] -= 2  # the two on the board come from its supply
    save = build_table(state=state)
    original, skin = reskinned(save, "warchest.board", warp(), rename)
    table, profile = Table.from_save(skin.save), profile_for(original, skin)
    assert read_table(table, profile).state.board == read_table(original).state.board
    placement = profile.boards["board"].model_copy(update={"offsets": {}})
    with pytest.raises(ReadError, match="a coin lies between"):
        read_table(table, profile.model_copy(update={"boards": {"board": placement}}))


async def test_bot_turns_on_a_reskinned_table_in_the_emulator_leave_it_as_the_engine_expects() -> None:
    """Over real loopback: the connector's snapshot (with the images and tints the profile matches on) reads as the
    save does, and two bot turns played through the bridge leave the re-skinned table as the engine predicts."""
    save = build_table(state=seeded_position(6, 12), seed=6)
    original, skin = reskinned(save, "warchest.board", warp(), rename)
    profile = profile_for(original, skin)
    live, game = await start_reskinned("warchest", skin, profile, timeout=20)
    try:
        session = Session(live.connector, game, seed=3)
        before = read_table(await live.connector.snapshot(), profile)
        assert before.state.to_json() == read_table(original).state.to_json()
        for _ in range(2):
            plan = await session.take_turn()
            assert plan.ok, plan.problems
            bot = Planner(before)
            for step in plan.steps:
                bot.plan(step.decision.action)
            before = read_table(await live.connector.snapshot(), profile)
            same_position(before.state, bot.state)
    finally:
        await stop_live(live)
