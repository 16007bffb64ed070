-- Heroes of Land, Air & Sea: the map editor, for an owner drawing their own board's map once.
--
-- The map (regions, outlines, neighbours) is not public, so the owner clicks it on their board:
--   chat  "map new L3 land mountain shore worker capital continent=A"   a region and what it is (select it)
--   chat  "map select L3"                                                 select a region drawn before
--   Numpad 1 (scripting button 1)   the selected region's centre, where the pointer is
--   Numpad 2 (scripting button 2)   one more point of its outline, where the pointer is (go round it)
--   Numpad 3 (scripting button 3)   take its last outline point back
--   chat  "map link L1 L2"            L1 and L2 are neighbours ("map link L4 L6 ferry", "... graticule"; a ferry
--                                     whose route crosses a Graticule: "map link L4 L6 ferry graticule")
--   chat  "map unlink L1 L2", "map side A", "map north 0", "map list", "map help"
--   chat  "map send"                  the bridge checks the map and writes map.json into the owner's folder
-- Points go to the bridge as table positions; the bridge turns them into the board's own frame, infers what
-- kind each link is and the compass arcs, and says in the chat what is wrong (which region, which link).
-- Whatever the owner types is kept as data and sent as JSON, never run.

local mapEditor = { regions = {}, order = {}, links = {}, selected = nil, side = "A", north = 0 }
automa.mapEditor = mapEditor

local function mapSay(text, color)
  printToAll("Map editor: " .. text, color or { 0.6, 0.8, 1 })
end

-- The words of a chat line, split at spaces, tabs and line breaks. Not by a pattern: under MoonSharp a pattern
-- compares only a character's low 8 bits, so "%S+" splits "Čechy" (U+010C) at its first letter. string.byte is
-- safe here: it gives 63 for a character above U+00FF, and a non-ASCII character is never 9, 10, 13 or 32
-- (in the emulator's UTF-8 neither is any byte of one).
local MAP_SPACE = { [9] = true, [10] = true, [13] = true, [32] = true }

local function mapWords(text)
  local words, start, n = {}, nil, #text
  for i = 1, n + 1 do
    local space = i > n or MAP_SPACE[string.byte(text, i)]
    if space and start then
      words[#words + 1] = string.sub(text, start, i - 1)
      start = nil
    elseif not space and not start then
      start = i
    end
  end
  return words
end

-- A number of degrees as typed: digits with one decimal point or comma, a sign before them. Not tonumber: under
-- MoonSharp it parses with .NET rules, so "22,5" gives 225 and "0x10" nil. nil when the word is anything else.
local function mapNumber(word)
  -- every digit into one whole number and the count of decimals, then one division: 0.3 reads as 0.3, where adding
  -- each decimal's share gave 0.30000000000000004
  local sign, value, digits, decimals, seen_point = 1, 0, 0, 0, false
  for i = 1, #word do
    local b = string.byte(word, i)
    if i == 1 and (b == 45 or b == 43) and #word > 1 then
      if b == 45 then sign = -1 end
    elseif (b == 46 or b == 44) and not seen_point then
      seen_point = true
    elseif b >= 48 and b <= 57 then
      digits = digits + 1
      value = value * 10 + (b - 48)
      if seen_point then decimals = decimals + 1 end
    else
      return nil
    end
  end
  if digits == 0 then return nil end
  return sign * value / 10 ^ decimals
end

-- An angle for the chat: %g, and a point whatever the machine's culture (MoonSharp's `..` would write "22,5").
local function mapDegrees(value)
  return (string.gsub(string.format("%g", value), ",", "."))
end

local function mapPointer(color)
  local pointer = Player[color].getPointerPosition()
  if pointer == nil then return nil end
  return { x = pointer.x, y = pointer.y, z = pointer.z }
end

local function mapSelected()
  local region = mapEditor.selected and mapEditor.regions[mapEditor.selected]
  if region == nil then mapSay("first 'map new ID ...' (or 'map select ID')", "Red") end
  return region
end

local function mapList()
  if #mapEditor.order == 0 then mapSay("no region yet: 'map new ID land|sea terrain ...'") return end
  for _, id in ipairs(mapEditor.order) do
    local r = mapEditor.regions[id]
    mapSay(id .. " (" .. table.concat(r.words, " ") .. "): " .. (r.center and "centre set" or "NO CENTRE") ..
      ", " .. #r.polygon .. " outline point(s)")
  end
  mapSay(#mapEditor.links .. " link(s); side " .. mapEditor.side .. ", north at " .. mapDegrees(mapEditor.north) ..
    " degrees")
end

local mapCommands = {}

function mapCommands.new(words)
  local id = words[1]
  if id == nil then mapSay("'map new ID land|sea terrain ...': the region needs a name", "Red") return end
  if mapEditor.regions[id] == nil then mapEditor.order[#mapEditor.order + 1] = id end
  local attributes = {}
  for i = 2, #words do attributes[#attributes + 1] = words[i] end
  local old = mapEditor.regions[id]
  mapEditor.regions[id] = { id = id, words = attributes, center = old and old.center, polygon = old and old.polygon or {} }
  mapEditor.selected = id
  mapSay(id .. " selected: Numpad 1 for its centre, Numpad 2 for each point of its outline")
end

function mapCommands.select(words)
  if mapEditor.regions[words[1] or ""] == nil then mapSay("no region " .. tostring(words[1]), "Red") return end
  mapEditor.selected = words[1]
  mapSay(words[1] .. " selected")
end

function mapCommands.link(words)
  local a, b = words[1], words[2]
  if a == nil or b == nil or a == b then mapSay("'map link A B [ferry [graticule]|graticule] [label]'", "Red") return end
  local rest = {}
  for i = 3, #words do rest[#rest + 1] = words[i] end
  for i, link in ipairs(mapEditor.links) do
    if (link.a == a and link.b == b) or (link.a == b and link.b == a) then table.remove(mapEditor.links, i) break end
  end
  mapEditor.links[#mapEditor.links + 1] = { a = a, b = b, words = rest }
  mapSay(a .. " - " .. b .. " linked" .. (#rest > 0 and (" (" .. table.concat(rest, " ") .. ")") or ""))
end

function mapCommands.unlink(words)
  for i, link in ipairs(mapEditor.links) do
    if (link.a == words[1] and link.b == words[2]) or (link.a == words[2] and link.b == words[1]) then
      table.remove(mapEditor.links, i)
      mapSay(words[1] .. " - " .. words[2] .. " unlinked")
      return
    end
  end
  mapSay("no link " .. tostring(words[1]) .. " - " .. tostring(words[2]), "Red")
end

function mapCommands.side(words) mapEditor.side = words[1] or "A" mapSay("side " .. mapEditor.side) end

function mapCommands.north(words)
  local degrees = mapNumber(words[1] or "")
  if degrees == nil then
    mapSay("'map north " .. tostring(words[1] or "") .. "': the angle is a number of degrees, e.g. 'map north 90' " ..
      "or 'map north 22.5'; north stays at " .. mapDegrees(mapEditor.north), "Red")
    return
  end
  mapEditor.north = degrees
  mapSay("north at " .. words[1] .. " degrees clockwise from the table's north")
end

function mapCommands.list() mapList() end

function mapCommands.help()
  mapSay("map new ID land|sea TERRAIN [shore] [worker] [capital] [continent=X]; map select ID; Numpad 1: centre; " ..
    "Numpad 2: outline point; Numpad 3: undo a point; map link A B [ferry [graticule]|graticule]; map unlink A B; map list; map send")
end

function mapCommands.send()
  local regions = {}
  for _, id in ipairs(mapEditor.order) do regions[#regions + 1] = mapEditor.regions[id] end
  local drawing = { side = mapEditor.side, north = mapEditor.north, regions = regions, links = mapEditor.links }
  automa.event("map", { drawing = automa.json(drawing) }) -- not JSON.encode: it garbles non-ASCII names
  mapSay("sent " .. #regions .. " region(s) and " .. #mapEditor.links .. " link(s) to the bridge...")
end

function onChat(message, sender)
  automa.heard(message, sender) -- the connector's own onChat, which this one replaces (automa adopt's skip and stop)
  local words = mapWords(message)
  if words[1] ~= "map" then return true end
  local command = mapCommands[words[2] or "help"]
  if command == nil then mapSay("no command '" .. tostring(words[2]) .. "': 'map help'", "Red") return false end
  local rest = {}
  for i = 3, #words do rest[#rest + 1] = words[i] end
  command(rest)
  return false
end

function onScriptingButtonDown(index, player_color)
  if index < 1 or index > 3 then return end
  local region = mapSelected()
  if region == nil then return end
  if index == 3 then
    if #region.polygon > 0 then table.remove(region.polygon) end
    mapSay(region.id .. ": " .. #region.polygon .. " outline point(s)")
    return
  end
  local point = mapPointer(player_color)
  if point == nil then mapSay("point at the board first", "Red") return end
  if index == 1 then
    region.center = point
    mapSay(region.id .. ": centre set")
  else
    region.polygon[#region.polygon + 1] = point
    mapSay(region.id .. ": outline point " .. #region.polygon)
  end
end
