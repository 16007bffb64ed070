"""Last Coin's table: a board of ten spaces with a coin on each, and a bowl for each player's takings.

Step 1 of the tutorial: the skeleton's table with more spaces, the coins dealt onto them, and two bowls.
"""

from __future__ import annotations

from bridge.table import SaveFile, Vec3
from engines.layout import BoardLayout
from engines.tablekit import Builder

GAME = "lastcoin"
BOARD_TAG, COIN_TAG, BOT_BOWL_TAG, PERSON_BOWL_TAG = (
    f"{GAME}.{part}" for part in ("board", "coin", "bot_bowl", "person_bowl")
)
SPACES = tuple(f"space {i + 1}" for i in range(10))
# A block is 2 units long before it is scaled; scaled 10 times along x, local x 0.9 lies 9 units out.
BOARD = BoardLayout(spots={name: Vec3(-0.9 + 0.2 * i, 0.6, 0.0) for i, name in enumerate(SPACES)}, snap=0.9, extent=3.0)
BOARD_SCALE = Vec3(10.0, 0.2, 1.5)
GOLD, RED, BLUE, BROWN = (0.9, 0.75, 0.2), (0.86, 0.1, 0.09), (0.12, 0.53, 1.0), (0.4, 0.3, 0.2)


def build_table() -> SaveFile:
    """A fresh game: a coin on every space, the bot's bowl beyond the board and the person's in front of it."""
    build = Builder({})
    build.add(
        build.base("BlockRectangle", "Board", [BOARD_TAG], Vec3(0, 1, 0), scale=BOARD_SCALE, locked=True, colour=BROWN)
    )
    for i in range(len(SPACES)):
        x = -9.0 + 2.0 * i  # the spaces' points: local x times the board's scale
        build.add(build.base("Chip_10", f"Coin {i + 1}", [COIN_TAG], Vec3(x, 1.3, 0), colour=GOLD))
    build.add(build.base("Bag", "Bot's bowl", [BOT_BOWL_TAG], Vec3(0, 1.2, 5), colour=RED))
    build.add(build.base("Bag", "Your bowl", [PERSON_BOWL_TAG], Vec3(0, 1.2, -5), colour=BLUE))
    return SaveFile.from_dict({"SaveName": "Last Coin", "ObjectStates": build.objects}, "Last Coin table")
