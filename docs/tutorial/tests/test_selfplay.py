"""Step 7, self-play: against a baseline that takes at random, the bot wins every game it starts (ten coins are no
multiple of four, so the first player can always leave one), and no game fails."""

from __future__ import annotations

from lastcoin.game import LastCoin
from lastcoin.selfplay import play, report


def test_the_bot_wins_every_game_it_starts() -> None:
    game = LastCoin()
    game.use_data(None, allow_sample=True)
    summary = game.selfplay(games=40, seed=0, progress=False, options={})
    assert summary["errors"] == 0
    assert summary["bot_wins"]["started"] == 20  # seeds 0, 2, ..., 38


def test_a_game_the_baseline_starts_is_played_to_the_end() -> None:
    assert play(1, most=3) in {"bot", "baseline"}


def test_the_report_counts_the_games_each_side_started() -> None:
    summary = {"games": 5, "seed": 1, "most": 3, "baseline": "random", "bot_wins": {"started": 2, "second": 1}}
    lines = report({**summary, "errors": 1}).splitlines()
    assert lines[1:] == ["  starting:  won 2 of 2 games", "  second:    won 1 of 3 games", "  1 game(s) failed"]
