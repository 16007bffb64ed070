"""Issue 41: MoonSharp 2.0's behaviour beyond the dialect file's probes, run as a save's scripts in the emulator.

What MoonSharp's parser accepts that Lua 5.2's refuses, what TTS writes back for a transform, how TTS's
``JSON.decode`` reads numbers and text after the value. Each expectation names where it comes from (the issue, the
dialect file's format, ``shared/docs/tts-interface.md``).
"""

from __future__ import annotations

import json

from tests.emulator.test_lua_api import world_with
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

