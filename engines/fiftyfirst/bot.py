"""The virtual player's turn, step by step as the solo rules give it, each step with the line it follows.

Quotes are from the solo rules text (``shared/rules/003_cca8b95f52af0042.txt``); D numbers are the spec's readings
(:mod:`engines.fiftyfirst.options`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from engines.base import Decision, IllegalAction, Reason
from engines.fiftyfirst import actions, rules
from engines.fiftyfirst.cards import Location, Locations
from engines.fiftyfirst.options import BotOptions
from engines.fiftyfirst.state import State
from engines.priorities import Criterion, Narrowed, narrow, settle

CLASS_RANK = {"production_open": 1, "production_closed": 1, "feature": 2}  # Action: 3 used, 4 unused
DEAL = 'Lookout 1-2: "Reveal the top card of each of the Connection piles. Draw the top four cards"'
RANDOM = 'Lookout 4: "Shuffle the remaining three and draw a card at random, placing it face up in front of the virtual'
RANDOM += ' player"'
LAST = 'Lookout 6: "Put the last remaining card face up in front of the virtual player"'
MORE = 'Lookout 7: "Draw one more card from the Deck and place it in front of the virtual player"'
CLAIM = '"they will claim a connection card if there is one available. It costs them nothing and scores them 2"'
ATTACK = '"reveal one card from the Deck and place it nearby to form an attack pile"'
MISS = '"If you do not have any matching Location Types, the attack is unsuccessful"'
RAZE = '"if you have a Location that matches at least one Location Type with the attack card, your location is Razed"'
BLOCK = '"If a card with a [marker] is about to be Razed, discard the [marker] instead" (D2)'
THREE = '"once the virtual player has attacked three times, they will pass on the next turn"'
AFTER_YOU = '"once you pass, you cannot be attacked anymore, and the virtual player passes on his next action" (D8)'
PASSED = '"they will pass" (L36, L40): a player who has passed takes no more actions this round (base rule)'
RESHUFFLE = "the deck is empty: shuffle the discard pile to make a new one (base rule)"
TIE = '"If two locations give exactly the same goods when razed, you can decide which is destroyed"'
FEE = 'L62 "When you send a [worker] to an Open Production location, the Virtual Player gains 1 instead" (D3)'
CLEANUP = '"complete the Action phase" / Cleanup: "Execute the Cleanup phase as normal"'


@dataclass
class BotTurn:
    state: State
    cards: Locations
    rng: random.Random
    options: BotOptions = field(default_factory=BotOptions)
    on_step: Callable[[Decision[actions.Action], State], None] | None = None
    announce: str = ""
    decisions: list[Decision[actions.Action]] = field(default_factory=list)

    def play(self) -> list[Decision[actions.Action]]:
        """Its steps until the person must act (or the game is over)."""
        while rules.to_move(self.state) == "bot":
            self._one()
        return self.decisions

    def _one(self) -> None:
        s = self.state
        if s.phase == "lookout":
            if s.lookout_step == 0:
                if not s.lookout and not s.dealt and not any(s.connections.values()):
                    self._step(actions.Deal(), DEAL, "reveals the top card of each connection pile")
                    return
                self._draw_check()
                top = s.deck[0]
                self._step(actions.LookoutCard(top), DEAL, f"deals {self._name(top)} face up in the Lookout row")
            elif s.lookout_step == 2:
                card = self.rng.choice(sorted(s.lookout))
                self._step(actions.BotTake(card, "random"), RANDOM, f"takes {self._name(card)} at random of the three")
            else:
                if s.lookout:
                    last = s.lookout[0]
                    self._step(actions.BotTake(last, "last"), LAST, f"takes {self._name(last)}, the last Lookout card")
                if s.phase == "lookout":
                    self._draw_check()
                    top = s.deck[0]
                    self._step(actions.BotTake(top, "deck"), MORE, f"takes {self._name(top)} from the deck")
            return
        if s.choosing and s.chosen is not None:  # the person chose among the tied locations
            self._strike(s.chosen, f"{TIE}: you chose")
            return
        if s.bot_uses:  # your workers on its open productions, sent since its last step
            self._step(
                actions.Fee(s.bot_uses), FEE, f"gains {s.bot_uses} point(s) for your worker(s) on its open production"
            )
            return
        if s.person_passed and s.bot_passed:
            text = "both have passed: the round ends" + (
                " and so does the game (25 points reached)" if s.end_triggered else ""
            )
            self._step(actions.Cleanup(), CLEANUP, text)
            return
        if s.bot_passed:  # on a table, Bot turn pressed again after it passed (the person has not)
            self._step(actions.Pass(), PASSED, "has passed for this round: go on with your actions, or pass")
            return
        if s.person_passed and (self.options.pass_after_person == "at_once" or not any(s.connections.values())):
            self._step(actions.Pass(), AFTER_YOU, "passes: you have passed")
            return
        if s.attacks >= 3:
            self._step(
                actions.Pass(), THREE, "passes: it has attacked three times this round (the attack pile is discarded)"
            )
            return
        up = sorted(p for p, shown in s.connections.items() if shown)
        if up:
            pile = self.rng.choice(up)
            why = f"claims the {pile} connection card" + (" (chosen at random of the two)" if len(up) > 1 else "")
            self._step(actions.Claim(pile), CLAIM, f"{why}: +2 points")  # type: ignore[arg-type]
            return
        if s.person_passed:  # D8 claim_first and nothing left to claim
            self._step(actions.Pass(), AFTER_YOU, "passes: you have passed and no connection card is left")
            return
        self._attack()

    def _attack(self) -> None:
        s = self.state
        if not rules.left_to_draw(s):
            self._step(actions.Pass(), ATTACK, "passes: no card is left in the deck or the discard pile to attack with")
            return
        self._draw_check()
        card = self.cards.card(s.deck[0])
        types: set[str] = set(card.types)
        self._step(
            actions.Attack(card.id), ATTACK, f"attacks with {card.name}: {', '.join(sorted(types)) or 'no types'}"
        )
        left = self.targets(types)
        if left is None:
            self._step(
                actions.Miss(), MISS, f"misses: none of your locations has {', '.join(sorted(types)) or 'its types'}"
            )
            return
        if len(left.pool) > 1 and self.options.final_tie == "person":
            names = " or ".join(self._name(s.person[i].card) for i in left.pool)
            text = f"ties between {names}: choose the one it razes (the target token on it, then Choose target)"
            self._step(actions.AskTarget(tuple(left.pool)), f"{TIE}; final_tie=person", text)
            return
        choice = settle(
            left, rng=self.rng, tie_break="random", canonical=lambda i: i, show=lambda i: self._name(s.person[i].card)
        )
        self._strike(choice.chosen, f"target: {choice.step}")

    def _strike(self, place: int, rule: str) -> None:
        target = self.state.person[place]
        name = self._name(target.card)
        if target.protected:
            self._step(actions.Blocked(place), f"{BLOCK}; {rule}", f"would raze {name}: its protection goes instead")
            return
        deal = ", ".join(f"{n} {g}" for g, n in self.cards.card(target.card).deal.items()) or "nothing"
        self._step(actions.Raze(place), f"{RAZE}; {rule}", f"razes {name}: +2 points; take its Deal goods ({deal})")

    def targets(self, types: set[str]) -> Narrowed[int] | None:
        """The person's locations an attack of ``types`` razes, narrowed by the target priorities: one, or the tie
        left after the goods (step 7); None when the attack misses. The bot's attack and :func:`tied_targets`
        both read this; the tie it asks about is kept on the table (the target token's GM Notes), so your answer is
        checked against the tie found with the bot's own options."""
        candidates = [i for i, p in enumerate(self.state.person) if self._matches(p.ruins, p.card, types)]
        return narrow(candidates, self._criteria(types)) if candidates else None

    def _matches(self, ruins: bool, card_id: str, types: set[str]) -> bool:
        if ruins:
            return self.options.ruins_targets and bool(types)
        return bool(types & set(self.cards.card(card_id).types))

    def _criteria(self, types: set[str]) -> list[Criterion[int]]:
        s, order = self.state, self.cards.dataset.goods_order

        def card(i: int) -> Location:
            return self.cards.card(s.person[i].card)

        def rank(i: int) -> int:
            c = card(i)
            if c.cls != "action":
                return CLASS_RANK[c.cls]
            limit = c.activation_limit or 1
            used = s.person[i].activations >= (limit if self.options.used_means == "exhausted" else 1)
            return 3 if used else 4

        def goods(i: int) -> int | tuple[int, ...]:
            """Step 6: "The card with the most goods of the highest order is destroyed first. Keep checking this
            list until you break the tie": the counts in the goods order, compared left to right."""
            c = card(i)
            if self.options.spoils == "total":
                return sum(c.spoils.values())
            field = c.spoils if self.options.spoils == "spoils" else c.deal
            return tuple(field.get(g, 0) for g in order)

        return [
            Criterion("the most matching types", "most", lambda i: len(types & set(card(i).types))),
            Criterion("the greater Distance", "most", lambda i: card(i).distance),
            Criterion("unused Action, used Action, Feature, Production", "most", rank),
            Criterion(f"the most goods of the highest order ({self.options.spoils})", "most", goods),
        ]

    def _draw_check(self) -> None:
        if not self.state.deck and not self.state.discard:
            raise IllegalAction("the deck and the discard pile are both empty: nothing to draw")
        if not self.state.deck:  # a step of its own, so the table is laid in the order dealt
            order = list(self.state.discard)
            self.rng.shuffle(order)
            self._step(actions.Reshuffle(tuple(order)), RESHUFFLE, "shuffles the discard pile into a new deck")

    def _name(self, card_id: str) -> str:
        return self.cards.card(card_id).name

    def _step(self, action: actions.Action, rule: str, text: str) -> None:
        if self.announce and not self.decisions:
            text = f"{self.announce}: {text}"
        decision = Decision(action, Reason(rule, text))
        self.decisions.append(decision)
        rules.apply(self.state, action, self.rng, self.cards, self.options)
        if self.on_step is not None:
            self.on_step(decision, self.state)


def bot_turn(
    state: State,
    cards: Locations,
    rng: random.Random,
    options: BotOptions | None = None,
    *,
    on_step: Callable[[Decision[actions.Action], State], None] | None = None,
    announce: str = "",
) -> list[Decision[actions.Action]]:
    if rules.to_move(state) != "bot":
        raise IllegalAction("it is not the bot's turn" if state.phase != "over" else "the game is over")
    return BotTurn(state, cards, rng, options or BotOptions(), on_step, announce).play()


def tied_targets(state: State, cards: Locations, card_id: str, options: BotOptions | None = None) -> list[int]:
    """The person's locations the attack card ``card_id`` would raze, level on every target priority (one place
    when the priorities decide; more when the person may choose); none when it misses."""
    left = BotTurn(state, cards, random.Random(0), options or BotOptions()).targets(set(cards.card(card_id).types))
    return [] if left is None else left.pool
