"""Issue 41: MoonSharp 2.0's behaviour beyond the dialect file's probes, run as a save's scripts in the emulator.

What MoonSharp's parser accepts that Lua 5.2's refuses, what TTS writes back for a transform, how TTS's
``JSON.decode`` reads numbers and text after the value. Each expectation names where it comes from (the issue, the
dialect file's format, ``shared/docs/tts-interface.md``).
"""

from __future__ import annotations

import json

import pytest

from tests.emulator.test_lua_api import run, world_with
from tests.emulator.test_moonsharp_strings import lua
from tools.emulator.moonsharp import ustring


def test_a_stray_parenthesis_after_a_parameter_list_is_read_past_as_moonsharps_parser_does():
    """tts-interface.md §5: MoonSharp's parser "also takes … a stray `)` after a parameter list" (issue 41: a real
    public mod's scripts, which TTS loads, were refused with "unexpected symbol near ')'")."""
    source = (
        "local function add(a, b)) return a + b end\n"
        "local twice = function(x)) return x * 2 end\n"
        "local t = {} function t.m(self, y)) return y .. '!' end\n"
        "function t:n(...)) return select('#', ...) end\n"
        "P(add(1, 2), twice(4), t:m('x'), t:n(1, 2, 3))"
    )
    assert lua(source) == ["3 | 8 | x! | 3"]


def test_a_trailing_comma_in_a_parameter_list_ends_it_as_moonsharps_parser_does():
    """MoonSharp's source (its parameter loop: a name or ``...``, then a comma is skipped and the loop stops at the
    ``)``) takes ``function f(a, b,)``, which Lua 5.2 refuses ("<name> expected near ')'"); a list of only a comma,
    and a trailing comma followed by a second ``)``, stay errors there too."""
    source = (
        "local function add(a, b,) return a + b end\n"
        "local twice = function(x,) return x * 2 end\n"
        "local function count(...,) return select('#', ...) end\n"
        "P(add(1, 2), twice(4), count(1, 2))"
    )
    assert lua(source) == ["3 | 8 | 2"]
    assert lua("local function f(,) end")[0].startswith("ERROR: chunk_0:2:")
    assert lua("local function f(a,)) end")[0].startswith("ERROR: chunk_0:2:")


def test_an_empty_parameter_list_gets_no_second_parenthesis_and_errors_keep_the_mods_row():
    """The parser reads one more ``)`` only after a parameter (an empty list closes at once), so ``function f())`` is
    still refused; rows stay the mod's after the rewrite."""
    assert lua("local function f()) end") == ["ERROR: chunk_0:2: unexpected symbol near ')'"]
    assert lua("local function f(a)) return a end\nlocal x = nil\nP(x.y)") == [
        "ERROR: chunk_0:4: attempt to index a nil value"
    ]


def test_transforms_are_written_back_as_tts_holds_them_in_float32():
    """Issue 41: "TTS holds transforms as float32": a value is written as Json.NET writes the float (.NET's "R":
    7 significant digits when they give the float back, else 9), and a value TTS wrote (16.0999985, an int) is
    written back unchanged."""
    script = "function onLoad() getObjectFromGUID('aaaaaa').setPosition({1/3, 2.2, 16.0999985}) end"
    block = {"GUID": "aaaaaa", "Name": "BlockSquare", "Transform": {"posX": 0, "posY": 1, "posZ": 0, "rotY": 180}}
    world, _ = world_with([block], script)
    saved = world.to_save().to_dict()["ObjectStates"][0]["Transform"]
    assert (saved["posX"], saved["posY"], saved["posZ"], saved["rotY"]) == (0.333333343, 2.2, 16.0999985, 180)
    assert json.dumps(saved["rotY"]) == "180"


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("[1, 2] and more", "true | 2 | 2"),  # TTS's JSON.decode reads the first value, the rest ignored (issue 41)
        ('  {"a": 1} x', "true | 1 | 0"),
        ("12345678901234567890", "true | 1.23456789012346E+19 | nil"),  # a double, as MoonSharp reads it
    ],
)
def test_json_decode_reads_the_first_value_and_every_number_as_a_double(text: str, printed: str):
    source = (
        f"local ok, v = pcall(JSON.decode, {json.dumps(text)})\n"
        "if type(v) == 'table' then P(ok, v[2] or v.a, #v) else P(ok, v, nil) end"
    )
    assert lua(source) == [printed]


def test_json_decode_refuses_a_number_beyond_the_doubles_range_as_moonsharp_does():
    """Issue 41: ``1e400`` fails in MoonSharp (.NET's parsing refuses it) where Python reads infinity."""
    for text in ("1e400", "[-1e400]", "1" + "0" * 400):
        ok, message = run(world_with([])[0], f"return {{pcall(JSON.decode, {json.dumps(text)})}}")
        assert ok is False and "out of range" in message, text


# A library function's error, called from a script's line: "chunk_0:2: <message>" (the P helper is line 1). MoonSharp
# positions an error raised by its CLR library at the calling line of the script, and gives none when pcall calls
# the function directly (the dialect's tonumber-base36 and insert-args probes); it names a function by its Lua name
# ('sub', never a host's local such as 'raw_sub'). The wording is Lua 5.2's where MoonSharp's own was not measured
# (*chosen*, tools/emulator/README.md).
LIBRARY_ERRORS = [
    ("string.sub('abc', {})", "bad argument #2 to 'sub' (number expected, got table)"),
    ("string.sub('Łódź', 'x')", "bad argument #2 to 'sub' (number expected, got string)"),
    ("string.sub()", "bad argument #1 to 'sub' (string expected, got no value)"),
    ("string.byte('é', {})", "bad argument #2 to 'byte' (number expected, got table)"),
    ("string.len({})", "bad argument #1 to 'len' (string expected, got table)"),
    ("string.upper()", "bad argument #1 to 'upper' (string expected, got no value)"),
    ("string.reverse(nil)", "bad argument #1 to 'reverse' (string expected, got nil)"),
    ("string.gmatch()", "bad argument #1 to 'gmatch' (string expected, got no value)"),
    ("string.find('abc', '[a')", "malformed pattern (missing ']')"),
    ("string.gsub('abc', '(b)', '%2')", "invalid capture index"),
    ("string.gsub('é', 'x', true)", "bad argument #3 to 'gsub' (string/function/table expected)"),
    ("string.char(70000)", "bad argument #1 to 'char' (value out of range)"),
    ("string.char(65, {})", "bad argument #2 to 'char' (number expected, got table)"),
    ("string.format()", "bad argument #1 to 'format' (string expected, got no value)"),
    ("string.format('%s %d', 'a', 'x')", "bad argument #3 to 'format' (number expected, got string)"),
    ("string.format('%d', {})", "bad argument #2 to 'format' (number expected, got table)"),
    ("string.format('%5.2s', {})", "bad argument #2 to 'format' (string expected, got table)"),  # format-%s-nil
    ("pairs()", "bad argument #1 to 'pairs' (table expected, got no value)"),
    ("next(nil)", "bad argument #1 to 'next' (table expected, got nil)"),
    ("getmetatable()", "bad argument #1 to 'getmetatable' (value expected)"),
    ("table.concat()", "bad argument #1 to 'concat' (table expected, got no value)"),
    ("table.sort({1, 2}, 5)", "bad argument #2 to 'sort' (function expected, got number)"),
    ("table.sort({3, 'a'})", "attempt to compare string with number"),
    ("unpack(nil)", "bad argument #1 to 'unpack' (table expected, got nil)"),
    ("setmetatable()", "bad argument #1 to 'setmetatable' (table expected, got no value)"),
    ("setmetatable(setmetatable({}, {__metatable = 1}), {})", "cannot change a protected metatable"),
    ("coroutine.create(1)", "bad argument #1 to 'create' (function expected, got number)"),
    ("coroutine.wrap()", "bad argument #1 to 'wrap' (function expected, got no value)"),
    ("coroutine.resume(1)", "bad argument #1 to 'resume' (coroutine expected)"),
    ("coroutine.yield()", "attempt to yield from outside a coroutine"),
    ("tostring()", "bad argument #1 to 'tostring' (value expected)"),
    ("tonumber()", "bad argument #1 to 'tonumber' (value expected)"),
    ("tostring(setmetatable({}, {__tostring = function() return {} end}))", "'__tostring' must return a string"),
]


@pytest.mark.parametrize(("call", "message"), LIBRARY_ERRORS)
def test_a_library_functions_error_is_moonsharps_at_the_calling_line(call: str, message: str):
    assert lua(f"P(pcall(function() return ({call}) end))") == [f"false | chunk_0:2: {message}"]


@pytest.mark.parametrize(("call", "message"), LIBRARY_ERRORS[:3])
def test_a_library_function_called_by_pcall_directly_gives_its_error_without_a_position(call: str, message: str):
    """As the dialect's insert-args probe: ``pcall(table.insert, …)`` gives "wrong number of arguments to 'insert'"."""
    function, arguments = call.split("(", 1)
    assert lua(f"P(pcall({function}, {arguments[:-1]}))".replace(", )", ")")) == [f"false | {message}"]


def test_an_uncaught_library_error_and_a_dead_wrapped_coroutine_are_reported_at_the_mods_line():
    """A method call counts the string as argument #1, as MoonSharp's arguments do (Lua 5.2 would say #1 for the
    second: it knows the call was a method's)."""
    assert lua("local n = 1\nlocal x = ('Łódź'):sub({})\n") == [
        "ERROR: chunk_0:3: bad argument #2 to 'sub' (number expected, got table)"
    ]
    rep = "ERROR: chunk_0:2: bad argument #2 to 'rep' (number expected, got table)"
    assert lua("local x = ('ab'):rep({})") == [rep]
    source = "local f = coroutine.wrap(function() end)\nf()\nP(pcall(function() f() end))"
    assert lua(source) == ["false | chunk_0:4: cannot resume dead coroutine"]


def test_print_of_a_value_whose_tostring_gives_no_string_is_an_error_not_a_python_text():
    assert lua("print(setmetatable({}, {__tostring = function() return {} end}))") == [
        "ERROR: chunk_0:2: '__tostring' must return a string"
    ]


def test_a_number_beyond_the_doubles_range_is_no_number_to_tonumber_as_to_dotnet():
    """Issue 41 (the same .NET parsing as JSON.decode's): "1e400" and a 400-digit integer are nil, and no operand of
    arithmetic; "Infinity" is the invariant culture's own word for infinity."""
    source = "P(tonumber('1e400'), tonumber('1' .. string.rep('0', 400)), tonumber('-Infinity'))\nP('1e400' + 0)"
    assert lua(source) == ["nil | nil | -Infinity", "ERROR: chunk_0:3: attempt to perform arithmetic on a string value"]


def test_a_loop_over_a_long_non_ascii_text_reads_its_code_units_once(monkeypatch: pytest.MonkeyPatch):
    """Issue 41: sub, byte and # crossed into Python (ustring.py) at every call, each call decoding the whole text
    (a loop over 40,000 characters: 1.3 s, MoonSharp 0.06 s; tools.bench_roundtrip prints the figures). The units
    are worked out once in Lua now: Python reads no text during the loop, and the answers are the code units'."""
    decoded: list[int] = []
    real = ustring.units
    monkeypatch.setattr(ustring, "units", lambda text, hexed=False: decoded.append(len(text)) or real(text, hexed))
    source = (
        "local s = string.rep('Zażółć — 😀', 300)\n"
        "local n, total, parts = #s, 0, {}\n"
        "for i = 1, n do total = total + s:byte(i) + #s:sub(i, i) + string.len(s) - n end\n"
        "for i = 1, 9 do parts[i] = s:sub(i, i) end\n"
        "P(n, total, table.concat(parts, '|'), s:sub(-3), s:sub(-2, -2) == '\\239\\191\\189',\n"
        "  string.unicode(s, 10, 11))"
    )
    data = "Zażółć — 😀".encode("utf-16-le")
    units = [int.from_bytes(data[i : i + 2], "little") for i in range(0, len(data), 2)]  # the emoji: 2 units
    expected_total = 300 * sum((c if c <= 255 else 63) + 1 for c in units)
    printed = lua(source)
    assert not decoded
    assert printed == [f"3300 | {expected_total} | Z|a|ż|ó|ł|ć| |—|  |  😀 | true | 55357 | 56832"]


def test_unicode_of_half_a_surrogate_pair_that_gsub_hands_out_is_its_code_unit():
    """The connector's JSON escaping asks string.unicode of each match of ``[%c"\\]``: an emoji's low half (DE00,
    low byte NUL) matches, and must read 56832 (kept, > 127), not string.byte's 63."""
    source = "P(('😀'):gsub('%c', function(c) return ',' .. string.unicode(c) .. ',' .. string.byte(c) end))"
    assert lua(source) == ["\ufffd,56832,63 | 1"]


KEYS = (
    "local function keys(t) local out = {} for k in pairs(t) do out[#out + 1] = tostring(k) end "
    "return table.concat(out, ' ') end\n"
)


def test_pairs_gives_a_constructors_named_fields_in_the_order_written_then_its_list():
    """The dialect's pairs-order-mixed probe: MoonSharp keeps a table's keys in the order they came, a constructor's
    named fields first (issue 41 item 2; Lua 5.2 orders them by hash, seeded afresh in every process)."""
    source = KEYS + "P(keys({zeta = 1, alpha = 2, 10, mid = 3, 20, gamma = 4, beta = 5, omega = 6, delta = 7}))"
    assert lua(source) == ["zeta alpha mid gamma beta omega delta 1 2"]


def test_pairs_and_next_follow_the_order_keys_were_added_in():
    source = KEYS + (
        "local t = {} t.zeta = 1 t.alpha = 2 t[1] = 'a' t.mid = 3 t.beta = 4 t.omega = 5\n"
        "P(keys(t))\n"
        "t.alpha = nil t.mid = 30 t.alpha = 2\n"  # a key set again stays; one that left and came back is last
        "P(keys(t), next(t), (next(t, 'zeta')), (next(t, 'omega')))\n"
        "local list = {} for i = 1, 3 do list[#list + 1] = i * 10 end list.name = 'n' list.extra = true\n"
        "P(keys(list), keys({}), next({}))"
    )
    assert lua(source) == [
        "zeta alpha 1 mid beta omega",
        "zeta 1 mid beta omega alpha | zeta | 1 | alpha",
        "1 2 3 name extra |  | nil",
    ]


def test_the_order_keeping_is_invisible_to_a_script_and_other_tables_keep_every_key():
    """getmetatable of a plain table is nil as in MoonSharp; a table with a metatable of its own gives every key once
    (in Lua's order), and keys that table.insert and rawset add take their places."""
    source = KEYS + (
        "P(getmetatable({}), getmetatable(setmetatable({}, {a = 1})).a)\n"
        "local c = setmetatable({}, {__index = function() return 0 end}) c.q = 1 c.b = 2 c.z = 3\n"
        "local r = {name = 'x'} table.insert(r, 'first') r.after = 2 rawset(r, 'raw', 1)\n"
        "local seen = {} for k in pairs(c) do seen[#seen + 1] = k end table.sort(seen)\n"
        "P(table.concat(seen, ' '), keys(r))"
    )
    first, second = lua(source)
    assert first == "nil | 1"
    others, order = second.split(" | ")
    assert others == "b q z"  # Lua's order: a table with a metatable of its own records nothing (README)
    assert order == "name 1 after raw"  # as MoonSharp's: table.insert's item came before 'after', rawset's after


def test_strings_compare_in_the_cultures_order_as_moonsharps_less_than_does():
    """tts-interface.md §5: "`<` and `table.sort` compare strings by culture" (the dialect's sort-strings-case probe:
    ``_ a b B C Z``); a sort with a comparator goes through ``<``. Accents after the letter, before case, is the
    emulator's approximation of .NET's collation (*chosen*, README)."""
    source = (
        "local t = {'b', 'C', 'a', 'B', '_', 'Z', 'ä', 'Ä'} table.sort(t, function(x, y) return x < y end)\n"
        "P(table.concat(t, ' '), 'a' < 'B', 'B' > 'a', 'b' <= 'B', 'Z' >= 'b', 1 < 2, 'x' < 'x', 'ab' > 'a')\n"
        "P(pcall(function() return 1 < 'x' end))"
    )
    assert lua(source) == [
        "_ a ä Ä b B C Z | true | true | true | true | true | false | true",
        "false | chunk_0:4: attempt to compare number with string",
    ]


def test_json_decode_gives_an_objects_keys_to_pairs_in_the_texts_order():
    """TTS's JSON.decode is JSON.lua, Lua under MoonSharp, which sets an object's keys one by one as the text has
    them: MoonSharp's pairs then gives them in that order (issue 41 item 2), and a key added later comes last."""
    source = KEYS + (
        'local t = JSON.decode(\'{"zeta": 1, "alpha": {"y": 1, "b": 2}, "mid": 3, \'\n'
        '  .. \'"beta": [4, 5], "omega": 6}\')\n'
        "t.new = true\n"
        "P(keys(t), keys(t.alpha), keys(t.beta), getmetatable(t))"
    )
    assert lua(source) == ["zeta alpha mid beta omega new | y b | 1 2 | nil"]
