"""Which games exist: the built-in packages, plus any installed plugin that declares the entry point group
``tabletop_automa.games`` (value: ``module:GameClass``)."""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from engines.base import Game

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


class UnknownGame(KeyError):
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
