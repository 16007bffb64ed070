"""Tables for the tests: Last Coin's fresh table with some coins moved, as a person would leave it."""

from __future__ import annotations

from typing import Any

from lastcoin import table as layout
from lastcoin.game import LastCoin

from bridge.table import SaveFile, Table


def fresh_objects() -> dict[str, Any]:
    save: SaveFile = LastCoin().build_table({})
    return save.to_dict()


def coins(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The coin objects, left to right as dealt."""
    return [o for o in data["ObjectStates"] if layout.COIN_TAG in o["Tags"]]


def bowl(data: dict[str, Any], tag: str) -> dict[str, Any]:
    return next(o for o in data["ObjectStates"] if tag in o["Tags"])


def taken(count: int, into: str = layout.PERSON_BOWL_TAG) -> dict[str, Any]:
    """The fresh table after ``count`` coins, the rightmost, went into a bowl."""
    data = fresh_objects()
    for coin in coins(data)[len(coins(data)) - count :]:
        data["ObjectStates"].remove(coin)
        bowl(data, into).setdefault("ContainedObjects", []).append(coin)
    return data


def table_of(data: dict[str, Any]) -> Table:
    return Table.from_save(SaveFile.from_dict(data, "test table"))
