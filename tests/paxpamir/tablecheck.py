"""What a Pax Pamir table shows of a game state, in a form two states can be compared by (test helper)."""

from __future__ import annotations

from typing import Any

from engines.paxpamir.data import game_data
from engines.paxpamir.state import State


def table_fields(state: State) -> dict[str, Any]:
    """Every part of ``state`` the table holds; turn bookkeeping (actions used, pendings, counters) is not on it,
    and an effect that lasts for everyone (an event's discarded side) shows no holder."""
    everyone = {e.if_discarded.id for e in game_data().events.values()}
    return {
        "players": [
            (p.loyalty, p.rupees, sorted(p.hand), p.court, sorted(p.prizes), sorted(p.gifts), p.vp, p.wakhan)
            for p in state.players
        ],
        "deck": state.deck,
        "market": (state.market.cards, state.market.rupees),
        "favored": state.favored,
        "discard": sorted(state.discard),
        "tribes": {r: sorted(t) for r, t in state.tribes.items() if t},
        "armies": {r: {c: n for c, n in a.items() if n} for r, a in state.armies.items() if any(a.values())},
        "roads": {b: {c: n for c, n in a.items() if n} for b, a in state.roads.items() if any(a.values())},
        "spies": {card: sorted(s) for card, s in state.spies.items() if s},
        "lasting": {k: (None if k in everyone else v) for k, v in state.lasting.items()},
        "ai_deck": state.ai_deck,
        "ai_discard": state.ai_discard,
    }
