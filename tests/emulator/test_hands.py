"""A player's hands on the emulated table (issue 37): each action the page sends, on a real World with real Lua,
checked by the table after it (and as a save records it) and by the events a Global script records."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.table.savefile import SaveFile
from tests.emulator.test_lua_api import run
from tools.emulator.hands import HandError
from tools.emulator.server import Emulator
from tools.emulator.world import World

RECORDER = """
seen = {}
local function note(...) seen[#seen + 1] = table.concat({...}, ' ') end
function onObjectPickUp(color, obj) note('pickup', color, obj.guid) end
function onObjectDrop(color, obj) note('drop', color, obj.guid) end
function onObjectEnterContainer(box, obj) note('enter', box.guid, obj.guid) end
function onObjectLeaveContainer(box, obj) note('leave', box.guid, obj.guid) end
function onObjectEnterZone(zone, obj) note('zone+', zone.guid, obj.guid) end
function onObjectLeaveZone(zone, obj) note('zone-', zone.guid, obj.guid) end
function onObjectRotate(obj, spin, flip, color, old_spin, old_flip)
    note('rotate', obj.guid, spin, flip, color, old_spin, old_flip)
end
function onObjectRandomize(obj, color) note('randomize', obj.guid, color) end
"""
TOP = 0.96  # the height of a table the project has no measurement of (landing.UNKNOWN_TABLE: Table_RPG's)


def piece(guid: str, x: float, z: float, y: float = 1.5, name: str = "BlockSquare", **extra: Any) -> dict[str, Any]:
    scale = extra.pop("scale", (1.0, 1.0, 1.0))
    transform = {"posX": x, "posY": y, "posZ": z, "scaleX": scale[0], "scaleY": scale[1], "scaleZ": scale[2]}
    return {"GUID": guid, "Name": name, "Transform": transform, **extra}


def card(guid: str, x: float, z: float, card_id: int = 100, **extra: Any) -> dict[str, Any]:
    return piece(guid, x, z, 1.0, "CardCustom", CardID=card_id, scale=(1.0, 0.02, 1.0), **extra)


def deck(guid: str, x: float, z: float, cards: list[dict[str, Any]]) -> dict[str, Any]:
    return piece(
        guid,
        x,
        z,
        1.0,
        "DeckCustom",
        ContainedObjects=cards,
        DeckIDs=[c["CardID"] for c in cards],
        scale=(1.0, 0.2, 1.0),
    )


def hand(color: str, x: float, z: float) -> dict[str, Any]:
    return piece(f"hand{color[:2].lower()}", x, z, 3.0, "HandTrigger", FogColor=color, scale=(10.0, 4.0, 4.0))


def table(objects: list[dict[str, Any]], **top: Any) -> tuple[Emulator, World]:
    """An emulator (no sockets: the hands need none) holding these objects and the recording Global script."""
    save = SaveFile.from_dict({"SaveName": "hands", "LuaScript": RECORDER, "ObjectStates": objects, **top})
    emulator = Emulator(None)
    emulator.world = World(save, lambda message: None)
    return emulator, emulator.world


def seen(world: World) -> list[str]:
    return list(run(world, "return seen") or [])


def in_hand(world: World, color: str) -> list[str]:
    """What ``Player[color].getHandObjects()`` lists, by GUID."""
    lua = f"local t = {{}} for _, o in ipairs(Player.{color}.getHandObjects()) do t[#t+1] = o.guid end return t"
    return list(run(world, lua) or [])


def saved(world: World, guid: str) -> dict[str, Any]:
    """The object as a save written now records it."""
    states = world.to_save().to_dict()["ObjectStates"]
    return next(s for s in states if s["GUID"] == guid)


def at(world: World, guid: str) -> tuple[float, float, float]:
    t = saved(world, guid)["Transform"]
    return (round(t["posX"], 4), round(t["posY"], 4), round(t["posZ"], 4))


# --- move ---------------------------------------------------------------------------------------------------


def test_a_moved_piece_lands_on_the_table_at_the_point_with_pick_up_and_drop_in_the_players_colour():
    """api events: onObjectPickUp(player_color, object), onObjectDrop(player_color, object); a unit block rests
    with its bottom on the table's top."""
    emulator, world = table([piece("aaaaaa", 0, 0)])
    said = emulator.player_action("Red", {"do": "move", "guid": "aaaaaa", "x": 3.5, "z": -2})
    assert at(world, "aaaaaa") == (3.5, TOP + 0.5, -2.0)
    assert seen(world) == ["pickup Red aaaaaa", "drop Red aaaaaa"]
    assert said == "Red moved 'BlockSquare' (aaaaaa) to x 3.50, z -2.00"
    assert run(world, "return getObjectFromGUID('aaaaaa').held_by_color") is None


def test_a_piece_dropped_over_others_rests_on_the_highest_top_under_its_footprint():
    """Landing on top: a coin over a board and a chip already on it rests on the chip, from their bounds."""
    board = piece("b00000", 0, 0, 1.0, scale=(10.0, 0.2, 10.0))  # top 1.1
    chip = piece("c00000", 2, 2, 1.2, scale=(1.0, 0.2, 1.0))  # on the board, top 1.3
    coin = piece("d00000", -8, -8, 1.1, scale=(0.6, 0.1, 0.6), Nickname="Złoty żeton")
    emulator, world = table([board, chip, coin])
    said = emulator.player_action("White", {"do": "move", "guid": "d00000", "x": 2.5, "z": 2.5})
    assert at(world, "d00000") == (2.5, 1.35, 2.5)
    assert said.endswith("onto 'BlockSquare' (c00000)")
    emulator.player_action("White", {"do": "move", "guid": "d00000", "x": -3, "z": 0})
    assert at(world, "d00000") == (-3.0, 1.15, 0.0)  # on the board alone
    emulator.player_action("White", {"do": "move", "guid": "d00000", "x": -5.2, "z": 0})
    assert at(world, "d00000")[1] == pytest.approx(1.1 + 0.05)  # its footprint still overlaps the board's edge
    emulator.player_action("White", {"do": "move", "guid": "d00000", "x": -5.4, "z": 0})
    assert at(world, "d00000")[1] == pytest.approx(TOP + 0.05)  # clear of it: on the table


def test_a_drop_near_a_boards_snap_point_snaps_to_it_and_takes_its_rotation():
    """A board's AttachedSnapPoints are local to it (save format); a point saved with Rotation snaps rotation
    (api getSnapPoints: rotation_snap); beyond reach (0.5, *chosen*) nothing snaps."""
    points = [{"Position": {"x": 1.0, "y": 0.1, "z": 1.0}, "Rotation": {"x": 0, "y": 90, "z": 0}}]
    board = piece("b00000", 0, 0, 1.0, scale=(4.0, 0.2, 4.0), AttachedSnapPoints=points, Nickname="Plansza")
    emulator, world = table([board, piece("aaaaaa", 8, 8, scale=(0.5, 0.2, 0.5))])
    said = emulator.player_action("White", {"do": "move", "guid": "aaaaaa", "x": 4.3, "z": 3.8})
    assert at(world, "aaaaaa")[::2] == (4.0, 4.0)  # local (1, 1) times the board's scale 4
    assert saved(world, "aaaaaa")["Transform"]["rotY"] == 90
    assert "on a snap point of 'Plansza' (guid b00000)'s" in said
    emulator.player_action("White", {"do": "move", "guid": "aaaaaa", "x": 4.6, "z": 3.5})
    assert at(world, "aaaaaa")[::2] == (4.6, 3.5)


def test_the_tables_snap_points_snap_only_pieces_sharing_their_tags():
    """The save's SnapPoints are in world coordinates; Knowledge Base, Object Tags: a snap point with tags
    interacts only with objects sharing one of them."""
    points = [{"Position": {"x": 5, "y": 1, "z": 5}, "Tags": ["gold"]}, {"Position": {"x": -5, "y": 1, "z": -5}}]
    gold = piece("aaaaaa", 0, 0, Tags=["Gold"])
    plain = piece("bbbbbb", 2, 0)
    emulator, world = table([gold, plain], SnapPoints=points)
    emulator.player_action("White", {"do": "move", "guid": "aaaaaa", "x": 5.3, "z": 5.2})
    emulator.player_action("White", {"do": "move", "guid": "bbbbbb", "x": 5.3, "z": 4.8})
    assert at(world, "aaaaaa")[::2] == (5.0, 5.0)
    assert at(world, "bbbbbb")[::2] == (5.3, 4.8)
    emulator.player_action("White", {"do": "move", "guid": "bbbbbb", "x": -4.8, "z": -5.1})
    assert at(world, "bbbbbb")[::2] == (-5.0, -5.0)


def test_a_piece_dropped_on_a_bag_goes_in_and_the_save_holds_it_there():
    """api events: onObjectEnterContainer(container, object), after the drop."""
    emulator, world = table([piece("bag000", 0, 0, name="Bag", ContainedObjects=[]), piece("aaaaaa", 5, 5)])
    said = emulator.player_action("Blue", {"do": "move", "guid": "aaaaaa", "x": 0.2, "z": -0.1})
    assert said.endswith("into 'Bag' (bag000)")
    assert "aaaaaa" not in world.objects
    assert [c["GUID"] for c in saved(world, "bag000")["ContainedObjects"]] == ["aaaaaa"]
    assert seen(world) == ["pickup Blue aaaaaa", "drop Blue aaaaaa", "enter bag000 aaaaaa"]


def test_a_script_saying_no_in_try_object_enter_container_keeps_the_piece_on_top_of_the_bag():
    """api events: tryObjectEnterContainer(container, object): "Return false to prevent the object entering"."""
    emulator, world = table([piece("bag000", 0, 0, name="Bag", ContainedObjects=[]), piece("aaaaaa", 5, 5)])
    run(world, "function tryObjectEnterContainer(box, obj) return obj.guid ~= 'aaaaaa' end")
    said = emulator.player_action("White", {"do": "move", "guid": "aaaaaa", "x": 0, "z": 0})
    assert "a script kept it out" in said
    assert at(world, "aaaaaa") == (0.0, 2.5, 0.0)
    assert saved(world, "bag000")["ContainedObjects"] == []


def test_a_card_dropped_on_a_deck_goes_on_top_and_on_a_card_makes_a_deck():
    """shared/docs/tts-interface.md §5: putObject "returns the container, or the deck/stack formed from two
    non-containers (two cards → a new deck, new GUID)"; a card dropped from above joins the deck's top."""
    cards = [card("d1", 0, 0, 101), card("d2", 0, 0, 102)]
    emulator, world = table([deck("deck00", 0, 0, cards), card("c1", 4, 0, 201), card("c2", 8, 0, 202)])
    emulator.player_action("White", {"do": "move", "guid": "c1", "x": 0.1, "z": 0})
    assert saved(world, "deck00")["DeckIDs"] == [201, 101, 102]
    assert seen(world)[-1] == "enter deck00 c1"
    said = emulator.player_action("White", {"do": "move", "guid": "c2", "x": 0, "z": 0.2})
    assert saved(world, "deck00")["DeckIDs"] == [202, 201, 101, 102]
    assert said == "White moved 'CardCustom' (c2) to x 0.00, z 0.20 into 'DeckCustom' (deck00)"
    emulator, world = table([card("c1", 4, 0, 201), card("c2", 8, 0, 202)])
    said = emulator.player_action("White", {"do": "move", "guid": "c2", "x": 4, "z": 0})
    decks = [o for o in world.objects.values() if o.type == "Deck"]
    assert len(decks) == 1 and "c1" not in world.objects and "c2" not in world.objects
    assert decks[0].data["DeckIDs"] == [202, 201] and decks[0].position.x == 4.0
    assert said.endswith(f"making the deck {decks[0].guid}")


def test_a_deck_dropped_on_a_deck_brings_all_its_cards():
    """Two decks make one: the dropped deck's cards on top, in their order."""
    low = deck("deck01", 0, 0, [card("d1", 0, 0, 101), card("d2", 0, 0, 102)])
    high = deck("deck02", 5, 0, [card("e1", 0, 0, 201), card("e2", 0, 0, 202)])
    emulator, world = table([low, high])
    emulator.player_action("White", {"do": "move", "guid": "deck02", "x": 0, "z": 0})
    assert saved(world, "deck01")["DeckIDs"] == [201, 202, 101, 102]
    assert [c["GUID"] for c in saved(world, "deck01")["ContainedObjects"]] == ["e1", "e2", "d1", "d2"]
    assert "deck02" not in world.objects


def test_a_card_dropped_in_the_players_own_hand_zone_is_in_their_hand():
    """A hand zone holds the cards dropped in it, facing its owner (``deal``'s layout, *chosen*); the zone's enter
    event follows (api events: onObjectEnterZone(zone, object))."""
    emulator, world = table([hand("White", 0, -15), card("c1", 4, 0, 201), card("c2", 6, 0, 202)])
    said = emulator.player_action("White", {"do": "move", "guid": "c1", "x": 3, "z": -14})
    emulator.player_action("White", {"do": "move", "guid": "c2", "x": -3, "z": -16})
    assert said == "White moved 'CardCustom' (c1) into White's hand"
    assert in_hand(world, "White") == ["c1", "c2"]
    assert at(world, "c1")[::2] == (0.0, -15.0) and at(world, "c2")[::2] == (0.6, -15.0)  # turned to face White
    assert "zone+ handwh c1" in seen(world)


# --- refusals -----------------------------------------------------------------------------------------------


def test_a_locked_piece_never_moves_and_the_message_names_it_and_where_it_lies():
    emulator, world = table([piece("aaaaaa", 1, 2, Locked=True, Nickname="Плата 🐉")])
    with pytest.raises(HandError) as refused:
        emulator.player_action("White", {"do": "move", "guid": "aaaaaa", "x": 5, "z": 5})
    assert str(refused.value) == (
        "White cannot move 'Плата 🐉' (guid aaaaaa, Block) at (1.00, 1.50, 2.00): it is locked "
        "(TTS lets nobody pick up or turn a locked object)"
    )
    assert at(world, "aaaaaa") == (1.0, 1.5, 2.0) and seen(world) == []


def test_a_piece_held_by_another_player_or_lying_in_their_hand_cannot_be_taken_nor_its_name_seen():
    emulator, world = table([hand("Red", 0, 15), card("c1", 0, 15, Nickname="Sekret"), piece("aaaaaa", 5, 5)])
    emulator.hold("aaaaaa", "Red")
    with pytest.raises(HandError, match=r"White cannot move 'BlockSquare' \(guid aaaaaa.*: Red is holding it"):
        emulator.player_action("White", {"do": "move", "guid": "aaaaaa", "x": 0, "z": 0})
    with pytest.raises(HandError) as refused:
        emulator.player_action("White", {"do": "flip", "guid": "c1"})
    assert str(refused.value) == (
        "White cannot flip the card c1 in Red's hand: only Red may touch what lies in Red's hand"
    )
    assert "Sekret" not in str(refused.value)
    assert at(world, "aaaaaa") == (5.0, 1.5, 5.0) and in_hand(world, "Red") == ["c1"]
    assert emulator.player_action("Red", {"do": "move", "guid": "c1", "x": 3, "z": 3}).startswith("Red moved")


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ([1, 2], "a player's action must be a JSON object, not list"),
        ({"guid": "aaaaaa"}, "a player's action needs 'do', one of move, flip, rotate, draw, take, put, shuffle"),
        ({"do": "throw", "guid": "aaaaaa"}, "unknown action 'throw' (the actions are move, flip, rotate, draw,"),
        ({"do": ["move"], "guid": "aaaaaa"}, "unknown action \"['move']\""),
        ({"do": "move", "guid": "aaaaaa", "x": 1}, "a move action needs 'z', a number"),
        ({"do": "move", "guid": "aaaaaa", "x": "1", "z": 0}, "a move action's 'x' must be a number, not '1'"),
        ({"do": "move", "guid": "aaaaaa", "x": True, "z": 0}, "a move action's 'x' must be a number, not 'True'"),
        ({"do": "move", "guid": 7, "x": 1, "z": 0}, "a move action's 'guid' must be a GUID (text), not '7'"),
        ({"do": "draw", "guid": "aaaaaa", "count": 0}, "'count' must be a whole number from 1 to 1000, not '0'"),
        ({"do": "flip", "guid": "aaaaaa", "y": 2}, "a flip action has no field y (it takes guid)"),
        ({"do": "flip", "guid": "zzzzzz"}, "White cannot flip zzzzzz: no object with that GUID lies on the table"),
    ],
)
def test_malformed_actions_are_refused_with_what_is_wrong(action: Any, message: str):
    emulator, world = table([piece("aaaaaa", 0, 0)])
    with pytest.raises(HandError) as refused:
        emulator.player_action("White", action)
    assert message in str(refused.value)
    assert seen(world) == []


def test_a_spectator_or_an_unknown_colour_has_no_hands():
    emulator, _ = table([piece("aaaaaa", 0, 0)])
    for color in ("Grey", "white", "Gold"):
        with pytest.raises(HandError, match=f"'{color}' is not a player's colour here"):
            emulator.player_action(color, {"do": "flip", "guid": "aaaaaa"})


def test_a_drop_off_the_table_is_refused_where_nothing_holds_the_piece():
    """bridge/table/ttsfacts.py: Table_RPG's flat top runs to x ±28, z ±19; with Table_None there is no table."""
    emulator, world = table([piece("aaaaaa", 0, 0), piece("floor0", 40, 0, scale=(10.0, 1.0, 10.0))], Table="Table_RPG")
    with pytest.raises(HandError, match=r"x 30\.00, z 0\.00 is off the table \(its flat top runs to x ±28, z ±19\)"):
        emulator.player_action("White", {"do": "move", "guid": "aaaaaa", "x": 30, "z": 0})
    emulator.player_action("White", {"do": "move", "guid": "aaaaaa", "x": 38, "z": 0})  # on the floor block
    assert at(world, "aaaaaa") == (38.0, 2.5, 0.0)
    emulator, world = table([piece("aaaaaa", 0, 0)], Table="Table_None")
    with pytest.raises(HandError, match="this table is Table_None"):
        emulator.player_action("White", {"do": "move", "guid": "aaaaaa", "x": 1, "z": 0})
