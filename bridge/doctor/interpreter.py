"""The interpreter: TTS's MoonSharp, its version, the public probes of ``moonsharp-dialect.json`` (each with
MoonSharp 2.0.0.0's recorded output) run inside TTS, and the .NET culture it formats and compares under.

A probe runs as executed code in Global, wrapped so that its prints are collected in Lua (TTS may deliver a burst of
message 2 in any order, tts-interface.md §1) and an uncaught error is caught and written as 'ERROR: <message>', as
the file records it. The wrapper's first line holds the probe's own first line, so rows stay the probe's.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib.resources import files
from typing import Any

from bridge.doctor.context import Context, Fact, attempt, chunk_free
from bridge.doctor.record import Check
from bridge.link import ExecuteError

DIALECT = "bridge/doctor/moonsharp-dialect.json (shared/data/moonsharp-dialect.json)"
AFFECTS_LUA = "the connector and the games' Lua, written for MoonSharp as the emulator imitates it"

# probe id -> why the emulator answers otherwise (tools/emulator/README.md "MoonSharp, point by point")
EMULATOR_DIFFERS: dict[str, str] = {}  # every probe answers as MoonSharp's since issue 41 (pairs order too)
# probe id -> why the doctor does not run it inside TTS
NOT_RUN: dict[str, str] = {
    "recursion-50000": "it crashes the script that runs it (Global, where the connector lives)",
    "wrap-error-pcall-direct": "it crashes the script that runs it (Global, where the connector lives)",
    "env-_G-script-globals": "it changes Global's globals, where the connector lives",
}

# Collects prints (as MoonSharp's print joins them: tostring, a tab) and an uncaught error; on the probe's first row,
# below the one line the link's own wrapper puts above executed code (so a caught error's row is one more). The
# probe gets one argument, as a chunk does in MoonSharp (the varargs probe).
_HEAD = (
    "local __lines = {} "
    "local function print(...) local t = {} for i = 1, select('#', ...) do t[i] = tostring((select(i, ...))) end "
    "__lines[#__lines + 1] = table.concat(t, '\\t') end "
    "local __ok, __err = pcall(function(...) "
)
_TAIL = "\nend, nil)\nif not __ok then __lines[#__lines + 1] = 'ERROR: ' .. tostring(__err) end\nreturn __lines"

_ADDRESS = re.compile(r"\b(table|function|thread|userdata): (?:0x)?[0-9a-fA-F]+")
_POSITION = re.compile(r"(chunk_\d+):\((\d+),\d+-\d+\):")


@cache
def dialect() -> dict[str, Any]:
    """The probes and their recorded outputs."""
    text = files("bridge.doctor").joinpath("moonsharp-dialect.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def normalise(line: str, exact_positions: bool) -> str:
    """The file's normalisation: addresses, '_G.name' as 'name', and positions as chunk_0:row: unless exact."""
    line = _ADDRESS.sub(lambda m: f"{m.group(1)}: ADDR", line)
    line = re.sub(r"'_G\.(\w+)'", r"'\1'", line)
    if not exact_positions:
        line = _POSITION.sub(r"\1:\2:", line)
    return line


VERSION = Fact(
    "interpreter.version",
    "interpreter",
    "TTS runs MoonSharp 2.0.0.0 (_MOONSHARP.version)",
    "shared/docs/tts-interface.md §5 ('the version TTS reports'); moonsharp-dialect.json's interpreter",
    AFFECTS_LUA,
)
LUA_VERSION = Fact(
    "interpreter.lua_version",
    "interpreter",
    "_VERSION, as TTS's MoonSharp reports it (recorded: no source gives it)",
    "none: measured",
    "nothing yet: a mod that tests _VERSION",
)
CULTURE_TEXT = Fact(
    "interpreter.culture_text",
    "interpreter",
    "numbers in `..` and string.format('%s') are written with a decimal point (.NET's invariant culture)",
    "shared/docs/tts-interface.md §5 ('a German Windows gives 0,5'); moonsharp-dialect.json's culture",
    "texts the games' Lua writes with numbers (chat lines, the panel's status); the connector's epoch token",
)
CULTURE_JSON = Fact(
    "interpreter.culture_json",
    "interpreter",
    "the connector's JSON writes every number exactly, with a point, whatever the culture",
    "tts_mod/connector/connector.lua (json_number turns a decimal comma back into a point)",
    "every snapshot the bridge reads (positions, rotations, values)",
)
STRING_LESS = Fact(
    "interpreter.string_less",
    "interpreter",
    "`<` compares two strings by .NET's culture, lower case first: 'a' < 'B' and 'b' < 'B' (Lua's bytes: 'B' < 'b')",
    "MoonSharp 2.0's Processor.ExecLess (String.CompareTo: the culture's order), as the dialect's sort-strings-case "
    "probe shows (table.sort puts b before B)",
    "a game's Lua that compares names with `<` (the emulator approximates it: tools/emulator/README.md)",
)
STRING_ORDER = Fact(
    "interpreter.string_order",
    "interpreter",
    "table.sort orders strings by .NET's invariant culture: _ a b B C Z",
    "moonsharp-dialect.json's sort-strings-case",
    "a game's Lua that sorts names (the emulator approximates this order)",
)


async def checks(ctx: Context) -> list[Check]:
    found = [
        await attempt(VERSION, lambda: _version(ctx)),
        await attempt(LUA_VERSION, lambda: _lua_version(ctx)),
        await attempt(CULTURE_TEXT, lambda: _culture_text(ctx)),
        await attempt(CULTURE_JSON, lambda: _culture_json(ctx)),
        await attempt(STRING_LESS, lambda: _string_less(ctx)),
        await attempt(STRING_ORDER, lambda: _string_order(ctx)),
    ]
    for probe in dialect()["snippets"]:
        fact = _probe_fact(probe)
        found.append(await attempt(fact, lambda probe=probe, fact=fact: _probe(ctx, probe, fact)))  # type: ignore[misc]
    return found


async def _version(ctx: Context) -> Check:
    return VERSION.compare("2.0.0.0", await ctx.execute("return _MOONSHARP and _MOONSHARP.version"))


async def _lua_version(ctx: Context) -> Check:
    return LUA_VERSION.check("measured", None, await ctx.execute("return _VERSION"))


async def _culture_text(ctx: Context) -> Check:
    observed = await ctx.execute("return {0.5 .. '', string.format('%s', 0.25)}")
    return CULTURE_TEXT.compare(
        ["0.5", "0.25"],
        observed,
        "TTS runs under a culture with a decimal comma: numbers in the games' texts read '0,5'; the bridge's data "
        "is safe as long as interpreter.culture_json passes.",
    )


async def _culture_json(ctx: Context) -> Check:
    observed = await ctx.execute("return {0.5, 1/3, -2.75e-7, 12345.125}")
    return CULTURE_JSON.compare([0.5, 1 / 3, -2.75e-7, 12345.125], observed)


async def _string_less(ctx: Context) -> Check:
    observed = await ctx.execute("return {'a' < 'B', 'b' < 'B', 'B' < 'b'}")
    return STRING_LESS.compare([True, True, False], observed)


async def _string_order(ctx: Context) -> Check:
    observed = await ctx.execute("local t = {'b', 'Z', 'B', '_', 'C', 'a'} table.sort(t) return t")
    return STRING_ORDER.compare(["_", "a", "b", "B", "C", "Z"], observed)


def _probe_fact(probe: dict[str, Any]) -> Fact:
    return Fact(
        f"interpreter.probe.{probe['id']}",
        "interpreter",
        str(probe.get("note") or probe["id"]),
        f"{DIALECT}, probe {probe['id']} (MoonSharp 2.0.0.0's output)",
        AFFECTS_LUA,
    )


async def _probe(ctx: Context, probe: dict[str, Any], fact: Fact) -> Check:
    exact = bool(probe.get("exact_positions"))
    expected = [normalise(line, exact) for line in probe["moonsharp_2_0_0_0"]]
    key = str(probe["id"])
    if key in NOT_RUN:
        return fact.check("skipped", expected, None, f"Not run by the doctor: {NOT_RUN[key]}.")
    try:
        said = [chunk_free(line, rows=1) for line in _as_lines(await ctx.execute(_HEAD + str(probe["source"]) + _TAIL))]
    except ExecuteError as exc:  # a syntax error: the whole code failed to compile (the link counts its rows)
        said = [f"ERROR: {chunk_free(str(exc))}"]
    observed = [normalise(line, exact) for text in said for line in text.split("\n")]
    if ctx.target == "emulator" and key in EMULATOR_DIFFERS and observed != expected:
        return fact.check("known", expected, observed, f"The emulator differs here: {EMULATOR_DIFFERS[key]}.")
    return fact.compare(expected, observed, "A developer should compare the emulator's MoonSharp layer with this.")


def _as_lines(value: Any) -> list[str]:
    """The collected lines: an empty Lua table may come back as {} instead of []."""
    if isinstance(value, list):
        return [str(v) for v in value]
    return []
