"""Seth McBride's unofficial War Chest solo AI (rules text: shared/rules/004_7dce0f91ca3db94c.txt).

The AI turns each revealed coin into engine actions by the "On Coin Reveal" flowchart: deploy an undeployed
unit; else attack (or take control when that wins), take control, or move; with the unit notes (Scout, Light
Cavalry, Cavalry, Swordsman, Crossbowmen, Knight). Every choice goes through :func:`priorities.select`, and the
reason it returns names the flowchart step and the priority that decided.

The AI plays side ``rules.ai_side`` of a state set up with ``Rules(solo=True)``; it uses public information only.
Options are the spec's interpretation table (``games/warchest.md`` section 6); defaults are the spec's.
"""

from __future__ import annotations

import random
import typing
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from bridge.records import quick_init
from engines.base import IllegalAction, Reason
from engines.priorities import Choice, Criterion, select
from engines.warchest import rules
from engines.warchest.actions import Action, Attack, Bolster, Control, Deploy, Move, Muster, Pass, Recruit, Skip, Tactic
from engines.warchest.board import (
    BIT,
    CENTER,
    DIRECTIONS,
    LOCATION_SET,
    LOCATIONS,
    NEIGHBOURS,
    Hex,
    distance,
    hexes_in,
    mask_of,
    name,
    path_distances,
    straight_line,
)
from engines.warchest.state import State
from engines.warchest.units import ROYAL

Difficulty = Literal["beginner", "intermediate", "advanced"]
RecruitTrigger = Literal["fallback", "reload", "royal"]
DIFFICULTY_ROYALS: dict[str, int] = {"beginner": 0, "intermediate": 1, "advanced": 2}


@dataclass(frozen=True)
class AiOptions:
    """The interpretation table's choices (spec section 6), each with the spec's default."""

    difficulty: Difficulty = "beginner"
    ai_bag: Literal["seed", "all_coins"] = "seed"  # 1: 2 coins per unit (rules text) or every coin
    recruit_trigger: frozenset[RecruitTrigger] = field(default_factory=lambda: frozenset({"fallback"}))  # 2
    royal_order: Literal["card"] = "card"  # 3: the Royal Coin moves units in card (set-up) order
    tie_break: Literal["random", "canonical"] = "random"  # 4
    empty_criterion: Literal["skip", "stop"] = "skip"  # 5: a criterion no candidate meets
    unreachable: Literal["infinite", "hex_distance"] = "infinite"  # 6
    occupied_target: Literal["eligible", "excluded"] = "eligible"  # 7: a move target held by another AI unit
    knight_without_coin: Literal["not_target"] = "not_target"  # 8: Knight note when no unit coin can bolster
    knight_only_target: Literal["bolster", "cannot"] = "bolster"  # 9
    obstructed: Literal["stay", "any_closer"] = "stay"  # 10
    enemy_occupied: Literal["any", "human_held"] = "any"  # 11

    def engine_recruits(self) -> frozenset[str]:
        """The recruit triggers the engine carries out as free recruits (the AI picks the unit)."""
        return frozenset(self.recruit_trigger & {"reload", "royal"})


# Each option's type, resolved once against this module's names (text options are checked against them; a module
# reloaded by ``automa dev`` is not in ``sys.modules``).
AI_OPTION_TYPES: dict[str, Any] = typing.get_type_hints(AiOptions, globalns=globals())


@quick_init
@dataclass(frozen=True, slots=True)
class AiDecision:
    action: Action
    reason: Reason


class SoloAI:
    def __init__(self, options: AiOptions | None = None) -> None:
        self.options = options or AiOptions()
        # one decision's location sets, by the state they describe and its action count (a trial state is played
        # on); the state is kept alive, so no other state takes its id meanwhile
        self._locations: dict[tuple[int, int], tuple[State, _Locations]] = {}

    def _view(self, state: State, moving: Hex | None = None) -> _View:
        return _View(state, self.options, moving, self._locations)

    # --- entry points ---------------------------------------------------------------------------------------

    def turn(self, state: State, rng: random.Random) -> list[AiDecision]:
        """The AI's whole turn from ``state`` (its coin already revealed), played on a copy."""
        work = state.copy()
        ai = work.rules.ai_side
        decisions = []
        while not work.over and work.to_act() == ai and (work.pending or work.current == ai):
            decision = self.decide(work, rng)
            decisions.append(decision)
            rules.apply(work, decision.action, rng)
            if not work.pending and work.current != ai:
                break
        return decisions

    def decide(self, state: State, rng: random.Random) -> AiDecision:
        """The AI's next action."""
        ai = state.rules.ai_side
        if state.to_act() != ai:
            raise IllegalAction("it is not the AI's turn")
        self._locations = {}
        if state.pending:
            return self._follow_up(state, rng)
        coin = state.sides[ai].hand[0]
        if coin == ROYAL:
            return self._royal(state, coin, rng)
        placed = state.units_of(ai, coin)
        if not placed:
            return self._deploy(state, coin, rng)
        return self._maneuver(state, placed[0], coin, rng, step="On Coin Reveal")

    # --- the flowchart --------------------------------------------------------------------------------------

    def _deploy(self, state: State, coin: str, rng: random.Random) -> AiDecision:
        ai = state.rules.ai_side
        spots = rules.deploy_hexes(state, ai, coin)
        if not spots:
            return self._fallback(state, coin, rng, f"{coin} has no unoccupied friendly location to deploy on")
        view = self._view(state)
        locs = view.location_sets()
        choice = self._select(
            spots,
            [
                Criterion("closest to a neutral/enemy location", "closest", lambda h: view.nearest(h, locs.not_ai)),
                Criterion("closest to an enemy location", "closest", lambda h: view.nearest(h, locs.human)),
                Criterion(
                    "closest to an enemy-occupied location", "closest", lambda h: view.nearest(h, locs.human_occupied)
                ),
                Criterion("closest to the center hex", "closest", lambda h: view.nearest(h, CENTER_BIT)),
            ],
            rng,
        )
        note = " (Scout note: hexes next to friendly units count)" if coin == "Scout" else ""
        return AiDecision(
            Deploy(coin, choice.chosen),
            Reason(f"AI Deployment, {choice.step}{note}", f"Deploys {coin} on {name(choice.chosen)}."),
        )

    def _maneuver(self, state: State, h: Hex, coin: str | None, rng: random.Random, *, step: str) -> AiDecision:
        """Steps 2-4 of On Coin Reveal for the unit on h; ``coin`` is None inside a Royal Coin muster."""
        ai = state.rules.ai_side
        unit = state.board[h].unit
        targets, can_control = self._in_place(state, h, coin)
        if targets:
            if can_control and state.sides[ai].markers_off == 1:
                return AiDecision(
                    Control(coin, h), Reason(f"{step} 2: control wins", f"{unit} takes control of {name(h)} and wins.")
                )
            return self._attack(state, h, coin, targets, rng, step)
        if can_control:
            return AiDecision(Control(coin, h), Reason(f"{step} 3: control", f"{unit} takes control of {name(h)}."))
        return self._move(state, h, coin, rng, step)

    def _in_place(self, state: State, h: Hex, coin: str | None) -> tuple[list[tuple[Hex, bool]], bool]:
        """Steps 2 and 3's candidates for the unit on h: the units it may attack, and whether it may take
        control of its hex."""
        piece = state.board[h]
        can_control = h in LOCATION_SET and state.control.get(h) != state.rules.ai_side
        targets = self._attack_targets(state, h, knights=not (coin is None and piece.coins < 2))
        if (
            self.options.knight_only_target == "cannot"
            and piece.coins < 2
            and all(state.board[t].unit == "Knight" for t, _ in targets)
        ):
            targets = []  # option 9: an unbolstered unit whose only target is a Knight cannot attack
        return targets, can_control

    def _attack_targets(self, state: State, h: Hex, *, knights: bool) -> list[tuple[Hex, bool]]:
        """(target hex, ranged) for every human unit the unit on h could attack, Knights included if asked."""
        board = state.board
        me = board[h]
        out = []
        for n in NEIGHBOURS[h]:
            t = board.get(n)
            if t is not None and t.owner != me.owner and (knights or t.unit != "Knight" or me.coins >= 2):
                out.append((n, False))
        if me.unit == "Crossbowman":
            for d in DIRECTIONS:
                line = straight_line(h, d, 2)
                if len(line) == 2 and line[0] not in board:
                    t = board.get(line[1])
                    if t is not None and t.owner != me.owner and (knights or t.unit != "Knight" or me.coins >= 2):
                        out.append((line[1], True))
        return out

    def _choose_target(self, state: State, targets: list[tuple[Hex, bool]], rng: random.Random) -> Choice[Hex]:
        ai = state.rules.ai_side
        ranged = {t: r for t, r in targets}
        view = self._view(state)
        return self._select(
            list(ranged),
            [
                Criterion("adjacent unit (Crossbowmen)", "meets", lambda t: not ranged[t]),
                Criterion("unit on a friendly location", "meets", lambda t: state.control.get(t) == ai),
                Criterion("unit on an enemy location", "meets", lambda t: state.control.get(t) == 1 - ai),
                Criterion(
                    "unit on a neutral location", "meets", lambda t: t in LOCATION_SET and t not in state.control
                ),
                Criterion("unit closest to the center hex", "closest", lambda t: view.nearest(t, CENTER_BIT)),
            ],
            rng,
        )

    def _attack(
        self, state: State, h: Hex, coin: str | None, targets: list[tuple[Hex, bool]], rng: random.Random, step: str
    ) -> AiDecision:
        me = state.board[h]
        choice = self._choose_target(state, targets, rng)
        target = choice.chosen
        victim = state.board[target]
        if victim.unit == "Knight" and me.coins < 2 and coin is not None:
            return AiDecision(
                Bolster(coin, h),
                Reason(
                    f"{step} 2: attack, {choice.step}; Knight Note",
                    f"{me.unit} would attack your Knight on {name(target)} unbolstered, so it bolsters instead.",
                ),
            )
        ranged = dict(targets)[target]
        action: Action = Tactic(coin, h, target=target) if ranged else Attack(coin, h, target)
        how = "shoots" if ranged else "attacks"
        return AiDecision(
            action, Reason(f"{step} 2: attack, {choice.step}", f"{me.unit} {how} your {victim.unit} on {name(target)}.")
        )

    def _move_target(self, view: _View, h: Hex, rng: random.Random) -> Choice[Hex] | None:
        locs = view.location_sets()
        candidates = locs.not_ai
        if self.options.occupied_target == "excluded":
            candidates &= ~locs.ai_units | BIT[h]  # not a location another AI unit stands on
        away = view.distances(h, candidates)
        reachable = [x for x in hexes_in(candidates) if away[x] is not None]
        if not reachable:
            return None
        return self._select(
            reachable,
            [
                Criterion("closest location", "closest", away.__getitem__),
                Criterion("enemy location", "meets", lambda x: BIT[x] & locs.human),
                Criterion("enemy-occupied location", "meets", lambda x: BIT[x] & locs.human_occupied),
                Criterion("location closest to the center hex", "closest", lambda x: view.nearest(x, CENTER_BIT)),
            ],
            rng,
        )

    def _step(self, view: _View, h: Hex, target: Hex, rng: random.Random) -> Choice[Hex] | None:
        """One hex closer to target, by the Move step's priorities; None when obstructed."""
        state = view.state
        locs = view.location_sets()
        here = view.distance_to(h, target)
        if here is None:  # no path from h: no step brings it nearer (a target is only chosen among those reached)
            return None
        steps = view.steps_toward(h, target, here)
        if not steps and self.options.obstructed == "any_closer":
            steps = [
                n
                for n in NEIGHBOURS[h]
                if n not in state.board and (d := view.distance_to(n, target)) is not None and d <= here
            ]
        if not steps:
            return None
        if len(steps) == 1:
            return self._select(steps, [], rng)  # the only step: no priority to read
        others = ~BIT[target]
        return self._select(
            steps,
            [
                Criterion(
                    "closest to another enemy location", "closest", lambda n: view.nearest(n, locs.human & others)
                ),
                Criterion(
                    "closest to another neutral location", "closest", lambda n: view.nearest(n, locs.neutral & others)
                ),
                Criterion("closest to an enemy unit", "closest", lambda n: view.nearest(n, locs.human_units)),
                Criterion("closest to the center hex", "closest", lambda n: view.nearest(n, CENTER_BIT)),
            ],
            rng,
        )

    def _move(self, state: State, h: Hex, coin: str | None, rng: random.Random, step: str) -> AiDecision:
        unit = state.board[h].unit
        view = self._view(state, moving=h)
        target = self._move_target(view, h, rng)
        first = self._step(view, h, target.chosen, rng) if target else None
        if target is None or first is None:
            why = "no location can be reached" if target is None else f"the way to {name(target.chosen)} is blocked"
            if coin is None:
                return AiDecision(Skip(), Reason(f"{step} 4: move, obstructed", f"{unit} stays: {why}."))
            return self._fallback(state, coin, rng, f"{unit} cannot move: {why}")
        where = f"toward {name(target.chosen)} (target: {target.step}; step: {first.step})"
        if unit == "Light Cavalry" and first.chosen != target.chosen:
            after = _moved(state, h, first.chosen)
            second = self._step(self._view(after, moving=first.chosen), first.chosen, target.chosen, rng)
            if second is not None:
                return AiDecision(
                    Tactic(coin, h, to=second.chosen),
                    Reason(
                        f"{step} 4: move; Light Calvary Note",
                        f"Light Cavalry moves twice {where}, to {name(second.chosen)}.",
                    ),
                )
        if unit == "Cavalry":
            after = _moved(state, h, first.chosen)
            targets = self._attack_targets(after, first.chosen, knights=False)
            targets = [t for t in targets if not t[1]]
            if targets:
                hit = self._choose_target(after, targets, rng)
                return AiDecision(
                    Tactic(coin, h, to=first.chosen, target=hit.chosen),
                    Reason(
                        f"{step} 4: move; Calvary Note, attack {hit.step}",
                        f"Cavalry moves {where} to {name(first.chosen)}, then attacks {name(hit.chosen)}.",
                    ),
                )
        return AiDecision(
            Move(coin, h, first.chosen), Reason(f"{step} 4: move", f"{unit} moves {where} to {name(first.chosen)}.")
        )

    def _royal(self, state: State, coin: str, rng: random.Random) -> AiDecision:
        ai = state.rules.ai_side
        if not state.units_of(ai):
            return self._fallback(state, coin, rng, "Royal Coin with no unit deployed")
        if "fallback" in self.options.recruit_trigger and self._all_idle(state):
            return self._fallback(state, coin, rng, "Royal Coin: every deployed unit would stay idle")
        return AiDecision(
            Muster(coin), Reason("Draw: Royal Coin", "Royal Coin: every deployed unit maneuvers, in card order.")
        )

    def _all_idle(self, state: State) -> bool:
        return not self._acts_in_place(state) and self._all_stay(state)

    def _acts_in_place(self, state: State) -> bool:
        """Whether a unit the Royal Coin would muster can attack or take control: then it is not idle, which spares
        asking each unit's move (the answer is the same; a test checks it)."""
        return any(any(self._in_place(state, h, None)) for h in _mustered(state))

    def _all_stay(self, state: State) -> bool:
        """Whether each unit the muster would maneuver, in card order, decides to stay. While they all stay the
        board does not change, so each is asked on this board: what playing the muster out on a copy would give
        (a test checks it against that trial)."""
        return all(
            isinstance(self._maneuver(state, h, None, random.Random(0), step="Royal Coin").action, Skip)
            for h in _mustered(state)
        )

    def _fallback(self, state: State, coin: str, rng: random.Random, why: str) -> AiDecision:
        """Recruit as the AI's stand-in for Pass (option recruit_trigger=fallback); pass when nothing is left."""
        if "fallback" in self.options.recruit_trigger:
            unit = self._recruit_choice(state, rng)
            if unit is not None:
                return AiDecision(
                    Recruit(coin, unit.chosen),
                    Reason(f"AI Recruitment, {unit.step}", f"{why}; recruits {unit.chosen}."),
                )
        return AiDecision(Pass(coin), Reason("AI Recruitment: nothing to recruit", f"{why}; passes."))

    def _recruit_choice(self, state: State, rng: random.Random) -> Choice[str] | None:
        side = state.sides[state.rules.ai_side]
        units = rules.recruitable(side)
        if not units:
            return None
        return select(
            units,
            [
                Criterion("most remaining coins in the supply", "most", lambda u: side.supply.get(u, 0)),
                Criterion("most coins removed from play", "most", lambda u: side.eliminated.get(u, 0)),
                Criterion("most recently maneuvered", "most", lambda u: side.last_maneuvered.get(u)),
            ],
            rng=rng,
            tie_break=self.options.tie_break,
            canonical=side.units.index,
            empty_criterion=self.options.empty_criterion,
        )

    # --- follow-ups -----------------------------------------------------------------------------------------

    def _follow_up(self, state: State, rng: random.Random) -> AiDecision:
        top = state.pending[-1]
        if top.kind == "muster":
            h = rules.muster_unit(state, top)
            assert h is not None
            return self._maneuver(state, h, None, rng, step="Royal Coin")
        if top.kind == "recruit":
            choice = self._recruit_choice(state, rng)
            assert choice is not None
            trigger = "reload" if state.awaiting_reveal else "Royal Coin"
            return AiDecision(
                Recruit(None, choice.chosen),
                Reason(f"AI Recruitment ({trigger}), {choice.step}", f"Recruits {choice.chosen}."),
            )
        if top.kind == "swordsman":
            assert top.hex is not None
            return self._swordsman(state, top.hex, rng)
        first = next(rules.legal_actions(state))  # follow-ups of units the AI never has
        return AiDecision(first, Reason(f"{top.kind} follow-up", "Takes the first option."))

    def _swordsman(self, state: State, h: Hex, rng: random.Random) -> AiDecision:
        ai = state.rules.ai_side
        if h in LOCATION_SET and state.control.get(h) != ai:
            return AiDecision(
                Skip(), Reason("Swordsman Note", f"Swordsman stays on {name(h)}, a neutral or enemy location.")
            )
        view = self._view(state, moving=h)
        target = self._move_target(view, h, rng)
        step = self._step(view, h, target.chosen, rng) if target else None
        if target is None or step is None:
            return AiDecision(Skip(), Reason("Swordsman Note: move obstructed", "Swordsman cannot move closer."))
        return AiDecision(
            Move(None, h, step.chosen),
            Reason(
                f"Swordsman Note: AI Movement (target: {target.step}; step: {step.step})",
                f"Swordsman moves toward {name(target.chosen)}, to {name(step.chosen)}.",
            ),
        )

    def _select(self, candidates: Sequence[Hex], criteria: Sequence[Criterion[Hex]], rng: random.Random) -> Choice[Hex]:
        return select(
            candidates,
            criteria,
            rng=rng,
            tie_break=self.options.tie_break,
            canonical=_row_major,
            empty_criterion=self.options.empty_criterion,
            show=name,
        )


class _Locations(NamedTuple):  # a named tuple: made at every decision, and quicker to make than a frozen dataclass
    """What the AI heads for on one board. Masks of hexes (board.BIT) are what :meth:`_View.nearest` reads."""

    not_ai: int  # the locations the AI does not hold
    human: int  # the locations the human holds
    neutral: int  # the locations nobody holds
    human_occupied: int  # the locations a human unit stands on (option enemy_occupied)
    human_units: int  # every hex a human unit stands on
    ai_units: int  # every hex an AI unit stands on


class _View:
    """Path distances on one board ("closeness ... counting around any occupied spaces"): a search per start hex,
    or per set of targets for the nearest of them, kept between decisions for the same occupied hexes
    (:func:`_rings_on`)."""

    def __init__(
        self,
        state: State,
        options: AiOptions,
        moving: Hex | None = None,
        locations: dict[tuple[int, int], tuple[State, _Locations]] | None = None,
    ) -> None:
        self.state, self.options = state, options
        self._locations = locations if locations is not None else {}
        locs = self.location_sets()
        blocked = locs.human_units | locs.ai_units
        if moving is not None:
            blocked &= ~BIT[moving]  # the moving unit's own hex counts as empty
        self._blocked = blocked
        self._cache = _rings_on(blocked)

    def distance(self, a: Hex, b: Hex) -> int | None:
        """Path distance from a to b, by a search outward from a (many b for one a); None: no path reaches b and
        no distance applies (option 6's default)."""
        d = _first_ring(self._rings(BIT[a]), BIT[b])
        return self._unreached(a, b) if d is None else d

    def distances(self, a: Hex, targets: int) -> dict[Hex, int | None]:
        """:meth:`distance` from a to each hex of the ``targets`` mask: one search outward from a, read ring by
        ring (a ring holds those of the targets at its distance)."""
        out: dict[Hex, int | None] = {}
        left = targets
        for d, ring in enumerate(self._rings(BIT[a])):
            if ring & left:
                for t in hexes_in(ring & left):
                    out[t] = d
                left &= ~ring
                if not left:
                    return out
        for t in hexes_in(left):
            out[t] = self._unreached(a, t)
        return out

    def _unreached(self, a: Hex, b: Hex) -> int | None:
        """A hex no path reaches: at its hex distance, or beyond reach (None: option 6)."""
        return distance(a, b) if self.options.unreachable == "hex_distance" else None

    def _path_or_hex(self, a: Hex, b: Hex) -> int:
        """Option 6's hex_distance: the path distance, or the hex distance where no path reaches b."""
        d = _first_ring(self._rings(BIT[a]), BIT[b])
        return distance(a, b) if d is None else d

    def distance_to(self, a: Hex, target: Hex) -> int | None:
        """The same distance by a search outward from the target: one search serves every a (a moving unit's
        neighbours). A path's steps read the same both ways (only its inner hexes must be empty), so the numbers
        are those of :meth:`distance`."""
        return self.distance(target, a)

    def steps_toward(self, h: Hex, target: Hex, here: int) -> list[Hex]:
        """The empty neighbours of h one step nearer the target than ``here`` (h's own distance). When a path
        reaches h, every empty neighbour is reached through h, so they are the ones in the target's ring before
        h's; else each is read by :meth:`distance_to` (the unreachable option decides)."""
        board = self.state.board
        rings = self._rings(BIT[target])
        at = here if here < len(rings) else -1
        if at < 1 or not rings[at] & BIT[h] or BIT[h] & self._blocked:
            return [n for n in NEIGHBOURS[h] if n not in board and self.distance_to(n, target) == here - 1]
        before = rings[at - 1]
        return [n for n in NEIGHBOURS[h] if n not in board and BIT[n] & before]

    def _rings(self, sources: int) -> tuple[int, ...]:
        rings = self._cache.get(sources)
        if rings is None:
            rings = self._cache[sources] = path_distances(sources, self._blocked)
        return rings

    def nearest(self, a: Hex, targets: int) -> int | None:
        """The distance from a to the nearest hex of the ``targets`` mask: the ring holding a in one search from
        all the targets at once (it serves every a of a criterion). Unreachable targets that count at their hex
        distance (option 6) are read one by one. None: there is no target, or none is reachable."""
        if not targets:
            return None
        if self.options.unreachable == "hex_distance":
            return min(self._path_or_hex(a, t) for t in hexes_in(targets))
        return _first_ring(self._rings(targets), BIT[a])

    def location_sets(self) -> _Locations:
        """The locations each side holds and the hexes each side's units stand on (worked out once a state)."""
        key = (id(self.state), self.state.ply)
        found = self._locations.get(key)
        if found is None:
            found = self._locations[key] = (self.state, self._location_sets())
        return found[1]

    def _location_sets(self) -> _Locations:
        s = self.state
        ai = s.rules.ai_side
        held = human = units = mine = 0
        for x, holder in s.control.items():
            if holder == ai:
                held |= BIT[x]
            else:
                human |= BIT[x]
        for h, piece in s.board.items():
            if piece.owner != ai:
                units |= BIT[h]
            else:
                mine |= BIT[h]
        not_ai = LOCATION_MASK & ~held
        occupied = units & (human if self.options.enemy_occupied == "human_held" else LOCATION_MASK)
        return _Locations(not_ai, human, not_ai & ~human, occupied, units, mine)


def _mustered(state: State) -> list[Hex]:
    """The units a Royal Coin would maneuver, in card order: the first on the board of each card
    (rules.muster_unit)."""
    ai = state.rules.ai_side
    return [placed[0] for unit in state.sides[ai].units if (placed := state.units_of(ai, unit))]


def _row_major(h: Hex) -> tuple[int, int]:
    """The canonical order of hexes for a tie: row by row."""
    return h[1], h[0]


def _first_ring(rings: tuple[int, ...], mask: int) -> int | None:
    """The distance of the nearest hex in ``mask``: the first ring holding one (None: none is reachable)."""
    for d, ring in enumerate(rings):
        if ring & mask:
            return d
    return None


# Rings by their sources' mask (a start hex, or a set of targets), for each mask of blocked hexes seen lately: the
# pieces move little between decisions, so many searches have been made before (a board's rings never change).
# Bounded: forgotten wholesale.
_RINGS: dict[int, dict[int, tuple[int, ...]]] = {}
_RINGS_KEPT = 1024


def _rings_on(blocked: int) -> dict[int, tuple[int, ...]]:
    found = _RINGS.get(blocked)
    if found is None:
        if len(_RINGS) >= _RINGS_KEPT:
            _RINGS.clear()
        found = _RINGS[blocked] = {}
    return found


CENTER_BIT = BIT[CENTER]
LOCATION_MASK = mask_of(LOCATION_SET)


def _moved(state: State, frm: Hex, to: Hex) -> State:
    after = state.copy()
    after.board[to] = after.board.pop(frm)
    return after


__all__ = ["DIFFICULTY_ROYALS", "LOCATIONS", "AiDecision", "AiOptions", "SoloAI"]
