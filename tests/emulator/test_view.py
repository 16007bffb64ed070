"""The table as one player sees it from above (tools/emulator/view.py): what the page draws, and what it must never
learn (a face-down card's face, another colour's hand, a bag's contents)."""

from __future__ import annotations

import json
from typing import Any

from bridge.table import SaveFile
from tools.emulator.view import table_view
from tools.emulator.world import World

FACES = "file:///tmp/faces.png"
BACKS = "file:///tmp/backs.png"
DECK = {"1": {"FaceURL": FACES, "BackURL": BACKS, "NumWidth": 10, "NumHeight": 7, "UniqueBack": False}}


def transform(x: float, z: float, *, face_down: bool = False, y: float = 1.0, scale: float = 1.0) -> dict[str, float]:
    return {
        "posX": x, "posY": y, "posZ": z, "rotX": 0.0, "rotY": 0.0, "rotZ": 180.0 if face_down else 0.0,
        "scaleX": scale, "scaleY": 1.0, "scaleZ": scale,
    }  # fmt: skip


def card(guid: str, cell: int, x: float, z: float, *, face_down: bool = False) -> dict[str, Any]:
    return {
        "GUID": guid,
        "Name": "Card",
        "Nickname": f"secret {guid}",
        "CardID": 100 + cell,
        "CustomDeck": DECK,
        "Transform": transform(x, z, face_down=face_down),
    }


def hand(color: str, z: float) -> dict[str, Any]:
    return {
        "GUID": f"h{color[:5].lower()}",
        "Name": "HandTrigger",
        "FogColor": color,
        "Transform": transform(0, z, scale=4),
    }


def view_of(objects: list[dict[str, Any]], color: str = "White") -> dict[str, Any]:
    world = World(SaveFile.from_dict({"SaveName": "t", "ObjectStates": objects}), lambda message: None)
    return table_view(world, color)


def by_guid(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {o["guid"]: o for o in view["objects"]}


def test_a_face_down_card_shows_its_back_never_its_face_or_name():
    view = view_of([card("c00001", 23, 0, 0, face_down=True), card("c00002", 45, 3, 0)])
    down, up = by_guid(view)["c00001"], by_guid(view)["c00002"]
    assert down["image"] == {"url": BACKS} and down["name"] == "" and down["face_down"]
    assert up["image"] == {"url": FACES, "cell": [5, 4, 10, 7]} and up["name"] == "secret c00002"
    text = json.dumps(view)
    assert "secret c00001" not in text and "[3, 2, 10, 7]" not in text  # cell 23: column 3, row 2


def test_another_colours_hand_is_hidden_and_the_players_own_is_face_up_to_them():
    objects = [
        hand("White", -10),
        hand("Red", 10),
        card("c00001", 7, 0, -10, face_down=True),  # White's, lying face down in the hand: its face for White
        card("c00002", 8, 0, 10),  # Red's, face up in Red's hand: a back for White
    ]
    view = view_of(objects)
    own, other = by_guid(view)["c00001"], by_guid(view)["c00002"]
    assert own["image"] == view["hand"][0]["image"] and not own["hidden"]  # on the table too, as the player sees it
    assert [o["guid"] for o in view["hand"]] == ["c00001"]
    assert view["hand"][0]["image"] == {"url": FACES, "cell": [7, 0, 10, 7]} and view["hand"][0]["name"]
    assert other["hidden"] and other["name"] == "" and other["image"] == {"url": BACKS}
    assert "secret c00002" not in json.dumps(view) and "[8, 0, 10, 7]" not in json.dumps(view)
    assert {(h["color"], h["own"]) for h in view["hands"]} == {("White", True), ("Red", False)}
    red = view_of(objects, "Red")  # the same table from Red's seat: the other way round
    assert [o["guid"] for o in red["hand"]] == ["c00002"] and by_guid(red)["c00001"]["hidden"]
    assert "secret c00001" not in json.dumps(red)


def test_a_bag_gives_its_count_only_and_a_face_up_deck_the_card_on_view():
    inside = [card("c00003", 1, 0, 0), card("c00004", 2, 0, 0), card("c00005", 3, 0, 0)]
    bag = {
        "GUID": "b00001",
        "Name": "Bag",
        "Nickname": "coins",
        "Transform": transform(5, 5),
        "ContainedObjects": inside,
    }
    deck = {
        "GUID": "d00001",
        "Name": "Deck",
        "Nickname": "market deck",
        "CustomDeck": DECK,
        "DeckIDs": [101, 102, 103],
        "ContainedObjects": [card("c00006", 11, 0, 0), card("c00007", 12, 0, 0), card("c00008", 13, 0, 0)],
        "Transform": transform(-5, 5),
    }
    face_down = dict(deck, GUID="d00002", Transform=transform(-9, 5, face_down=True))
    face_down["ContainedObjects"] = [card("c00009", 14, 0, 0), card("c00010", 15, 0, 0)]
    view = view_of([bag, deck, face_down])
    shown = by_guid(view)
    assert shown["b00001"]["count"] == 3 and shown["b00001"]["top"] is None and shown["b00001"]["name"] == "coins"
    # *chosen*: a face-up deck shows the last card of its list
    assert shown["d00001"]["top"] == {"name": "secret c00008", "guid": "c00008"}
    assert shown["d00001"]["image"]["cell"] == [3, 1, 10, 7]
    assert shown["d00002"]["top"] is None and shown["d00002"]["image"] == {"url": BACKS}
    assert shown["d00002"]["name"] == "market deck"  # a deck's own name hides nothing
    text = json.dumps(view)
    for hidden in ("c00003", "c00004", "c00005", "c00006", "c00007", "c00009", "c00010"):
        assert f"secret {hidden}" not in text


def test_a_tile_face_down_shows_its_back_and_snap_points_come_in_table_coordinates():
    tile = {
        "GUID": "t00001",
        "Name": "Custom_Tile",
        "Nickname": "Archer",
        "CustomImage": {"ImageURL": "file:///tmp/archer.png", "ImageSecondaryURL": "file:///tmp/coin_back.png"},
        "Transform": transform(1, 2, face_down=True),
    }
    board = {
        "GUID": "a00001",
        "Name": "Custom_Board",
        "Nickname": "board",
        "Locked": True,
        "CustomImage": {"ImageURL": "file:///tmp/board.png"},
        "Transform": dict(transform(10, 0, scale=2.0), rotY=90.0),
        "AttachedSnapPoints": [{"Position": {"x": 1.0, "y": 0.1, "z": 0.0}}],
    }
    view = view_of([tile, board])
    shown = by_guid(view)
    assert shown["t00001"]["image"] == {"url": "file:///tmp/coin_back.png"} and shown["t00001"]["name"] == ""
    assert "archer.png" not in json.dumps(view)
    assert shown["a00001"]["locked"] and shown["a00001"]["kind"] == "board" and shown["a00001"]["rot"] == 90.0
    # the board's (1, 0) in its frame: scaled by 2, turned 90 degrees about the vertical, moved to x = 10
    [snap] = view["snaps"]
    assert abs(snap["x"] - 10.0) < 1e-6 and abs(snap["z"] + 2.0) < 1e-6
    assert view["area"]["x0"] < 0 < 10 < view["area"]["x1"]


def test_a_cards_image_carries_its_sheets_size_so_the_page_keeps_the_cards_proportions(tmp_path):
    from PIL import Image

    from bridge.table.ttsfacts import local_image_url

    sheet = tmp_path / "sheet.png"
    Image.new("RGB", (1000, 2100)).save(sheet)  # 10 x 7 cells of 100 x 300 px
    deck = {"1": {"FaceURL": local_image_url(str(sheet)), "BackURL": BACKS, "NumWidth": 10, "NumHeight": 7}}
    view = view_of([dict(card("c00001", 12, 0, 0), CustomDeck=deck)])
    image = by_guid(view)["c00001"]["image"]
    assert image["cell"] == [2, 1, 10, 7] and image["sheet"] == [1000, 2100]
