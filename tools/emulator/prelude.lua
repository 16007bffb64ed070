-- The emulator's Lua half of the TTS API: Vector, JSON.encode, object proxies.
-- Runs once per Lua runtime, before any mod script. `__host` is the Python host, passed in by the loader;
-- everything it provides is reached through plain functions (Lua never sees Python attributes).
local host = ...
-- The raw Lua 5.2 functions the emulator's own machinery uses: the MoonSharp layer (tools/emulator/moonsharp/
-- dialect.lua, run after this file) replaces the globals with MoonSharp's behaviour for the mods' scripts.
local pcall, error, tostring, setmetatable, type, select = pcall, error, tostring, setmetatable, type, select

-- MoonSharp keeps Lua 5.1's global unpack, and pack beside it (issue 17: real mods call both)
unpack = table.unpack
pack = table.pack

-- Vector --------------------------------------------------------------------------------------------------
-- As the API reference documents it (docs/vector.md of Berserk-Games/Tabletop-Simulator-API): a class in pure Lua,
-- its methods called with a colon or as statics (Vector.dot(a, b)); arithmetic methods change self and return it;
-- == is Vector.equals with its default margin (squared distance under 0.001: "~0.03" apart).
local AXIS = { "x", "y", "z" }
local INDEX = { x = 1, y = 2, z = 3 }
local VectorMeta = {}
local VectorClass = {}
local construct

VectorMeta.__index = function(v, k)
  if type(k) == "number" then return rawget(v, AXIS[k]) end
  return VectorClass[k]
end
VectorMeta.__newindex = function(v, k, value)
  if type(k) == "number" and AXIS[k] then rawset(v, AXIS[k], value) else rawset(v, k, value) end
end
VectorMeta.__add = function(a, b) return construct(a.x + b.x, a.y + b.y, a.z + b.z) end
VectorMeta.__sub = function(a, b) return construct(a.x - b.x, a.y - b.y, a.z - b.z) end
VectorMeta.__mul = function(a, b)
  if type(a) == "number" then a, b = b, a end
  return construct(a.x * b, a.y * b, a.z * b)
end
VectorMeta.__unm = function(a) return construct(-a.x, -a.y, -a.z) end
VectorMeta.__eq = function(a, b) return VectorClass.equals(a, b) end
VectorMeta.__tostring = function(v) return VectorClass.string(v, "Vector") end

construct = function(x, y, z)
  if type(x) == "table" then
    return construct(x.x or x[1] or 0, x.y or x[2] or 0, x.z or x[3] or 0)
  end
  return setmetatable({ x = x or 0, y = y or 0, z = z or 0 }, VectorMeta)
end
__automa_vector = construct

local sqrt, deg, acos, atan2 = math.sqrt, math.deg, math.acos, math.atan2 or math.atan
local rad, cos, sin, min, max = math.rad, math.cos, math.sin, math.min, math.max

function VectorClass.new(...) return construct(...) end
function VectorClass.setAt(v, k, value) v[INDEX[k] or k] = value return v end
function VectorClass.set(v, x, y, z)
  v.x, v.y, v.z = x or v.x, y or v.y, z or v.z
  return v
end
function VectorClass.get(v) return v.x, v.y, v.z end
function VectorClass.copy(v) return construct(v.x, v.y, v.z) end
function VectorClass.sqrMagnitude(v) return v.x * v.x + v.y * v.y + v.z * v.z end
function VectorClass.magnitude(v) return sqrt(VectorClass.sqrMagnitude(v)) end
function VectorClass.sqrDistance(a, b) return VectorClass.sqrMagnitude(a - b) end
function VectorClass.distance(a, b) return sqrt(VectorClass.sqrDistance(a, b)) end
function VectorClass.equals(a, b, margin) return VectorClass.sqrDistance(a, b) < (margin or 0.001) end
function VectorClass.min(a, b) return construct(min(a.x, b.x), min(a.y, b.y), min(a.z, b.z)) end
function VectorClass.max(a, b) return construct(max(a.x, b.x), max(a.y, b.y), max(a.z, b.z)) end
function VectorClass.between(a, b) return b - a end
function VectorClass.lerp(a, b, t)
  t = min(1, max(0, t))
  return construct(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t)
end
function VectorClass.dot(a, b) return a.x * b.x + a.y * b.y + a.z * b.z end
function VectorClass.cross(a, b)
  return construct(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
end
function VectorClass.angle(a, b)
  local d = sqrt(VectorClass.sqrMagnitude(a) * VectorClass.sqrMagnitude(b))
  if d == 0 then return 0 end
  return deg(acos(min(1, max(-1, VectorClass.dot(a, b) / d))))
end
function VectorClass.add(v, o) v.x, v.y, v.z = v.x + o.x, v.y + o.y, v.z + o.z return v end
function VectorClass.sub(v, o) v.x, v.y, v.z = v.x - o.x, v.y - o.y, v.z - o.z return v end
function VectorClass.inverse(v) v.x, v.y, v.z = -v.x, -v.y, -v.z return v end
function VectorClass.scale(v, k)
  if type(k) == "number" then v.x, v.y, v.z = v.x * k, v.y * k, v.z * k
  else v.x, v.y, v.z = v.x * k.x, v.y * k.y, v.z * k.z end
  return v
end
function VectorClass.clamp(v, limit)
  local m = VectorClass.magnitude(v)
  if m > limit then VectorClass.scale(v, limit / m) end
  return v
end
function VectorClass.normalize(v)
  local m = VectorClass.magnitude(v)
  if m > 0 then VectorClass.scale(v, 1 / m) end
  return v
end
function VectorClass.normalized(v) return VectorClass.normalize(VectorClass.copy(v)) end
function VectorClass.project(v, o)
  local k = VectorClass.dot(v, o) / VectorClass.sqrMagnitude(o)
  v.x, v.y, v.z = o.x * k, o.y * k, o.z * k
  return v
end
function VectorClass.projectOnPlane(v, n)
  local k = VectorClass.dot(v, n) / VectorClass.sqrMagnitude(n)
  v.x, v.y, v.z = v.x - n.x * k, v.y - n.y * k, v.z - n.z * k
  return v
end
function VectorClass.reflect(v, n)
  local u = VectorClass.normalized(n)
  local k = 2 * VectorClass.dot(v, u)
  v.x, v.y, v.z = v.x - u.x * k, v.y - u.y * k, v.z - u.z * k
  return v
end
function VectorClass.moveTowards(v, target, limit)
  local step = target - v
  local m = VectorClass.magnitude(step)
  if m <= limit or m == 0 then return VectorClass.set(v, target.x, target.y, target.z) end
  return VectorClass.add(v, VectorClass.scale(step, limit / m))
end
function VectorClass.rotateTowards(v, target, maxAngle)
  -- the direction turns by up to maxAngle degrees in the plane of the two (no overshoot; negative: away, up to
  -- the opposite direction); the length stays self's, as the reference's example shows
  local length, between = VectorClass.magnitude(v), VectorClass.angle(v, target)
  if length == 0 or VectorClass.magnitude(target) == 0 then return v end
  local turn = min(between, maxAngle)
  if maxAngle < 0 then turn = max(between - 180, maxAngle) end
  local a = VectorClass.normalized(v)
  local axis = VectorClass.cross(a, target)
  if VectorClass.sqrMagnitude(axis) < 1e-12 then return v end
  VectorClass.normalize(axis)
  local ortho = VectorClass.cross(axis, a) -- in the plane, a quarter turn from a towards target
  local t = rad(turn)
  local dir = a * cos(t) + ortho * sin(t)
  return VectorClass.set(v, dir.x * length, dir.y * length, dir.z * length)
end
function VectorClass.rotateOver(v, axis, angle)
  local t = rad(angle)
  local c, s = cos(t), sin(t)
  local x, y, z = v.x, v.y, v.z
  if axis == "x" then v.y, v.z = y * c - z * s, y * s + z * c
  elseif axis == "y" then v.x, v.z = x * c + z * s, -x * s + z * c
  elseif axis == "z" then v.x, v.y = x * c - y * s, x * s + y * c
  else error("rotateOver: the axis is 'x', 'y' or 'z', not " .. tostring(axis), 2) end
  return v
end
function VectorClass.heading(v, axis)
  -- the angle of the vector about an axis, from its two other components in order (z: atan2(x, y), as the
  -- reference's example; x and y alike, *chosen*)
  if axis == "x" then return deg(atan2(v.y, v.z)) end
  if axis == "y" then return deg(atan2(v.x, v.z)) end
  return deg(atan2(v.x, v.y))
end
function VectorClass.string(v, prefix)
  return (prefix or "Vector") .. ": { " .. tostring(v.x) .. ", " .. tostring(v.y) .. ", " .. tostring(v.z) .. " }"
end

Vector = setmetatable(VectorClass, { __call = function(_, ...) return construct(...) end })
vector = construct

-- Color ---------------------------------------------------------------------------------------------------
-- As the API reference documents it (docs/color.md, the player colours of docs/player-color.md).
local CHANNEL = { "r", "g", "b", "a" }
local CHANNEL_INDEX = { r = 1, g = 2, b = 3, a = 4 }
local ColorMeta, ColorClass = {}, {}
local named, order = {}, {}
local new_color

ColorMeta.__index = function(c, k)
  if type(k) == "number" then return rawget(c, CHANNEL[k]) end
  return ColorClass[k]
end
ColorMeta.__newindex = function(c, k, value)
  if type(k) == "number" and CHANNEL[k] then rawset(c, CHANNEL[k], value) else rawset(c, k, value) end
end
ColorMeta.__eq = function(a, b) return ColorClass.equals(a, b) end
ColorMeta.__tostring = function(c) return ColorClass.dump(c, "Color") end

new_color = function(r, g, b, a)
  if type(r) == "table" then
    return new_color(r.r or r[1] or 0, r.g or r[2] or 0, r.b or r[3] or 0, r.a or r[4] or 1)
  end
  return setmetatable({ r = r or 0, g = g or 0, b = b or 0, a = a or 1 }, ColorMeta)
end

function ColorClass.new(...) return new_color(...) end
function ColorClass.fromString(name)
  local found = named[string.lower(tostring(name))]
  if found == nil then error("Color.fromString: no colour named " .. tostring(name), 2) end
  return ColorClass.copy(found)
end
function ColorClass.setAt(c, k, value) c[CHANNEL_INDEX[k] or k] = value return c end
function ColorClass.set(c, r, g, b, a)
  c.r, c.g, c.b, c.a = r or c.r, g or c.g, b or c.b, a or c.a
  return c
end
function ColorClass.get(c) return c.r, c.g, c.b, c.a end
function ColorClass.copy(c) return new_color(c.r, c.g, c.b, c.a) end
function ColorClass.equals(c, o, tolerance)
  tolerance = tolerance or 0.01
  for _, k in ipairs(CHANNEL) do
    if math.abs(c[k] - (o[k] or (k == "a" and 1 or 0))) > tolerance then return false end
  end
  return true
end
function ColorClass.toString(c, tolerance)
  for _, name in ipairs(order) do
    if ColorClass.equals(c, named[string.lower(name)], tolerance) then return name end
  end
  return nil
end
function ColorClass.toHex(c, includeAlpha)
  local function byte(v) return string.format("%02x", math.floor(math.min(1, math.max(0, v)) * 255 + 0.5)) end
  return byte(c.r) .. byte(c.g) .. byte(c.b) .. (includeAlpha == false and "" or byte(c.a))
end
function ColorClass.lerp(c, o, t)
  t = math.min(1, math.max(0, t))
  return new_color(c.r + (o.r - c.r) * t, c.g + (o.g - c.g) * t, c.b + (o.b - c.b) * t, c.a + (o.a - c.a) * t)
end
function ColorClass.dump(c, prefix)
  local name = ColorClass.toString(c)
  return (prefix or "Color") .. ": " .. (name and (name .. " ") or "") .. "{ r = " .. tostring(c.r) .. ", g = " ..
    tostring(c.g) .. ", b = " .. tostring(c.b) .. ", a = " .. tostring(c.a) .. " }"
end
function ColorClass.Add(name, c)
  if named[string.lower(name)] == nil then order[#order + 1] = name end
  named[string.lower(name)] = new_color(c)
end
ColorClass.add = ColorClass.Add -- the Atom plugin lists it in lower case too
function ColorClass.fromHex(hex)
  -- "RRGGBB" or "RRGGBBAA", with or without "#" (api: Color)
  local digits = tostring(hex):gsub("^#", "")
  if not digits:match("^%x%x%x%x%x%x$") and not digits:match("^%x%x%x%x%x%x%x%x$") then
    error("Color.fromHex: " .. tostring(hex) .. " is not RRGGBB or RRGGBBAA", 2)
  end
  local function byte(i) return tonumber(digits:sub(i, i + 1), 16) / 255 end
  return new_color(byte(1), byte(3), byte(5), #digits == 8 and byte(7) or 1)
end
for _, entry in ipairs({
  { "White", 1, 1, 1 }, { "Brown", 0.443, 0.231, 0.09 }, { "Red", 0.856, 0.1, 0.094 },
  { "Orange", 0.956, 0.392, 0.113 }, { "Yellow", 0.905, 0.898, 0.172 }, { "Green", 0.192, 0.701, 0.168 },
  { "Teal", 0.129, 0.694, 0.607 }, { "Blue", 0.118, 0.53, 1 }, { "Purple", 0.627, 0.125, 0.941 },
  { "Pink", 0.96, 0.439, 0.807 }, { "Grey", 0.5, 0.5, 0.5 }, { "Black", 0.25, 0.25, 0.25 },
}) do
  ColorClass.Add(entry[1], { r = entry[2], g = entry[3], b = entry[4], a = 1 })
end

Color = setmetatable(ColorClass, {
  __call = function(_, ...) return new_color(...) end,
  __index = function(_, k)
    if k == "list" then
      local out = {}
      for i, name in ipairs(order) do out[i] = name end
      return out
    end
    local found = type(k) == "string" and named[string.lower(k)]
    return found and ColorClass.copy(found) or nil -- Color.Blue, Color.blue: a copy of that colour
  end,
})
color = new_color
__automa_color = new_color

-- "Converts a Player Color string into a Color Table for tinting" (api: base)
function stringColorToRGB(name)
  local found = named[string.lower(tostring(name))]
  return found and ColorClass.copy(found) or nil
end

-- Time ----------------------------------------------------------------------------------------------------
-- "provides access to Unity's time information", read only (api: Time): seconds on the emulated frame clock, a
-- frame of 1/60 s, physics ticks 90 times a second (api events: onFixedUpdate)
Time = setmetatable({}, {
  __index = function(_, k)
    if k == "time" then return host.now() end
    if k == "frame_count" then return host.frame() end
    if k == "fixed_time" then return math.floor(host.now() * 90) / 90 end -- the last physics tick
    if k == "delta_time" then return 1 / 60 end
    if k == "fixed_delta_time" then return 1 / 90 end
    return nil
  end,
  __newindex = function(_, k) error("Time." .. tostring(k) .. " is read only", 2) end,
})

-- Turns ---------------------------------------------------------------------------------------------------
-- "the in-game turns system" (api: Turns): its member variables as the save's Turns section gives them (filled in
-- by the API), and the next and previous colour in the turn order: the custom order (type 2), else the seated
-- players in seat order (type 1); reversed with reverse_order.
Turns = {
  enable = false, type = 1, order = {}, reverse_order = false, skip_empty_hands = false,
  disable_interactations = false, pass_turns = true, turn_color = "",
}
local function turn_sequence()
  local seq = {}
  local source = Turns.type == 2 and Turns.order or getSeatedPlayers()
  for _, c in ipairs(source) do seq[#seq + 1] = c end
  return seq
end
local function turn_step(by)
  local seq = turn_sequence()
  if #seq == 0 then return "" end
  if Turns.reverse_order then by = -by end
  for i, c in ipairs(seq) do
    if c == Turns.turn_color then return seq[(i - 1 + by) % #seq + 1] end
  end
  return seq[1]
end
function Turns.getNextTurnColor() return turn_step(1) end
function Turns.getTurnOrder() return turn_sequence() end
-- "Ends the current turn" (api: Turns): the turn passes to the next colour
function Turns.endTurn()
  if not Turns.enable then return false end
  local previous = Turns.turn_color
  Turns.turn_color = turn_step(1)
  -- onPlayerTurn(player, previous_player) (api events)
  host.fire("onPlayerTurn", Player[Turns.turn_color], previous ~= "" and Player[previous] or nil)
  return true
end
function Turns.getPreviousTurnColor() return turn_step(-1) end

-- JSON ----------------------------------------------------------------------------------------------------
-- TTS's JSON module is Berserk-Games' JSON.lua running inside MoonSharp (shared/docs/tts-interface.md, "MoonSharp
-- dialect"); this one writes what it writes, in Lua for speed, with the MoonSharp-specific parts in Python
-- (tools/emulator/moonsharp/text.py):
-- - a string escapes '"', '\\', \n \r \t \b \f and other control characters; a non-ASCII character whose low 8
--   bits fall in that class is written \u003f, as MoonSharp's patterns and string.byte make JSON.lua do;
-- - numbers as MoonSharp's tostring writes them (15 significant digits), NaN as null, infinity (and MoonSharp's
--   math.huge, the largest double) as 1e+9999;
-- - a table with only keys 1..n (holes too) is an array; an empty table is []; otherwise an object whose keys are
--   sorted (number keys written as strings); a key of another type, a function, an Object or a cycle is an error.
-- decode is Python's json after JSON.lua's \uXXXX handling under MoonSharp (one character per UTF-8 byte).
local find, gsub, format, floor, concat, sort = string.find, string.gsub, string.format, math.floor, table.concat,
  table.sort
local json_lua_string, ms_number = host.json_lua_string, nil
local JSON_ESCAPES = { ['"'] = '\\"', ["\\"] = "\\\\", ["\b"] = "\\b", ["\f"] = "\\f", ["\n"] = "\\n",
  ["\r"] = "\\r", ["\t"] = "\\t" }
local function escape_char(c)
  return JSON_ESCAPES[c] or format("\\u%04x", string.byte(c))
end
local ESCAPED = '[%z\1-\31"\\]'

local function quote(s)
  if find(s, "[\128-\255]") then return json_lua_string(s) end
  if find(s, ESCAPED) then s = gsub(s, ESCAPED, escape_char) end
  return '"' .. s .. '"'
end

-- MoonSharp's tostring of a number: .NET's 15 significant digits, E in exponents, -0 as 0 (the dialect's
-- "numbers" probes), the decimal separator of the machine's culture (host.decimal: moonsharp/numbers.py)
local DBL_MAX = 1.7976931348623157e308
ms_number = function(v)
  if v ~= v then return "NaN" end
  if v == 1 / 0 then return "Infinity" end
  if v == -1 / 0 then return "-Infinity" end
  if v == floor(v) and v > -1e15 and v < 1e15 then return format("%d", v) end
  if host.decimal ~= "." then return (gsub(gsub(format("%.15g", v), "e", "E"), "%.", host.decimal)) end
  return (gsub(format("%.15g", v), "e", "E"))
end
__automa_number_text = ms_number

local function number(v)
  if v ~= v then return "null" end
  if v >= DBL_MAX then return "1e+9999" end
  if v <= -DBL_MAX then return "-1e+9999" end
  return ms_number(v)
end

local encode_value

local function encode_table(t, out, n, parents)
  if rawget(t, "__automa_guid") then error("JSON.encode() - can't convert userdata to JSON (an Object: send its GUID)", 0) end
  if parents[t] then error("JSON.encode() - table " .. tostring(t) .. " is a child of itself", 0) end
  local strings, numbers, number_as_string, most = {}, {}, false, nil
  for k in pairs(t) do
    local tk = type(k)
    if tk == "string" then
      strings[#strings + 1] = k
    elseif tk == "number" then
      numbers[#numbers + 1] = k
      if k <= 0 or k >= DBL_MAX then number_as_string = true elseif most == nil or k > most then most = k end
    else
      error("JSON.encode() can't encode table with a key of type" .. tk, 0)
    end
  end
  parents[t] = true
  if #strings == 0 and not number_as_string then
    n = n + 1
    out[n] = "["
    if most ~= nil then
      for i = 1, most do
        if i > 1 then n = n + 1 out[n] = "," end
        n = encode_value(t[i], out, n, parents)
      end
    end
    n = n + 1
    out[n] = "]"
    parents[t] = false
    return n
  end
  local map = t
  if #numbers > 0 then
    map = {}
    for k, v in pairs(t) do map[k] = v end
    sort(numbers)
    for _, k in ipairs(numbers) do
      local key = ms_number(k)
      if map[key] ~= nil then
        error("JSON.encode() - conflict converting table with mixed-type keys into a JSON object: key " .. key ..
          " exists both as a string and a number.", 0)
      end
      strings[#strings + 1] = key
      map[key] = t[k]
    end
  end
  sort(strings)
  n = n + 1
  out[n] = "{"
  for i, k in ipairs(strings) do
    n = n + 1
    out[n] = (i > 1 and "," or "") .. quote(k) .. ":"
    n = encode_value(map[k], out, n, parents)
  end
  n = n + 1
  out[n] = "}"
  parents[t] = false
  return n
end

encode_value = function(v, out, n, parents)
  local tv = type(v)
  n = n + 1
  if tv == "string" then
    out[n] = quote(v)
  elseif tv == "number" then
    out[n] = number(v)
  elseif tv == "boolean" then
    out[n] = v and "true" or "false"
  elseif tv == "table" then
    return encode_table(v, out, n - 1, parents)
  elseif v == nil then
    out[n] = "null"
  else
    error("JSON.encode() - can't convert " .. tv .. " to JSON", 0)
  end
  return n
end

JSON = {}
function JSON.encode(value)
  local out = {}
  encode_value(value, out, 0, {})
  return concat(out)
end
JSON.encode_pretty = JSON.encode

-- Functions of the emulator's own Lua that stand for work TTS does in C# (its getters and API calls; MoonSharp's
-- library functions, operators and pairs order: moonsharp/dialect.lua), each mapped to the factor its instructions
-- are charged at (tools/emulator/README.md, "Frame budget", gives each factor and its source). While counting per
-- frame, the hook's look falls in one of them in proportion to the instructions it runs: those are `booked`, and go
-- into `total` at their factor (the meter below). Only the running function is asked, so a script's own function
-- that one of them calls (a metamethod, a comparator, a callback) still counts one for one.
local native = setmetatable({}, { __mode = "k" })
__automa_native_work = native
local GETTER = 0.25 -- issue 38: "a C# getter measured under MoonSharp costs about a quarter of the stub's"

-- Python errors as Lua errors ------------------------------------------------------------------------------
-- A Python exception inside an API call becomes a Lua error raised at the calling line of the mod's script,
-- so it carries a chunk position as in TTS, and pcall in the mod sees a string.
local function rethrow(ok, ...)
  if ok then return ... end
  error(tostring((...)), 2)
end

function __automa_wrap(fn)
  local api = function(...) return rethrow(pcall(fn, ...)) end
  native[api] = GETTER -- a TTS API function: C#
  return api
end

-- a Lua function, as JSON.lua's is (type, pcall); its error a string at the mod's line, never a Python exception
local json_decode = host.json_decode
function JSON.decode(text) return rethrow(pcall(json_decode, text)) end

-- Object proxies ------------------------------------------------------------------------------------------
-- One table per GUID, so == compares objects as TTS does. Methods are closures bound to the GUID; a colon call
-- (obj:method()) passes the object itself first, which is dropped.
local call, get, set, methods = host.call, host.get, host.set, host.methods
local proxies = {}

-- The emulator's own speed-up, invisible to a mod: an object's plain fields are fetched from Python in one call
-- and kept while nothing can have changed them. `cache.gen` moves on at every entry into Lua and at every API call
-- that may change an object (the host bumps it), so a cached field is never stale; getters build fresh values
-- (a new Vector, a new tags table) each time, as TTS does.
local cache = { gen = 0 }
__automa_cache = cache
local mirrors, asked, fields = {}, {}, host.fields
-- the Vector a getter gives (TTS's C# builds it; a script's Vector(...) is the Lua class's, counted in full)
local function getter_vector(x, y, z) return setmetatable({ x = x, y = y, z = z }, VectorMeta) end
local function mirror(guid)
  local m = mirrors[guid]
  if m == nil or m.gen ~= cache.gen then
    -- the first read of an object in a generation goes straight to the host (one field is cheaper so); a
    -- second read fetches them all
    if asked[guid] ~= cache.gen then
      asked[guid] = cache.gen
      return nil
    end
    local id, kind, name, nickname, description, gm_notes, memo, tags, px, py, pz, rx, ry, rz, sx, sy, sz, locked,
      value, state, rotation_value = fields(guid)
    if id == nil then return nil end
    m = { gen = cache.gen, guid = id, type = kind, name = name, nickname = nickname, description = description,
      gm_notes = gm_notes, memo = memo, tags = tags, px = px, py = py, pz = pz, rx = rx, ry = ry, rz = rz, sx = sx,
      sy = sy, sz = sz, locked = locked, value = value, state = state, rotation_value = rotation_value }
    mirrors[guid] = m
  end
  return m
end
local function copy_tags(m)
  local out = {}
  if m.tags ~= nil then
    for i, t in ipairs(m.tags) do out[i] = t end
  end
  return out
end
local FAST_METHODS = {
  getGUID = function(m) return m.guid end,
  getName = function(m) return m.nickname end,
  getDescription = function(m) return m.description end,
  getGMNotes = function(m) return m.gm_notes end,
  getTags = copy_tags,
  getPosition = function(m) return getter_vector(m.px, m.py, m.pz) end,
  getRotation = function(m) return getter_vector(m.rx, m.ry, m.rz) end,
  getScale = function(m) return getter_vector(m.sx, m.sy, m.sz) end,
  getLock = function(m) return m.locked end,
  getStateId = function(m) return m.state end,
  getRotationValue = function(m) return m.rotation_value end,
}
local FAST_PROPERTIES = { guid = "guid", type = "type", name = "name", memo = "memo", value = "value",
  locked = "locked" }

-- A method call through the host; a colon call (obj:method()) passes the object itself first, which is dropped.
-- Tail calls all the way, so rethrow's error lands on the mod's line.
local function through_host(p, guid, k, ...)
  if select("#", ...) > 0 and (...) == p then return rethrow(pcall(call, guid, k, select(2, ...))) end
  return rethrow(pcall(call, guid, k, ...))
end

local ObjectMeta = {}
ObjectMeta.__index = function(p, k)
  local guid = rawget(p, "__automa_guid")
  local field = FAST_PROPERTIES[k]
  if field ~= nil then
    local m = mirror(guid)
    if m ~= nil then return m[field] end
  end
  local fast = FAST_METHODS[k]
  if fast ~= nil then
    local bound = function(...)
      local m = mirror(guid)
      if m ~= nil then return fast(m) end
      return through_host(p, guid, k, ...)
    end
    native[bound] = GETTER
    rawset(p, k, bound)
    return bound
  end
  if methods[k] then
    local bound = function(...) return through_host(p, guid, k, ...) end
    native[bound] = GETTER
    rawset(p, k, bound)
    return bound
  end
  return rethrow(pcall(get, guid, k))
end
ObjectMeta.__newindex = function(p, k, v) rethrow(pcall(set, rawget(p, "__automa_guid"), k, v)) end
ObjectMeta.__tostring = function(p) return host.describe(rawget(p, "__automa_guid")) end

local function proxy_of(guid)
  local p = proxies[guid]
  if p == nil then
    p = setmetatable({ __automa_guid = guid }, ObjectMeta)
    proxies[guid] = p
  end
  return p
end
__automa_proxy = proxy_of

-- A list of objects (getObjects and the like) from their GUIDs in one call. Each is marked as asked for in this
-- generation: a mod that lists objects goes on to read them, so the first read fetches all fields at once.
function __automa_proxies(guids)
  local list, gen = {}, cache.gen
  for i = 1, #guids do
    local guid = guids[i]
    asked[guid] = gen
    list[i] = proxy_of(guid)
  end
  return list
end

function __automa_forget(guid)
  proxies[guid] = nil
  mirrors[guid] = nil -- a destroyed object's fields are never read from the cache
end

-- what stands for TTS's C# Object (its getters, its method calls): charged at GETTER while counting per frame
for _, fn in ipairs({ rethrow, mirror, copy_tags, getter_vector, through_host, proxy_of, __automa_proxies,
  ObjectMeta.__index, ObjectMeta.__newindex }) do native[fn] = GETTER end
for _, fn in pairs(FAST_METHODS) do native[fn] = GETTER end

-- The instruction budget ----------------------------------------------------------------------------------
-- TTS hangs on `while true do end`; the emulator stops a callback that runs more than `host.budget` VM
-- instructions instead, with an error at the line it was running. A count hook fires every STEP instructions in
-- every coroutine (new ones inherit it); the host zeroes the meter for each call it makes into Lua. Once over
-- budget, the hook fires on every instruction, so a pcall inside a loop cannot swallow the error.
local sethook, getinfo, budget = host.sethook, host.getinfo, host.budget
local STEP = 100000
-- MoonSharp crashes past about 40,000 nested calls (.NET IndexOutOfRangeException, which no pcall catches: the
-- dialect's recursion-50000 probe); the hook looks at the depth each STEP instructions. A crash is an error whose
-- text starts with CRASH: moonsharp/dialect.lua's pcall, xpcall and coroutine.resume pass it on, and Python reports
-- it as "<Exception>: <message>" (luahost.tts_position).
local DEPTH_LIMIT = 40000
local CRASH = "\1MoonSharp crash\1"
__automa_crash_mark = CRASH
local function crash(text) error(CRASH .. text, 0) end
__automa_crash = crash
-- The host zeroes `used` through the C API, which runs no instructions (no hook). `total` runs on across calls and
-- frames: the instructions of every callback, to within `step`, for counts per frame (luahost.count_instructions
-- makes `step` small; left at STEP, counting costs nothing more than the budget already does). `raw` is every
-- instruction counted, `booked` those of the functions in `native` (charged into `total` at their factors; `at`:
-- those booked at each factor).
local meter = { used = 0, total = 0, step = STEP, booked = 0, raw = 0, at = {} }
__automa_meter = meter

-- The mod's line the stop is blamed on: the first frame from `level` up that runs a script's chunk (not the
-- emulator's own Lua, such as the MoonSharp layer's pcall).
local function position(level)
  for l = level, level + 32 do
    local info = getinfo(l, "Sl")
    if info == nil then break end
    if info.currentline and info.currentline > 0 and string.find(info.short_src, "^chunk_") then
      return info.short_src .. ":" .. info.currentline .. ": "
    end
  end
  return ""
end

local function stop(level)
  error(position(level + 2) .. "the script ran more than " .. budget .. " instructions in one go (an endless loop?) "
    .. "and was stopped (TTS would freeze)", 0)
end

local over_budget, count
-- Counting per frame, the hook looks after a number of instructions drawn afresh each time, from half the step to one
-- and a half (a thread's own: `spans`): at a fixed step the looks fell in step with a loop's period, and a loop of 5
-- instructions around a call of 60 was booked whole to the function it called. (Park-Miller's generator: no
-- randomness a script could see or move is used.)
local spans, running, draw, whole = setmetatable({}, { __mode = "k" }), coroutine.running, 12345, math.floor
local function next_span(step)
  draw = draw * 16807 % 2147483647
  local span = step - whole(step / 2) + draw % step
  sethook(count, "", span)
  return span
end

count = function()
  local step = meter.step
  if step < STEP then
    local thread = running()
    step, spans[thread] = spans[thread] or step, next_span(step)
  end
  meter.used = meter.used + step
  local factor = meter.step < STEP and native[getinfo(2, "f").func]
  if factor then
    meter.booked = meter.booked + step
    local at = meter.at
    at[factor] = (at[factor] or 0) + step
    meter.total = meter.total + step * factor
  else
    meter.total = meter.total + step
  end
  meter.raw = meter.raw + step
  if meter.used > budget then
    sethook(over_budget, "", 1)
    stop(2)
  end
  if getinfo(DEPTH_LIMIT, "l") ~= nil then crash("IndexOutOfRangeException: Index was outside the bounds of the array.") end
end
over_budget = function()
  if meter.used <= budget then sethook(count, "", meter.step) return end -- a new budget began since
  stop(2)
end
sethook(count, "", STEP)

-- The host's switch for counts per frame: the hook every `step` instructions from now on (coroutines made later too).
function __automa_count_every(step)
  meter.step = step
  spans = setmetatable({}, { __mode = "k" })
  sethook(count, "", step)
end

-- A new coroutine gets the C side of the hook but not its Lua function (debug.sethook keeps that per thread).
local raw_create = coroutine.create
coroutine.create = function(fn)
  local co = raw_create(fn)
  sethook(co, count, "", meter.step)
  return co
end
coroutine.wrap = function(fn)
  local co = coroutine.create(fn)
  return function(...)
    local results = table.pack(coroutine.resume(co, ...))
    if not results[1] then
      local message = results[2]
      -- a dead coroutine's "cannot resume dead coroutine" at the mod's line; an error inside keeps its own position
      if type(message) == "string" and not string.find(message, "^chunk_%d+:") and not string.find(message, CRASH, 1, true) then
        error(message, 2)
      end
      error(message, 0)
    end
    return table.unpack(results, 2, results.n)
  end
end

-- "chunk_N:row: " of where a function was defined, for errors that carry no position of their own.
function __automa_where(fn)
  local info = type(fn) == "function" and getinfo(fn, "S") or nil
  if info and info.linedefined and info.linedefined > 0 then return info.short_src .. ":" .. info.linedefined .. ": " end
  if info and info.short_src then return info.short_src .. ": " end
  return ""
end

-- Text chunks only (C Lua runs binary chunks unverified: a crafted one would crash the emulator); scripts get no
-- load at all, as in MoonSharp (moonsharp/dialect.lua removes it).
local raw_load = load

-- MoonSharp's dynamic module: an expression evaluated or prepared at run time in the calling script's globals;
-- each script's environment gets its own (see __automa_env), errors at the mod's line.
local function make_dynamic(env)
  local dynamic = {}
  local function compile(expr)
    local fn, err = raw_load("return " .. tostring(expr), "=dynamic", "t", env)
    if fn == nil then error("dynamic: " .. tostring(err), 3) end
    return fn
  end
  function dynamic.prepare(expr)
    local fn = compile(expr) -- not a tail call: the error level counts this function
    return fn
  end
  function dynamic.eval(expr)
    if type(expr) == "function" then return expr() end
    local fn = compile(expr)
    return fn()
  end
  return dynamic
end
dynamic = make_dynamic(_G)

-- Runs a chunk in its own environment (each object script has its own globals in TTS).
function __automa_load(source, chunkname, env)
  local fn, err = raw_load(source, "=" .. chunkname, "t", env)
  return fn, err
end

-- A script's own globals: MoonSharp gives each script its own _G (the dialect's env probe), so `_G.x = 1` in one
-- object's script stays there. What it does not define is read from the shared built-ins; the MoonSharp layer's
-- helpers for rewritten source (__moonsharp_*) sit between, out of every _G's pairs.
local helpers = setmetatable({}, { __index = _G })
__automa_helpers = helpers

function __automa_env(self_object)
  local env = setmetatable({}, { __index = helpers })
  env._G = env
  env.self = self_object
  env.dynamic = make_dynamic(env)
  return env
end

-- Timer (deprecated, still used by mods): "Creates a Timer … Each Timer is tracked by a unique identifier"; the
-- function's owner defaults to the calling script, known here by the chunk the call came from (api: Timer).
Timer = {
  create = function(params) return rethrow(pcall(host.timer_create, params, (getinfo(2, "S") or {}).short_src)) end,
  destroy = function(identifier) return rethrow(pcall(host.timer_destroy, identifier)) end,
}

-- startLuaCoroutine(function_owner, function_name): the owner's function runs as a coroutine, resumed once a frame
-- until it ends (api: base; TTS resumes a yielded coroutine on the next frame).
function startLuaCoroutine(owner, name)
  local found, fn = pcall(host.env_function, owner, name)
  if not found then error(tostring(fn), 2) end
  local co = coroutine.create(fn)
  local function step()
    local ok, err = coroutine.resume(co)
    if not ok then error(err, 0) end
    return coroutine.status(co) == "dead"
  end
  if not step() then Wait.condition(function() end, step) end
  return true
end
