"""The Enemy's actions, step by step as the solo rules give them, each with the line it follows: Recruit, Build (CC
Track; towers and vessels), Research, Tax, Attack, the failed-action move (a land army by the compass, from the
Courtyard too; a vessel that takes the hero aboard), Exploration Tokens and resources on the way, battles, and the
end of the round.

An action stops where only the person can answer (:class:`~engines.holas.state.Pending`): their Follow, their
interrupt of a spell, their tactic in a battle and whether it cancels the bot's card. On a table each answer is a
button press and the action goes on from the pending step (:meth:`Enemy.resume`); in-process, ``answer`` gives the
battle answers at once and Follows and interrupts pass.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from engines.base import Decision, Reason
from engines.holas import rules as R
from engines.holas.data_model import HolasData, SoloCard, UnitType, bearing
from engines.holas.options import BotOptions
from engines.holas.state import Pending, State, StepName, Unit

RECRUIT_ORDER: tuple[UnitType, ...] = ("air_vessel", "sea_vessel", "warrior", "serf")
RECRUIT = '"Recruit: the first unit in supply and affordable: Air Vessel, Sea Vessel, Warrior, Serf"'
BUILD_CC = '"Build, CC Track: pay the Ore on the next space, advance the token, apply the space\'s rewards"'
TAX = '"Tax: each resource gains its Tax Track slot (4, 3, 2), capped at 10" (H7)'
FAILED = "\"Failed Action\": the hero's army moves one region by the card's compass"
COURTYARD = '"Hero in the Courtyard: its army takes up to 5 units including the hero: as many Warriors as possible'
COURTYARD += ' but at least 1 Serf if available"'
ATTACK = '"T = player armies reachable in <= 2 steps with NS(P) <= Se; t = min NS" (H4, H6)'
TIE = '"on a tie, the first target met sweeping clockwise from c.compass" (H5)'
BATTLE = '"Compare totals; the defender wins ties"'
LOSSES = '"it removes units weakest first (Serf > Warrior > Air Vessel > Sea Vessel > Hero) until the NS removed is'
LOSSES += ' at least half its NS, rounded up"; "structures first as in the base game" (H12)'
WEAKEST: tuple[str, ...] = ("serf", "warrior", "air_vessel", "sea_vessel", "hero")
Answer = Callable[[str, int], tuple[int, bool]]  # (region, the bot's total) -> (the person's total, cancels?)
RESEARCH = '"Research: cast the acting hero\'s spell: pay its cost, gain its pts ... apply the effect"'
BUILD = '"Build, Towers & Vessels: try in the order Tower > Air Vessel > Sea Vessel"'
SAIL = '"Sea Vessel. 3 steps, alone, through Sea regions, wrapping across Graticules in the compass direction"'
BOARD = '"An empty bot vessel is in the hero\'s region. The hero boards it with 1 other unit ... and the vessel moves"'
LAND = '"the neighbour whose edge arc contains the compass bearing; if illegal, rotate clockwise through the arcs" (H8)'


@dataclass(frozen=True)
class Step:
    """What the Enemy did, for the chat and the planner: ``what`` names it, ``detail`` carries its values."""

    what: str
    detail: tuple[tuple[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"step": self.what, **{k: list(v) if isinstance(v, tuple) else v for k, v in self.detail}}


@dataclass
class Enemy:
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
        if not R.afford(s, cost):
            self.say("failed", f"{RESEARCH}; failed", f"cannot pay for {spell.name}", action="research")
            return False
        R.pay(s, cost)
        s.pts += spell.pts
        text = f"casts {spell.name}: +{spell.pts} pts; {spell.effect} (you may interrupt first)"
        self.say("research", RESEARCH, text, spell=spell.name)
        return True

    def build_towers_vessels(self, hero: str) -> bool:
        return self._tower(hero) or self._vessel(hero, "air_vessel") or self._vessel(hero, "sea_vessel") or self._none()

    def _none(self) -> bool:
        self.say("failed", f"{BUILD}; failed", "nothing to build: no tower, Air Vessel or Sea Vessel", action="build")
        return False

    def _tower(self, hero: str) -> bool:
        s, f = self.state, self.data.faction
        at = s.unit(hero).where
        region = next((r for r in self.data.map.regions if r.id == at), None)
        level = f.cc_track[s.cc_space].level
        limit = f.towers.limit_by_level[min(level, len(f.towers.limit_by_level)) - 1]
        cost = f.towers.cost.model_dump()
        if (
            region is None
            or region.kind != "land"
            or at == s.capital
            or not any(u.type == "serf" for u in s.in_region(at))
            or len(s.towers) >= min(limit, f.units["tower"].supply if "tower" in f.units else limit)
            or at in s.towers
            or not R.afford(s, cost)
        ):
            return False
        R.pay(s, cost)
        s.towers.append(at)
        self.say("tower", BUILD, f"builds a tower in {at}", region=at)
        for _, near, _arc in R.edges_of(self.data.map, at):
            self._take_token(near)  # "It collects every adjacent Exploration Token onto the bot board" (H1)
        return True

    def _vessel(self, hero: str, kind: UnitType) -> bool:
        s = self.state
        free = [u for u in s.units if u.type == kind and u.where == "supply"]
        cost = self.data.faction.units[kind].cost.model_dump()
        if not free or not R.afford(s, cost):
            return False
        at = s.unit(hero).where
        shore = next((r.shore for r in self.data.map.regions if r.id == at), False)
        if at == "courtyard" or s.unit(hero).aboard is not None or (kind == "sea_vessel" and not shore):
            at = s.capital
        R.pay(s, cost)
        vessel = free[0]
        vessel.where = at
        room = self.data.faction.units[kind].capacity
        order = {"hero": 0, "warrior": 1, "serf": 2}
        boarders = sorted(
            (u for u in s.in_region(at) if u.type in order and u.aboard is None), key=lambda u: order[u.type]
        )
        for u in boarders[:room]:
            u.aboard = vessel.id
        names = ", ".join(u.id for u in boarders[:room]) or "no one"
        self.say(
            "vessel", BUILD, f"builds an {kind.replace('_', ' ')} in {at}; aboard: {names}", vessel=vessel.id, at=at
        )
        return True

    def ns(self, units: list[Unit]) -> int:
        return sum(self.data.faction.units[u.type].ns for u in units)

    def attack(self, hero: str) -> bool:
        s, map_ = self.state, self.data.map
        if s.unit(hero).where == "courtyard":
            self._leave_courtyard(hero)
        at = s.unit(hero).where
        army = s.in_region(at)
        strength = self.ns(army)
        centres = {r.id: r.center for r in map_.regions}
        reach = self._within_two(at)
        armies = self.armies()
        targets = [t for t in reach if t in armies and armies[t] <= strength]
        if not targets:
            self.say(
                "failed",
                f"{ATTACK}; failed",
                f"no player army within two regions of {at} has NS <= {strength}",
                action="attack",
            )
            return False
        weakest = min(armies[t] for t in targets)
        tied = [t for t in targets if armies[t] == weakest]
        arrow = R.COMPASS[self.card.compass] if self.card else 0.0
        toward = {t: reach[t][0] if self.options.attack_tie == "first_step" else t for t in tied}  # H5
        target = min(tied, key=lambda t: (bearing(centres[at], centres[toward[t]], map_.north_deg) - arrow) % 360)
        rule = ATTACK + (f"; {TIE}" if len(tied) > 1 else "")
        self.say("attack", rule, f"attacks {target} (NS {weakest} <= {strength}) from {at}", target=target)
        for region in reach[target]:
            for u in army:
                u.where = region
            self.say("move", rule, f"its army moves to {region}", to=region)
            if region != target:
                self._enter(region)
        self.battle(target, attacker=True, enter=True)
        return True

    def armies(self) -> dict[str, int]:
        """The person's armies by region, with their NS (H6: units and the structure, or units only)."""
        s = self.state
        structure = self.data.faction.units["tower"].ns if "tower" in self.data.faction.units else 0
        if self.options.player_army == "units":
            return {r: a.ns for r, a in s.player.items() if a.ns}
        return {r: a.ns + (structure if a.structure else 0) for r, a in s.player.items() if a.ns or a.structure}

    def _within_two(self, start: str) -> dict[str, list[str]]:
        """Regions within two steps by land and ferry edges (H4): never the bot's Capital or another bot Hero's
        region, and the step between may not hold player units; the path to each, first step clockwise first."""
        s, map_ = self.state, self.data.map
        kinds = {r.id: r.kind for r in map_.regions}
        arrow = R.COMPASS[self.card.compass] if self.card else 0.0

        if self.options.attack_reach == "graph":  # H4's alternative: plain graph distance, no blockers
            near = [d for _, d in R.clockwise_from(map_, start, arrow)]
            out = {d: [d] for d in near}
            for first in near:
                for _, second in R.clockwise_from(map_, first, arrow):
                    if second != start:
                        out.setdefault(second, [first, second])
            return {d: path for d, path in out.items() if kinds[d] == "land"}

        def steps(region: str) -> list[str]:
            return [
                d
                for e, d in R.clockwise_from(map_, region, arrow)
                if e.kind in ("land", "ferry")
                and kinds[d] == "land"
                and d != s.capital
                and not any(u.type == "hero" and u.where == d for u in s.units)
            ]

        paths: dict[str, list[str]] = {}
        for first in steps(start):
            paths.setdefault(first, [first])
            if first in s.player:
                continue  # the step between may not hold player units
            for second in steps(first):
                if second != start:
                    paths.setdefault(second, [first, second])
        return paths

    def battle(self, region: str, *, attacker: bool, enter: bool = False) -> bool | None:
        """A battle in ``region``: it waits for the person's tactic ("The human chooses a Tactic Card first"). With
        ``answer`` (in-process) it is fought at once: True when the bot wins. ``enter``: a land army that wins takes
        the region's token and resource."""
        s = self.state
        if attacker:
            s.pts += 1  # "starting a battle gives +1 pt" (Dized)
        s.pending = Pending("tactic", self.slot, region, attacker, enter, then=self.rest)
        side = "attacks" if attacker else "is attacked"
        extra = ": +1 pt for starting it" if attacker else ""
        text = (
            f"{side} in {region}{extra}. Choose your tactic, set its strength on the tactic track, press Tactic chosen"
        )
        self.say("battle_ask", '"The human chooses a Tactic Card first and presses Tactic chosen"', text, region=region)
        if self.answer is None:
            return None
        card = self.reveal(0)
        mine = self.ns(s.in_region(region))
        theirs, cancels = self.answer(region, mine + card.battle.strength)
        s.pending = replace(s.pending, person_total=theirs) if s.pending else None
        return self.resolve(cancels)

    def reveal(self, person_total: int) -> SoloCard:
        """ "The bot reveals card b with draw_solo(): b.strength is added to its total" """
        s = self.state
        assert s.pending is not None
        drawn = R.draw_solo(s, self.rng)
        card = self._card(drawn)
        p = s.pending = replace(s.pending, ask="cancels", card=drawn, person_total=person_total)
        mine = self.ns(s.in_region(p.region))
        tactic = card.battle.tactic_attack if p.attacker else card.battle.tactic_defend
        text = (
            f"reveals {drawn}: strength +{card.battle.strength}, tactic {tactic}: {mine + card.battle.strength} "
            f"against your {person_total}. Does your tactic cancel {tactic}? Press Tactic cancels? or Interrupt/none"
        )
        self.say(
            "reveal", '"The bot reveals card b ... its tactic is b.tactic_attack when attacking"', text, card=drawn
        )
        return card

    def resolve(self, cancels: bool) -> bool:
        """ "If the human's tactic cancels the bot's tactic, b.strength does not count. Compare totals; the defender
        wins ties." True when the bot wins."""
        s = self.state
        p = s.pending
        assert p is not None and p.ask == "cancels"
        card = self._card(p.card)
        army = s.in_region(p.region)
        mine = self.ns(army)
        total = mine + (0 if cancels else card.battle.strength)
        theirs = p.person_total
        won = total > theirs if p.attacker else total >= theirs
        s.pending = None
        (s.discard if self.options.battle_card == "discard" else s.deck).append(card.id)  # H11
        s.pts += card.battle.pts  # H2
        tactic = card.battle.tactic_attack if p.attacker else card.battle.tactic_defend
        side = "attacks" if p.attacker else "defends"
        text = (
            f"{side} in {p.region} with {mine} NS + {card.id}'s {card.battle.strength}"
            + (" (cancelled by your tactic)" if cancels else "")
            + f" and {tactic}: {total} against {theirs}: "
            + ("the bot wins" if won else "you win")
        )
        if won and p.region in self.armies():
            need = math.ceil(self.armies()[p.region] / 2)
            text += f"; you lose units of at least {need} NS: take them off and move the rest to your Courtyard"
        self.say("battle", BATTLE, text, region=p.region, won=won)
        if not won:
            self._losses(army, mine, p.region)
        elif p.enter:
            self._enter(p.region)
        return won

    def _losses(self, army: list[Unit], strength: int, region: str) -> None:
        s = self.state
        need, lost = math.ceil(strength / 2), 0
        gone: list[Unit] = []
        names = []
        if self.options.losses == "structures_first" and region in s.towers:  # H12: "structures first"
            s.towers.remove(region)
            lost += self.data.faction.units["tower"].ns if "tower" in self.data.faction.units else 0
            names.append(f"its tower in {region}")
        for u in sorted(army, key=lambda u: WEAKEST.index(u.type)):
            if lost >= need:
                break
            lost += self.data.faction.units[u.type].ns
            gone.append(u)
        for u in gone:
            u.where = "courtyard" if u.type == "hero" else "supply"  # a destroyed Hero respawns at once
        for u in army:
            u.aboard = None  # off every vessel: the dead and the survivors alike
            if u not in gone:
                u.where = "courtyard"  # "Survivors go to the Courtyard"
        lost_text = ", ".join([*names, *(u.id for u in gone)]) or "nothing"
        self.say("losses", LOSSES, f"loses {lost_text} ({lost} NS of {need} needed); the rest go to the Courtyard")

    def recruit(self, hero: str) -> bool:
        s, units = self.state, self.data.faction.units
        unlocked = {u for space in self.data.faction.cc_track[: s.cc_space + 1] for u in space.unlocks}
        needs_unlock = {u for space in self.data.faction.cc_track for u in space.unlocks}
        for kind in RECRUIT_ORDER:
            free = [u for u in s.units if u.type == kind and u.where == "supply"]
            cost = units[kind].cost.model_dump()
            if not free or not R.afford(s, cost) or (kind in needs_unlock and kind not in unlocked):
                continue
            where = self._recruit_place(hero)
            R.pay(s, cost)
            free[0].where = where
            self.say("recruit", RECRUIT, f"recruits a {kind.replace('_', ' ')} to {where}", unit=free[0].id, to=where)
            return True
        self.say("failed", f"{RECRUIT}; failed", "cannot recruit: nothing affordable in supply", action="recruit")
        return False

    def _recruit_place(self, hero: str) -> str:
        at = self.state.unit(hero).where
        if at == "courtyard":
            return "courtyard"
        if len(self.state.in_region(at)) >= R.MAX_UNITS:
            return self.state.capital  # "or the Capital if that region already holds 5 bot units"
        return at

    def build_cc_track(self, hero: str) -> bool:
        s, track = self.state, self.data.faction.cc_track
        if s.cc_space + 1 >= len(track):
            self.say("failed", f"{BUILD_CC}; failed", "the CC Track is at its end", action="build_cc_track")
            return False
        nxt = track[s.cc_space + 1]
        if s.resources["ore"] < nxt.ore:
            text = f"cannot build: the next space costs {nxt.ore} Ore, it has {s.resources['ore']}"
            self.say("failed", f"{BUILD_CC}; failed", text, action="build_cc_track")
            return False
        s.resources["ore"] -= nxt.ore
        s.cc_space += 1
        s.pts += nxt.pts
        R.check_end(s, self.data)
        end = f"; the game ends after round {s.final_round}" if s.final_round else ""
        self.say(
            "cc_track",
            BUILD_CC,
            f"advances to CC space {s.cc_space} for {nxt.ore} Ore, +{nxt.pts} pts{end}",
            space=s.cc_space,
        )
        return True

    def tax(self, hero: str) -> bool:
        s = self.state
        gained = {}
        for resource, value in s.tax.items():
            before = s.resources[resource]
            R.gain(s, resource, value)
            gained[resource] = s.resources[resource] - before
        words = ", ".join(f"+{n} {r}" for r, n in gained.items())
        self.say("tax", TAX, f"taxes: {words}", **gained)
        return True

    # --- moving on a failed action -------------------------------------------------------------------------

    def move(self, hero: str, compass: str) -> None:
        s = self.state
        if s.unit(hero).where == "courtyard":
            self._leave_courtyard(hero)
        at = s.unit(hero).where
        empty = [
            u
            for u in s.in_region(at)
            if u.type in ("air_vessel", "sea_vessel") and not any(x.aboard == u.id for x in s.units)
        ]
        if empty and s.unit(hero).aboard is None:
            vessel = min(empty, key=lambda u: u.type != "air_vessel")
            crew = self._board(hero, vessel)
            if vessel.type == "air_vessel":
                self._fly(crew, vessel, R.COMPASS[compass])
            else:
                self._sail(crew, vessel, R.COMPASS[compass])
            return
        self._land_step(hero, R.COMPASS[compass])

    def _board(self, hero: str, vessel: Unit) -> list[Unit]:
        """Step 2: the hero boards the empty vessel with 1 other unit (a Warrior before a Serf, never another Hero);
        the other units stay."""
        s = self.state
        others = sorted(
            (u for u in s.in_region(vessel.where) if u.type in ("warrior", "serf") and u.aboard is None),
            key=lambda u: u.type != "warrior",
        )
        crew = [s.unit(hero), *others[:1]]
        for u in crew:
            u.aboard = vessel.id
        names = " and ".join(u.id for u in crew)
        self.say("board", BOARD, f"{names} board {vessel.id} in {vessel.where}; the others stay", vessel=vessel.id)
        return crew

    def _sail(self, crew: list[Unit], vessel: Unit, arrow: float) -> None:
        """Step 6: 3 steps through Sea regions by the compass (across a Graticule too), undocking free; it stops and
        battles where the person's Sea Vessel is; then it docks next to the person's weakest army and battles, or
        else on the Shore the compass points to, rotating clockwise (H3: the docking rules at the last step)."""
        s, map_ = self.state, self.data.map
        kinds = {r.id: r.kind for r in map_.regions}
        region = vessel.where
        if kinds[region] == "land":  # undocking is free: into the sea the compass points to
            seas = [d for e, d in R.clockwise_from(map_, region, arrow) if kinds[d] == "sea"]
            if not seas:
                self.say("stay", BOARD, f"{vessel.id} cannot put to sea from {region}")
                return
            region = seas[0]
        for _ in range(self._steps("sea_vessel")):
            if region == s.player_sea:
                break
            ahead = [d for e, d in R.clockwise_from(map_, region, arrow) if e.kind in ("sea", "graticule")]
            if not ahead:
                break
            region = ahead[0]
            self._put(crew, vessel, region)
            self.say("sail", SAIL, f"{vessel.id} sails to {region}", to=region)
        if region == s.player_sea:
            self.battle(region, attacker=True)
            return
        shores = [d for e, d in R.clockwise_from(map_, region, arrow) if kinds[d] == "land" and d != s.capital]
        armies = self.armies()
        held = [d for d in shores if d in armies]
        dock = min(held, key=lambda d: armies[d]) if held else (shores[0] if shores else None)
        if dock is None:
            return
        self._put(crew, vessel, dock)
        self.say("dock", SAIL, f"{vessel.id} docks at {dock}" + (" and battles" if held else ""), to=dock)
        if held:
            self.battle(dock, attacker=True)
        else:
            self._enter(dock)

    def _steps(self, kind: UnitType) -> int:
        """H3: a vessel's speed, with the end-of-move rules at its last step; or at its second step, literally."""
        speed = self.data.faction.units[kind].speed
        return speed if self.options.vessel_end_rules == "last_step" else min(2, speed)

    def _put(self, crew: list[Unit], vessel: Unit, region: str) -> None:
        for u in (vessel, *crew):
            u.where = region

    def _fly(self, crew: list[Unit], vessel: Unit, arrow: float) -> None:
        """Step 5: the Air Vessel moves 3 steps alone, no ferries or graticules, crossing the sea without stopping
        there (H14), collecting the tokens it passes; it stops where the person's units are (a battle)."""
        s, map_ = self.state, self.data.map
        at = vessel.where
        kinds = {r.id: r.kind for r in map_.regions}
        region = at
        speed = self._steps("air_vessel")
        for step in range(speed):
            moves = [d for e, d in R.clockwise_from(map_, region, arrow) if e.kind in ("land", "sea", "shore")]
            moves = [d for d in moves if d != s.capital and not any(u.type == "hero" and u.where == d for u in s.units)]
            if not moves:
                break
            region = moves[0]
            if step == speed - 1 and kinds[region] == "sea":  # H14: not at sea at the end: the next land clockwise
                lands = [d for e, d in R.clockwise_from(map_, region, arrow) if kinds[d] == "land" and d != s.capital]
                region = lands[0] if lands else region
            self._put(crew, vessel, region)
            self.say("fly", BOARD, f"{vessel.id} flies to {region}", to=region)
            if region in self.armies():
                self.battle(region, attacker=True)
                return
            self._take_token(region)

    def _leave_courtyard(self, hero: str) -> None:
        s = self.state
        yard = [u for u in s.units if u.where == "courtyard" and u.type != "hero"]
        warriors = [u for u in yard if u.type == "warrior"]
        serfs = [u for u in yard if u.type == "serf"]
        room = R.MAX_UNITS - 1
        keep_serf = 1 if serfs else 0
        army = warriors[: room - keep_serf]
        army += serfs[: room - len(army)]
        for u in [s.unit(hero), *army]:
            u.where = s.capital
        names = ", ".join(u.id for u in army) or "no one else"
        self.say(
            "leave_courtyard",
            COURTYARD,
            f"{hero} leaves the Courtyard with {names}",
            units=(hero, *[u.id for u in army]),
        )

    def _land_step(self, hero: str, bearing: float) -> None:
        s, map_ = self.state, self.data.map
        at = s.unit(hero).where
        army = s.in_region(at)
        kinds = {r.id: r for r in map_.regions}
        for edge, dest in R.clockwise_from(map_, at, bearing):
            if kinds[dest].kind == "sea" and edge.kind != "ferry":
                continue
            if dest == s.capital or any(u.type == "hero" for u in s.in_region(dest)):
                continue
            room = R.MAX_UNITS - len(s.in_region(dest))
            if len(army) > room and (self.options.crowded == "illegal" or room < 1):
                continue  # H8: over 5 units: illegal, rotate clockwise
            moving = sorted(army, key=lambda u: u.id != hero)[:room]  # H8's alternative: the excess stays behind
            for u in moving:
                u.where = dest
            left = f"; {len(army) - len(moving)} stay behind (H8)" if len(moving) < len(army) else ""
            text = f"{hero}'s army moves from {at} to {dest}{left}"
            self.say("move", f"{FAILED}; {LAND}", text, frm=at, to=dest)
            if dest in self.armies():  # "player-controlled -> battle, and its 1 resource only if the bot wins"
                self.battle(dest, attacker=True, enter=True)
            else:
                self._enter(dest)
            return
        self.say("stay", f"{FAILED}; {LAND}", f"{hero}'s army cannot move from {at}: every neighbour is illegal")

    def _enter(self, region: str) -> None:
        s = self.state
        self._take_token(region)
        terrain = next(r.terrain for r in self.data.map.regions if r.id == region)
        resource = R.terrain_resource(terrain)
        if resource:
            R.gain(s, resource, 1)
            self.say("resource", '"resource region -> 1 resource"', f"+1 {resource} from {region}", resource=resource)

    def _take_token(self, region: str) -> None:
        s = self.state
        if region in s.tokens:
            s.tokens.discard(region)
            s.collected += 1
            s.pts += self.options.token_pts
            self.say(
                "token",
                '"Exploration Token -> onto the bot board unresolved, pts" (H1)',
                f"takes the Exploration Token of {region}: +{self.options.token_pts} pt",
                region=region,
            )

    # --- one action of the round, and what is left of it after a question --------------------------------

    def act(self, slot: int) -> list[Decision[Step]]:
        """Action ``slot`` (1-3) of the round: draw a card into the slot, perform it with hero ``slot``, then its
        Follow offer, the Tax Track's rotation, the move on a failure (and after Tax) and, after the third, the end
        of the round; it stops at the first question for the person (:attr:`State.pending`)."""
        s = self.state
        card_id = R.draw_solo(s, self.rng)
        s.slots[slot - 1] = card_id
        card = self._card(card_id)
        hero = f"hero{slot}"
        self.say(
            "draw",
            '"draw_solo(); slot[i] = c; h = hero[i]"',
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
            if s.pending is not None:  # a battle began: the rest waits for it (its Pending holds the steps)
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
                self.say("effect", RESEARCH, f"{spell.name}: {spell.effect} (carry it out on the table)")
            elif step == "rotate":
                R.rotate_tax(s)
                self.say("rotate", '"offer a Follow; rotate the tokens: 2->3, 3->4, 4->2"', "the Tax Track turns")
            elif step == "move" and card is not None:
                self.move(f"hero{slot}", card.compass)
            elif step == "end" and slot in (1, 2):
                text = f"action {slot} of round {s.round} is over: your action, then press Bot action"
                self.say("done", '"if i < 3: wait human_action()"', text)
            elif step == "end" and slot == 3:
                gains = R.end_round(s, self.data, worker_spaces=self.options.worker_spaces)
                words = ", ".join(f"+{n} {r}" for r, n in gains.items() if n) or "nothing"
                end = " The game is over." if R.over(s) else ""
                self.say("round_end", ROUND_END, f"collects {words}; the slotted cards go to the discard pile.{end}")

    def _spell(self, hero: str) -> Any:
        return next(h.spell for h in self.data.faction.heroes if f"hero{h.slot}" == hero)

    def resume(self, button: str) -> list[Decision[Step]]:
        """A press of one of the table's buttons: the answer to the pending question, or (with none pending) the
        next action on Bot action, a battle the person started on Tactic chosen. A press that answers nothing
        moves nothing and says what the bot waits for."""
        s = self.state
        p = s.pending
        if p is None:
            if R.over(s):
                self.say("over", '"Score normally; bot Heroes score 0"', f"the game is over: the bot has {s.pts} pts")
            elif button == "tactic_chosen":
                self._defend()
            elif button == "bot_action":
                if s.contested():
                    where = ", ".join(s.contested())
                    text = (
                        f"{where} holds your army and the bot's: if you lost a battle there, take your losses off and "
                        "move the rest to your Courtyard; if you attack, choose your tactic and press Tactic chosen"
                    )
                    self.say("wait", '"Battle: each side totals its NS, and each secretly picks a Tactic Card"', text)
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

    def _person_total(self, region: str) -> int:
        s = self.state
        army = s.player[region].ns if region in s.player else 0
        if region == s.player_sea:
            army += self.data.faction.units["sea_vessel"].ns
        return army + s.tactic

    def _defend(self) -> None:
        s = self.state
        fights = s.contested()
        if len(fights) != 1:
            where = " and ".join(fights) if fights else "no region"
            self._wait(f"you pressed Tactic chosen, but {where} holds both your army and the bot's: move into one")
            return
        self.battle(fights[0], attacker=False)
        self.reveal(self._person_total(fights[0]))

    def _wait(self, text: str) -> None:
        self.say("wait", '"Global UI: Bot action, Follow done, Interrupt/none, Tactic chosen, Tactic cancels?"', text)


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
        '"if ok and c.followable and c.action != attack: offer_follow(c)"',
        "you may Follow (copy its action by spending a Courtyard Serf); then press Follow done",
    ),
    "interrupt": (
        '"pause for a human interrupt, apply the effect"',
        "you may interrupt its spell; then press Interrupt/none",
    ),
}
ROUND_END = '"collect(bot) as a normal player; discard(slot[1..3]) face up" (H9)'
