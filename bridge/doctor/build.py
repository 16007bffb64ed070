"""The doctor's own table (``automa doctor --write-table`` writes it; ``--emulator`` loads it itself): a few objects
with fixed GUIDs, each there for one of :mod:`bridge.doctor.table`'s checks, and the connector with the bot panel in
Global."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PIL import Image

from bridge.modbuild import SAVE_VERSION, connector_lua
from bridge.modsource import ModSource
from bridge.table import SaveFile, ttsfacts

MARK = "automa.doctor_table"  # the tag of the doctor table's board: how the doctor knows its table is loaded
IMAGE = "automa-doctor-board.png"
IMAGE_PIXELS = (400, 200)  # a 2:1 image: TTS sizes the board from its aspect (ttsfacts.custom_image_size)
BOARD, ZONE, TAGGED, UNTAGGED = "d0c0b0", "d0c0z0", "d0c0t1", "d0c0t2"
HAND, HELD, NOT_HELD = "d0c0h0", "d0c0h1", "d0c0h2"
BAG, CONTENTS = "d0c0g0", ("d0c0c1", "d0c0c2", "d0c0c3")
MOVER, FLOOR = "d0c0m0", "d0c0f0"
DECK, CARDS = "d0c0d0", tuple(f"d0c0k{i}" for i in range(1, 9))  # eight cards: a shuffle keeps their order 1 in 40,320
PAIR, PAIR_CARDS = "d0c0e0", ("d0c0e1", "d0c0e2")  # a deck of two: one taken, the other is left in its place
BOARD_SCALE = 4.0
# what White's hand zone holds of the two blocks, by ttsfacts' rule (worked out once, as the table is built)
HAND_HOLDS = sorted(g for g, flag in ((HELD, True), (NOT_HELD, None)) if ttsfacts.can_be_held("Block", flag))
SNAP = {"x": 0.25, "y": 0.1, "z": -0.25}  # one snap point on the board, in its own coordinates


def _transform(x: float, y: float, z: float, sx: float = 1.0, sy: float = 1.0, sz: float = 1.0) -> dict[str, float]:
    return {
        "posX": x,
        "posY": y,
        "posZ": z,
        "rotX": 0.0,
        "rotY": 0.0,
        "rotZ": 0.0,
        "scaleX": sx,
        "scaleY": sy,
        "scaleZ": sz,
    }


def _block(guid: str, transform: dict[str, float], **extra: Any) -> dict[str, Any]:
    return {"GUID": guid, "Name": ttsfacts.BLOCK_NAME, "Transform": transform, "Nickname": guid, **extra}


def _deck(guid: str, cards: tuple[str, ...], image: str, at: tuple[float, float, float]) -> dict[str, Any]:
    """A face-down deck of ``cards`` (top first), every face and back the board's image (a 2 x 2 sheet)."""
    sheet = {
        "FaceURL": image,
        "BackURL": image,
        "NumWidth": 2,
        "NumHeight": 2,
        "BackIsHidden": True,
        "UniqueBack": False,
        "Type": 0,
    }
    face_down = {**_transform(*at), "rotZ": 180.0}
    contained = [
        {
            "GUID": g,
            "Name": "Card",
            "Transform": face_down,
            "Nickname": g,
            "CardID": 100 + i % 4,
            "CustomDeck": {"1": sheet},
        }
        for i, g in enumerate(cards)
    ]
    return {
        "GUID": guid,
        "Name": "Deck",
        "Transform": face_down,
        "Nickname": f"doctor deck {guid}",
        "DeckIDs": [c["CardID"] for c in contained],
        "CustomDeck": {"1": sheet},
        "ContainedObjects": contained,
    }


def write_image(folder: Path) -> Path:
    """The board's 2:1 image, written into ``folder``."""
    path = folder / IMAGE
    Image.new("RGB", IMAGE_PIXELS, (90, 120, 90)).save(path)
    return path


def doctor_save(image: Path) -> SaveFile:
    """The doctor's table: a board with a 2:1 image and a snap point, a tagged zone with a tagged and an untagged
    block, White's hand zone with a block that may be held and one that may not, a bag of three, a block to move and
    a locked floor, a deck of eight and a deck of two; the connector and the bot panel in Global."""
    url = ttsfacts.local_image_url(str(image.resolve()))
    objects = [
        {
            "GUID": BOARD,
            "Name": "Custom_Board",
            "Transform": _transform(0, 1, -6, BOARD_SCALE, 1, BOARD_SCALE),
            "Nickname": "doctor board",
            "Tags": [MARK],
            "Locked": True,
            "CustomImage": {"ImageURL": url},
            "AttachedSnapPoints": [{"Position": SNAP}],
        },
        {"GUID": ZONE, "Name": "ScriptingTrigger", "Transform": _transform(10, 2, 0, 4, 4, 4), "Tags": ["doctor"]},
        _block(TAGGED, _transform(10, 1.5, 0.5), Tags=["doctor"]),
        _block(UNTAGGED, _transform(10, 1.5, -0.5)),
        {"GUID": HAND, "Name": "HandTrigger", "Transform": _transform(0, 3, -15, 10, 4, 3), "FogColor": "White"},
        _block(HELD, _transform(-1, 3, -15), Hands=True),
        _block(NOT_HELD, _transform(1, 3, -15)),
        {
            "GUID": BAG,
            "Name": "Bag",
            "Transform": _transform(-10, 1.5, 0),
            "Nickname": "doctor bag",
            "ContainedObjects": [_block(g, _transform(0, 0, 0)) for g in CONTENTS],
        },
        _block(MOVER, _transform(-5, 1.5, 6)),
        _block(FLOOR, _transform(5, 1.0, 8, 4, 0.2, 4), Locked=True),
        _deck(DECK, CARDS, url, (-10, 1.5, -6)),
        _deck(PAIR, PAIR_CARDS, url, (-14, 1.5, -6)),
    ]
    save = {
        "SaveName": "Tabletop Automa: doctor",
        "VersionNumber": SAVE_VERSION,
        "GameMode": "Tabletop Automa doctor",
        "Table": "Table_RPG",
        "Note": "Run 'automa doctor' while this table is loaded.",
        "LuaScript": connector_lua(),
        "LuaScriptState": json.dumps({"game": "", "difficulty": ""}),
        "XmlUI": ModSource().panel_xml(None),
        "ObjectStates": objects,
    }
    return SaveFile.from_dict(save, "automa doctor table")
