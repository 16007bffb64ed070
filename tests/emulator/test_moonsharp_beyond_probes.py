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
