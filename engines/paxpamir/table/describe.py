"""The dashboard's drawing of a Pax Pamir table as read: the map (regions with their pieces and ruler, borders
with their roads), the market, and each seat's tableau. JSON-ready; the page draws it (``kind: map``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from engines.paxpamir import rules
from engines.paxpamir.data import game_data
from engines.paxpamir.names import region as region_name
from engines.paxpamir.queries import military_favored, ruler
from engines.paxpamir.setup import COLUMNS, ROWS
from engines.paxpamir.state import State
from engines.paxpamir.table import layout
from engines.paxpamir.table.build import seat_name

K = TypeVar("K", bound=str)


def _counts(items: Mapping[K, int]) -> str:
    return ", ".join(f"{k} {n}" for k, n in items.items() if n)


def describe(state: State) -> dict[str, Any]:
    data = game_data()
    names = {seat: seat_name(state, seat) for seat in range(len(state.players))}
    regions = []
    for region in data.map.regions:
        spot = layout.MAP.spots[f"region:{region.id}"]
        tribes = {names[s]: state.tribes[region.id].count(s) for s in names}
        lines = [f"tribes: {_counts(tribes)}"] if any(tribes.values()) else []
        if any(state.armies[region.id].values()):
            lines.append(f"armies: {_counts(state.armies[region.id])}")
        who = ruler(state, region.id)
        if who is not None:
            lines.append(f"ruled by {names[who]}")
        regions.append({"id": region.id, "name": region.name, "at": [spot.x, spot.z], "lines": lines, "ruler": who})
    borders = []
    for border in data.map.borders:
        a, b = (layout.MAP.spots[f"region:{r}"] for r in border.regions)
        roads = _counts(state.roads.get(border.id, {}))
        borders.append({"id": border.id, "name": border.name, "from": [a.x, a.z], "to": [b.x, b.z], "roads": roads})
    cards = {**{n: c.name for n, c in data.court.items()}, **{n: e.name for n, e in data.events.items()}}
    market = [[_slot(state, r, c, cards) for c in range(COLUMNS)] for r in range(ROWS)]
    seats = [
        {
            "name": names[seat],
            "person": not player.wakhan,  # a person's seat: their hand and prizes are theirs to see, card by card
            "loyalty": player.loyalty,
            "vp": player.vp,
            "rupees": player.rupees,
            "court": [
                {"card": n, "name": cards[n], "spies": [names[s] for s in state.spies.get(n, [])]} for n in player.court
            ],
            "hand": [] if player.wakhan else [card_text(n) for n in player.hand],
            "hand_count": len(player.hand),
            "prizes": [cards[n] for n in player.prizes],
            "gifts": player.gifts,
            "cylinders": state.cylinders_available(seat),
        }
        for seat, player in enumerate(state.players)
    ]
    ai = {"face": state.ai_face, "deck": len(state.ai_deck)} if state.wakhan_seat is not None else None
    return {
        "kind": "map",
        "regions": regions,
        "borders": borders,
        "market": market,
        "favored": state.favored,
        # what a card costs in each column: its column, doubled while military is the favored suit
        "costs": [state.market.cost(c, military_favored=military_favored(state)) for c in range(COLUMNS)],
        "seats": seats,
        "ai": ai,
    }


def _slot(state: State, row: int, column: int, cards: Mapping[int, str]) -> dict[str, Any] | None:
    """A market card whole: its name, what it costs the player to move (its column's cost, doubled while military
    is favored, or nothing by Herat, Persian or Russian Influence: what buying it takes), its suit, rank and
    actions, or the event's effect when purchased."""
    number = state.market.cards[row][column]
    if number is None:
        return None
    return {
        "card": number,
        "name": cards[number],
        "rupees": state.market.rupees[row][column],
        "cost": rules.price(state, state.current, row, column),
        "about": card_text(number),
    }


def card_text(number: int) -> str:
    """A card as its face reads: suit and rank, region, actions and special ability; an event's effects."""
    data = game_data()
    court = data.court.get(number)
    if court is not None:
        parts = [f"{court.suit} {court.rank}", region_name(court.region)]
        if court.actions:
            parts.append("actions: " + ", ".join(a.replace("_", " ") for a in court.actions))
        if court.special_ability:
            parts.append("ability: " + court.special_ability.replace("_", " "))
        if court.patriot:
            parts.append(f"{court.patriot} patriot")
        return f"{court.name} ({'; '.join(parts)})"
    event = data.events[number]
    return f"{event.name} (event; if purchased: {event.if_purchased.title}; if discarded: {event.if_discarded.title})"
