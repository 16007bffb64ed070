"""The emulated TTS Lua API, run through real Lua 5.2 (lupa), one World in-process."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from bridge.protocol.messages import ScriptState
from bridge.table import SaveFile
from tests.conftest import D6
from tools.emulator.luahost import ScriptError
from tools.emulator.moonsharp.source import rewrite
from tools.emulator.world import World


def card(guid: str, card_id: int) -> dict[str, Any]:
    return {"GUID": guid, "Name": "Card", "CardID": card_id, "Nickname": f"card {guid}"}


def world_with(objects: list[dict[str, Any]], script: str = "", seed: int = 0) -> tuple[World, list[dict[str, Any]]]:
    sent: list[dict[str, Any]] = []
    save = SaveFile.from_dict({"SaveName": "t", "LuaScript": script, "ObjectStates": objects})
    return World(save, sent.append, seed=seed), sent


def run(world: World, lua: str) -> Any:
    return world.execute("-1", lua, world.global_env)


def test_sandbox_has_no_io_require_or_os_execute():
    world, _ = world_with([])
    assert run(world, "return type(io) .. type(require) .. type(dofile) .. type(os.execute)") == "nilnilnilnil"
    assert run(world, "return type(os.time) .. type(os.clock) .. type(bit32) .. type(_MOONSHARP)") == (
        "functionfunctiontabletable"
    )


def test_no_python_global_and_none_of_the_emulators_own_handles_are_visible_to_a_mod():
    """Issue 17: "no `python` global is visible to a mod's scripts"; the emulator's handles (the instruction meter
    among them) are not TTS globals and must not be reachable either."""
    world, _ = world_with([])
    assert run(world, "return type(python)") == "nil"
    assert (
        run(world, "local n = 0 for k in pairs(_G) do if tostring(k):find('automa') then n = n + 1 end end return n")
        == 0
    )
    world.run_until_idle()
    assert run(world, "return Time.time") == 0


def test_python_attributes_are_unreachable():
    world, _ = world_with([])
    world.global_env["python_function"] = len  # no API value is a raw Python object; this one stands in for one
    with pytest.raises(ScriptError, match="not allowed"):
        run(world, "return python_function.__globals__")


def test_moonsharp_lambdas_run_and_bars_in_strings_and_comments_are_left_alone():
    """MoonSharp's parser takes `|x| expr` (the dialect's lambda probe): rewritten before compiling, row for row."""
    world, _ = world_with([])
    assert run(world, "local s = '|not this|' -- nor | this\nlocal f = |x, y| x + y * 2\nreturn s .. f(1, 2)") == (
        "|not this|5"
    )
    assert rewrite("a = [[ | ]] --[==[ | ]==] b = 1") == "a = [[ | ]] --[==[ | ]==] b = 1"
    assert rewrite("f = |x| |y| x % y\ng = 1") == (
        "f = function(x) return  function(y) return  (__moonsharp_mod(x , y)) end end\ng = 1"
    )


def test_syntax_error_has_tts_position_with_columns_of_the_token():
    # Lua reports no column: the emulator points at the first occurrence of the token named on that row.
    _world, sent = world_with([], "local a = 1\nlocal t = {1 deck}")
    assert sent[0]["messageID"] == 3
    assert sent[0]["error"] == "chunk_0:(2,13-17): '}' expected near 'deck'"
    assert sent[0]["errorMessagePrefix"] == "Error in Global Script: "


def test_runtime_error_in_on_load_goes_out_as_message_3():
    _world, sent = world_with([], "function onLoad()\n  local x = nil\n  x.y = 1\nend")
    errors = [m for m in sent if m["messageID"] == 3]
    assert len(errors) == 1
    assert errors[0]["error"] == "chunk_0:(3,2-9): attempt to index a nil value"  # MoonSharp names no variable


def test_each_object_script_has_its_own_globals_and_self():
    objs = [
        {"GUID": "aaaaaa", "Name": "BlockSquare", "Nickname": "A", "LuaScript": "who = self.getName()"},
        {"GUID": "bbbbbb", "Name": "BlockSquare", "Nickname": "B", "LuaScript": "who = self.getName()"},
    ]
    world, _ = world_with(objs, "who = 'global'")
    assert run(world, "return who") == "global"
    assert (
        run(
            world,
            "return getObjectFromGUID('aaaaaa').getVar('who') .. getObjectFromGUID('bbbbbb').getVar('who')",
        )
        == "AB"
    )


def test_a_handler_set_through_g_belongs_to_its_own_script():
    """MoonSharp: a script's _G is its own globals (the dialect's env probe); before issue 32, `_G.onLoad = f` in
    an object's script ran for Global and every object, and Global's own onLoad never did."""
    objs = [{"GUID": "aaaaaa", "Name": "BlockSquare", "LuaScript": "_G.onLoad = function() ran = 'object' end"}]
    world, _ = world_with(objs, "ran = nil\nfunction onLoad() ran = 'global' end")
    assert run(world, "return ran") == "global"
    assert run(world, "return getObjectFromGUID('aaaaaa').getVar('ran')") == "object"
    assert run(world, "return _G == _ENV and rawget(_G, 'onLoad') ~= nil") is True


def test_a_gc_metamethod_never_runs_even_at_a_reload():
    """MoonSharp never runs __gc (mm-weak-table); a __gc that printed crashed the emulator at a Save & Play reload."""
    script = "function onLoad() setmetatable({}, {__gc = function() print('collected') end}) collectgarbage() end"
    world, sent = world_with([], script)
    for _ in range(3):
        world.apply_script_states([ScriptState(name="Global", guid="-1", script=script)])
    gc.collect()
    assert not any(m.get("message") == "collected" for m in sent)
    assert run(world, "return getmetatable(setmetatable({}, {__gc = print})).__gc == print") is True


def test_dot_and_colon_calls_both_work():
    world, _ = world_with([{"GUID": "aaaaaa", "Name": "BlockSquare", "Nickname": "A"}])
    assert run(world, "local o = getObjectFromGUID('aaaaaa') return o.getName() .. o:getName()") == "AA"


def test_objects_compare_equal_by_identity():
    world, _ = world_with([{"GUID": "aaaaaa", "Name": "BlockSquare"}])
    assert run(world, "return getObjectFromGUID('aaaaaa') == getObjects()[1]") is True
    assert run(world, "return getObjectFromGUID('nope') == nil") is True


def test_json_round_trip_and_objects_refused():
    world, _ = world_with([{"GUID": "aaaaaa", "Name": "BlockSquare"}])
    assert run(world, 'return JSON.encode(JSON.decode(\'{"b":true,"a":[1,2.5,"x\\\\n"]}\'))') == (
        '{"a":[1,2.5,"x\\n"],"b":true}'  # JSON.lua sorts an object's keys
    )
    assert run(world, "return JSON.encode({})") == "[]"
    with pytest.raises(ScriptError, match=r"can't convert userdata to JSON \(an Object: send its GUID"):
        run(world, "return JSON.encode({o = getObjectFromGUID('aaaaaa')})")


def test_vectors_have_xyz_and_indices():
    world, _ = world_with([{"GUID": "aaaaaa", "Name": "BlockSquare", "Transform": {"posX": 1, "posY": 2, "posZ": 3}}])
    assert run(world, "local p = getObjectFromGUID('aaaaaa').getPosition() return p.x + p[2] * 10 + p.z * 100") == 321


def test_smooth_move_is_not_resting_until_it_arrives():
    world, _ = world_with([{"GUID": "aaaaaa", "Name": "BlockSquare"}])
    run(world, "getObjectFromGUID('aaaaaa').setPositionSmooth({5, 1, 0})")
    assert run(world, "return getObjectFromGUID('aaaaaa').resting") is False
    world.step()
    x = run(world, "return getObjectFromGUID('aaaaaa').getPosition().x")
    assert 0 < x < 5
    world.run_until_idle()
    assert run(world, "return getObjectFromGUID('aaaaaa').resting") is True
    assert run(world, "return getObjectFromGUID('aaaaaa').getPosition().x") == 5


def test_wait_frames_time_condition_and_stop():
    world, _ = world_with([], "log_ = {}\nfunction note(s) log_[#log_ + 1] = s end")
    run(
        world,
        """
        Wait.frames(function() note('f2') end, 2)
        Wait.time(function() note('t') end, 0.05)
        local id = Wait.frames(function() note('never') end, 1)
        Wait.stop(id)
        local n = 0
        Wait.condition(function() note('cond') end, function() n = n + 1 return n >= 4 end)
        Wait.condition(function() note('x') end, function() return false end, 0.1, function() note('timeout') end)
    """,
    )
    world.run_until_idle()
    assert run(world, "return table.concat(log_, ',')") == "f2,t,cond,timeout"


def test_bag_contents_take_by_guid_and_spawn_callback():
    bag = {
        "GUID": "bag000",
        "Name": "Bag",
        "Transform": {"posX": 0, "posY": 1, "posZ": 0},
        "ContainedObjects": [
            {"GUID": "c00001", "Name": "Chip_10", "Nickname": "one", "Tags": ["t"]},
            {"GUID": "c00002", "Name": "Chip_10", "Nickname": "two"},
        ],
    }
    world, sent = world_with([bag], "taken = nil")
    entries = run(world, "return getObjectFromGUID('bag000').getObjects()")
    # an empty Lua table comes back as {} (Lua cannot tell an empty list from an empty map)
    assert [(e["guid"], e["name"], e["index"], e["tags"] or []) for e in entries] == [
        ("c00001", "one", 0, ["t"]),
        ("c00002", "two", 1, []),
    ]
    run(
        world,
        """local o = getObjectFromGUID('bag000').takeObject({guid = 'c00002', position = {3, 1, 0},
                  callback_function = function(obj) taken = obj.getName() end})
                  assert(o.spawning)""",
    )
    world.run_until_idle()
    assert run(world, "return taken") == "two"
    assert run(world, "return getObjectFromGUID('bag000').getQuantity()") == 1
    assert run(world, "return getObjectFromGUID('c00002').getPosition().x") == 3
    assert {"messageID": 7, "guid": "c00002"} in sent


def test_taking_the_second_to_last_card_collapses_the_deck():
    deck = {
        "GUID": "deck00",
        "Name": "Deck",
        "DeckIDs": [100, 101],
        "Transform": {"posX": 1, "posY": 1, "posZ": 1, "rotZ": 180},
        "ContainedObjects": [card("a00001", 100), card("a00002", 101)],
    }
    world, _ = world_with([deck], "deck = getObjectFromGUID('deck00')")
    run(world, "deck.takeObject({position = {5, 1, 5}})")
    world.run_until_idle()
    assert run(world, "return getObjectFromGUID('deck00') == nil") is True
    assert run(world, "return deck.remainder.getGUID()") == "a00002"
    assert run(world, "return getObjectFromGUID('a00002').is_face_down") is True


def test_put_object_into_deck_goes_to_the_bottom_from_the_table_and_top_from_above():
    deck = {
        "GUID": "deck00",
        "Name": "Deck",
        "DeckIDs": [100, 101],
        "Transform": {"posY": 1},
        "ContainedObjects": [card("a00001", 100), card("a00002", 101)],
    }
    low = {**card("a00003", 102), "Transform": {"posY": 1}}
    high = {**card("a00004", 103), "Transform": {"posY": 4}}
    world, _ = world_with([deck, low, high])
    run(
        world,
        "local d = getObjectFromGUID('deck00') d.putObject(getObjectFromGUID('a00003')) "
        "d.putObject(getObjectFromGUID('a00004'))",
    )
    order = run(
        world,
        "local t = {} for _, e in ipairs(getObjectFromGUID('deck00').getObjects()) do t[#t+1] = e.guid end return t",
    )
    assert order == ["a00004", "a00001", "a00002", "a00003"]
    assert world.objects["deck00"].data["DeckIDs"] == [103, 100, 101, 102]


def test_two_cards_form_a_new_deck():
    a = {**card("a00001", 100), "Transform": {"posY": 1}}
    b = {**card("a00002", 101), "Transform": {"posY": 2}}
    world, _ = world_with([a, b])
    guid = run(world, "return getObjectFromGUID('a00001').putObject(getObjectFromGUID('a00002')).getGUID()")
    assert world.objects[guid].type == "Deck"
    assert world.objects[guid].data["DeckIDs"] == [101, 100]


def test_a_deck_put_into_a_deck_or_onto_a_card_brings_its_cards_not_itself():
    """A deck put into a deck merges into it (§5: putObject returns the container), on top from above; a deck put
    onto a card forms a new deck of all their cards (the deck's above the card)."""
    low = {"GUID": "deck01", "Name": "Deck", "DeckIDs": [100], "Transform": {"posY": 1}}
    low["ContainedObjects"] = [card("a00001", 100)]
    high = {"GUID": "deck02", "Name": "Deck", "DeckIDs": [101, 102], "Transform": {"posY": 4}}
    high["ContainedObjects"] = [card("a00002", 101), card("a00003", 102)]
    world, _ = world_with([low, high, {**card("a00004", 103), "Transform": {"posY": 1}}])
    run(world, "getObjectFromGUID('deck01').putObject(getObjectFromGUID('deck02'))")
    assert world.objects["deck01"].data["DeckIDs"] == [101, 102, 100]
    assert [c["GUID"] for c in world.objects["deck01"].contents()] == ["a00002", "a00003", "a00001"]
    guid = run(world, "return getObjectFromGUID('a00004').putObject(getObjectFromGUID('deck01')).getGUID()")
    assert world.objects[guid].data["DeckIDs"] == [101, 102, 100, 103]


def test_shuffle_is_seeded():
    contents = [{"GUID": f"c0000{i}", "Name": "Chip_10"} for i in range(8)]
    orders = []
    for _ in range(2):
        world, _ = world_with(
            [{"GUID": "bag000", "Name": "Bag", "ContainedObjects": [dict(c) for c in contents]}], seed=7
        )
        run(world, "getObjectFromGUID('bag000').shuffle()")
        orders.append([d["GUID"] for d in world.objects["bag000"].contents()])
    assert orders[0] == orders[1]
    assert orders[0] != [c["GUID"] for c in contents]


def test_dice_values_set_and_read():
    world, _ = world_with([{"GUID": "d6d6d6", "Name": "Die_6", "RotationValues": D6}])
    run(world, "getObjectFromGUID('d6d6d6').setValue(5)")
    world.run_until_idle()
    assert run(world, "return getObjectFromGUID('d6d6d6').getValue()") == 5
    with pytest.raises(ScriptError, match="no face 7"):
        run(world, "getObjectFromGUID('d6d6d6').setValue(7)")
    run(world, "getObjectFromGUID('d6d6d6').roll()")
    world.run_until_idle()
    assert run(world, "return getObjectFromGUID('d6d6d6').getValue()") in range(1, 7)


def test_set_state_swaps_objects_and_keeps_the_place():
    obj = {
        "GUID": "s00001",
        "Name": "BlockSquare",
        "Nickname": "front",
        "Transform": {"posX": 4},
        "States": {"2": {"GUID": "s00002", "Name": "BlockSquare", "Nickname": "back"}},
    }
    world, _ = world_with([obj])
    assert run(world, "return getObjectFromGUID('s00001').getStateId()") == 1
    guid = run(world, "return getObjectFromGUID('s00001').setState(2).getGUID()")
    assert guid == "s00002"
    assert (
        run(
            world,
            "local o = getObjectFromGUID('s00002') return o.getName() .. o.getStateId() .. o.getPosition().x",
        )
        == "back24"
    )
    assert run(world, "return getObjectFromGUID('s00002').setState(1).getName()") == "front"


def test_tags_and_tagged_lookup_are_case_insensitive():
    world, _ = world_with(
        [
            {"GUID": "aaaaaa", "Name": "BlockSquare", "Tags": ["Red"]},
            {"GUID": "bbbbbb", "Name": "BlockSquare", "Tags": ["blue"]},
        ]
    )
    assert len(run(world, "return getObjectsWithTag('red')")) == 1
    assert len(run(world, "return getObjectsWithAnyTags({'RED', 'Blue'})")) == 2
    run(world, "local o = getObjectFromGUID('bbbbbb') o.addTag('x') o.removeTag('BLUE')")
    assert world.objects["bbbbbb"].data["Tags"] == ["x"]


def test_zone_get_objects_returns_live_objects_inside():
    zone = {
        "GUID": "zone00",
        "Name": "ScriptingTrigger",
        "Transform": {"scaleX": 4, "scaleY": 4, "scaleZ": 4},
    }
    world, _ = world_with(
        [
            zone,
            {"GUID": "aaaaaa", "Name": "BlockSquare", "Transform": {"posX": 1}},
            {"GUID": "bbbbbb", "Name": "BlockSquare", "Transform": {"posX": 9}},
        ]
    )
    assert run(
        world,
        "local t = {} for _, o in ipairs(getObjectFromGUID('zone00').getObjects()) do "
        "t[#t+1] = o.getGUID() end return t",
    ) == ["aaaaaa"]


def test_print_goes_to_the_editor_and_chat():
    world, sent = world_with([])
    run(world, "print('hello', 2, nil, true, 1/3) printToAll('all', {1, 0, 0})")
    assert {"messageID": 2, "message": "hello\t2\tnil\ttrue\t0.333333333333333"} in sent  # MoonSharp's print
    assert ("all", [1, 0, 0]) in world.chat


def test_ui_attributes_change_the_live_tree_not_the_source():
    xml = '<Text id="status">old</Text><Button id="b" onClick="go">Go</Button>'
    world, _ = world_with([], "")
    world.global_ui.set_xml(xml)
    run(world, "UI.setAttribute('status', 'text', 'new') UI.setAttribute('b', 'color', 'red')")
    assert world.global_ui.text_of("status") == "new"
    assert run(world, "return UI.getAttribute('b', 'color')") == "red"
    assert world.global_ui.xml == xml


def test_calling_a_destroyed_object_is_a_lua_error_at_the_calling_line():
    world, _ = world_with([{"GUID": "aaaaaa", "Name": "BlockSquare"}])
    with pytest.raises(ScriptError, match=r"\(3,\d+-\d+\): object aaaaaa does not exist"):
        run(world, "local o = getObjectFromGUID('aaaaaa')\no.destruct()\no.getName()")


def test_on_save_state_is_written_to_the_save_and_given_to_on_load():
    script = (
        "n = 0\nfunction onLoad(s) if s ~= '' then n = JSON.decode(s).n end end\n"
        "function onSave() return JSON.encode({n = n}) end"
    )
    world, _ = world_with([], script)
    run(world, "n = 41 + 1")
    save = world.to_save()
    assert save.LuaScriptState == '{"n":42}'
    again = World(save, lambda m: None)
    assert again.execute("-1", "return n", again.global_env) == 42


def test_events_reach_every_script_that_handles_them():
    bag = {"GUID": "bag000", "Name": "Bag", "ContainedObjects": []}
    watcher = {
        "GUID": "aaaaaa",
        "Name": "BlockSquare",
        "LuaScript": "seen = 0\nfunction onObjectEnterContainer(c, o) seen = seen + 1 end",
    }
    world, _ = world_with(
        [bag, watcher, {"GUID": "bbbbbb", "Name": "Chip_10"}],
        "seen = 0\nfunction onObjectEnterContainer(c, o) seen = seen + 10 end",
    )
    run(world, "getObjectFromGUID('bag000').putObject(getObjectFromGUID('bbbbbb'))")
    assert run(world, "return seen + getObjectFromGUID('aaaaaa').getVar('seen')") == 11


def test_an_object_put_away_and_taken_out_again_is_alive_and_moving():
    bag = {"GUID": "bag000", "Name": "Bag", "ContainedObjects": []}
    world, _ = world_with([bag, {"GUID": "aaaaaa", "Name": "Chip_10"}], "chip = getObjectFromGUID('aaaaaa')")
    run(world, "getObjectFromGUID('bag000').putObject(chip)")
    assert run(world, "return chip.isDestroyed()") is True
    run(world, "getObjectFromGUID('bag000').takeObject({guid = 'aaaaaa', position = {4, 1, 0}})")
    world.step()
    world.step()
    world.step()
    assert run(world, "return chip.isDestroyed() or chip.resting") is False  # the same GUID, alive, still moving
    world.run_until_idle()
    assert run(world, "return chip.resting and chip.getPosition().x") == 4


# --- TTS's Lua dialect (MoonSharp) and JSON module, as real mods use them (issue 17) --------------------------


def test_not_equal_may_be_written_with_an_exclamation_mark_outside_strings_and_comments():
    """MoonSharp's lexer takes ``!=`` for ``~=``; a string or comment holding "!=" keeps it."""
    world, _ = world_with([])
    assert run(world, "local a = 1 -- a != b\nif a != 2 then return 'differs' .. ' != ' end") == "differs != "
    assert run(world, "return [[x != y]] .. tostring(3 != 3)") == "x != yfalse"


def test_an_error_after_an_exclamation_not_equal_keeps_the_mods_own_position():
    world, _ = world_with([])
    with pytest.raises(ScriptError, match=r"\(2,"):
        world.execute("-1", "local a = 1 != 2\nlocal b = nil + 1", world.global_env)


def test_unpack_and_pack_are_globals_as_in_moonsharp():
    world, _ = world_with([])
    assert (
        run(world, "local t = pack(4, 5, 6) return t.n * 100 + select('#', unpack({7, 8})) * 10 + unpack({7, 8})")
        == 327
    )


def test_json_writes_a_table_keyed_by_numbers_as_an_array_with_null_holes():
    """TTS's JSON module writes a table whose keys are all numbers as an array, null in the holes; a table with
    any other key is an object; JSON.decode('') gives nil."""
    world, _ = world_with([])
    assert run(world, 'return JSON.encode({[2] = "a", [3] = "b"})') == '[null,"a","b"]'
    assert run(world, "return JSON.encode({1, 2, 3})") == "[1,2,3]"
    assert run(world, 'return JSON.encode({[2] = "a", x = 1})') == '{"2":"a","x":1}'
    assert run(world, "return JSON.decode('') == nil") is True
    assert run(world, "return JSON.encode({[5] = 1})") == "[null,null,null,null,1]"  # no limit in JSON.lua


def vec(world: World, lua: str) -> tuple[float, float, float]:
    return tuple(
        round(c, 2)
        for c in (
            run(world, f"local v = {lua} return v.x"),
            run(world, f"local v = {lua} return v.y"),
            run(world, f"local v = {lua} return v.z"),
        )
    )  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("lua", "expected"),
    [  # each row an example of the API reference's Vector page (docs/vector.md), with its printed result
        ("Vector.between(Vector(1, 2, 3), Vector(4, 3, 2))", (3, 1, -1)),
        ("Vector.min(Vector(1, 2, 3), Vector(4, 3, 2))", (1, 2, 2)),
        ("Vector.max(Vector.new(1, 2, 3), Vector(4, 3, 2))", (4, 3, 3)),
        ("Vector.lerp(Vector(1, 2, -4), Vector(1, 2, 4), 0.25)", (1, 2, -2)),
        ("Vector.cross(Vector(1, 2, 3), Vector(4, 3, 2))", (-5, 10, -5)),
        # the reference also prints cross(vec2, vec1) as { -5, -10, 5 }, which is no cross product (it is
        # anti-commutative: { 5, -10, 5 }); the emulator follows the first example and the definition
        ("Vector.cross(Vector(4, 3, 2), Vector(1, 2, 3))", (5, -10, 5)),
        ("Vector(1, 2, 3):setAt(1, 4):setAt('y', 3)", (4, 3, 3)),
        ("Vector(1, 2, 3):set(4, 3, 2)", (4, 3, 2)),
        ("Vector(1, 2, 3):add(Vector(4, 5, 6))", (5, 7, 9)),
        ("Vector(1, 2, 3) + Vector(4, 5, 6)", (5, 7, 9)),
        ("Vector(1, 2, 3):sub(Vector(6, 5, 4))", (-5, -3, -1)),
        ("Vector(1, 2, 3):inverse()", (-1, -2, -3)),
        ("Vector(1, 2, 3):scale(Vector(2, 3, 4)):scale(2)", (4, 12, 24)),
        ("Vector(1, 2, 3) * 2", (2, 4, 6)),
        ("Vector(1, 2, 3):clamp(2)", (0.53, 1.07, 1.6)),
        ("Vector(1, 2, 3):normalize()", (0.27, 0.53, 0.8)),
        ("Vector(1, 2, 3):normalized()", (0.27, 0.53, 0.8)),
        ("Vector(2, 1, 4):project(Vector(1, -2, 1))", (0.67, -1.33, 0.67)),
        ("Vector(2, 1, 4):projectOnPlane(Vector(1, -2, 1))", (1.33, 2.33, 3.33)),
        ("Vector(1, 2, 3):reflect(Vector(4, 3, 2))", (-3.41, -1.31, 0.79)),
        ("Vector(1, 2, 3):moveTowards(Vector(4, 3, 2), 0.5)", (1.45, 2.15, 2.85)),
        ("Vector(1, 2, 3):rotateTowards(Vector(4, 3, 2), 45)", (2.78, 2.08, 1.39)),
        ("Vector(3, 2, 3):rotateOver('y', 45)", (4.24, 2, 0)),
        ("vector(1, 2, 3):copy()", (1, 2, 3)),
        ("Vector({x = 1, y = 2, z = 3})", (1, 2, 3)),
        ("Vector({1, 2, 3})", (1, 2, 3)),
    ],
)
def test_vector_methods_give_the_api_references_results(lua: str, expected: tuple[float, float, float]):
    world, _ = world_with([])
    assert vec(world, lua) == pytest.approx(expected, abs=0.011)


def test_vector_numbers_equality_and_strings_as_the_reference_prints_them():
    world, _ = world_with([])
    assert run(world, "return Vector.dot(Vector(0, 1, 2), Vector(0, 2, 4))") == 10
    assert round(run(world, "return Vector.angle(Vector(1, 2, 3), Vector(4, 3, 2))"), 2) == 37.43
    assert round(run(world, "return Vector.distance(Vector(1, 2, 3), Vector(4, 3, 2))"), 2) == 3.32
    assert run(world, "return Vector.sqrDistance(Vector(1, 2, 3), Vector(4, 3, 2))") == 11
    assert run(world, "return Vector(1, 2, 3):sqrMagnitude()") == 14
    assert round(run(world, "return Vector(1, 2, 3):heading('z')"), 2) == 26.57
    assert run(world, "local x, y, z = Vector(1, 2, 3):get() return x + y + z") == 6
    assert run(world, "return Vector.equals(Vector(1, 2, 3.10), Vector(1, 2, 3.15))") is False
    assert run(world, "return Vector.equals(Vector(1, 2, 3.10), Vector(1, 2, 3.15), 0.01)") is True
    assert run(world, "return Vector(2, 2, 2) == Vector(1.99, 2.01, 2)") is True
    assert run(world, "return Vector(2, 2, 2):equals(Vector(1, 2, 3))") is False
    assert run(world, "return Vector(1, 2, 3):string('Prefix')") == "Prefix: { 1, 2, 3 }"
    assert run(world, "local v = Vector(1, 2, 3) v:copy():setAt('x', -11) return v.x") == 1


def test_color_as_the_api_reference_documents_it():
    """Each line an example of docs/color.md (its printed results), the player colours of docs/player-color.md."""
    world, _ = world_with([])
    assert (
        run(world, "return tostring(Color.fromString('Blue'))") == "Color: Blue { r = 0.118, g = 0.53, b = 1, a = 1 }"
    )
    assert run(world, "return tostring(Color.Red)") == "Color: Red { r = 0.856, g = 0.1, b = 0.094, a = 1 }"
    assert run(world, "return Color({r = 0.118, g = 0.53, b = 1}) == Color.blue") is True
    assert (
        run(world, "return tostring(Color({r = 0.3, g = 0.5, b = 1}))") == "Color: { r = 0.3, g = 0.5, b = 1, a = 1 }"
    )
    assert round(run(world, "local r, g, b, a = Color.Blue:get() return r + g + b + a"), 3) == 2.648
    assert (
        run(world, "return Color.blue:toHex()") == "1e87ffff"
        and run(world, "return Color.blue:toHex(false)") == "1e87ff"
    )
    assert run(world, "return Color(0.118, 0.53, 1):toString()") == "Blue"
    assert run(world, "return Color(0.118, 0.53, 1):equals(Color.Blue:copy())") is True
    pink = "local p = Color.Red:lerp(Color.White, 0.5) return "
    assert [round(run(world, pink + "p." + k), 3) for k in "rgba"] == [0.928, 0.55, 0.547, 1]
    assert run(world, "local c = Color(1, 0.5, 0.75) local d = c:copy() c:set(0.75, 1, 0.25) return d.r + c[2]") == 2
    assert (
        run(world, "local c = Color(0, 0.5, 0.75) c.r = 1 c[2] = 0.25 c:setAt('b', 1) return c.r + c.g + c.b + c.a")
        == 3.25
    )
    assert run(world, "return Color.list[1] .. Color.list[12] .. #Color.list") == "WhiteBlack12"
    assert run(world, "Color.Add('Gold', Color(1, 0.84, 0)) return Color.gold:toString()") == "Gold"
    assert run(world, "local c = stringColorToRGB('Purple') return c.r + c.b") == pytest.approx(1.568)
    assert run(world, "return color(0.2, 0.4, 0.6).b") == 0.6


def test_time_runs_on_the_frame_clock_and_is_read_only():
    """api Time: "time: The current time ... Read only"; "delta_time: The amount of time since the last frame"; a
    physics tick 90 times a second (onFixedUpdate)."""
    world, _ = world_with([])
    run(world, "Wait.frames(function() end, 30)")
    world.run_until_idle()
    assert run(world, "return Time.time") == pytest.approx(0.5, abs=1 / 60)
    assert run(world, "return Time.delta_time") == pytest.approx(1 / 60)
    assert run(world, "return Time.fixed_delta_time") == pytest.approx(1 / 90)
    with pytest.raises(ScriptError, match=r"Time\.time is read only"):
        run(world, "Time.time = 5")


def test_wait_stop_says_whether_it_cancelled_a_scheduled_function():
    """api Wait: stop(id) "Cancels a Wait-scheduled function" and returns a boolean."""
    world, _ = world_with([])
    assert run(world, "local id = Wait.time(function() end, 2) return Wait.stop(id)") is True
    assert run(world, "return Wait.stop(12345)") is False


def test_players_are_seated_only_where_a_person_sits():
    """api Player manager: getPlayers() "Returns a table of all Player instances"; getSpectators() the Grey ones;
    getColors() every seat colour; base getSeatedPlayers() the colours of seated players. The emulator seats one
    person, at White (*chosen*)."""
    world, _ = world_with([])
    assert run(world, "return Player.White.seated") is True and run(world, "return Player.Red.seated") is False
    assert run(world, "local p = Player.getPlayers() return #p .. p[1].color") == "1White"
    assert run(world, "return #Player.getSpectators()") == 0
    assert run(world, "local c = Player.getColors() return #c .. c[1] .. c[10]") == "10WhitePink"
    assert run(world, "return getSeatedPlayers()[1]") == "White"


def test_turns_take_the_saves_section_and_give_the_next_and_previous_colour():
    """api Turns: "type: If the turn order is automatic or custom. 1=auto, 2=custom"; "order: A table of strings,
    representing the player turn order"; getNextTurnColor() / getPreviousTurnColor() "the Player Color string of the
    next (previous) player in the turn order"; reverse_order reverses the rotation."""
    turns = {"Enable": True, "Type": 1, "TurnOrder": ["Red", "Blue", "Green"], "Reverse": False, "TurnColor": "Blue"}
    sent: list[dict[str, Any]] = []
    world = World(SaveFile.from_dict({"SaveName": "t", "ObjectStates": [], "Turns": turns}), sent.append)
    assert run(world, "return Turns.enable and Turns.type == 2 and Turns.order[3] == 'Green'") is True
    assert run(world, "return Turns.getNextTurnColor() .. Turns.getPreviousTurnColor()") == "GreenRed"
    assert run(world, "Turns.reverse_order = true return Turns.getNextTurnColor()") == "Red"
    plain, _ = world_with([])
    assert run(plain, "return Turns.type .. tostring(Turns.enable) .. Turns.getNextTurnColor()") == "1falseWhite"


def test_an_object_member_of_the_tts_api_the_emulator_lacks_fails_loudly_at_the_mods_line():
    """Issue 17: "calling or reading a TTS name the emulator lacks raises '`obj.tooltip` is not emulated
    (tools/emulator/README.md)' at the mod's own line — never a silent nil"; a name TTS does not have stays nil."""
    world, _ = world_with([{"GUID": "aaaaaa", "Name": "BlockSquare"}])
    with pytest.raises(
        ScriptError,
        match=r"chunk_\d+:\(2,.*obj\.addForce is not emulated \(the emulator has no physics.*README\.md\)",
    ):
        world.execute("-1", "local o = getObjectFromGUID('aaaaaa')\nreturn o.addForce({0, 30, 0})", world.global_env)
    with pytest.raises(ScriptError, match=r"obj\.getMaterials is not emulated \(Unity's materials"):
        run(world, "getObjectFromGUID('aaaaaa').getMaterials()")
    assert run(world, "return getObjectFromGUID('aaaaaa').no_such_member == nil") is True
    assert run(world, "return getObjectFromGUID('aaaaaa').getName()") == ""


def test_an_object_read_then_destroyed_in_one_script_run_is_not_read_from_a_stale_cache():
    """The emulator caches an object's fields within one run of a script; an object destroyed meanwhile (here by
    setState, whose onObjectDestroy handler read it first) must fail as a destroyed object, not answer old data."""
    script = "seen = {}\nfunction onObjectDestroy(o) seen[#seen + 1] = o.getName() .. o.getDescription() end"
    obj = {
        "GUID": "aaaaaa",
        "Name": "BlockSquare",
        "Nickname": "A",
        "Description": "d",
        "States": {"2": {"GUID": "bbbbbb", "Name": "BlockSquare", "Nickname": "B"}},
    }
    world, _ = world_with([obj], script)
    with pytest.raises(ScriptError, match="aaaaaa"):
        run(world, "local o = getObjectFromGUID('aaaaaa') local n = o.getName() o.setState(2) return o.getName()")
    assert run(world, "return seen") == ["Ad"]
