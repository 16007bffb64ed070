"""A player's hands on the emulated table (issue 37): each action the page sends, on a real World with real Lua,
checked by the table after it (and as a save records it) and by the events a Global script records."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.modbuild import build_save
from bridge.table.savefile import SaveFile
from bridge.table.ttsfacts import CARD_WIDTH
from engines import registry
from engines.base import ReadError
from engines.warchest import table as wc
from engines.warchest.state import Piece
from engines.warchest.units import ROYAL
from tests.conftest import start_live, stop_live
from tests.emulator.test_lua_api import run
from tools.emulator.api_pieces import HAND_STEP
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
    transform |= {key: extra.pop(key) for key in ("rotX", "rotY", "rotZ") if key in extra}
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


def hand_place(k: int) -> float:
    """The x of the k-th place of :func:`hand`'s zone (10 wide at x 0): a card's half width in from its left end,
    then HAND_STEP apart (*chosen*)."""
    return round(-5.0 + CARD_WIDTH / 2 + HAND_STEP * k, 4)


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


def test_a_dropped_coin_rests_on_the_boards_top_by_its_tiles_thickness(tmp_path):
    """A Custom_Tile's CustomTile Thickness is its height (times its y scale, *chosen*): a coin of thickness 0.1
    dropped on a board lies with its bottom on the board's top, not half a unit above it."""
    from PIL import Image

    from bridge.table.ttsfacts import local_image_url

    Image.new("RGB", (64, 64)).save(tmp_path / "coin.png")
    board = piece("b00000", 0, 0, 1.0, scale=(10.0, 0.2, 10.0))  # top 1.1
    image = {"ImageURL": local_image_url(str(tmp_path / "coin.png")), "CustomTile": {"Type": 2, "Thickness": 0.1}}
    coin = piece("c00000", 8, 8, 1.5, "Custom_Tile", scale=(0.4, 1.0, 0.4), CustomImage=image)
    emulator, world = table([board, coin])
    emulator.player_action("White", {"do": "move", "guid": "c00000", "x": 1, "z": 1})
    assert at(world, "c00000")[1] == pytest.approx(1.1 + 0.05)


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


def test_a_card_laid_beside_another_with_its_edge_on_it_stays_a_card_of_its_own():
    """A card joins a card or deck only with its centre over it (*chosen*): laid in a row with its edge on its
    neighbour (cards 2.2 wide, 2.0 apart), it lies on that edge and no deck is made."""
    emulator, world = table(
        [card("c1", 0, 0, 201), card("c2", 8, 0, 202), deck("deck00", -8, 0, [card("d1", 0, 0, 101)])]
    )
    said = emulator.player_action("White", {"do": "move", "guid": "c2", "x": 2.0, "z": 0})
    assert said == "White moved 'CardCustom' (c2) to x 2.00, z 0.00 onto 'CardCustom' (c1)"
    assert {"c1", "c2"} <= set(world.objects) and world.objects["c2"].position.y > world.objects["c1"].position.y
    emulator.player_action("White", {"do": "move", "guid": "c1", "x": -10.0, "z": 0})
    assert saved(world, "deck00")["DeckIDs"] == [101] and "c1" in world.objects


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
    assert at(world, "c1")[::2] == (hand_place(0), -15.0) and at(world, "c2")[::2] == (hand_place(1), -15.0)
    assert "zone+ handwh c1" in seen(world)
    emulator.player_action("White", {"do": "move", "guid": "c1", "x": 5, "z": 5})
    assert in_hand(world, "White") == ["c2"] and seen(world)[-1] == "zone- handwh c1"


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
    objects = [hand("Red", 0, 15), card("c1", 0, 15, Nickname="Sekret"), piece("aaaaaa", 5, 5), piece("bbbbbb", 8, 8)]
    emulator, world = table(objects)
    said = emulator.player_action("White", {"do": "move", "guid": "bbbbbb", "x": 0.2, "z": 15})  # a block: not held
    assert said == "White moved 'BlockSquare' (bbbbbb) to x 0.20, z 15.00 onto the card c1 in Red's hand"
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


@pytest.mark.parametrize("name", ["Złoty żeton", "Жёлтый жук", "Smok 🐉"])
def test_names_in_any_script_are_said_as_written_in_lines_and_refusals(name: str):
    emulator, _ = table([piece("aaaaaa", 0, 0, Nickname=name), piece("bbbbbb", 3, 3, Nickname=name, Locked=True)])
    assert emulator.player_action("White", {"do": "move", "guid": "aaaaaa", "x": 1, "z": 1}).startswith(
        f"White moved '{name}' (aaaaaa) to x 1.00, z 1.00"
    )
    with pytest.raises(HandError) as refused:
        emulator.player_action("White", {"do": "rotate", "guid": "bbbbbb", "degrees": 15})
    assert str(refused.value).startswith(f"White cannot turn '{name}' (guid bbbbbb, Block) at (3.00, 1.50, 3.00)")


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
    emulator, world = table([piece("aaaaaa", 0, 0)])  # a table the project has not measured: far, not endless
    with pytest.raises(HandError, match=r"x 1000000\.00, z 0\.00 is off the table"):
        emulator.player_action("White", {"do": "move", "guid": "aaaaaa", "x": 1e6, "z": 0})
    emulator, world = table([piece("aaaaaa", 0, 0)], Table="Table_None")
    with pytest.raises(HandError, match="this table is Table_None"):
        emulator.player_action("White", {"do": "move", "guid": "aaaaaa", "x": 1, "z": 0})


# --- flip and rotate ------------------------------------------------------------------------------------------


def test_flip_turns_the_piece_face_over_smoothly_with_on_object_rotate():
    """shared/docs/tts-interface.md §6: flip() adds 180 to Z; api events: onObjectRotate(object, spin, flip,
    player_color, old_spin, old_flip), "Called when a player rotates an object" (flipping too)."""
    emulator, world = table([card("c1", 0, 0, rotY=90)])
    said = emulator.player_action("Green", {"do": "flip", "guid": "c1"})
    assert said == "Green flipped 'CardCustom' (c1) face down"
    assert run(world, "return getObjectFromGUID('c1').resting") is False  # a smooth turn, as F animates it
    world.run_until_idle()
    assert run(world, "return getObjectFromGUID('c1').is_face_down") is True
    assert saved(world, "c1")["Transform"]["rotZ"] == 180
    assert seen(world) == ["rotate c1 90 180 Green 90 0"]
    emulator.player_action("Green", {"do": "flip", "guid": "c1"})
    world.run_until_idle()
    assert run(world, "return getObjectFromGUID('c1').is_face_down") is False


def test_rotate_turns_about_the_vertical_axis_and_a_try_object_rotate_false_keeps_it_still():
    """TTS's Q and E turn a piece about y by the step the page sends; api events: tryObjectRotate(object, spin,
    flip, player_color, old_spin, old_flip): "Return false to prevent the rotation"."""
    script = "function tryRotate(spin, flip, color, old_spin, old_flip) return spin ~= 45 end"
    emulator, world = table([piece("aaaaaa", 0, 0, LuaScript=script)])
    assert emulator.player_action("White", {"do": "rotate", "guid": "aaaaaa", "degrees": 15}) == (
        "White turned 'BlockSquare' (aaaaaa) by 15°"
    )
    emulator.player_action("White", {"do": "rotate", "guid": "aaaaaa", "degrees": -30})
    world.run_until_idle()
    assert saved(world, "aaaaaa")["Transform"]["rotY"] == pytest.approx(345)
    assert seen(world) == ["rotate aaaaaa 15 0 White 0 0", "rotate aaaaaa 345 0 White 15 0"]
    said = emulator.player_action("White", {"do": "rotate", "guid": "aaaaaa", "degrees": 60})
    world.run_until_idle()
    assert said == "White could not turn 'BlockSquare' (aaaaaa): a script kept it still"
    assert saved(world, "aaaaaa")["Transform"]["rotY"] == pytest.approx(345) and len(seen(world)) == 2


def test_a_locked_piece_is_neither_flipped_nor_turned():
    emulator, world = table([piece("aaaaaa", 0, 0, Locked=True)])
    for action in ({"do": "flip", "guid": "aaaaaa"}, {"do": "rotate", "guid": "aaaaaa", "degrees": 15}):
        with pytest.raises(HandError, match="it is locked"):
            emulator.player_action("White", action)
    assert not world.busy and seen(world) == []


# --- draw, take, put, shuffle -------------------------------------------------------------------------------


def test_draw_deals_from_the_top_of_a_deck_into_the_players_own_hand():
    """As TTS's draw (api deal(number, player_color)): cards from the top, face up in the hand; taking the
    second-to-last card collapses the deck (§5); onObjectLeaveContainer(container, object) for each."""
    cards = [card("d1", 0, 0, 101), card("d2", 0, 0, 102), card("d3", 0, 0, 103)]
    emulator, world = table([hand("White", 0, -15), deck("deck00", 0, 0, cards)])
    assert emulator.player_action("White", {"do": "draw", "guid": "deck00", "count": 2}) == (
        "White drew 2 from 'DeckCustom' (deck00) into their hand"
    )
    world.run_until_idle()
    assert in_hand(world, "White") == ["d1", "d2"]
    assert "deck00" not in world.objects and world.objects["d3"].position.x == 0  # the last card in its place
    assert [e for e in seen(world) if e.startswith("leave")] == ["leave deck00 d1", "leave deck00 d2"]
    assert run(world, "return getObjectFromGUID('d1').is_face_down") is False


def test_a_card_drawn_after_one_left_the_middle_of_the_hand_fills_its_place_not_the_last_cards():
    """A hand's pieces lie HAND_STEP apart from its left end (*chosen*); with a card taken from the middle, the
    next card dealt goes to the free place, not onto the last card (where it could be neither seen nor picked
    up)."""
    cards = [card(f"d{i}", 0, 0, 100 + i) for i in range(1, 6)]
    emulator, world = table([hand("White", 0, -15), deck("deck00", 0, 0, cards)])
    emulator.player_action("White", {"do": "draw", "guid": "deck00", "count": 3})
    world.run_until_idle()
    emulator.player_action("White", {"do": "move", "guid": "d2", "x": 5, "z": 5})
    emulator.player_action("White", {"do": "draw", "guid": "deck00", "count": 2})
    world.run_until_idle()
    places = {g: at(world, g)[0] for g in in_hand(world, "White")}
    assert places == {"d1": hand_place(0), "d3": hand_place(2), "d4": hand_place(1), "d5": hand_place(3)}


def test_draw_asks_for_a_hand_a_container_and_something_in_it():
    emulator, _ = table([deck("deck00", 0, 0, [card("d1", 0, 0), card("d2", 0, 0)]), piece("bag000", 5, 0, name="Bag")])
    with pytest.raises(HandError, match="there is no hand zone of White's on this table"):
        emulator.player_action("White", {"do": "draw", "guid": "deck00", "count": 1})
    emulator, _ = table([hand("White", 0, -15), piece("bag000", 5, 0, name="Bag"), piece("aaaaaa", 0, 0)])
    with pytest.raises(HandError, match=r"White cannot draw from 'Bag' \(guid bag000, Bag\) at .*: it is empty"):
        emulator.player_action("White", {"do": "draw", "guid": "bag000", "count": 1})
    with pytest.raises(HandError, match="it is a block, not a deck or a bag"):
        emulator.player_action("White", {"do": "draw", "guid": "aaaaaa", "count": 1})


def test_take_lifts_a_given_object_out_of_a_bag_and_drops_it_at_the_point():
    """A player takes what they choose from a container (its search): onObjectLeaveContainer, then the pick-up and
    drop of their hand; it lands as a move lands."""
    inside = [piece("in0001", 0, 0, Nickname="Ćma"), piece("in0002", 0, 0, Nickname="Жук")]
    emulator, world = table([piece("bag000", 0, 0, name="Bag", ContainedObjects=inside)])
    said = emulator.player_action("Pink", {"do": "take", "guid": "bag000", "entry": "in0002", "x": 4, "z": 1})
    assert said == "Pink took out of 'Bag' (bag000) 'Жук' (in0002) to x 4.00, z 1.00"
    assert at(world, "in0002") == (4.0, TOP + 0.5, 1.0)
    assert [c["GUID"] for c in saved(world, "bag000")["ContainedObjects"]] == ["in0001"]
    assert seen(world) == ["leave bag000 in0002", "pickup Pink in0002", "drop Pink in0002"]
    with pytest.raises(HandError, match=r"cannot take from 'Bag' \(guid bag000.*: nothing with GUID in0002 is in"):
        emulator.player_action("White", {"do": "take", "guid": "bag000", "entry": "in0002", "x": 4, "z": 1})


def test_taking_one_of_a_decks_last_two_cards_leaves_the_other_in_its_place():
    """§5: "Taking the second-to-last card destroys the deck; the last card spawns in its place"."""
    emulator, world = table([deck("deck00", 2, 2, [card("d1", 0, 0, 101), card("d2", 0, 0, 102)])])
    emulator.player_action("White", {"do": "take", "guid": "deck00", "entry": "d2", "x": -4, "z": 0})
    world.run_until_idle()
    assert "deck00" not in world.objects
    assert at(world, "d1")[::2] == (2.0, 2.0) and at(world, "d2")[::2] == (-4.0, 0.0)
    assert seen(world)[0] == "leave deck00 d2"


def test_take_off_the_table_is_refused_before_anything_leaves_the_bag():
    inside = [piece("in0001", 0, 0)]
    emulator, world = table([piece("bag000", 0, 0, name="Bag", ContainedObjects=inside)], Table="Table_RPG")
    with pytest.raises(HandError, match=r"White cannot take in0001 out of 'Bag'.*x 0\.00, z 25\.00 is off the table"):
        emulator.player_action("White", {"do": "take", "guid": "bag000", "entry": "in0001", "x": 0, "z": 25})
    assert len(saved(world, "bag000")["ContainedObjects"]) == 1 and seen(world) == []


def test_put_drops_a_piece_into_a_container_and_refuses_what_it_does_not_take():
    emulator, world = table([piece("bag000", 0, 0, name="Bag"), piece("aaaaaa", 5, 0), card("c1", 8, 0)])
    assert emulator.player_action("White", {"do": "put", "guid": "aaaaaa", "into": "bag000"}) == (
        "White put 'BlockSquare' (aaaaaa) to x 0.00, z 0.00 into 'Bag' (bag000)"
    )
    assert seen(world) == ["pickup White aaaaaa", "drop White aaaaaa", "enter bag000 aaaaaa"]
    with pytest.raises(HandError, match=r"White cannot put 'CardCustom' \(c1\) into 'Bag' .*nothing goes|it takes"):
        emulator.player_action("White", {"do": "put", "guid": "bag000", "into": "c1"})
    with pytest.raises(HandError, match="nothing goes into itself"):
        emulator.player_action("White", {"do": "put", "guid": "bag000", "into": "bag000"})


def test_shuffle_reorders_a_deck_with_on_object_randomize_and_refuses_an_empty_bag():
    """TTS's R key randomizes: api events onObjectRandomize(object, player_color); the order comes from the
    emulator's seeded generator (§8), so it is the one ``shuffle()`` gives with the same seed."""
    cards = [card(f"d{i}", 0, 0, 100 + i) for i in range(8)]
    emulator, world = table([deck("deck00", 0, 0, cards), piece("bag000", 5, 0, name="Bag")])
    said = emulator.player_action("Yellow", {"do": "shuffle", "guid": "deck00"})
    assert said == "Yellow shuffled 'DeckCustom' (deck00)"
    order = saved(world, "deck00")["DeckIDs"]
    assert sorted(order) == list(range(100, 108)) and order != list(range(100, 108))
    assert [c["CardID"] for c in saved(world, "deck00")["ContainedObjects"]] == order
    assert seen(world) == ["randomize deck00 Yellow"]
    with pytest.raises(HandError, match=r"White cannot shuffle 'Bag' \(guid bag000, Bag\) at .*: it is empty"):
        emulator.player_action("White", {"do": "shuffle", "guid": "bag000"})


def test_r_on_a_die_rolls_it_with_on_object_randomize_and_a_locked_die_stays():
    """TTS's R on a die rolls it (``randomize``: a face from the seeded generator) with onObjectRandomize(object,
    player_color), as White Castle's round end needs its dice rolled by hand; a locked die is not rolled."""
    from tests.conftest import D6

    emulator, world = table(
        [
            piece("d6d6d6", 0, 0, name="Die_6", RotationValues=D6),
            piece("lockd6", 3, 0, name="Die_6", RotationValues=D6, Locked=True),
        ]
    )
    faces = set()
    for _ in range(12):
        assert emulator.player_action("White", {"do": "shuffle", "guid": "d6d6d6"}) == "White rolled 'Die_6' (d6d6d6)"
        while world.busy:  # the die turns to its face smoothly, as a roll lands
            world.step()
        faces.add(world.objects["d6d6d6"].rotation_value())
    assert len(faces) > 1 and seen(world)[0] == "randomize d6d6d6 White"
    with pytest.raises(HandError, match=r"cannot roll 'Die_6'.*locked"):
        emulator.player_action("White", {"do": "shuffle", "guid": "lockd6"})


def test_an_infinite_bag_swallows_only_its_own_kind():
    """An infinite bag gives copies of what it holds; a piece of the same kind (*chosen*: the same name and
    nickname) dropped on it goes back in and is gone, any other lands on top."""
    kind = piece("proto0", 0, 0, Nickname="Gold")
    bag = piece("inf000", 0, 0, name="Infinite_Bag", ContainedObjects=[kind])
    emulator, world = table([bag, piece("g00001", 5, 0, Nickname="Gold"), piece("s00001", 8, 0, Nickname="Silver")])
    assert emulator.player_action("White", {"do": "move", "guid": "g00001", "x": 0, "z": 0}).endswith(
        "into 'Infinite_Bag' (inf000)"
    )
    assert "g00001" not in world.objects and len(saved(world, "inf000")["ContainedObjects"]) == 1
    emulator.player_action("White", {"do": "move", "guid": "s00001", "x": 0, "z": 0})
    assert at(world, "s00001") == (0.0, 2.5, 0.0)
    assert seen(world) == [
        "pickup White g00001",
        "drop White g00001",
        "enter inf000 g00001",
        "pickup White s00001",
        "drop White s00001",
    ]


def test_a_piece_the_player_already_holds_is_dropped_where_they_let_go():
    """``Emulator.hold`` and a move share the hand: one pick-up, then the drop."""
    emulator, world = table([piece("aaaaaa", 0, 0)])
    emulator.hold("aaaaaa", "White")
    emulator.player_action("White", {"do": "move", "guid": "aaaaaa", "x": 2, "z": 2})
    assert at(world, "aaaaaa") == (2.0, TOP + 0.5, 2.0)
    assert world.objects["aaaaaa"].held_by is None
    assert seen(world) == ["pickup White aaaaaa", "drop White aaaaaa"]


# --- end to end: the game reads what a person did by hand ------------------------------------------------------


async def test_the_game_reads_coins_a_person_drew_and_laid_on_the_board_by_hand():
    """A built War Chest table in an emulator on free ports, read through the real connector: three coins drawn
    from the person's bag by hand are in their hand, and one of them dropped near an empty hex snaps onto it (the
    board's snap points) and is read there as the person's unit; one left between two hexes is named by the read,
    and read on its hex once the person puts it there (issue 37)."""
    game = registry.load("warchest")
    live = await start_live(build_save(game))
    try:
        table_before = await live.connector.snapshot()
        before = game.read(table_before).state
        bag = next(o for o in table_before.with_tag(wc.BAG_TAG) if o.has_tag(wc.SIDE_TAGS[wc.HUMAN]))
        said = live.emulator.player_action("White", {"do": "draw", "guid": bag.guid, "count": 3})
        assert said == f"White drew 3 from 'B bag' ({bag.guid}) into their hand"
        await live.emulator.settle()
        view = game.read(await live.connector.snapshot())
        assert len(view.state.sides[wc.HUMAN].hand) == 3
        assert sum(view.state.sides[wc.HUMAN].bag.values()) == sum(before.sides[wc.HUMAN].bag.values()) - 3
        unit, coin = next((u, g) for u, g in view.physical.hand if u != ROYAL)  # a Royal Coin is not deployed
        board = next(iter((await live.connector.snapshot()).with_tag(wc.BOARD_TAG)))
        taken = set(before.board) | set(before.control)
        spot = next(k for k in wc.LAYOUT.spots if wc.key_hex(k) not in taken)
        target = wc.LAYOUT.world(board, spot)
        live.emulator.player_action("White", {"do": "move", "guid": coin, "x": target.x + 0.3, "z": target.z - 0.2})
        laid = live.emulator.require_world().objects[coin].position
        assert (laid.x, laid.z) == pytest.approx((target.x, target.z)) and laid.y > board.position.y
        after = game.read(await live.connector.snapshot()).state
        assert after.board[wc.key_hex(spot)] == Piece(wc.HUMAN, unit, 1)
        assert len(after.sides[wc.HUMAN].hand) == 2
        # issue 37: a piece left between two spaces is named, and the person can put it right
        loose = next(g for u, g in view.physical.hand if u != ROYAL and g != coin)
        free = [k for k in wc.LAYOUT.spots if wc.key_hex(k) not in taken and k != spot]
        near = min(free[1:], key=lambda k: wc.LAYOUT.world(board, k).distance_xz(wc.LAYOUT.world(board, free[0])))
        middle = (wc.LAYOUT.world(board, free[0]) + wc.LAYOUT.world(board, near)).scaled(0.5)
        live.emulator.player_action("White", {"do": "move", "guid": loose, "x": middle.x, "z": middle.z})
        with pytest.raises(ReadError, match=f"guid {loose}.*lies between"):
            game.read(await live.connector.snapshot())
        right = wc.LAYOUT.world(board, near)
        live.emulator.player_action("White", {"do": "move", "guid": loose, "x": right.x, "z": right.z})
        assert wc.key_hex(near) in game.read(await live.connector.snapshot()).state.board
    finally:
        await stop_live(live)
