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

local encode_value

local function is_array(t)
  local n = #t
  if n == 0 then return next(t) == nil end
  local count = 0
  for _ in pairs(t) do count = count + 1 end
  return count == n
end

local function encode_table(t, out, depth)
  if depth > 64 then error("JSON.encode: table nested too deeply (a cycle?)", 0) end
  if is_array(t) then
    out[#out + 1] = "["
    for i = 1, #t do
      if i > 1 then out[#out + 1] = "," end
      encode_value(t[i], out, depth + 1)
    end
    out[#out + 1] = "]"
    return
  end
  out[#out + 1] = "{"
  local first = true
  for k, v in pairs(t) do
    local tk = type(k)
    if (tk == "string" or tk == "number") and type(v) ~= "function" then
      if not first then out[#out + 1] = "," end
      first = false
      out[#out + 1] = '"' .. string.gsub(tostring(k), '[%c"\\]', escape_char) .. '":'
      encode_value(v, out, depth + 1)
    end
  end
  out[#out + 1] = "}"
end

encode_value = function(v, out, depth)
  local tv = type(v)
  if tv == "string" then
    out[#out + 1] = '"' .. string.gsub(v, '[%c"\\]', escape_char) .. '"'
  elseif tv == "number" then
    if v ~= v or v == math.huge or v == -math.huge then
      out[#out + 1] = "null"
    elseif v == math.floor(v) and v > -9007199254740992 and v < 9007199254740992 then
      out[#out + 1] = string.format("%d", v)
    else
      out[#out + 1] = string.format("%.17g", v)
    end
  elseif tv == "boolean" then
    out[#out + 1] = v and "true" or "false"
  elseif tv == "table" then
    if rawget(v, "__automa_guid") then error("JSON.encode: cannot encode an Object (send its GUID)", 0) end
    encode_table(v, out, depth)
  else
    out[#out + 1] = "null"
  end
end

JSON = {}
function JSON.encode(value)
  local out = {}
  encode_value(value, out, 0)
  return table.concat(out)
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
