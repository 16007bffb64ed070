"""The world-level TTS API (issue 17): Timer, Physics.cast, Info, Notes, Hands, the base functions and the Player
instance, each against the line of the API reference it follows, run through real Lua 5.2."""

from __future__ import annotations

import math

import pytest

from tests.emulator.test_lua_api import run, world_with
from tools.emulator.luahost import ScriptError

BLOCK = {"GUID": "aaaaaa", "Name": "BlockSquare"}


def at(guid: str, x: float, z: float = 0.0, **transform: float) -> dict[str, object]:
    return {"GUID": guid, "Name": "BlockSquare", "Transform": {"posX": x, "posZ": z, **transform}}


def test_timer_calls_the_named_function_of_the_calling_script_with_its_parameters():
    """ "Timer.create({identifier = "A Unique Name", function_name = "fiveAfterOne", parameters = dataTable, delay =
    1, repetitions = 5})"; "function_owner … Optional, defaults to the calling Object"."""
    script = (
        "count = 0\nfunction fiveAfterOne(params) count = count + 1 said = params.welcome end\n"
        "function onLoad() Timer.create({identifier = self.guid, function_name = 'fiveAfterOne', "
        "parameters = {welcome = 'Hello World!'}, delay = 1, repetitions = 5}) end"
    )
    world, _ = world_with([{**BLOCK, "LuaScript": script}])
    world.run_until_idle()
    assert run(world, "local o = getObjectFromGUID('aaaaaa') return {o.getVar('count'), o.getVar('said')}") == [
        5,
        "Hello World!",
    ]
    assert world.frame == 5 * 60


def test_timer_identifiers_are_shared_and_destroy_stops_one():
    """ "The identifiers are shared between Global and all Object scripts"; "destroy(identifier) | Destroys a
    Timer"; "0 results in a delay of 1 frame"; "Use 0 for infinite repetitions"."""
    world, _ = world_with([], "ticks = 0\nfunction tick() ticks = ticks + 1 end")
    assert run(world, "return Timer.create({identifier='t', function_name='tick', repetitions=0})") is True
    assert run(world, "return Timer.create({identifier='t', function_name='tick'})") is False
    for _ in range(3):
        world.step()
    assert run(world, "return {ticks, Timer.destroy('t'), Timer.destroy('t')}") == [3, True, False]
    assert not world.busy


def test_physics_cast_finds_what_a_sphere_overlaps_where_it_starts():
    """The reference's example: "findHitsInRadius(pos, radius) … type = 2, size = {radius,radius,radius},
    max_distance = 0"; "Entries are in the order of being hit"."""
    world, _ = world_with(
        [at("aaaaaa", 0), at("bbbbbb", 1.2), at("cccccc", 6), {"GUID": "zone00", "Name": "ScriptingTrigger"}]
    )
    hits = run(
        world,
        "local t = {} for _, h in ipairs(Physics.cast({origin = {0, 0, 0}, direction = {0, 1, 0}, type = 2, "
        "size = {2, 2, 2}, max_distance = 0})) do t[#t+1] = h.hit_object.guid .. ':' .. h.distance end return t",
    )
    assert hits == ["aaaaaa:0", "bbbbbb:0"]


def test_a_ray_reports_each_box_at_the_distance_it_enters_it_in_order():
    """ "distance: Distance between cast origin and impact point"; "normal: The surface normal of the impact
    point"; a ray does not hit the box it starts in (Unity's Raycast)."""
    world, _ = world_with([at("aaaaaa", 0), at("bbbbbb", 5), at("cccccc", 10, rotY=45)])
    got = run(
        world,
        "local t = {} for _, h in ipairs(Physics.cast({origin = {0, 0, 0}, direction = {1, 0, 0}})) do "
        "t[#t+1] = {h.hit_object.guid, h.distance, h.normal.x, h.point.x} end return t",
    )
    assert [g[0] for g in got] == ["bbbbbb", "cccccc"]
    assert math.isclose(got[0][1], 4.5, abs_tol=1e-6) and got[0][2] == pytest.approx(-1.0)
    assert math.isclose(got[1][1], 10 - math.sqrt(0.5), abs_tol=1e-6)
    assert run(world, "return #Physics.cast({origin = {0, 0, 0}, direction = {1, 0, 0}, max_distance = 4})") == 0


def test_a_box_cast_turned_on_its_orientation_sweeps_along_its_direction():
    """ "size: Size of the cast shape"; "orientation: Rotation of the cast shape. Box only"."""
    world, _ = world_with([at("aaaaaa", 0, 3), at("bbbbbb", 3, 0)])
    cast = (
        "local t = {} for _, h in ipairs(Physics.cast({origin = {0, 0, -3}, direction = {0, 0, 1}, type = 3, "
        "size = {%s}, orientation = {0, %s, 0}, max_distance = 10})) do t[#t+1] = h.hit_object.guid .. ':' .. "
        "string.format('%%.2f', h.distance) end return t"
    )
    assert run(world, cast % ("1, 1, 1", 0)) == ["aaaaaa:5.00"]
    assert run(world, cast % ("8, 1, 1", 0)) == ["bbbbbb:2.00", "aaaaaa:5.00"]
    assert run(world, cast % ("8, 1, 1", 90)) == ["aaaaaa:1.50"]
    with pytest.raises(ScriptError, match=r"type 7 is none of"):
        run(world, "Physics.cast({type = 7})")


def test_gravity_and_the_play_area_read_and_write():
    """ "getGravity() | Returns directional Vector of the direction gravity is pulling"; "play_area … Values from 0
    - 1. Default is 0.5"."""
    world, _ = world_with([])
    assert run(world, "return {Physics.play_area, Physics.getGravity().y}") == [0.5, -9.81]
    run(world, "Physics.play_area = 0.8 Physics.setGravity({0, -1, 0})")
    assert run(world, "return {Physics.play_area, Physics.getGravity().y}") == [0.8, -1]


def test_info_notes_and_hands_come_from_the_save():
    """Info "name … type"; Notes "getNotes() | Returns the contents of the on-screen notes section"; Hands
    "enable"."""
    world, _ = world_with([])
    world.save = world.save.from_dict(
        {
            "SaveName": "Coinche",
            "GameType": "Card Game",
            "Note": "read me",
            "Hands": {"Enable": False},
            "TabStates": {"0": {"title": "Rules", "body": "b", "color": "Grey", "id": 0}},
            "ObjectStates": [],
        }
    )
    world.load(world.save)
    assert run(world, "return {Info.name, Info.type, Notes.getNotes(), Hands.enable}") == [
        "Coinche",
        "Card Game",
        "read me",
        False,
    ]
    assert run(
        world,
        "Notes.setNotes('new') Notes.addNotebookTab({title = 'Log', body = ''}) "
        "local t = Notes.getNotebookTabs() return {Notes.getNotes(), #t, t[2].title}",
    ) == ["new", 2, "Log"]


def test_the_rest_of_the_base_functions():
    """destroyObject, getObjectsWithAllTags, logString, broadcastToColor (api: base)."""
    world, _ = world_with([{**BLOCK, "Tags": ["a", "b"]}, {"GUID": "bbbbbb", "Name": "BlockSquare", "Tags": ["a"]}])
    assert run(world, "local t = getObjectsWithAllTags({'A', 'b'}) return #t .. t[1].guid") == "1aaaaaa"
    assert run(world, "return logString(12, 'n: ')") == "n: 12"
    run(world, "broadcastToColor('psst', 'Red', {1, 0, 0}) destroyObject(getObjectFromGUID('bbbbbb'))")
    assert "bbbbbb" not in world.objects and ("psst", [1, 0, 0]) in world.chat


def test_start_lua_coroutine_resumes_the_function_once_a_frame_until_it_ends():
    """startLuaCoroutine(function_owner, function_name): "Starts a Lua function as a coroutine"."""
    world, _ = world_with(
        [], "steps = {}\nfunction walk() for i = 1, 3 do steps[#steps+1] = i coroutine.yield(0) end return 1 end"
    )
    run(world, "startLuaCoroutine(Global, 'walk')")
    assert run(world, "return #steps") == 1
    world.run_until_idle()
    assert run(world, "return #steps") == 3
    with pytest.raises(ScriptError, match=r"chunk_\d+:\(1,.*no function nowhere in the script of -1"):
        run(world, "startLuaCoroutine(Global, 'nowhere')")


def test_an_api_name_the_emulator_lacks_fails_loudly_with_the_reason():
    """Issue 17: "Anything not emulated fails loudly … never a silent nil"."""
    world, _ = world_with([])
    with pytest.raises(ScriptError, match=r"Backgrounds\.getBackground is not emulated \(the room is never rendered"):
        run(world, "Backgrounds.getBackground()")
    with pytest.raises(ScriptError, match=r"WebRequest\.get is not emulated \(the emulator makes no network"):
        run(world, "WebRequest.get('http://example.com', function() end)")
    with pytest.raises(ScriptError, match=r"flipTable is not emulated"):
        run(world, "flipTable()")
    assert run(world, "return {addHotkey('x', function() end), clearPixelPaint()}") == [True, True]


def test_a_player_instance_has_its_hand_its_selection_and_headless_effects():
    """Player instance: getHandCount, getHandTransform ("position … forward"), getSelectedObjects,
    getHoldingObjects, lookAt (a camera: no effect headless), kick (not emulated)."""
    hand = {"GUID": "hand00", "Name": "HandTrigger", "FogColor": "White", "Transform": {"posZ": -20, "rotY": 180}}
    world, _ = world_with([hand, BLOCK])
    run(world, "getObjectFromGUID('aaaaaa').addToPlayerSelection('White')")
    world.objects["aaaaaa"].held_by = "White"
    got = run(
        world,
        "local p = Player.White local t = p.getHandTransform() return {p.getHandCount(), t.position.z, "
        "math.floor(t.forward.z + 0.5), #p.getSelectedObjects(), #p.getHoldingObjects(), p.lookAt({}), p.host}",
    )
    assert got == [1, -20, -1, 1, 1, True, True]
    with pytest.raises(ScriptError, match=r"Player\.White\.kick is not emulated"):
        run(world, "Player.White.kick()")


def test_hands_from_the_saves_hand_transforms_take_dealt_cards():
    """Older saves place hands only in ``Hands.HandTransforms`` (shared/docs/tts-interface.md §7)."""
    cards = [{"GUID": f"c{i:05d}", "Name": "Card", "CardID": 100 + i} for i in range(3)]
    objs = [{"GUID": "deck00", "Name": "Deck", "DeckIDs": [100, 101, 102], "ContainedObjects": cards}]
    world, _ = world_with(objs)
    world.save = world.save.from_dict(
        {
            "ObjectStates": objs,
            "Hands": {
                "HandTransforms": [
                    {"Color": "White", "Transform": {"posZ": -15, "scaleX": 10, "scaleY": 5, "scaleZ": 4}}
                ]
            },
        }
    )
    world.load(world.save)
    run(world, "getObjectFromGUID('deck00').deal(1, 'White')")
    world.run_until_idle()
    assert run(world, "return #Player.White.getHandObjects()") == 1


def test_spawn_destroy_container_and_state_events_reach_their_handlers():
    """api events: onObjectSpawn "Called when an object is spawned"; onObjectDestroy "Called whenever an object
    is about to be destroyed" (the object can still be used); onObjectLeaveContainer(container, leave_object);
    onObjectStateChange(object, old_state_guid); an object's own onDestroy."""
    seen = (
        "seen = {}\nfunction note(s) seen[#seen+1] = s end\n"
        "function onObjectSpawn(o) note('spawn ' .. o.guid) end\n"
        "function onObjectDestroy(o) note('destroy ' .. o.getName()) end\n"
        "function onObjectLeaveContainer(c, o) note('leave ' .. c.guid .. ' ' .. o.guid) end\n"
        "function onObjectStateChange(o, old) note('state ' .. old .. '>' .. o.guid) end"
    )
    bag = {"GUID": "bag000", "Name": "Bag", "ContainedObjects": [{"GUID": "inbag0", "Name": "BlockSquare"}]}
    stated = {
        **BLOCK,
        "Nickname": "A",
        "LuaScript": "function onDestroy() Global.call('note', 'own destroy') end",
        "States": {"2": {"GUID": "bbbbbb", "Name": "BlockSquare"}},
    }
    world, _ = world_with([bag, stated], seen)
    run(world, "getObjectFromGUID('bag000').takeObject({}) getObjectFromGUID('aaaaaa').setState(2)")
    assert run(world, "return seen") == [
        "spawn inbag0",
        "leave bag000 inbag0",
        "own destroy",
        "destroy A",
        "spawn bbbbbb",
        "state aaaaaa>bbbbbb",
    ]


def test_zone_enter_and_leave_events_follow_where_objects_go():
    """api events: onObjectEnterZone(zone, object), onObjectLeaveZone; the scripting-zone forms too; nothing for
    what the loaded table already held (*chosen*)."""
    zone = {"GUID": "zone00", "Name": "ScriptingTrigger", "Transform": {"scaleX": 4, "scaleY": 4, "scaleZ": 4}}
    script = (
        "seen = {}\nfunction onObjectEnterZone(z, o) seen[#seen+1] = 'in ' .. o.guid end\n"
        "function onObjectLeaveScriptingZone(z, o) seen[#seen+1] = 'out ' .. o.guid end"
    )
    world, _ = world_with([zone, at("aaaaaa", 0), at("bbbbbb", 9)], script)
    run(
        world,
        "getObjectFromGUID('bbbbbb').setPositionSmooth({1, 0, 0}) getObjectFromGUID('aaaaaa').setPosition({9, 0, 0})",
    )
    assert run(world, "return seen") == ["out aaaaaa"]
    world.run_until_idle()
    assert run(world, "return seen") == ["out aaaaaa", "in bbbbbb"]


def test_a_players_hand_and_the_turns_raise_their_events():
    """onObjectPickUp(player_color, object) / onPickUp(player_color); onObjectDrop / onDrop; onObjectRandomize
    (randomize with a colour); onPlayerTurn(player, previous_player) when Turns.endTurn() passes the turn."""
    from tools.emulator.server import Emulator

    script = (
        "seen = {}\nfunction onObjectPickUp(c, o) seen[#seen+1] = 'up ' .. c end\n"
        "function onObjectDrop(c, o) seen[#seen+1] = 'drop ' .. c end\n"
        "function onObjectRandomize(o, c) seen[#seen+1] = 'rnd ' .. c end\n"
        "function onPlayerTurn(p, before) seen[#seen+1] = 'turn ' .. p.color .. ' after ' .. before.color end"
    )
    emulator = Emulator(None)
    world, _ = world_with([BLOCK], script)
    emulator.world = world
    emulator.hold("aaaaaa", "Red")
    emulator.release("aaaaaa")
    run(
        world,
        "getObjectFromGUID('aaaaaa').randomize('Blue') Turns.enable = true Turns.type = 2 "
        "Turns.order = {'White', 'Red'} Turns.turn_color = 'White' Turns.endTurn()",
    )
    assert run(world, "return seen") == ["up Red", "drop Red", "rnd Blue", "turn Red after White"]


def test_ui_attributes_xml_tables_and_custom_assets():
    """UI: getAttributes(id); getXmlTable "{tag=, attributes=, children=, value=}"; setXmlTable;
    setCustomAssets({{name=, url=}}); loading."""
    world, _ = world_with([], "")
    run(world, 'UI.setXml(\'<Panel id="p" width="100"><Text id="t">Hi</Text></Panel>\')')
    assert run(world, "return UI.getAttributes('p').width") == "100"
    table = run(world, "return UI.getXmlTable()")
    assert table == [
        {
            "tag": "Panel",
            "attributes": {"id": "p", "width": "100"},
            "children": [{"tag": "Text", "attributes": {"id": "t"}, "value": "Hi"}],
        }
    ]
    run(world, "UI.setXmlTable({{tag = 'Button', attributes = {id = 'b', onClick = 'go'}, value = 'Go'}})")
    assert run(world, "return UI.getXml()") == '<Button id="b" onClick="go">Go</Button>'
    assert run(world, "return #UI.getCustomAssets()") == 0 and "CustomUIAssets" not in world.to_save().to_dict()
    run(world, "UI.setCustomAssets({{name = 'logo', url = 'http://x/logo.png'}})")
    assert run(world, "return {UI.getCustomAssets()[1].name, UI.loading}") == ["logo", False]
    assert world.to_save().to_dict()["CustomUIAssets"] == [{"Type": 0, "Name": "logo", "URL": "http://x/logo.png"}]


def test_global_variables_script_snap_points_and_lines():
    """Global.setVar / getTable; Global.script_code; Global.setSnapPoints({{position=, rotation=,
    rotation_snap=true, tags=}}) saved as the save's SnapPoints; Global.setVectorLines saved as VectorLines."""
    world, _ = world_with(
        [{**BLOCK, "LuaScript": "function onLoad() Global.setVar('hello', 'there') end"}], "hello = 'no'"
    )
    assert run(world, "return {hello, Global.script_code}") == ["there", "hello = 'no'"]
    run(
        world,
        "Global.setSnapPoints({{position = {1, 2, 3}, rotation = {0, 90, 0}, rotation_snap = true, "
        "tags = {'card'}}, {position = {4, 0, 0}}})",
    )
    got = run(
        world,
        "local s = Global.getSnapPoints() return {#s, s[1].rotation.y, s[1].rotation_snap, "
        "s[2].rotation_snap, s[1].tags[1]}",
    )
    assert got == [2, 90, True, False, "card"]
    saved = world.to_save().to_dict()
    assert saved["SnapPoints"][0] == {
        "Position": {"x": 1, "y": 2, "z": 3},
        "Rotation": {"x": 0, "y": 90, "z": 0},
        "Tags": ["card"],
    }
    run(world, "Global.setVectorLines({{points = {{5, 1, 5}, {-5, 1, -5}}, color = {1, 0, 0}, thickness = 0.5}})")
    assert run(world, "local l = Global.getVectorLines()[1] return {#l.points, l.color.r, l.thickness}") == [2, 1, 0.5]
    assert world.to_save().to_dict()["VectorLines"][0]["points3"][1] == {"x": -5, "y": 1, "z": -5}


def test_the_readme_coverage_table_is_what_the_code_does():
    """Issue 17: "Keep a generated table in tools/emulator/README.md: each API name, emulated or not"."""
    from tools.emulator import coverage

    readme = coverage.README.read_text(encoding="utf-8")
    assert coverage.render() in readme, "run: python -m tools.emulator.coverage --write"
    table = coverage.rows()
    assert all(status != coverage.NOT for *_, status in table), [r for r in table if r[2] == coverage.NOT]


def test_moonsharps_dynamic_module_evaluates_an_expression():
    """MoonSharp's ``dynamic.eval`` / ``dynamic.prepare``; an expression that does not compile is an error at the
    mod's own line, never in the emulator's prelude."""
    world, _ = world_with([], "x = 20")
    assert run(world, "return dynamic.eval('x * 2 + 2')") == 42
    assert run(world, "local f = dynamic.prepare('x + 1') x = 1 return dynamic.eval(f)") == 2
    with pytest.raises(ScriptError, match=r"chunk_\d+:\(2,.*dynamic: .*unexpected symbol"):
        world.execute("-1", "local a = 1\nlocal v = dynamic.eval('1 +')", world.global_env)
