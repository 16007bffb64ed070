"""skeleton's table: a board of five spaces in a row, the bot's bag of tokens and the person's tokens.

Spaces are points in the board's own frame (:class:`engines.layout.BoardLayout`), so a board someone moved or
turned is still read right. Built-in TTS objects only: the save opens in TTS without downloaded images.
"""

from __future__ import annotations

from bridge.table import SaveFile, Vec3
from engines.layout import BoardLayout
from engines.tablekit import Builder

GAME = "skeleton"  # every tag starts with the game's name: that is how a table says which game it holds
BOARD_TAG, BAG_TAG, BOT_TAG, PERSON_TAG = (f"{GAME}.{part}" for part in ("board", "bag", "bot", "person"))
SPACES = tuple(f"space {i + 1}" for i in range(5))
# A block is 2 units long before it is scaled; the board is scaled 5 times along x, so local x 0.8 is 4 units out.
BOARD = BoardLayout(spots={name: Vec3(-0.8 + 0.4 * i, 0.6, 0.0) for i, name in enumerate(SPACES)}, snap=0.9, extent=3.0)
BOARD_SCALE = Vec3(5.0, 0.2, 1.5)
TOKEN_LIFT = 0.3  # a token is put this far above a space's point, and falls onto it
TOKENS_EACH = 3
RED, BLUE, BROWN = (0.86, 0.1, 0.09), (0.12, 0.53, 1.0), (0.4, 0.3, 0.2)


def build_table() -> SaveFile:
    """A fresh game: the board, the bot's bag holding its tokens, and the person's tokens in front of them."""
    build = Builder({})
    build.add(
        build.base("BlockRectangle", "Board", [BOARD_TAG], Vec3(0, 1, 0), scale=BOARD_SCALE, locked=True, colour=BROWN)
    )
    bag = build.add(build.base("Bag", "Bot bag", [BAG_TAG], Vec3(0, 1.5, 5), colour=RED))
    bag["ContainedObjects"] = [
        build.base("Chip_10", "Bot token", [BOT_TAG], Vec3(0, 3, 5), colour=RED) for _ in range(TOKENS_EACH)
    ]
    for i in range(TOKENS_EACH):
        build.add(build.base("Chip_10", "Your token", [PERSON_TAG], Vec3(-3.0 + 3.0 * i, 1.2, -5), colour=BLUE))
    return SaveFile.from_dict({"SaveName": "skeleton", "ObjectStates": build.objects}, "skeleton table")
