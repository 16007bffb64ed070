"""Issue 32 §2: every probe of ``bridge/doctor/moonsharp-dialect.json`` (a copy of
``shared/data/moonsharp-dialect.json``: Lua snippets with MoonSharp 2.0.0.0's exact output) run as the Global script
of a save in the emulator, its printed lines compared with MoonSharp's after the file's own normalisation.

Probes the emulator does not imitate yet are listed in ``NOT_YET`` with the reason, as strict xfails: the list
only shrinks (a probe that starts to pass fails the run until it is taken off). Those it cannot imitate are in
``tools/emulator/README.md`` ("MoonSharp, point by point").
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bridge.doctor.interpreter import EMULATOR_DIFFERS, dialect, normalise
from bridge.table import SaveFile
from tools.emulator.world import World

DIALECT = dialect()
PROBES = {probe["id"]: probe for probe in DIALECT["snippets"]}
NOT_YET = EMULATOR_DIFFERS  # id -> why the emulator does not answer as MoonSharp yet (what it would take)


def run_probe(source: str) -> list[str]:
    """The source as a save's Global script: its printed lines, then an uncaught error as 'ERROR: <message>'."""
    sent: list[dict[str, Any]] = []
    World(SaveFile.from_dict({"SaveName": "probe", "LuaScript": source, "ObjectStates": []}), sent.append)
    lines: list[str] = []
    for message in sent:
        if message["messageID"] == 2:
            lines.extend(message["message"].split("\n"))
        elif message["messageID"] == 3:  # a .NET exception is reported as "<Type>: <message>", a Lua error as is
            crash = re.match(r"^\w+Exception: ", message["error"])
            lines.append(f"{'CRASH' if crash else 'ERROR'}: {message['error']}")
    return lines


def _params() -> list[Any]:
    marks = {key: pytest.mark.xfail(reason=why, strict=True) for key, why in NOT_YET.items()}
    return [pytest.param(key, id=key, marks=marks.get(key, ())) for key in PROBES]


def test_every_listed_probe_exists_and_the_file_is_whole():
    assert sorted(set(NOT_YET) - set(PROBES)) == []
    assert len(PROBES) == DIALECT["count"] == 90


@pytest.mark.parametrize("key", _params())
def test_the_emulator_answers_as_moonsharp(key: str):
    probe = PROBES[key]
    exact = bool(probe.get("exact_positions"))
    got = [normalise(line, exact) for line in run_probe(probe["source"])]
    assert got == [normalise(line, exact) for line in probe["moonsharp_2_0_0_0"]], probe["note"]
