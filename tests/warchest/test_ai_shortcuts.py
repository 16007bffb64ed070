"""The AI's shortcuts (issue 18) give the answers of the long way round, on positions from real games.

Recorded decisions (test_recorded.py) cover the default options on a few seeds; these check each shortcut against
the plain reading of its rule line on every position of many games, whatever the options."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engines.warchest import ai as ai_module
from engines.warchest import rules
from engines.warchest.actions import Muster, Skip
from engines.warchest.ai import AiOptions, SoloAI, _View
from engines.warchest.board import BIT, HEXES, LOCATION_SET, NEIGHBOURS, distance, hexes_in, mask_of, path_distances
from engines.warchest.solo import random_policy, setup_solo
from engines.warchest.state import Piece, State
from engines.warchest.units import ROYAL


def positions(games: int, options: AiOptions) -> Iterator[State]:
    """Every position of ``games`` games of the AI against random play, before each action."""
    ai = SoloAI(options)
    for seed in range(games):
        rng = random.Random(seed)
        state = setup_solo(rng, options)
        while not state.over:
            yield state.copy()
            mover = ai.decide(state, rng).action if state.to_act() == state.rules.ai_side else None
            rules.apply(state, mover or random_policy(state, rng), rng, check=False)


def idle_on_trial(ai: SoloAI, state: State) -> bool:
    """The long way round: play the Royal Coin's muster out on a copy; every unit's decision is to stay."""
    trial = state.copy()
    rules.apply(trial, Muster(ROYAL), random.Random(0))
    while trial.pending and trial.pending[-1].kind == "muster":
        decision = ai._follow_up(trial, random.Random(0))
        if not isinstance(decision.action, Skip):
            return False
        rules.apply(trial, decision.action, random.Random(0))
    return True


@pytest.mark.parametrize("option", ["skip", "stop"])
def test_a_royal_coin_is_all_idle_exactly_when_the_muster_played_out_leaves_every_unit_in_place(option: str):
    """Spec, recruit trigger `fallback`: "Recruit once when the reveal changed nothing on the board: ... a Royal
    Coin with no unit deployed or all idle." The AI asks each unit on the board as it stands, and not at all when
    a unit could attack or take control; playing the muster out on a copy must agree every time."""
    ai = SoloAI(AiOptions(empty_criterion=option))  # type: ignore[arg-type]
    seen = {"acts in place": 0, "moves": 0, "all idle": 0}
    for state in positions(80, ai.options):
        side = state.rules.ai_side
        if state.pending or state.current != side or state.sides[side].hand != [ROYAL] or not state.units_of(side):
            continue  # only where the AI has revealed a Royal Coin
        held = state.copy()  # and the same board with every location the AI's: nowhere left to head for
        held.control = dict.fromkeys(LOCATION_SET, side)
        for position in (state, held):
            trial = idle_on_trial(ai, position)
            assert ai._all_idle(position) == trial, position.to_json()
            if ai._acts_in_place(position):
                seen["acts in place"] += 1
                assert not trial
            else:
                seen["all idle" if trial else "moves"] += 1
    assert all(n > 5 for n in seen.values()), seen  # every way was tried


def test_a_unit_boxed_in_does_not_make_the_muster_idle_while_a_later_one_can_move():
    """The same line: "all idle" means every unit. The first unit in card order stands in a corner behind three of
    your Knights (an unbolstered unit may not attack a Knight, and there is no way out); the second is free to
    head for a location, so the Royal Coin is not all idle, whatever the first one does."""
    state = setup_solo(random.Random(3), AiOptions())
    ai_side = state.rules.ai_side
    first, second = state.sides[ai_side].units[:2]
    corner = (3, 0)
    state.board = {corner: Piece(ai_side, first, 1), (-1, 1): Piece(ai_side, second, 1)}
    for n in NEIGHBOURS[corner]:
        state.board[n] = Piece(1 - ai_side, "Knight", 1)
    state.sides[ai_side].hand = [ROYAL]
    ai = SoloAI()
    assert isinstance(ai._maneuver(state, corner, None, random.Random(0), step="Royal Coin").action, Skip)
    assert not idle_on_trial(ai, state)
    assert not ai._all_idle(state)


@pytest.mark.parametrize("unreachable", ["infinite", "hex_distance"])
def test_nearest_of_many_is_the_least_path_distance(unreachable: str):
    """Rules text: "'Closeness' - This refers to the hex/location/enemy unit that is the least number of hexes
    away, counting around any occupied spaces." The view reads the nearest of several targets as the ring holding
    the hex in one search from all the targets at once; it must equal the least of the distances one by one (the
    same search, made first for other hexes or kept from an earlier board, must serve too)."""
    options = AiOptions(unreachable=unreachable)  # type: ignore[arg-type]
    pick = random.Random(7)
    checked = 0
    for n, state in enumerate(positions(6, options)):
        if n % 3:
            continue
        moving = pick.choice(list(state.board)) if state.board else None
        view = _View(state, options, moving)
        for _ in range(6):
            targets = pick.sample(sorted(LOCATION_SET | set(state.board)), pick.randint(1, 6))
            for a in pick.sample(HEXES, 3):  # three hexes read from one search of the targets
                got = view.nearest(a, mask_of(targets))
                reached = [d for t in targets if (d := view.distance(a, t)) is not None]  # None: unreachable
                assert got == (min(reached) if reached else None), (state.board, moving, a, targets)
                checked += 1
        assert view.nearest(HEXES[0], 0) is None  # no target at all: none is near
    assert checked > 900


@pytest.mark.parametrize("unreachable", ["infinite", "hex_distance"])
def test_searches_kept_between_decisions_are_those_of_the_board_in_hand(unreachable: str):
    """Rules text: "counting around any occupied spaces". The views share their searches by the mask of occupied
    hexes (the moving unit's own hex left out), so a search made on one board serves a later one only if the same
    hexes are blocked: every distance read through the shared searches equals a fresh search's on this board."""
    options = AiOptions(unreachable=unreachable)  # type: ignore[arg-type]
    pick = random.Random(11)
    checked = 0
    for state in positions(4, options):
        moving = pick.choice([None, *state.board])
        view = _View(state, options, moving)
        blocked = sum(BIT[h] for h in state.board if h != moving)
        a = pick.choice(HEXES)
        targets = pick.sample(HEXES, 5)
        fresh = path_distances(BIT[a], blocked)
        got = view.distances(a, mask_of(targets))
        assert sorted(got) == sorted(targets)  # every target read once, reached or not
        for t, d in got.items():
            ring = next((k for k, r in enumerate(fresh) if r & BIT[t]), None)
            want = ring if ring is not None else distance(a, t) if unreachable == "hex_distance" else None
            assert d == want == view.distance(a, t), (state.board, moving, a, t)
            checked += 1
    assert checked > 500


def test_the_searches_kept_are_bounded():
    """A long session plays many boards; the searches kept for them are dropped wholesale past a bound."""
    ai_module._RINGS.clear()
    for blocked in range(ai_module._RINGS_KEPT + 10):
        ai_module._rings_on(blocked << 1)[1] = (1,)
    assert 0 < len(ai_module._RINGS) <= ai_module._RINGS_KEPT
    ai_module._RINGS.clear()


def test_a_search_steps_to_the_neighbours_and_nowhere_else():
    """The masks' layout: one step of the search from any hex reaches exactly its neighbours on the board (a step
    off an edge must land on spare bits the board's mask drops, never on a hex of another row)."""
    for h in HEXES:
        rings = path_distances(BIT[h], 0)
        assert hexes_in(rings[0]) == (h,)
        assert sorted(hexes_in(rings[1])) == sorted(NEIGHBOURS[h]), h
        assert sum(len(hexes_in(r)) for r in rings) == len(HEXES)  # every hex once, on an empty board
