"""Invariants over thousands of random games: coins and markers conserved, limits respected, games end."""

from __future__ import annotations

import random

import pytest

from engines.warchest import rules as warchest_rules
from engines.warchest.ai import AiOptions, SoloAI
from engines.warchest.state import MARKERS, Rules, State
from engines.warchest.units import AI_DECK, CARDS, UNIT_NAMES


def check(state: State, totals: list[int]) -> None:
    for i, side in enumerate(state.sides):
        assert warchest_rules.total_coins(side, state.board, i, state.pending) - side.royals_added == totals[i]
        assert warchest_rules.markers_on_board(state, i) + side.markers_off == MARKERS
        assert all(
            n > 0
            for pile in (side.bag, side.discard_up, side.discard_down, side.supply, side.eliminated)
            for n in pile.values()
        )
        assert len(side.hand) <= 3
        for unit in side.units:
            assert len(state.units_of(i, unit)) <= CARDS[unit].max_units
    for piece in state.board.values():
        assert piece.coins >= 1 and piece.unit in state.sides[piece.owner].units


def random_units(rng: random.Random, ai: bool = False) -> tuple[tuple[str, ...], tuple[str, ...]]:
    first = tuple(rng.sample(AI_DECK if ai else UNIT_NAMES, 4))
    second = tuple(rng.sample([u for u in UNIT_NAMES if u not in first], 4))
    return first, second


def play_random(seed: int, rules: Rules) -> State:
    rng = random.Random(seed)
    state = warchest_rules.new_game(random_units(rng), rng, rules=rules)
    totals = [warchest_rules.total_coins(s, state.board, i, state.pending) for i, s in enumerate(state.sides)]
    while not state.over:
        actions = list(warchest_rules.legal_actions(state))
        assert actions, f"seed {seed}: no legal action in a running game"
        warchest_rules.apply(state, rng.choice(actions), rng, check=False)
        check(state, totals)
    return state


@pytest.mark.slow
@pytest.mark.parametrize("rules", [Rules(), Rules(v2_cards=True, royal_guard="2018")], ids=["base", "v2+2018"])
def test_random_two_player_games(rules: Rules):
    outcomes = [play_random(seed, rules) for seed in range(600)]
    assert all(s.over for s in outcomes)
    assert any(s.winner is not None for s in outcomes)


@pytest.mark.slow
@pytest.mark.parametrize("triggers", [{"fallback"}, {"fallback", "reload", "royal"}, {"never"}])
def test_solo_ai_against_random_play(triggers: set[str]):
    options = AiOptions(recruit_trigger=frozenset(triggers))
    ai = SoloAI(options)
    wins = 0
    for seed in range(400):
        rng = random.Random(seed)
        ai_units, human_units = random_units(rng, ai=True)
        sides = [warchest_rules.make_side(ai_units, royals=0), warchest_rules.make_side(human_units)]
        rules = Rules(solo=True, solo_recruit=options.engine_recruits())
        state = warchest_rules.new_game((ai_units, human_units), rng, rules=rules, sides=sides)
        totals = [warchest_rules.total_coins(s, state.board, i, state.pending) for i, s in enumerate(state.sides)]
        while not state.over:
            if state.to_act() == rules.ai_side:
                warchest_rules.apply(
                    state, ai.decide(state, rng).action, rng
                )  # checked: the AI only plays legal actions
            else:
                warchest_rules.apply(state, rng.choice(list(warchest_rules.legal_actions(state))), rng, check=False)
            check(state, totals)
        wins += state.winner == rules.ai_side
    assert wins > 300  # the AI beats random play almost always
