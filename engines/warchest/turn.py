"""The AI's turn on the table: reveal a random coin, decide, and turn each engine action into table commands.

Planning follows the turn step by step: the engine state and the record of which table object carries which coin
(:class:`~engines.warchest.table.Physical`) both advance with every planned step, so a later step finds its coins
where the earlier ones left them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from bridge.commands import Command, Move, Position, Put, Take
from bridge.errors import UsageError
from bridge.table import Vec3
from engines.base import Decision, Options, Reason, TableProblem
from engines.options import options_from_text
from engines.warchest import actions, rules
from engines.warchest.ai import AI_OPTION_TYPES, DIFFICULTY_ROYALS, AiOptions, SoloAI
from engines.warchest.board import Hex
from engines.warchest.state import take
from engines.warchest.table import AI, DISCARD, REMOVED, RESERVE, ROYAL_NAME, TableView, hand_slot, zone_spot
from engines.warchest.units import ROYAL


@dataclass(frozen=True)
class Step:
    """One decision of the AI's turn: the coin it reveals (with a reload first when the bag is empty), or an
    engine action, or nothing (a message only)."""

    action: actions.Action | None
    reveal: str | None = None
    reload: bool = False
    royals: int = 0  # Royal Coins the difficulty puts in the AI's bag before its first turn

    def to_json(self) -> dict[str, object]:
        if self.royals:
            return {"type": "DifficultyRoyals", "royals": self.royals}
        if self.reveal is not None:
            return {"type": "Reveal", "coin": self.reveal, "reload": self.reload}
        return actions.to_json(self.action) if self.action is not None else {"type": "Message"}


RULE_OPTIONS = {"royal_guard", "v2_cards", "solo_claim", "lc_may_return"}  # the game's rules, not the AI's


def rule_options(options: Options) -> dict[str, Any]:
    """Rule options from a turn's settings (``v2_cards=true``, ``royal_guard=2018``...)."""
    out: dict[str, Any] = {}
    for key in RULE_OPTIONS & set(options.rules):
        value = options.rules[key]
        if key in ("v2_cards", "lc_may_return") and isinstance(value, str):
            if value.lower() not in ("true", "false"):
                raise UsageError(f"option {key} takes true or false, not {value!r}")
            value = value.lower() == "true"
        out[key] = value
    return out


def ai_options(options: Options) -> AiOptions:
    """The AI's options from a turn's settings; text values as the command line gives them
    (``recruit_trigger=fallback+reload``), each checked against the values it takes."""
    if "difficulty" in options.rules:
        raise UsageError("the difficulty is not an option: choose it with --difficulty (or the panel)")
    ai: AiOptions = options_from_text(
        AiOptions,
        AI_OPTION_TYPES,
        options.rules,
        what="War Chest",
        skip=RULE_OPTIONS,
        fixed={"difficulty": options.difficulty or "beginner"},
    )
    return ai


def turn_steps(view: TableView, rng: random.Random, options: Options) -> list[Decision[Step]]:
    view.state.rules = replace(view.state.rules, **rule_options(options))
    state = view.state.copy()
    done = next((i for i, s in enumerate(state.sides) if s.markers_off == 0), None)
    if done is not None:  # a table read back after the game ended: nothing to play (and no marker left to place)
        who = "the AI has" if done == AI else "you have"
        over = f"The game is over: {who} all six control markers on locations."
        return [Decision(Step(None), Reason("Victory", over))]
    side = state.sides[AI]
    decisions: list[Decision[Step]] = []
    chosen = ai_options(options)
    missing = DIFFICULTY_ROYALS[chosen.difficulty] - side.bag.get(ROYAL, 0)
    first_turn = not side.discard_up and not side.discard_down and not state.units_of(AI) and not side.eliminated
    if first_turn and missing > 0:
        side.bag[ROYAL] = side.bag.get(ROYAL, 0) + missing
        decisions.append(
            Decision(
                Step(None, royals=missing),
                Reason(
                    "Difficulty Levels",
                    f"{chosen.difficulty.title()}: the AI starts with {missing} Royal Coin(s) in its bag.",
                ),
            )
        )
    reload = not side.bag
    if reload:
        rules.reload_ai(side)
    coin = rules.draw_coin(side, rng, refill=False)
    if coin is None:
        return [Decision(Step(None), Reason("The AI's Turn: 2. Draw", "The AI has no coin to reveal."))]
    side.hand = [coin]
    label = ROYAL_NAME if coin == ROYAL else f"a {coin} coin"
    text = "Reloads its bag from the discard, adds a Royal Coin, and reveals " if reload else "Reveals "
    rule = "The AI's Turn: 1. Reload, 2. Draw" if reload else "The AI's Turn: 2. Draw"
    decisions.append(Decision(Step(None, reveal=coin, reload=reload), Reason(rule, text + label + ".")))
    for d in SoloAI(chosen).turn(state, rng):
        decisions.append(Decision(Step(d.action), d.reason))
        rules.apply(state, d.action, random.Random(0))
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
    """Turns one side's actions into table commands; call :meth:`plan` once per step, in order.

    It keeps its own copy of the engine state and, in ``view.physical``, which table object carries which coin,
    so every step finds its coins where the earlier ones left them.
    """

    def __init__(self, view: TableView, side: int = AI) -> None:
        self.state = view.state.copy()
        self.ph = view.physical
        self.side = side
        self.playing: tuple[str, str] | None = None  # (unit, guid) of the coin being played
        self.from_bag = False  # the coin is still in the bag (the AI's reveal, a Warrior Priest's draw)

    def plan(self, step: Step) -> list[Command]:
        out: list[Command] = []
        if step.royals:
            for _ in range(step.royals):
                out += self._add_royal()
            return out
        if step.reveal is not None:
            if step.reload:
                out += self._reload()
            self._from_bag(step.reveal)
            side = self.state.sides[self.side]
            take(side.bag, step.reveal)
            side.hand = [step.reveal]
            return out
        if step.action is None:
            return out
        out += self.act(step.action)
        return out

    def act(self, action: actions.Action, rng: random.Random | None = None) -> list[Command]:
        """Commands for one engine action of this side, then the action applied to the engine state."""
        state = self.state
        top = state.pending[-1] if state.pending else None
        coin = getattr(action, "coin", None)
        if top is None and coin is not None and self.playing is None:
            self._from_hand(coin)
        out: list[Command] = []
        if top is not None and top.kind == "berserker" and not isinstance(action, actions.Skip):
            assert top.hex is not None
            out += self._take_top(top.hex, self._discard_spot(face_down=False), to_discard=True)
        if top is not None and top.kind == "soak" and isinstance(action, actions.Soak):
            assert top.hex is not None
            if action.instead:
                coins = self.ph.supply[self.side].get("Royal Guard") or []
                if not coins:
                    raise TableProblem("no Royal Guard coin in the supply on the table")
                guid = coins.pop()
                self.ph.removed.append(guid)
                out.append(Move(guid=guid, position=Position.of(self._removed_spot())))
            else:
                out += self._remove_top(top.hex)
        else:
            out += self._action(action)
        rules.apply(state, action, rng or random.Random(0), check=False)
        drawn = state.pending[-1] if state.pending else None
        if drawn is not None and drawn.kind == "priest" and drawn.coin is not None and drawn.player == self.side:
            self._from_bag(drawn.coin)  # a Warrior Priest's draw: the coin waits in the bag until it is used
        return out

    def draw_hand(self, rng: random.Random) -> list[Command]:
        """The person draws up to three coins from their bag into their hand (an empty bag first takes the
        whole discard), as the engine would."""
        side = self.state.sides[self.side]
        out: list[Command] = []
        while len(side.hand) < rules.HAND_SIZE:
            if not side.bag:
                out += self._refill_bag()
            coin = rules.draw_coin(side, rng, refill=False)
            if coin is None:
                break
            side.hand.append(coin)
            guid = self._bag_guid(coin)
            slot = hand_slot(self.ph.hand_at, len(self.ph.hand))
            self.ph.hand.append((coin, guid))
            out.append(Take(container=self.ph.bag[self.side], guid=guid, position=Position.of(slot)))
        return out

    def mirror_hand(self) -> list[Command]:
        """Coins the engine drew into this side's hand (at the start of its turn) come out of the bag on the
        table too."""
        out: list[Command] = []
        physical = [u for u, _ in self.ph.hand]
        for coin in self.state.sides[self.side].hand:
            if coin in physical:
                physical.remove(coin)
                continue
            guid = self._bag_guid(coin)
            slot = hand_slot(self.ph.hand_at, len(self.ph.hand))
            self.ph.hand.append((coin, guid))
            out.append(Take(container=self.ph.bag[self.side], guid=guid, position=Position.of(slot)))
        return out

    # --- pieces ---------------------------------------------------------------------------------------------

    def _bag_guid(self, unit: str) -> str:
        coins = self.ph.bag_coins[self.side].get(unit)
        if not coins:
            raise TableProblem(f"no {unit} coin in side {'AB'[self.side]}'s bag on the table")
        return coins.pop()

    def _from_bag(self, unit: str) -> None:
        self.playing, self.from_bag = (unit, self._bag_guid(unit)), True

    def _from_hand(self, unit: str) -> None:
        for i, (u, guid) in enumerate(self.ph.hand):
            if u == unit:
                del self.ph.hand[i]
                self.playing, self.from_bag = (u, guid), False
                return
        raise TableProblem(f"no {unit} coin in the hand on the table")

    def _reload(self) -> list[Command]:
        out = self._refill_bag() + self._add_royal()
        side = self.state.sides[self.side]
        rules.reload_ai(side)  # the engine moves its discard into the bag and adds the Royal Coin itself
        take(side.bag, ROYAL)  # ...which _add_royal already counted
        return out

    def _add_royal(self) -> list[Command]:
        """A spare Royal Coin goes into the AI's bag."""
        if not self.ph.royals:
            raise TableProblem("no spare Royal Coin left: put one in the spare Royal Coins area")
        guid = self.ph.royals.pop()
        self.ph.bag_coins[self.side].setdefault(ROYAL, []).append(guid)
        side = self.state.sides[self.side]
        side.bag[ROYAL] = side.bag.get(ROYAL, 0) + 1
        return [Put(guid=guid, container=self.ph.bag[self.side])]

    def _refill_bag(self) -> list[Command]:
        """The discard (both faces) goes into the bag; the engine state is refilled by its own draw or reload."""
        out: list[Command] = []
        for unit, guid in self.ph.discard[self.side]:
            out.append(Put(guid=guid, container=self.ph.bag[self.side]))
            self.ph.bag_coins[self.side].setdefault(unit, []).append(guid)
        self.ph.discard[self.side] = []
        if self.side != AI:
            side = self.state.sides[self.side]
            for pile in (side.discard_up, side.discard_down):
                for unit, n in pile.items():
                    side.bag[unit] = side.bag.get(unit, 0) + n
                pile.clear()
        return out

    def _place_playing(self, to: Vec3, *, face_down: bool = False) -> list[Command]:
        assert self.playing is not None
        _, guid = self.playing
        self.playing = None
        rotation = Position(x=0, y=0, z=180) if face_down else Position(x=0, y=0, z=0)
        if self.from_bag:
            self.from_bag = False
            return [Take(container=self.ph.bag[self.side], guid=guid, position=Position.of(to), rotation=rotation)]
        return [Move(guid=guid, position=Position.of(to), rotation=rotation)]

    def _discard_spot(self, *, face_down: bool) -> Vec3:
        return zone_spot(self.ph.zones[(DISCARD, self.side)], len(self.ph.discard[self.side]))

    def _discard_playing(self, *, face_down: bool = False) -> list[Command]:
        if self.playing is None:
            return []
        face_down = face_down and self.side != AI  # the AI discards every coin face up
        spot = self._discard_spot(face_down=face_down)
        self.ph.discard[self.side].append(self.playing)
        return self._place_playing(spot, face_down=face_down)

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

    def _removed_spot(self) -> Vec3:
        return zone_spot(self.ph.zones[(REMOVED, None)], len(self.ph.removed), per_row=3)

    def _take_top(self, h: Hex, spot: Vec3, *, to_discard: bool = False) -> list[Command]:
        """The top coin of the unit on h goes to ``spot`` (the removed area, or this side's discard). ``h`` is where
        the coins lie on the table now: a tactic's mover stands there before the engine's state has it moved."""
        guids = self.ph.stacks[h]
        top = guids[-1]
        inside = self.ph.inside.get(top)
        if inside:  # a stack TTS merged into one object: take its top coin out
            coin = inside.pop(0)
            if len(inside) == 1:  # TTS replaces a stack of one by the coin itself
                guids[-1] = inside[0]
                del self.ph.inside[top]
            command: Command = Take(container=top, guid=coin, position=Position.of(spot))
        else:
            coin = guids.pop()
            if not guids:
                del self.ph.stacks[h]
            command = Move(guid=coin, position=Position.of(spot))
        if to_discard:  # a Berserker's own coin, after its maneuver: the state has it where it stands
            self.ph.discard[self.side].append((self.state.board[h].unit, coin))
        else:
            self.ph.removed.append(coin)
        return [command]

    def _remove_top(self, h: Hex) -> list[Command]:
        return self._take_top(h, self._removed_spot())

    def _attack(self, frm: Hex, target: Hex, ranged: bool) -> list[Command]:
        out: list[Command] = []
        defender = self.state.board[target]
        if defender.unit == "Pikeman" and not ranged:
            out += self._remove_top(frm)
        if defender.unit == "Royal Guard" and self.state.sides[defender.owner].supply.get("Royal Guard"):
            return out  # the Royal Guard's owner chooses how it takes the hit (a Soak follows)
        return out + self._remove_top(target)

    def _control(self, h: Hex) -> list[Command]:
        out: list[Command] = []
        previous = self.ph.markers_on.get(h)
        if previous is not None:
            owner = self.state.control[h]
            spot = zone_spot(self.ph.zones[(RESERVE, owner)], len(self.ph.reserve[owner]), per_row=6, rows=1)
            self.ph.reserve[owner].append(previous)
            out.append(Move(guid=previous, position=Position.of(spot)))
        marker = self.ph.reserve[self.side].pop()
        self.ph.markers_on[h] = marker
        at = self.ph.hex_at(h, 0)
        out.append(Move(guid=marker, position=Position.of(Vec3(at.x, at.y - 0.05, at.z))))
        return out

    def _action(self, action: actions.Action) -> list[Command]:
        ph = self.ph
        match action:
            case actions.Deploy(_, to):
                assert self.playing is not None
                ph.stacks[to] = [self.playing[1]]
                return self._place_playing(ph.hex_at(to, 0))
            case actions.Bolster(_, at):
                height = self._height(at)
                assert self.playing is not None
                ph.stacks[at].append(self.playing[1])
                return self._place_playing(ph.hex_at(at, height))
            case actions.Recruit(_, unit):
                coins = ph.supply[self.side].get(unit)
                if not coins:
                    raise TableProblem(f"no {unit} coin in side {'AB'[self.side]}'s supply on the table")
                guid = coins.pop()
                spot = self._discard_spot(face_down=False)
                ph.discard[self.side].append((unit, guid))
                return [Move(guid=guid, position=Position.of(spot)), *self._discard_playing(face_down=True)]
            case actions.Pass(_) | actions.Claim(_):
                return self._discard_playing(face_down=True)
            case actions.Muster(_):
                return self._discard_playing()
            case actions.Move(_, frm, to):
                return self._move_stack(frm, to) + self._discard_playing()
            case actions.Control(_, at):
                return self._control(at) + self._discard_playing()
            case actions.Attack(_, frm, target):
                return self._attack(frm, target, ranged=False) + self._discard_playing()
            case actions.Tactic(_, frm, to, target, other):
                out: list[Command] = []
                actor = other if other is not None else frm
                if to is not None:
                    out += self._move_stack(actor, to)
                if target is not None:
                    attacker = to if to is not None and other is None else actor
                    ranged = to is None and other is None and self.state.board[frm].unit in ("Archer", "Crossbowman")
                    out += self._attack(attacker, target, ranged=ranged)
                return out + self._discard_playing()
            case actions.Skip() | actions.Soak(_):
                return []
        raise ValueError(f"cannot plan {action}")


def planner_for(view: TableView) -> Planner:
    """The planner of the turn being planned for this view (one per read of the table)."""
    if view.planner is None:
        view.planner = Planner(view)
    planner: Planner = view.planner
    return planner
