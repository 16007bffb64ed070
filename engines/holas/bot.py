"""The Enemy's actions, step by step as the solo rules give them, each with the line it follows: Recruit, Build (CC
Track; towers and vessels), Research, Tax, Attack, the failed-action move (a land army by the compass, from the
Courtyard too; a hero aboard a vessel, or one boarding it), Exploration Tokens and resources on the way, and the
end of the round. Where a mover goes is worked out in ``movement.py``; battles are in ``battle.py``.

An action stops where only the person can answer (:class:`~engines.holas.state.Pending`): their Follow, their
interrupt of a spell, their tactic in a battle and whether it cancels the bot's card. On a table each answer is a
button press and the action goes on from the pending step (:meth:`Enemy.resume`); in-process, ``answer`` gives the
battle answers at once and Follows and interrupts pass.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from engines.base import Decision, Reason
from engines.holas import lines, rules
from engines.holas.battle import Answer, Battles
from engines.holas.data_model import HolasData, SoloCard, UnitType, bearing
from engines.holas.movement import LEG_STEP, LEG_VERB, Geometry, Leg, Route, flight, land_step, voyage, within_two
from engines.holas.options import BotOptions
from engines.holas.state import Pending, State, StepName, Unit

RECRUIT_ORDER: tuple[UnitType, ...] = ("air_vessel", "sea_vessel", "warrior", "serf")


@dataclass(frozen=True)
class Step:
    """What the Enemy did, for the chat and the planner: ``what`` names it, ``detail`` carries its values."""

    what: str
    detail: tuple[tuple[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"step": self.what, **{k: list(v) if isinstance(v, tuple) else v for k, v in self.detail}}


@dataclass
class Enemy(Battles):
    state: State
    data: HolasData
    rng: random.Random
    answer: Answer | None = None  # in-process: the person's battle answers at once (a table asks by buttons)
    card: SoloCard | None = None  # the action card being performed (its compass breaks Attack's ties)
    decisions: list[Decision[Step]] = field(default_factory=list)
    on_step: Callable[[Decision[Step], State], None] | None = None  # the table's planner: the state each step left
    announce: str = ""  # said before the first step's reason (SAMPLE DATA)
    options: BotOptions = field(default_factory=BotOptions)
    slot: int = 0  # the action under way (0: none, a battle the person started)
    rest: tuple[StepName, ...] = ()  # its steps after the one under way: where a battle's action goes on
    geo: Geometry = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.geo = Geometry(self.data.map)

    def say(self, what: str, rule: str, text: str, **detail: Any) -> None:
        if self.announce and not self.decisions:
            text = f"{self.announce}: {text}"
        decision = Decision(Step(what, tuple(sorted(detail.items()))), Reason(rule, text))
        self.decisions.append(decision)
        if self.on_step is not None:
            self.on_step(decision, self.state)

    # --- actions --------------------------------------------------------------------------------------------

    def perform(self, card: SoloCard, hero: str) -> bool:
        self.card = card
        ok: bool = getattr(self, card.action)(hero)
        return ok

    def research(self, hero: str) -> bool:
        s = self.state
        spell = next(h.spell for h in self.data.faction.heroes if f"hero{h.slot}" == hero)
        cost = spell.cost.model_dump()
        if not rules.afford(s, cost):
            self.say("failed", lines.RESEARCH_FAILS, f"cannot pay for {spell.name}", action="research")
            return False
        rules.pay(s, cost)
        s.pts += spell.pts
        text = f"casts {spell.name}: +{spell.pts} pts; {spell.effect} (you may interrupt first)"
        self.say("research", lines.RESEARCH, text, spell=spell.name)
        return True

    def build_towers_vessels(self, hero: str) -> bool:
        return self._tower(hero) or self._vessel(hero, "air_vessel") or self._vessel(hero, "sea_vessel") or self._none()

    def _none(self) -> bool:
        self.say("failed", lines.BUILD_FAILS, "nothing to build: no tower, Air Vessel or Sea Vessel", action="build")
        return False

    def _tower(self, hero: str) -> bool:
        s, f = self.state, self.data.faction
        at = s.unit(hero).where
        region = next((r for r in self.data.map.regions if r.id == at), None)
        level = f.cc_track[s.cc_space].level
        limit = f.towers.limit_by_level[min(level, len(f.towers.limit_by_level)) - 1]
        cost = rules.tower_cost(self.data, self.geo.land_distance(s.capital, at) if at in self.geo.region else None)
        if (
            region is None
            or region.kind != "land"
            or at == s.capital
            or not any(u.type == "serf" for u in s.in_region(at))
            or len(s.towers) >= min(limit, f.units["tower"].supply if "tower" in f.units else limit)
            or at in s.towers
            or not rules.afford(s, cost)
        ):
            return False
        rules.pay(s, cost)
        s.towers.append(at)
        paid = ", ".join(f"{n} {r}" for r, n in cost.items() if n) or "nothing"
        self.say("tower", f"{lines.BUILD}; {lines.TOWER}", f"builds a tower in {at} for {paid}", region=at, cost=cost)
        for _, near, _arc in self.geo.edges_of(at):
            self._take_token(near)  # "It collects every adjacent Exploration Token onto the bot board" (H1)
        return True

    def _vessel(self, hero: str, kind: UnitType) -> bool:
        """A vessel in the hero's region (L82; a Sea Vessel only on a Shore), else in the Capital City (also when
        the hero is already aboard one, L84); as many as fit board it: the acting hero first, then Warriors, then
        Serfs (the other Heroes lead armies of their own, L148)."""
        s = self.state
        free = [u for u in s.units if u.type == kind and u.where == "supply"]
        cost = self.data.faction.units[kind].cost.model_dump()
        if not free or not rules.afford(s, cost):
            return False
        at, why = self._new_place(hero, kind)
        rules.pay(s, cost)
        vessel = free[0]
        vessel.where = at
        room = self.data.faction.units[kind].capacity
        crew = [s.unit(hero)] if not why and room else []
        crew += self._boarders(at, room - len(crew))
        if crew:
            self._board(vessel, crew)
        where = "the Courtyard" if at == "courtyard" else at
        names = ", ".join(u.id for u in crew) or "no one"
        text = (
            f"builds {'an' if kind == 'air_vessel' else 'a'} {kind.replace('_', ' ')} in {where}"
            + (f" ({why})" if why else "")
            + f"; aboard: {names}"
        )
        self.say(
            "vessel", f"{lines.BUILD}; {lines.VESSEL}", text, vessel=vessel.id, at=at, units=tuple(u.id for u in crew)
        )
        return True

    def _new_place(self, hero: str, kind: UnitType) -> tuple[str, str]:
        """Where a new unit goes and, when not with the hero, why: the hero's region (L66, L82), the Courtyard if
        the hero is there; the Capital City when that region already holds 5 units (L66), for a vessel when the
        hero is already aboard one (L84), for a Sea Vessel off a Shore (L82; the Courtyard's shore is its
        Capital's)."""
        s = self.state
        h = s.unit(hero)
        here = s.capital if h.where == "courtyard" else h.where
        if kind in ("air_vessel", "sea_vessel") and h.aboard is not None:
            return s.capital, f"{hero} is already aboard a vessel"
        if kind == "sea_vessel" and not self.geo.region[here].shore:
            return s.capital, f"{here} is not on a Shore"
        if h.where == "courtyard":
            return "courtyard", ""
        if len(s.in_region(here)) >= rules.MAX_UNITS:
            return s.capital, f"{here} already holds 5 units"
        return here, ""

    def ns(self, units: list[Unit]) -> int:
        return sum(self.data.faction.units[u.type].ns for u in units)

    def attack(self, hero: str) -> bool:
        """Attack (L98-L104): the hero's army (from the Courtyard: the army it would leave with, L144) marches up to
        two regions, by the shortest way, to the weakest of the person's armies no stronger than it. A hero aboard
        a vessel makes no land attack: the action fails and the vessel moves (H13; L166)."""
        s = self.state
        h = s.unit(hero)
        if h.aboard is not None:
            text = f"{hero} is aboard {h.aboard}, which does not march with a land army: the attack fails"
            self.say("failed", lines.ABOARD, text, action="attack", why="aboard")
            return False
        yard = h.where == "courtyard"
        at = s.capital if yard else h.where
        army = self._courtyard_army(hero) if yard else self._land_army(hero)
        strength = self.ns(army)
        arrow = rules.COMPASS[self.card.compass] if self.card else 0.0
        reach = within_two(self.geo, s, at, arrow, army, graph=self.options.attack_reach == "graph")
        armies = self.armies()
        near = {t: armies[t] for t in reach if t in armies}
        targets = [t for t, ns in near.items() if ns <= strength]
        if not targets:
            why = "too_strong" if near else "no_target"
            text = (
                f"every army of yours within two regions of {at} is stronger than its {strength} NS"
                if near
                else f"no army of yours within two regions of {at}"
            )
            self.say("failed", lines.ATTACK_FAILS, text, action="attack", why=why, strength=strength, armies=near)
            return False
        weakest = min(armies[t] for t in targets)
        tied = [t for t in targets if armies[t] == weakest]
        centres = {r.id: r.center for r in self.data.map.regions}
        toward = {t: reach[t][0] if self.options.attack_tie == "first_step" else t for t in tied}  # H5
        north = self.data.map.north_deg
        target = min(tied, key=lambda t: (bearing(centres[at], centres[toward[t]], north) - arrow) % 360)
        rule = lines.ATTACK + (f"; {lines.TIE}" if len(tied) > 1 else "")
        text = f"attacks your army in {target} ({weakest} NS, no more than its {strength}) from {at}"
        self.say("attack", rule, text, target=target, strength=strength, theirs=weakest, path=tuple(reach[target]))
        if yard:
            self._leave_courtyard(hero, army)
        path = reach[target]
        legs = tuple(Leg(r, self.geo.leg_kind(frm, r)) for frm, r in zip((at, *path), path, strict=False))
        self._go(Route("land_army", at, legs, battle=target), army, rule)
        return True

    def _land_army(self, hero: str) -> list[Unit]:
        """The hero and every unit in its region that stands on land (L126): not a vessel, nor anyone aboard one
        (L166), nor another Hero."""
        s = self.state
        at = s.unit(hero).where
        return [s.unit(hero)] + [u for u in s.in_region(at) if u.type in ("warrior", "serf") and u.aboard is None]

    def armies(self) -> dict[str, int]:
        """The person's armies by region, with their NS (H6: units and the structure, or units only)."""
        s = self.state
        f = self.data.faction
        tower = f.units["tower"].ns if "tower" in f.units else 0
        capital = tower if f.capital_ns is None else f.capital_ns
        if self.options.player_army == "units":
            return {r: a.ns for r, a in s.player.items() if a.ns}
        return {
            r: a.ns + ((capital if a.capital else tower) if a.structure else 0)
            for r, a in s.player.items()
            if a.ns or a.structure
        }

    def recruit(self, hero: str) -> bool:
        s, units = self.state, self.data.faction.units
        unlocked = {u for space in self.data.faction.cc_track[: s.cc_space + 1] for u in space.unlocks}
        needs_unlock = {u for space in self.data.faction.cc_track for u in space.unlocks}
        for kind in RECRUIT_ORDER:
            free = [u for u in s.units if u.type == kind and u.where == "supply"]
            cost = units[kind].cost.model_dump()
            if not free or not rules.afford(s, cost) or (kind in needs_unlock and kind not in unlocked):
                continue
            unit = free[0]
            rules.pay(s, cost)
            self._recruit_place(hero, unit)
            where = "the Courtyard" if unit.where == "courtyard" else unit.where
            aboard = f" aboard {unit.aboard}" if unit.aboard else ""
            text = f"recruits a {kind.replace('_', ' ')} to {where}{aboard}"
            self.say("recruit", f"{lines.RECRUIT}; {lines.RECRUIT_PLACE}", text, unit=unit.id, to=unit.where)
            return True
        self.say("failed", lines.RECRUIT_FAILS, "cannot recruit: nothing affordable in supply", action="recruit")
        return False

    def _recruit_place(self, hero: str, unit: Unit) -> None:
        """L66: in the hero's region as part of its army; at sea that is aboard the hero's vessel, if it has room
        (no land unit stands at sea); else as :meth:`_new_place` says."""
        s = self.state
        h = s.unit(hero)
        at_sea = h.where in self.geo.region and self.geo.sea(h.where)
        if unit.type in ("warrior", "serf") and h.aboard is not None and at_sea:
            vessel = s.unit(h.aboard)
            aboard = sum(1 for u in s.units if u.aboard == vessel.id)
            if aboard < self.data.faction.units[vessel.type].capacity:
                unit.where, unit.aboard = vessel.where, vessel.id
                return
            unit.where = s.capital
            return
        unit.where = self._new_place(hero, unit.type)[0]

    def build_cc_track(self, hero: str) -> bool:
        s, track = self.state, self.data.faction.cc_track
        if s.cc_space + 1 >= len(track):
            self.say("failed", lines.BUILD_CC_FAILS, "the CC Track is at its end", action="build_cc_track")
            return False
        nxt = track[s.cc_space + 1]
        if s.resources["ore"] < nxt.ore:
            text = f"cannot build: the next space costs {nxt.ore} Ore, it has {s.resources['ore']}"
            self.say("failed", lines.BUILD_CC_FAILS, text, action="build_cc_track")
            return False
        s.resources["ore"] -= nxt.ore
        s.cc_space += 1
        s.pts += nxt.pts
        rules.check_end(s, self.data)
        end = f"; the game ends after round {s.final_round}" if s.final_round else ""
        self.say(
            "cc_track",
            lines.BUILD_CC,
            f"advances to CC space {s.cc_space} for {nxt.ore} Ore, +{nxt.pts} pts{end}",
            space=s.cc_space,
        )
        return True

    def tax(self, hero: str) -> bool:
        s = self.state
        gained = {}
        for resource, value in s.tax.items():
            gained[resource] = rules.gain(s, resource, value)
        words = ", ".join(f"+{n} {r}" for r, n in gained.items())
        self.say("tax", lines.TAX, f"taxes: {words}", **gained)
        return True

    # --- moving on a failed action -------------------------------------------------------------------------

    def move(self, hero: str, compass: str) -> None:
        """The move on a failed action (L122-L190): a hero aboard a vessel moves with it alone (L162-L166); else
        it boards an empty vessel in its region (L146, even one that cannot move; ``empty_vessel``: only one that can;
        a vessel in the Courtyard stands in the Capital City, see the README); else its land army steps one region by
        the compass (L126-L130), from the Courtyard with the army it may take (L144)."""
        s = self.state
        arrow = rules.COMPASS[compass]
        h = s.unit(hero)
        if h.aboard is not None:
            vessel = s.unit(h.aboard)
            crew = [u for u in s.units if u.aboard == vessel.id]
            self._go(self._vessel_route(vessel, [vessel, *crew], arrow), [vessel, *crew])
            return
        yard = h.where == "courtyard"
        start = s.capital if yard else h.where
        for vessel in self._empty_vessels(start, yard):
            crew = [h, *self._boarders({vessel.where, "courtyard", start} if yard else {vessel.where}, 1)]
            route = self._vessel_route(vessel, [vessel, *crew], arrow)
            if route.legs or self.options.empty_vessel == "board":  # L146, even a Vessel that cannot move
                self._board(vessel, crew)
                self._go(route, [vessel, *crew])
                return
        army = self._courtyard_army(hero) if yard else self._land_army(hero)
        route, moving = land_step(self.geo, s, start, army, arrow, leave_excess=self.options.crowded == "leave_excess")
        if not route.legs:
            where = "the Courtyard" if yard else start
            text = f"{hero}'s army cannot move from {where}: {route.stopped}"
            self.say("stay", f"{lines.FAILED}; {lines.LAND}", text, mover="land_army", at=start, why=route.stopped)
            return
        if route.end in self.armies():  # L150 "moves into a Region that you control, it results in a Battle"
            route = replace(route, battle=route.end)
        if yard:
            self._leave_courtyard(hero, moving)
        left = len(army) - len(moving)
        self._go(route, moving, f"{lines.FAILED}; {lines.LAND}" + (f"; {left} stay behind (H8)" if left else ""))

    def _empty_vessels(self, start: str, yard: bool) -> list[Unit]:
        """Empty vessels in the hero's region, the Air Vessel first; from the Courtyard, those in the Courtyard and
        in the Capital's region."""
        s = self.state
        places = {start, "courtyard"} if yard else {start}
        empty = [
            u
            for u in s.units
            if u.type in ("air_vessel", "sea_vessel")
            and u.where in places
            and not any(x.aboard == u.id for x in s.units)
        ]
        return sorted(empty, key=lambda u: (u.type != "air_vessel", u.where != "courtyard"))

    def _boarders(self, where: str | set[str], room: int) -> list[Unit]:
        """Who boards with the hero from ``where`` (a hero leaving the Courtyard: the Courtyard and the Capital's
        region, one region for L146): Warriors before Serfs, never another Hero (L146, L84), up to ``room``."""
        places = {where} if isinstance(where, str) else where
        others = [
            u for u in self.state.units if u.where in places and u.type in ("warrior", "serf") and u.aboard is None
        ]
        return sorted(others, key=lambda u: u.type != "warrior")[:room]

    def _vessel_route(self, vessel: Unit, movers: list[Unit], arrow: float) -> Route:
        start = self.state.capital if vessel.where == "courtyard" else vessel.where
        speed = self._steps(vessel.type)
        if vessel.type == "air_vessel":
            return flight(self.geo, self.state, start, movers, arrow, speed, self.armies())
        return voyage(self.geo, self.state, start, movers, arrow, speed, self.armies())

    def _board(self, vessel: Unit, crew: list[Unit]) -> None:
        """The hero boards the empty vessel with 1 other unit (a Warrior before a Serf, never another Hero); the
        others stay (L146)."""
        for u in crew:
            u.aboard, u.where = vessel.id, vessel.where
        names = " and ".join(u.id for u in crew)
        where = "the Courtyard" if vessel.where == "courtyard" else vessel.where
        text = f"{names} board {vessel.id} in {where}; the others stay"
        self.say("board", lines.BOARD, text, vessel=vessel.id, units=tuple(u.id for u in crew))

    def _go(self, route: Route, movers: list[Unit], rule: str = "") -> None:
        """Carry a route out leg by leg: the movers enter each region, take its Exploration Tokens at once (L154,
        L168), gain its resource (L194) unless a battle comes first there (L196: only if the bot wins)."""
        head = f"{movers[0].id}'s army" if route.mover == "land_army" else movers[0].id
        for n, leg in enumerate(route.legs, start=1):
            frm = movers[0].where
            for u in movers:
                u.where = leg.to
            what = LEG_STEP[leg.how]
            rule = rule if route.mover == "land_army" else self._leg_rule(route, leg)
            text = f"{head} {LEG_VERB[leg.how]} {leg.to}" + (f" from {frm}" if what == "move" else "")
            if n == 1 and route.mover != "land_army":
                text += f", {' and '.join(u.id for u in movers[1:])} aboard"
            self.say(what, rule, text, to=leg.to, frm=frm, mover=route.mover, how=leg.how, leg=n)
            self._take_token(leg.to)
            if leg.to == route.battle:
                self.battle(leg.to, attacker=True, enter=not self.geo.sea(leg.to))
                return
            self._resource(leg.to)
        if route.stopped and route.mover != "land_army":
            where = "the Courtyard" if movers[0].where == "courtyard" else route.end
            text = f"{head} stops in {where}: {route.stopped}"
            if not route.legs:  # a vessel that could not set off: the line of the move it could not make
                rule = lines.FLY if route.mover == "air_vessel" else f"{lines.SAIL}; {lines.UNDOCK}"
            self.say("stopped", rule, text, at=route.end, mover=route.mover, why=route.stopped)

    @staticmethod
    def _leg_rule(route: Route, leg: Leg) -> str:
        """The line a vessel's leg follows: flying, sailing, docking, and stopping for a battle."""
        fights = leg.to == route.battle
        if route.mover == "air_vessel":
            return f"{lines.FLY}; {lines.AIR_BATTLE}" if fights else lines.FLY
        if leg.how == "dock":
            return lines.DOCK_BATTLE if fights else lines.DOCK
        how = {"undock": lines.UNDOCK, "graticule": lines.GRATICULE}.get(leg.how, lines.BEND)
        return f"{lines.SAIL}; {how}" + (f"; {lines.SEA_BATTLE}" if fights else "")

    def _steps(self, kind: UnitType) -> int:
        """H3: a vessel's speed, with the end-of-move rules at its last step; or at its second step, literally."""
        speed = self.data.faction.units[kind].speed
        return speed if self.options.vessel_end_rules == "last_step" else min(2, speed)

    def _courtyard_army(self, hero: str) -> list[Unit]:
        """L144: from the Courtyard the hero takes up to 5 units with it, as many Warriors as possible but at least
        1 Serf if there is one; the other Heroes, the vessels and whatever stands in the Capital's region stay."""
        s = self.state
        yard = [u for u in s.units if u.where == "courtyard" and u.aboard is None]
        warriors = [u for u in yard if u.type == "warrior"]
        serfs = [u for u in yard if u.type == "serf"]
        room = rules.MAX_UNITS - 1
        keep_serf = 1 if serfs else 0
        army = warriors[: room - keep_serf]
        army += serfs[: room - len(army)]
        return [s.unit(hero), *army]

    def _leave_courtyard(self, hero: str, army: list[Unit] | None = None) -> None:
        s = self.state
        army = army if army is not None else self._courtyard_army(hero)
        for u in army:
            u.where = s.capital
        names = ", ".join(u.id for u in army[1:]) or "no one else"
        self.say(
            "leave_courtyard",
            lines.COURTYARD,
            f"{hero} leaves the Courtyard with {names}",
            units=tuple(u.id for u in army),
        )

    def _resource(self, region: str) -> None:
        resource = rules.terrain_resource(self.geo.region[region].terrain)
        if resource:
            n = rules.gain(self.state, resource, 1)
            got = f"+{n} {resource}" if n else f"no {resource} (already at 10)"
            self.say("resource", lines.RESOURCE, f"{got} from {region}", resource=resource, region=region, gained=n)

    def _take_token(self, region: str) -> None:
        s = self.state
        n = s.tokens.pop(region, 0)
        if n:  # L154: a region's tokens are taken together, each worth its points
            s.collected += n
            s.pts += n * self.options.token_pts
            what = "the Exploration Token" if n == 1 else f"the {n} Exploration Tokens"
            text = f"takes {what} of {region}: +{n * self.options.token_pts} pt"
            self.say("token", lines.TOKEN, text, region=region, tokens=n)

    # --- one action of the round, and what is left of it after a question --------------------------------

    def act(self, slot: int) -> list[Decision[Step]]:
        """Action ``slot`` (1-3) of the round: draw a card into the slot, perform it with hero ``slot``, then its
        Follow offer, the Tax Track's rotation, the move on a failure (and after Tax) and, after the third, the end
        of the round; it stops at the first question for the person (:attr:`State.pending`)."""
        s = self.state
        card_id = rules.draw_solo(s, self.rng)
        s.slots[slot - 1] = card_id
        card = self._card(card_id)
        hero = f"hero{slot}"
        self.say(
            "draw",
            lines.DRAW,
            f"draws {card_id} ({card.action.replace('_', ' ')}, {card.compass}) for {hero}",
            card=card_id,
            slot=slot,
        )
        self.slot, self.rest = slot, ("end",)  # a battle in Attack ends the action
        ok = self.perform(card, hero)
        then: list[StepName] = []
        if ok and card.action == "research":
            then += ["interrupt", "effect"]
        if ok and card.followable and card.action != "attack":
            then.append("follow")
        if card.action == "tax":
            then += ["rotate", "move"]
        elif not ok:
            then.append("move")
        self._run(slot, (*then, "end"))
        return self.decisions

    def _card(self, card_id: str) -> SoloCard:
        return next(c for c in self.data.cards.cards if c.id == card_id)

    def _run(self, slot: int, steps: tuple[StepName, ...]) -> None:
        s = self.state
        card = self._card(s.slots[slot - 1] or "") if slot else None
        self.card = card
        for i, step in enumerate(steps):
            if s.pending is not None or s.destroyed:  # a battle began (its Pending holds the steps), or ended it all
                return
            self.slot, self.rest = slot, steps[i + 1 :]
            if step == "follow" or step == "interrupt":
                s.pending = Pending(step, slot=slot, then=steps[i + 1 :])
                self.say(f"{step}_ask", *ASKS[step])
                if self.answer is None:
                    return
                s.pending = None  # in-process: the person neither follows nor interrupts
            elif step == "effect":
                spell = self._spell(f"hero{slot}")
                self.say("effect", lines.RESEARCH, f"{spell.name}: {spell.effect} (carry it out on the table)")
            elif step == "rotate":
                rules.rotate_tax(s)
                self.say("rotate", lines.ROTATE, "the Tax Track turns")
            elif step == "move" and card is not None:
                self.move(f"hero{slot}", card.compass)
            if step == "end" and slot and s.final_round is None:
                self._x_objectives()
            if step == "end" and slot in (1, 2):
                text = f"action {slot} of round {s.round} is over: your action, then press Bot action"
                self.say("done", lines.YOUR_TURN, text)
            elif step == "end" and slot == 3:
                take = rules.end_round(s, self.data, worker_spaces=self.options.worker_spaces)
                words = "; ".join(
                    f"{', '.join(f'+{n} {r}' for r, n in got.items() if n)} from {SOURCE_WORDS[source]}"
                    for source, got in take.items()
                    if any(got.values())
                )
                end = " The game is over." if rules.over(s) else ""
                text = f"collects {words or 'nothing'}; the slotted cards go to the discard pile.{end}"
                self.say("round_end", lines.ROUND_END, text, **{k: sum(v.values()) for k, v in take.items()})

    def _x_objectives(self) -> None:
        """ "Check the triggers after every action" (spec): an X-Objective the Enemy reached, or one the person's
        supply on the table shows (their action came before this press), sets the final round."""
        s = self.state
        for who, reached in (("", rules.x_objectives(s, self.data)), ("you ", rules.person_x_objectives(s, self.data))):
            if reached and s.final_round is None:
                s.final_round = s.round + 1
                verb = "reach" if who else "reaches"
                text = f"{who}{verb} {' and '.join(reached)}: the game ends after round {s.final_round}"
                self.say("x_objective", lines.X_OBJECTIVE, text, reached=tuple(reached), final_round=s.final_round)

    def _spell(self, hero: str) -> Any:
        return next(h.spell for h in self.data.faction.heroes if f"hero{h.slot}" == hero)

    def resume(self, button: str) -> list[Decision[Step]]:
        """A press of one of the table's buttons: the answer to the pending question, or (with none pending) the
        next action on Bot action, a battle the person started on Tactic chosen. A press that answers nothing
        moves nothing and says what the bot waits for."""
        s = self.state
        p = s.pending
        if p is None and s.final_round is None and not rules.over(s):
            self._x_objectives()  # the person's, reached in their action since the last press
        if p is None:
            if rules.over(s):
                self.say("over", lines.OVER, f"the game is over: the bot has {s.pts} pts")
            elif button == "tactic_chosen":
                self._defend()
            elif button == "bot_action":
                if s.contested():
                    self.say("wait", lines.ENTER_BATTLE, waiting(s))
                else:
                    self.act(s.slots.index(None) + 1)
            else:
                self._wait(f"nothing waits for {BUTTONS[button]}: press Bot action for the bot's next action")
        elif button not in ANSWERS[p.ask]:
            self._wait(f"the bot waits for {WAITS[p.ask]}")
        elif p.ask == "tactic":
            self.reveal(self._person_total(p.region))
        elif p.ask == "cancels":
            self.resolve(button == "tactic_cancels")
            self._run(p.slot, p.then)
        else:
            s.pending = None
            self._run(p.slot, p.then)
        return self.decisions

    def _wait(self, text: str) -> None:
        self.say("wait", lines.BUTTONS, text)


def waiting(s: State) -> str:
    """What the bot waits for, as the prompt marker and the page say it: its question; else, where a region holds
    both sides' armies, the person's attack (Tactic chosen) or their losses; else its next action."""
    if s.pending is not None:
        return WAITS[s.pending.ask] + (f" (battle in {s.pending.region})" if s.pending.region else "")
    if rules.over(s):
        return "nothing: the game is over"
    if s.contested():
        return (
            f"{', '.join(s.contested())} holds your army and the bot's: if you attack, choose your tactic, set its "
            "strength on the tactic track and press Tactic chosen; if you lost a battle there, take your losses off "
            "and move the rest to your Courtyard, then press Bot action"
        )
    return "nothing: press Bot action for the bot's next action"


BUTTONS = {
    "bot_action": "Bot action",
    "follow_done": "Follow done",
    "interrupt_none": "Interrupt/none",
    "tactic_chosen": "Tactic chosen",
    "tactic_cancels": "Tactic cancels?",
}
ANSWERS = {  # the buttons that answer each question
    "follow": ("follow_done",),
    "interrupt": ("interrupt_none",),
    "tactic": ("tactic_chosen",),
    "cancels": ("tactic_cancels", "interrupt_none"),
}
WAITS = {
    "follow": "your Follow: copy its action by spending a Courtyard Serf, or not, then press Follow done",
    "interrupt": "your interrupt of its spell, if any: then press Interrupt/none",
    "tactic": "your tactic: choose it, set its strength on the tactic track, press Tactic chosen",
    "cancels": "your answer: press Tactic cancels? if your tactic cancels the bot's, else Interrupt/none",
}
ASKS = {
    "follow": (
        lines.FOLLOW,
        "you may Follow (copy its action by spending a Courtyard Serf); then press Follow done",
    ),
    "interrupt": (
        lines.INTERRUPT,
        "you may interrupt its spell; then press Interrupt/none",
    ),
}
SOURCE_WORDS = {"regions": "its regions", "worker_spaces": "worker spaces", "towers": "towers"}
