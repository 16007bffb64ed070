"""The AI's turn on the table: reveal a random coin, decide, and turn each engine action into table commands.

Planning follows the turn step by step: the engine state and the record of which table object carries which coin
(:class:`~engines.warchest.table.Physical`) both advance with every planned step, so a later step finds its coins
where the earlier ones left them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bridge.commands import Command, Move, Position, Put, Take
from bridge.table import Vec3
from engines.base import Decision, Options, Reason
from engines.warchest import actions as A
from engines.warchest import rules as R
from engines.warchest.ai import AiOptions, SoloAI
from engines.warchest.board import Hex
from engines.warchest.state import take
from engines.warchest.table import AI, DISCARD, REMOVED, RESERVE, ROYAL_NAME, TableView, zone_spot
from engines.warchest.units import ROYAL


@dataclass(frozen=True)
class Step:
    """One decision of the AI's turn: the coin it reveals (with a reload first when the bag is empty), or an
    engine action, or nothing (a message only)."""

    action: A.Action | None
    reveal: str | None = None
    reload: bool = False

    def to_json(self) -> dict[str, object]:
        if self.reveal is not None:
            return {"type": "Reveal", "coin": self.reveal, "reload": self.reload}
        return A.to_json(self.action) if self.action is not None else {"type": "Message"}


def ai_options(options: Options) -> AiOptions:
    known = set(AiOptions.__dataclass_fields__)
    unknown = set(options.rules) - known
    if unknown:
        raise ValueError(f"unknown War Chest AI option(s): {', '.join(sorted(unknown))}")
    return AiOptions(difficulty=options.difficulty or "beginner", **options.rules)  # type: ignore[arg-type]


def turn_steps(view: TableView, rng: random.Random, options: Options) -> list[Decision[Step]]:
    state = view.state.copy()
    side = state.sides[AI]
    reload = not side.bag
    if reload:
        R._reload_ai(side)
    coin = R.draw_coin(side, rng, refill=False)
    if coin is None:
        return [Decision(Step(None), Reason("The AI's Turn: 2. Draw", "The AI has no coin to reveal."))]
    side.hand = [coin]
    label = ROYAL_NAME if coin == ROYAL else f"a {coin} coin"
    decisions = [
        Decision(
            Step(None, reveal=coin, reload=reload),
            Reason(
                "The AI's Turn: 1. Reload, 2. Draw" if reload else "The AI's Turn: 2. Draw",
                ("Reloads its bag from the discard, adds a Royal Coin, and reveals " if reload else "Reveals ")
                + label
                + ".",
            ),
        )
    ]
    for d in SoloAI(ai_options(options)).turn(state, rng):
        decisions.append(Decision(Step(d.action), d.reason))
        R.apply(state, d.action, random.Random(0))
    if state.pending and state.pending[-1].kind == "soak":
        decisions.append(
            Decision(
                Step(None),
                Reason(
                    "Royal Guard",
                    "Your Royal Guard is attacked: remove one of its coins from play, or one of its coins "
                    "from your supply instead.",
                ),
            )
        )
    return decisions


class Planner:
    """Turns the steps of one AI turn into commands; call :meth:`plan` once per step, in order."""

    def __init__(self, view: TableView) -> None:
        self.state = view.state.copy()
        self.ph = view.physical
        self.revealed: tuple[str, str] | None = None  # (unit, guid) of the revealed coin
        self.in_bag = False

    def plan(self, step: Step) -> list[Command]:
        out: list[Command] = []
        if step.reveal is not None:
            if step.reload:
                out += self._reload()
            coins = self.ph.bag_coins[AI].get(step.reveal)
            if not coins:
                raise ValueError(f"no {step.reveal} coin in the AI's bag on the table")
            self.revealed, self.in_bag = (step.reveal, coins.pop()), True
            side = self.state.sides[AI]
            take(side.bag, step.reveal)
            side.hand = [step.reveal]
            return out
        if step.action is None:
            return out
        out += self._action(step.action)
        R.apply(self.state, step.action, random.Random(0), check=False)
        return out

    # --- pieces ---------------------------------------------------------------------------------------------

    def _reload(self) -> list[Command]:
        out: list[Command] = []
        bag = self.ph.bag[AI]
        for unit, guid in self.ph.discard[AI]:
            out.append(Put(guid=guid, container=bag))
            self.ph.bag_coins[AI].setdefault(unit, []).append(guid)
        self.ph.discard[AI] = []
        if not self.ph.royals:
            raise ValueError("no spare Royal Coin left for the AI's reload: put one in the spare Royal Coins area")
        guid = self.ph.royals.pop()
        out.append(Put(guid=guid, container=bag))
        self.ph.bag_coins[AI].setdefault(ROYAL, []).append(guid)
        R._reload_ai(self.state.sides[AI])
        return out

    def _place_revealed(self, to: Vec3) -> list[Command]:
        assert self.revealed is not None
        _, guid = self.revealed
        self.revealed = None
        if self.in_bag:
            self.in_bag = False
            return [Take(container=self.ph.bag[AI], guid=guid, position=Position.of(to))]
        return [Move(guid=guid, position=Position.of(to))]

    def _discard_revealed(self) -> list[Command]:
        if self.revealed is None:
            return []
        unit, guid = self.revealed
        spot = zone_spot(self.ph.zones[(DISCARD, AI)], len(self.ph.discard[AI]))
        self.ph.discard[AI].append((unit, guid))
        return self._place_revealed(spot)

    def _height(self, h: Hex) -> int:
        return sum(len(self.ph.inside.get(g, [g])) for g in self.ph.stacks.get(h, []))

    def _move_stack(self, frm: Hex, to: Hex) -> list[Command]:
        guids = self.ph.stacks.pop(frm)
        self.ph.stacks[to] = guids
        out: list[Command] = []
        height = 0
        for g in guids:
            out.append(Move(guid=g, position=Position.of(self.ph.hex_at(to, height))))
            height += len(self.ph.inside.get(g, [g]))
        return out

    def _remove_top(self, h: Hex) -> list[Command]:
        """The top coin of the unit on h goes to the removed-from-play area."""
        spot = Position.of(zone_spot(self.ph.zones[(REMOVED, None)], len(self.ph.removed), per_row=3))
        guids = self.ph.stacks[h]
        top = guids[-1]
        inside = self.ph.inside.get(top)
        if inside:  # a stack TTS merged into one object: take its top coin out
            coin = inside.pop(0)
            self.ph.removed.append(coin)
            if len(inside) == 1:  # TTS replaces a stack of one by the coin itself
                guids[-1] = inside[0]
                del self.ph.inside[top]
            return [Take(container=top, guid=coin, position=spot)]
        guids.pop()
        if not guids:
            del self.ph.stacks[h]
        self.ph.removed.append(top)
        return [Move(guid=top, position=spot)]

    def _attack(self, frm: Hex, target: Hex, ranged: bool) -> list[Command]:
        out: list[Command] = []
        defender = self.state.board[target]
        if defender.unit == "Royal Guard" and self.state.sides[defender.owner].supply.get("Royal Guard"):
            return out  # the person chooses how their Royal Guard takes the hit
        if defender.unit == "Pikeman" and not ranged:
            out += self._remove_top(frm)
        return out + self._remove_top(target)

    def _control(self, h: Hex) -> list[Command]:
        out: list[Command] = []
        previous = self.ph.markers_on.get(h)
        if previous is not None:
            owner = self.state.control[h]
            spot = zone_spot(self.ph.zones[(RESERVE, owner)], len(self.ph.reserve[owner]), per_row=6)
            self.ph.reserve[owner].append(previous)
            out.append(Move(guid=previous, position=Position.of(spot)))
        marker = self.ph.reserve[AI].pop()
        self.ph.markers_on[h] = marker
        at = self.ph.hex_at(h, 0)
        out.append(Move(guid=marker, position=Position.of(Vec3(at.x, at.y - 0.05, at.z))))
        return out

    def _action(self, action: A.Action) -> list[Command]:
        ph = self.ph
        match action:
            case A.Deploy(_, to):
                ph.stacks[to] = [self.revealed[1]] if self.revealed else []
                return self._place_revealed(ph.hex_at(to, 0))
            case A.Bolster(_, at):
                height = self._height(at)
                assert self.revealed is not None
                ph.stacks[at].append(self.revealed[1])
                return self._place_revealed(ph.hex_at(at, height))
            case A.Recruit(_, unit):
                coins = ph.supply[AI].get(unit)
                if not coins:
                    raise ValueError(f"no {unit} coin in the AI's supply on the table")
                guid = coins.pop()
                spot = zone_spot(ph.zones[(DISCARD, AI)], len(ph.discard[AI]))
                ph.discard[AI].append((unit, guid))
                return [Move(guid=guid, position=Position.of(spot)), *self._discard_revealed()]
            case A.Pass(_) | A.Claim(_) | A.Muster(_):
                return self._discard_revealed()
            case A.Move(_, frm, to):
                return self._move_stack(frm, to) + self._discard_revealed()
            case A.Control(_, at):
                return self._control(at) + self._discard_revealed()
            case A.Attack(_, frm, target):
                return self._attack(frm, target, ranged=False) + self._discard_revealed()
            case A.Tactic(_, frm, to, target, _):
                out: list[Command] = []
                if to is not None:
                    out += self._move_stack(frm, to)
                if target is not None:
                    out += self._attack(to if to is not None else frm, target, ranged=to is None)
                return out + self._discard_revealed()
            case A.Skip() | A.Soak(_):
                return []
        raise ValueError(f"the AI does not play {action}")


def planner_for(view: TableView) -> Planner:
    """The planner of the turn being planned for this view (one per read of the table)."""
    if view.planner is None:
        view.planner = Planner(view)
    planner: Planner = view.planner
    return planner
