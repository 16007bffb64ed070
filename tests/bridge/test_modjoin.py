"""``automa mod inject`` (issue 17 §3): the connector and panel joined to a mod nobody here wrote, or one written
to try every hook, run in the emulator: the mod's scripts still run, its state survives a save and a load, and the
bridge's snapshot and a batch of moves work on it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bridge.commands import Move, Position, Say
from bridge.modjoin import InjectError, inject, inject_file, place_panel, split_script, split_state, split_ui
from bridge.modsource import ModSource
from bridge.protocol import GLOBAL_GUID
from bridge.table import SaveFile
from engines import registry
from tests.conftest import real_save, start_live, stop_live
from tools.emulator.world import World

OWN_SCRIPT = """
loads = 0
heard = {}
function onLoad(state)
  if state ~= nil and state ~= "" then loads = JSON.decode(state).loads end
  loads = loads + 1
end
function onSave() return JSON.encode({loads = loads}) end
function onChat(message, sender)
  if string.find(message, "secret") then return false end
end
function onExternalMessage(data) heard[#heard + 1] = data.mine end
"""
OWN_UI = '<Panel id="mine" width="300" height="200" rectAlignment="UpperRight" offsetXY="0 0"><Text>M</Text></Panel>'
BLOCK_SCRIPT = (
    "count = 0\nfunction onLoad(s) count = (tonumber(s) or 0) + 1 end\nfunction onSave() return tostring(count) end"
)


def own_mod() -> SaveFile:
    """A mod written to try every hook the connector touches: Global onLoad/onSave/onChat/onExternalMessage,
    an XML panel where ours would go, an object with its own script and state."""
    return SaveFile.from_dict(
        {
            "SaveName": "own mod",
            "LuaScript": OWN_SCRIPT,
            "LuaScriptState": json.dumps({"loads": 4}),
            "XmlUI": OWN_UI,
            "ObjectStates": [
                {"GUID": "blk001", "Name": "BlockSquare", "LuaScript": BLOCK_SCRIPT, "LuaScriptState": "7"},
            ],
        }
    )


def loaded(save: SaveFile) -> tuple[World, list[dict[str, Any]]]:
    sent: list[dict[str, Any]] = []
    world = World(save, sent.append)
    world.run_until_idle(10_000)
    return world, sent


def errors(sent: list[dict[str, Any]]) -> list[str]:
    return [m["error"] for m in sent if m["messageID"] == 3]


def run(world: World, lua: str) -> Any:
    return world.execute(GLOBAL_GUID, lua, world.global_env)


@pytest.mark.parametrize("name", ["coinche-cardgame.json", "stardust-sample.json"])
def test_a_real_mods_scripts_ui_and_state_keep_working_once_joined(name: str):
    original = SaveFile.load(real_save(name))
    joined = inject(original, None).save
    before, _ = loaded(original)
    after, sent = loaded(joined)
    assert errors(sent) == []
    assert any(m.get("customMessage", {}).get("automa_event") == "hello" for m in sent if m["messageID"] == 4)
    assert split_script(after.global_script) == before.global_script.rstrip("\n")
    for element in before.global_ui.tree.iter():  # the mod's own UI, every element still there
        if element.get("id"):
            assert after.global_ui.find(element.get("id")) is not None
    assert after.global_ui.find("automa_bot_turn") is not None
    if name.startswith("coinche"):
        assert run(after, "return MasterDeckGuid") == run(before, "return MasterDeckGuid") == "91a70f"
    settings, theirs = split_state(after.to_save().to_dict()["LuaScriptState"])
    assert settings == {"game": "", "difficulty": ""}
    assert theirs == before.to_save().to_dict()["LuaScriptState"]
    assert [o.guid for o in after.objects.values()] == [o.guid for o in before.objects.values()]


def test_a_mods_own_state_survives_a_save_and_a_load_beside_the_bots_settings():
    joined = inject(own_mod(), registry.load("demo")).save
    first, sent = loaded(joined)
    assert errors(sent) == []
    assert run(first, "return loads") == 5  # its onLoad got its own state (4), not the bot's
    assert run(first, "return getObjectFromGUID('blk001').getVar('count')") == 8
    saved = first.to_save()
    settings, theirs = split_state(saved.to_dict()["LuaScriptState"])
    assert json.loads(theirs) == {"loads": 5}
    assert settings == {"game": "demo", "difficulty": "normal"}
    second, sent = loaded(saved)
    assert errors(sent) == [] and run(second, "return loads") == 6
    assert run(second, "return {automa.settings.game, automa.settings.difficulty}") == ["demo", "normal"]


def test_handlers_both_define_both_run_and_a_false_from_either_keeps_a_line_out():
    """Heroes' map editor has its own onChat: the mod's runs first, then the editor's."""
    joined = inject(own_mod(), registry.load("holas")).save
    world, sent = loaded(joined)
    assert errors(sent) == []
    on_chat = world.global_env["onChat"]
    white = world.api.player("White")
    assert world.lua.call(on_chat, "a secret plan", white) is False  # the mod hid it
    assert world.lua.call(on_chat, "map help", white) is False  # the map editor took it
    assert world.lua.call(on_chat, "hello", white) is None  # shown
    assert any("map" in text for text, _ in world.chat)


def test_the_mods_own_external_messages_still_reach_it():
    world, _ = loaded(inject(own_mod(), None).save)
    world.external_message({"mine": "yes"})
    assert run(world, "return heard") == ["yes"]


async def test_the_bridge_reads_and_moves_a_joined_real_mod_over_the_wire():
    joined = inject(SaveFile.load(real_save("coinche-cardgame.json")), registry.load("demo")).save
    live = await start_live(joined)
    try:
        assert (await live.connector.ping())["game"] == "demo"
        table = await live.connector.snapshot()
        deck = table["91a70f"]
        assert deck.nickname == "BelotteDeck" and len(deck.contents) == 32
        result = await live.connector.apply(
            [Move(guid="91a70f", position=Position(x=3, y=1, z=-2)), Say(text="joined", color="White")]
        )
        assert result.applied == 2
        assert (await live.connector.snapshot())["91a70f"].position == pytest.approx((3, 1, -2))
        world = live.emulator.require_world()
        assert run(world, "return MasterDeckGuid") == "91a70f"
    finally:
        await stop_live(live)


def test_the_panel_goes_where_it_covers_none_of_the_mods_own_ui():
    panel = ModSource().panel_xml(None)
    placed, note = place_panel(panel, OWN_UI)
    assert 'rectAlignment="UpperLeft"' in placed and "UpperLeft" in note
    alone, _ = place_panel(panel, "")
    assert 'rectAlignment="UpperRight"' in alone
    crowded = "".join(f'<Panel width="1920" height="1080" rectAlignment="{a}"/>' for a in ("MiddleCenter",))
    stays, warning = place_panel(panel, crowded)
    assert stays == panel and "drag it aside" in warning
    ui = inject(own_mod(), None).save.to_dict()["XmlUI"]
    assert split_ui(ui) == OWN_UI


def test_inject_writes_a_copy_and_refuses_what_it_cannot_do(tmp_path: Path):
    source = tmp_path / "mod.json"
    own_mod().dump(source)
    target, notes = inject_file(source, None, registry.load("demo"))
    assert target == tmp_path / "mod_automa.json" and json.loads(source.read_text())["LuaScript"] == OWN_SCRIPT
    assert any("panel at UpperLeft" in n for n in notes)
    with pytest.raises(InjectError, match=r"mod_automa\.json: the connector is already joined"):
        inject_file(target, tmp_path / "again.json", None)
    with pytest.raises(InjectError, match="will not overwrite the mod's own save"):
        inject_file(source, source, None)
    (tmp_path / "bad.json").write_text("{ not json", encoding="utf-8")
    with pytest.raises(InjectError, match=r"bad\.json: cannot read the save"):
        inject_file(tmp_path / "bad.json", None, None)
