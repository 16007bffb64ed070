"""Step 4, planning moves: a take as table commands, the coins put into the bot's bowl from the right-hand end."""

from __future__ import annotations

from bridge.commands import Command, Put

from .state import Action, State, TakeCoins


def plan(state: State, action: Action) -> list[Command]:
    """One Put per coin taken, rightmost first (a person takes from the end of the row); none for a pass."""
    if not isinstance(action, TakeCoins):
        return []
    taken = state.coins[len(state.coins) - action.count :]
    return [Put(guid=guid, container=state.bot_bowl) for guid in reversed(taken)]
