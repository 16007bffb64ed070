"""Step 2, reading pieces: the table as Last Coin's state.

A coin on a space is in the game; a coin in a bowl is inside a container and not among the table's loose objects.
A loose coin anywhere else (between two spaces, or off the board) cannot be read: the person is told which coin
and why, all problems at once, and nothing is moved.
"""

from __future__ import annotations

from bridge.table import Table, TableObject
from engines.base import Problem, ReadError
from engines.tablekit import one_tagged

from . import table as layout
from .state import State


def read(table: Table) -> State:
    """The coins on the board, left to right; raises ReadError naming each coin that is neither on a space nor in
    a bowl."""
    problems: list[Problem] = []
    board = one_tagged(table, layout.BOARD_TAG, "board", problems)
    bowl = one_tagged(table, layout.BOT_BOWL_TAG, "bot's bowl", problems)
    one_tagged(table, layout.PERSON_BOWL_TAG, "person's bowl", problems)
    if board is None or bowl is None:
        raise ReadError(problems)
    on_space: dict[int, TableObject] = {}
    for coin in table.with_tag(layout.COIN_TAG):
        space = _space_of(board, coin, problems)
        if space in on_space:
            problems.append(Problem(f"shares {layout.SPACES[space]} with {on_space[space].describe()}", coin))
        elif space is not None:
            on_space[space] = coin
    if problems:
        raise ReadError(problems)
    return State(tuple(on_space[space].guid for space in sorted(on_space)), bowl.guid)


def _space_of(board: TableObject, coin: TableObject, problems: list[Problem]) -> int | None:
    """The space a loose coin lies on; otherwise None, with a problem that names the coin."""
    try:
        where = layout.BOARD.locate(board, coin.position)
    except ValueError as exc:
        problems.append(Problem(f"{exc}: put it on one space, or in a bowl", coin))
        return None
    if where.spot is None:
        problems.append(Problem("is off the board: put it back on a space, or in the bowl of whoever took it", coin))
        return None
    return layout.SPACES.index(where.spot)
