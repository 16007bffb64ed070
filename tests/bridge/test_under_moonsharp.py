"""Issue 32 §1: names in Polish, Czech and Cyrillic, with an em dash, curly quotes and an emoji, through every path
between the table and the bridge, on the emulator answering as MoonSharp does (TTS's JSON module as Berserk-Games'
JSON.lua writes under MoonSharp: many non-ASCII characters as ``\\u003f``). Each arrives unchanged: a snapshot
(lean and whole), a batch's texts and a chat line, code the bridge executes, the White Castle and 51st State owner
data on their tables, the Heroes map editor, a joined mod's saved state. Numbers like 1/3 and 2^53 arrive exact.

Checked against the connector of the commit before issue 32 (cc8ba6f): these tests fail there (its replies went
through JSON.encode)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from bridge.commands import Say, SetText
from bridge.modbuild import build_save, connector_lua
from bridge.modjoin import inject, split_state
from bridge.modsource import Bundle
from bridge.table import SaveFile, Table
from engines import registry
from tests.conftest import start_live, stop_live
from tools.emulator.world import World

POLISH = "Zażółć gęślą jaźń — Łódź"
CZECH = "Příliš žluťoučký kůň úpěl ďábelské ódy, Čechy"
CYRILLIC = "Съешь же ещё этих мягких французских булок, Тверь"
MIXED = "“Ω” • 😀 — 🙂 \u2018x\u2019 、。"
NAMES = (POLISH, CZECH, CYRILLIC, MIXED)
ALL = " / ".join(NAMES)


def test_the_emulators_json_garbles_these_names_as_tts_does():
    """The premise: TTS's own JSON.encode, as the emulator now writes it, loses these characters, so a path that
    still used it would fail below (issue 32: "Łódź — a tooltip" reaches the bridge as "Łódź ? a tooltip")."""
    world = World(SaveFile.from_dict({"SaveName": "t", "LuaScript": "", "ObjectStates": []}), lambda m: None)
    world.global_env["names"] = ALL
    encoded = world.execute("-1", "return JSON.encode({s = names})", world.global_env)
    read = json.loads(encoded)["s"]
    assert read != ALL and "jaźń ? Łódź" in read and "?echy" in read and "?верь" in read


def texts(table: Table) -> dict[str, Any]:
    """Every text of every object, contents included, by GUID."""

    def of(obj: Any) -> tuple[Any, ...]:
        return (obj.nickname, obj.description, obj.gm_notes, obj.memo, obj.tags, tuple(of(c) for c in obj.contents))

    return {o.guid: of(o) for o in table.objects}


def named_object(guid: str, text: str, x: float) -> dict[str, Any]:
    return {
        "GUID": guid,
        "Name": "BlockSquare",
        "Nickname": text,
        "Description": f"{text} — a tooltip",
        "GMNotes": text[::-1],
        "Memo": text,
        "Tags": [text, "plain"],
        "Transform": {"posX": x, "posY": 1.0, "posZ": 2.0**53, "rotX": 0, "rotY": 90.0, "rotZ": 0},
    }


def plain_save() -> SaveFile:
    objects = [named_object(f"n{i}0000", text, 1 / 3 + i) for i, text in enumerate(NAMES)]
    bag = named_object("bag001", "Worek — мешок 😀", 0.1)
    bag.update(Name="Bag", ContainedObjects=[named_object(f"in{i}000", t, 0.0) for i, t in enumerate(NAMES)])
    objects.append(bag)
    return SaveFile.from_dict({"SaveName": "names", "LuaScript": connector_lua(), "ObjectStates": objects})


async def test_a_snapshot_a_batch_and_a_chat_line_carry_the_names_unchanged():
    save = plain_save()
    live = await start_live(save)
    try:
        expected = texts(Table.from_save(save))
        lean = await live.connector.snapshot(fresh=True)
        assert texts(lean) == expected
        assert texts(await live.connector.snapshot(full=True)) == expected
        first = lean.get("n00000")
        assert first is not None and first.position.x == 1 / 3 and first.position.z == 2.0**53  # exact numbers
        await live.connector.apply([SetText(guid="n10000", description=ALL, gm_notes=MIXED), Say(text=ALL)])
        after = await live.connector.snapshot()
        changed = after.get("n10000")
        assert changed is not None and (changed.description, changed.gm_notes) == (ALL, MIXED)
        assert any(text == ALL for text, _ in live.emulator.require_world().chat)
        assert await live.link.execute("return getObjectFromGUID('n30000').getName()") == MIXED  # executed code
    finally:
        await stop_live(live)


def owner_file(tmp_path: Path, sample: Path, change: Any) -> Path:
    data = json.loads(sample.read_text(encoding="utf-8"))
    data["dataset"]["kind"] = "owner"
    change(data)
    path = tmp_path / sample.name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def white_castle_texts(data: dict[str, Any]) -> None:
    """An owner's Polish transcription: each card's lower effect a 'manual' one with the names as its text."""
    for i, card in enumerate(data["cards"]):
        card["bottom"] = [{"op": "manual", "text": NAMES[i % len(NAMES)]}]


def fiftyfirst_names(data: dict[str, Any]) -> None:
    for i, card in enumerate(data["cards"]):
        card["name"] = f"{NAMES[i % len(NAMES)]} #{i}"


@pytest.mark.parametrize(
    ("game_name", "sample", "change"),
    [
        ("whitecastle", "engines/whitecastle/data/sample_deck.json", white_castle_texts),
        ("fiftyfirst", "engines/fiftyfirst/data/sample_locations.json", fiftyfirst_names),
    ],
)
async def test_owner_data_with_these_names_reads_back_unchanged(tmp_path: Path, game_name: str, sample: str, change):
    game = registry.load(game_name)
    game.use_data(owner_file(tmp_path, Path(sample), change), allow_sample=False)
    save = build_save(game)
    expected = texts(Table.from_save(save))
    assert any(name in json.dumps(expected, ensure_ascii=False) for name in NAMES)  # the names are on the table
    live = await start_live(save, timeout=30)
    try:
        assert texts(await live.connector.snapshot()) == expected
        assert texts(await live.connector.snapshot(full=True)) == expected
    finally:
        await stop_live(live)


async def test_the_heroes_map_editor_sends_the_names_as_typed():
    """Region names as an owner types them; 'map north 22,5' is 22.5 degrees (a Polish keyboard's decimal comma;
    MoonSharp's tonumber would read 225), and '0x10' is refused in red, naming it."""
    game = registry.load("holas")
    game.use_data(None, allow_sample=True)
    live = await start_live(build_save(game), timeout=30)
    try:
        emulator = live.emulator
        chat = emulator.require_world().chat
        ids = ["Čechy", "Москва—Тверь", "Łódź😀"]
        for region in ids:
            emulator.chat(f"map new {region} land mountain continent=Ω")
        emulator.chat(f"map link {ids[0]} {ids[1]} ferry „most”")
        emulator.chat("map north 0x10")
        assert any("'map north 0x10'" in text and "number of degrees" in text for text, _ in chat)
        emulator.chat("map north 22,5")
        emulator.chat("map send")
        while (event := await live.connector.events.get()).name != "map":
            pass
        drawing = json.loads(event.fields["drawing"])
        assert [r["id"] for r in drawing["regions"]] == ids
        assert drawing["regions"][0]["words"] == ["land", "mountain", "continent=Ω"]
        assert drawing["links"] == [{"a": ids[0], "b": ids[1], "words": ["ferry", "„most”"]}]
        assert drawing["north"] == 22.5
        emulator.chat("map north 0,3")  # read in one division: exactly 0.3, not 0.30000000000000004
        emulator.chat("map send")
        while (event := await live.connector.events.get()).name != "map":
            pass
        assert json.loads(event.fields["drawing"])["north"] == 0.3
    finally:
        await stop_live(live)


MOD_SCRIPT = """
notes = ""
function onLoad(state) notes = state end
function onSave() return notes end
"""


def test_a_joined_mods_saved_state_survives_save_and_load_unchanged():
    """The mod's state, non-ASCII and long (JSON.decode under MoonSharp is quadratic in a string's length), comes
    back to its onLoad exactly as its onSave wrote it, through two saves and loads; the bot's settings beside it."""
    state = json.dumps({"who": ALL, "pad": "x" * 200_000}, ensure_ascii=False) + "\n" + ALL
    mod = SaveFile.from_dict({"SaveName": "mod", "LuaScript": MOD_SCRIPT, "LuaScriptState": state, "ObjectStates": []})
    save = inject(mod, registry.load("demo")).save
    settings, theirs = split_state(str(save.to_dict()["LuaScriptState"]))
    assert (settings, theirs) == ({"game": "demo", "difficulty": "normal"}, state)
    for _ in range(2):
        world = World(copy.deepcopy(save), lambda m: None)
        world.run_until_idle(1000)
        assert world.execute("-1", "return notes", world.global_env) == state
        assert world.execute("-1", "return automa.settings.game", world.global_env) == "demo"
        save = world.to_save()
        assert split_state(str(save.to_dict()["LuaScriptState"]))[1] == state


def test_a_joined_save_from_before_issue_32_still_loads():
    """Saves joined earlier hold one JSON object {tabletop_automa = settings, mod_state = the mod's}."""
    old = json.dumps({"tabletop_automa": {"game": "demo", "difficulty": "hard"}, "mod_state": "kept"})
    mod = SaveFile.from_dict({"SaveName": "mod", "LuaScript": MOD_SCRIPT, "ObjectStates": []})
    raw = inject(mod, registry.load("demo")).save.to_dict()
    raw["LuaScriptState"] = old
    world = World(SaveFile.from_dict(raw), lambda m: None)
    world.run_until_idle(1000)
    assert world.execute("-1", "return notes", world.global_env) == "kept"
    assert world.execute("-1", "return automa.settings.difficulty", world.global_env) == "hard"


def test_an_error_re_raised_with_level_0_is_explained_at_the_line_that_failed():
    """MoonSharp 2.0.0.0 gives error(msg, 0) the position of the error call all the same (the dialect's
    error-levels probe), so a message may carry the connector's position before the one that failed: the last
    position counts."""
    bundle = Bundle(root=None)
    bundle.add("local a = 1\nlocal b = nil + 1", "holas/global.lua")
    bundle.add("if failed then error(failed, 0) end", "connector/connector.lua")
    message = "chunk_0:(3,15-30): chunk_0:(2,10-17): attempt to perform arithmetic on a nil value"
    assert bundle.explain(message).startswith("holas/global.lua:2: chunk_0:(3,")
    assert bundle.explain("chunk_0:(3,15-30): boom").startswith("connector/connector.lua:1: ")


LONGEST_DECODE = 64  # characters: README, "Lua under MoonSharp"


@pytest.mark.parametrize("name", sorted(registry.BUILT_IN))
def test_the_longest_text_our_lua_gives_tts_json_decode_is_short(name: str):
    """TTS's JSON.decode is quadratic in a string's length (100 KB: 8 s), so our Lua hands it only the saved
    settings: measured over each game's load, save and load again, and a joined mod's with a 200 KB state."""
    game = registry.load(name)
    if game.data is not None:
        game.use_data(None, allow_sample=True)
    save = build_save(game)
    mod = SaveFile.from_dict({"SaveName": "m", "LuaScript": MOD_SCRIPT, "LuaScriptState": "x" * 200_000})
    for table in (save, inject(mod, game).save):
        world = World(table, lambda m: None)
        world.run_until_idle(1000)
        again = World(world.to_save(), lambda m: None)
        again.run_until_idle(1000)
        assert 0 < max(world.lua.largest_decode, again.lua.largest_decode) <= LONGEST_DECODE
