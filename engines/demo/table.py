"""Three in a Row's table: where things are, in the board's frame, and the objects of a fresh game.

Built-in TTS objects only (a block for the board, chips for tokens, a bag), so the save opens in real TTS
without any downloaded assets.
"""

from __future__ import annotations

from typing import Any

from bridge.table import SaveFile, Vec3
from bridge.table.geometry import ONE
from engines.layout import BoardLayout
from engines.tablekit import transform

BOARD_TAG, BAG_TAG, BOT_TAG, HUMAN_TAG = "demo.board", "demo.bag", "demo.bot", "demo.human"
BOARD_SCALE = Vec3(7.0, 0.2, 1.5)
SLOTS = tuple(f"slot {i + 1}" for i in range(7))
# Local x in the board's frame: the block is 2 units long before scaling, so +-0.86 lies near its ends.
BOARD = BoardLayout(
    spots={name: Vec3(-0.86 + i * (1.72 / 6), 0.6, 0.0) for i, name in enumerate(SLOTS)},
    snap=0.9,
    extent=3.0,
)
TOKEN_LIFT = 0.3
TOKENS_EACH = 5


def _object(
    guid: str,
    name: str,
    nickname: str,
    tag: str,
    pos: Vec3,
    color: tuple[float, float, float],
    scale: Vec3 = ONE,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "GUID": guid,
        "Name": name,
        "Transform": transform(pos, scale=scale),
        "Nickname": nickname,
        "Description": "",
        "GMNotes": "",
        "Tags": [tag],
        "Locked": False,
        "ColorDiffuse": {"r": color[0], "g": color[1], "b": color[2]},
        **extra,
    }


def build_table() -> SaveFile:
    red, blue = (0.86, 0.1, 0.09), (0.12, 0.53, 1.0)
    bot_tokens = [_object(f"b0000{i}", "Chip_10", "Bot token", BOT_TAG, Vec3(0, 3, 0), red) for i in range(TOKENS_EACH)]
    human_tokens = [
        _object(f"c0000{i}", "Chip_10", "Your token", HUMAN_TAG, Vec3(-6.0 + 3.0 * i, 1.2, -5.0), blue)
        for i in range(TOKENS_EACH)
    ]
    objects = [
        _object(
            "d0a4d0",
            "BlockRectangle",
            "Three in a Row board",
            BOARD_TAG,
            Vec3(0, 1.0, 0),
            (0.4, 0.3, 0.2),
            BOARD_SCALE,
            Locked=True,
        ),
        _object("bba900", "Bag", "Bot bag", BAG_TAG, Vec3(0, 1.5, 6.0), red, ContainedObjects=bot_tokens),
        *human_tokens,
    ]
    return SaveFile.from_dict({"SaveName": "Three in a Row", "ObjectStates": objects}, "demo table")
