"""tools/bench_warchest loads an older engine beside today's: each must play with its own modules; and it counts the
instructions of the games alone."""

from __future__ import annotations

import contextlib
import io
import shutil
import sys
from pathlib import Path

import pytest

import engines.warchest.board as todays_board
from tools.bench_warchest import count_instructions, load, main

OLD_SOLO = """
class _Over:
    over = True


def setup_solo(rng):
    from engines.warchest import board  # imported while playing, as an old engine's function might

    _Over.board_file = board.__file__
    return _Over()
"""


def old_engine(folder: Path) -> Path:
    """A stand-in for an exported revision: a package whose board module differs from today's."""
    package = folder / "engines" / "warchest"
    package.mkdir(parents=True)
    (folder / "engines" / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "rules.py").write_text("def apply(state, action, rng, check=True):\n    pass\n")
    (package / "ai.py").write_text("class SoloAI:\n    pass\n")
    (package / "solo.py").write_text(OLD_SOLO)
    (package / "board.py").write_text("WHERE = 'old'\n")
    return folder


def test_an_old_engine_imports_its_own_modules_while_it_plays_and_leaves_todays_in_place(tmp_path: Path):
    then = load(old_engine(tmp_path))
    assert then.play(1) == []
    state = then.solo.setup_solo.__globals__["_Over"]
    assert Path(state.board_file).is_relative_to(tmp_path)  # not today's board, though today's is imported
    assert then.modules["engines.warchest.board"].WHERE == "old"
    assert sys.modules["engines.warchest.board"] is todays_board and str(tmp_path) not in sys.path
    now = load(None)
    assert Path(now.rules.__file__).parent == Path(todays_board.__file__).parent


BUSY_SOLO = """
class _Over:
    over = True


def setup_solo(rng):
    sum(range(300_000))  # a game's worth of work, the same every game
    return _Over()
"""


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed (.ci/run installs it)")
def test_instructions_are_counted_for_the_games_alone(tmp_path: Path):
    """--instructions counts what the games run, start-up and imports taken out: three games of an engine whose
    every game does the same work count three times one game."""
    engine = old_engine(tmp_path)
    (engine / "engines" / "warchest" / "solo.py").write_text(BUSY_SOLO)
    one, three = (count_instructions(engine, 1, games) for games in (1, 3))
    assert one is not None and three is not None
    assert one > 1_000_000  # the loop alone runs millions
    assert 2.8 < three / one < 3.2, (one, three)


@pytest.mark.parametrize("args", [["--games", "0"], ["--instructions", "-1"]])
def test_counts_that_cannot_be_played_are_refused_by_name(args: list[str], capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    assert args[0] in capsys.readouterr().err


def test_every_action_is_timed_as_the_ai_s_or_the_random_player_s_and_applied():
    """The breakdown of where the time goes counts each action once: chosen by the AI or by the random player,
    then applied; the shares of the three parts make the whole."""
    engine = load(None)
    for seed in (1, 2, 3):
        engine.play(seed)
    assert engine.actions > 30 and engine.random_moves > 0 and engine.decisions
    assert engine.random_moves + len(engine.decisions) == engine.actions
    parts = engine.parts()
    assert [label for label, _, _ in parts] == ["AI decisions", "random player's choices", "applying actions"]
    assert all(share > 0 and per_call > 0 for _, share, per_call in parts)
    assert sum(share for _, share, _ in parts) == pytest.approx(1)
    assert parts[2][2] * engine.actions == pytest.approx(engine.applying * 1e6)  # per action, not per game


@pytest.fixture(scope="module")
def printed_against_itself() -> str:
    """The bench's output for two games, today's engine against itself (--before HEAD)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["--games", "2", "--no-selfplay", "--before", "HEAD"]) == 0
    return out.getvalue()


def test_the_bench_prints_where_each_engine_s_time_goes(printed_against_itself: str):
    out = printed_against_itself
    header = next(line for line in out.splitlines() if "where the time goes" in line)
    assert "now" in header and "before" in header
    rows = [line for line in out.splitlines() if line.strip().startswith(("AI decisions", "random", "applying"))]
    assert len(rows) == 3 and all(line.count("%") == 2 and line.count(" us") == 2 for line in rows), rows


def test_the_goal_line_gives_the_verdict_of_the_ratio_it_prints(printed_against_itself: str):
    """Against itself the engine is about 1x as fast: the 3x goal reads as not met."""
    goal = next(line for line in printed_against_itself.splitlines() if "goal (issue 18)" in line)
    ratio = float(goal.split(": ")[-1].split("x")[0])
    assert 0.5 < ratio < 2 and goal.endswith("NOT met"), goal


def test_no_verdict_against_figures_recorded_on_another_machine(capsys: pytest.CaptureFixture[str]):
    """Without the old engine to play (a revision git cannot export) the bench compares with the recorded figures,
    and a ratio across machines says nothing about the goal."""
    assert main(["--games", "2", "--no-selfplay", "--before", "no-such-revision"]) == 0
    out = capsys.readouterr().out
    assert "cannot export revision no-such-revision" in out
    goal = next(line for line in out.splitlines() if "goal (issue 18)" in line)
    assert goal.endswith("no verdict: 'before' was measured on another machine"), goal
