"""Setting up a solo game against the AI (rules text, "Set-Up"), and the baseline human policies for self-play."""

from __future__ import annotations

import random
from collections.abc import Callable

from engines.priorities import best_at_random
from engines.warchest import rules as warchest_rules
from engines.warchest.actions import Action
from engines.warchest.ai import DIFFICULTY_ROYALS, AiOptions
from engines.warchest.board import LOCATION_SET, distance
from engines.warchest.rules import make_side
from engines.warchest.state import Rules, State
from engines.warchest.units import AI_DECK, CARDS, ROYAL, UNIT_NAMES

HumanPolicy = Callable[[State, random.Random], Action]


def setup_solo(
    rng: random.Random,
    options: AiOptions | None = None,
    *,
    ai_units: tuple[str, ...] | None = None,
    human_units: tuple[str, ...] | None = None,
) -> State:
    """1. four AI cards at random from the AI deck; its bag per option ``ai_bag`` plus the difficulty's Royal
    Coins. 2. the human drafts 4 of 6 cards drawn from the other 12 (here: the first 4). 3. markers as usual.
    The AI (side A) goes first."""
    options = options or AiOptions()
    ai_units = ai_units or tuple(rng.sample(AI_DECK, 4))
    if human_units is None:
        pool = [u for u in UNIT_NAMES if u not in ai_units]
        rng.shuffle(pool)
        drafted = pool[:6]  # the human draws 6 and keeps 4; the baseline keeps the first 4
        human_units = tuple(drafted[:4])
    royals = DIFFICULTY_ROYALS[options.difficulty]
    ai_side = make_side(ai_units, royals=royals)
    if options.ai_bag == "all_coins":
        ai_side.bag = {u: CARDS[u].coins for u in ai_units} | ({ROYAL: royals} if royals else {})
        ai_side.supply = {}
    rules = Rules(solo=True, solo_recruit=options.engine_recruits())
    return warchest_rules.new_game((ai_units, human_units), rng, rules=rules, sides=[ai_side, make_side(human_units)])


def random_policy(state: State, rng: random.Random) -> Action:
    return rng.choice(list(warchest_rules.legal_actions(state)))


def greedy_policy(state: State, rng: random.Random) -> Action:
    """One ply of look-ahead: the action after which the position scores best for the side to act."""
    me = state.to_act()

    def result(action: Action) -> float:
        after = state.copy()
        warchest_rules.apply(after, action, random.Random(0), check=False)
        return position_score(after, me)

    return best_at_random(warchest_rules.legal_actions(state), result, rng)


def position_score(state: State, me: int) -> float:
    """Markers first, then coins taken and on the board, then units standing near locations to take."""
    if state.winner is not None:
        return 1e6 if state.winner == me else -1e6
    other = 1 - me
    markers = warchest_rules.markers_on_board(state, me) - warchest_rules.markers_on_board(state, other)
    coins = sum(p.coins if p.owner == me else -p.coins for p in state.board.values())
    lost = sum(state.sides[other].eliminated.values()) - sum(state.sides[me].eliminated.values())
    targets = [h for h in LOCATION_SET if state.control.get(h) != me]
    mine = state.units_of(me)
    reach = sum(min((distance(h, t) for t in targets), default=0) for h in mine)
    return 100 * markers + 10 * lost + coins + 6 * len(mine) - 2 * reach


POLICIES: dict[str, HumanPolicy] = {"random": random_policy, "greedy": greedy_policy}
