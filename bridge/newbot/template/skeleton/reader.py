"""The table as skeleton's state: which token lies on which space.

Every problem is collected, each naming the object it is about, and raised together as one ReadError: the
person fixes the table once, not one complaint at a time.
"""

from __future__ import annotations

from bridge.table import Table, TableObject
from engines.base import Problem, ReadError
from engines.tablekit import one_tagged

from . import table as layout
from .state import BOT, PERSON, State


def read(table: Table) -> State:
    """The state ``table`` shows; raises ReadError naming each piece that cannot be read."""
    problems: list[Problem] = []
    board = one_tagged(table, layout.BOARD_TAG, "board", problems)
    bag = one_tagged(table, layout.BAG_TAG, "bot bag", problems)
    if board is None or bag is None:
        raise ReadError(problems)
    spaces: list[str | None] = [None] * len(layout.SPACES)
    for holder, tag in ((BOT, layout.BOT_TAG), (PERSON, layout.PERSON_TAG)):
        for token in table.with_tag(tag):
            space = _space_of(board, token, problems)
            if space is None:
                continue
            if spaces[space] is not None:
                problems.append(Problem(f"shares {layout.SPACES[space]} with another token", token))
            spaces[space] = holder
    if problems:
        raise ReadError(problems)
    return State(tuple(spaces), bag.guid, len(bag.contents), board)


def _space_of(board: TableObject, token: TableObject, problems: list[Problem]) -> int | None:
    """The space ``token`` lies on; None off the board, or between two spaces (then a problem names it)."""
    try:
        where = layout.BOARD.locate(board, token.position)
    except ValueError as exc:
        problems.append(Problem(str(exc), token))
        return None
    return None if where.spot is None else layout.SPACES.index(where.spot)
