"""The search baseline (engines/search.py): on a tiny game whose best moves are known, then on both real games."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from engines.search import IsMcts, search_games, squash
from tests.test_cli import automa


@dataclass
class Pile:
    """Nim with one pile: take 1 to 3 stones, whoever takes the last stone wins. Two seats, no hidden information:
    the winning move leaves a multiple of four."""

    stones: int
    turn: int = 0


@dataclass
class NimGame:
    samples: Counter[int] = field(default_factory=Counter)

    def to_move(self, state: Pile) -> int:
        return state.turn

    def legal(self, state: Pile) -> Sequence[int]:
        return [n for n in (1, 2, 3) if n <= state.stones]

    def play(self, state: Pile, action: int, rng: random.Random) -> None:
        state.stones -= action
        state.turn = 1 - state.turn

    def advance(self, state: Pile, rng: random.Random) -> None:
        return None

    def over(self, state: Pile) -> bool:
        return state.stones == 0

    def value(self, state: Pile, seat: int) -> float:
        if state.stones:
            return 0.5
        return 1.0 if state.turn != seat else 0.0  # the seat that just took the last stone won

    def determinize(self, state: Pile, seat: int, rng: random.Random) -> Pile:
        self.samples[seat] += 1
        return Pile(state.stones, state.turn)

    def playout_action(self, state: Pile, rng: random.Random) -> int:
        return rng.choice(list(self.legal(state)))


@pytest.mark.parametrize(("stones", "take"), [(5, 1), (6, 2), (7, 3), (9, 1), (11, 3)])
def test_the_search_finds_the_winning_nim_move(stones: int, take: int):
    game = NimGame()
    search = IsMcts(game, playouts=2000, depth=20)
    assert search(Pile(stones), random.Random(1)) == take
    assert game.samples[0] == 2000  # a fresh sample for every playout
    assert search.budget.decisions == 1 and search.budget.playouts == 2000 and search.budget.playouts_per_second > 0


def test_a_single_legal_move_takes_no_playout_and_a_seed_repeats_the_choice():
    game = NimGame()
    search = IsMcts(game, playouts=50)
    assert search(Pile(1), random.Random(1)) == 1 and game.samples[0] == 0
    choices = {IsMcts(NimGame(), playouts=30)(Pile(8), random.Random(7)) for _ in range(3)}
    assert len(choices) == 1  # no winning move from 8: whatever it picks, the same seed picks it again


def test_squash_and_the_search_games_default():
    assert squash(0, 10) == 0.5 and squash(30, 10) > 0.95 and squash(-30, 10) < 0.05
    assert search_games(100, None) == 20 and search_games(5, None) == 5 and search_games(100, 3) == 3


def test_a_pax_pamir_sample_keeps_what_the_seat_sees():
    from engines.paxpamir import rules
    from engines.paxpamir.search import PaxSearch

    rng = random.Random(2)
    state = rules.new_game(["british", "russian", "afghan"], rng)
    state.players[1].hand, state.players[2].hand = [state.deck.pop(3)], [state.deck.pop(5)]
    sample = PaxSearch().determinize(state, 0, random.Random(3))
    assert sample.players[0].hand == state.players[0].hand and sample.market == state.market
    hidden = sorted(state.deck + state.players[1].hand + state.players[2].hand)
    assert sorted(sample.deck + sample.players[1].hand + sample.players[2].hand) == hidden
    assert [len(p.hand) for p in sample.players] == [len(p.hand) for p in state.players]
    assert [c > 100 for c in sample.deck] == [c > 100 for c in state.deck]  # events and checks keep their places
    assert sample.deck != state.deck or sample.players[1].hand != state.players[1].hand


def test_the_search_plays_whole_pax_pamir_games_against_wakhan():
    from engines.paxpamir import selfplay

    summary = selfplay.run(players=1, games=2, seed=5, progress=False, wakhan=True, opponent="search", playouts=8)
    assert summary["errors"] == 0, summary.get("first_error")
    assert summary["search"]["decisions"] > 10 and summary["search"]["playouts_per_second"] > 0


def test_the_search_plays_whole_war_chest_games_against_the_ai():
    from engines.warchest import selfplay

    summary = selfplay.run(games=2, seed=5, difficulties=["beginner"], policies=["search"], playouts=8, progress=False)
    result = summary["results"]["beginner"]["search"]
    assert summary["errors"] == 0 and result["games"] == 2 and result["search"]["decisions"] > 5


def test_selfplay_prints_the_search_opponent_and_refuses_a_zero_budget():
    result = automa(
        "selfplay", "warchest", "--difficulty", "beginner", "--opponent", "search", "--games", "1", "--playouts", "5"
    )
    assert result.returncode == 0, result.stderr
    assert "search" in result.stdout and "playouts per decision" in result.stdout and "playouts/s" in result.stdout
    result = automa(
        "selfplay", "paxpamir", "--wakhan", "--opponent", "search", "--games", "1", "--playouts", "5", "--json"
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["search"]["playouts_per_decision"] == 5
    refused = automa("selfplay", "warchest", "--playouts", "0")
    assert refused.returncode == 2 and "--playouts must be at least 1" in refused.stderr
