"""Pax Pamir's game state: plain data, cloned with ``copy()``, serialisable with ``to_json()``.

Cards are numbers (court 1-100, events 101-116). Seats are indices into ``players`` in turn order (clockwise).
Pieces: tribes (cylinders in regions), armies (blocks in regions), roads (blocks on borders), spies (cylinders on
court cards), gifts (cylinders on the gift spaces 2/4/6).
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any

from engines.paxpamir.data import COALITIONS, REGIONS, Coalition, Region, Suit
from engines.paxpamir.options import RuleOptions
from engines.paxpamir.setup import Market

CYLINDERS = 10  # per seat, not counting the victory-point marker
BLOCKS = 12  # per coalition
GIFT_PRICES = (2, 4, 6)


@dataclass(slots=True)
class Player:
    loyalty: Coalition | None
    rupees: int = 4
    hand: list[int] = field(default_factory=list)
    court: list[int] = field(default_factory=list)  # left to right
    prizes: list[int] = field(default_factory=list)
    gifts: list[int] = field(default_factory=list)  # the prices of the gift spaces taken
    vp: int = 0
    wakhan: bool = False  # the automated seat: ``loyalty`` is her pragmatic loyalty, recomputed (spec B3)


@dataclass(frozen=True)
class Pending:
    """A choice owed before play goes on, by ``seat``. ``kind``:
    ``icons`` (where the next of ``icons`` goes, for the card ``card`` of ``region``), ``tax`` / ``build`` /
    ``move`` / ``battle`` (the next step of a card action, ``remaining`` steps left; battle at ``region`` or on
    ``target``), ``prize`` (keep the betrayed card ``card``), ``discard`` (a card from court or hand; ``reason``),
    ``suit`` / ``seat`` / ``region`` (an event's choice, ``event``)."""

    kind: str
    seat: int
    card: int = 0
    region: Region | None = None
    icons: tuple[str, ...] = ()
    remaining: int = 0
    target: int = 0
    reason: str = ""
    event: str = ""
    action: Any = None  # bribe / ransom: the play or card action that waits for the demand


@dataclass
class State:
    players: list[Player]
    deck: list[int]
    market: Market
    favored: Suit = "political"
    discard: list[int] = field(default_factory=list)
    tribes: dict[Region, list[int]] = field(default_factory=lambda: {r: [] for r in REGIONS})  # seats
    armies: dict[Region, dict[Coalition, int]] = field(default_factory=lambda: {r: {} for r in REGIONS})
    roads: dict[str, dict[Coalition, int]] = field(default_factory=dict)
    spies: dict[int, list[int]] = field(default_factory=dict)  # card -> seats (one entry per spy)
    current: int = 0
    actions_used: int = 0
    cards_used: set[int] = field(default_factory=set)  # court cards that took an action this turn
    paid_slots: set[tuple[int, int]] = field(default_factory=set)  # market slots holding this turn's rupees
    pending: list[Pending] = field(default_factory=list)
    lasting: dict[str, int] = field(default_factory=dict)  # event effects until the next check -> the purchaser
    bank_in: int = 0  # rupees that came from the bank (leverage, events)
    bank_out: int = 0  # rupees that left the game (payments with nowhere to go)
    out_of_game: list[int] = field(default_factory=list)  # cards set aside at set-up or removed
    ply: int = 0
    turn: int = 0  # turns begun since set-up
    winner: int | None = None
    over: bool = False
    dominance_checks_resolved: int = 0
    placed: dict[str, int] = field(default_factory=dict)  # "kind:where:owner" -> pieces placed this turn
    ai_deck: list[int] = field(default_factory=list)  # Wakhan's AI cards, top first
    ai_discard: list[int] = field(default_factory=list)  # face up, the last one on top (her face card)
    wakhan_printing: int = 1  # which printing's Wakhan rules apply (spec B12)
    rules: RuleOptions = field(default_factory=RuleOptions)  # the readings of the base rules in force

    def note_placed(self, kind: str, where: object, owner: object) -> None:
        key = f"{kind}:{where}:{owner}"
        self.placed[key] = self.placed.get(key, 0) + 1

    def placed_here(self, kind: str, where: object, owner: object) -> int:
        return self.placed.get(f"{kind}:{where}:{owner}", 0)

    def copy(self) -> State:
        return copy.deepcopy(self)

    # --- counts ---------------------------------------------------------------------------------------------

    def blocks_in_play(self, coalition: Coalition) -> int:
        return sum(a.get(coalition, 0) for a in self.armies.values()) + sum(
            r.get(coalition, 0) for r in self.roads.values()
        )

    def blocks_available(self, coalition: Coalition) -> int:
        return BLOCKS - self.blocks_in_play(coalition)

    def cylinders_in_play(self, seat: int) -> int:
        tribes = sum(t.count(seat) for t in self.tribes.values())
        spies = sum(s.count(seat) for s in self.spies.values())
        return tribes + spies + len(self.players[seat].gifts)

    def cylinders_available(self, seat: int) -> int:
        return CYLINDERS - self.cylinders_in_play(seat)

    @property
    def wakhan_seat(self) -> int | None:
        """Wakhan's seat, if she plays."""
        return next((seat for seat, p in enumerate(self.players) if p.wakhan), None)

    @property
    def ai_face(self) -> int | None:
        return self.ai_discard[-1] if self.ai_discard else None

    def owner_of(self, card: int) -> int | None:
        for seat, player in enumerate(self.players):
            if card in player.court:
                return seat
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "players": [
                {
                    "loyalty": p.loyalty,
                    "rupees": p.rupees,
                    "hand": p.hand,
                    "court": p.court,
                    "prizes": p.prizes,
                    "gifts": p.gifts,
                    "vp": p.vp,
                    "wakhan": p.wakhan,
                }
                for p in self.players
            ],
            "deck": self.deck,
            "market": {"cards": self.market.cards, "rupees": self.market.rupees},
            "favored": self.favored,
            "discard": self.discard,
            "tribes": self.tribes,
            "armies": self.armies,
            "roads": self.roads,
            "spies": {str(k): v for k, v in self.spies.items()},
            "current": self.current,
            "actions_used": self.actions_used,
            "cards_used": sorted(self.cards_used),
            "paid_slots": sorted(self.paid_slots),
            "pending": [{**p.__dict__, "action": _action_json(p.action)} for p in self.pending],
            "lasting": self.lasting,
            "bank_in": self.bank_in,
            "bank_out": self.bank_out,
            "out_of_game": self.out_of_game,
            "ply": self.ply,
            "turn": self.turn,
            "winner": self.winner,
            "over": self.over,
            "dominance_checks_resolved": self.dominance_checks_resolved,
            "placed": self.placed,
            "ai_deck": self.ai_deck,
            "ai_discard": self.ai_discard,
            "wakhan_printing": self.wakhan_printing,
            "rules": dataclasses.asdict(self.rules),
        }


def _action_json(action: Any) -> dict[str, Any] | None:
    if action is None:
        return None
    return {"type": type(action).__name__, **{f: getattr(action, f) for f in action.__slots__}}


def _action_from_json(data: dict[str, Any] | None) -> Any:
    if data is None:
        return None
    from engines.paxpamir import actions

    fields = {k: v for k, v in data.items() if k != "type"}
    return getattr(actions, data["type"])(**fields)


def state_from_json(data: dict[str, Any]) -> State:
    """The inverse of :meth:`State.to_json`."""
    market = Market([list(row) for row in data["market"]["cards"]], [list(row) for row in data["market"]["rupees"]])
    return State(
        players=[
            Player(
                p["loyalty"],
                p["rupees"],
                list(p["hand"]),
                list(p["court"]),
                list(p["prizes"]),
                list(p["gifts"]),
                p["vp"],
                p.get("wakhan", False),
            )
            for p in data["players"]
        ],
        deck=list(data["deck"]),
        market=market,
        favored=data["favored"],
        discard=list(data["discard"]),
        tribes={r: list(v) for r, v in data["tribes"].items()},
        armies={r: dict(v) for r, v in data["armies"].items()},
        roads={b: dict(v) for b, v in data["roads"].items()},
        spies={int(k): list(v) for k, v in data["spies"].items()},
        current=data["current"],
        actions_used=data["actions_used"],
        cards_used=set(data["cards_used"]),
        paid_slots={(r, c) for r, c in data["paid_slots"]},
        pending=[
            Pending(**{**p, "icons": tuple(p["icons"]), "action": _action_from_json(p["action"])})
            for p in data["pending"]
        ],
        lasting=dict(data["lasting"]),
        bank_in=data["bank_in"],
        bank_out=data["bank_out"],
        out_of_game=list(data["out_of_game"]),
        ply=data["ply"],
        turn=data.get("turn", 0),
        winner=data["winner"],
        over=data["over"],
        dominance_checks_resolved=data["dominance_checks_resolved"],
        placed=dict(data.get("placed", {})),
        ai_deck=list(data.get("ai_deck", [])),
        ai_discard=list(data.get("ai_discard", [])),
        wakhan_printing=data.get("wakhan_printing", 1),
        rules=RuleOptions(**data.get("rules", {})),
    )


def blocks_total(state: State) -> dict[Coalition, int]:
    return {c: state.blocks_in_play(c) for c in COALITIONS}
