-- tantan.explore's checks every explore runs (built-in invariants after each step, coverage) and
-- each registered component's part: its ready-made actions (`<kind>_actions`), its own check, the
-- states and callbacks coverage reports. Loaded on first use by ExploreBinding.swift with (the
-- tantan.explore table to fill, model_problem(obj): the model's own consistency check,
-- event_names(obj): the callbacks its event log recorded, the components: {kind, class, chunk}
-- in registration order, chunk being the component's explore script, loaded, not run); returns
-- the built-in checks for explore.lua.
local explore, model_problem, event_names, registered = ...
local type, pairs, ipairs, tostring, getmetatable = type, pairs, ipairs, tostring, getmetatable
local sformat, concat, sort = string.format, table.concat, table.sort

local KINDS, ORDER, SPECS = {}, {}, {}  -- class name -> kind; kinds in order; kind -> spec
local function kind_of(v)
  if type(v) ~= "userdata" then return nil end
  local mt = getmetatable(v)
  return type(mt) == "table" and KINDS[mt.__name] or nil
end

-- The components of a setup's result: itself, or its fields' values in key order.
local function components(obj)
  local k = kind_of(obj)
  if k then return { { kind = k, obj = obj } } end
  local out = {}
  if type(obj) ~= "table" then return out end
  local keys = {}
  for key, v in pairs(obj) do if kind_of(v) then keys[#keys + 1] = key end end
  sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for _, key in ipairs(keys) do out[#out + 1] = { kind = kind_of(obj[key]), obj = obj[key] } end
  return out
end

local found = setmetatable({}, { __mode = "k" })

local function find(obj, kind)
  if obj == nil or obj ~= obj then  -- neither can be a table key
    error(sformat("explore: spec.setup returned %s: the %s actions need a %s (return it, or a table holding it)", tostring(obj), kind, kind), 0)
  end
  local cache = found[obj]
  if cache == nil then cache = {}; found[obj] = cache end
  local c = cache[kind]
  if c == nil then
    for _, comp in ipairs(components(obj)) do if comp.kind == kind then c = comp.obj break end end
    if c == nil then error("explore: the setup's result holds no " .. kind, 0) end
    cache[kind] = c
  end
  return c
end

-- The running explore's scheduler queue (set by explore.lua) and its count of inserted items.
local shared = { held = {}, fresh = 0 }

-- Each component's script gets these helpers and returns its spec: actions (a function returning
-- the action table), states and callbacks (what coverage reports), sample(obj, states) and,
-- optionally, check(t) (t.obj the component; without it the model's own check runs).
local lib = { find = find, shared = shared, model_problem = model_problem }
for _, c in ipairs(registered) do
  local spec = c.chunk(lib)
  KINDS[c.class], ORDER[#ORDER + 1], SPECS[c.kind] = c.kind, c.kind, spec
  explore[c.kind .. "_actions"] = spec.actions
end

local builtin = { shared = shared }

function builtin.tracker(obj, held, on)
  shared.held, shared.fresh = held, 0
  local comps = components(obj)
  return { comps = comps, on = on ~= false }
end

function builtin.check(track)
  if not track.on then return nil end
  for _, c in ipairs(track.comps) do
    local own = SPECS[c.kind].check
    local bad
    if own then bad = own(c) else bad = model_problem(c.obj) end
    if bad then return bad end
  end
end

function builtin.coverage() return {} end

function builtin.sample(track, cov)
  for _, c in ipairs(track.comps) do
    local seen = cov[c.kind] or { states = {}, callbacks = {} }
    cov[c.kind] = seen
    SPECS[c.kind].sample(c.obj, seen.states)
  end
end

function builtin.finish(track, cov)
  for _, c in ipairs(track.comps) do
    local seen = cov[c.kind]
    if seen then
      for _, name in ipairs(event_names(c.obj)) do seen.callbacks[name] = true end
    end
  end
end

-- "coverage: deck states idle, animating (never: empty); callbacks did_swipe (never reached: did_rewind)"
function builtin.coverage_text(cov)
  local lines = {}
  for _, kind in ipairs(ORDER) do
    local seen = cov[kind]
    if seen then
      local function split(list, set)
        local yes, no = {}, {}
        for _, n in ipairs(list) do if set[n] then yes[#yes + 1] = n else no[#no + 1] = n end end
        return concat(yes, ", "), concat(no, ", ")
      end
      local sy, sn = split(SPECS[kind].states, seen.states)
      local cy, cn = split(SPECS[kind].callbacks, seen.callbacks)
      lines[#lines + 1] = sformat("coverage (%s): states reached: %s; callbacks reached: %s", kind, sy, cy)
      if sn ~= "" or cn ~= "" then
        local never = {}
        if sn ~= "" then never[#never + 1] = "states " .. sn end
        if cn ~= "" then never[#never + 1] = cn end
        lines[#lines + 1] = "  never reached: " .. concat(never, "; ")
      end
    end
  end
  return concat(lines, "\n")
end

-- Components of a finished run are closed: their timers and references go at once.
function builtin.close(obj)
  for _, c in ipairs(components(obj)) do
    local mt = getmetatable(c.obj)
    if type(mt) == "table" and mt.__close then pcall(mt.__close, c.obj) end
  end
end

return builtin
