-- The emulator's Lua half of API members that TTS itself writes in Lua: Wait.collect and the Vector methods the
-- prelude lacks. Run once per Lua runtime, after the prelude and the Python API (api_world.install), in the shared
-- globals; a file of its own so that the prelude stays the MoonSharp layer's.

-- Lua's own error, given by api_world.install: these functions stand for TTS's C# ones, whose errors blame the
-- mod's line (the level), where the scripts' error ignores levels as MoonSharp's does.
local error = ...

-- Wait.collect(expected_ids, on_finished, on_add, on_error) (api wait/#collect): a collect_table whose
-- add(id, ...) records results[id], calls on_add(id, ...), and once every expected id is in, on_finished(results);
-- an id added twice or not expected calls on_error(Wait.COLLECT_DUPLICATE or Wait.COLLECT_UNKNOWN, id, ...) and
-- records nothing; reset() empties it for reuse. The two constants' values are not documented (*chosen*: their
-- names as strings). results[id] of an add with one value is that value; with none, true; with several, a list of
-- them (*chosen*: the reference says "whatever ... you passed in").
Wait.COLLECT_DUPLICATE = "COLLECT_DUPLICATE"
Wait.COLLECT_UNKNOWN = "COLLECT_UNKNOWN"

function Wait.collect(expected_ids, on_finished, on_add, on_error)
  if type(expected_ids) ~= "table" then
    error("Wait.collect: expected_ids must be a table (a list of ids), got " .. type(expected_ids), 2)
  end
  if type(on_finished) ~= "function" then
    error("Wait.collect: on_finished must be a function, got " .. type(on_finished), 2)
  end
  local expected, total = {}, 0
  for _, id in ipairs(expected_ids) do
    if not expected[id] then
      expected[id] = true
      total = total + 1
    end
  end
  local collect, added, count = { results = {} }, {}, 0
  local function result_of(...)
    local n = select("#", ...)
    if n == 0 then return true end
    if n == 1 then return (...) end
    return { ... }
  end
  local function add(id, ...)
    if not expected[id] or added[id] then
      if on_error ~= nil then on_error(added[id] and Wait.COLLECT_DUPLICATE or Wait.COLLECT_UNKNOWN, id, ...) end
      return
    end
    added[id] = true
    count = count + 1
    collect.results[id] = result_of(...)
    if on_add ~= nil then on_add(id, ...) end
    if count == total then on_finished(collect.results) end
  end
  -- collect_table:add(id, ...) as documented; a dot call (collect_table.add(id, ...)) works too
  function collect.add(first, ...)
    if first == collect then return add(...) end
    return add(first, ...)
  end
  function collect.reset()
    collect.results, added, count = {}, {}, 0
  end
  return collect
end

-- Vector: the documented methods the prelude lacks (api vector/#methods-summary). TTS's Vector class is Berserk-Games'
-- Tabletop-Simulator-Lua-Classes Vector/vector.lua; where the reference's text is silent or its example and text
-- disagree, the emulator follows what that class computes (the reference's examples are its output).
local sqrt, acos, deg = math.sqrt, math.acos, math.deg

-- The rotation taking unit vector a onto unit vector b, as rows (Rodrigues' formula with v = a x b, c = a . b);
-- TTS's class builds it from self as given, so a self that is not of length 1 rotates as its example shows.
local function rotation_between(a, b)
  local v, c = Vector.cross(a, b), Vector.dot(a, b)
  if math.abs(c + 1) <= 0.05 then
    error("Vector:rotateTowardsUnit: the vectors point (nearly) opposite ways; no single turn is defined", 3)
  end
  local k = 1 / (1 + c)
  local x, y, z = v.x, v.y, v.z
  return {
    { 1 - (y * y + z * z) * k, -z + x * y * k, y + x * z * k },
    { z + x * y * k, 1 - (x * x + z * z) * k, -x + y * z * k },
    { -y + x * z * k, x + y * z * k, 1 - (x * x + y * y) * k },
  }
end

-- A fraction of a rotation: its quaternion blended linearly with no rotation, then normalised (as TTS's class does;
-- exact at a half, a little short elsewhere).
local function part_of(m, fraction)
  local w = sqrt(1 + m[1][1] + m[2][2] + m[3][3]) / 2
  local x, y, z = (m[3][2] - m[2][3]) / (4 * w), (m[1][3] - m[3][1]) / (4 * w), (m[2][1] - m[1][2]) / (4 * w)
  x, y, z, w = x * fraction, y * fraction, z * fraction, 1 - fraction + w * fraction
  local n = sqrt(x * x + y * y + z * z + w * w)
  x, y, z, w = x / n, y / n, z / n, w / n
  return {
    { 1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w) },
    { 2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w) },
    { 2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y) },
  }
end

-- "Same as rotateTowards, but only works correctly if target Vector is normalized"; modifies self and returns it.
function Vector.rotateTowardsUnit(v, target, maxAngle)
  local m = rotation_between(v, target)
  if maxAngle ~= nil then
    local angle = deg(acos((m[1][1] + m[2][2] + m[3][3] - 1) / 2))
    if angle > maxAngle then m = part_of(m, maxAngle / angle) end
  end
  local x, y, z = v.x, v.y, v.z
  return Vector.set(v,
    m[1][1] * x + m[1][2] * y + m[1][3] * z,
    m[2][1] * x + m[2][2] * y + m[2][3] * z,
    m[3][1] * x + m[3][2] * y + m[3][3] * z)
end

-- base (self normalised), normal = base x binormalPlanar, binormal = base x normal: the reference's example
-- (Vector(0, 0, 2):orthoNormalize(Vector(0, 1, 0)) gives {0, 0, 1}, {-1, 0, 0}, {0, -1, 0}), all three of length 1
-- as its text says. Without binormalPlanar: {1, 0, 0}, or {0, 0, 1} when self is within 10 degrees of it (as TTS's
-- class chooses; the reference does not say).
function Vector.orthoNormalize(v, binormalPlanar)
  local planar = binormalPlanar
  if planar == nil then
    planar = Vector(1, 0, 0)
    if Vector.angle(v, planar) < 10 then planar = Vector(0, 0, 1) end
  end
  local base = Vector.normalized(v)
  local normal = Vector.normalize(Vector.cross(base, Vector.normalized(Vector(planar))))
  return base, normal, Vector.normalize(Vector.cross(base, normal))
end

-- heading() with no axis: the angles over 'x', 'y' and 'z', three values (api vector/#heading)
local heading_over = Vector.heading
function Vector.heading(v, axis)
  if axis == nil then return heading_over(v, "x"), heading_over(v, "y"), heading_over(v, "z") end
  return heading_over(v, axis)
end
