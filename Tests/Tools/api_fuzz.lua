-- An explore-style fuzzer over the public API (the hostile-input suite of issue 25).
--
-- Usage: tantan-host [limits] api_fuzz.lua SEED STEPS API_MD [huge]
--
-- Reads the classes, methods, fields, config keys and callbacks from the API reference
-- (lua/API.md, generated from the declarations), then for STEPS actions drawn with SEED builds
-- decks, grids and lists with random configs and calls their methods, reads and writes their
-- fields, and calls tantan.json, tantan.render, the clock and timers, all with hostile arguments.
-- Callbacks return nonsense, raise (strings, tables with __tostring, nil), yield, re-enter the
-- components, advance the clock or allocate. Every call runs under pcall; a fifth run inside a
-- coroutine. With `huge`, counts and allocations are large enough to trip the limits (the run
-- then ends with the limit's error, status 1). Prints `fuzz ok <calls> <errors>` at the end.
-- Run it in a scratch folder: `save_svg` is called with the hostile strings as paths.
local seed, steps, apiPath, huge = tonumber(arg[1]), tonumber(arg[2]), arg[3], arg[4] == "huge"
local verbose = arg[5] == "verbose"  -- prints each error (to see what the fuzzer reaches)
math.randomseed(seed)
local R = math.random

-- The API, from its reference.
local api = { method = {}, field = {}, key = {}, callback = {}, ["function"] = {} }
for line in io.lines(apiPath) do
  local name, kind, ty = line:match("^| `([%w_.:]+)` | (%a+) | `(.-)` |")
  if name and api[kind] then
    local owner, member = name:match("^(.*)[.:]([%w_]+)$")
    api[kind][owner] = api[kind][owner] or {}
    table.insert(api[kind][owner], { name = member, type = ty:gsub("\\|", "|"), full = name })
  end
end

local function pick(t) return t[R(#t)] end
local function chance(p) return R() < p end

local objects = {}     -- live components, in creation order
local counter = 0
local function nextId() counter = counter + 1 return counter end
local depth = 0        -- re-entry depth of callbacks
local calls, errors = 0, 0

-- Values ----------------------------------------------------------------------------------------

local deep = {} do local t = deep for _ = 1, 250 do t[1] = {} t = t[1] end end
local cyclic = { id = 1 } cyclic.self = cyclic
-- Halves that are one table: 16 levels for everything (JSON encodes each reference: 2^16 values),
-- 60 for list payloads (copied once per distinct table).
local function doubled(levels) local t = { title = "leaf" } for _ = 1, levels do t = { a = t, b = t } end return t end
local shared, deepShared = doubled(16), doubled(60)
local hostileValues = {
  0, -1, 1, 0.5, 1e308, -1e308, 0 / 0, 1 / 0, -1 / 0, math.maxinteger, math.mininteger, 2 ^ 53, 1e-300,
  "", "x", "left", "right", "up", "down", "\0", "\xff\xfe", ("long"):rep(10000), true, false,
  {}, { 1, 2, 3 }, deep, cyclic, shared, { x = 0, y = 0, w = 10, h = 10 }, { id = "s" }, print,
  coroutine.create(print), io.stdout, setmetatable({}, { __index = function() error("index trap") end }),
}

local saneValue, hostile, callback

-- A value of a declared type: mostly one that fits, sometimes (`wild`, 20% by default) anything.
function saneValue(ty, wild)
  ty = ty or "any"
  if chance(wild or 0.2) then return hostile() end
  if ty:find("^{") then  -- a record: its declared fields
    local t = {}
    for field, fty in ty:gmatch("([%w_]+)%??:%s*([%w_\"|]+)") do if chance(0.7) then t[field] = saneValue(fty) end end
    return t
  end
  if ty:find("%[%]") then  -- an array
    local t, element = {}, ty:match("^([%w_.]+)%[%]") or "table"
    for i = 1, R(0, huge and 2000 or 6) do
      t[i] = (element == "table" or element == "any") and { id = nextId(), title = "t" .. i } or saneValue(element)
    end
    return t
  end
  if ty:find("^integer") then return huge and chance(0.2) and 10 ^ R(5, 9) // 1 or R(0, 6) end
  if ty:find("^number") then return pick { R(0, 400), R() * 100, R() } end
  if ty:find("^boolean") then return chance(0.5) end
  local literal = {}
  for s in ty:gmatch('"([%w_]+)"') do literal[#literal + 1] = s end
  if #literal > 0 then return pick(literal) end
  if ty:find("^string") then return pick { "a", "title", "left" } end
  if ty:find("^fun") then return callback(ty) end
  if ty:find("^table") then return { id = nextId(), title = "t", x = R(0, 50), y = R(0, 50), w = R(1, 300), h = R(1, 300) } end
  return chance(0.5) and nextId() or { id = nextId(), title = "v" }
end

function hostile()
  if #objects > 0 and chance(0.1) then return pick(objects).obj end
  if chance(0.05) then return tantan.clock end
  return pick(hostileValues)
end

-- Calls a random method of a random live object (from callbacks: re-entry).
local act

-- A callback for a declared function type: it may return what fits, nonsense, raise, yield,
-- re-enter, advance the clock or allocate.
function callback(ty)
  local result = ty and ty:match("%):%s*(.+)$")
  return function(...)
    local roll = R(100)
    if roll <= 6 then error("callback boom " .. nextId()) end
    if roll <= 8 then error(setmetatable({}, { __tostring = function() return "table error" end })) end
    if roll <= 9 then error() end
    if roll <= 11 then coroutine.yield(1) end
    if roll <= 18 and depth < 3 then
      depth = depth + 1
      pcall(act)
      depth = depth - 1
    end
    if roll <= 20 then tantan.clock:advance(R() < 0.5 and 0 or R()) end
    if roll <= 22 then local t = {} for i = 1, huge and 1e6 or 1e4 do t[i] = i end return t end
    if roll <= 26 then return hostile() end
    if roll <= 28 then return end
    if result then return saneValue(result) end
    return saneValue("any")
  end
end

-- Components ------------------------------------------------------------------------------------

local classOf = { deck = "SwipeDeck", grid = "ReorderGrid", list = "List" }
local nested = {  -- config keys whose value is a table of declared keys and callbacks
  source = { deck = "SwipeDeckSource", grid = "ReorderGridSource", list = "ListSource" },
  delegate = { deck = "SwipeDeckDelegate", grid = "ReorderGridDelegate", list = "ListDelegate" },
  refresh = { list = "ListRefreshConfig" },
  paging = { list = "ListPagingConfig" },
}

local function declaredTable(className)
  local t = {}
  for _, k in ipairs(api.key["tantan." .. className] or {}) do if chance(0.5) then t[k.name] = saneValue(k.type, 0.05) end end
  for _, c in ipairs(api.callback["tantan." .. className] or {}) do if chance(0.8) then t[c.name] = callback(c.type) end end
  return t
end

local function config(kind)
  local c = {}
  for _, k in ipairs(api.key["tantan." .. classOf[kind] .. "Config"] or {}) do
    local inner = nested[k.name] and nested[k.name][kind]
    if k.name == "sections" or k.name == "items" then
      if chance(0.4) then
        local items = {}
        for i = 1, R(0, huge and 100000 or 20) do
          items[i] = kind == "list" and { id = nextId(), title = "i", payload = chance(0.1) and deepShared or nil } or nextId()
        end
        c[k.name] = kind == "list" and { { id = 1, header = chance(0.3) and { title = "h" } or nil, items = items } } or items
      end
    elseif inner then
      if chance(0.6) or (kind == "deck" and k.name == "source") then c[k.name] = kind == "deck" and k.name == "source" and chance(0.5) and saneValue("table[]") or declaredTable(inner) end
    elseif k.name ~= "preset" and chance(0.25) then
      c[k.name] = saneValue(k.type, 0.05)
    end
  end
  if kind == "list" and c.sections and c.source then c[pick { "sections", "source" }] = nil end
  if kind == "grid" and c.items and c.source then c[pick { "items", "source" }] = nil end
  return c
end

local function build()
  local kind = pick { "deck", "grid", "list" }
  local ok, obj = pcall(tantan[kind], config(kind))
  calls = calls + 1
  if verbose then print("build", kind, ok, not ok and tostring(obj):sub(1, 160) or "") end
  if ok and obj then
    objects[#objects + 1] = { obj = obj, class = "tantan." .. classOf[kind] }
    if #objects > 6 then table.remove(objects, 1) end
  else
    errors = errors + 1
  end
end

-- Actions ---------------------------------------------------------------------------------------

local function args(signature, selfName)
  local out, n = {}, 0
  for param in (signature:match("^fun%((.-)%)") or ""):gmatch("[^,]+") do
    local name, ty = param:match("([%w_.]+)%??:%s*(.+)")
    if name and name ~= "self" and name ~= "..." then
      n = n + 1
      out[n] = saneValue(ty)
    end
  end
  if chance(0.1) then n = n + 1 out[n] = hostile() end
  return out, n
end

local function call(f, ...)
  calls = calls + 1
  if verbose then print("call", calls, ...) end
  local ok, e = pcall(f, ...)
  if not ok then
    errors = errors + 1
    if verbose then print("error", tostring(e):sub(1, 160)) end
  end
end

local functions = {}
for _, f in ipairs(api["function"]["tantan"] or {}) do functions[#functions + 1] = f end
for _, owner in ipairs { "tantan.json", "tantan.render", "tantan.explore" } do
  for _, f in ipairs(api["function"][owner] or {}) do functions[#functions + 1] = f end
end

function act()
  local roll = R(100)
  if roll <= 10 or #objects == 0 then return build() end
  if roll <= 60 then
    local o = pick(objects)
    local m = pick(api.method[o.class] or { { name = "nonexistent", type = "fun()" } })
    local a, n = args(m.type)
    if verbose then print("method", o.class, m.name) end
    return call(function() return o.obj[m.name](o.obj, table.unpack(a, 1, n)) end)
  end
  if roll <= 70 then
    local o = pick(objects)
    local f = pick(api.field[o.class] or { { name = "nonexistent" } })
    if chance(0.8) then return call(function() return o.obj[f.name] end) end
    return call(function() o.obj[f.name] = hostile() end)
  end
  if roll <= 80 then
    local o = objects[R(#objects)]
    return call(function() return tantan.render.svg(o.obj) end)
  end
  if roll <= 85 then
    return call(tantan.clock.advance, tantan.clock, pick { 0, 0.016, 0.3, 1, R() * 5 })
  end
  if roll <= 88 then return call(tantan.after, R() * 2, callback("fun()")) end
  if roll <= 90 then return call(tantan.json.encode, chance(0.5) and hostile() or saneValue("table")) end
  if roll <= 92 then
    return call(tantan.json.decode, pick { "[]", "{}", '{"a":[1,2,{"b":null}]}', "[1,", '"\\ud800"', ("["):rep(300) })
  end
  if roll <= 94 then collectgarbage() return end
  local f = pick(functions)
  if verbose then print("function", f.full) end
  local fn = load("return " .. f.full)()
  local a, n = args(f.type)
  return call(fn, table.unpack(a, 1, n))
end

for _ = 1, steps do
  if chance(0.2) then
    local co = coroutine.wrap(function() act() return "done" end)
    call(co)
  else
    act()
  end
end

-- Everything still answers.
for _, o in ipairs(objects) do call(tostring, o.obj) end
call(tantan.clock.settle, tantan.clock)
print("fuzz ok", calls, errors, tostring(tantan.clock.now >= 0))
