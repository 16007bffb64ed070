"""The TTS API that public mods call at load or in play (issue 32, section 3), each member against the page of the
API reference it follows (api.tabletopsimulator.com), run through the emulator's real Lua runtime."""

from __future__ import annotations

from tests.emulator.test_lua_api import run, world_with
from tests.emulator.test_object_api import deck


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
