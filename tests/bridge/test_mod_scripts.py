"""A mod's own script that fights the bot (issue 40), over the emulator and real loopback: the mod's Global script
(joined to the connector as ``automa mod inject`` joins it) keeps its coins where it laid them, or locks them on
load. The bot's turn names the piece and what the script did, and never leaves a turn half-applied in silence: a
locked piece stops the turn before anything moves; a piece moved back after the bot placed it fails the turn, said
in chat, on the panel and on the page, and the turn is not counted played. A mod's ``onObjectDrop`` sees only a
player's drops (TTS fires it for those), so it moves a person's piece back and never the bot's."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from bridge.modjoin import inject
from bridge.session import Session
from bridge.table import SaveFile
from engines import registry
from engines.paxpamir.table import layout as PAX
from engines.paxpamir.table.build import before_her_draw
from engines.paxpamir.table.build import build_table as pax_table
from engines.warchest.read import read_table
from tests.conftest import Live, start_live, stop_live
from tests.engines.test_drift import mid_game
from tests.paxpamir import test_reskin as pax
from tests.reskin import reskinned

HOMES = """
-- the mod remembers where it laid each coin
home = {}
function onLoad()
  for _, o in ipairs(getObjects()) do
    if o.name == 'Custom_Token' then home[o.getGUID()] = o.getPosition() end
  end
  start()
end
local function away(o, at)
  local p = o.getPosition()
  return math.abs(p.x - at.x) + math.abs(p.z - at.z) > 0.1
end
"""
RELAY = (
    HOMES
    + """
-- and every tenth of a second puts a coin that left its place back
function start()
  Wait.time(function()
    for guid, at in pairs(home) do
      local o = getObjectFromGUID(guid)
      if o ~= nil and away(o, at) then o.setPosition(at) end
    end
  end, 0.1, -1)
end
"""
)
LOCK = (
    HOMES
    + """
-- and locks them all
function start()
  for guid in pairs(home) do getObjectFromGUID(guid).setLock(true) end
end
"""
)
ON_DROP = (
    HOMES
    + """
function start() end
-- a coin a player drops away from its place goes back (TTS calls onObjectDrop for a player's drop)
function onObjectDrop(color, o)
  local at = home[o.getGUID()]
  if at ~= nil and away(o, at) then o.setPosition(at) end
end
"""
)
MOVED = "907a70"  # the Pikeman coin the bot's first turn moves on this table (seed 6, 12 plies; session seed 3)


@dataclass
class Mod:
    live: Live
    session: Session
    seen: list[tuple[str, str]]  # ("chat" | "panel", text), as players read them in TTS
    page: list[tuple[str, str]]  # (kind, text) the page is told


async def mod_with(script: str) -> Mod:
    """The re-skinned War Chest table with ``script`` as the mod's Global script, the connector joined to it."""
    skin, profile = mid_game()
    game = registry.load("warchest")
    game.use_profile(profile)
    raw = skin.save.to_dict()
    raw["LuaScript"] = script
    live = await start_live(inject(SaveFile.from_dict(raw), game).save, timeout=20)
    session = Session(live.connector, game, seed=3)
    mod = Mod(live, session, [], [])
    live.emulator.echo.append(lambda kind, text: mod.seen.append((kind, text)))
    session.notice_listeners.append(lambda kind, text: mod.page.append((kind, text)))
    return mod


@pytest.fixture
async def relaid() -> AsyncIterator[Mod]:
    mod = await mod_with(RELAY)
    yield mod
    await stop_live(mod.live)


async def test_a_piece_the_mods_script_moves_back_is_named_and_the_turn_is_not_counted(relaid: Mod) -> None:
    before = await relaid.live.connector.snapshot()
    plan = await relaid.session.bot_turn()
    assert plan is None, "a turn whose move was undone counted as played"
    said = (
        f"the mod's script (or a player) moved the Pikeman coin 'Pikeman (fr)' (guid {MOVED}) back after the bot "
        f"placed it: it lies at ({before[MOVED].position.x:.2f}, {before[MOVED].position.z:.2f}), the bot put it at"
    )
    chat = [text for kind, text in relaid.seen if kind == "chat"]
    assert any(line.startswith(f"Bot: {said}") for line in chat), chat
    assert chat[-1] == "Bot: set it right by hand, then press Bot turn again."
    assert relaid.seen[-3] == ("panel", relaid.session.last_failure)
    assert relaid.session.last_failure and relaid.session.last_failure.startswith(f"My moves were undone: {said}")
    assert any(kind == "error" and said in text for kind, text in relaid.page)
    record = relaid.session.played[-1]
    assert record["stopped"]["reason"].startswith(said) and relaid.session.last_after is None
    after = await relaid.live.connector.snapshot()
    assert after[MOVED].position == before[MOVED].position, "the script did not move it back: the test tests nothing"


async def test_a_piece_the_mod_locks_on_load_stops_the_turn_before_anything_moves() -> None:
    mod = await mod_with(LOCK)
    try:
        before = await mod.live.connector.snapshot()
        assert before[MOVED].locked
        plan = await mod.session.bot_turn()
        assert plan is not None and not plan.ok and plan.steps == []
        said = (
            f"the Pikeman coin 'Pikeman (fr)' (guid {MOVED}) is locked, by the mod's script or a player: the bot moves "
            "no locked piece; unlock it, then press Bot turn again"
        )
        assert plan.problems == [said]
        assert ("chat", f"Bot cannot move: {said}") in mod.seen
        assert ("panel", "Nothing moved: 1 problem(s) on the table (see chat)") in mod.seen
        after = await mod.live.connector.snapshot()
        assert [(o.guid, o.position) for o in after] == [(o.guid, o.position) for o in before]
        mod.live.emulator.require_world().get(MOVED).data["Locked"] = False  # the person unlocks it
        plan = await mod.session.bot_turn()
        assert plan is not None and plan.ok and plan.steps
    finally:
        await stop_live(mod.live)


async def test_a_mods_on_drop_handler_moves_a_players_piece_back_and_never_the_bots() -> None:
    mod = await mod_with(ON_DROP)
    try:
        before = await mod.live.connector.snapshot()
        plan = await mod.session.bot_turn()
        assert plan is not None and plan.ok, mod.session.last_failure
        after = await mod.live.connector.snapshot()
        assert after[MOVED].position != before[MOVED].position  # the bot's move stands
        read_table(after, mod.session.game.profile)  # and the table reads
        coin = next(o for o in after if o.name == "Custom_Token" and o in before.objects)  # laid by the mod, unmoved
        mod.live.emulator.player_action("White", {"do": "move", "guid": coin.guid, "x": coin.position.x + 3, "z": 0})
        await mod.live.emulator.settle()
        dropped = (await mod.live.connector.snapshot())[coin.guid]
        assert (dropped.position.x, dropped.position.z) == pytest.approx((coin.position.x, coin.position.z))
    finally:
        await stop_live(mod.live)


async def test_rupees_the_pax_pamir_mod_locks_are_named_before_wakhan_moves_and_her_turn_plays_once_unlocked() -> None:
    """Wakhan's turn pays rupees; the mod's script locked every rupee (Custom_Token 'Roupie') on load."""
    original, skin = reskinned(
        pax_table(state=before_her_draw(pax.POSITIONS[1])), PAX.BOARD_TAG, pax.warp(), pax.rename, seed=1
    )
    game = registry.load("paxpamir")
    game.use_profile(pax.profile_for(original, skin))
    raw = skin.save.to_dict()
    raw["LuaScript"] = LOCK
    live = await start_live(inject(SaveFile.from_dict(raw), game).save, timeout=60)
    try:
        session = Session(live.connector, game, seed=5)
        before = await live.connector.snapshot()
        plan = await session.bot_turn()
        assert plan is not None and not plan.ok and plan.problems
        for line in plan.problems:
            assert re.fullmatch(
                r"the rupee 'Roupie' \(guid \w{6}\) is locked, by the mod's script or a player: the bot moves no "
                r"locked piece; unlock it, then press Bot turn again",
                line,
            ), line
        after = await live.connector.snapshot()
        assert [(o.guid, o.position) for o in after] == [(o.guid, o.position) for o in before]
        for obj in before:
            if obj.locked and obj.name == "Custom_Token":
                live.emulator.require_world().get(obj.guid).data["Locked"] = False
        plan = await session.bot_turn()
        assert plan is not None and plan.ok and plan.steps, session.last_failure
    finally:
        await stop_live(live)
