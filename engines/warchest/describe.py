"""The dashboard's drawing of a War Chest table as read: every hex named as the move list and the bot's reasons
name it, the units on it, and each side as its components show it: the person's own hand, bag and discard by unit
(theirs to know), the AI's by count where the rules hide them, and what each unit's card lets it do."""

from __future__ import annotations

from typing import Any

from engines.warchest.board import HEXES, LOCATION_NAMES, name
from engines.warchest.state import Side, State
from engines.warchest.units import ROYAL

# What each unit card lets it do, in short (the game's digest, games/warchest.md, section 3; the Royal Guard as the
# default Nobility card): the page shows it beside the unit, on either side, so it never says "your" (the AI's Scout
# deploys next to the AI's units, not the person's): "friendly", as the bot's reasons say.
ABILITIES: dict[str, str] = {
    "Archer": "Tactic: attack a unit exactly 2 hexes away (the hex between may hold a unit). Attacks only so.",
    "Berserker": "After a maneuver it may maneuver again by removing one of its bolstered coins (never the last).",
    "Cavalry": "Tactic: move, then attack.",
    "Crossbowman": "Tactic: attack 2 hexes away in a straight line, over an empty hex. Normal attacks too.",
    "Ensign": "Tactic: another friendly unit within 2 moves 1 hex, staying within 2 of the Ensign.",
    "Footman": "Tactic: each friendly Footman maneuvers once. Two Footmen may be on the board.",
    "Knight": "Only a bolstered unit (2 or more coins) may attack it.",
    "Lancer": "Tactic: move 1-2 hexes in a straight line, then attack the next unit on that line. Attacks only so.",
    "Light Cavalry": "Tactic: move exactly 2 hexes (a 1-hex move is still allowed as a normal move).",
    "Marshall": "Tactic: another friendly unit within 2 makes a normal attack, if it can.",
    "Mercenary": "Recruiting its coin while it is on the board gives it a free maneuver.",
    "Pikeman": "A unit next to it that attacks it loses a coin.",
    "Royal Guard": "Tactic: discard the Royal Coin to move it 1-2 hexes onto a location its side controls. When it "
    "is attacked its side may remove a coin from its supply instead.",
    "Scout": "May also deploy onto any empty hex next to a friendly unit.",
    "Swordsman": "After it attacks it may move 1 hex for free.",
    "Warrior Priest": "After it attacks or takes control, draw a coin and use it at once.",
}
ROYAL_TEXT = "Royal Coin: claim the initiative, recruit, or pass; it is never deployed."


def _coins(coins: dict[str, int]) -> dict[str, int]:
    return {unit: n for unit, n in sorted(coins.items()) if n}


def _side(state: State, index: int) -> dict[str, Any]:
    side: Side = state.sides[index]
    yours = index != state.rules.ai_side
    out: dict[str, Any] = {
        "name": "AB"[index],
        "role": "you" if yours else "AI",
        "units": [{"unit": u, "ability": ABILITIES.get(u, "")} for u in side.units],
        "bag_count": sum(side.bag.values()),
        "discard_up": _coins(side.discard_up),
        "discard_down_count": sum(side.discard_down.values()),
        "supply": _coins(side.supply),
        "eliminated": _coins(side.eliminated),
        "markers_off": side.markers_off,
        "controlled": sorted(name(h) for h, owner in state.control.items() if owner == index),
    }
    if yours:  # the person knows their own coins: hand, bag and face-down discard, unit by unit
        out.update(hand=sorted(side.hand), bag=_coins(side.bag), discard_down=_coins(side.discard_down))
    return out


def describe(state: State) -> dict[str, Any]:
    return {
        "kind": "hexboard",
        "hexes": [
            {
                "q": h[0],
                "r": h[1],
                "name": name(h),  # as the move list and the reasons say it: "A1", "(1,-2)"
                "location": h in LOCATION_NAMES,
                "control": "AB"[state.control[h]] if h in state.control else None,
            }
            for h in HEXES
        ],
        "units": [
            {"q": h[0], "r": h[1], "unit": p.unit, "side": "AB"[p.owner], "coins": p.coins}
            for h, p in sorted(state.board.items())
        ],
        "sides": [_side(state, i) for i in range(len(state.sides))],
        "royal": {"unit": ROYAL, "ability": ROYAL_TEXT},
    }
