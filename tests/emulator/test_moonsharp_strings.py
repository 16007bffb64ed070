"""MoonSharp's strings are .NET UTF-16 strings; the emulator's string library answers in UTF-16 code units for text
in Polish, Czech, Cyrillic, with an em dash and an emoji (a surrogate pair: 2 units), and its patterns compare each
character's low 8 bits, as MoonSharp's port of lstrlib does (tools/emulator/moonsharp/ustring.py, patterns.py).

Expected values are worked out from those two rules (UTF-16 code units; Ł is U+0141, low byte 0x41 'A'; Č U+010C,
low byte 0x0C, a form feed; — U+2014, low byte 0x14, a control character; 😀 is D83D DE00, low bytes '=' and NUL);
the dialect file's non-ascii probe is MoonSharp's own output for the first of them.
"""

# ruff: noqa: RUF001, RUF003 (Cyrillic text is the point: letters that look Latin are meant)
from __future__ import annotations

import pytest

from tests.emulator.test_moonsharp_dialect import normalise, run_probe

PRINTER = (
    "local function P(...) local t = {} for i = 1, select('#', ...) do t[i] = tostring((select(i, ...))) end "
    "print(table.concat(t, ' | ')) end\n"
)


def lua(source: str) -> list[str]:
    """The lines a script prints (after the P helper's line), positions as chunk_0:row: (the dialect test's form)."""
    return [normalise(line, False) for line in run_probe(PRINTER + source)]


@pytest.mark.parametrize(
    ("expr", "printed"),
    [
        ("#'Zażółć', ('Čechy'):len(), string.len('Москва'), #'—', #'😀', #'a😀b'", "6 | 5 | 6 | 1 | 2 | 4"),
        ("string.byte('ó'), string.byte('ż'), ('Москва'):byte(1), string.byte('—')", "243 | 63 | 63 | 63"),
        ("string.byte('😀', 1, -1)", "63 | 63"),
        ("string.unicode('—'), string.unicode('😀', 1, 2)", "8212 | 55357 | 56832"),
        ("string.char(321, 243, 100, 378), string.char(55357, 56832)", "Łódź | 😀"),
        (
            "('Zażółć gęślą'):sub(3, 6), ('Москва'):sub(-3), ('a—b'):sub(2, 2), ('x😀y'):sub(2, 3)",
            "żółć | ква | — | 😀",
        ),
        ("#('x😀y'):sub(2, 2), ('Łódź'):sub(0), ('Łódź'):sub(5), ('Łódź'):sub(-10, 2)", "1 | Łódź |  | Łó"),
        ("('Łódź — Kraków'):find('Kraków')", "8 | 13"),
        ("('Łódź — Kraków'):find('—', 1, true)", "6 | 6"),
        ("('Łódź — Kraków'):find('()K(r)')", "8 | 9 | 8 | r"),
        ("('x😀y'):find('y'), ('Łódź'):find('ź', -1)", "4 | 4 | 4"),
        ("('Łódź'):find('', 10)", "5 | 4"),
        ("('Łódź'):match('^(.)(.)'), ('Łódź'):match('()d')", "Ł | 3"),
        ("('Łódź'):match('^(.)(.)')", "Ł | ó"),
        # classes on the low byte: с (U+0441) is 'A', в (U+0432) '2', а (U+0430) '0'; ż (U+017C) '|'
        ("('Москва'):match('%a+'), ('Москва'):match('%d+'), ('Zażółć'):match('^%a+')", "с | ва | Za"),
        ("('a — b'):find('%c'), ('Ł'):find('A+')", "3 | 1 | 1"),
        ("('Ł'):find('A')", "nil"),  # a plain search (no special character) compares whole characters
        ("('gęślą jaźń'):gsub('ą', 'a')", "gęśla jaźń | 1"),
        # %p is .NET's Char.IsPunctuation (MoonSharp's source): not $ + < = > ^ ` | ~, ASCII text or not
        ("('a+b.c$d'):gsub('%p', ''), ('ą+b.c'):gsub('[%p]', '')", "a+bc$d | ą+bc | 1"),
        ("('Łódź'):gsub('(ó)(d)', '%2%1')", "Łdóź | 1"),
        ("('Łódź 😀'):gsub('%S+', function(w) return '[' .. w .. ']' end)", "[Łódź] [😀] | 2"),
        ("('Zażółć gęślą'):gsub('%S+', {['gęślą'] = 'G'})", "Zażółć G | 2"),
        ("('Łódź'):gsub('', '-')", "-Ł-ó-d-ź- | 5"),
        ("('Łódź — x'):gsub('%s', '_', 1)", "Łódź_— x | 1"),
        # the connector's JSON escaping: [%c"\\] matches an emoji's low surrogate; kept, the pair is whole again
        ("('a😀b'):gsub('[%c\"\\\\]', function(c) return c end)", "a😀b | 1"),
        ("#(('a😀b'):gsub('[%c]', function(c) return c end))", "4"),
        ("('Łódź'):reverse(), ('Москва'):reverse()", "źdóŁ | авксоМ"),
        ("('Ł—'):rep(2, '😀'), #('Ł—'):rep(2, '😀')", "Ł—😀Ł— | 6"),
        ("('zażółć'):upper(), ('МОСКВА'):lower(), ('Čechy'):lower()", "ZAŻÓŁĆ | москва | čechy"),
        ("#'\\233', ('\\233x'):find('x'), string.byte('\\233')", "1 | 2 | 233"),
        (
            "('abc'):len(), ('abc'):sub(2), ('a,b'):find(',', 1, true), ('hello'):gsub('l', 'L')",
            "3 | bc | 2 | heLLo | 2",
        ),
    ],
)
def test_string_functions_count_utf16_code_units(expr: str, printed: str):
    assert lua(f"P({expr})") == [printed]


def test_gmatch_splits_words_as_moonsharp_does():
    """The Heroes map editor's old split (issue 32 §1.3): under MoonSharp %S+ stops at Č (a form feed's low byte)."""
    source = "for w in ('map new Čechy — Москва 😀'):gmatch('%S+') do print(w) end"
    assert lua(source) == ["map", "new", "echy", "—", "Москва", "😀"]


def test_gmatch_with_captures_and_positions():
    source = "for a, p in ('Łó dź'):gmatch('(%S)()') do P(a, p) end"
    assert lua(source) == ["Ł | 2", "ó | 3", "d | 5", "ź | 6"]


def test_a_malformed_pattern_on_text_is_an_error_at_the_mods_line():
    lines = lua("P(pcall(function() local r = ('Łódź'):find('[a') return r end))\nlocal x = ('Łódź'):find('%')")
    assert lines == [
        "false | chunk_0:2: malformed pattern (missing ']')",
        "ERROR: chunk_0:3: malformed pattern (ends with '%')",
    ]


def test_a_replacement_value_that_is_no_string_is_an_error():
    lines = lua("P(pcall(function() local r = ('Łódź'):gsub('ó', function() return {} end) return r end))")
    assert lines == ["false | chunk_0:2: invalid replacement value (a table)"]


@pytest.mark.parametrize(
    ("expr", "printed"),
    [
        ("'10' + 1, '3' * '4', ' 5 ' * 2, '1e2' / 4, '2' ^ 3, -'4', 10 - '2.5'", "11 | 12 | 10 | 25 | 8 | -4 | 7.5"),
        (
            "pcall(function() return '0x10' + 0 end)",
            "false | chunk_0:2: attempt to perform arithmetic on a string value",
        ),
        (
            "pcall(function() local s = '0x10' return s * 2 end)",
            "false | chunk_0:2: attempt to perform arithmetic on a string value",
        ),
        (
            "pcall(function() local s = '0x10' return -s end)",
            "false | chunk_0:2: attempt to perform arithmetic on a string value",
        ),
        ("pcall(function() return 1 + {} end)", "false | chunk_0:2: attempt to perform arithmetic on a table value"),
        ("-2 ^ 2, 2 ^ -1, 7 - -3, 1e-3 * 1000", "-4 | 0.5 | 10 | 1"),
        ("(setmetatable({}, {__add = function(a, b) return 'added' end}) + 1)", "added"),
        ("(2 - setmetatable({}, {__sub = function(a, b) return a end})), 2 * 3, 1 / '4'", "2 | 6 | 0.25"),
        (
            "pcall(function() return 1 - '0x10' end)",
            "false | chunk_0:2: attempt to perform arithmetic on a string value",
        ),
        (
            "pcall(function() local t = {} return t.x ^ 2 end)",
            "false | chunk_0:2: attempt to perform arithmetic on a nil value",
        ),
        ("-setmetatable({}, {__unm = function() return 'negated' end})", "negated"),
    ],
)
def test_arithmetic_reads_strings_as_moonsharp_does(expr: str, printed: str):
    assert lua(f"P({expr})") == [printed]


def test_half_an_emoji_reaches_python_as_the_replacement_character():
    """MoonSharp keeps a lone surrogate until .NET writes it on the UTF-8 wire as U+FFFD; here it is U+FFFD at once
    (Python, which gets every string a script hands the API, takes none), so joining two halves with .. does not
    make the emoji again (the emulator README's table lists it)."""
    assert lua("print(('😀'):sub(1, 1)) local s = ('😀'):sub(1, 1) .. ('😀'):sub(2) P(#s, s)") == [
        "\ufffd",
        "2 | \ufffd\ufffd",
    ]
