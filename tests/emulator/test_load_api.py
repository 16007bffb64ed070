"""The TTS API that public mods call at load or in play (issue 32, section 3), each member against the page of the
API reference it follows (api.tabletopsimulator.com), run through the emulator's real Lua runtime."""

from __future__ import annotations

import pytest

from tests.emulator.test_lua_api import run, world_with
from tests.emulator.test_object_api import deck
from tools.emulator.luahost import ScriptError


def test_take_object_with_top_false_takes_the_bottom():
    """api object/#takeobject: ``top`` says whether the object is taken from the top or the bottom (default the
    top); an explicit ``index`` still wins. Index 0 is the top, as ``takeObject()`` without parameters takes it."""
    world, _ = world_with([deck(4)])
    taken = run(world, "return getObjectFromGUID('deck00').takeObject({top = false}).getGUID()")
    assert taken == "c00003"
    assert run(world, "return getObjectFromGUID('deck00').takeObject({}).getGUID()") == "c00000"
    assert run(world, "return getObjectFromGUID('deck00').takeObject({top = false, index = 0}).getGUID()") == "c00001"
    bag = {
        "GUID": "bag000",
        "Name": "Bag",
        "ContainedObjects": [{"GUID": f"b{i:05d}", "Name": "Chip_10"} for i in range(3)],
    }
    world, _ = world_with([bag])
    assert run(world, "return getObjectFromGUID('bag000').takeObject({top = false}).getGUID()") == "b00002"


def test_a_container_entry_is_named_by_its_internal_name_when_its_nickname_is_blank():
    """api object/#getobjects (Containers): an entry's ``name`` is the object's nickname, or its internal name
    (e.g. "Card") when the nickname is blank; ``nickname`` stays the nickname."""
    cards = [
        {"GUID": "c00000", "Name": "Card", "CardID": 100, "Nickname": "Ace"},
        {"GUID": "c00001", "Name": "Card", "CardID": 101, "Nickname": ""},
        {"GUID": "c00002", "Name": "CardCustom", "CardID": 102},
    ]
    world, _ = world_with([{**deck(0), "ContainedObjects": cards, "DeckIDs": [100, 101, 102]}])
    entries = (
        "local out = {} for i, e in ipairs(getObjectFromGUID('deck00').getObjects()) do out[i] = e.%s end return out"
    )
    assert run(world, entries % "name") == ["Ace", "Card", "CardCustom"]
    assert run(world, entries % "nickname") == ["Ace", "", ""]


def test_wait_collect_gathers_one_result_per_expected_id_then_calls_on_finished():
    """api wait/#collect: ``collect_table:add(id, ...)`` sets ``results[id]`` and calls ``on_add(id, ...)``; once
    every expected id is added, ``on_finished(results)``; an id added twice or not expected calls ``on_error`` with
    ``Wait.COLLECT_DUPLICATE`` / ``Wait.COLLECT_UNKNOWN`` and the id; ``reset()`` makes it reusable."""
    world, _ = world_with([])
    script = """
    log_ = {}
    local function note(...) log_[#log_ + 1] = table.concat({...}, ' ') end
    picks = Wait.collect({'Red', 'Blue'},
        function(results) note('finished', results.Red, results.Blue) end,
        function(id, value) note('add', id, value) end,
        function(kind, id) note(kind == Wait.COLLECT_DUPLICATE and 'duplicate' or 'unknown', id) end)
    picks:add('Red', 'card 1')
    picks:add('Green', 'card 2')
    picks:add('Red', 'card 3')
    picks:add('Blue', 'card 4')
    return log_
    """
    assert run(world, script) == [
        "add Red card 1",
        "unknown Green",
        "duplicate Red",
        "add Blue card 4",
        "finished card 1 card 4",
    ]
    assert run(world, "picks:reset() picks:add('Blue', 'x') return {#log_, picks.results.Blue, picks.results.Red}") == [
        6,
        "x",
    ]
    assert run(world, "return #log_") == 6  # one more on_add, no on_finished: Red is not in yet
    with pytest.raises(ScriptError, match=r"chunk_\d+:\(2,.*Wait\.collect: on_finished must be a function"):
        world.execute("-1", "local x = 1\nWait.collect({'Red'}, nil)", world.global_env)


@pytest.mark.parametrize(
    ("lua", "expected"),
    [  # the reference's examples (api vector/#rotatetowardsunit, #orthonormalize), as printed there
        ("Vector(1, 2, 3):rotateTowardsUnit(Vector(4, 3, 2):normalized(), 45)", (3.29, 0.87, -1.55)),
        ("select(1, Vector(0, 0, 2):orthoNormalize(Vector(0, 1, 0)))", (0, 0, 1)),
        ("select(2, Vector(0, 0, 2):orthoNormalize(Vector(0, 1, 0)))", (-1, 0, 0)),
        ("select(3, Vector(0, 0, 2):orthoNormalize(Vector(0, 1, 0)))", (0, -1, 0)),
        # a unit vector turned a quarter of the way to a perpendicular unit target, and all the way when allowed
        ("Vector(1, 0, 0):rotateTowardsUnit(Vector(0, 0, 1), 45)", (0.71, 0, 0.71)),
        ("Vector(1, 0, 0):rotateTowardsUnit(Vector(0, 0, 1), 90)", (0, 0, 1)),
        ("Vector(1, 0, 0):rotateTowardsUnit(Vector(0, 0, 1))", (0, 0, 1)),
    ],
)
def test_the_vector_methods_the_emulator_lacked_give_the_references_results(
    lua: str, expected: tuple[float, float, float]
) -> None:
    world, _ = world_with([])
    got = run(world, f"local v = {lua} return {{v.x, v.y, v.z}}")
    assert got == pytest.approx(expected, abs=0.006)


def test_orthonormalize_gives_three_unit_vectors_at_right_angles_and_heading_gives_all_three_angles():
    """api vector/#orthonormalize: "three normalized vectors perpendicular to each other, first one being in the same
    direction as self"; #heading without an axis: the angles over 'x', 'y' and 'z'."""
    world, _ = world_with([])
    check = """
    local a, b, c = Vector(1, 2, 3):orthoNormalize()
    return {a:magnitude(), b:magnitude(), c:magnitude(), a:dot(b), b:dot(c), a:dot(c), a:angle(Vector(1, 2, 3))}
    """
    assert run(world, check) == pytest.approx([1, 1, 1, 0, 0, 0, 0], abs=1e-6)
    assert run(world, "return {Vector(1, 2, 3):heading()}") == pytest.approx([33.69, 18.43, 26.57], abs=0.01)
    assert run(world, "return Vector(1, 2, 3):heading('z')") == pytest.approx(26.57, abs=0.01)
    with pytest.raises(ScriptError, match=r"chunk_\d+:\(2,.*rotateTowardsUnit: the vectors point"):
        world.execute("-1", "local v = Vector(1, 0, 0)\nv:rotateTowardsUnit(Vector(-1, 0, 0), 10)", world.global_env)


def test_grid_lighting_and_music_player_members_read_back_what_a_script_wrote():
    """api grid ("Example usage: Grid.show_lines = true"), api lighting (its example: light_intensity, setLightColor,
    apply), api musicplayer (repeat_track, shuffle, the current audioclip and the playlist): member variables and
    setters a script writes, it reads back; nothing is drawn or played headless."""
    world, _ = world_with([])
    run(world, "Grid.show_lines = true Grid.sizeX = 2.5 Grid.type = 2 Grid.color = Color(1, 0, 0)")
    assert run(world, "return {Grid.show_lines, Grid.sizeX, Grid.type, Grid.color.r, Grid.color.g}") == [
        True,
        2.5,
        2,
        1,
        0,
    ]
    lit = "Lighting.light_intensity = 2 Lighting.setLightColor({r = 1, g = 0.6, b = 0.6}) return Lighting.apply()"
    assert run(world, lit) is True
    assert run(world, "local c = Lighting.getLightColor() return {Lighting.light_intensity, c.r, c.g, c.b}") == [
        2,
        1,
        0.6,
        0.6,
    ]
    music = """
    MusicPlayer.repeat_track = true
    MusicPlayer.setCurrentAudioclip({url = 'https://domain.example/clip.mp3', title = 'Żółw — 🎵'})
    MusicPlayer.setPlaylist({{url = 'a.mp3', title = 'A'}, {url = 'b.mp3', title = 'B'}})
    return {MusicPlayer.repeat_track, MusicPlayer.getCurrentAudioClip().title, MusicPlayer.getPlaylist()[2].url}
    """
    assert run(world, music) == [True, "Żółw — 🎵", "b.mp3"]


@pytest.mark.parametrize(
    ("lua", "message"),
    [
        # a member the emulator does not follow, written or read: an error naming it, at the mod's line
        ("MusicPlayer.playlist_index = 2", r"MusicPlayer\.playlist_index is not emulated \(no sound is played"),
        ("MusicPlayer.play()", r"MusicPlayer\.play is not emulated"),
        ("MusicPlayer.player_status = 'Play'", r"MusicPlayer\.player_status is read only"),
        # a name the section does not have, and a value of the wrong kind
        ("Grid.show_line = true", r"Grid has no member show_line to set"),
        ("Grid.sizeX = 'wide'", r"Grid\.sizeX takes a number, not 'wide'"),
        ("Lighting.setLightColor('red')", r"Lighting\.setLightColor takes a Color"),
        # read before any script wrote it: the save's section is not read
        ("local s = Grid.sizeY", r"Grid\.sizeY has not been set by a script"),
        ("local c = Lighting.getAmbientSkyColor()", r"Lighting\.getAmbientSkyColor has not been set by a script"),
        # the sections the emulator does not have refuse a write as they refuse a read
        ("Backgrounds.url = 'x'", r"Backgrounds\.url is not emulated \(the room is never rendered"),
    ],
)
def test_a_write_or_read_the_emulator_does_not_follow_fails_loudly_at_the_mods_line(lua: str, message: str) -> None:
    world, _ = world_with([])
    with pytest.raises(ScriptError, match=rf"chunk_\d+:\(2,[^)]*\): .*{message}"):
        world.execute("-1", f"local first = 1\n{lua}", world.global_env)


PDF = {"GUID": "pdf000", "Name": "Custom_PDF", "CustomPDF": {"PDFUrl": "rules.pdf", "PDFPage": 0, "PDFPageOffset": 0}}
BUNDLE = {"GUID": "ab0000", "Name": "Custom_Assetbundle", "CustomAssetbundle": {"AssetbundleURL": "fx.unity3d"}}


def test_a_custom_pdf_has_a_book_and_other_objects_have_none():
    """api behavior/book: "The Custom PDF ... has its own class, Book" (``obj.Book.setPage(1, false)``); getPage and
    setPage with ``offsetPageNumbering`` applying ``page_offset``; setPage is false for an invalid page. A mod's
    ``if obj.Book then`` must be true only on a Custom PDF."""
    world, _ = world_with([PDF, {"GUID": "aaaaaa", "Name": "BlockSquare"}])
    assert run(world, "return getObjectFromGUID('aaaaaa').Book == nil") is True
    book = "local b = getObjectFromGUID('pdf000').Book "
    assert run(world, book + "if b then return b.setPage(3, false) end") is True
    assert run(world, book + "b.page_offset = 10 return {b.getPage(), b.getPage(true), b.page_offset}") == [3, 13, 10]
    assert run(world, book + "return {b.setPage(12, true), b.getPage()}") == [True, 2]
    assert run(world, book + "return {b.setPage(-1), b.getPage()}") == [False, 2]
    assert run(world, book + "return {b.setHighlight(0.5, 0.5, 1, 1), b.clearHighlight()}") == [True, True]
    saved = world.to_save().to_dict()["ObjectStates"][0]["CustomPDF"]
    assert (saved["PDFPage"], saved["PDFPageOffset"]) == (2, 10)
    with pytest.raises(ScriptError, match=r"chunk_\d+:\(2,.*Book\.pages cannot be set"):
        world.execute("-1", "local b = getObjectFromGUID('pdf000').Book\nb.pages = 4", world.global_env)


def test_an_asset_bundle_plays_its_effects_and_says_so_to_the_scripts():
    """api behavior/assetbundle: playTriggerEffect(index) and playLoopingEffect(index), indexes from 0, return nil;
    getLoopingEffectIndex; api events: onObjectTriggerEffect(object, index) "whenever the trigger effect of an
    AssetBundle is activated". The effects' names live in the bundle, never loaded here: their lists fail loudly."""
    script = "heard = {} function onObjectTriggerEffect(o, i) heard[#heard + 1] = o.getGUID() .. ':' .. i end"
    world, _ = world_with([BUNDLE, {"GUID": "aaaaaa", "Name": "BlockSquare"}], script)
    assert run(world, "return getObjectFromGUID('aaaaaa').AssetBundle == nil") is True
    played = "local a = getObjectFromGUID('ab0000').AssetBundle return a.playTriggerEffect(2) == nil"
    assert run(world, played) is True
    run(world, "getObjectFromGUID('ab0000').playTriggerEffect(0)")  # the Object's own (deprecated) form
    assert run(world, "return heard") == ["ab0000:2", "ab0000:0"]
    looping = (
        "local a = getObjectFromGUID('ab0000').AssetBundle a.playLoopingEffect(3) return a.getLoopingEffectIndex()"
    )
    assert run(world, looping) == 3
    assert world.to_save().to_dict()["ObjectStates"][0]["CustomAssetbundle"]["LoopingEffectIndex"] == 3
    with pytest.raises(ScriptError, match=r"AssetBundle\.getTriggerEffects is not emulated \(the effects' names"):
        run(world, "return getObjectFromGUID('ab0000').AssetBundle.getTriggerEffects()")
    with pytest.raises(ScriptError, match=r"playTriggerEffect: aaaaaa is not an asset bundle"):
        run(world, "getObjectFromGUID('aaaaaa').playTriggerEffect(0)")


def test_copy_then_paste_spawns_new_copies_laid_out_as_they_were_from_the_given_position():
    """api base: copy(object_list) "Copy a list of Objects to the clipboard. Works with paste"; paste(parameters)
    "Pastes Objects in-game that were copied", ``position`` of the first object (default {0, 3, 0}); a Player's own
    copy/paste (api player/instance) use that player's clipboard. The objects as they were when copied."""
    blocks = [
        {"GUID": "aaaaaa", "Name": "BlockSquare", "Nickname": "Łódź", "Transform": {"posX": 1, "posY": 1, "posZ": 1}},
        {"GUID": "bbbbbb", "Name": "BlockSquare", "Nickname": "B", "Transform": {"posX": 3, "posY": 1, "posZ": 0}},
    ]
    world, _ = world_with(blocks)
    script = """
    copy({getObjectFromGUID('aaaaaa'), getObjectFromGUID('bbbbbb')})
    getObjectFromGUID('aaaaaa').setName('renamed after the copy')
    local pasted = paste({position = {10, 2, 10}})
    local out = {#pasted}
    for _, o in ipairs(pasted) do
        local p = o.getPosition()
        local fresh = tostring(o.getGUID() ~= 'aaaaaa')
        out[#out + 1] = o.getName() .. ' ' .. p.x .. ',' .. p.y .. ',' .. p.z .. ' ' .. fresh
    end
    return out
    """
    assert run(world, script) == [2, "Łódź 10,2,10 true", "B 12,2,9 true"]
    assert run(world, "return #paste()") == 2 and len(world.objects) == 6  # pasted again, at {0, 3, 0}
    assert run(world, "return #Player.White.paste({0, 1, 0})") == 0  # White's own clipboard is empty
    assert run(world, "Player.White.copy({getObjectFromGUID('bbbbbb')}) return #Player.White.paste({0, 1, 0})") == 1


def test_change_color_moves_the_seated_player_and_tells_the_scripts():
    """api player/instance: changeColor(player_color) "Changes player to this Player Color"; api events:
    onPlayerChangeColor(player_color) "Called when a player changes color". The emulator seats one person, at
    White: Player.White.seated follows the move; an empty seat cannot move, nor move onto a taken one."""
    script = "moved = {} function onPlayerChangeColor(c) moved[#moved + 1] = c end"
    world, _ = world_with([], script)
    assert run(world, "return Player.Red.changeColor('Blue')") is False  # nobody sits at Red
    assert run(world, "return Player.White.changeColor('Red')") is True
    seats = "return {Player.White.seated, Player.Red.seated, Player.Red.host, getSeatedPlayers()[1], moved[1]}"
    assert run(world, seats) == [False, True, True, "Red", "Red"]
    assert run(world, "return Player.Red.changeColor('Purpleish')") is False
    assert run(world, "return Turns.getNextTurnColor()") == "Red"


def test_an_object_answers_the_component_api_in_its_documented_shape():
    """api components/gameobject and components/component (and object.md's forms on the Object): getComponents()
    is a list of Components, each with ``name``, ``game_object``, ``get``, ``set``; getChildren() a list of
    GameObjects. The reference's own examples run on "a regular Red Block": getComponent("MeshRenderer"),
    ``set("receiveShadows", false)``; a mod setting every AudioSource's volume reads it back."""
    world, _ = world_with([{"GUID": "aaaaaa", "Name": "BlockSquare"}])
    names = "local out = {} for i, c in ipairs(getObjectFromGUID('aaaaaa').getComponents()) do out[i] = c.name end"
    assert run(world, names + " return out") == ["Transform", "MeshRenderer", "BoxCollider", "AudioSource"]
    assert run(world, "return #getObjectFromGUID('aaaaaa').getChildren()") == 0
    assert run(world, "return getObjectFromGUID('aaaaaa').getChild('Lights') == nil") is True
    example = """
    local block = getObjectFromGUID('aaaaaa')
    local renderer = block.getComponent("MeshRenderer")
    local ok = renderer.set("receiveShadows", false)
    for _, audio in pairs(block.getComponents("AudioSource")) do audio.set("volume", 0.25) end
    return {ok, renderer.get("receiveShadows"), block.getComponent("AudioSource").get("volume"),
        block.getComponent("BoxCollider").get("enabled"), renderer.game_object.name,
        #renderer.game_object.getComponents(), block.getComponent("Light") == nil}
    """
    assert run(world, example) == [True, False, 0.25, True, "BlockSquare", 4, True]
    assert "component_vars" not in str(world.to_save().to_dict())  # kept while running, never saved
    with pytest.raises(ScriptError, match=r"chunk_\d+:\(2,.*MeshRenderer\.get\('material'\) on aaaaaa is not emulated"):
        world.execute(
            "-1",
            "local r = getObjectFromGUID('aaaaaa').getComponent('MeshRenderer')\nr.get('material')",
            world.global_env,
        )
    with pytest.raises(ScriptError, match=r"Component\.getVars is not emulated"):
        run(world, "getObjectFromGUID('aaaaaa').getComponent('Transform').getVars()")
