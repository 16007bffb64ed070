"""Issue 38's count per frame: the emulator's Lua that stands for TTS's C# (its getters, MoonSharp's `table.concat`
and operators) is booked apart and charged at its factor, never free; a script's own Lua (the connector's) still
counts one for one, whatever emulator function it is called from (tools/emulator/README.md, "Frame budget")."""

from __future__ import annotations

from bridge.modbuild import connector_lua
from bridge.table import SaveFile
from tools.emulator.world import World

N = 20_000  # turns of each loop: far more instructions than the count's step of 1,000
# Beside the connector in the Global script: a loop of the script's own table writes (no operator the MoonSharp
# layer rewrites, no new key for its pairs order), the same loop inside a __concat metamethod that the layer's `..`
# helper calls, and loops asking an object's getter or joining a record's pieces.
SCRIPT = """
function automaTestOwnLoop(n)
  local t = { 0 }
  for i = 1, n do t[1] = i end
end
function automaTestLoopInMetamethod(n)
  local joined = setmetatable({}, { __concat = function() automaTestOwnLoop(n) return "" end })
  return joined .. "text"
end
function automaTestGetterLoop(n)
  local obj = getObjectFromGUID("p00001")
  for i = 1, n do obj.getPosition() end
end
function automaTestConcatLoop(n)
  local parts = { "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p" }
  for i = 1, n do table.concat(parts) end
end
"""


def world() -> World:
    objects = [{"GUID": f"p{i:05d}", "Name": "Chip_10"} for i in range(3)]
    save = SaveFile.from_dict({"SaveName": "count", "LuaScript": connector_lua() + SCRIPT, "ObjectStates": objects})
    w = World(save, lambda m: None)
    w.lua.count_instructions()
    return w


def counted(w: World, name: str, n: int) -> tuple[int, int, dict[float, int]]:
    """The weighted count, the count one for one, and what was booked apart at each factor, of one call."""
    total, raw, booked = w.lua.instructions, w.lua.raw_instructions, w.lua.booked
    w.call_lua("-1", w.global_env[name], n)
    after = w.lua.booked
    return (
        w.lua.instructions - total,
        w.lua.raw_instructions - raw,
        {k: v - booked.get(k, 0) for k, v in after.items() if v > booked.get(k, 0)},
    )


def test_a_scripts_own_loop_counts_one_for_one():
    """Two instructions a turn (the table write and the loop's step), none of them booked apart."""
    total, raw, booked = counted(world(), "automaTestOwnLoop", N)
    assert booked == {} and total == raw and total >= 2 * N, (total, raw, booked)


def test_a_scripts_loop_called_by_the_layers_operator_still_counts_one_for_one():
    """The `..` helper (booked at its operator factor) calls the script's __concat, whose loop is the script's work:
    all of it counted, only a step or so booked."""
    w = world()
    own, _, _ = counted(w, "automaTestOwnLoop", N)
    total, raw, booked = counted(w, "automaTestLoopInMetamethod", N)
    assert total >= own and sum(booked.values()) <= 2000, (own, total, booked)
    assert raw - total <= 2000


def test_getters_and_the_concat_wrapper_are_charged_at_their_factors_never_free():
    """A loop asking a getter: its Lua booked at the getter's factor (a quarter), the loop's own instructions in
    full; a loop of table.concat: the wrapper booked at the library factor (a half)."""
    w = world()
    for name, factor in (("automaTestGetterLoop", 0.25), ("automaTestConcatLoop", 0.5)):
        total, raw, booked = counted(w, name, N)
        assert factor in booked and booked[factor] > 4 * N, (name, booked)
        # the loop's own instructions (the call and the loop's step: 3 a turn, to within the count's sampling)
        own = raw - sum(booked.values())
        charged = own + sum(k * v for k, v in booked.items())
        assert own >= 2 * N and abs(total - charged) <= 1, (name, total, charged)
        assert total < raw and total > own + factor * booked[factor] * 0.99, (name, total, raw, booked)
