"""The benchmarks refuse what they cannot measure, by name, before they start (an emulator, a game)."""

from __future__ import annotations

import pytest

from tools.bench_roundtrip import MIN_SIZE, main


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
