-- The MoonSharp layer's Lua half: the built-ins that MoonSharp 2.0 answers differently from Lua 5.2, replaced
-- before any mod script runs. Each fact is a probe of tests/data/moonsharp-dialect.json (named in brackets);
-- tools/emulator/README.md ("MoonSharp, point by point") lists them with what still differs. `host` is the Python
-- host (tools/emulator/moonsharp/*.py for what needs UTF-16 text or .NET number parsing).
local host = ...
local raw = {
  tostring = tostring, tonumber = tonumber, pcall = pcall, xpcall = xpcall, error = error, type = type,
  setmetatable = setmetatable, getmetatable = getmetatable, select = select, rawget = rawget, rawset = rawset,
  rawlen = rawlen, pack = table.pack, format = string.format, find = string.find, gsub = string.gsub, byte = string.byte,
  char = string.char, upper = string.upper, lower = string.lower, sort = table.sort, concat = table.concat,
  unpack = table.unpack, floor = math.floor, match = string.match, load = load, pairs = pairs,
  sub = string.sub, len = string.len, reverse = string.reverse, gmatch = string.gmatch,
}
local type, select, floor, format, find, gsub = raw.type, raw.select, raw.floor, raw.format, raw.find, raw.gsub
local number_text = __automa_number_text -- MoonSharp's tostring of a number (prelude.lua)
-- `..` and string.format's %s write a number in the machine's .NET culture: number_text does (moonsharp/numbers.py)
local NON_ASCII = "[\128-\255]"

-- Numbers as text [print-2^53, print-inf, tostring-floats, print-neg-zero] and the shape of a reference's text:
-- "table: " and 8 hex digits, numbered in order of first use [tostring-address-shape].
local ids, next_id = raw.setmetatable({}, { __mode = "k" }), 0
local function reference_text(v, kind)
  local id = ids[v]
  if id == nil then
    next_id = next_id + 1
    id = next_id
    ids[v] = id
  end
  return kind .. ": " .. format("%08x", id)
end

-- Arguments as MoonSharp's library checks them (its CallbackArguments): a string argument takes a number, written as
-- tostring writes it, and a number argument a string that reads as one; anything else is "bad argument #2 to 'sub'
-- (number expected, got table)", "got no value" past the last argument given (the wording is Lua 5.2's, which the
-- dialect's format-%s-nil and error-no-value probes show MoonSharp shares; *chosen* for an optional argument,
-- where MoonSharp's source may say "nil or number expected"). Raised at the mod's line: bad_argument is called by
-- an as_* check, called by the library function, called by the mod (level 4).
-- (`extra`: more functions of the layer between the check and the library function).
local ms_number -- MoonSharp's tonumber, below
local function bad_argument(n, name, expected, v, given, extra)
  local got = n > given and "no value" or type(v)
  raw.error("bad argument #" .. n .. " to '" .. name .. "' (" .. expected .. " expected, got " .. got .. ")",
    4 + (extra or 0))
end
local function as_string(v, n, name, given, extra)
  local kind = type(v)
  if kind == "string" then return v end
  if kind == "number" then return number_text(v) end
  bad_argument(n, name, "string", v, given, extra)
end
local function as_number(v, n, name, given, optional, extra)
  local kind = type(v)
  if kind == "number" or (optional and v == nil) then return v end
  if kind == "string" then
    local x = ms_number(v)
    if x ~= nil then return x end
  end
  bad_argument(n, name, "number", v, given, extra)
end
local function whole(x) -- MoonSharp's (int) of a double: towards zero
  if x >= 0 then return floor(x) end
  return -floor(-x)
end

-- Lua's own function's error, raised again at the mod's line with the library function's `name` (Lua blames the function that called it: the
-- MoonSharp layer); an error that already has a position (the mod's replacement function's) or is a crash as it is.
-- A yield in a comparator or replacement function keeps MoonSharp's words and no position
-- [yield-in-sort-comparator].
local CRASH_MARK = __automa_crash_mark
local function relay(name, ok, ...)
  if ok then return ... end
  local message = ...
  if type(message) ~= "string" or find(message, CRASH_MARK, 1, true) or find(message, "^chunk_%d+:") then
    raw.error(message, 0)
  end
  if find(message, "C-call boundary", 1, true) then raw.error((gsub(message, "C%-call", "CLR-call")), 0) end
  raw.error((gsub(message, "to '%?'", "to '" .. name .. "'")), 2) -- called through pcall, Lua knows no name
end

-- tostring() is "bad argument #1 to 'tostring' (value expected)" (Lua 5.2's words); a __tostring that gives no
-- string is an error (*chosen*, Lua 5.3's words: Lua 5.2 hands its value on, and print showed Python's text of it)
function tostring(...)
  local v = ...
  local kind = type(v)
  if kind == "number" then return number_text(v) end
  if kind == "string" then return v end
  if kind == "table" or kind == "userdata" then
    local mt = raw.getmetatable(v)
    local meta = mt ~= nil and raw.rawget(mt, "__tostring")
    if meta then
      local text = meta(v)
      if type(text) ~= "string" then raw.error("'__tostring' must return a string", 2) end
      return text
    end
  end
  if v == nil and select("#", ...) == 0 then raw.error("bad argument #1 to 'tostring' (value expected)", 2) end
  if kind == "table" or kind == "function" or kind == "thread" or kind == "userdata" then
    return reference_text(v, kind)
  end
  return raw.tostring(v)
end
local tostring = tostring

-- math.huge is the largest double [print-inf]
math.huge = 1.7976931348623157e308

-- tonumber parses as .NET does [tonumber-strings]; bases other than 2, 8, 10 and 16 are out of range
-- [tonumber-base36] (the set is MoonSharp's source's; the probe shows 36).
local net_parse = host.net_parse
local BASES = { [2] = true, [8] = true, [10] = true, [16] = true }
-- A number beyond the double's range is none (.NET's parsing refuses it; issue 41); tonumber() is "bad argument #1
-- to 'tonumber' (value expected)".
local HUGE = 1 / 0
function tonumber(...)
  local v, base = ...
  if base ~= nil then
    if not BASES[base] then raw.error("bad argument #2 to 'tonumber' (base out of range)", 2) end
    return relay("tonumber", raw.pcall(raw.tonumber, v, base))
  end
  if type(v) == "number" then return v end
  if type(v) ~= "string" then
    if v == nil and select("#", ...) == 0 then raw.error("bad argument #1 to 'tonumber' (value expected)", 2) end
    return nil
  end
  if find(v, "^%s*%-?%d+%.?%d*%s*$") then -- plain decimals: as Lua reads them
    local x = raw.tonumber(v)
    if x == HUGE or x == -HUGE then return nil end
    return x
  end
  return net_parse(v)
end
ms_number = tonumber

-- Errors ----------------------------------------------------------------------------------------------------
-- error() takes a string (a number too); anything else raises "bad argument #1 to 'error'" [error-table,
-- error-no-value]; the level is ignored: the position is always that of the error call [error-levels].
function error(...)
  local message = ...
  local kind = type(message)
  if kind ~= "string" and kind ~= "number" then
    local got = select("#", ...) == 0 and "no value" or kind
    raw.error("bad argument #1 to 'error' (string expected, got " .. got .. ")", 2)
  end
  raw.error(message, 2)
end

-- Runtime errors name no variable [index-nil-global, index-nil-field, call-nil-method, arith-nil]; a yield in a
-- CLR function [yield-in-sort-comparator]. Python words uncaught errors the same way (luahost.tts_position).
local function moonsharp_message(message)
  if type(message) ~= "string" then return message end
  if find(message, "attempt to", 1, true) then
    message = gsub(message, "attempt to (%a[%a ]-) %a+ '[^']*' %(a (%a+) value%)", "attempt to %1 a %2 value")
  end
  if find(message, "C-call boundary", 1, true) then
    message = gsub(message, "C%-call boundary", "CLR-call boundary")
  end
  if find(message, "to '%a+%.%a+'") then message = gsub(message, "to '%a+%.(%a+)'", "to '%1'") end
  return message
end

-- A caught error's position as MoonSharp writes it, chunk_0:(row,c1-c2) (Python reads the columns from the source)
local position = host.position
local CRASH, crash = __automa_crash_mark, __automa_crash
local function caught(ok, ...)
  if ok then return ok, ... end
  local message = (...)
  if type(message) == "string" and find(message, CRASH, 1, true) then raw.error(message, 0) end -- no catching it
  if type(message) == "string" and find(message, "^chunk_%d+:%d+: ") then message = position(message) end
  return false, moonsharp_message(message)
end

-- pcall of a non-function (a table with __call too) [mm-call]; of tostring on a value whose __tostring would run
-- Lua from a CLR function [tostring-mm-non-string]
local CLR_CALLBACK = "the function passed to pcall cannot be called directly by pcall. wrap in a script function instead."
-- pcall(f) of a coroutine.wrap function that fails crashes MoonSharp (.NET NullReferenceException)
-- [wrap-error-pcall-direct]; through a Lua function it is a plain error [wrap-error-in-function].
local wrapped = raw.setmetatable({}, { __mode = "k" })
local prelude_wrap, prelude_create, raw_yield, running = coroutine.wrap, coroutine.create, coroutine.yield,
  coroutine.running
local function function_arg(fn, name, given)
  if type(fn) ~= "function" then bad_argument(1, name, "function", fn, given) end
end
function coroutine.wrap(...)
  local fn = ...
  function_arg(fn, "wrap", select("#", ...))
  local f = prelude_wrap(fn)
  wrapped[f] = true
  return f
end
function coroutine.create(...)
  local fn = ...
  function_arg(fn, "create", select("#", ...))
  return prelude_create(fn)
end
-- a yield outside a coroutine: Lua's words at the mod's line (MoonSharp positions a library function's error)
function coroutine.yield(...)
  local _, main = running()
  if main then raw.error("attempt to yield from outside a coroutine", 2) end
  return raw_yield(...)
end

function pcall(fn, ...)
  if type(fn) ~= "function" then return false, "attempt to pcall a non-function" end
  if wrapped[fn] then
    local results = raw.pack(raw.pcall(fn, ...))
    if not results[1] then crash("NullReferenceException: Object reference not set to an instance of an object") end
    return raw.unpack(results, 1, results.n)
  end
  if fn == tostring then
    local mt = raw.getmetatable((...))
    if mt ~= nil and raw.rawget(mt, "__tostring") ~= nil then return false, CLR_CALLBACK end
  end
  return caught(raw.pcall(fn, ...))
end

local resume = coroutine.resume
function coroutine.resume(co, ...)
  if type(co) ~= "thread" then raw.error("bad argument #1 to 'resume' (coroutine expected)", 2) end
  return caught(resume(co, ...))
end

function xpcall(fn, handler, ...)
  return raw.xpcall(fn, function(message) return handler(select(2, caught(false, message))) end, ...)
end

-- The library ----------------------------------------------------------------------------------------------
-- No load, loadstring, dofile, loadfile [load-family]; collectgarbage exists and answers nothing
-- [collectgarbage]; package exists [library-tables]; string.dump exists (C Lua bytecode is never made).
load = nil
function collectgarbage() return nil end
package = { loaded = {}, path = "", cpath = "" }
function string.dump() raw.error("string.dump: MoonSharp's bytecode is not emulated", 2) end

-- __gc never runs and weak tables keep their entries [mm-weak-table]: neither is given to Lua 5.2's collector
-- (a __gc that prints crashed the emulator at a reload).
-- Its argument errors in Lua 5.2's words at the mod's line.
function setmetatable(...)
  local t, mt = ...
  if type(t) ~= "table" then bad_argument(1, "setmetatable", "table", t, select("#", ...), -1) end
  if mt ~= nil and type(mt) ~= "table" then raw.error("bad argument #2 to 'setmetatable' (nil or table expected)", 2) end
  if type(mt) == "table" then
    if raw.rawget(mt, "__mode") ~= nil then raw.rawset(mt, "__mode", nil) end
    local gc = raw.rawget(mt, "__gc")
    if gc ~= nil then
      raw.rawset(mt, "__gc", nil)
      local ok, result = raw.pcall(raw.setmetatable, t, mt)
      raw.rawset(mt, "__gc", gc)
      return relay("setmetatable", ok, result)
    end
  end
  return relay("setmetatable", raw.pcall(raw.setmetatable, t, mt))
end

-- string.format: %s takes strings and numbers only, numbers written as tostring does [format-%s-nil]; %e and %E
-- write a three-digit exponent [format-specifiers].
local SPEC = "%%[-+ #0]*%d*%.?%d*[%a%%]"
-- Lua's format's errors are raised again at the mod's line, naming the argument of the whole call.
local plain_formats, plain_count = {}, 0 -- formats with no %s, %e or %E: Lua 5.2's format answers as MoonSharp's
local function format_one(spec, v, index)
  local ok, text = raw.pcall(format, spec, v)
  if ok then return text end
  text = gsub(text, "^bad argument #2 to '%?'", "bad argument #" .. (index + 1) .. " to 'format'")
  raw.error(text, 3)
end
local ms_format
function string.format(...)
  local fmt = ...
  if plain_formats[fmt] then return relay("format", raw.pcall(format, ...)) end
  if type(fmt) ~= "string" then return ms_format(as_string(fmt, 1, "format", select("#", ...)), select(2, ...)) end
  if not find(fmt, "%%[-+ #0]*%d*%.?%d*[eEs]") then
    if plain_count < 1024 then plain_formats[fmt], plain_count = true, plain_count + 1 end
    return relay("format", raw.pcall(format, ...))
  end
  local args, n, out, last, index = { select(2, ...) }, select("#", ...) - 1, {}, 1, 0
  local pos = 1
  while true do
    local s, e = find(fmt, SPEC, pos)
    if s == nil then break end
    out[#out + 1] = raw.sub(fmt, last, s - 1)
    local spec = raw.sub(fmt, s, e)
    local kind = raw.sub(spec, -1)
    if kind == "%" then
      out[#out + 1] = "%"
    else
      index = index + 1
      local v = args[index]
      if kind == "s" then
        if type(v) == "number" then v = number_text(v) end
        if type(v) ~= "string" then
          local got = (index > n) and "no value" or type(v)
          raw.error("bad argument #" .. (index + 1) .. " to 'format' (string expected, got " .. got .. ")", 2)
        end
        out[#out + 1] = format_one(spec, v, index)
      elseif kind == "e" or kind == "E" then
        out[#out + 1] = (gsub(format_one(spec, v, index), "([eE][-+])(%d%d)$", "%10%2"))
      else
        out[#out + 1] = format_one(spec, v, index)
      end
    end
    last, pos = e + 1, e + 1
  end
  out[#out + 1] = raw.sub(fmt, last)
  return raw.concat(out)
end
ms_format = string.format

-- Strings ---------------------------------------------------------------------------------------------------
-- MoonSharp's strings are .NET UTF-16 strings: #'Łódź' is 4, string.byte('é') is 233 and 63 ('?') above U+00FF,
-- positions count code units (an emoji is 2) [non-ascii]; patterns compare each character's low 8 bits (§5). Here
-- strings stay UTF-8 (the wire and the API need it), so a string that is not ASCII goes to ustring.py, which works
-- on its code units; ASCII text (the common case: the connector's traffic) stays with Lua's own functions, which
-- answer the same for it. Whether a string is ASCII is remembered for the strings seen last.
local raw_byte, raw_sub, raw_len, raw_reverse, raw_gmatch = raw.byte, raw.sub, raw.len, raw.reverse, raw.gmatch
-- What a function gives for a string, kept for the strings seen last (at most `most` of them and `budget` in
-- `size`). The last long string asked about (over 40 bytes: Lua 5.2 does not intern it) is kept apart too: found
-- in the table under another string of the same text, it would cost a comparison of the whole text at every call
-- of a loop over it; kept as this very string, it compares at once (a short string's lookup never compares text).
local SHORT = 40
local function string_memo(work, most, budget, size)
  local seen, count, total = {}, 0, 0
  local last, last_value = nil, nil
  return function(s)
    if s == last then
      last = s
      return last_value
    end
    local value = seen[s]
    if value == nil then
      value = work(s)
      local n = size(s, value)
      if count >= most or total + n > budget then seen, count, total = {}, 0, 0 end
      if n <= budget / 4 then seen[s], count, total = value, count + 1, total + n end
    end
    if #s > SHORT then last, last_value = s, value end
    return value
  end
end
local function bytes(s) return #s end
local is_ascii = string_memo(function(s) return not find(s, NON_ASCII) end, 4096, 4194304, bytes)

-- Lua's own function answers as MoonSharp's: not a string (Lua's coercion or its error), or ASCII text. For a
-- pattern, ASCII without %p: MoonSharp's %p is .NET's Char.IsPunctuation, which leaves out $ + < = > ^ ` | ~
-- (read from its source, LuaBase_CLib.cs; not measured), so a pattern with %p goes to patterns.py.
local lua_patterns, lua_pattern_count = {}, 0
local function lua_pattern(p)
  local known = lua_patterns[p]
  if known == nil then
    known = is_ascii(p) and not find(p, "%%[pP]")
    if lua_pattern_count >= 1024 then lua_patterns, lua_pattern_count = {}, 0 end
    lua_patterns[p], lua_pattern_count = known, lua_pattern_count + 1
  end
  return known
end
local function lua_own2(s, p) return is_ascii(s) and lua_pattern(p) end

-- A ustring.py function with the strings as text, or as hex digits of their bytes when they are not UTF-8 (a
-- decimal escape such as "\233" in a script's source makes one byte); its error is raised at `level`.
local HEX = {}
for b = 0, 255 do HEX[raw.char(b)] = format("%02x", b) end
local function hexed(...)
  local args = raw.pack(...)
  for i = 1, args.n do
    if type(args[i]) == "string" then args[i] = gsub(args[i], ".", HEX) end
  end
  return raw.unpack(args, 1, args.n)
end
local function on_units(level, fn, ...)
  local results = raw.pack(raw.pcall(fn, false, ...))
  if not results[1] and find(raw.tostring(results[2]), "codec can't decode", 1, true) then
    results = raw.pack(raw.pcall(fn, true, hexed(...)))
  end
  if not results[1] then raw.error(raw.tostring(results[2]), level) end
  return raw.unpack(results, 2, results.n)
end
local u_sub, u_byte, u_unicode, u_reverse = host.u_sub, host.u_byte, host.u_unicode, host.u_reverse
local u_find, u_match, u_gmatch, u_gsub, u_matches = host.u_find, host.u_match, host.u_gmatch, host.u_gsub,
  host.u_gsub_matches
local u_join = host.u_join

-- A non-ASCII string's UTF-16 code units, worked out once in Lua and kept for the strings seen last (issue 41: a
-- loop of sub, byte and # over a 40,000-character text crossed into Python at every call, 1.3 s where MoonSharp
-- takes 0.06 s): `n` units, each one's code (`code[k]`) and the byte its character starts at (`at[k]`; the halves
-- of a surrogate pair share their character's), `at[n + 1]` one past the end. A string that is not well-formed
-- UTF-8 (a "\233" escape in a script makes one byte) is false: ustring.py reads it.
local function continuation(b) return b ~= nil and b >= 0x80 and b <= 0xBF end
local function utf16_decode(s)
  local len, code, at, n, p = #s, {}, {}, 0, 1
  while p <= len do
    local b, b2, b3, b4 = raw_byte(s, p, p + 3)
    local c, size
    if b < 0x80 then
      c, size = b, 1
    elseif b >= 0xC2 and b <= 0xDF and continuation(b2) then
      c, size = (b - 0xC0) * 64 + b2 - 0x80, 2
    elseif b >= 0xE0 and b <= 0xEF and continuation(b2) and continuation(b3) then
      c, size = (b - 0xE0) * 4096 + (b2 - 0x80) * 64 + b3 - 0x80, 3
      if c < 0x800 or (c >= 0xD800 and c <= 0xDFFF) then return false end
    elseif b >= 0xF0 and b <= 0xF4 and continuation(b2) and continuation(b3) and continuation(b4) then
      c, size = (b - 0xF0) * 262144 + (b2 - 0x80) * 4096 + (b3 - 0x80) * 64 + b4 - 0x80, 4
      if c < 0x10000 or c > 0x10FFFF then return false end
      c = c - 0x10000
      n = n + 1
      code[n], at[n], c = 0xD800 + floor(c / 1024), p, 0xDC00 + c % 1024
    else
      return false
    end
    n = n + 1
    code[n], at[n], p = c, p, p + size
  end
  at[n + 1] = len + 1
  return { n = n, code = code, at = at }
end
local utf16 = string_memo(utf16_decode, 256, 4194304, function(_, u) return u and u.n or 0 end)

-- Lua's string positions (negative from the end) over n units, clamped to 1..n (ustring.py's _range)
local function unit_range(n, i, j)
  if i < 0 then i = n + i + 1 end
  if j < 0 then j = n + j + 1 end
  if i < 1 then i = 1 end
  if j > n then j = n end
  return i, j
end
local function low_half(c) return c >= 0xDC00 and c <= 0xDFFF end
local function high_half(c) return c >= 0xD800 and c <= 0xDBFF end

-- `#` of a string (the operator's helper below) and string.len count code units
local function units_len(s)
  if is_ascii(s) then return #s end
  local u = utf16(s)
  if u then return u.n end
  return (on_units(3, host.u_len, s))
end
function string.len(...)
  local s = ...
  if type(s) ~= "string" then s = as_string(s, 1, "len", select("#", ...)) end
  if is_ascii(s) then return raw_len(s) end
  local u = utf16(s)
  if u then return u.n end
  return on_units(2, host.u_len, s)
end

-- string.sub: a missing i is 1 (MoonSharp's source reads it so, *chosen*); half of a surrogate pair cut off is
-- U+FFFD (as ustring.py writes it)
local REPLACEMENT = "\239\191\189"
function string.sub(...)
  local s, i, j = ...
  if type(s) ~= "string" or (type(i) ~= "number" and i ~= nil) or (type(j) ~= "number" and j ~= nil) then
    local given = select("#", ...)
    s, i, j = as_string(s, 1, "sub", given), as_number(i, 2, "sub", given, true), as_number(j, 3, "sub", given, true)
  end
  if is_ascii(s) then return raw_sub(s, i or 1, j) end
  local u = utf16(s)
  if not u then return on_units(2, u_sub, s, i, j) end
  local first, last = unit_range(u.n, i and whole(i) or 1, j and whole(j) or -1)
  if last < first then return "" end
  local at, from, to, head, tail = u.at, u.at[first], u.at[last + 1] - 1, "", ""
  if low_half(u.code[first]) then head, from = REPLACEMENT, at[first + 1] end
  if high_half(u.code[last]) then tail, to = REPLACEMENT, at[last] - 1 end
  return head .. raw_sub(s, from, to) .. tail
end

-- string.byte: the code unit up to 255, else 63; string.unicode (MoonSharp's own) the code unit
local function unit_values(name, cap, ...)
  local s, i, j = ...
  if type(s) ~= "string" or (type(i) ~= "number" and i ~= nil) or (type(j) ~= "number" and j ~= nil) then
    local given = select("#", ...)
    s, i = as_string(s, 1, name, given), as_number(i, 2, name, given, true)
    j = as_number(j, 3, name, given, true)
  end
  if is_ascii(s) then return raw_byte(s, i, j) end
  local u = utf16(s)
  if not u then return on_units(2, cap and u_byte or u_unicode, s, i, j) end
  i = i and whole(i) or 1
  local first, last = unit_range(u.n, i, j and whole(j) or i)
  local code = u.code
  if first == last then
    local c = code[first]
    return (c > 255 and cap) and 63 or c
  end
  local out = {}
  for k = first, last do
    local c = code[k]
    out[k - first + 1] = (c > 255 and cap) and 63 or c
  end
  return raw.unpack(out, 1, last - first + 1)
end
function string.byte(...) return unit_values("byte", true, ...) end
function string.unicode(...) return unit_values("unicode", false, ...) end
function string.reverse(...)
  local s = ...
  if type(s) ~= "string" then s = as_string(s, 1, "reverse", select("#", ...)) end
  if is_ascii(s) then return raw_reverse(s) end
  return on_units(2, u_reverse, s)
end

-- The pattern functions' arguments: the text, the pattern and (find, match) where to start
local function pattern_args(name, given, s, pattern, init)
  if type(s) ~= "string" or type(pattern) ~= "string" or (type(init) ~= "number" and init ~= nil) then
    s, pattern = as_string(s, 1, name, given, 1), as_string(pattern, 2, name, given, 1)
    init = as_number(init, 3, name, given, true, 1)
  end
  return s, pattern, init
end

-- find and match clamp an init past the end [find-plain-init] (one function in MoonSharp's port)
function string.find(...)
  local s, pattern, init, plain = ...
  s, pattern, init = pattern_args("find", select("#", ...), s, pattern, init)
  if lua_own2(s, pattern) then
    if init ~= nil and init > #s + 1 then init = #s + 1 end
    return relay("find", raw.pcall(find, s, pattern, init, plain))
  end
  return on_units(2, u_find, s, pattern, init, plain and true or false)
end
function string.match(...)
  local s, pattern, init = ...
  s, pattern, init = pattern_args("match", select("#", ...), s, pattern, init)
  if lua_own2(s, pattern) then
    if init ~= nil and init > #s + 1 then init = #s + 1 end
    return relay("match", raw.pcall(raw.match, s, pattern, init))
  end
  return on_units(2, u_match, s, pattern, init)
end
function string.gmatch(...)
  local s, pattern = ...
  s, pattern = pattern_args("gmatch", select("#", ...), s, pattern)
  if lua_own2(s, pattern) then return raw_gmatch(s, pattern) end
  local pos = 0
  return function()
    local results = raw.pack(on_units(3, u_gmatch, s, pattern, pos))
    if results[1] == nil then return nil end
    pos = results[1]
    return raw.unpack(results, 2, results.n)
  end
end
function string.gsub(...)
  local given = select("#", ...)
  local s, pattern, repl, n = ...
  s, pattern = pattern_args("gsub", given, s, pattern)
  n = as_number(n, 4, "gsub", given, true)
  local kind = type(repl)
  if kind ~= "string" and kind ~= "number" and kind ~= "table" and kind ~= "function" then
    raw.error("bad argument #3 to 'gsub' (string/function/table expected)", 2)
  end
  if lua_own2(s, pattern) then return relay("gsub", raw.pcall(gsub, s, pattern, repl, n)) end
  if kind == "number" then repl, kind = number_text(repl), "string" end
  if kind == "string" then return on_units(2, u_gsub, s, pattern, repl, n) end
  -- the matches come back as: their count, then for each the text before it, the match, its captures' count and
  -- its captures; then the text after the last
  local t = on_units(3, u_matches, s, pattern, n)
  local count, out, k, at = t[1], {}, 0, 2
  for _ = 1, count do
    local whole_match, captures = t[at + 1], t[at + 2]
    local value
    if kind == "table" then value = repl[t[at + 3]] else value = repl(raw.unpack(t, at + 3, at + 2 + captures)) end
    if not value then
      value = whole_match
    elseif type(value) == "number" then
      value = number_text(value)
    elseif type(value) ~= "string" then
      raw.error("invalid replacement value (a " .. type(value) .. ")", 2)
    end
    out[k + 1], out[k + 2] = t[at], value
    k, at = k + 2, at + 3 + captures
  end
  out[k + 1] = t[at]
  local result = raw.concat(out)
  if find(result, "\237[\160-\175]") then result = on_units(2, u_join, result) end -- halves of a pair, rejoined
  return result, count
end

-- string.rep: Lua's own, its arguments checked as MoonSharp's (a method call's string is argument #1)
local raw_rep = string.rep
function string.rep(...)
  local s, n, sep = ...
  if type(s) ~= "string" or type(n) ~= "number" or (sep ~= nil and type(sep) ~= "string") then
    local given = select("#", ...)
    s, n = as_string(s, 1, "rep", given), as_number(n, 2, "rep", given)
    if sep ~= nil then sep = as_string(sep, 3, "rep", given) end
  end
  return relay("rep", raw.pcall(raw_rep, s, n, sep))
end

function string.startsWith(s, prefix)
  s, prefix = tostring(s), tostring(prefix)
  return raw_sub(s, 1, #prefix) == prefix
end
function string.endsWith(s, suffix)
  s, suffix = tostring(s), tostring(suffix)
  return #suffix == 0 or raw_sub(s, -#suffix) == suffix
end
function string.contains(s, part) return find(tostring(s), tostring(part), 1, true) ~= nil end

-- string.char of a code up to 65535 is that one character [char-range]; out of that range Lua's "value out of
-- range" (*chosen*: MoonSharp's source may cast the code to a 16-bit char instead); upper and lower map non-ASCII
-- letters
local utf8_char = host.utf8_char
function string.char(...)
  local n, codes, wide = select("#", ...), nil, false
  for i = 1, n do
    local c = select(i, ...)
    if type(c) ~= "number" then
      codes = codes or { ... }
      c = as_number(c, i, "char", n)
      codes[i] = c
    end
    if c < 0 or c > 65535 then raw.error("bad argument #" .. i .. " to 'char' (value out of range)", 2) end
    if c > 127 then wide = true end
  end
  if codes then
    if wide then return utf8_char(raw.unpack(codes, 1, n)) end
    return raw.char(raw.unpack(codes, 1, n))
  end
  if wide then return utf8_char(...) end
  return raw.char(...)
end
-- upper and lower: Lua's own on ASCII text, else the host's mapping (é to É)
local function case_mapping(name, host_map, lua_map)
  return function(...)
    local s = ...
    if type(s) ~= "string" then s = as_string(s, 1, name, select("#", ...)) end
    if not is_ascii(s) then
      local ok, mapped = raw.pcall(host_map, s)
      if ok then return mapped end
    end
    return lua_map(s)
  end
end
string.upper, string.lower = case_mapping("upper", host.upper, raw.upper), case_mapping("lower", host.lower, raw.lower)

-- The table functions' first argument, a table ("bad argument #1 to 'sort' (table expected, got nil)"); Lua's own
-- functions' errors are raised again at the mod's line.
local function table_arg(t, name, given)
  if type(t) ~= "table" then bad_argument(1, name, "table", t, given) end
end

-- table.sort compares strings as .NET's invariant culture does [sort-strings-case]; a yield in its comparator
-- fails as MoonSharp words it [yield-in-sort-comparator].
local culture_sorted = host.culture_sorted
function table.sort(...)
  local t, comp = ...
  table_arg(t, "sort", select("#", ...))
  if comp ~= nil and type(comp) ~= "function" then bad_argument(2, "sort", "function", comp, 2, -1) end
  if comp == nil then
    local n, strings = raw.rawlen(t), true
    for i = 1, n do
      if type(t[i]) ~= "string" then strings = false break end
    end
    if strings and n > 1 then
      local sorted = culture_sorted(t, n)
      for i = 1, n do t[i] = sorted[i] end
      return
    end
  end
  return relay("sort", raw.pcall(raw.sort, t, comp))
end

-- table.concat writes numbers as tostring does
function table.concat(...)
  local t, sep, i, j = ...
  table_arg(t, "concat", select("#", ...))
  i = i or 1
  j = j or raw.rawlen(t)
  for k = i, j do
    if type(t[k]) == "number" then
      local copy = {}
      for m = i, j do
        local v = t[m]
        copy[m] = type(v) == "number" and number_text(v) or v
      end
      return relay("concat", raw.pcall(raw.concat, copy, sep, i, j))
    end
  end
  return relay("concat", raw.pcall(raw.concat, t, sep, i, j))
end

-- table.unpack (and unpack) stop at the first nil [unpack-holes]
function table.unpack(...)
  local t, i, j = ...
  table_arg(t, "unpack", select("#", ...))
  i = i or 1
  if j == nil then
    j = i - 1
    while t[j + 1] ~= nil do j = j + 1 end
  end
  return raw.unpack(t, i, j)
end
unpack = table.unpack

-- bit32: arshift works on signed 32-bit numbers; replace as MoonSharp 2.0 computes it [bit32] (its formula,
-- (n & ~(mask << field)) | ((v << field) & mask), inferred from the one probe)
local band, bor, bnot, lshift = bit32.band, bit32.bor, bit32.bnot, bit32.lshift
function bit32.arshift(x, disp)
  x = band(x, 0xFFFFFFFF)
  if x >= 0x80000000 then x = x - 0x100000000 end
  if disp < 0 then return lshift(x, -disp) end
  return floor(x / 2 ^ disp)
end
function bit32.replace(n, v, field, width)
  width = width or 1
  local mask = 2 ^ width - 1
  return bor(band(n, bnot(lshift(mask, field))), band(lshift(v, field), mask))
end

-- Operators -----------------------------------------------------------------------------------------------
-- What the Lua 5.2 VM's operators cannot be told: the source is rewritten so that `a % b`, `a .. b`, `a >= b`,
-- `#v`, `a + b`, `a - b`, `a * b`, `a / b`, `a ^ b` and `-v` call these (moonsharp/operators.py). They sit between
-- each script's globals and the shared built-ins (prelude.lua's helpers), out of every _G's pairs. An error is
-- raised at the mod's line, in MoonSharp's words.
local helpers = __automa_helpers
local getmetatable, rawget = raw.getmetatable, raw.rawget

local function has_meta(v, event)
  local mt = getmetatable(v)
  return mt ~= nil and rawget(mt, event) ~= nil
end

-- % [modulo-signs]: r = IEEERemainder(a, b) (a - b * the quotient rounded half to even), then r + b if r < 0
helpers.__moonsharp_mod = function(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= "number" or tb ~= "number" then
    if has_meta(a, "__mod") or has_meta(b, "__mod") then return a % b end
    local na, nb = tonumber(a), tonumber(b)
    if na == nil or nb == nil or ta == "table" or tb == "table" then
      raw.error("attempt to perform arithmetic on a " .. (na == nil and ta or tb) .. " value", 2)
    end
    a, b = na, nb
  end
  local q = a / b
  local f = floor(q)
  local d = q - f
  if d > 0.5 or (d == 0.5 and f % 2 == 1) then f = f + 1 end
  local r = a - b * f
  if r ~= r then return r end
  if r < 0 then r = r + b end
  return r
end

-- + - * / ^ and unary - [string-arith]: a string operand is read as tonumber reads it (.NET's double.TryParse,
-- MoonSharp's CastToNumber): '0x10' is no number, so an error. Two numbers take the first line of each helper.
local ms_tonumber = tonumber
local function arith_args(a, b, event)
  if has_meta(a, event) or has_meta(b, event) then return a, b end
  local na, nb = ms_tonumber(a), ms_tonumber(b)
  if na == nil or type(a) == "table" then raw.error("attempt to perform arithmetic on a " .. type(a) .. " value", 3) end
  if nb == nil or type(b) == "table" then raw.error("attempt to perform arithmetic on a " .. type(b) .. " value", 3) end
  return na, nb
end
-- Each helper in three forms: both operands read (__moonsharp_add), or only the one that is no number literal
-- (__moonsharp_add_k(n, 1), __moonsharp_k_sub(1, n)): a number is one type() check away from the VM's operator.
local ARITHMETIC = { add = { "+", "__add" }, sub = { "-", "__sub" }, mul = { "*", "__mul" }, div = { "/", "__div" },
  pow = { "^", "__pow" } }
local HELPER = [[
local type, arith_args = ...
return function(a, b)
  if CHECK then return a OP b end
  a, b = arith_args(a, b, "EVENT")
  return a OP b
end]]
local CHECKS = { [""] = 'type(a) == "number" and type(b) == "number"', _k = 'type(a) == "number"',
  k_ = 'type(b) == "number"' }
for name, op in raw.pairs(ARITHMETIC) do
  for form, check in raw.pairs(CHECKS) do
    local source = gsub(gsub(gsub(HELPER, "CHECK", check), "OP", op[1]), "EVENT", op[2])
    local helper = name .. (form == "_k" and "_k" or "")
    if form == "k_" then helper = "k_" .. name end
    helpers["__moonsharp_" .. helper] = raw.load(source, "=moonsharp arithmetic", "t")(type, arith_args)
  end
end
helpers.__moonsharp_unm = function(a)
  if type(a) == "number" then return -a end
  if has_meta(a, "__unm") then return -a end
  local n = ms_tonumber(a)
  if n == nil or type(a) == "table" then raw.error("attempt to perform arithmetic on a " .. type(a) .. " value", 2) end
  return -n
end

-- .. [concat-numbers]: a number written as tostring writes it (15 digits). A chain a .. b .. c comes as one call;
-- it joins as Lua's does, from the right, a __concat metamethod taking part where one is found.
local function concat_error(v) -- called by concat_pair, called by the helper (never as a tail call): the mod is 4 up
  raw.error("attempt to concatenate a " .. type(v) .. " value", 4)
end

local function concat_pair(a, b)
  local ta, tb = type(a), type(b)
  if ta == "number" then a, ta = number_text(a), "string" end
  if tb == "number" then b, tb = number_text(b), "string" end
  if ta == "string" and tb == "string" then return a .. b end
  if has_meta(a, "__concat") or has_meta(b, "__concat") then return a .. b end
  concat_error(ta ~= "string" and a or b)
end

helpers.__moonsharp_concat = function(a, b, ...)
  local n = select("#", ...)
  if n == 0 then
    if type(a) == "string" and type(b) == "string" then return a .. b end
    local joined = concat_pair(a, b)
    return joined
  end
  if n == 1 and type(a) == "string" and type(b) == "string" then
    local c = ...
    if type(c) == "string" then return a .. b .. c end
  end
  local parts = { a, b, ... }
  n = n + 2
  local plain = true
  for i = 1, n do
    local v = parts[i]
    local tv = type(v)
    if tv == "number" then
      parts[i] = number_text(v)
    elseif tv ~= "string" then
      plain = false
    end
  end
  if plain then return raw.concat(parts, "", 1, n) end
  local result = parts[n]
  for i = n - 1, 1, -1 do result = concat_pair(parts[i], result) end
  return result
end

-- < <= > >=: two strings compare in .NET's culture (MoonSharp's CompareTo under the invariant culture the probes ran
-- in: 'a' < 'B' [sort-strings-case]; text.culture_collation, an approximation); >= [mm-le] through __lt, as
-- not (a < b), for anything but two numbers or two strings; < <= > with metamethods as Lua's (MoonSharp's choice of
-- metamethod for > is not measured). The error at the mod's line.
-- a text whose byte order is the culture's order (kept for the 4,096 strings seen last)
local collation = string_memo(host.culture_collation, 4096, 4194304, bytes)
local function order(a, b) -- -1, 0, 1 for two strings
  if a == b then return 0 end
  local ca, cb = collation(a), collation(b)
  if ca < cb then return -1 end
  return ca == cb and 0 or 1
end
local function compare_error(ta, tb) -- called by a helper, called by the mod
  if ta == tb then raw.error("attempt to compare two " .. ta .. " values", 3) end
  raw.error("attempt to compare " .. ta .. " with " .. tb, 3)
end
helpers.__moonsharp_lt = function(a, b)
  local ta, tb = type(a), type(b)
  if ta == "number" and tb == "number" then return a < b end
  if ta == "string" and tb == "string" then return order(a, b) < 0 end
  if ta == tb and (has_meta(a, "__lt") or has_meta(b, "__lt")) then return a < b end
  compare_error(ta, tb)
end
helpers.__moonsharp_le = function(a, b)
  local ta, tb = type(a), type(b)
  if ta == "number" and tb == "number" then return a <= b end
  if ta == "string" and tb == "string" then return order(a, b) <= 0 end
  if ta == tb and (has_meta(a, "__le") or has_meta(b, "__le") or has_meta(a, "__lt")) then return a <= b end
  compare_error(ta, tb)
end
helpers.__moonsharp_gt = function(a, b)
  local ta, tb = type(a), type(b)
  if ta == "number" and tb == "number" then return a > b end
  if ta == "string" and tb == "string" then return order(a, b) > 0 end
  if ta == tb and (has_meta(a, "__lt") or has_meta(b, "__lt")) then return a > b end
  compare_error(ta, tb)
end
helpers.__moonsharp_ge = function(a, b)
  local ta, tb = type(a), type(b)
  if ta == "number" and tb == "number" then return a >= b end
  if ta == "string" and tb == "string" then return order(a, b) >= 0 end
  if ta == tb and (has_meta(a, "__lt") or has_meta(b, "__lt")) then return not (a < b) end
  compare_error(ta, tb)
end

-- # of a string counts its UTF-16 code units [non-ascii]; # of a table counts to the first nil
-- [len-holes-constructor]. Counting is a pass over the table, so how far a table was counted is kept (weakly):
-- appending costs one step. A nil written below a counted length is not
-- seen until the table shrinks below it (a difference the README lists).
local counted = raw.setmetatable({}, { __mode = "k" })
helpers.__moonsharp_len = function(v)
  local tv = type(v)
  if tv == "string" then return units_len(v) end
  if tv ~= "table" or has_meta(v, "__len") then
    if tv == "table" or has_meta(v, "__len") then return #v end
    raw.error("attempt to get length of a " .. tv .. " value", 2)
  end
  local n = raw.rawlen(v)
  if n <= 8 then -- a small table is counted on the spot, not remembered
    for i = 1, n do
      if rawget(v, i) == nil then return i - 1 end
    end
    return n
  end
  local m = counted[v]
  if m ~= nil and m >= n then
    counted[v] = n
    return n
  end
  for i = (m or 0) + 1, n do
    if rawget(v, i) == nil then
      counted[v] = i - 1
      return i - 1
    end
  end
  counted[v] = n
  return n
end

-- pairs order [pairs-order-mixed]: MoonSharp's tables keep their keys in the order they came (its Table is a
-- linked list of pairs), a constructor's named fields first, in the order written, then its list items; a key set
-- to nil leaves the list and comes back at its end. Lua 5.2 keeps no order (and seeds its string hashes per
-- process). So every table a script's constructor makes (but a list's) gets that constructor's metatable (the source
-- rewrite numbers each constructor and passes its names), invisible to getmetatable:
-- it holds the names in order (once per constructor, not per table), and its __newindex, which Lua runs only for
-- a key the table lacks, records the new key (an existing key is set at Lua's own speed; reads are never slowed).
-- pairs and next give: the names, the list items (up to the length the table had when it first recorded a key),
-- the recorded keys, then any key that came another way (rawset, table.insert) in Lua's order. A table with a
-- metatable of its own, or made by a library function or the API, keeps Lua's order (README).
local raw_next, rawset, rawlen = next, raw.rawset, raw.rawlen
local orders = raw.setmetatable({}, { __mode = "k" }) -- table -> its recorded keys { n, pos, prefix, limit }
local sites, trackers = {}, {} -- constructor number -> its metatable; the metatables (-> true)
local NO_NAMES = { names = {}, pos = {} }

local function whole_index(k, n) return type(k) == "number" and k >= 1 and k <= n and k == floor(k) end

local function compact(o, t)
  local keys, pos, n = {}, {}, 0
  for i = 1, o.n do
    local k = o[i]
    if o.pos[k] == i and rawget(t, k) ~= nil then
      n = n + 1
      keys[n], pos[k] = k, n
    end
  end
  for i = 1, o.n do o[i] = keys[i] end
  o.n, o.pos, o.limit = n, pos, n * 2 + 16
end

local function track_newindex(t, k, v)
  rawset(t, k, v)
  if v == nil then return end
  local o = orders[t]
  if o == nil then
    local length = rawlen(t)
    if k == length then return end -- a list growing while nothing is recorded: its items in order, as MoonSharp's
    o = { n = 0, pos = {}, prefix = length, limit = 16 }
    orders[t] = o
  end
  local n = o.n + 1
  o[n], o.pos[k], o.n = k, n, n
  if n >= o.limit then compact(o, t) end
end

local function tracker(site, ...)
  local mt = sites[site]
  if mt == nil then
    local names, pos = {}, {}
    for i = 1, select("#", ...) do
      local k = select(i, ...)
      if pos[k] == nil then
        names[#names + 1] = k
        pos[k] = #names
      end
    end
    mt = { __newindex = track_newindex, names = names, pos = pos }
    sites[site], trackers[mt] = mt, true
  end
  return mt
end
local PLAIN = tracker(0)
-- the rewritten constructor: (__moonsharp_setmetatable({...}, __moonsharp_sites[N] or __moonsharp_table(N, names))),
-- or __moonsharp_plain without names: Lua's own setmetatable, so that a constructor costs the script few instructions
helpers.__moonsharp_setmetatable, helpers.__moonsharp_sites, helpers.__moonsharp_plain = raw.setmetatable, sites, PLAIN
helpers.__moonsharp_table = tracker

-- The key after k (nil: the first) in the order above, phase by phase: "names", "list", "recorded", "rest".
local function after(t, k, mt, o)
  local names, pos = mt.names, mt.pos
  local recorded = o and o.pos or NO_NAMES.pos
  local prefix = o and o.prefix or rawlen(t)
  local phase, i = "names", 0
  if k ~= nil then
    if recorded[k] ~= nil then
      phase, i = "recorded", recorded[k]
    elseif pos[k] ~= nil then
      i = pos[k]
    elseif whole_index(k, prefix) then
      phase, i = "list", k
    else
      phase = "rest"
    end
  end
  if phase == "names" then
    for j = i + 1, #names do
      local key = names[j]
      local v = rawget(t, key)
      if v ~= nil and recorded[key] == nil then return key, v end
    end
    phase, i = "list", 0
  end
  if phase == "list" then
    for j = i + 1, prefix do
      local v = rawget(t, j)
      if v ~= nil and recorded[j] == nil and pos[j] == nil then return j, v end
    end
    phase, i = "recorded", 0
  end
  if phase == "recorded" then
    if o ~= nil then
      for j = i + 1, o.n do
        local key = o[j]
        if recorded[key] == j then
          local v = rawget(t, key)
          if v ~= nil then return key, v end
        end
      end
    end
    k = nil
  end
  local key, v = raw_next(t, k) -- the rest, in Lua's order, past the keys given above
  while key ~= nil and (pos[key] ~= nil or recorded[key] ~= nil or whole_index(key, prefix)) do
    key, v = raw_next(t, key)
  end
  return key, v
end

local function tracked(t)
  local mt = raw.getmetatable(t)
  if mt ~= nil and trackers[mt] then return mt end
  return nil
end

function next(...)
  local t, k = ...
  if type(t) ~= "table" then bad_argument(1, "next", "table", t, select("#", ...), -1) end
  local mt = tracked(t)
  if not mt or (mt == PLAIN and orders[t] == nil) then return raw_next(t, k) end
  return after(t, k, mt, orders[t])
end

-- pairs of a table in order: its keys listed once, then given one by one (a key cleared on the way is skipped, as
-- Lua's next skips it); next(t, k) alone works the order out from k
local function ordered_keys(t, mt)
  local o, names, pos = orders[t], mt.names, mt.pos
  local recorded, prefix = o and o.pos or NO_NAMES.pos, o and o.prefix or rawlen(t)
  local keys, n = {}, 0
  for j = 1, #names do
    local key = names[j]
    if recorded[key] == nil and rawget(t, key) ~= nil then n = n + 1 keys[n] = key end
  end
  for j = 1, prefix do
    if recorded[j] == nil and pos[j] == nil and rawget(t, j) ~= nil then n = n + 1 keys[n] = j end
  end
  for j = 1, o and o.n or 0 do
    local key = o[j]
    if recorded[key] == j and rawget(t, key) ~= nil then n = n + 1 keys[n] = key end
  end
  for key in raw_next, t do
    if pos[key] == nil and recorded[key] == nil and not whole_index(key, prefix) then n = n + 1 keys[n] = key end
  end
  local i = 0
  return function()
    repeat
      i = i + 1
      local key = keys[i]
      if key == nil then return nil end
      local v = rawget(t, key)
      if v ~= nil then return key, v end
    until false
  end
end

-- What stands for MoonSharp's own C#, charged at a factor while counting per frame (prelude.lua's `native`;
-- tools/emulator/README.md, "Frame budget", gives each source): the bookkeeping of pairs order above is its Table's
-- (ordered natively: not counted, as when the budget's factor was measured); table.concat is a C# library function
-- (LIBRARY: the C function's share of the wrapped call's time in Lua 5.2, times MoonSharp's C# library calls'
-- slowdown over its Lua's); an operator is one VM instruction of MoonSharp's (OPERATOR: about one instruction for the
-- helper's body, which runs about 10 on two numbers or two strings).
local native_work = __automa_native_work
local ORDER, LIBRARY, OPERATOR = 0, 0.5, 0.1
for name, fn in raw.pairs(helpers) do
  if raw.type(fn) == "function" and find(name, "^__moonsharp_") then native_work[fn] = OPERATOR end
end
for _, fn in ipairs({ has_meta, arith_args, concat_pair, order, collation, units_len, is_ascii }) do
  native_work[fn] = OPERATOR
end
for _, fn in ipairs({ table.concat, table_arg, relay }) do native_work[fn] = LIBRARY end
for _, fn in ipairs({ compact, track_newindex, tracker, after, ordered_keys }) do native_work[fn] = ORDER end

function pairs(...)
  local t = ...
  if type(t) ~= "table" then bad_argument(1, "pairs", "table", t, select("#", ...), -1) end
  local mt = raw.getmetatable(t)
  if mt == nil or not trackers[mt] or (mt == PLAIN and orders[t] == nil) then return raw.pairs(t) end -- __pairs too
  local step = ordered_keys(t, mt)
  native_work[step] = ORDER
  return step, t, nil
end

-- A table whose keys came in the order `keys` lists (JSON.decode's objects: TTS's JSON.lua sets them in the text's
-- order), for luahost.py.
function __automa_ordered(t, keys)
  local n = #keys
  local o = { n = n, pos = {}, prefix = 0, limit = n * 2 + 16 }
  for i = 1, n do
    o[i] = keys[i]
    o.pos[keys[i]] = i
  end
  orders[t] = o
  return raw.setmetatable(t, PLAIN)
end

_ENV.getmetatable = function(...) -- the global (the operators' `getmetatable` above is a local: Lua's own)
  local v = ...
  if select("#", ...) == 0 then raw.error("bad argument #1 to 'getmetatable' (value expected)", 2) end
  local mt = raw.getmetatable(v)
  if mt ~= nil and trackers[mt] then return nil end
  return mt
end
