"""War Chest's game state: plain data, cloned cheaply for search, serialisable to JSON.

A side's coins are multisets (unit name -> count): coins of one unit are interchangeable, and only the bag's
order is hidden, so a draw is a chance event (the rng passed to :func:`engines.warchest.rules.apply`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from bridge.records import quick_init
from engines.warchest.board import Hex

Coins = dict[str, int]
SIDE_A, SIDE_B = 0, 1
MARKERS = 6


class Piece(NamedTuple):
    owner: int
    unit: str
    coins: int  # stack height


@dataclass(frozen=True)
class Rules:
    """Rule options (each a named choice; defaults are the spec's)."""

    royal_guard: Literal["nobility", "2018"] = "nobility"
    v2_cards: bool = False  # revised Berserker, Footman and Warrior Priest
    solo: bool = False  # the solo AI's turn structure: no initiative, one coin per turn, AI reveals from its bag
    ai_side: int = 0  # in solo play, the side the AI plays (A)
    max_actions: int = 1000  # a game still running after this many actions is a draw
    solo_recruit: frozenset[str] = frozenset()  # AI free recruits: "reload" (before refilling), "royal" (after musters)
    solo_claim: Literal["removed", "pass"] = "removed"  # spec 6.12: the person's Claim Initiative in solo play
    lc_may_return: bool = False  # spec 6.14: a Light Cavalry tactic may end where it started


@quick_init
@dataclass(frozen=True, slots=True)
class Pending:
    """A decision owed before play goes on: a follow-up of the last action (see rules.py for the kinds)."""

    kind: Literal["swordsman", "berserker", "priest", "soak", "mercenary", "footman", "muster", "recruit", "deploy"]
    player: int
    hex: Hex | None = None
    coin: str | None = None  # priest: the drawn coin
    hexes: tuple[Hex, ...] = ()  # footman: those yet to maneuver
    names: tuple[str, ...] = ()  # muster: the units yet to maneuver, in card order
    after: str = ""  # berserker: what the last maneuver was ("move", "attack", "control")
    chained: bool = False  # priest: this coin came from a Warrior Priest draw (V2 triggers once per coin)


@dataclass(slots=True)
class Side:
    units: tuple[str, ...]  # the unit cards, in the order they were set up
    bag: Coins
    hand: list[str]
    discard_up: Coins
    discard_down: Coins
    supply: Coins
    eliminated: Coins
    markers_off: int = MARKERS - 2
    royals_added: int = 0  # solo AI: Royal Coins added at reloads (they are unlimited)
    last_maneuvered: dict[str, int] = field(default_factory=dict)  # unit -> ply of its last maneuver

    def copy(self) -> Side:
        return Side(
            self.units,
            dict(self.bag),
            list(self.hand),
            dict(self.discard_up),
            dict(self.discard_down),
            dict(self.supply),
            dict(self.eliminated),
            self.markers_off,
            self.royals_added,
            dict(self.last_maneuvered),
        )

    def coins_outside_board(self) -> int:
        return (
            sum(self.bag.values())
            + len(self.hand)
            + sum(self.discard_up.values())
            + sum(self.discard_down.values())
            + sum(self.supply.values())
            + sum(self.eliminated.values())
        )


@dataclass(slots=True)
class State:
    rules: Rules
    sides: list[Side]
    board: dict[Hex, Piece]
    control: dict[Hex, int]
    initiative: int = SIDE_A
    initiative_taken: bool = False  # claimed this round (at most once a round)
    current: int = SIDE_A
    pending: list[Pending] = field(default_factory=list)  # a stack: the last is decided first
    ply: int = 0
    winner: int | None = None
    drawn_game: bool = False
    round: int = 1
    awaiting_reveal: bool = False  # solo: the AI recruits before its reload, then reveals

    def copy(self) -> State:
        return State(
            self.rules,
            [s.copy() for s in self.sides],
            dict(self.board),
            dict(self.control),
            self.initiative,
            self.initiative_taken,
            self.current,
            list(self.pending),
            self.ply,
            self.winner,
            self.drawn_game,
            self.round,
            self.awaiting_reveal,
        )

    @property
    def over(self) -> bool:
        return self.winner is not None or self.drawn_game

    def to_act(self) -> int:
        return self.pending[-1].player if self.pending else self.current

    def units_of(self, player: int, unit: str | None = None) -> list[Hex]:
        return [h for h, p in self.board.items() if p.owner == player and (unit is None or p.unit == unit)]

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": {
                "royal_guard": self.rules.royal_guard,
                "v2_cards": self.rules.v2_cards,
                "solo": self.rules.solo,
                "ai_side": self.rules.ai_side,
                "max_actions": self.rules.max_actions,
                "solo_recruit": sorted(self.rules.solo_recruit),
                "solo_claim": self.rules.solo_claim,
                "lc_may_return": self.rules.lc_may_return,
            },
            "sides": [
                {
                    "units": list(s.units),
                    "bag": s.bag,
                    "hand": s.hand,
                    "discard_up": s.discard_up,
                    "discard_down": s.discard_down,
                    "supply": s.supply,
                    "eliminated": s.eliminated,
                    "markers_off": s.markers_off,
                    "royals_added": s.royals_added,
                    "last_maneuvered": s.last_maneuvered,
                }
                for s in self.sides
            ],
            "board": [[h[0], h[1], p.owner, p.unit, p.coins] for h, p in sorted(self.board.items())],
            "control": [[h[0], h[1], owner] for h, owner in sorted(self.control.items())],
            "initiative": self.initiative,
            "initiative_taken": self.initiative_taken,
            "current": self.current,
            "pending": [
                {
                    "kind": p.kind,
                    "player": p.player,
                    "hex": list(p.hex) if p.hex else None,
                    "coin": p.coin,
                    "hexes": [list(h) for h in p.hexes],
                    "names": list(p.names),
                    "after": p.after,
                    "chained": p.chained,
                }
                for p in self.pending
            ],
            "ply": self.ply,
            "winner": self.winner,
            "drawn_game": self.drawn_game,
            "round": self.round,
            "awaiting_reveal": self.awaiting_reveal,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        return cls(
            rules=Rules(**{**data["rules"], "solo_recruit": frozenset(data["rules"].get("solo_recruit", ()))}),
            sides=[
                Side(
                    tuple(s["units"]),
                    dict(s["bag"]),
                    list(s["hand"]),
                    dict(s["discard_up"]),
                    dict(s["discard_down"]),
                    dict(s["supply"]),
                    dict(s["eliminated"]),
                    s["markers_off"],
                    s["royals_added"],
                    dict(s["last_maneuvered"]),
                )
                for s in data["sides"]
            ],
            board={(q, r): Piece(o, u, c) for q, r, o, u, c in data["board"]},
            control={(q, r): o for q, r, o in data["control"]},
            initiative=data["initiative"],
            initiative_taken=data["initiative_taken"],
            current=data["current"],
            pending=[
                Pending(
                    p["kind"],
                    p["player"],
                    tuple(p["hex"]) if p["hex"] else None,
                    p["coin"],
                    tuple(tuple(h) for h in p["hexes"]),
                    tuple(p["names"]),
                    p["after"],
                    p["chained"],
                )
                for p in data["pending"]
            ],
            ply=data["ply"],
            winner=data["winner"],
            drawn_game=data["drawn_game"],
            round=data["round"],
            awaiting_reveal=data.get("awaiting_reveal", False),
        )


def add(coins: Coins, unit: str, n: int = 1) -> None:
    coins[unit] = coins.get(unit, 0) + n


def take(coins: Coins, unit: str, n: int = 1) -> None:
    left = coins.get(unit, 0) - n
    if left < 0:
        raise ValueError(f"no {unit} coin to take")
    if left:
        coins[unit] = left
    else:
        del coins[unit]
