"""Battles with the Enemy (L106-L120): it waits for your tactic, reveals its battle card, compares the totals and
takes its losses weakest first. A part of :class:`~engines.holas.bot.Enemy`, kept apart for its size: the
attributes and methods declared here are the Enemy's."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engines.holas import lines, rules
from engines.holas.data_model import HolasData, SoloCard
from engines.holas.options import BotOptions
from engines.holas.state import Pending, State, StepName, Unit

WEAKEST: tuple[str, ...] = ("serf", "warrior", "air_vessel", "sea_vessel", "hero")
Answer = Callable[[str, int], tuple[int, bool]]  # (region, the bot's total) -> (the person's total, cancels?)


class Battles:
    state: State
    data: HolasData
    rng: random.Random
    answer: Answer | None
    options: BotOptions
    slot: int
    rest: tuple[StepName, ...]

    def say(self, what: str, rule: str, text: str, **detail: Any) -> None:
        raise NotImplementedError

    def armies(self) -> dict[str, int]:
        raise NotImplementedError

    def ns(self, units: list[Unit]) -> int:
        raise NotImplementedError

    def _card(self, card_id: str) -> SoloCard:
        raise NotImplementedError

    def _resource(self, region: str) -> None:
        raise NotImplementedError

    def _wait(self, text: str) -> None:
        raise NotImplementedError

    def battle(self, region: str, *, attacker: bool, enter: bool = False) -> bool | None:
        """A battle in ``region``: it waits for the person's tactic (L108 "you first choose your Tactic Card"). With
        ``answer`` (in-process) it is fought at once: True when the bot wins. ``enter``: a land army that wins gains
        the region's resource (its tokens were taken on entering)."""
        s = self.state
        if attacker:
            s.pts += 1  # "starting a battle gives +1 pt" (Dized)
        s.pending = Pending("tactic", self.slot, region, attacker, enter, then=self.rest)
        side = "attacks" if attacker else "is attacked"
        extra = ": +1 pt for starting it" if attacker else ""
        text = (
            f"{side} in {region}{extra}. Choose your tactic, set its strength on the tactic track, press Tactic chosen"
        )
        self.say("battle_ask", lines.TACTIC, text, region=region)
        if self.answer is None:
            return None
        card = self.reveal(0)
        mine = self.ns(s.in_region(region))
        theirs, cancels = self.answer(region, mine + card.battle.strength)
        s.pending = replace(s.pending, person_total=theirs) if s.pending else None
        return self.resolve(cancels)

    def reveal(self, person_total: int) -> SoloCard:
        """The bot draws its battle card and shows its strength and tactic (L108-L112)."""
        s = self.state
        assert s.pending is not None
        drawn = rules.draw_solo(s, self.rng)
        card = self._card(drawn)
        p = s.pending = replace(s.pending, ask="cancels", card=drawn, person_total=person_total)
        mine = self.ns(s.in_region(p.region))
        tactic = card.battle.tactic_attack if p.attacker else card.battle.tactic_defend
        text = (
            f"reveals {drawn}: strength +{card.battle.strength}, tactic {tactic}: {mine + card.battle.strength} "
            f"against your {person_total}. Does your tactic cancel {tactic}? Press Tactic cancels? or Interrupt/none"
        )
        self.say("reveal", lines.REVEAL, text, card=drawn)
        return card

    def resolve(self, cancels: bool) -> bool:
        """The totals compared, the card's strength out if your tactic cancels the bot's (L116); the defender wins
        ties. True when the bot wins."""
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
        falls = won and p.region == s.person_capital() and self.options.capital_falls == "lost_battle"
        if falls:
            s.destroyed = "you"
            text += f"; your Capital City in {p.region} is destroyed (eXterminate): the game is over at once"
        elif won and p.region in self.armies():
            need = math.ceil(self.armies()[p.region] / 2)
            text += f"; you lose units of at least {need} NS: take them off and move the rest to your Courtyard"
        facts = {"strength": mine, "card": card.id, "card_strength": card.battle.strength, "cancelled": cancels}
        rule = f"{lines.BATTLE}; {lines.CAPITAL_FALLS}" if falls else lines.BATTLE
        self.say("battle", rule, text, region=p.region, won=won, total=total, theirs=theirs, **facts)
        if not won:
            self._losses(army, mine, p.region)
        elif p.enter:
            self._resource(p.region)  # L196: the resource after a won battle (its tokens were taken on entering)
        return won

    def _losses(self, army: list[Unit], strength: int, region: str) -> None:
        s = self.state
        need, lost = math.ceil(strength / 2), 0
        gone: list[Unit] = []
        names = []
        if self.options.losses == "structures_first" and region == s.capital and self.options.capital_falls != "never":
            s.destroyed = "bot"  # H12's structure first: its Capital City falls, and the game is over (L208)
            names.append(f"its Capital City in {region} (eXterminate: the game is over at once)")
        elif self.options.losses == "structures_first" and region in s.towers:  # H12: "structures first"
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
        text = f"loses {lost_text} ({lost} NS of {need} needed); the rest go to the Courtyard"
        rule = f"{lines.LOSSES}; {lines.CAPITAL_FALLS}" if s.destroyed == "bot" else lines.LOSSES
        self.say("losses", rule, text, units=tuple(u.id for u in gone), lost=lost, need=need, region=region)

    def _person_total(self, region: str) -> int:
        s = self.state
        army = self.armies().get(region, 0)  # H6: with their structure (a Capital's own strength)
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
