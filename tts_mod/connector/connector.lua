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
local REST_TIMEOUT = 15 -- seconds an object may take to come to rest
local CONTAINERS = { Bag = true, Deck = true, Infinite = true, Stack = true }

local function color_of(name)
  return PLAYER_COLORS[name or "White"] or PLAYER_COLORS.White
end

local function vec(t)
  if t == nil then return nil end
  return { x = t.x, y = t.y, z = t.z }
end

-- Replies ---------------------------------------------------------------------------------------

local function reply(id, ok, payload)
  if ok then
    sendExternalMessage({ automa_reply = id, ok = true, result = JSON.encode(payload) })
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

-- Calls done() once obj rests, or fail(reason) after REST_TIMEOUT; always lets one frame pass first so a
-- smooth move has started before "resting" is read.
local function when_resting(obj, done, fail)
  Wait.frames(function()
    Wait.condition(done, function() return obj.isDestroyed() or obj.resting end, REST_TIMEOUT, function()
      fail("object " .. obj.getGUID() .. " did not come to rest within " .. REST_TIMEOUT .. " s")
    end)
  end, 1)
end

-- Snapshot --------------------------------------------------------------------------------------

local function strip_scripts(data)
  data.LuaScript = nil
  data.LuaScriptState = nil
  data.XmlUI = nil
  if data.ContainedObjects then
    for _, inner in ipairs(data.ContainedObjects) do strip_scripts(inner) end
  end
  if data.States then
    for _, other in pairs(data.States) do strip_scripts(other) end
  end
  return data
end

automa.ops.snapshot = function(args, done)
  local objects, types = {}, {}
  for _, obj in ipairs(getObjects()) do
    local data = strip_scripts(obj.getData())
    objects[#objects + 1] = data
    types[data.GUID] = obj.type
  end
  done({ objects = objects, types = types })
end

automa.ops.ping = function(args, done)
  done({ protocol = automa.PROTOCOL, game = automa.settings.game })
end

automa.ops.status = function(args, done)
  automa.set_status(args.text or "")
  done({})
end

-- Command batches -------------------------------------------------------------------------------

local function need_object(guid, what)
  local obj = getObjectFromGUID(guid or "")
  if obj == nil then return nil, (what or "object") .. " " .. tostring(guid) .. " is not on the table" end
  return obj
end

-- Each command: check(cmd) -> nil or reason (run for the whole batch before anything moves), and
-- run(cmd, next(result), fail(reason)).
local commands = {}

commands.move = {
  check = function(c) local _, err = need_object(c.guid) return err end,
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
  check = commands.move.check,
  run = function(c, next, fail)
    local obj = getObjectFromGUID(c.guid)
    if c.smooth == false then obj.setRotation(c.rotation) else obj.setRotationSmooth(c.rotation, false, false) end
    when_resting(obj, function() next({}) end, fail)
  end,
}

commands.flip = {
  check = commands.move.check,
  run = function(c, next, fail)
    local obj = getObjectFromGUID(c.guid)
    obj.flip()
    when_resting(obj, function() next({}) end, fail)
  end,
}

local function need_container(guid)
  local obj, err = need_object(guid, "container")
  if err then return nil, err end
  if not CONTAINERS[obj.type] then return nil, "object " .. guid .. " is a " .. obj.type .. ", not a container" end
  return obj
end

commands.take = {
  check = function(c)
    local box, err = need_container(c.container)
    if err then return err end
    if c.guid then
      for _, entry in ipairs(box.getObjects()) do
        if entry.guid == c.guid then return nil end
      end
      return "object " .. c.guid .. " is not inside container " .. c.container
    end
    if box.getQuantity() == 0 then return "container " .. c.container .. " is empty" end
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
  check = function(c)
    local _, err = need_object(c.guid)
    if err then return err end
    local _, err2 = need_container(c.container)
    return err2
  end,
  run = function(c, next, fail)
    local box = getObjectFromGUID(c.container)
    local result = box.putObject(getObjectFromGUID(c.guid))
    if result == nil then fail("container " .. c.container .. " refused object " .. c.guid) return end
    next({ container = result.getGUID() })
  end,
}

commands.shuffle = {
  check = function(c) local _, err = need_container(c.guid) return err end,
  run = function(c, next) getObjectFromGUID(c.guid).shuffle() next({}) end,
}

commands.set_value = {
  check = commands.move.check,
  run = function(c, next, fail)
    local obj = getObjectFromGUID(c.guid)
    obj.setValue(c.value)
    when_resting(obj, function() next({}) end, fail)
  end,
}

commands.set_state = {
  check = function(c)
    local obj, err = need_object(c.guid)
    if err then return err end
    if obj.getStateId() == -1 then return "object " .. c.guid .. " has no states" end
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
  check = commands.move.check,
  run = function(c, next) getObjectFromGUID(c.guid).setLock(c.locked) next({}) end,
}

commands.say = {
  check = function(c) if type(c.text) ~= "string" then return "say needs text" end end,
  run = function(c, next) printToAll(c.text, color_of(c.color)) next({}) end,
}

commands.highlight = {
  check = commands.move.check,
  run = function(c, next)
    getObjectFromGUID(c.guid).highlightOn(color_of(c.color), c.seconds)
    next({})
  end,
}

automa.commands = commands

automa.ops.apply = function(args, done, fail)
  local batch = args.commands or {}
  for i, c in ipairs(batch) do
    local spec = commands[c.op]
    if spec == nil then fail({ index = i - 1, reason = "unknown command '" .. tostring(c.op) .. "'", applied = 0 }) return end
    local reason = spec.check(c)
    if reason then fail({ index = i - 1, reason = reason, applied = 0 }) return end
  end
  local results = {}
  local function step(i)
    if i > #batch then done({ applied = #batch, results = results }) return end
    local ok, err = pcall(commands[batch[i].op].run, batch[i], function(result)
      results[i] = result
      step(i + 1)
    end, function(reason)
      fail({ index = i - 1, reason = reason, applied = i - 1 })
    end)
    if not ok then fail({ index = i - 1, reason = tostring(err), applied = i - 1 }) end
  end
  step(1)
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
  local function done(result)
    if not answered then answered = true reply(req.id, true, result) end
  end
  local function fail(reason)
    if not answered then answered = true reply(req.id, false, reason) end
  end
  local ok, err = pcall(op, req.args or {}, done, fail)
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

function automaDifficulty(player, value, id)
  automa.settings.difficulty = value
  automa.event("difficulty", { player = player.color, difficulty = value })
end

function onSave()
  return JSON.encode(automa.settings)
end

function onLoad(script_state)
  if script_state ~= nil and script_state ~= "" then
    local saved = JSON.decode(script_state)
    if type(saved) == "table" then
      automa.settings.game = saved.game or ""
      automa.settings.difficulty = saved.difficulty or ""
    end
  end
  automa.event("hello", { protocol = automa.PROTOCOL, game = automa.settings.game })
end
