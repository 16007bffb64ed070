"""Actions: immutable and hashable, so they can key tables, be compared in tests and be counted (perft).

``coin`` is the coin played from the hand (or the Warrior Priest's drawn coin); it is None for a free action
that a follow-up grants (Swordsman's step, a Berserker chain, a Mercenary's or a Footman's maneuver).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bridge.records import quick_init
from engines.warchest.board import Hex, name


@quick_init
@dataclass(frozen=True, slots=True)
class Deploy:
    coin: str
    to: Hex


@quick_init
@dataclass(frozen=True, slots=True)
class Bolster:
    coin: str
    at: Hex


@quick_init
@dataclass(frozen=True, slots=True)
class Claim:
    """Claim the initiative (the coin is discarded face down)."""

    coin: str


@quick_init
@dataclass(frozen=True, slots=True)
class Recruit:
    coin: str | None  # None: a free recruit (the solo AI's "reload" and "royal" recruit triggers)
    unit: str


@quick_init
@dataclass(frozen=True, slots=True)
class Pass:
    coin: str


@quick_init
@dataclass(frozen=True, slots=True)
class Move:
    coin: str | None
    frm: Hex
    to: Hex


@quick_init
@dataclass(frozen=True, slots=True)
class Control:
    coin: str | None
    at: Hex


@quick_init
@dataclass(frozen=True, slots=True)
class Attack:
    coin: str | None
    frm: Hex
    target: Hex


@quick_init
@dataclass(frozen=True, slots=True)
class Tactic:
    """A unit's tactic. ``frm`` is the unit using it; the other fields depend on the unit:
    Archer, Crossbowman: ``target``. Cavalry, Lancer: ``to`` then ``target``. Light Cavalry, Royal Guard: ``to``.
    Ensign: ``other`` moves to ``to``. Marshall: ``other`` attacks ``target``. Footman: nothing (each Footman
    then maneuvers in turn)."""

    coin: str | None
    frm: Hex
    to: Hex | None = None
    target: Hex | None = None
    other: Hex | None = None


@quick_init
@dataclass(frozen=True, slots=True)
class Muster:
    """Solo AI only: its Royal Coin makes every deployed AI unit maneuver in turn, in card order."""

    coin: str


@quick_init
@dataclass(frozen=True, slots=True)
class Skip:
    """Decline an optional follow-up."""


@quick_init
@dataclass(frozen=True, slots=True)
class Soak:
    """The Royal Guard's owner, attacked: eliminate a supply coin instead (True) or take the hit (False)."""

    instead: bool


Action = Deploy | Bolster | Claim | Recruit | Pass | Move | Control | Attack | Tactic | Muster | Skip | Soak
MANEUVERS = (Move, Control, Attack, Tactic)


def describe(action: Action) -> str:
    """A short sentence for logs and chat."""
    match action:
        case Deploy(coin, to):
            return f"deploy {coin} on {name(to)}"
        case Bolster(coin, at):
            return f"bolster {coin} on {name(at)}"
        case Claim(coin):
            return f"claim the initiative with {coin}"
        case Recruit(coin, unit):
            return f"recruit {unit} (discarding {coin})" if coin else f"recruit {unit}"
        case Muster(_):
            return "Royal Coin: every deployed unit maneuvers"
        case Pass(coin):
            return f"pass (discarding {coin})"
        case Move(_, frm, to):
            return f"move {name(frm)} to {name(to)}"
        case Control(_, at):
            return f"take control of {name(at)}"
        case Attack(_, frm, target):
            return f"attack {name(target)} from {name(frm)}"
        case Tactic(coin, frm, to, target, other):
            # a Royal Coin's muster grants a tactic with no coin of its own: name none rather than "None"
            parts = [f"{coin} tactic from {name(frm)}" if coin else f"tactic of the unit on {name(frm)}"]
            if other is not None:
                parts.append(f"with {name(other)}")
            if to is not None:
                parts.append(f"to {name(to)}")
            if target is not None:
                parts.append(f"attacking {name(target)}")
            return " ".join(parts)
        case Skip():
            return "skip"
        case Soak(instead):
            return "eliminate a supply coin instead" if instead else "take the hit"
    raise TypeError(action)


def to_json(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"type": type(action).__name__}
    for f in action.__slots__:
        value = getattr(action, f)
        out[f] = list(value) if isinstance(value, tuple) else value
    return out
