-- Tabletop Automa connector: the Global script half that talks to the Python bridge.
--
-- The bridge never sends Lua built from table data. It sends JSON requests as custom messages
--   {automa = {id = <number>, op = <name>, args = <table>}}
-- and this script answers each with
--   sendExternalMessage({automa_reply = <id>, ok = <bool>, result = <JSON string> | error = <text>})
-- Requests from the player (the bot panel) go the other way as {automa_event = <name>, ...}.
--
-- Written for MoonSharp (Lua 5.2 as TTS runs it): dot calls, no |x| lambdas, no require.

automa = automa or {}
automa.PROTOCOL = 1
automa.ops = automa.ops or {}
automa.settings = { game = "", difficulty = "" }

local PLAYER_COLORS = {
  White = { 1, 1, 1 }, Brown = { 0.443, 0.231, 0.09 }, Red = { 0.856, 0.1, 0.094 },
  Orange = { 0.956, 0.392, 0.113 }, Yellow = { 0.905, 0.898, 0.172 }, Green = { 0.192, 0.701, 0.168 },
  Teal = { 0.129, 0.694, 0.607 }, Blue = { 0.118, 0.53, 1 }, Purple = { 0.627, 0.125, 0.941 },
  Pink = { 0.96, 0.439, 0.807 }, Grey = { 0.5, 0.5, 0.5 }, Black = { 0.25, 0.25, 0.25 },
}
local REST_TIMEOUT = 15 -- seconds an object may take to come to rest, unless the bridge says otherwise
local CONTAINERS = { Bag = true, Deck = true, Infinite = true, Stack = true }
local PARALLEL = { move = true, rotate = true, flip = true, set_value = true } -- motions that may run at once

local function color_of(name)
  return PLAYER_COLORS[name or "White"] or PLAYER_COLORS.White
end

local function vec(t)
  if t == nil then return nil end
  return { x = t.x, y = t.y, z = t.z }
end

-- Pacing (issue 38) ------------------------------------------------------------------------------

-- TTS runs this script on its main thread: while it works, the person's screen stands still. So long work (a
-- snapshot) runs as a job, a coroutine resumed once a frame (run_jobs below) that yields once the frame's share is
-- used: SLICE_COST units of work (a unit is about 105 to 115 of the emulator's counted Lua instructions, TTS's C#
-- charged at its factors: tools/emulator/README.md, "Frame budget"), or SLICE_SECONDS of os.clock, whichever comes
-- first. (The clock is a backstop for getters slower than the count assumes; what MoonSharp's os.clock measures in
-- TTS, and how finely, nobody here has checked.)
local SLICE_COST = 920
local SLICE_SECONDS = 0.015
-- an object compared with what the bridge holds; one compared with what this job read of it (kept: unchanged());
-- one read; a record written; a key or item the JSON writer wrote; a step of the rest; an object of getObjects() or
-- of a pass over it; a piece of text joined (measured on the bench's tables, issue 38; the compare and read costs
-- again once the count charged TTS's getters at their factor: they are mostly getters)
local COMPARE_COST, KEPT_COST, READ_COST, WRITE_COST, KEY_COST, PLAIN_COST, LIST_COST, JOIN_COST =
  2.7, 2.2, 2.9, 4.8, 1.2, 1.3, 0.2, 0.06
-- what a read's looks (see lean) add to its read and to its record's writing
local LOOKS_COST, LOOKS_WRITE_COST = 1.8, 2
-- an entry of a container read; a piece of an entry written; an object found still on the table at the end; a
-- record's rare fields written
local STRIP_COST, ENTRY_COST, SEEN_COST, RARE_COST = 0.25, 0.15, 0.45, 1.5
local clock, yield, min = os.clock, coroutine.yield, math.min
-- The share and the clock are looked at every LOOK_EVERY units (or at the share's end, if sooner), not at every
-- call: pace runs several times per object, and between looks it only counts units down (issue 38: the count of a
-- fresh snapshot).
local LOOK_EVERY = 35
-- left: units until the next look; cost: units this frame up to the last look; active: a job is running;
-- frame: counts the frames jobs ran in (a snapshot's round tells by it which objects it looked at in one frame)
local slice = { left = LOOK_EVERY, cost = 0, started = 0, active = false, frame = 0 }

-- In a job: yields to the next frame once this frame's share is used (elsewhere: nothing).
local function pace(cost)
  local left = slice.left - cost
  slice.left = left
  if left > 0 then return end
  local spent = slice.cost + min(LOOK_EVERY, SLICE_COST - slice.cost) - left
  if slice.active and (spent >= SLICE_COST or clock() - slice.started >= SLICE_SECONDS) then
    yield()
    return
  end
  if not slice.active then spent = 0 end
  slice.cost, slice.left = spent, min(LOOK_EVERY, SLICE_COST - spent)
end

-- JSON for the bridge ----------------------------------------------------------------------------

-- The connector writes its own JSON instead of TTS's JSON.encode, which runs Berserk-Games' JSON.lua inside
-- MoonSharp (shared/docs/tts-interface.md, "MoonSharp dialect"): MoonSharp's patterns compare only a character's
-- low 8 bits, so its escape class matches many non-ASCII characters (ą, č, Cyrillic А-П, the dashes and quotes
-- of typed text, most emoji) and writes each as \u003f ('?'); it also writes numbers with 15 significant digits
-- (and, with `..`, in the machine's .NET culture: "0,25" on a Polish Windows) and infinity as 1e+9999.
-- Here a character is escaped only when it is one of JSON's own (a quote, a backslash, a control character):
-- the same pattern may match a non-ASCII character under MoonSharp, so each match is checked by its UTF-16 code
-- (MoonSharp's string.unicode) and anything above 127 is kept as it is (the wire is UTF-8). Numbers: whole ones
-- as digits, others with 17 significant digits (exact), a decimal comma turned back into a point; NaN and
-- infinity as null. A table whose keys are all whole numbers from 1 is an array (null in its holes); an empty
-- table is [] (the bridge reads both); an Object cannot be sent (send its GUID).
local unicode = string.unicode or string.byte -- MoonSharp's; the emulator has it too
local find, gsub, format, floor, concat = string.find, string.gsub, string.format, math.floor, table.concat
local INFINITY = 1 / 0 -- not math.huge: MoonSharp's is the largest double
local NEG_INFINITY = -INFINITY -- (a minus before a name is a call under the dialect)
local JSON_ESCAPES = { ['"'] = '\\"', ["\\"] = "\\\\", ["\b"] = "\\b", ["\f"] = "\\f", ["\n"] = "\\n",
  ["\r"] = "\\r", ["\t"] = "\\t" }

local function json_char(c)
  local code = unicode(c, 1)
  if code == nil or code > 127 then return c end -- a non-ASCII character MoonSharp's pattern matched: kept
  return JSON_ESCAPES[c] or format("\\u%04x", code)
end

local function json_string(s)
  if find(s, '[%c"\\]') then s = gsub(s, '[%c"\\]', json_char) end
  return '"' .. s .. '"'
end

-- Whether string.format writes a decimal point here: MoonSharp may format in the machine's .NET culture (a comma on a
-- German Windows: shared/docs/tts-interface.md), so the first number tells, and only then is each number mended.
local POINT = format("%.1f", 0.5) == "0.5"

local function json_number(v)
  if v ~= v or v == INFINITY or v == NEG_INFINITY then return "null" end
  if v == floor(v) and v > -9007199254740992 and v < 9007199254740992 then return format("%d", v) end
  if POINT then return format("%.17g", v) end
  return (gsub(format("%.17g", v), ",", "."))
end

-- A number in a message for people (seconds in a reason): 6 significant digits and a decimal point whatever the
-- culture (`..` would write 0,25 under a German one: issue 41).
local function decimal(v)
  if POINT then return format("%g", v) end
  return (gsub(format("%g", v), ",", "."))
end

local json_value
local json_keys, json_key_count = {}, 0 -- '"key":' of the keys seen, kept: a snapshot repeats a few dozen keys

local function json_table(t, out, n, depth)
  if depth > 64 then error("JSON: a table nested more than 64 deep (a cycle?)") end
  local len, array = 0, true
  for k in pairs(t) do
    if type(k) == "number" and k >= 1 and k == floor(k) then
      if k > len then len = k end
    else
      array = false
      break
    end
  end
  if array then
    if len > 1000000 then error("JSON: a table keyed by numbers up to " .. len .. " (too sparse to send)") end
    n = n + 1
    out[n] = "["
    for i = 1, len do
      if i > 1 then n = n + 1 out[n] = "," end
      n = json_value(t[i], out, n, depth + 1)
    end
    n = n + 1
    out[n] = "]"
    pace(len * KEY_COST)
    return n
  end
  n = n + 1
  out[n] = "{"
  local first, keys = true, 0
  for k, v in pairs(t) do
    local tk, tv = type(k), type(v)
    if (tk == "string" or tk == "number") and tv ~= "function" then
      local key = json_keys[k]
      if key == nil then
        key = json_string(tk == "string" and k or json_number(k)) .. ":"
        if tk == "string" and json_key_count < 4096 then json_keys[k], json_key_count = key, json_key_count + 1 end
      end
      if first then first = false else n = n + 1 out[n] = "," end
      keys = keys + 1
      n = n + 1
      out[n] = key
      if tv == "string" then -- strings and numbers inline: most values are, and a call per value costs
        n = n + 1
        out[n] = json_string(v)
      elseif tv == "number" then
        n = n + 1
        out[n] = json_number(v)
      else
        n = json_value(v, out, n, depth + 1)
      end
    end
  end
  n = n + 1
  out[n] = "}"
  pace(keys * KEY_COST) -- in a job, a large value (a deck's contents) is written over frames
  return n
end

json_value = function(v, out, n, depth)
  local tv = type(v)
  n = n + 1
  if tv == "string" then
    out[n] = json_string(v)
  elseif tv == "number" then
    out[n] = json_number(v)
  elseif tv == "boolean" then
    out[n] = v and "true" or "false"
  elseif tv == "table" then
    return json_table(v, out, n - 1, depth)
  elseif tv == "userdata" then
    error("JSON: an Object cannot be sent (send its GUID)")
  else
    out[n] = "null"
  end
  return n
end

-- The JSON text of a value, as the bridge reads it (also for a game's own Lua: holas/global.lua's map).
function automa.json(value)
  local out = {}
  json_value(value, out, 0, 0)
  return concat(out)
end

-- Replies ---------------------------------------------------------------------------------------

-- `raw`: the payload is JSON text already (a snapshot written as it was read, a slice per frame).
local function reply(id, ok, payload, raw)
  if ok then
    sendExternalMessage({ automa_reply = id, ok = true, result = raw and payload or automa.json(payload) })
  else
    sendExternalMessage({ automa_reply = id, ok = false, error = payload })
  end
end

function automa.event(name, fields)
  local msg = fields or {}
  msg.automa_event = name
  sendExternalMessage(msg)
end

-- Waiting for the table to settle ---------------------------------------------------------------

-- Calls done() once obj rests, or fail(reason) after the batch's rest timeout; always lets one frame pass first
-- so a smooth move has started before "resting" is read.
local rest_timeout = REST_TIMEOUT
local function when_resting(obj, done, fail)
  local limit = rest_timeout
  Wait.frames(function()
    Wait.condition(done, function() return obj.isDestroyed() or obj.resting end, limit, function()
      fail("object " .. obj.getGUID() .. " did not come to rest within " .. decimal(limit) .. " s")
    end)
  end, 1)
end

-- Snapshot --------------------------------------------------------------------------------------

local function strip_scripts(data)
  data.LuaScript = nil
  data.LuaScriptState = nil
  data.XmlUI = nil
  if data.ContainedObjects then
    for _, inner in ipairs(data.ContainedObjects) do
      strip_scripts(inner)
      pace(STRIP_COST) -- in a snapshot's job a large deck is read over frames
    end
  end
  if data.States then
    for _, other in pairs(data.States) do strip_scripts(other) end
  end
  return data
end

-- The lean record of one object: only what the bots read, short keys, defaults left out (issue 18). A container
-- also carries its contents' whole descriptions (nested stacks and decks included), scripts stripped.
local function xyz(v) return { v.x, v.y, v.z } end

-- With `looks` (a table profile matches on them, engines/profile.py): the image URL (a custom object's image or
-- model texture), the mesh URL, the tint when not white (every object's default) and a loose card's CardID. Left
-- out otherwise: two more calls per object, and a card's getData(). A change of image or tint alone fires no event,
-- and an exact answer's compare (unchanged) leaves looks out too: only a fresh read sees it.
local function lean(obj, guid, looks)
  local kind = obj.type
  local p, r = obj.getPosition(), obj.getRotation()
  local rec = { g = guid or obj.getGUID(), t = kind, n = obj.name, p = { p.x, p.y, p.z }, r = { r.x, r.y, r.z } }
  local s = obj.getScale()
  if s.x ~= 1 or s.y ~= 1 or s.z ~= 1 then rec.s = xyz(s) end
  local text = obj.getName()
  if text ~= "" then rec.k = text end
  text = obj.getDescription()
  if text ~= "" then rec.d = text end
  text = obj.getGMNotes()
  if text ~= "" then rec.m = text end
  text = obj.memo
  if text ~= nil and text ~= "" then rec.o = text end
  local tags = obj.getTags()
  if tags[1] ~= nil then rec.a = tags end
  if obj.getLock() then rec.l = true end
  local value
  if kind == "Dice" then value = obj.getRotationValue() else value = obj.value end
  if value ~= nil then rec.v = value end
  local state = obj.getStateId()
  if state ~= -1 then rec.i = state end
  if CONTAINERS[kind] then rec.c = strip_scripts(obj.getData()).ContainedObjects or {} end
  if looks then
    local custom = obj.getCustomObject()
    if type(custom) == "table" then
      local image = custom.image or custom.diffuse
      if image ~= nil and image ~= "" then rec.u = image end
      if custom.mesh ~= nil and custom.mesh ~= "" then rec.w = custom.mesh end
    end
    local tint = obj.getColorTint()
    if tint.r ~= 1 or tint.g ~= 1 or tint.b ~= 1 then rec.h = { tint.r, tint.g, tint.b } end
    if kind == "Card" then rec.j = obj.getData().CardID end
  end
  return rec
end

-- What the bridge holds (issue 18): the lean records of every object as of this script's last lean answer, by
-- GUID, and that answer's number. A request "since" that answer gets only the differences: with `exact`, found by
-- comparing every object with what was sent (nothing is missed: a piece another script moved, one knocked by
-- another); else the objects TTS's events and the bridge's own batches touched since (quick, but such a piece is
-- missed until the next exact answer). epoch: this load of the script (os.clock keeps rising across reloads).
-- (Whole numbers, formatted by %d: `..` of os.clock() writes a decimal comma under some cultures, issue 41.)
local changes = {
  epoch = format("%d-%d-%d", os.time(), floor(os.clock() * 1000000), math.random(1, 1000000000)),
  version = 0,
}
local sent, sent_count = {}, 0
local touched, vanished = {}, {}
local table_edits = 0 -- objects spawned or gone so far: a snapshot spread over frames reads its list again then

local function touch(obj)
  if obj == nil then return end
  local guid = type(obj) == "string" and obj or obj.getGUID()
  touched[guid], vanished[guid] = true, nil
end

local function vanish(obj)
  local guid = type(obj) == "string" and obj or obj.getGUID()
  vanished[guid], touched[guid] = true, nil
  table_edits = table_edits + 1
end
automa.touch = touch

-- While `automa adopt` calibrates a mod's table (the bridge's op calibrate), a player's pick-ups and drops go to the
-- bridge with the player's colour and the object's lean record with its looks (what a profile's match reads); a
-- drop also names the objects whose bounds lie under the piece (a reference dropped off the board is told so), and
-- a chat line "skip" or "stop" is forwarded. Off otherwise: play sends nothing more.
local calibrating = false
local ZONES = { Scripting = true, Hand = true, Layout = true } -- no piece rests on a zone

local function under(obj)
  local p, out = obj.getPosition(), {}
  for _, other in ipairs(getObjects()) do
    if other ~= obj and not ZONES[other.type] then
      local b = other.getBounds()
      if math.abs(p.x - b.center.x) <= b.size.x / 2 and math.abs(p.z - b.center.z) <= b.size.z / 2 then
        out[#out + 1] = other.getGUID()
      end
    end
  end
  return out
end

local function forward(name, color, obj)
  if not calibrating or obj == nil then return end
  local fields = { color = color, record = lean(obj, nil, true) }
  if name == "drop" then fields.under = under(obj) end
  automa.event(name, fields)
end

function onObjectDrop(color, obj) touch(obj) forward("drop", color, obj) end
function onObjectPickUp(color, obj) touch(obj) forward("pickup", color, obj) end
-- (A game's own Lua that defines onChat, appended after this, calls automa.heard first: holas/global.lua.)
function automa.heard(message, player)
  local word = string.lower(tostring(message))
  if calibrating and (word == "skip" or word == "stop") then automa.event("chat", { color = player.color, word = word }) end
end

function onChat(message, player) automa.heard(message, player) end

automa.ops.calibrate = function(args, done)
  calibrating = args.on == true
  if type(args.say) == "string" and args.say ~= "" then broadcastToAll(args.say, color_of(args.color)) end
  done({ calibrating = calibrating })
end
function onObjectRotate(obj) touch(obj) end
function onObjectSpawn(obj) touch(obj) table_edits = table_edits + 1 end
function onObjectDestroy(obj) vanish(obj) end
function onObjectEnterContainer(container, obj) touch(container) vanish(obj) end
function onObjectLeaveContainer(container, obj) touch(container) touch(obj) table_edits = table_edits + 1 end
function onObjectStateChange(obj, old_guid) touch(obj) if old_guid ~= obj.getGUID() then vanish(old_guid) end end
function onObjectRandomize(obj) touch(obj) end
function onObjectNumberTyped(obj) touch(obj) end
function onPlayerAction(player, action, targets)
  for _, obj in ipairs(targets or {}) do touch(obj) end
end

-- Whether obj still reads as its record `prev` (the fields lean() writes; a container's contents by their GUIDs in
-- order: nothing inside a container changes but by entering or leaving it).
local function same_xyz(v, t, default)
  if t == nil then return v.x == default and v.y == default and v.z == default end
  return v.x == t[1] and v.y == t[2] and v.z == t[3]
end

-- (Walked with ipairs, not measured with #: in MoonSharp # is a pass over the table, and this runs per object.)
local function same_list(a, b)
  b = b or {}
  local n = 0
  for i, v in ipairs(a) do
    if b[i] ~= v then return false end
    n = i
  end
  return b[n + 1] == nil
end

-- kept: obj is compared with what this job read of it and no event touched it since the job began; its kind,
-- resource name and state id change only with one (a state change, or the object gone and another come in its
-- place: onObjectStateChange, onObjectDestroy, onObjectSpawn), so they are not asked again (issue 38).
local function unchanged(obj, prev, kept)
  if prev == nil then return false end
  local kind = prev.t
  if not kept and (obj.type ~= kind or obj.name ~= prev.n or obj.getStateId() ~= (prev.i or -1)) then
    return false
  end
  local v, t = obj.getPosition(), prev.p
  if v.x ~= t[1] or v.y ~= t[2] or v.z ~= t[3] then return false end
  v, t = obj.getRotation(), prev.r
  if v.x ~= t[1] or v.y ~= t[2] or v.z ~= t[3] then return false end
  if not same_xyz(obj.getScale(), prev.s, 1) then return false end
  if obj.getName() ~= (prev.k or "") or obj.getDescription() ~= (prev.d or "") then return false end
  if obj.getGMNotes() ~= (prev.m or "") or (obj.memo or "") ~= (prev.o or "") then return false end
  if not same_list(obj.getTags(), prev.a) or obj.getLock() ~= (prev.l == true) then return false end
  local value
  if kind == "Dice" then value = obj.getRotationValue() else value = obj.value end
  if value ~= prev.v then return false end
  if CONTAINERS[kind] then
    local n = 0
    for i, entry in ipairs(obj.getObjects()) do
      local before = prev.c[i]
      if before == nil or entry.guid ~= before.GUID then return false end
      n = i
    end
    pace(n * STRIP_COST) -- a large deck's list is most of its compare
    if prev.c[n + 1] ~= nil then return false end
  end
  return true
end

-- Jobs (issue 38) ---------------------------------------------------------------------------------------------

-- Jobs run one at a time, in the order asked: they share what the bridge holds.
local jobs = {}

-- The last finished job's frames as os.clock timed them, once a frame: how many, the busiest (the connector's work in
-- that frame up to the job's slice's end, any job before it in the frame included) and the job's own in all, in ms.
-- `automa doctor` reads it to judge issue 38's frame budget in TTS (bridge/doctor/cost.py).
automa.job_timing = nil

local function timed(job, frame_began, job_began)
  local now = clock()
  job.frames, job.most, job.total = job.frames + 1, math.max(job.most, now - frame_began), job.total + now - job_began
end

local function run_jobs()
  local began = clock()
  slice.cost, slice.left, slice.started, slice.frame = 0, LOOK_EVERY, began, slice.frame + 1
  while jobs[1] ~= nil do
    local job = jobs[1]
    local job_began = clock()
    slice.active = true
    local ok, err = coroutine.resume(job.co)
    slice.active = false
    timed(job, began, job_began)
    if ok and coroutine.status(job.co) ~= "dead" then
      Wait.frames(run_jobs, 1) -- this frame's share is used: on with it next frame
      return
    end
    table.remove(jobs, 1)
    automa.job_timing = { frames = job.frames, most_ms = job.most * 1000, total_ms = job.total * 1000 }
    if not ok then job.fail(tostring(err)) end
  end
end

-- Runs work() as a job (now, if no other job is under way); an error in it goes to fail.
local function spread(work, fail)
  jobs[#jobs + 1] = { co = coroutine.create(work), fail = fail, frames = 0, most = 0, total = 0 }
  if jobs[2] == nil then run_jobs() end
end

-- The JSON text of a lean record (lean() above), field by field: records are most of a snapshot, and the general
-- writer's pairs loop, its format per number and its find per string were most of its cost under MoonSharp (issue
-- 38). The record's texts are checked for characters to escape in one find; a vector is one format.
local function xyz_json(t)
  local x, y, z = t[1], t[2], t[3]
  if POINT and x == x and y == y and z == z and x ~= INFINITY and x ~= NEG_INFINITY and y ~= INFINITY
    and y ~= NEG_INFINITY and z ~= INFINITY and z ~= NEG_INFINITY then
    return format("[%.17g,%.17g,%.17g]", x, y, z)
  end
  return concat({ "[", json_number(x), ",", json_number(y), ",", json_number(z), "]" })
end

-- One entry of a container's contents (an ObjectState), its strings written as they are and gathered in `strings`
-- (from strings[count + 1]), for contents_json to look for a character to escape once for the whole list; nil for
-- an entry the general writer must write. A key's text comes with the quotes around it and before a string value
-- (and the quote closing the string before it): a call per string, or a piece each, was most of a bag's cost
-- under the dialect (issue 38).
local entry_keys = {} -- by key: { first = {string, other}, after = {...}, quoted = {...} } prefixes
local function entry_prefixes(k)
  if type(k) ~= "string" or find(k, '[%c"\\]') or json_key_count >= 4096 then return nil end
  local quoted = '"' .. k .. '":'
  local keys = { first = { quoted .. '"', quoted }, after = { "," .. quoted .. '"', "," .. quoted },
    quoted = { '",' .. quoted .. '"', '",' .. quoted } }
  entry_keys[k], json_key_count = keys, json_key_count + 1
  return keys
end

local function entry_json(entry, strings, count)
  local out, n, quoted = { "{" }, 1, false
  for k, v in pairs(entry) do
    local keys = entry_keys[k] or entry_prefixes(k)
    if keys == nil then return nil, count end
    local prefixes = quoted and keys.quoted or (n == 1 and keys.first or keys.after)
    local tv = type(v)
    if tv == "string" then
      count = count + 1
      strings[count] = v
      out[n + 1], out[n + 2], n, quoted = prefixes[1], v, n + 2, true
    elseif tv ~= "function" then
      out[n + 1] = prefixes[2]
      n, quoted = json_value(v, out, n + 1, 2), false
    end
  end
  out[n + 1] = quoted and '"}' or "}"
  pace(n * ENTRY_COST)
  return concat(out), count
end

-- An entry by the general writer.
local function general_entry_json(entry)
  local out = {}
  local n = json_value(entry, out, 0, 1)
  pace(n * JOIN_COST)
  return concat(out)
end

-- A container's contents, an entry at a time: joining a large deck's text in one go is too much for one frame.
local function contents_json(list)
  local texts, strings, count, last, ends = {}, {}, 0, 0, {}
  for i, entry in ipairs(list) do
    local text
    if type(entry) == "table" then text, count = entry_json(entry, strings, count) end
    texts[i], last, ends[i] = text or general_entry_json(entry), i, count
  end
  if count > 0 and find(concat(strings), '[%c"\\]') then -- a string to escape: those entries by the general writer
    local from = 1
    for i, entry in ipairs(list) do
      local to = ends[i]
      if to >= from and find(concat(strings, "", from, to), '[%c"\\]') then texts[i] = general_entry_json(entry) end
      from = to + 1
      pace(JOIN_COST * 16)
    end
  end
  pace(last * JOIN_COST)
  return "[" .. concat(texts, ",") .. "]"
end

local function value_json(v)
  if type(v) == "number" then return json_number(v) end
  if type(v) == "string" then return json_string(v) end
  return automa.json(v)
end

-- A record with a text to escape (a quote, a control character, or under MoonSharp many non-ASCII characters):
-- the general writer, contents apart.
local function escaped_record_json(rec)
  local contents = rec.c
  rec.c = nil
  local out = {}
  local n = json_table(rec, out, 0, 0)
  rec.c = contents
  if contents ~= nil then out[n] = ',"c":' .. contents_json(contents) .. "}" end
  return concat(out)
end

-- A read's looks (see lean), as a record of a read without them leaves them out.
local function looks_json(rec)
  local u, w, tint, card = rec.u, rec.w, rec.h, rec.j
  pace(LOOKS_WRITE_COST)
  return concat({ u and ',"u":"' or "", u or "", u and '"' or "", w and ',"w":"' or "", w or "", w and '"' or "",
    tint and ',"h":' or "", tint and xyz_json(tint) or "", card ~= nil and ',"j":' or "",
    card ~= nil and value_json(card) or "" })
end

-- The fields most objects leave out, written apart: the usual record is then joined from fewer pieces.
local function rare_fields_json(rec)
  local m, o, scale, value, state, contents = rec.m, rec.o, rec.s, rec.v, rec.i, rec.c
  pace(RARE_COST)
  return concat({ scale and ',"s":' or "", scale and xyz_json(scale) or "", m and ',"m":"' or "", m or "",
    m and '"' or "", o and ',"o":"' or "", o or "", o and '"' or "", rec.l and ',"l":true' or "",
    value ~= nil and ',"v":' or "", value ~= nil and value_json(value) or "", state and ',"i":' or "",
    state and json_number(state) or "", contents and ',"c":' or "", contents and contents_json(contents) or "" })
end

-- Under the dialect each `..`, running count and library call is a call of its own, so a record is one list joined
-- once (and at most two tags are taken as they are, without a join of their own): issue 38's count of a snapshot.
-- `looks`: the record was read with them (see lean); a read without them pays nothing for them here.
local function record_json(rec, looks)
  local tags, k, d, m, o = rec.a, rec.k, rec.d, rec.m, rec.o
  local tag1, tag2, tag_text, more_tags = nil, nil, "", ""
  if tags then
    tag1, tag2 = tags[1], tags[2]
    if tags[3] ~= nil then tag_text, more_tags = concat(tags, '","'), concat(tags) end
  end
  if find(concat({ rec.g, rec.t, rec.n, k or "", d or "", m or "", o or "", tag1 or "", tag2 or "", more_tags }),
    '[%c"\\]') or looks and find(concat({ rec.u or "", rec.w or "" }), '[%c"\\]') then
    return escaped_record_json(rec)
  end
  local rare = ""
  if m or o or rec.s or rec.l or rec.v ~= nil or rec.i or rec.c then rare = rare_fields_json(rec) end
  if looks then rare = rare .. looks_json(rec) end
  if tag_text == "" then tag_text = tag1 or "" else tag2 = nil end
  return concat({ '{"g":"', rec.g, '","t":"', rec.t, '","n":"', rec.n, '","p":', xyz_json(rec.p), ',"r":',
    xyz_json(rec.r), k and ',"k":"' or "", k or "", k and '"' or "", d and ',"d":"' or "", d or "",
    d and '"' or "", tags and ',"a":["' or "", tag_text, tag2 and '","' or "", tag2 or "", tags and '"]' or "",
    rare, "}" })
end

-- Snapshot --------------------------------------------------------------------------------------------------

-- A snapshot spread over frames cannot read every object at one moment, so objects are checked round the list
-- (each compared with its record: this job's if it read one, else `base`, what the bridge holds; read afresh when
-- it differs) until every object has been found unchanged since the last one read afresh: the records then all hold
-- at that moment (each was taken before it and found still so after it), never a mix of two (a change made and
-- undone between two looks at an object is not seen). Nothing but this job runs within one of its frames, so the
-- objects looked at earlier in the frame of the last read hold at that moment too and need no second look (issue
-- 38: a list read within one frame needs none at all). An object spawned or gone meanwhile starts the round again
-- from a fresh list; a table still changing after MAX_PASSES rounds is answered with the objects read in the last
-- one named `unsettled`.
local MAX_PASSES = 4

-- The GUIDs of the objects of `list` still on the table, in order (`guids`: those found at each position), the same
-- as a set (when `base` holds anything or `with_set`), and how many of them `base` holds. When no object came or went
-- the GUIDs found are the order as they are.
local function present(list, guids, edits, base, with_set)
  if edits == table_edits and not with_set and next(base) == nil then return guids, nil, 0, #list end
  local order, seen, held, count = {}, {}, 0, 0
  for i, obj in ipairs(list) do
    local guid = guids[i]
    if guid ~= nil and (edits == table_edits or not obj.isDestroyed()) then
      count = count + 1
      order[count], seen[guid] = guid, true
      if base[guid] ~= nil then held = held + 1 end
    end
    pace(SEEN_COST)
  end
  return order, seen, held, count
end

-- One round of the list, up to where the objects since the last one read afresh begin (at.stop: where this
-- frame's run of objects began when it was read; at.run: where the run of the frame at.frame began); returns whether
-- every object now holds at one moment. `at` carries these from round to round and the objects read afresh.
local function settle_round(list, guids, edits, base, recs, at, looks)
  local frame, run_from, stop_at, read_now = at.frame, at.run, at.stop, at.read_now
  local n = #list
  for i = 1, n do
    if i == stop_at then
      at.frame, at.run = frame, run_from
      return edits == table_edits
    end
    if slice.frame ~= frame then frame, run_from = slice.frame, i end -- a frame began: its run starts here
    local obj = list[i]
    if edits == table_edits or not obj.isDestroyed() then -- (an object may go while the round waits a frame)
      local guid = guids[i] -- an object's GUID, once read, is kept: a GUID that changes is a state change, an edit
      if guid == nil then
        guid = obj.getGUID()
        guids[i] = guid
      end
      local prev = recs[guid]
      local kept = prev ~= nil and not touched[guid]
      if unchanged(obj, prev or base[guid], kept) then
        pace(kept and KEPT_COST or COMPARE_COST)
      else
        recs[guid] = lean(obj, guid, looks)
        local count = at.count + 1
        at.count, read_now[count], stop_at = count, guid, run_from
        at.stop = stop_at
        pace(looks and READ_COST + LOOKS_COST or READ_COST)
      end
    else
      guids[i], run_from = nil, i == n and 1 or i + 1 -- a run across a gone object is cut there
    end
  end
  at.frame, at.run = frame, run_from
  return stop_at == nil and edits == table_edits
end

-- Returns, when the table would not settle, the objects read afresh in the last round and their count; then what
-- present() says of the objects read.
local function read_settled(list_of, base, recs, with_set, looks)
  local list, edits = list_of(), table_edits
  local guids, at = {}, { read_now = {}, count = 0, frame = slice.frame, run = 1 }
  pace(#list * LIST_COST)
  for passes = 1, MAX_PASSES do
    if settle_round(list, guids, edits, base, recs, at, looks) or list[1] == nil then
      return nil, 0, present(list, guids, edits, base, with_set)
    end
    if passes == MAX_PASSES then break end
    if edits ~= table_edits then -- objects came or went: round again from a fresh list
      list, edits, guids, at.stop, at.run = list_of(), table_edits, {}, nil, 1
      pace(#list * LIST_COST)
    end
    at.read_now, at.count = {}, 0
  end
  return at.read_now, at.count, present(list, guids, edits, base, with_set)
end

local function json_list(guids, n)
  local out = {}
  for i = 1, n do out[i] = json_string(guids[i]) end
  return concat({ "[", concat(out, ","), "]" })
end

-- args.since = {epoch, version} of this script's last lean answer: only the differences from it (args.exact: by
-- comparing every object, else those TTS's events and the bridge's batches touched since). Otherwise the lean
-- records of every object. The answer is JSON text: {lean, gone, delta, epoch, version[, unsettled]}.
local function lean_snapshot(args, done)
  local since = args.since
  local current = type(since) == "table" and since.epoch == changes.epoch and since.version == changes.version
  local taken_touched, taken_vanished = touched, vanished
  touched, vanished = {}, {} -- what changes while this answer is built is in the next
  local base = current and sent or {}
  local list_of = getObjects
  if current and not args.exact then
    list_of = function()
      local objects = {}
      for guid in pairs(taken_touched) do objects[#objects + 1] = getObjectFromGUID(guid) end
      return objects
    end
  end
  local recs, looks = {}, args.looks
  local unsettled, unsettled_count, order, seen, held, order_count = read_settled(list_of, base, recs, current, looks)
  local gone, gone_count = {}, 0
  local function went(guid) -- an object the bridge holds that the last round did not see
    if not seen[guid] and sent[guid] ~= nil then gone_count = gone_count + 1 gone[gone_count] = guid end
    pace(PLAIN_COST)
  end
  if current and args.exact and held < sent_count then
    for guid in pairs(sent) do went(guid) end
  elseif current then
    for guid in pairs(taken_touched) do went(guid) end
    for guid in pairs(taken_vanished) do went(guid) end
  end
  local lean_texts, n = {}, 0
  local function add(guid) -- a record this answer carries: the bridge holds it from now on
    if sent[guid] == nil then sent_count = sent_count + 1 end
    sent[guid] = recs[guid]
    n = n + 1
    lean_texts[n] = record_json(recs[guid], looks) -- written once the records hold: the table is not read here
    pace(WRITE_COST)
  end
  if not current then -- every object, in the table's order: the bridge held nothing, so it holds these now
    sent, sent_count, n = {}, order_count, order_count
    for i, guid in ipairs(order) do
      local rec = recs[guid]
      sent[guid], lean_texts[i] = rec, record_json(rec, looks) -- written once the records hold: the table is not read
      pace(WRITE_COST)
    end
  else
    for guid in pairs(recs) do
      if seen[guid] then add(guid) end
    end
  end
  for i = 1, gone_count do sent[gone[i]] = nil end
  sent_count = sent_count - gone_count
  changes.version = changes.version + 1
  pace(n * JOIN_COST)
  local out = { '{"lean":[', concat(lean_texts, ","), '],"gone":', json_list(gone, gone_count), ',"delta":',
    current and "true" or "false", ',"epoch":', json_string(changes.epoch), ',"version":',
    json_number(changes.version) }
  if unsettled then out[#out + 1] = ',"unsettled":' .. json_list(unsettled, unsettled_count) end
  out[#out + 1] = "}"
  done(concat(out), true)
end

-- args.full: every object's whole getData() (scripts stripped), as before issue 18 (not spread over frames);
-- otherwise lean records (lean_snapshot), a slice per frame; args.looks: with images, tints and CardIDs (see lean).
automa.ops.snapshot = function(args, done, fail)
  if not args.full then
    spread(function() lean_snapshot(args, done) end, function(reason)
      changes.version = changes.version + 1 -- what events touched went with the failed job: the next read is whole
      fail(reason)
    end)
    return
  end
  local objects, types, state_ids = {}, {}, {}
  for i, obj in ipairs(getObjects()) do
    local data = strip_scripts(obj.getData())
    objects[i] = data
    types[data.GUID] = obj.type
    -- States may reach the bridge as an object or, keyed by numbers, as an array: the live id settles it
    if data.States ~= nil then state_ids[data.GUID] = obj.getStateId() end
  end
  done({ objects = objects, types = types, state_ids = state_ids })
end

automa.ops.ping = function(args, done)
  done({ protocol = automa.PROTOCOL, game = automa.settings.game })
end

automa.ops.status = function(args, done)
  automa.set_status(args.text or "")
  done({})
end

-- For automa doctor (issue 39): a text the bridge sent as JSON, put through each place a game's text goes and read
-- back from each (printed to the chat, an object's name, description and GM notes, the game's notes, the panel's
-- status, an object's script_state), every place left as it was. The bridge compares the answers byte for byte; a
-- place that refuses the text answers with the error instead (the others are still tried).
local function echo_through(set, get, text)
  local ok, back = pcall(function()
    local before = get()
    set(text)
    local read = get()
    set(before)
    return read
  end)
  if ok then return back end
  return "error: " .. tostring(back)
end

automa.ops.echo_text = function(args, done)
  local text = args.text
  if type(text) ~= "string" then error("echo_text needs a text") end
  print(text)
  local back = { received = text }
  local obj = args.guid and getObjectFromGUID(args.guid)
  if obj ~= nil then
    back.name = echo_through(obj.setName, obj.getName, text)
    back.description = echo_through(obj.setDescription, obj.getDescription, text)
    back.gm_notes = echo_through(obj.setGMNotes, obj.getGMNotes, text)
    back.script_state = echo_through(function(v) obj.script_state = v end, function() return obj.script_state end,
      text)
  end
  back.notes = echo_through(Notes.setNotes, Notes.getNotes, text)
  back.ui = echo_through(function(v) UI.setAttribute("automa_status", "text", v) end,
    function() return UI.getAttribute("automa_status", "text") end, text)
  done(back)
end

-- Command batches -------------------------------------------------------------------------------

-- The check pass runs over a "view" of the table that earlier commands of the batch will have changed, so a
-- batch may take a piece out of a bag and then move it; nothing is applied until every command checks out.
local function new_view()
  local view = { present = {}, gone = {}, contents = {} }
  function view.object(guid)
    if guid == nil or view.gone[guid] then return nil end
    return getObjectFromGUID(guid)
  end
  function view.exists(guid)
    return guid ~= nil and not view.gone[guid] and (view.present[guid] or getObjectFromGUID(guid) ~= nil)
  end
  function view.contents_of(box)
    local key = box.getGUID()
    if view.contents[key] == nil then
      local list = {}
      for _, entry in ipairs(box.getObjects()) do list[#list + 1] = entry.guid end
      view.contents[key] = list
    end
    return view.contents[key]
  end
  return view
end

local function need(view, guid, what)
  if not view.exists(guid) then return (what or "object") .. " " .. tostring(guid) .. " is not on the table" end
end

local function need_container(view, guid)
  local missing = need(view, guid, "container")
  if missing then return nil, missing end
  local obj = view.object(guid)
  if obj == nil or not CONTAINERS[obj.type] then
    return nil, "object " .. guid .. " is a " .. (obj and obj.type or "piece") .. ", not a container"
  end
  return obj
end

local function exists_check(c, view) return need(view, c.guid) end

-- Each command: check(cmd, view) -> nil or reason, recording its effect in the view; and
-- run(cmd, next(result), fail(reason)).
local commands = {}

commands.move = {
  check = exists_check,
  run = function(c, next, fail)
    local obj = getObjectFromGUID(c.guid)
    if c.smooth == false then
      obj.setPosition(c.position)
      if c.rotation then obj.setRotation(c.rotation) end
    else
      obj.setPositionSmooth(c.position, false, false)
      if c.rotation then obj.setRotationSmooth(c.rotation, false, false) end
    end
    when_resting(obj, function() next({}) end, fail)
  end,
}

commands.rotate = {
  check = exists_check,
  run = function(c, next, fail)
    local obj = getObjectFromGUID(c.guid)
    if c.smooth == false then obj.setRotation(c.rotation) else obj.setRotationSmooth(c.rotation, false, false) end
    when_resting(obj, function() next({}) end, fail)
  end,
}

commands.flip = {
  check = exists_check,
  run = function(c, next, fail)
    local obj = getObjectFromGUID(c.guid)
    obj.flip()
    when_resting(obj, function() next({}) end, fail)
  end,
}

commands.take = {
  check = function(c, view)
    local box, err = need_container(view, c.container)
    if err then return err end
    local list = view.contents_of(box)
    local at = 1
    if c.guid then
      at = nil
      for i, guid in ipairs(list) do
        if guid == c.guid then at = i break end
      end
      if at == nil then return "object " .. c.guid .. " is not inside container " .. c.container end
    elseif #list == 0 then
      return "container " .. c.container .. " is empty"
    end
    if box.type == "Infinite" then
      return nil -- an infinite bag hands out a copy (with a GUID of its own) and never runs out
    end
    view.present[list[at]] = true
    view.gone[list[at]] = nil
    table.remove(list, at)
    if #list == 1 and (box.type == "Deck" or box.type == "Stack") then
      -- TTS turns a deck left with one card into that card (keeping its GUID): later commands address it
      view.present[list[1]] = true
      view.gone[list[1]] = nil
      view.gone[c.container] = true
    end
  end,
  run = function(c, next, fail)
    local box = getObjectFromGUID(c.container)
    local params = { position = c.position, rotation = c.rotation, flip = c.flip, smooth = true }
    params.callback_function = function(obj)
      when_resting(obj, function() next({ guid = obj.getGUID() }) end, fail)
    end
    if c.guid then params.guid = c.guid else params.top = true end
    if box.takeObject(params) == nil then fail("container " .. c.container .. " gave nothing") end
  end,
}

commands.put = {
  check = function(c, view)
    local missing = need(view, c.guid)
    if missing then return missing end
    local box, err = need_container(view, c.container)
    if err then return err end
    local list = view.contents_of(box)
    list[#list + 1] = c.guid
    view.gone[c.guid] = true
  end,
  run = function(c, next, fail)
    local box = getObjectFromGUID(c.container)
    local result = box.putObject(getObjectFromGUID(c.guid))
    if result == nil then fail("container " .. c.container .. " refused object " .. c.guid) return end
    next({ container = result.getGUID() })
  end,
}

commands.shuffle = {
  check = function(c, view) local _, err = need_container(view, c.guid) return err end,
  run = function(c, next) getObjectFromGUID(c.guid).shuffle() next({}) end,
}

commands.set_value = {
  check = exists_check,
  run = function(c, next, fail)
    local obj = getObjectFromGUID(c.guid)
    obj.setValue(c.value)
    when_resting(obj, function() next({}) end, fail)
  end,
}

commands.set_state = {
  check = function(c, view)
    local missing = need(view, c.guid)
    if missing then return missing end
    local obj = view.object(c.guid)
    if obj ~= nil and obj.getStateId() == -1 then return "object " .. c.guid .. " has no states" end
  end,
  run = function(c, next, fail)
    local obj = getObjectFromGUID(c.guid)
    if obj.getStateId() == c.state then next({ guid = c.guid }) return end
    local other = obj.setState(c.state)
    if other == nil then fail("object " .. c.guid .. " has no state " .. c.state) return end
    next({ guid = other.getGUID() })
  end,
}

commands.lock = {
  check = exists_check,
  run = function(c, next) getObjectFromGUID(c.guid).setLock(c.locked) next({}) end,
}

commands.set_text = {
  check = exists_check,
  run = function(c, next)
    local obj = getObjectFromGUID(c.guid)
    if c.description ~= nil then obj.setDescription(c.description) end
    if c.gm_notes ~= nil then obj.setGMNotes(c.gm_notes) end
    next({})
  end,
}

commands.say = {
  check = function(c) if type(c.text) ~= "string" then return "say needs text" end end,
  run = function(c, next) printToAll(c.text, color_of(c.color)) next({}) end,
}

commands.highlight = {
  check = exists_check,
  run = function(c, next)
    getObjectFromGUID(c.guid).highlightOn(color_of(c.color), c.seconds)
    next({})
  end,
}

automa.commands = commands

-- What this script knows of recent batches, by request id, for the bridge's batch_status question (a reply can be
-- lost, or come after the bridge stopped waiting).
automa.batches = {}
local batch_order = {}

local function track(id, total)
  local record = { state = "running", done = 0, total = total }
  if id ~= nil then
    automa.batches[id] = record
    batch_order[#batch_order + 1] = id
    if #batch_order > 16 then automa.batches[table.remove(batch_order, 1)] = nil end
  end
  return record
end

automa.ops.apply = function(args, done, fail, req_id)
  local batch = args.commands or {}
  if type(args.rest_timeout) == "number" and args.rest_timeout > 0 then rest_timeout = args.rest_timeout end
  local view = new_view()
  for i, c in ipairs(batch) do
    local spec = commands[c.op]
    if spec == nil then fail({ index = i - 1, reason = "unknown command '" .. tostring(c.op) .. "'", applied = 0 }) return end
    local reason = spec.check(c, view)
    if reason then fail({ index = i - 1, reason = reason, applied = 0 }) return end
  end
  local record = track(req_id, #batch)
  local function progress(count)
    record.done = count
    if args.progress then sendExternalMessage({ automa_progress = req_id, done = count, total = #batch }) end
  end
  local function stop(detail)
    record.state, record.done, record.error = "failed", detail.applied, detail
    fail(detail)
  end
  progress(0)
  -- Moves, turns, flips and dice set of different objects run at once, as TTS animates them (issue 18); any other
  -- command, and a second motion of an object still moving, first waits for every motion under way, so the chat's
  -- reasons and the container commands stay in step with the pieces. A motion that fails stops the batch once
  -- the others have ended; the failure names it, and the commands before it count as applied.
  local results, completed, moving, waiting, failure = {}, 0, {}, nil, nil
  local moving_count = 0
  local function finished(i, result)
    results[i] = result
    for _, key in ipairs({ "guid", "container" }) do -- what the batch changed, for snapshots of changes
      if batch[i][key] ~= nil then touch(batch[i][key]) end
      if type(result) == "table" and result[key] ~= nil then touch(result[key]) end
    end
    completed = completed + 1
    progress(completed)
  end
  local function settle()
    if moving_count > 0 or waiting == nil then return end
    local go = waiting
    waiting = nil
    if failure ~= nil then stop(failure) else go() end
  end
  local step
  local function after_motions(i)
    waiting = function() step(i) end
    settle()
  end
  step = function(i)
    if i > #batch then
      if moving_count > 0 then after_motions(i) return end
      record.state = "finished"
      done({ applied = #batch, results = results })
      return
    end
    local c = batch[i]
    local parallel = PARALLEL[c.op] and not moving[c.guid]
    if not parallel and moving_count > 0 then after_motions(i) return end
    if parallel then
      moving[c.guid], moving_count = true, moving_count + 1
    end
    local function ended()
      if parallel then moving[c.guid], moving_count = nil, moving_count - 1 end
    end
    local ok, err = pcall(commands[c.op].run, c, function(result)
      ended()
      finished(i, result)
      if parallel then settle() else step(i + 1) end
    end, function(reason)
      ended()
      local detail = { index = i - 1, reason = reason, applied = i - 1 }
      if not parallel then stop(detail) return end
      if failure == nil or detail.index < failure.index then failure = detail end
      settle()
    end)
    if not ok then
      ended()
      stop({ index = i - 1, reason = tostring(err), applied = i - 1 })
      return
    end
    if parallel then
      if failure ~= nil then after_motions(#batch + 1) return end -- no new command once one motion failed
      step(i + 1)
    end
  end
  step(1)
end

automa.ops.batch_status = function(args, done)
  local record = automa.batches[args.id]
  if record == nil then done({ state = "unknown" }) return end
  done({ state = record.state, done = record.done, total = record.total, error = record.error })
end

-- Dispatch --------------------------------------------------------------------------------------

local game_on_external_message = onExternalMessage

function onExternalMessage(data)
  local req = data.automa
  if type(req) ~= "table" then
    if game_on_external_message then game_on_external_message(data) end
    return
  end
  local op = automa.ops[req.op]
  if op == nil then reply(req.id, false, "unknown operation '" .. tostring(req.op) .. "'") return end
  local answered = false
  local function done(result, raw)
    if not answered then answered = true reply(req.id, true, result, raw) end
  end
  local function fail(reason)
    if not answered then answered = true reply(req.id, false, reason) end
  end
  local ok, err = pcall(op, req.args or {}, done, fail, req.id)
  if not ok then fail(tostring(err)) end
end

-- The bot panel ---------------------------------------------------------------------------------

function automa.set_status(text)
  UI.setAttribute("automa_status", "text", text)
end

function automaBotTurn(player, value, id)
  automa.set_status("Asking the bot...")
  automa.event("bot_turn", { player = player.color, difficulty = automa.settings.difficulty })
end

function automaCheckTurn(player, value, id)
  automa.set_status("Checking your turn...")
  automa.event("check_turn", { player = player.color })
end

function automaGameButton(player, value, id)
  -- the game's own buttons (automa_button_<key>): the bridge carries out the move the key stands for
  automa.set_status("Asking the bot...")
  automa.event("button", { player = player.color, button = string.sub(id, #"automa_button_" + 1) })
end

function automaDifficulty(player, value, id)
  automa.settings.difficulty = value
  automa.event("difficulty", { player = player.color, difficulty = value })
end

-- Saving and loading. Joined to someone's mod (automa mod inject sets automa.joined), the mod's own onLoad and
-- onSave keep working: the saved state holds both, the mod's exactly as its onSave wrote it.
local mod_on_load, mod_on_save = onLoad, onSave
local JOINED_KEY = "tabletop_automa"

local function read_settings(saved)
  if type(saved) == "table" then
    automa.settings.game = saved.game or ""
    automa.settings.difficulty = saved.difficulty or ""
  end
end

-- The table as TTS made it (issue 20) ------------------------------------------------------------

-- A bag the rules draw from at random is shuffled on load: TTS gives a bag's contents in the order the save lists
-- them (the tag is bridge/table/ttsfacts.py's RANDOM_BAG_TAG).
local RANDOM_BAG_TAG = "automa.random_bag"

local function shuffle_random_bags()
  for _, bag in ipairs(getObjectsWithTag(RANDOM_BAG_TAG)) do
    if bag.type == "Bag" then bag.shuffle() end
  end
end

-- Every board's size as TTS drew it, once its image has loaded: the bridge compares it with the size the build
-- assumed (TTS sizes a custom board from its image's aspect and its scale; the base size is not documented).
local BOARD_LOAD_TIMEOUT = 30 -- seconds to wait for board images

-- A board with no image has nothing TTS could size it by (a table built without its images, as `automa serve
-- --emulator` builds one): it is left out.
local function has_image(obj)
  local custom = obj.getCustomObject() -- a built-in board's may be empty (or nil: unverified in real TTS)
  return type(custom) == "table" and type(custom.image) == "string" and custom.image ~= ""
end

local function measure_boards()
  local boards = {}
  for _, obj in ipairs(getObjects()) do
    if obj.type == "Board" and has_image(obj) then boards[#boards + 1] = obj end
  end
  if #boards == 0 then return end
  local function present(b) return b ~= nil and not b.isDestroyed() end -- a board may go before its image loads
  local function loaded()
    for _, b in ipairs(boards) do
      if present(b) and b.loading_custom then return false end
    end
    return true
  end
  local function send()
    local sizes = {}
    for _, b in ipairs(boards) do
      if present(b) then
        local size = b.getBoundsNormalized().size
        sizes[#sizes + 1] = { guid = b.getGUID(), width = size.x, depth = size.z, loading = b.loading_custom }
      end
    end
    automa.event("boards", { boards = sizes })
  end
  Wait.condition(send, loaded, BOARD_LOAD_TIMEOUT, send)
end

-- A joined save's state is "tabletop_automa <settings as JSON>", a newline, then the mod's own state exactly as its
-- onSave wrote it. TTS's JSON.decode takes time quadratic in a string's length (a 100 KB state: 8 s under Mono), so
-- the mod's state never goes through it: only the short settings line does. (Saves joined before held one JSON
-- object {tabletop_automa = settings, mod_state = the mod's}; they are still read.)
local JOINED_HEAD = JOINED_KEY .. " "

function onSave()
  if not automa.joined then return automa.json(automa.settings) end
  local theirs = ""
  if mod_on_save ~= nil then theirs = mod_on_save() or "" end
  return JOINED_HEAD .. automa.json(automa.settings) .. "\n" .. tostring(theirs)
end

-- The bot's settings and the mod's own state from a joined save's state.
local function split_joined(state)
  if string.sub(state, 1, #JOINED_HEAD) == JOINED_HEAD then
    local eol = string.find(state, "\n", 1, true) -- the settings are ASCII: the first newline ends them
    if eol == nil then eol = #state + 1 end
    local ok, settings = pcall(JSON.decode, string.sub(state, #JOINED_HEAD + 1, eol - 1))
    return ok and settings or nil, string.sub(state, eol + 1)
  end
  local ok, saved = false, nil
  if string.sub(state, 1, #JOINED_KEY + 3) == '{"' .. JOINED_KEY .. '"' then ok, saved = pcall(JSON.decode, state) end
  if ok and type(saved) == "table" and type(saved[JOINED_KEY]) == "table" then
    return saved[JOINED_KEY], saved.mod_state or ""
  end
  return nil, state -- the mod's own state from before it was joined
end

function onLoad(script_state)
  script_state = script_state or ""
  local failed
  if automa.joined then
    local settings, theirs = split_joined(script_state)
    read_settings(settings)
    if mod_on_load ~= nil then
      local ok, err = pcall(mod_on_load, theirs)
      if not ok then failed = err end
    end
  elseif script_state ~= "" then
    local ok, saved = pcall(JSON.decode, script_state)
    if ok then read_settings(saved) end
  end
  automa.event("hello", { protocol = automa.PROTOCOL, game = automa.settings.game })
  shuffle_random_bags()
  measure_boards()
  if failed ~= nil then error(failed, 0) end -- the mod's own error, reported as TTS would, once the bot is ready
end
