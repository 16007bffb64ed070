-- The emulator's Lua half of the TTS API: Vector, JSON.encode, object proxies.
-- Runs once per Lua runtime, before any mod script. `__host` is the Python host, passed in by the loader;
-- everything it provides is reached through plain functions (Lua never sees Python attributes).
local host = ...

-- Vector --------------------------------------------------------------------------------------------------
local AXIS = { "x", "y", "z" }
local VectorMeta = {}
VectorMeta.__index = function(v, k)
  if type(k) == "number" then return rawget(v, AXIS[k]) end
  return VectorMeta[k]
end
VectorMeta.__newindex = function(v, k, value)
  if type(k) == "number" and AXIS[k] then rawset(v, AXIS[k], value) else rawset(v, k, value) end
end
VectorMeta.__add = function(a, b) return Vector(a.x + b.x, a.y + b.y, a.z + b.z) end
VectorMeta.__sub = function(a, b) return Vector(a.x - b.x, a.y - b.y, a.z - b.z) end
VectorMeta.__tostring = function(v) return string.format("%f, %f, %f", v.x, v.y, v.z) end
VectorMeta.__eq = function(a, b) return a.x == b.x and a.y == b.y and a.z == b.z end
function VectorMeta.copy(v) return Vector(v.x, v.y, v.z) end
function VectorMeta.magnitude(v) return math.sqrt(v.x * v.x + v.y * v.y + v.z * v.z) end
function VectorMeta.scale(v, k) v.x, v.y, v.z = v.x * k, v.y * k, v.z * k return v end
function VectorMeta.add(v, o) v.x, v.y, v.z = v.x + o.x, v.y + o.y, v.z + o.z return v end
function VectorMeta.sub(v, o) v.x, v.y, v.z = v.x - o.x, v.y - o.y, v.z - o.z return v end

function Vector(x, y, z)
  if type(x) == "table" then
    return Vector(x.x or x[1] or 0, x.y or x[2] or 0, x.z or x[3] or 0)
  end
  return setmetatable({ x = x or 0, y = y or 0, z = z or 0 }, VectorMeta)
end

-- JSON ----------------------------------------------------------------------------------------------------
-- encode runs in Lua (a snapshot encodes thousands of tables; crossing into Python per value would be slow);
-- decode is Python's json module. An empty table encodes as [] (TTS's choice is unverified; the bridge
-- accepts both).
local ESCAPES = { ['"'] = '\\"', ["\\"] = "\\\\", ["\b"] = "\\b", ["\f"] = "\\f", ["\n"] = "\\n",
  ["\r"] = "\\r", ["\t"] = "\\t" }
local function escape_char(c)
  return ESCAPES[c] or string.format("\\u%04x", string.byte(c))
end
local find, gsub, format, floor, concat = string.find, string.gsub, string.format, math.floor, table.concat

local function quote(s)
  if find(s, '[%c"\\]') then s = gsub(s, '[%c"\\]', escape_char) end
  return '"' .. s .. '"'
end

local function number(v)
  if v ~= v or v == math.huge or v == -math.huge then return "null" end
  if v == floor(v) and v > -1e14 and v < 1e14 then return tostring(v) end -- Lua 5.2 prints these as digits
  if v == floor(v) and v > -9007199254740992 and v < 9007199254740992 then return format("%d", v) end
  local short = format("%.14g", v)
  if tonumber(short) == v then return short end
  return format("%.17g", v)
end

local KEYS, KEY_COUNT = {}, 0 -- quoted keys, "k":, cached: snapshots repeat the same few dozen keys thousands of times
-- Appends to `out` from index n + 1; returns the new count (no #out, which is O(log n) per append).
local encode_value

local function encode_table(t, out, n, depth)
  if depth > 64 then error("JSON.encode: table nested too deeply (a cycle?)", 0) end
  if rawget(t, "__automa_guid") then error("JSON.encode: cannot encode an Object (send its GUID)", 0) end
  local len = #t
  if len > 0 or next(t) == nil then
    local count = 0
    for _ in pairs(t) do count = count + 1 end
    if count == len then
      n = n + 1
      out[n] = "["
      for i = 1, len do
        if i > 1 then n = n + 1 out[n] = "," end
        n = encode_value(t[i], out, n, depth + 1)
      end
      n = n + 1
      out[n] = "]"
      return n
    end
  end
  n = n + 1
  out[n] = "{"
  local sep = ""
  for k, v in pairs(t) do
    local tk = type(k)
    if (tk == "string" or tk == "number") and type(v) ~= "function" then
      local key = KEYS[k]
      if key == nil then
        key = quote(tostring(k)) .. ":"
        if tk == "string" and KEY_COUNT < 4096 then KEYS[k] = key KEY_COUNT = KEY_COUNT + 1 end
      end
      n = n + 1
      local tv = type(v) -- strings and numbers inline: most values are, and a call per value is costly
      if tv == "string" then
        out[n] = sep .. key .. quote(v)
      elseif tv == "number" then
        out[n] = sep .. key .. number(v)
      else
        out[n] = sep .. key
        n = encode_value(v, out, n, depth + 1)
      end
      sep = ","
    end
  end
  n = n + 1
  out[n] = "}"
  return n
end

encode_value = function(v, out, n, depth)
  local tv = type(v)
  n = n + 1
  if tv == "string" then
    out[n] = quote(v)
  elseif tv == "number" then
    out[n] = number(v)
  elseif tv == "boolean" then
    out[n] = v and "true" or "false"
  elseif tv == "table" then
    return encode_table(v, out, n - 1, depth)
  else
    out[n] = "null"
  end
  return n
end

JSON = {}
function JSON.encode(value)
  local out = {}
  encode_value(value, out, 0, 0)
  return concat(out)
end
JSON.encode_pretty = JSON.encode
JSON.decode = host.json_decode

-- Python errors as Lua errors ------------------------------------------------------------------------------
-- A Python exception inside an API call becomes a Lua error raised at the calling line of the mod's script,
-- so it carries a chunk position as in TTS, and pcall in the mod sees a string.
local function rethrow(ok, ...)
  if ok then return ... end
  error(tostring((...)), 2)
end

function __automa_wrap(fn)
  return function(...) return rethrow(pcall(fn, ...)) end
end

-- Object proxies ------------------------------------------------------------------------------------------
-- One table per GUID, so == compares objects as TTS does. Methods are closures bound to the GUID; a colon call
-- (obj:method()) passes the object itself first, which is dropped.
local call, get, set, methods = host.call, host.get, host.set, host.methods
local proxies = {}

local ObjectMeta = {}
ObjectMeta.__index = function(p, k)
  local guid = rawget(p, "__automa_guid")
  if methods[k] then
    local bound = function(...)
      if select("#", ...) > 0 and (...) == p then return rethrow(pcall(call, guid, k, select(2, ...))) end
      return rethrow(pcall(call, guid, k, ...))
    end
    rawset(p, k, bound)
    return bound
  end
  return rethrow(pcall(get, guid, k))
end
ObjectMeta.__newindex = function(p, k, v) rethrow(pcall(set, rawget(p, "__automa_guid"), k, v)) end
ObjectMeta.__tostring = function(p) return host.describe(rawget(p, "__automa_guid")) end

function __automa_proxy(guid)
  local p = proxies[guid]
  if p == nil then
    p = setmetatable({ __automa_guid = guid }, ObjectMeta)
    proxies[guid] = p
  end
  return p
end

function __automa_forget(guid)
  proxies[guid] = nil
end

-- Runs a chunk in its own environment (each object script has its own globals in TTS).
function __automa_load(source, chunkname, env)
  local fn, err = load(source, "=" .. chunkname, "t", env)
  return fn, err
end

function __automa_env(self_object)
  local env = setmetatable({}, { __index = _G })
  env.self = self_object
  return env
end
