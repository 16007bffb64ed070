"""Hostile saves given to ``automa emulate`` and ``automa decide`` (issue 11, items 12-14).

The emulator runs a save's Lua in C Lua; TTS runs it in MoonSharp, which has no bytecode and where a runaway
script only freezes the game. The emulator must neither crash nor hang, and must say what stopped and where.
The command-line tests run ``automa`` as a person would, in a process of its own (a crash or a hang there cannot
take the test run with it).
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bridge.modbuild import build_save
from bridge.table import SaveFile
from engines import registry
from tests.conftest import ROOT, free_port, start_live, stop_live, until_listening
from tools.emulator.luahost import LuaHost, ScriptError

AUTOMA = [sys.executable, "-m", "bridge.cli"]


def demo_save() -> dict[str, Any]:
    return build_save(registry.load("demo")).to_dict()


def write(tmp_path: Path, name: str, save: dict[str, Any], text: str | None = None) -> Path:
    path = tmp_path / name
    path.write_text(text if text is not None else json.dumps(save), encoding="utf-8")
    return path


def automa(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*AUTOMA, *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout)


# --- 12: text chunks only ---------------------------------------------------------------------------------------


@pytest.fixture
def lua() -> LuaHost:
    return LuaHost({})


def run(host: LuaHost, source: str) -> Any:
    return host.run_chunk(source, "chunk_1", host.new_env(None))


def test_bytecode_cannot_be_made_or_loaded(lua: LuaHost):
    """No bytecode is ever made (string.dump exists, as in MoonSharp, but makes none) and nothing can load one:
    MoonSharp has no load at all (the dialect's load-family probe)."""
    with pytest.raises(ScriptError, match=r"chunk_1:\(1,\d+-\d+\): string\.dump: MoonSharp's bytecode is not emulated"):
        run(lua, "local dumped = string.dump(function() return 1 end) return dumped")
    with pytest.raises(ScriptError, match=r"chunk_1:\(1,\d+-\d+\): attempt to call a nil value"):
        run(lua, r"return load('\27Lua\82\0\1\4\8\4\8\0')")


def test_no_script_can_load_source_either_but_dynamic_still_evaluates(lua: LuaHost):
    assert run(lua, "return type(load), type(loadstring), type(dofile), type(loadfile)") == ("nil", "nil", "nil", "nil")
    assert run(lua, "x = 7 return dynamic.eval('x * 6')") == 42


def test_a_crafted_binary_chunk_does_not_crash_the_emulator(tmp_path: Path):
    crafted = r"local f = load('\27Lua\82\0\1\4\8\4\8\0\25\147\13\10\26\10' .. string.rep('\255', 64)) print(f)"
    save = demo_save()
    save["LuaScript"] = crafted + "\n" + save["LuaScript"]
    path = write(tmp_path, "crafted.json", save)
    result = automa("decide", "demo", str(path), "--seed", "1")  # decide reads the table without running Lua
    assert result.returncode == 0
    emulate = _emulate_until_listening(path)
    assert emulate.returncode in (0, -2), emulate.stderr  # stopped by Ctrl-C, never by a signal 11


# --- 13: endless loops and memory bombs -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "row"),
    [
        ("local x = 0\nwhile true do\n  x = x + 1\nend", 3),
        ("while true do pcall(function() while true do end end) end", 1),
        ("local co = coroutine.create(function() while true do end end)\ncoroutine.resume(co)\nwhile true do end", 3),
        ("local function f() return f() end\nwhile true do pcall(f) end", None),
    ],
    ids=["loop", "pcall-loop", "coroutine", "recursion-in-pcall"],
)
def test_an_endless_loop_is_stopped_at_its_line(source: str, row: int | None):
    host = LuaHost({}, instruction_budget=20_000_000)
    with pytest.raises(ScriptError, match="instructions in one go") as stopped:
        run(host, source)
    if row is not None:
        assert str(stopped.value).startswith(f"chunk_1:({row},")
    assert run(host, "local n = 0 for i = 1, 1000 do n = n + i end return n") == 500500  # a fresh budget


def test_a_memory_bomb_is_stopped_with_a_clear_error():
    host = LuaHost({}, memory_limit=64 * 1024 * 1024)
    with pytest.raises(ScriptError, match="needed more than 64 MB of memory"):
        run(host, "local s = string.rep('x', 2^30)")
    with pytest.raises(ScriptError, match="needed more than 64 MB"):
        run(host, "local t = {} for i = 1, 1e9 do t[i] = string.rep('y', 100) .. i end")
    assert run(host, "return #string.rep('z', 1000)") == 1000  # the state still works


async def test_an_endless_onload_is_stopped_and_the_emulator_listens(tmp_path: Path):
    save = demo_save()
    spin = "\nlocal spin = onLoad\nfunction onLoad(s)\n  spin(s)\n  while true do end\nend\n"
    save["LuaScript"] = save["LuaScript"] + spin
    live = await asyncio.wait_for(start_live(SaveFile.from_dict(save)), 60)  # it loads, and listens
    try:
        errors = [text for text, _ in live.emulator.require_world().chat if text.startswith("Error in Global")]
        row = save["LuaScript"].count("\n") - 1  # the `while` line
        assert errors == [
            f"Error in Global Script: chunk_0:({row},2-19): the script ran more than 200000000 instructions in one "
            "go (an endless loop?) and was stopped (TTS would freeze)"
        ]
        assert (await live.connector.ping())["protocol"] == 1  # the mod's dispatcher still answers
    finally:
        await stop_live(live)


def test_automa_emulate_on_an_endless_onload_listens_and_names_the_line(tmp_path: Path):
    save = demo_save()
    save["ObjectStates"][0]["LuaScript"] = "function onLoad()\n  while true do end\nend"
    path = write(tmp_path, "spin.json", save)
    result = _emulate_until_listening(path)
    assert result.returncode == 0, result.stderr
    assert "listening" in result.stdout
    board = save["ObjectStates"][0]
    assert f"chat: Error in Script ({board['Nickname']} - {board['GUID']}): chunk_1:(2,2-19): the script ran" in (
        result.stdout
    )


def _emulate_until_listening(path: Path) -> subprocess.CompletedProcess[str]:
    """Start ``automa emulate``, wait for its "listening" line (60 s at most), then Ctrl-C it."""
    import signal

    proc = subprocess.Popen(
        [*AUTOMA, "emulate", str(path), "--tts-port", str(free_port()), "--editor-port", str(free_port())],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = until_listening(proc)  # blocks until it listens (or dies)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
        return subprocess.CompletedProcess(proc.args, proc.returncode, line + out, err)
    finally:
        if proc.poll() is None:
            proc.kill()


# --- 14: unreadable saves -----------------------------------------------------------------------------------


def huge_position(tmp_path: Path) -> Path:
    save = demo_save()
    save["ObjectStates"][3]["Transform"]["posX"] = 12345.678
    return write(tmp_path, "huge.json", save, json.dumps(save).replace("12345.678", "1e400"))


def huge_integer_position(tmp_path: Path) -> Path:
    """posX is 1 followed by 400 zeros: valid JSON, an integer too large for a float (issue 31, item 8)."""
    save = demo_save()
    save["ObjectStates"][3]["Transform"]["posX"] = 12345.678
    return write(tmp_path, "huge-int.json", save, json.dumps(save).replace("12345.678", "1" + "0" * 400))


def states_keyed_by_text(tmp_path: Path) -> Path:
    """A piece whose States is keyed by something other than a state number (issue 31, item 10)."""
    save = demo_save()
    piece = save["ObjectStates"][3]
    piece["States"] = {"x": {**piece, "GUID": "c0000x"}}
    return write(tmp_path, "states.json", save)


def deep_save(tmp_path: Path, depth: int) -> Path:
    save = demo_save()
    save["ObjectStates"].append({"GUID": "n0", "Name": "Bag", "ContainedObjects": []})
    text = json.dumps(save)  # the nesting is spliced in as text: json.dumps itself would recurse too deep
    inner = "".join(f'{{"GUID": "n{i}", "Name": "Bag", "ContainedObjects": [' for i in range(1, depth + 1))
    text = text.replace('"ContainedObjects": []}]', '"ContainedObjects": [' + inner + "]}" * depth + "]}]", 1)
    return write(tmp_path, f"deep{depth}.json", save, text)


def duplicated(tmp_path: Path) -> Path:
    save = demo_save()
    save["ObjectStates"].append(dict(save["ObjectStates"][3]))
    return write(tmp_path, "dup.json", save)


CASES = {
    "1e400": (huge_position, r"object c00001 \(Your token\): has no valid position \(posX = null"),
    "integer-1e400": (
        huge_integer_position,
        r"object c00001 \(Your token\): has no valid position \(posX = an integer of about 401 digits",
    ),
    "states-key": (states_keyed_by_text, r"object c00001 \(Your token\): has a States key 'x' that is not a state"),
    "deep-200": (lambda p: deep_save(p, 200), r"object n101 \(Bag\) lies inside more than 100 containers"),
    "deep-10000": (lambda p: deep_save(p, 10_000), r"the JSON nests too deeply to read \(inside object n\d+\)"),
    "duplicate-guids": (duplicated, r"'Your token' \(guid c00001, Chip\) at .* and 'Your token' \(guid c00001"),
}


@pytest.mark.parametrize("command", ["decide", "emulate"])
@pytest.mark.parametrize("case", list(CASES))
def test_a_hostile_save_is_one_line_naming_the_file_and_the_object(tmp_path: Path, command: str, case: str):
    make, expected = CASES[case]
    path = make(tmp_path)
    args = ["decide", "demo", str(path), "--seed", "1"] if command == "decide" else ["emulate", str(path)]
    if command == "emulate":
        args += ["--tts-port", str(free_port()), "--editor-port", str(free_port())]
    result = automa(*args)
    assert result.returncode != 0
    [line] = result.stderr.strip().splitlines()  # one line, no traceback
    assert line.startswith(f"automa: {path}: ") and len(line) < 700
    import re

    assert re.search(expected, line), line
    if command == "decide" and result.stdout:
        plan = json.loads(result.stdout)
        assert plan["decisions"] == [] and not plan["ok"]  # nothing would move
