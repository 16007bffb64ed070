"""A decision of skeleton's bot as table commands: what a person would do with their hands."""

from __future__ import annotations

from bridge.commands import Command, Position, Take
from bridge.table import Vec3

from . import table as layout
from .state import Action, Place, State


def plan(state: State, action: Action) -> list[Command]:
    """Commands that carry out ``action``: a placed token is taken from the bot's bag onto its space."""
    if not isinstance(action, Place):
        return []
    point = layout.BOARD.world(state.board, layout.SPACES[action.space])
    above = Vec3(point.x, point.y + layout.TOKEN_LIFT, point.z)
    return [Take(container=state.bag, position=Position.of(above), rotation=Position.of(state.board.rotation))]
