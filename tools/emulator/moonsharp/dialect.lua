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
-- `..` and string.format's %s write a number in the machine's .NET culture (shared/docs/tts-interface.md §5: "a
-- German Windows gives 0,5"); the emulator is the invariant culture unless told the machine writes a decimal comma
-- (Faults.culture "de-DE": what automa doctor checks a real TTS for)
local culture_number = number_text
if host.decimal_comma then
  culture_number = function(v) return (gsub(number_text(v), "%.", ",")) end
end
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

function tostring(v)
  local kind = type(v)
  if kind == "number" then return number_text(v) end
  if kind == "string" then return v end
  if kind == "table" or kind == "userdata" then
    local mt = raw.getmetatable(v)
    if mt ~= nil and raw.rawget(mt, "__tostring") ~= nil then return raw.tostring(v) end
  end
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
function tonumber(v, base)
  if base ~= nil then
    if not BASES[base] then raw.error("bad argument #2 to 'tonumber' (base out of range)", 2) end
    return raw.tonumber(v, base)
  end
  if type(v) == "number" then return v end
  if type(v) ~= "string" then return nil end
  if find(v, "^%s*%-?%d+%.?%d*%s*$") then return raw.tonumber(v) end -- plain decimals: the same in both
  return net_parse(v)
end

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
local prelude_wrap = coroutine.wrap
function coroutine.wrap(fn)
  local f = prelude_wrap(fn)
  wrapped[f] = true
  return f
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
function coroutine.resume(co, ...) return caught(resume(co, ...)) end

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
function setmetatable(t, mt)
  if type(mt) == "table" then
    if raw.rawget(mt, "__mode") ~= nil then raw.rawset(mt, "__mode", nil) end
    local gc = raw.rawget(mt, "__gc")
    if gc ~= nil then
      raw.rawset(mt, "__gc", nil)
      local result = raw.setmetatable(t, mt)
      raw.rawset(mt, "__gc", gc)
      return result
    end
  end
  return raw.setmetatable(t, mt)
end

-- string.format: %s takes strings and numbers only, numbers written as tostring does [format-%s-nil]; %e and %E
-- write a three-digit exponent [format-specifiers].
local SPEC = "%%[-+ #0]*%d*%.?%d*[%a%%]"
local plain_formats, plain_count = {}, 0 -- formats with no %s, %e or %E: Lua 5.2's format answers as MoonSharp's
function string.format(fmt, ...)
  if plain_formats[fmt] then return format(fmt, ...) end
  if type(fmt) ~= "string" or not (find(fmt, "%s", 1, true) or find(fmt, "%%[-+ #0]*%d*%.?%d*[eE]")) then
    if type(fmt) == "string" and plain_count < 1024 then plain_formats[fmt], plain_count = true, plain_count + 1 end
    return format(fmt, ...)
  end
  local args, n, out, last, index = { ... }, select("#", ...), {}, 1, 0
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
        if type(v) == "number" then v = culture_number(v) end
        if type(v) ~= "string" then
          local got = (index > n) and "no value" or type(v)
          raw.error("bad argument #" .. (index + 1) .. " to 'format' (string expected, got " .. got .. ")", 2)
        end
        out[#out + 1] = format(spec, v)
      elseif kind == "e" or kind == "E" then
        out[#out + 1] = (gsub(format(spec, v), "([eE][-+])(%d%d)$", "%10%2"))
      else
        out[#out + 1] = format(spec, v)
      end
    end
    last, pos = e + 1, e + 1
  end
  out[#out + 1] = raw.sub(fmt, last)
  return raw.concat(out)
end

-- Strings ---------------------------------------------------------------------------------------------------
-- MoonSharp's strings are .NET UTF-16 strings: #'Łódź' is 4, string.byte('é') is 233 and 63 ('?') above U+00FF,
-- positions count code units (an emoji is 2) [non-ascii]; patterns compare each character's low 8 bits (§5). Here
-- strings stay UTF-8 (the wire and the API need it), so a string that is not ASCII goes to ustring.py, which works
-- on its code units; ASCII text (the common case: the connector's traffic) stays with Lua's own functions, which
-- answer the same for it. Whether a string is ASCII is remembered for the strings seen last.
local raw_byte, raw_sub, raw_len, raw_reverse, raw_gmatch = raw.byte, raw.sub, raw.len, raw.reverse, raw.gmatch
local ascii_seen, ascii_count, ascii_bytes = {}, 0, 0
local function is_ascii(s)
  local known = ascii_seen[s]
  if known ~= nil then return known end
  known = not find(s, NON_ASCII)
  local n = #s
  if ascii_count >= 4096 or ascii_bytes + n > 4194304 then ascii_seen, ascii_count, ascii_bytes = {}, 0, 0 end
  if n <= 1048576 then ascii_seen[s], ascii_count, ascii_bytes = known, ascii_count + 1, ascii_bytes + n end
  return known
end

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
local function lua_own(s) return type(s) ~= "string" or is_ascii(s) end
local function lua_own2(s, p) return type(s) ~= "string" or type(p) ~= "string" or (is_ascii(s) and lua_pattern(p)) end

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
local u_len, u_sub, u_byte, u_unicode, u_reverse = host.u_len, host.u_sub, host.u_byte, host.u_unicode, host.u_reverse
local u_find, u_match, u_gmatch, u_gsub, u_matches = host.u_find, host.u_match, host.u_gmatch, host.u_gsub,
  host.u_gsub_matches
local u_join = host.u_join

-- `#` of a string (the operator's helper below) and string.len count code units
local function units_len(s)
  if is_ascii(s) then return #s end
  return (on_units(3, u_len, s))
end
function string.len(s)
  if lua_own(s) then return raw_len(s) end
  return on_units(2, u_len, s)
end
function string.sub(s, i, j)
  if lua_own(s) then return raw_sub(s, i, j) end
  return on_units(2, u_sub, s, i, j)
end
-- string.byte: the code unit up to 255, else 63; string.unicode (MoonSharp's own) the code unit
function string.byte(s, i, j)
  if lua_own(s) then return raw_byte(s, i, j) end
  return on_units(2, u_byte, s, i, j)
end
function string.unicode(s, i, j)
  s = tostring(s)
  if is_ascii(s) then return raw_byte(s, i, j) end
  return on_units(2, u_unicode, s, i, j)
end
function string.reverse(s)
  if lua_own(s) then return raw_reverse(s) end
  return on_units(2, u_reverse, s)
end

-- find and match clamp an init past the end [find-plain-init] (one function in MoonSharp's port)
function string.find(s, pattern, init, plain)
  if lua_own2(s, pattern) then
    if init ~= nil and type(s) == "string" and type(init) == "number" and init > #s + 1 then init = #s + 1 end
    return find(s, pattern, init, plain)
  end
  return on_units(2, u_find, s, pattern, init, plain and true or false)
end
function string.match(s, pattern, init)
  if lua_own2(s, pattern) then
    if init ~= nil and type(s) == "string" and type(init) == "number" and init > #s + 1 then init = #s + 1 end
    return raw.match(s, pattern, init)
  end
  return on_units(2, u_match, s, pattern, init)
end
function string.gmatch(s, pattern)
  if lua_own2(s, pattern) then return raw_gmatch(s, pattern) end
  local pos = 0
  return function()
    local results = raw.pack(on_units(3, u_gmatch, s, pattern, pos))
    if results[1] == nil then return nil end
    pos = results[1]
    return raw.unpack(results, 2, results.n)
  end
end
function string.gsub(s, pattern, repl, n)
  if lua_own2(s, pattern) then return gsub(s, pattern, repl, n) end
  local kind = type(repl)
  if kind == "number" then repl, kind = number_text(repl), "string" end
  if kind == "string" then return on_units(2, u_gsub, s, pattern, repl, n) end
  if kind ~= "table" and kind ~= "function" then
    raw.error("bad argument #3 to 'gsub' (string/function/table expected, got " .. kind .. ")", 2)
  end
  -- the matches come back as: their count, then for each the text before it, the match, its captures' count and
  -- its captures; then the text after the last
  local t = on_units(3, u_matches, s, pattern, n)
  local count, out, k, at = t[1], {}, 0, 2
  for _ = 1, count do
    local whole, captures = t[at + 1], t[at + 2]
    local value
    if kind == "table" then value = repl[t[at + 3]] else value = repl(raw.unpack(t, at + 3, at + 2 + captures)) end
    if not value then
      value = whole
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

function string.startsWith(s, prefix)
  s, prefix = tostring(s), tostring(prefix)
  return raw_sub(s, 1, #prefix) == prefix
end
function string.endsWith(s, suffix)
  s, suffix = tostring(s), tostring(suffix)
  return #suffix == 0 or raw_sub(s, -#suffix) == suffix
end
function string.contains(s, part) return find(tostring(s), tostring(part), 1, true) ~= nil end

-- string.char of a code up to 65535 is that one character [char-range]; upper and lower map non-ASCII letters
local utf8_char = host.utf8_char
function string.char(...)
  local n = select("#", ...)
  for i = 1, n do
    local c = select(i, ...)
    if type(c) == "number" and c > 127 then return utf8_char(...) end
  end
  return raw.char(...)
end
-- upper and lower: Lua's own on text it handles as MoonSharp does, else the host's mapping (é to É)
local function case_mapping(host_map, lua_map)
  return function(s)
    if not lua_own(s) then
      local ok, mapped = raw.pcall(host_map, s)
      if ok then return mapped end
    end
    return lua_map(s)
  end
end
string.upper, string.lower = case_mapping(host.upper, raw.upper), case_mapping(host.lower, raw.lower)

-- table.sort compares strings as .NET's invariant culture does [sort-strings-case]; a yield in its comparator
-- fails as MoonSharp words it [yield-in-sort-comparator].
local culture_sorted = host.culture_sorted
function table.sort(t, comp)
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
  return raw.sort(t, comp)
end

-- table.concat writes numbers as tostring does
function table.concat(t, sep, i, j)
  i = i or 1
  j = j or raw.rawlen(t)
  for k = i, j do
    if type(t[k]) == "number" then
      local copy = {}
      for m = i, j do
        local v = t[m]
        copy[m - i + 1] = type(v) == "number" and number_text(v) or v
      end
      return raw.concat(copy, sep)
    end
  end
  return raw.concat(t, sep, i, j)
end

-- table.unpack (and unpack) stop at the first nil [unpack-holes]
function table.unpack(t, i, j)
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
  if ta == "number" then a, ta = culture_number(a), "string" end
  if tb == "number" then b, tb = culture_number(b), "string" end
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
      parts[i] = culture_number(v)
    elseif tv ~= "string" then
      plain = false
    end
  end
  if plain then return raw.concat(parts, "", 1, n) end
  local result = parts[n]
  for i = n - 1, 1, -1 do result = concat_pair(parts[i], result) end
  return result
end

-- >= [mm-le]: through __lt, as not (a < b), for anything but two numbers or two strings
helpers.__moonsharp_ge = function(a, b)
  local ta, tb = type(a), type(b)
  if (ta == "number" and tb == "number") or (ta == "string" and tb == "string") then return a >= b end
  if ta == tb and (has_meta(a, "__lt") or has_meta(b, "__lt")) then return not (a < b) end
  if ta == tb then raw.error("attempt to compare two " .. ta .. " values", 2) end
  raw.error("attempt to compare " .. ta .. " with " .. tb, 2)
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
