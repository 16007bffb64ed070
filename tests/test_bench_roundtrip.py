"""tools/bench_roundtrip refuses what it cannot measure, by name, before it starts an emulator."""

from __future__ import annotations

import pytest

from tools.bench_roundtrip import MIN_SIZE, main


@pytest.mark.parametrize("args", [["--sizes", "100", str(MIN_SIZE - 1)], ["--repeat", "0"]])
def test_sizes_and_repeats_it_cannot_measure_are_refused_by_name(args: list[str], capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    assert args[0] in capsys.readouterr().err
