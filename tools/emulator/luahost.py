"""The Lua 5.2 runtime (lupa) set up as TTS's MoonSharp sandbox, and value conversion across the boundary.

Facts emulated (see ``tools/emulator/README.md``, "MoonSharp, point by point"): Lua 5.2 with MoonSharp's layer on
top (``moonsharp/``: the source rewritten for what MoonSharp's parser takes, built-ins that answer as MoonSharp's);
no ``io``, ``require``, ``load``, ``os.execute`` and friends; each script with its own globals; errors reported as
``chunk_N:(row,colStart-colEnd): text`` in MoonSharp's words.
"""

from __future__ import annotations

import json
import logging
import math
import re
from collections.abc import Callable
from importlib.resources import files
from typing import Any

import lupa.lua52 as lupa

from tools.emulator.errors import EmulatorError
from tools.emulator.moonsharp import numbers as msnumbers
from tools.emulator.moonsharp import source as mssource
from tools.emulator.moonsharp import text as mstext
from tools.emulator.moonsharp import ustring as msustring

log = logging.getLogger(__name__)
LuaError = lupa.LuaError
LuaSyntaxError = lupa.LuaSyntaxError
LuaTable = Any  # lupa's _LuaTable has no public type
LuaFunction = Any

# Not in TTS's sandbox. `load`, `package`, `collectgarbage` and `string.dump` are MoonSharp's to answer:
# moonsharp/dialect.lua (no load; the others present, dump without C Lua bytecode, which C Lua runs unverified).
_REMOVED_GLOBALS = ("io", "require", "dofile", "loadfile", "package", "debug", "collectgarbage", "module", "python")
_REMOVED_STRING = ("dump",)
INSTRUCTION_BUDGET = 200_000_000  # Lua VM instructions one callback may run (well under a second here)
MEMORY_LIMIT = 512 * 1024 * 1024  # bytes the whole Lua state may hold
COUNT_STEP = 1000  # instructions between two looks of the count hook when counting per frame (on average)
_REMOVED_OS = ("execute", "exit", "getenv", "remove", "rename", "tmpname", "setlocale")
_LUA_POSITION = re.compile(r"^(?:\[string \"[^\"]*\"\]|(chunk_\d+)):(\d+): ", re.M)
_NEAR = re.compile(r"near '([^']+)'")
# MoonSharp's runtime errors name no variable ("attempt to index a nil value"), nor a library ('insert'); a yield
# from a library function crosses a "CLR-call boundary" (moonsharp/dialect.lua words caught errors the same way)
_NAMED = re.compile(r"attempt to (\w[\w ]*?) \w+ '[^']*' \(a (\w+) value\)")
_LIBRARY = re.compile(r"to '\w+\.(\w+)'")
_ERROR_CALL = re.compile(r"\berror\s*\(")


def _closing(line: str, open_at: int) -> int:
    """The column after the parenthesis that closes the one at ``open_at`` (strings not counted)."""
    depth, quote = 0, ""
    for i in range(open_at, len(line)):
        c = line[i]
        if quote:
            quote = "" if c == quote else quote
        elif c in "\"'":
            quote = c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(line.rstrip())


# TTS's JSON.decode (JSON.lua under MoonSharp) builds a string a character at a time: 100 KB took 8 s and 300 KB 72 s
# under Mono (shared/docs/tts-interface.md). A text this long gets a warning in the emulator's log.
SLOW_DECODE = 50_000
CRASH_MARK = "\x01MoonSharp crash\x01"  # prelude.lua's CRASH: an error that stands for a .NET exception


def _json_number(text: str) -> float:
    """A JSON number as TTS's decoder reads it: every number a double (a 20-digit integer too), one out of the
    double's range refused, as .NET's parsing under MoonSharp refuses it (issue 41; its wording is *chosen*)."""
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"JSON.decode: the number {text[:40]} is out of range")
    return value


_JSON_LUA = json.JSONDecoder(parse_int=_json_number, parse_float=_json_number)


def _deny_attributes(obj: object, name: object, is_setting: bool) -> object:
    """Lua must never reach Python attributes (``f.__globals__`` would escape the sandbox)."""
    raise AttributeError("access to Python attributes is not allowed from Lua")


class LuaHost:
    """One Lua state: the shared globals, the prelude, and conversions to and from Python values."""

    def __init__(
        self,
        host_functions: dict[str, Any],
        *,
        instruction_budget: int = INSTRUCTION_BUDGET,
        memory_limit: int = MEMORY_LIMIT,
        culture: str = "invariant",
    ) -> None:
        self.lua = lupa.LuaRuntime(
            unpack_returned_tuples=True,
            register_eval=False,
            register_builtins=False,
            attribute_filter=_deny_attributes,
            max_memory=memory_limit,
        )
        self.instruction_budget = instruction_budget
        self.memory_limit = memory_limit
        g = self.lua.globals()
        sethook, getinfo = g.debug.sethook, g.debug.getinfo  # kept for the budget, out of the scripts' reach
        # Lua's own error, whose level the emulator's API written in Lua needs to blame the mod's line (the dialect's
        # error ignores levels, as MoonSharp's does; TTS's own API functions are C#, and blame their caller)
        self.raw_error = g.error
        for name in _REMOVED_GLOBALS:
            g[name] = None
        for name in _REMOVED_OS:
            g.os[name] = None
        for name in _REMOVED_STRING:
            g.string[name] = None
        g._MOONSHARP = self.lua.table_from({"version": "2.0.0.0", "luacompat": "5.2", "is_unity": True})
        host = self.lua.table_from(
            {
                "json_decode": self.json_decode,
                "position": lambda message: self.tts_position(str(message)),
                "json_lua_string": mstext.json_lua_string,
                "upper": lambda s: mstext.upper(str(s)),
                "lower": lambda s: mstext.lower(str(s)),
                "utf8_char": lambda *codes: mstext.chars(codes),
                "net_parse": lambda s: msnumbers.net_parse(str(s)),
                "culture_collation": lambda s: mstext.culture_collation(str(s)),
                "culture_sorted": lambda t, n: self.table_of(
                    sorted((str(t[i]) for i in range(1, int(n) + 1)), key=mstext.culture_key)
                ),
                "sethook": sethook,
                "getinfo": getinfo,
                "budget": instruction_budget,
                "decimal": msnumbers.decimal_separator(culture),
                **msustring.host_functions(lambda values: self.table_of(values)),
                **{k: self.lua.table_from(v) if isinstance(v, dict) else v for k, v in host_functions.items()},
            }
        )
        prelude = files("tools.emulator").joinpath("prelude.lua").read_text(encoding="utf-8")
        self.lua.execute(prelude, host)
        self.lua.execute(files("tools.emulator.moonsharp").joinpath("dialect.lua").read_text(encoding="utf-8"), host)
        self.globals = g
        self._table_from = self.lua.table_from
        self._vector = g["__automa_vector"]
        self._color = g["__automa_color"]
        self._proxy = g["__automa_proxy"]
        self._proxies = g["__automa_proxies"]
        self._load = g["__automa_load"]
        self._new_env = g["__automa_env"]
        self._wrap = g["__automa_wrap"]
        self._ordered = g["__automa_ordered"]
        self._meter = g["__automa_meter"]
        self._count_every = g["__automa_count_every"]
        self._cache = g["__automa_cache"]
        self._gen = 0
        self._where = g["__automa_where"]
        self.forget = g["__automa_forget"]
        for name in [k for k in g if isinstance(k, str) and k.startswith("__automa_")]:
            g[name] = None  # the emulator's own handles: out of the mods' reach (TTS has no such globals)
        self.largest_decode = 0  # characters of the longest text a script gave JSON.decode (README: measured)
        self._depth = 0  # Lua -> Python -> Lua calls nest; the budget is per outermost call
        self._sources: dict[str, str] = {}

    # --- scripts ---------------------------------------------------------------------------------

    def new_env(self, self_object: object) -> LuaTable:
        return self._new_env(self_object)

    def run_chunk(self, source: str, chunkname: str, env: LuaTable) -> Any:
        """Compile and run ``source`` in ``env``; raises :class:`ScriptError` with a TTS-style position."""
        self._sources[chunkname] = source  # as written: error columns are read from it
        source = mssource.rewrite(source)
        fn, err = self._load(source, chunkname, env)
        if fn is None:
            raise ScriptError(self.tts_position(str(err)))
        return self.call(fn, None)  # MoonSharp passes a chunk one argument (the dialect's varargs probe)

    def call(self, fn: LuaFunction, *args: Any) -> Any:
        """Call into Lua with a fresh instruction budget (for the outermost call); errors as TTS words them."""
        if self._depth == 0:
            self._meter["used"] = 0
            self.changed()
        self._depth += 1
        try:
            return fn(*args)
        except lupa.LuaMemoryError:
            raise ScriptError(
                f"{self._where(fn)}the script needed more than {self.memory_limit // (1024 * 1024)} MB of memory "
                "(the emulator's cap) and was stopped"
            ) from None
        except LuaError as exc:
            raise ScriptError(self.tts_position(str(exc))) from None
        except Exception as exc:  # a Python error that Lua did not catch (lupa re-raises it as itself)
            raise ScriptError(f"{type(exc).__name__}: {exc}") from None
        finally:
            self._depth -= 1
            if self._depth == 0:
                self._meter["used"] = 0  # a call stopped over budget left the every-instruction hook on: lift it

    def count_instructions(self, step: int = COUNT_STEP) -> None:
        """Count Lua VM instructions to within ``step`` from now on (read :attr:`instructions`), for counts per
        frame (tools/emulator/budget.py); off, the count runs in steps of 100,000, as the endless-loop budget's.
        Lua counts the hook's own instructions too: about 2% more at a step of 1,000, 20% at 100."""
        self._count_every(step)

    @property
    def instructions(self) -> int:
        """Lua VM instructions run so far by every script and callback, to within the counting step, the emulator's
        Lua that stands for TTS's C# charged at its factors (README, "Frame budget")."""
        return int(self._meter["total"])

    @property
    def booked(self) -> dict[float, int]:
        """Of the instructions counted per frame so far, those of the emulator's Lua that stands for TTS's C#, one
        for one, by the factor they are charged at."""
        return {float(k): int(v) for k, v in self._meter["at"].items()}

    @property
    def raw_instructions(self) -> int:
        """Every Lua VM instruction counted so far, one for one, whatever it stands for."""
        return int(self._meter["raw"])

    @property
    def generation(self) -> int:
        """Moves on at every entry into Lua and every call that may change objects."""
        return self._gen

    def changed(self) -> None:
        """Objects may have changed: the prelude's cached fields are fetched again on their next read."""
        self._gen += 1
        self._cache["gen"] = self._gen

    def tts_position(self, message: str) -> str:
        """``chunk_0:36: text`` -> ``chunk_0:(36,c1-c2): text``; columns from the token named in the text,
        else the extent of the line (Lua does not report columns)."""
        message = message.removeprefix("error loading code: ")
        if CRASH_MARK in message:  # MoonSharp itself failed (a .NET exception): its type and message, no position
            return message.split(CRASH_MARK, 1)[1].split("\nstack traceback:", 1)[0]

        def repl(m: re.Match[str]) -> str:
            chunk, row = m.group(1) or "chunk_?", int(m.group(2))
            line = ""
            lines = self._sources.get(chunk, "").splitlines()
            if 0 < row <= len(lines):
                line = lines[row - 1]
            near = _NEAR.search(message)
            col = line.find(near.group(1)) if near else -1
            call = _ERROR_CALL.search(line)
            if col >= 0 and near:
                start, end = col, col + len(near.group(1))
            elif call and "attempt to" not in message:  # error(...): MoonSharp gives its argument list
                start, end = call.end() - 1, _closing(line, call.end() - 1)
            else:
                start = len(line) - len(line.lstrip())
                end = max(start, len(line.rstrip()))
            return f"{chunk}:({row},{start}-{end}): "

        text = _LUA_POSITION.sub(repl, message, count=1)
        text = _NAMED.sub(r"attempt to \1 a \2 value", text)
        text = _LIBRARY.sub(r"to '\1'", text).replace("C-call boundary", "CLR-call boundary")
        return text.split("\nstack traceback:", 1)[0]

    # --- values ----------------------------------------------------------------------------------

    def json_decode(self, value: object) -> Any:
        """TTS's ``JSON.decode``: JSON.lua under MoonSharp reads a ``\\uXXXX`` escape as one character per UTF-8
        byte (``moonsharp/text.py``); raw UTF-8 text comes through as it is."""
        text = str(value)
        self.largest_decode = max(self.largest_decode, len(text))
        if len(text) >= SLOW_DECODE:
            log.warning(
                "JSON.decode of %d characters: TTS's would take about %.0f s (quadratic: 100 KB took 8 s)",
                len(text),
                8 * (len(text) / 100_000) ** 2,
            )
        if text.strip() == "":
            return None  # TTS's JSON.decode('') gives nil (issue 17's finding on real mods)
        try:  # the first value; TTS's ignores any text after it (issue 41)
            value, _end = _JSON_LUA.raw_decode(mstext.json_lua_unescape(text).lstrip())
        except json.JSONDecodeError as exc:
            raise ValueError(f"JSON.decode: {exc}") from None
        return self._in_text_order(value)

    def _in_text_order(self, value: Any) -> Any:
        """A decoded JSON value as Lua tables whose ``pairs`` give an object's keys in the text's order (TTS's
        JSON.lua, Lua under MoonSharp, sets them in that order; moonsharp/dialect.lua keeps it)."""
        if isinstance(value, list):
            return self._table_from([self._in_text_order(v) for v in value])
        if not isinstance(value, dict):
            return value
        table = self._table_from({k: self._in_text_order(v) for k, v in value.items()})
        return self._ordered(table, self._table_from(list(value))) if len(value) > 1 else table

    def vector(self, x: float, y: float, z: float) -> LuaTable:
        return self._vector(x, y, z)

    def color(self, r: float, g: float, b: float, a: float = 1.0) -> LuaTable:
        return self._color(r, g, b, a)

    def proxy(self, guid: str) -> LuaTable:
        return self._proxy(guid)

    def table_of(self, values: list[Any]) -> LuaTable:
        """A Lua list of plain values (no nested tables, no conversion checks)."""
        return self._table_from(values)

    def proxies(self, guids: list[str]) -> LuaTable:
        """A Lua list of object proxies, made in one call into Lua (a snapshot lists thousands)."""
        return self._proxies(self._table_from(guids))

    def to_lua(self, value: Any) -> Any:
        if isinstance(value, dict | list):
            return self._table_from(value, recursive=True)
        return value

    def to_python(self, value: Any, depth: int = 0) -> Any:
        """Lua tables become lists (keys 1..n) or dicts; an object proxy becomes its GUID."""
        if lupa.lua_type(value) != "table":
            return value
        if depth > 64:
            raise ValueError("table nested too deeply (a cycle?)")
        guid = value["__automa_guid"]
        if guid is not None:
            return ProxyRef(str(guid))
        items = list(value.items())
        n = len(items)
        if n and all(isinstance(k, int) for k, _ in items) and {k for k, _ in items} == set(range(1, n + 1)):
            return [self.to_python(v, depth + 1) for _, v in sorted(items, key=lambda kv: kv[0])]
        return {(k if isinstance(k, str) else str(k)): self.to_python(v, depth + 1) for k, v in items}

    def make_table(self, values: dict[Any, Any]) -> LuaTable:
        """A table whose Python functions raise Lua errors (with the caller's position) when they fail."""
        return self._table_from(
            {k: self.wrap(v) if callable(v) and lupa.lua_type(v) is None else v for k, v in values.items()}
        )

    def wrap(self, fn: Callable[..., Any], *, pure: bool = False) -> LuaFunction:
        """A Python function for Lua; calling it may change objects, so cached fields are read afresh after
        (unless ``pure``: it only reads, and the fields cached before it stay good)."""
        if pure:
            return self._wrap(fn)

        def changing(*args: Any) -> Any:
            self.changed()
            try:
                return fn(*args)
            finally:
                self.changed()

        return self._wrap(changing)


class ProxyRef(str):
    """A GUID that came from an object proxy (so methods can tell an Object argument from a string)."""


class ScriptError(EmulatorError):
    """A Lua compile or run-time error, already formatted as TTS reports it."""
