"""Which games exist: the built-in packages, plus any installed plugin that declares the entry point group
``tabletop_automa.games`` (value: ``module:GameClass``)."""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from bridge.errors import AutomaError
from bridge.table import Table
from engines.base import Game, Problem, ReadError

__all__ = [
    "ENTRY_POINT_GROUP",
    "UnknownGame",
    "available",
    "load",
]

BUILT_IN = {
    "demo": "engines.demo.game:DemoGame",
    "warchest": "engines.warchest.game:WarChest",
    "paxpamir": "engines.paxpamir.game:PaxPamir",
    "whitecastle": "engines.whitecastle.game:WhiteCastle",
    "fiftyfirst": "engines.fiftyfirst.game:FiftyFirst",
    "holas": "engines.holas.game:Holas",
}
ENTRY_POINT_GROUP = "tabletop_automa.games"


class UnknownGame(AutomaError, KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def available() -> dict[str, str]:
    """Game name -> ``module:Class``; plugins may add games but not replace built-in ones."""
    found = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    return {**found, **BUILT_IN}


def load(name: str) -> Game[Any, Any]:
    games = available()
    target = games.get(name)
    if target is None:
        raise UnknownGame(f"unknown game {name!r}; available: {', '.join(sorted(games))}")
    module_name, _, class_name = target.partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    game: Game[Any, Any] = cls()
    return game


def read_table(game: Game[Any, Any], table: Table) -> Any:
    """``game.read_table(table)``, after a table that holds another game is refused with that game's name, so the
    person hears which game it is instead of a list of every piece ``game`` cannot read. Raises :class:`ReadError`.

    Here and not in :mod:`engines.base`, since telling the games apart needs them all, and they import the base."""
    other = other_game(game, table)
    if other is not None:
        raise ReadError(
            [
                Problem(
                    f"this table holds {other.title}, not {game.title} (its pieces are tagged {other.name}.*): "
                    f"use the game '{other.name}', e.g. 'automa decide {other.name} SAVE.json'"
                )
            ]
        )
    return game.read_table(table)


def other_game(game: Game[Any, Any], table: Table) -> Game[Any, Any] | None:
    """The game whose pieces the table holds when none are ``game``'s (tags are prefixed with a game's name)."""
    prefixes = {tag.split(".", 1)[0].lower() for obj in table for tag in obj.project_tags if "." in tag}
    if game.name in prefixes:
        return None
    for name in sorted(prefixes & set(available())):
        return load(name)
    return None
