"""Wakhan's turn (spec B5): her face card's three lines worked top to bottom and looping until two actions are
done or three lines in a row SKIP, Ambition before each action, the bonus phase, then cleanup.

``WakhanTurn.next(state)`` gives her next engine action with its reason; the driver applies it and asks again.
It returns ``None`` while someone else must answer (a human ruler's bribe demand, say) or once her turn is over,
so a turn can pause for a person at the table and go on where it stopped.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from engines.base import Decision, IllegalAction, Reason
from engines.paxpamir import actions, names, rules
from engines.paxpamir.data import COALITIONS, Region, game_data
from engines.paxpamir.queries import dominance_margin, ruler, scoring_influence
from engines.paxpamir.scoring import dominance_check
from engines.paxpamir.setup import COLUMNS, DOMINANCE_CHECKS, ROWS
from engines.paxpamir.state import State
from engines.paxpamir.wakhan.options import WakhanOptions
from engines.paxpamir.wakhan.priority import card_priority
from engines.paxpamir.wakhan.radicalize import Radicalize
from engines.paxpamir.wakhan.respond import Responder, move_step, region_priority, she_removes

SPY_BATTLE = "battle_highest_priority_court_card_with_most_spies_where_wakhan_has_spy"


class WakhanTurn:
    """One turn of hers; create it when her turn starts (after her AI card is drawn)."""

    def __init__(self, state: State, options: WakhanOptions | None = None) -> None:
        me = state.wakhan_seat
        if me is None or state.current != me:
            raise IllegalAction("it is not Wakhan's turn")
        self.me = me
        self.options = options or WakhanOptions()
        self.face = state.ai_face
        self.line = 0  # index of the next line on her face card
        self.skipped = 0
        self.bonus_phase = False
        self.turn = state.turn

    def next(self, state: State) -> Decision[actions.Action] | None:
        if state.over:
            return None
        if state.pending:  # her own choices (also a bribe she asks, or a discard at her cleanup); else a person's
            return Responder(state, self.options).answer() if state.pending[-1].seat == self.me else None
        if state.current != self.me or state.turn != self.turn:
            return None
        if not self.bonus_phase and state.actions_used < 2 and self.skipped < self.options.max_skips:
            ambition = self._ambition(state)
            if ambition is not None:
                self.skipped = 0
                return ambition
            while state.actions_used < 2 and self.skipped < self.options.max_skips:
                number = self.line % 3 + 1
                line = game_data().ai_cards[self.face].actions[self.line % 3]  # type: ignore[index]
                self.line += 1
                decision = self._perform(state, line, number)
                if decision.action is None:
                    self.skipped += 1
                    continue
                self.skipped = 0
                return Decision(decision.action, decision.reason)
        self.bonus_phase = True
        bonus = self._bonus(state)
        if bonus is not None:
            return bonus
        return Decision(actions.EndTurn(), Reason("B5", "ends her turn (cleanup follows)"))

    # --- Ambition -------------------------------------------------------------------------------------------

    def _ambition(self, state: State) -> Decision[actions.Action] | None:
        """Buy an affordable Dominance Check without a rupee of hers from this turn if resolving it now gives her
        strictly more points than any other seat (printing 2: or makes her win)."""
        for row in range(ROWS):
            for col in range(COLUMNS):
                number = state.market.cards[row][col]
                if number not in DOMINANCE_CHECKS or rules.can_purchase(state, self.me, row, col) is not None:
                    continue
                points = self._check_points(state)
                mine = points.get(self.me, 0)
                others = max((p for seat, p in points.items() if seat != self.me), default=0)
                wins = self.options.printing == 2 and self._would_win(state, points)
                if mine > others or (self.options.ambition_on_tie and mine == others > 0) or wins:
                    why = f"scores {mine}, the others at most {others}"
                    if wins and mine <= others:
                        why = "it wins her the game"
                    text = f"buys the Dominance Check on the market's {names.slot(row, col)} (Ambition): {why}"
                    return Decision(actions.Purchase(row, col), Reason("B5 Ambition", text))
        return None

    def _check_points(self, state: State) -> dict[int, int]:
        """What each seat would score if she bought a Dominance Check now."""
        blocks = {c: state.blocks_in_play(c) for c in COALITIONS}
        cylinders = {seat: state.cylinders_in_play(seat) for seat in range(len(state.players))}
        result = dominance_check(
            blocks, scoring_influence(state), cylinders, final=_final_after(state), margin=dominance_margin(state)
        )
        return dict(result.points)

    def _would_win(self, state: State, points: dict[int, int]) -> bool:
        vp = [p.vp + points.get(seat, 0) for seat, p in enumerate(state.players)]
        best_other = max(v for seat, v in enumerate(vp) if seat != self.me)
        return vp[self.me] - best_other >= 4 or (vp[self.me] > best_other and _final_after(state))

    # --- the lines ------------------------------------------------------------------------------------------

    def _perform(self, state: State, line: str, number: int) -> Decision[actions.Action | None]:
        rule = f"AI card #{self.face}, line {number} ({names.ai_line(line)})"
        if line == "radicalize" or line.startswith("radicalize_"):
            pick = Radicalize(state, line, number, self.options).decide()
            if pick.action is None:
                return Decision(None, pick.reason)
            return Decision(actions.Radicalize(*pick.action), pick.reason)
        if line == SPY_BATTLE:
            return self._spy_battle(state, rule)
        return self._card_action(state, line, rule)

    def _card_action(self, state: State, action: str, rule: str) -> Decision[actions.Action | None]:
        """B9: the B4 card among her unused cards that can take the action with a legal effect."""
        offered = [a for a in rules.legal_actions(state) if isinstance(a, actions.UseCard) and a.action == action]
        chosen = self._target(state, action, offered)
        if chosen is None:
            return Decision(None, Reason(f"{rule}; B9 {action.title()}", f"{action.title()} SKIPs: nothing to do"))
        use, why = chosen
        return Decision(
            use, Reason(f"{rule}; B9 {action.title()}", f"{action.title()} with {names.card(use.card)}: {why}")
        )

    def _pick_card(self, state: State, offered: list[actions.UseCard]) -> actions.UseCard | None:
        if not offered:
            return None
        choice = card_priority(state, sorted({a.card for a in offered}))
        return next(a for a in offered if a.card == choice.chosen)

    def _target(self, state: State, action: str, offered: list[actions.UseCard]) -> tuple[actions.UseCard, str] | None:
        me = self.me
        if action in ("tax", "build"):
            if action == "build" and not any(ruler(state, r) == me for r in region_priority(state)):
                return None
            use = self._pick_card(state, offered)
            return None if use is None else (use, "the B4 card that can")
        if action == "gift":
            spaces = sorted({a.gift for a in offered})
            if not spaces:
                return None
            cheapest = [a for a in offered if a.gift == spaces[0]]
            use = self._pick_card(state, cheapest)
            return None if use is None else (use, f"the cheapest gift space she can afford ({spaces[0]})")
        if action == "move":
            if move_step(state, me, self.options) is None:
                return None
            use = self._pick_card(state, offered)
            return None if use is None else (use, "an army can move toward another seat's tribes")
        if action == "betray":
            court = game_data().court
            targets = sorted({a.target for a in offered if court[a.target].prize is not None})
            if not targets:
                return None
            choice = card_priority(state, targets)
            use = self._pick_card(state, [a for a in offered if a.target == choice.chosen])
            return (
                None
                if use is None
                else (use, f"betrays {names.card(choice.chosen)} (B4 {choice.step}) and keeps the prize")
            )
        if action == "battle":
            for region in region_priority(state):
                in_region = [a for a in offered if a.region == region]
                if in_region and self._target_in(state, region):
                    use = self._pick_card(state, in_region)
                    if use is not None:
                        return use, f"battle in {region}, the first region on the priority with a target"
            return self._card_battle(state, [a for a in offered if a.region is None], "")
        return None

    def _target_in(self, state: State, region: Region) -> bool:
        """A piece there that the rules let her remove and that she would take (a tribe no Citadel protects, a
        block of a coalition some person holds: I9); the same test as her battle itself (B9)."""
        return any(she_removes(state, a, self.options) for a in rules.battle_targets(state, self.me, region, 0))

    def _card_battle(
        self, state: State, offered: list[actions.UseCard], extra: str
    ) -> tuple[actions.UseCard, str] | None:
        targets = sorted({a.target for a in offered})
        if not targets:
            return None
        choice = card_priority(state, targets)
        use = self._pick_card(state, [a for a in offered if a.target == choice.chosen])
        return None if use is None else (use, f"battle on {names.card(choice.chosen)}{extra} (B4 {choice.step})")

    def _spy_battle(self, state: State, rule: str) -> Decision[actions.Action | None]:
        offered = [a for a in rules.legal_actions(state) if isinstance(a, actions.UseCard) and a.action == "battle"]
        on_cards = [a for a in offered if a.region is None]
        most = max((len(state.spies.get(a.target, [])) for a in on_cards), default=0)
        chosen = self._card_battle(
            state, [a for a in on_cards if len(state.spies.get(a.target, [])) == most], f", the most spies ({most})"
        )
        if chosen is None:
            return Decision(None, Reason(f"{rule}; B7", "Battle SKIPs: no card with her spy and an enemy spy"))
        use, why = chosen
        return Decision(use, Reason(f"{rule}; B7", f"Battle with {names.card(use.card)}: {why}"))

    # --- the bonus phase ------------------------------------------------------------------------------------

    def _bonus(self, state: State) -> Decision[actions.Action] | None:
        """The leftmost unused favored card (I11), and its leftmost action B9 can do."""
        court = game_data().court
        for number in state.players[self.me].court:
            if number in state.cards_used:
                continue
            if self.options.bonus_cards == "favored" and not rules.is_favored(state, self.me, number):
                continue
            for action in court[number].actions:
                offered = [
                    a
                    for a in rules.legal_actions(state)
                    if isinstance(a, actions.UseCard) and a.card == number and a.action == action
                ]
                chosen = self._target(state, action, offered)
                if chosen is not None:
                    use, why = chosen
                    text = f"bonus {action} with {names.card(number)}, her leftmost unused favored card: {why}"
                    return Decision(use, Reason("B5 bonus phase", text))
        return None


def _final_after(state: State) -> bool:
    """Whether a Dominance Check bought now would be the last: no other one in the market or the deck."""
    others = [c for r in state.market.cards for c in r if c in DOMINANCE_CHECKS]
    return len(others) <= 1 and not any(c in DOMINANCE_CHECKS for c in state.deck)


def _roads(state: State, region: Region, other: Region) -> Iterator[tuple[str, int]]:
    yield from state.roads.get(game_data().border(region, other), {}).items()


class Wakhan:
    """The bot across turns: a fresh :class:`WakhanTurn` whenever one of her turns begins, and her answers to
    choices asked of her in other seats' turns (bribes she is owed, say)."""

    def __init__(self, options: WakhanOptions | None = None) -> None:
        self.options = options or WakhanOptions()
        self._turn: WakhanTurn | None = None

    def to_move(self, state: State) -> bool:
        me = state.wakhan_seat
        if state.over or me is None:
            return False
        return state.pending[-1].seat == me if state.pending else state.current == me

    def next(self, state: State) -> Decision[actions.Action] | None:
        if not self.to_move(state):
            return None
        if not state.pending or state.current == state.wakhan_seat:
            if self._turn is None or self._turn.turn != state.turn:
                self._turn = WakhanTurn(state, self.options)
            return self._turn.next(state)
        return Responder(state, self.options).answer()


def play_turn(state: State, rng: random.Random, options: WakhanOptions | None = None) -> list[Decision[actions.Action]]:
    """Her moves applied to ``state`` (pass a copy to plan) until someone else must act."""
    bot = Wakhan(options)
    decisions: list[Decision[actions.Action]] = []
    while (decision := bot.next(state)) is not None:
        decisions.append(decision)
        rules.apply(state, decision.action, rng)
    return decisions
