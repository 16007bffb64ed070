"""The Object API that real mods call (issue 17), each member against the line of the API reference it follows
(api.tabletopsimulator.com; source docs/object.md, docs/behavior/*.md), run through real Lua 5.2."""

from __future__ import annotations

import math
from typing import Any

import pytest

from tests.emulator.test_lua_api import run, world_with
from tools.emulator import players
from tools.emulator.luahost import ScriptError

BLOCK = {"GUID": "aaaaaa", "Name": "BlockSquare", "Nickname": "A"}


def deck(n: int, guid: str = "deck00", **extra: Any) -> dict[str, Any]:
    cards = [{"GUID": f"c{i:05d}", "Name": "Card", "CardID": 100 + i, "Nickname": f"card {i}"} for i in range(n)]
    return {
        "GUID": guid,
        "Name": "Deck",
        "DeckIDs": [c["CardID"] for c in cards],
        "CustomDeck": {"1": {"FaceURL": "f.png", "BackURL": "b.png", "NumWidth": 10, "NumHeight": 7}},
        "ContainedObjects": cards,
        **extra,
    }


def close(a: Any, b: tuple[float, ...]) -> bool:
    return all(math.isclose(x, y, abs_tol=1e-6) for x, y in zip(a, b, strict=True))


def xyz(world: Any, lua: str) -> tuple[float, float, float]:
    return tuple(run(world, f"local v = {lua} return {{v.x, v.y, v.z}}"))  # type: ignore[return-value]


def test_flags_read_the_save_keys_tts_writes_and_setting_them_writes_those_keys():
    """Member variables: "tooltip | If the tooltip opens when a pointer hovers over the object"; "use_hands | If
    this object can be held in a hand zone"; "hide_when_face_down | … Cards/decks default to true"."""
    world, _ = world_with([{**BLOCK, "Tooltip": False}, {"GUID": "card00", "Name": "Card"}])
    assert run(world, "local o = getObjectFromGUID('aaaaaa') return {o.tooltip, o.use_hands, o.sticky}") == [
        False,
        False,
        True,
    ]
    assert run(world, "local c = getObjectFromGUID('card00') return {c.use_hands, c.hide_when_face_down}") == [
        True,
        True,
    ]
    run(world, "local o = getObjectFromGUID('aaaaaa') o.use_hands = true o.tooltip = true o.use_snap_points = false")
    saved = world.to_save().to_dict()["ObjectStates"][0]
    assert (saved["Hands"], saved["Tooltip"], saved["Snap"]) == (True, True, False)


def test_interactable_is_kept_while_running_but_never_written_to_the_save():
    """Issue 17: "The emulator writes back only what TTS writes (no `Interactable` key TTS never saves)"."""
    world, _ = world_with([BLOCK])
    run(world, "getObjectFromGUID('aaaaaa').interactable = false")
    assert run(world, "return getObjectFromGUID('aaaaaa').interactable") is False
    assert "Interactable" not in world.to_save().to_dict()["ObjectStates"][0]


def test_physics_settings_come_from_the_save_section_else_unitys_defaults():
    """ "mass | Mass. Unity rigidbody property"; "bounciness | Bounciness, value of 0-1. Unity physics material"."""
    world, _ = world_with([BLOCK, {"GUID": "bbbbbb", "Name": "Custom_Model", "Rigidbody": {"Mass": 2.5}}])
    assert run(world, "local o = getObjectFromGUID('aaaaaa') return {o.mass, o.use_gravity, o.bounciness}") == [
        1.0,
        True,
        0.0,
    ]
    run(world, "getObjectFromGUID('aaaaaa').mass = 3 getObjectFromGUID('bbbbbb').mass = 4")
    assert run(world, "return getObjectFromGUID('aaaaaa').mass") == 3.0
    assert world.objects["bbbbbb"].data["Rigidbody"] == {"Mass": 4.0}
    assert "Rigidbody" not in world.objects["aaaaaa"].data  # a block's physics live only while running


def test_transform_directions_follow_the_objects_rotation():
    """ "getTransformForward() | Returns a Vector of the forward direction of this object. The direction is
    relative to how the object is facing." A quarter turn about Y faces forward along +X."""
    world, _ = world_with([{**BLOCK, "Transform": {"rotY": 90}}])
    assert close(xyz(world, "getObjectFromGUID('aaaaaa').getTransformForward()"), (1, 0, 0))
    assert close(xyz(world, "getObjectFromGUID('aaaaaa').getTransformRight()"), (0, 0, -1))
    assert close(xyz(world, "getObjectFromGUID('aaaaaa').getTransformUp()"), (0, 1, 0))


def test_translate_and_rotate_move_smoothly_by_an_offset():
    """ "translate(vector) | Smoothly moves Object by the given Vector offset"; "rotate … it rotates the Object
    around by the number of degrees given"; "getPositionSmooth … the current smooth move target if the object is
    smooth moving, otherwise returns nil"."""
    world, _ = world_with([{**BLOCK, "Transform": {"posX": 1, "rotY": 10}}])
    run(world, "local o = getObjectFromGUID('aaaaaa') o.translate({2, 0, 0}) o.rotate({x=0, y=90, z=0})")
    assert run(world, "return getObjectFromGUID('aaaaaa').isSmoothMoving()") is True
    assert close(xyz(world, "getObjectFromGUID('aaaaaa').getPositionSmooth()"), (3, 0, 0))
    world.run_until_idle()
    assert run(world, "return getObjectFromGUID('aaaaaa').isSmoothMoving()") is False
    assert run(world, "return getObjectFromGUID('aaaaaa').getPositionSmooth()") is None
    assert close(xyz(world, "getObjectFromGUID('aaaaaa').getRotation()"), (0, 100, 0))


def test_scale_multiplies_by_a_vector_or_a_number():
    """ "Both examples work to scale an object to be twice its current scale: self.scale({x=2, y=2, z=2})
    self.scale(2)"."""
    world, _ = world_with([{**BLOCK, "Transform": {"scaleX": 1, "scaleY": 0.5, "scaleZ": 3}}])
    run(world, "getObjectFromGUID('aaaaaa').scale(2)")
    assert close(xyz(world, "getObjectFromGUID('aaaaaa').getScale()"), (2, 1, 6))
    run(world, "getObjectFromGUID('aaaaaa').scale({x=1, y=2, z=0.5})")
    assert close(xyz(world, "getObjectFromGUID('aaaaaa').getScale()"), (2, 2, 3))


def test_bounds_turn_with_the_object_unless_normalized():
    """ "getBoundsNormalized() | … as if it was rotated to {0,0,0}"."""
    world, _ = world_with([{**BLOCK, "Transform": {"rotY": 90, "scaleX": 4, "scaleY": 1, "scaleZ": 2}}])
    assert close(xyz(world, "getObjectFromGUID('aaaaaa').getBounds().size"), (2, 1, 4))
    assert close(xyz(world, "getObjectFromGUID('aaaaaa').getBoundsNormalized().size"), (4, 1, 2))


def test_loading_custom_holds_for_a_board_whose_image_cannot_be_read_here(tmp_path):
    """ "loading_custom | If the object's custom elements (images/models/etc) are loading." The emulator reads a
    board's image from a local file for its size and fetches nothing from the web: a web image stays loading (and
    the board square), a readable file is loaded and sizes the board; other objects are never loading."""
    from PIL import Image

    from bridge.table.ttsfacts import local_image_url

    Image.new("RGB", (200, 100)).save(tmp_path / "wide.png")
    board = {"Name": "Custom_Board", "Transform": {"scaleX": 2, "scaleY": 1, "scaleZ": 2}}
    world, _ = world_with(
        [
            {**board, "GUID": "web000", "CustomImage": {"ImageURL": "https://example.org/map.png"}},
            {**board, "GUID": "disk00", "CustomImage": {"ImageURL": local_image_url(str(tmp_path / "wide.png"))}},
            {**board, "GUID": "gone00", "CustomImage": {"ImageURL": local_image_url(str(tmp_path / "no.png"))}},
            BLOCK,
        ]
    )
    loading = "local t = {} for _, g in ipairs({'web000', 'disk00', 'gone00', 'aaaaaa'}) do "
    loading += "t[#t+1] = getObjectFromGUID(g).loading_custom end return t"
    assert run(world, loading) == [True, False, True, False]
    web = xyz(world, "getObjectFromGUID('web000').getBoundsNormalized().size")
    disk = xyz(world, "getObjectFromGUID('disk00').getBoundsNormalized().size")
    assert math.isclose(web[0], web[2]) and math.isclose(disk[0], 2 * disk[2])


def test_a_cards_bounds_follow_its_sheets_cell_at_the_stated_card_width(tmp_path):
    """A card's footprint is its cell of the deck sheet (NumWidth x NumHeight of the sheet's pixels) at
    ttsfacts.CARD_WIDTH (*chosen*) times its scale; a deck's is its cards', a card's thickness per card; Physics.cast
    sees the same box."""
    from PIL import Image

    from bridge.table import ttsfacts

    Image.new("RGB", (1000, 2100)).save(tmp_path / "sheet.png")  # 10 x 7 cells of 100 x 300 px: 3 deep per 1 wide
    sheet = {"1": {"FaceURL": ttsfacts.local_image_url(str(tmp_path / "sheet.png")), "NumWidth": 10, "NumHeight": 7}}
    card = {"GUID": "card00", "Name": "CardCustom", "CardID": 105, "CustomDeck": sheet}
    card["Transform"] = {"posX": 10, "scaleX": 0.5, "scaleY": 1, "scaleZ": 0.5}
    cards = [{"GUID": f"c{i:05d}", "Name": "CardCustom", "CardID": 100 + i} for i in range(4)]
    pile = {"GUID": "deck00", "Name": "DeckCustom", "CustomDeck": sheet, "ContainedObjects": cards}
    web = {**card, "GUID": "web000", "CustomDeck": {"1": {"FaceURL": "https://example.org/s.png"}}}
    world, _ = world_with([card, pile, web])
    w = ttsfacts.CARD_WIDTH
    assert close(xyz(world, "getObjectFromGUID('card00').getBounds().size"), (w / 2, 0.05, 3 * w / 2))
    assert close(xyz(world, "getObjectFromGUID('deck00').getBounds().size"), (w, 4 * 0.05, 3 * w))
    assert close(xyz(world, "getObjectFromGUID('web000').getBounds().size"), (w / 2, 0.05, 1.4 * w / 2))
    ray = "return #Physics.cast({origin = {%s, 5, %s}, direction = {0, -1, 0}})"
    assert run(world, ray % (10, 0.7 * w)) == 1 and run(world, ray % (10, 0.8 * w)) == 0  # the card's far edge


def test_a_tokens_and_a_tiles_bounds_follow_their_image_scale_and_thickness(tmp_path):
    """A Custom_Token or Custom_Tile is sized as a custom board (its image's aspect, its scale: ttsfacts) and
    stands as tall as its CustomToken/CustomTile Thickness times its y scale (*chosen*)."""
    from PIL import Image

    from bridge.table import ttsfacts

    Image.new("RGB", (300, 100)).save(tmp_path / "wide.png")
    url = ttsfacts.local_image_url(str(tmp_path / "wide.png"))
    token = {"GUID": "tok000", "Name": "Custom_Token", "Transform": {"scaleX": 0.5, "scaleY": 2, "scaleZ": 0.5}}
    token["CustomImage"] = {"ImageURL": url, "CustomToken": {"Thickness": 0.1}}
    tile = {"GUID": "til000", "Name": "Custom_Tile", "Transform": {"scaleX": 1, "scaleY": 1, "scaleZ": 1}}
    tile["CustomImage"] = {"ImageURL": url, "CustomTile": {"Type": 2, "Thickness": 0.3}}
    world, _ = world_with([token, tile])
    assert close(xyz(world, "getObjectFromGUID('tok000').getBounds().size"), (1.5, 0.2, 0.5))
    assert close(xyz(world, "getObjectFromGUID('til000').getBounds().size"), (3, 0.3, 1))
    assert run(world, "return getObjectFromGUID('tok000').loading_custom") is False


def test_a_tagged_zone_lists_only_objects_sharing_a_tag_unless_told_to_ignore_tags():
    """ "If the zone has tags, then only objects with compatible tags will occupy the zone"; getZones: "If the
    object has tags, then the object will only occupy zones with compatible tags"."""
    zone = {"GUID": "zone00", "Name": "ScriptingTrigger", "Tags": ["meeple"], "Transform": {"scaleX": 9, "scaleZ": 9}}
    plain = {"GUID": "zone01", "Name": "ScriptingTrigger", "Transform": {"scaleX": 9, "scaleZ": 9}}
    objs = [zone, plain, {**BLOCK, "Tags": ["Meeple"]}, {"GUID": "bbbbbb", "Name": "BlockSquare"}]
    world, _ = world_with(objs)
    listed = (
        "local t = {} for _, o in ipairs(getObjectFromGUID('zone00').getObjects(%s)) do t[#t+1] = o.guid end return t"
    )
    assert run(world, listed % "") == ["aaaaaa"]
    assert run(world, listed % "true") == ["aaaaaa", "bbbbbb"]
    zones = "local t = {} for _, z in ipairs(getObjectFromGUID('%s').getZones()) do t[#t+1] = z.guid end return t"
    assert run(world, zones % "aaaaaa") == ["zone00", "zone01"]
    assert run(world, zones % "bbbbbb") == ["zone01"]
    assert run(
        world,
        "local a, b = getObjectFromGUID('aaaaaa'), getObjectFromGUID('bbbbbb') "
        "return {a.hasAnyTag(), b.hasAnyTag(), a.hasMatchingTag(getObjectFromGUID('zone00'))}",
    ) == [True, False, True]


def test_inputs_are_created_edited_listed_removed_and_typed_into():
    """ "getInputs() … Each Table of parameters also contains an index entry"; "input_function(obj,
    player_clicker_color, input_value, selected)"; "Removing an index instantly causes all other higher indexes
    to shift down 1"."""
    script = (
        "function onLoad() self.createInput({input_function='typed', function_owner=self, label='Gold'})\n"
        "self.createInput({input_function='typed', function_owner=self, label='Wood'}) end\n"
        "function typed(obj, color, value, selected) last = {obj.guid, color, value, selected} end"
    )
    world, _ = world_with([{**BLOCK, "LuaScript": script}])
    assert run(
        world,
        "local t = {} for _, i in ipairs(getObjectFromGUID('aaaaaa').getInputs()) do "
        "t[#t+1] = i.index .. i.label end return t",
    ) == ["0Gold", "1Wood"]
    players.type_input(world, "aaaaaa", 1, "12", color="Red")
    assert run(world, "return getObjectFromGUID('aaaaaa').getVar('last')") == ["aaaaaa", "Red", "12", False]
    run(world, "local o = getObjectFromGUID('aaaaaa') o.editInput({index=1, label='Stone'}) o.removeInput(0)")
    assert run(world, "local i = getObjectFromGUID('aaaaaa').getInputs()[1] return i.index .. i.label .. i.value") == (
        "0Stone12"
    )
    run(world, "getObjectFromGUID('aaaaaa').clearInputs()")
    assert run(world, "return getObjectFromGUID('aaaaaa').getInputs()") is None


def test_a_button_click_calls_its_function_in_the_owners_script():
    """ "click_function(obj, player_clicker_color, alt_click)"; "function_owner … Optional, Defaults to Global"."""
    world, _ = world_with(
        [BLOCK],
        "function onLoad() getObjectFromGUID('aaaaaa').createButton({click_function='clicked'}) end\n"
        "function clicked(obj, color, alt) who = obj.getName() .. color .. tostring(alt) end",
    )
    players.click_button(world, "aaaaaa", 0, color="Blue", alt=True)
    assert run(world, "return who") == "ABluetrue"
    with pytest.raises(KeyError, match="no button 3"):
        players.click_button(world, "aaaaaa", 3)


def test_color_tint_is_a_color_and_is_saved_as_color_diffuse():
    """ "getColorTint() | Color tint" returns a Color; "setColorTint(Color) | Sets the Color tint"."""
    world, _ = world_with([{**BLOCK, "ColorDiffuse": {"r": 0.856, "g": 0.1, "b": 0.094}}])  # TTS's Red
    assert run(world, "return getObjectFromGUID('aaaaaa').getColorTint():toString()") == "Red"
    run(world, "getObjectFromGUID('aaaaaa').setColorTint(Color.Blue)")
    assert world.objects["aaaaaa"].data["ColorDiffuse"] == {"r": 0.118, "g": 0.53, "b": 1.0}
    run(world, "getObjectFromGUID('aaaaaa').setColorTint({0, 1, 0})")
    assert run(world, "local c = getObjectFromGUID('aaaaaa').getColorTint() return {c.r, c.g, c.b, c.a}") == [
        0,
        1,
        0,
        1,
    ]


def test_custom_object_settings_use_the_apis_names():
    """ "-- Example returned Table for a custom token { image = "SOME URL HERE", thickness = 0.2, merge_distance
    = 15, stackable = false }"."""
    token = {
        "GUID": "tok000",
        "Name": "Custom_Token",
        "CustomImage": {"ImageURL": "u.png", "CustomToken": {"Thickness": 0.2, "MergeDistancePixels": 15.0}},
    }
    world, _ = world_with([token, deck(3)])
    got = run(world, "return getObjectFromGUID('tok000').getCustomObject()")
    assert got == {"image": "u.png", "thickness": 0.2, "merge_distance": 15.0}
    run(world, "getObjectFromGUID('tok000').setCustomObject({image = 'v.png', stackable = true})")
    assert world.objects["tok000"].data["CustomImage"]["ImageURL"] == "v.png"
    assert run(world, "return getObjectFromGUID('deck00').getCustomObject().face") == "f.png"


def test_rotation_values_set_then_read():
    """ "-- Example setting of rotation values for a coin {value="Heads", rotation={x=0, y=0, z=0}},
    {value="Tails", rotation={x=180, y=0, z=0}}"."""
    world, _ = world_with([{**BLOCK, "Transform": {"rotX": 180}}])
    run(
        world,
        "getObjectFromGUID('aaaaaa').setRotationValues({{value='Heads', rotation={x=0, y=0, z=0}}, "
        "{value='Tails', rotation={x=180, y=0, z=0}}})",
    )
    assert run(world, "return getObjectFromGUID('aaaaaa').getRotationValue()") == "Tails"


def test_decals_are_set_added_read_and_saved():
    """setDecals: "Using this function with an empty table will remove all decals"; getDecals sub-tables:
    name, url, position, rotation, scale."""
    world, _ = world_with([BLOCK])
    run(
        world,
        "getObjectFromGUID('aaaaaa').setDecals({{name='Icon', url='i.png', position={-2, 5, 0}, "
        "rotation={90, 0, 0}, scale=5}})",
    )
    run(
        world,
        "getObjectFromGUID('aaaaaa').addDecal({name='Two', url='j.png', position={1, 1, 1}, rotation={0,0,0}, "
        "scale={1, 1, 1}})",
    )
    got = run(
        world, "local d = getObjectFromGUID('aaaaaa').getDecals() return {#d, d[1].name, d[1].scale.x, d[2].position.z}"
    )
    assert got == [2, "Icon", 5.0, 1.0]
    assert len(world.to_save().to_dict()["ObjectStates"][0]["AttachedDecals"]) == 2
    run(world, "getObjectFromGUID('aaaaaa').setDecals({})")
    assert run(world, "return #getObjectFromGUID('aaaaaa').getDecals()") == 0


def test_variables_of_another_script_are_read_and_written():
    """ "setVar(func_name, data) | Creates/updates a variable in another entity's script"; "getTable … Can only
    return a table"; "setTable … Only used for tables"."""
    world, _ = world_with([{**BLOCK, "LuaScript": "gold = 1"}])
    run(world, "local o = getObjectFromGUID('aaaaaa') o.setVar('gold', 5) o.setTable('hand', {'x', 'y'})")
    assert run(world, "local o = getObjectFromGUID('aaaaaa') return {o.getVar('gold'), o.getTable('hand')[2]}") == [
        5,
        "y",
    ]


def test_selection_hiding_joints_collisions_and_the_context_menu_are_kept_while_running():
    """addToPlayerSelection / getSelectingPlayers "Returns a table of the player colors currently selecting the
    object"; jointTo: "Using obj.jointTo(), with no object or parameter used as arguments, will remove all joints";
    unregisterCollisions: "Returns true if the object was previously registered"; addContextMenuItem."""
    script = "function onLoad() self.addContextMenuItem('Score', function(color) scored = color end) end"
    world, _ = world_with([{**BLOCK, "LuaScript": script}, {"GUID": "bbbbbb", "Name": "BlockSquare"}])
    run(
        world,
        "local o = getObjectFromGUID('aaaaaa') o.addToPlayerSelection('Red') o.addToPlayerSelection('Blue') "
        "o.removeFromPlayerSelection('Red') o.setHiddenFrom({'Blue'}) o.attachInvisibleHider('fog', true)",
    )
    assert run(world, "return getObjectFromGUID('aaaaaa').getSelectingPlayers()") == ["Blue"]
    assert world.objects["aaaaaa"].runtime["hidden_from"] == {"": ["Blue"]}
    assert world.objects["aaaaaa"].runtime["invisible_to"] == {"fog": []}
    run(world, "getObjectFromGUID('aaaaaa').jointTo(getObjectFromGUID('bbbbbb'), {type='Spring', spring=50})")
    assert run(world, "local j = getObjectFromGUID('aaaaaa').getJoints()[1] return j.joint_object_guid .. j.type") == (
        "bbbbbbSpring"
    )
    run(world, "getObjectFromGUID('aaaaaa').jointTo()")
    assert run(world, "return #getObjectFromGUID('aaaaaa').getJoints()") == 0
    assert run(
        world,
        "local o = getObjectFromGUID('aaaaaa') o.registerCollisions() "
        "return {o.unregisterCollisions(), o.unregisterCollisions()}",
    ) == [True, False]
    players.context_menu(world, "aaaaaa", "Score", color="Green")
    assert run(world, "return getObjectFromGUID('aaaaaa').getVar('scored')") == "Green"


def test_attachments_are_kept_as_children_and_come_back_where_they_were():
    """addAttachment: "The Object supplied as param is destroyed and becomes a dummy Object child";
    getAttachments: "a table in the same format as getObjects() for containers"."""
    world, _ = world_with(
        [
            {**BLOCK, "Transform": {"posX": 10}},
            {"GUID": "bbbbbb", "Name": "BlockSquare", "Nickname": "hat", "Transform": {"posX": 11}},
        ]
    )
    run(world, "getObjectFromGUID('aaaaaa').addAttachment(getObjectFromGUID('bbbbbb'))")
    assert run(world, "return getObjectFromGUID('bbbbbb')") is None
    assert run(world, "local a = getObjectFromGUID('aaaaaa').getAttachments()[1] return a.index .. a.name") == "0hat"
    run(world, "getObjectFromGUID('aaaaaa').setPosition({20, 0, 0})")
    child = run(world, "return getObjectFromGUID('aaaaaa').removeAttachment(0).guid")
    assert child == "bbbbbb" and close(world.objects["bbbbbb"].position, (21, 0, 0))
    assert "ChildObjects" not in world.objects["aaaaaa"].data


def test_clone_gets_a_new_guid_at_the_documented_default_place():
    """clone: "parameters.position: Where the Object is placed. Optional, defaults to {x=0, y=3, z=0}"."""
    world, _ = world_with([{**BLOCK, "Transform": {"posX": 5}}])
    guid = run(world, "return getObjectFromGUID('aaaaaa').clone().guid")
    assert guid != "aaaaaa" and close(world.objects[guid].position, (0, 3, 0))
    assert world.objects[guid].data["Nickname"] == "A"


def test_reload_respawns_the_object_with_its_guid_and_runs_its_script_again():
    """reload: "This function causes the Object to be deleted and respawned instantly to refresh it, so its old
    Object reference will no longer be valid"; setLuaScript takes effect then."""
    world, _ = world_with([{**BLOCK, "LuaScript": "function onLoad() self.setDescription('v1') end"}])
    run(
        world,
        "local o = getObjectFromGUID('aaaaaa') o.setLuaScript(\"function onLoad() self.setDescription('v2') end\") "
        "fresh = o.reload()",
    )
    assert run(world, "return {fresh.guid, fresh.getDescription()}") == ["aaaaaa", "v2"]


def test_reset_brings_a_decks_cards_back_and_empties_a_bag():
    """reset: "Resetting a Deck brings all the Cards back into it. Resetting a Bag clears its contents"."""
    bag = {"GUID": "bag000", "Name": "Bag", "ContainedObjects": [{"GUID": "x00000", "Name": "BlockSquare"}]}
    world, _ = world_with([deck(4), bag])
    run(world, "local d = getObjectFromGUID('deck00') d.takeObject({}) d.takeObject({})")
    world.run_until_idle()
    assert run(world, "return getObjectFromGUID('deck00').getQuantity()") == 2
    run(world, "getObjectFromGUID('deck00').reset() getObjectFromGUID('bag000').reset()")
    assert run(
        world, "return {getObjectFromGUID('deck00').getQuantity(), getObjectFromGUID('bag000').getQuantity()}"
    ) == [
        4,
        0,
    ]
    assert run(world, "return getObjectFromGUID('c00000')") is None


def test_cut_split_and_spread_make_the_documented_piles():
    """cut: "1: The lower deck, containing the remaining cards … 2: The upper deck, containing count number of
    cards", count "between 2 and totalNumberOfCards - 2"; split: "They are ordered so any larger decks come
    first"; spread: "If no value is provided, they will be 0.6 inches apart"."""
    world, _ = world_with([deck(10), deck(7, "deck01"), deck(3, "deck02", Transform={"posX": 1})])
    assert run(
        world, "local p = getObjectFromGUID('deck00').cut(3) return {p[1].getQuantity(), p[2].getQuantity()}"
    ) == [
        7,
        3,
    ]
    assert run(
        world,
        "local t = {} for _, d in ipairs(getObjectFromGUID('deck01').split(3)) do "
        "t[#t+1] = d.getQuantity() end return t",
    ) == [3, 2, 2]
    cards = run(
        world,
        "local t = {} for _, c in ipairs(getObjectFromGUID('deck02').spread()) do "
        "t[#t+1] = c.getPosition().x end return t",
    )
    assert close(cards, (1.0, 1.6, 2.2))
    with pytest.raises(ScriptError, match="cannot be cut from a deck of 7"):
        run(
            world,
            "getObjectsWithTag('none') local d = getObjects() for _, o in ipairs(d) do "
            "if o.getQuantity() == 7 then o.cut(6) end end",
        )


def test_deal_puts_cards_in_the_hand_zone_and_the_player_sees_them():
    """deal: "Deals Objects to hand zones"; Player getHandObjects lists what is in that player's hand."""
    hand = {
        "GUID": "hand00",
        "Name": "HandTrigger",
        "FogColor": "White",
        "Transform": {"posZ": -20, "scaleX": 12, "scaleY": 5, "scaleZ": 4},
    }
    world, _ = world_with([deck(5), hand])
    run(world, "getObjectFromGUID('deck00').deal(2, 'White')")
    world.run_until_idle()
    assert len(run(world, "return Player.White.getHandObjects()")) == 2
    assert run(world, "return #Player.Red.getHandObjects()") == 0
    assert run(world, "return getObjectFromGUID('deck00').getQuantity()") == 3
    card = run(world, "return getObjectFromGUID('deck00').dealToColorWithOffset({-2, 0, 5}, true, 'White').guid")
    world.run_until_idle()
    assert close(world.objects[card].position, (-2, 0, -15))


def test_counter_text_and_clock_behaviours():
    """Counter: "increment() | Increments the counter's value by 1"; TextTool "setValue(text)"; Clock:
    "startStopwatch() | Switches clock to stopwatch mode and starts it"."""
    objs = [
        {"GUID": "cnt000", "Name": "Counter", "Counter": {"value": 4}},
        {"GUID": "txt000", "Name": "3DText", "Text": {"Text": "hi", "fontSize": 64}},
        {"GUID": "clk000", "Name": "Digital_Clock"},
    ]
    world, _ = world_with([*objs, BLOCK])
    run(world, "local c = getObjectFromGUID('cnt000').Counter c.increment() c.increment() c.decrement()")
    assert run(
        world, "return {getObjectFromGUID('cnt000').Counter.getValue(), getObjectFromGUID('cnt000').getValue()}"
    ) == [
        5,
        5,
    ]
    run(
        world,
        "local t = getObjectFromGUID('txt000').TextTool t.setValue('bye') t.setFontSize(30) t.setFontColor(Color.Red)",
    )
    assert world.objects["txt000"].data["Text"]["Text"] == "bye"
    assert run(world, "return getObjectFromGUID('txt000').TextTool.getFontColor():toString()") == "Red"
    run(world, "getObjectFromGUID('clk000').Clock.startStopwatch()")
    run(world, "Wait.time(function() end, 3)")
    world.run_until_idle()
    assert run(world, "return getObjectFromGUID('clk000').Clock.getValue()") == 3
    assert run(world, "return getObjectFromGUID('aaaaaa').Counter") is None


def test_shuffle_states_picks_one_of_the_other_states():
    """shuffleStates: "Returns an Object reference to a new state after randomly selecting and changing to one"."""
    die = {
        **BLOCK,
        "States": {
            "2": {"GUID": "bbbbbb", "Name": "BlockSquare", "Nickname": "B"},
            "3": {"GUID": "cccccc", "Name": "BlockSquare", "Nickname": "C"},
        },
    }
    world, _ = world_with([die], seed=3)
    assert run(world, "return getObjectFromGUID('aaaaaa').shuffleStates().getName()") in ("B", "C")
    assert run(world, "return getObjectFromGUID('aaaaaa')") is None
