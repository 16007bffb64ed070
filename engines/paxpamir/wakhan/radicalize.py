"""Which market card Wakhan radicalizes (spec B6, B7): the card line's condition, the "Dominance Check in the
market" rule, the instruction, and the arrows walking left and then along the other row.

The result is the slot she buys, or ``None`` for SKIP, with the reason either way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from engines.base import Decision, Reason
from engines.paxpamir import names, rules
from engines.paxpamir.data import CourtCard, game_data
from engines.paxpamir.queries import court_limit, dominant, military_favored, ruler
from engines.paxpamir.setup import COLUMNS, DOMINANCE_CHECKS, ROWS
from engines.paxpamir.state import State
from engines.paxpamir.wakhan.arrows import read_arrows
from engines.paxpamir.wakhan.options import WakhanOptions

Slot = tuple[int, int]  # (row, column): row 0 is the top row


def _me(state: State) -> int:
    seat = state.wakhan_seat
    assert seat is not None, "no Wakhan seat in this game"
    return seat


def _card(number: int) -> CourtCard:
    return game_data().court[number]


def _icons(number: int, *kinds: str) -> int:
    return sum(1 for icon in _card(number).impact_icons if icon in kinds)


def _spies_in_play(state: State, seat: int) -> int:
    return sum(spies.count(seat) for spies in state.spies.values())


def _gives_control(state: State, seat: int, number: int) -> bool:
    """I6: her tribes and armies from the card's icons, added in its region, would make her its ruler."""
    card = _card(number)
    region, loyalty = card.region, state.players[seat].loyalty
    if ruler(state, region) == seat or loyalty is None:
        return False
    armies = dict(state.armies[region])
    armies[loyalty] = armies.get(loyalty, 0) + _icons(number, "army")
    after = dataclasses.replace(
        state,
        tribes={**state.tribes, region: state.tribes[region] + [seat] * _icons(number, "tribe")},
        armies={**state.armies, region: armies},
    )
    return ruler(after, region) == seat


@dataclass(frozen=True)
class Instruction:
    """An instruction line (B7): when it applies, which cards match, and what is maximised among them."""

    what: str
    matches: Callable[[State, int, int], bool]  # (state, her seat, card)
    score: Callable[[State, int, int, Slot], float] | None = None  # the most wins; must be > 0
    condition: str = ""
    holds: Callable[[State, int], bool] | None = None


def _suit(suit: str) -> Callable[[State, int, int], bool]:
    return lambda state, me, n: _card(n).suit == suit


def _rank(state: State, me: int, n: int, slot: Slot) -> float:
    return _card(n).rank


def _any(state: State, me: int, n: int) -> bool:
    return True


def _net_rupees(options: WakhanOptions) -> Callable[[State, int, int, Slot], float]:
    def net(state: State, me: int, n: int, slot: Slot) -> float:
        row, col = slot
        leverage = 2 if options.net_rupees_leverage and "leverage" in _card(n).impact_icons else 0
        return state.market.rupees[row][col] - rules.price(state, me, row, col) + leverage

    return net


def instructions(options: WakhanOptions) -> dict[str, Instruction]:
    military = Instruction("the highest-ranked Military card", _suit("military"), _rank)
    return {
        "radicalize_if_military_favored_highest_ranked_military": dataclasses.replace(
            military, condition="Military is favored", holds=lambda s, me: s.favored == "military"
        ),
        "radicalize_if_political_favored_highest_ranked_economic": Instruction(
            "the highest-ranked Economic card",
            _suit("economic"),
            _rank,
            "Political is favored",
            lambda s, me: s.favored == "political",
        ),
        "radicalize_highest_ranked_political": Instruction(
            "the highest-ranked Political card", _suit("political"), _rank
        ),
        "radicalize_highest_ranked_intelligence": Instruction(
            "the highest-ranked Intelligence card", _suit("intelligence"), _rank
        ),
        "radicalize_intelligence": Instruction("an Intelligence card", _suit("intelligence")),
        "radicalize_if_fewer_than_two_rupees_radicalize_most_net_rupees": Instruction(
            "the card with the most net rupees",
            _any,
            _net_rupees(options),
            "she has fewer than 2 rupees",
            lambda s, me: s.players[me].rupees < 2,
        ),
        "radicalize_card_that_gives_control_of_region": Instruction(
            "a card whose tribes and armies would make her ruler of a region she does not rule", _gives_control
        ),
        "radicalize_card_that_would_place_most_blocks": Instruction(
            "the card with the most army and road icons", _any, lambda s, me, n, slot: _icons(n, "army", "road")
        ),
        "radicalize_if_no_dominant_coalition_card_that_would_place_most_cylinders": Instruction(
            "the card with the most spy and tribe icons",
            _any,
            lambda s, me, n, slot: _icons(n, "spy", "tribe"),
            "no coalition is dominant",
            lambda s, me: dominant(s) is None,
        ),
        "radicalize_if_no_card_with_move_card_with_move_action": Instruction(
            "a card with a Move action",
            lambda s, me, n: "move" in _card(n).actions,
            None,
            "no card in her court has a Move action",
            lambda s, me: not any("move" in _card(c).actions for c in s.players[me].court),
        ),
        "radicalize_if_dominant_coalition_matching_patriot": Instruction(
            "a patriot of the dominant coalition",
            lambda s, me, n: _card(n).patriot == dominant(s),
            None,
            "a coalition is dominant",
            lambda s, me: dominant(s) is not None,
        ),
        "radicalize_if_court_size_at_limit_highest_ranked_political": Instruction(
            "the highest-ranked Political card",
            _suit("political"),
            _rank,
            "her court is at its limit",
            lambda s, me: len(s.players[me].court) >= court_limit(s, me),
        ),
        "radicalize_if_fewer_spies_than_another_player_highest_ranked_intelligence": Instruction(
            "the highest-ranked Intelligence card",
            _suit("intelligence"),
            _rank,
            "another seat has more spies than she has",
            lambda s, me: any(_spies_in_play(s, o) > _spies_in_play(s, me) for o in range(len(s.players)) if o != me),
        ),
    }


class Radicalize:
    """B6 for one card line of her face card."""

    def __init__(self, state: State, line: str, line_number: int, options: WakhanOptions | None = None) -> None:
        self.state = state
        self.line = line
        self.options = options or WakhanOptions()
        self.me = _me(state)
        self.arrows = read_arrows(state)
        self.rule = f"AI card #{self.arrows.face}, line {line_number} ({names.ai_line(line)})"

    # --- the candidates -------------------------------------------------------------------------------------

    def cost(self, slot: Slot) -> int:
        row, col = slot
        if self.options.cheapest == "column":
            return self.state.market.cost(col, military_favored=military_favored(self.state))
        return rules.price(self.state, self.me, row, col)

    def buyable(self, slot: Slot) -> bool:
        """Affordable, without a rupee of hers from this turn, and never a Dominance Check."""
        number = self.state.market.cards[slot[0]][slot[1]]
        return number not in DOMINANCE_CHECKS and rules.can_purchase(self.state, self.me, *slot) is None

    def court_cards(self) -> Iterator[tuple[Slot, int]]:
        for row in range(ROWS):
            for col in range(COLUMNS):
                number = self.state.market.cards[row][col]
                if number is not None and number <= 100 and self.buyable((row, col)):
                    yield (row, col), number

    def _best(
        self, pool: list[tuple[Slot, int]], score: Callable[[Slot, int], float] | None, *, positive: bool
    ) -> tuple[Slot, int] | None:
        """The most ``score`` (if any; above 0 when ``positive``), then the cheapest, then the highest number."""
        if score is not None:
            if not pool:
                return None
            top = max(score(slot, n) for slot, n in pool)
            if positive and top <= 0:
                return None
            pool = [(slot, n) for slot, n in pool if score(slot, n) == top]
        return min(pool, key=lambda sn: (self.cost(sn[0]), -sn[1]), default=None)

    def _buy(self, pick: tuple[Slot, int], step: str, why: str) -> Decision[Slot | None]:
        slot, number = pick
        text = f"buys {names.card(number)} from the market's {names.slot(*slot)} for {self.cost(slot)} rupee(s): {why}"
        return Decision(slot, Reason(f"{self.rule}; B6 {step}", text))

    def _skip(self, step: str, why: str) -> Decision[Slot | None]:
        return Decision(None, Reason(f"{self.rule}; B6 {step}", f"buys nothing (Radicalize skips): {why}"))

    # --- the procedure --------------------------------------------------------------------------------------

    def decide(self) -> Decision[Slot | None]:
        instruction = instructions(self.options).get(self.line)
        if instruction is not None and instruction.holds is not None and not instruction.holds(self.state, self.me):
            return self._skip("step 1", f"the line's condition is false ({instruction.condition})")
        steps: list[Callable[[], Decision[Slot | None] | None]] = [self._dominance_check_rule]
        if instruction is not None:
            follow = lambda: self._instruction(instruction)  # noqa: E731 - a step to order below
            steps = [follow, *steps] if self.options.reads_instructions_first else [*steps, follow]
        for step in steps:
            decision = step()
            if decision is not None:
                return decision
        return self._by_arrows()

    def _dominance_check_rule(self) -> Decision[Slot | None] | None:
        if not any(c in DOMINANCE_CHECKS for row in self.state.market.cards for c in row):
            return None
        pool = list(self.court_cards())
        now = dominant(self.state)
        if now is not None:
            patriots = [(slot, n) for slot, n in pool if _card(n).patriot == now]
            pick = self._best(patriots, None, positive=False)
            if pick is not None:
                return self._buy(pick, "step 2", f"a Dominance Check is in the market: the cheapest {now} patriot")
            if self.options.dominant_without_patriot == "arrows":
                return None
            pick = self._best(pool, lambda slot, n: _icons(n, "army", "road"), positive=False)
            why = f"a Dominance Check is in the market, {now} is dominant and no {now} patriot can be bought: "
            return self._buy_or_skip(pick, why + "the cheapest card with the most army and road icons")
        pick = self._best(pool, lambda slot, n: _icons(n, "spy", "tribe"), positive=False)
        why = "a Dominance Check is in the market and no coalition is dominant: the cheapest card with the most"
        return self._buy_or_skip(pick, why + " spy and tribe icons")

    def _buy_or_skip(self, pick: tuple[Slot, int] | None, why: str) -> Decision[Slot | None]:
        if pick is None:
            return self._skip("step 2", f"no card she can buy ({why})")
        return self._buy(pick, "step 2", why)

    def _instruction(self, instruction: Instruction) -> Decision[Slot | None] | None:
        matching = [(slot, n) for slot, n in self.court_cards() if instruction.matches(self.state, self.me, n)]
        score = instruction.score
        pick = self._best(
            matching,
            None if score is None else (lambda slot, n: score(self.state, self.me, n, slot)),
            positive=score is not None,
        )
        if pick is not None:
            return self._buy(pick, "step 3", f"the instruction: {instruction.what}")
        if self.options.instruction_without_match == "arrows":
            return None
        return self._skip("step 3", f"no card she can buy matches the instruction ({instruction.what})")

    def _by_arrows(self) -> Decision[Slot | None]:
        arrows = self.arrows
        first = arrows.row_index
        for row in (first, 1 - first):
            for col in range(arrows.column, -1, -1):
                if self.state.market.cards[row][col] is not None and self.buyable((row, col)):
                    number = self.state.market.cards[row][col]
                    assert number is not None
                    start = names.slot(first, arrows.column)
                    walked = "" if (row, col) == (first, arrows.column) else f", walking left from the {start}"
                    why = f"the card her AI card's arrows point to ({arrows.describe()}){walked}"
                    return self._buy(((row, col), number), "step 4", why)
        return self._skip("step 4", f"nothing she can buy along either row from column {arrows.column + 1}")
