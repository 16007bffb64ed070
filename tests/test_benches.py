"""The benchmarks refuse what they cannot measure, by name, before they start (an emulator, a game)."""

from __future__ import annotations

import pytest

from tools.bench_roundtrip import MIN_SIZE, goal_lines, main


@pytest.mark.parametrize("args", [["--sizes", "100", str(MIN_SIZE - 1)], ["--repeat", "0"]])
def test_sizes_and_repeats_it_cannot_measure_are_refused_by_name(args: list[str], capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    assert args[0] in capsys.readouterr().err


def test_the_wakhan_table_bench_refuses_no_games_by_name(capsys: pytest.CaptureFixture[str]):
    from tools import bench_paxpamir_table

    with pytest.raises(SystemExit) as stop:
        bench_paxpamir_table.main(["--games", "0"])
    assert stop.value.code == 2
    assert "--games" in capsys.readouterr().err


def test_each_snapshot_goal_line_carries_the_verdict_its_figures_give():
    """Issue 18's goals: 1,000 objects end to end below the whole snapshot's floor, 5,000 under 150 ms; a figure
    equal to its bound does not meet it."""
    thousand = {"n": 1000, "floor": 0.005, "lean": 0.080, "exact": 0.005, "exact_moved": 0.004, "changes": 0.002}
    five = {"n": 5000, "floor": 0.025, "lean": 0.300, "exact": 0.1499, "exact_moved": 0.150, "changes": 0.007}
    lines = goal_lines([thousand, {"what": "batch", "e2e": 0.01}, five])
    assert [("NOT" in line, line.split(": ")[1].split(" ")[0]) for line in lines] == [
        (True, "lean"),
        (True, "exact"),  # equal to the floor: not below it
        (False, "exact"),
        (False, "by"),
        (True, "lean"),
        (False, "exact"),
        (True, "exact"),  # 150 ms exactly: not under
        (False, "by"),
    ], lines
    assert "4.0 ms, below the whole snapshot's floor 5.00 ms" in lines[2]
    assert lines[4] == "goal, 5,000 objects: lean 300 ms, NOT under 150 ms"


def test_the_slowdown_goal_line_is_the_geometric_mean_of_every_figures_ratio():
    """Issue 32: the emulator at most 1.5x slower than before, from figures measured in the same run; 1.5x exactly
    still meets it."""
    from tools.bench_roundtrip import slowdown_lines

    snap = {"n": 100, "e2e": 0.010, "lean": 0.004, "exact": 0.002, "exact_moved": 0.002}
    batch = {"what": "batch of 20 commands", "e2e": 0.030}
    slower = {**snap, "e2e": 0.015, "lean": 0.006, "exact": 0.003, "exact_moved": 0.003}
    lines = slowdown_lines([slower, {**batch, "e2e": 0.045}], [snap, batch], "abc1234")
    assert lines[0].startswith("  100 objects: whole 15.0 ms / 10.0 ms = 1.50x; lean 6.0 ms / 4.0 ms = 1.50x")
    assert lines[1] == "  batch of 20 commands: end to end 45.0 ms / 30.0 ms = 1.50x"
    assert lines[2].endswith("than abc1234: 1.50x (geometric mean of 5 figures; slowest 1.50x), met")
    much = slowdown_lines([{**batch, "e2e": 0.09}], [batch], "abc1234")
    assert much[-1].endswith("3.00x (geometric mean of 1 figures; slowest 3.00x), NOT met")


def test_the_frame_budget_lines_carry_the_verdicts_their_counts_give():
    """Issue 38: no frame over the budget (a frame at exactly the budget meets it), and a 1,000-object snapshot within
    half a second of wall time at TTS's pace (each frame 1/60 s plus its work at the factor); an earlier revision's
    figures (its connector and its count) beside each table's, against that revision's own budget."""
    from tools.bench_roundtrip import frame_figures, frame_lines
    from tools.emulator.budget import FRAME_BUDGET, INSTRUCTIONS_PER_MOONSHARP_MS, FrameCounts

    def row(table: str, fresh: list[int], exact: list[int]) -> dict[str, object]:
        return frame_figures({"table": table, "fresh": FrameCounts(fresh, {}), "exact": FrameCounts(exact, {})})

    before = {"budget": 120_000, "rows": [row("1,000 objects (padded)", [3_000_000], [500_000])]}
    spread = [row("1,000 objects (padded)", [FRAME_BUDGET] * 10, [90_000] * 3)]
    lines = frame_lines(spread, before, "abc1234")
    assert lines[-3].endswith(f"most {FRAME_BUDGET:,}, met"), lines
    wall = 10 / 60 + 10 * FRAME_BUDGET / INSTRUCTIONS_PER_MOONSHARP_MS / 1000
    assert lines[-2].endswith(f"first read): {wall:.2f} s, met"), lines
    exact = 3 / 60 + 3 * 90_000 / INSTRUCTIONS_PER_MOONSHARP_MS / 1000
    assert lines[-1].endswith(f"(a turn's): {exact:.2f} s, met"), lines
    over = frame_lines([row("1,000 objects (padded)", [FRAME_BUDGET + 1000] * 20, [1])], before, "abc1234")
    assert [line.endswith("NOT met") for line in over[-3:]] == [True, True, False], over
    assert "abc1234" in lines[1] and "most 3000k of 120k" in lines[1] and "now" in lines[2], lines
    assert f"of {FRAME_BUDGET // 1000}k" in lines[2] and len(frame_lines(spread, None, "abc1234")) == len(lines) - 1
