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
    with pytest.raises(ScriptError, match="no function nowhere in the script of -1"):
        run(world, "startLuaCoroutine(Global, 'nowhere')")


def test_an_api_name_the_emulator_lacks_fails_loudly_with_the_reason():
    """Issue 17: "Anything not emulated fails loudly … never a silent nil"."""
    world, _ = world_with([])
    with pytest.raises(ScriptError, match=r"Lighting\.apply is not emulated \(nothing is rendered"):
        run(world, "Lighting.apply()")
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
