-- The scenario runner's Lua side, part 5 (prelude.lua runs the parts): busted's block functions as
-- a file declares with them. Collecting a file runs it once, with every `describe` body at once
-- (busted runs a body when its block starts: here they all run before the first scenario), and
-- builds the tree part 6 runs: blocks (`describe`, `insulate`, `expose`, the file itself) with
-- their hooks and children in declaration order, scenarios (`it`, `pending`, `explore`). A
-- block's children are shuffled as busted shuffles them, with its seed (`randomize()` in the
-- block, or busted's --shuffle for every block): children include the hooks, as in busted, so
-- a seed gives busted's order. `it "name" (function() ... end)` works as in busted; an `it`
-- without a body is pending. Called with parts 1 to 4, the host's table and `flags` (shared with
-- part 6: `running`, the scenario running, if any). Returns the API and `collect`.
local format, assertions, errors, env, host, flags = ...
local type, tostring, error, ipairs, select, setmetatable, rawequal = type, tostring, error, ipairs, select, setmetatable, rawequal
local tonumber, randomseed, random = tonumber, math.randomseed, math.random
local getinfo, getlocal = debug.getinfo, debug.getlocal
local protect, result = errors.protect, errors.result
local explore_engine, emit, run_seed = host.explore_engine, host.emit, host.seed

local HOOKS = { "strict_setup", "strict_teardown", "lazy_setup", "lazy_teardown", "before_each", "after_each" }

local function new_block(descriptor, name, line, first, last, parent)
  local b = { kind = "block", descriptor = descriptor, name = name, line = line, first = first, last = last,
    parent = parent, children = {}, redirect = descriptor == "expose" and 2 or nil }
  for _, h in ipairs(HOOKS) do b[h] = {} end
  return b
end

local root, current  -- the file's block, and the block whose body is running
local shuffle_all, spec_file = false, "?"

local function call_line(level)
  local info = getinfo(level + 1, "l")
  return info and info.currentline or 0
end

-- busted: `'it' not supported inside current context block`, inside a scenario or a hook.
local function reject(fname, level)
  if flags.running then error("'" .. fname .. "' not supported inside current context block", level + 1) end
end

local function check_name(fname, name, level)
  if type(name) ~= "string" then
    error("bad argument #1 to '" .. fname .. "' (string expected, got " .. type(name) .. ")", level + 1)
  end
end

local function check_fn(fname, fn, level)
  if type(fn) ~= "function" then
    error("bad argument #2 to '" .. fname .. "' (function expected, got " .. type(fn) .. ")", level + 1)
  end
end

-- busted's utils.shuffle (math.randomseed(seed), then Fisher-Yates with math.random).
local function shuffle(t, seed)
  randomseed(seed)
  for n = #t, 2, -1 do
    local k = random(n)
    t[n], t[k] = t[k], t[n]
  end
end

local function add_scenario(name, fn, reason, line, own_line)
  local first, last = line, line
  if type(fn) == "function" and not own_line then
    local info = getinfo(fn, "S")
    first, last = info.linedefined, info.lastlinedefined
  end
  local s = { kind = "it", name = name, fn = fn, reason = reason, parent = current, line = line, first = first, last = last }
  current.children[#current.children + 1] = s
  return s
end

-- Runs a block's body with the block current; an error in it makes the block one errored
-- scenario in its place (busted reports the block's error and runs nothing inside it).
local function run_body(block, fn)
  local outer = current
  current = block
  local was = env.switch(block)
  local saved = block.descriptor == "insulate" and env.save()
  block.saved = saved
  local caught = protect(fn)
  if saved then
    block.delta = env.changes(block.saved)
    env.restore(block.saved)
  end
  block.saved = nil
  if block.descriptor == "expose" and outer.saved then outer.saved = env.save() end
  for _, c in ipairs(block.children) do
    if c.incomplete then c.incomplete, c.reason, c.fn = nil, "", nil end  -- `it "name"` never given its body
  end
  if block.randomize or shuffle_all then shuffle(block.children, block.seed or run_seed) end
  env.switch(was)
  current = outer
  if caught and block ~= root then
    local children = outer.children
    local s = { kind = "it", name = block.name, parent = outer, line = block.line, first = block.first,
      last = block.last, failed = result(caught, "describe") }
    for i = #children, 1, -1 do
      if children[i] == block then children[i] = s break end
    end
  end
  return caught
end

local function block_function(descriptor)
  local function declare(name, fn, level)
    check_fn(descriptor, fn, level + 1)
    local info = getinfo(fn, "S")
    local b = new_block(descriptor, name, call_line(level + 1), info.linedefined, info.lastlinedefined, current)
    current.children[#current.children + 1] = b
    run_body(b, fn)
  end
  return function(name, fn)
    reject(descriptor, 2)
    check_name(descriptor, name, 2)
    if fn == nil then return function(f) declare(name, f, 2) end end
    declare(name, fn, 2)
  end
end

local function it(name, fn)
  reject("it", 2)
  check_name("it", name, 2)
  if fn == nil then
    local s = add_scenario(name, nil, nil, call_line(2))
    s.incomplete = true
    return function(f)
      check_fn("it", f, 2)
      local info = getinfo(f, "S")
      s.incomplete, s.fn, s.first, s.last = nil, f, info.linedefined, info.lastlinedefined
    end
  end
  check_fn("it", fn, 2)
  add_scenario(name, fn, nil, call_line(2))
end

-- At block level, a pending scenario; inside a scenario, busted.pending (stops it as pending).
local function pending(name, fn)
  if flags.running then errors.pending(name ~= nil and tostring(name) or "") end
  check_name("pending", name, 2)
  add_scenario(name, type(fn) == "function" and fn or nil, name, call_line(2))
end

local function hook(descriptor, alias)
  return function(fn, ...)
    reject(alias, 2)
    if type(fn) == "string" and select("#", ...) > 0 then fn = ... end  -- busted takes (name, fn) too
    if type(fn) ~= "function" then
      error("bad argument #1 to '" .. alias .. "' (function expected, got " .. type(fn) .. ")", 2)
    end
    local h = { kind = "hook", descriptor = descriptor, fn = fn, parent = current, line = call_line(2), redirect = 1 }
    local list = current[descriptor]
    list[#list + 1] = h
    current.children[#current.children + 1] = h
  end
end

-- busted: randomize(), randomize(true|false), randomize(seed), randomize(true, seed).
local function randomize(...)
  reject("randomize", 2)
  local on = select("#", ...) == 0 or ...
  current.randomize = on and true or nil
  if on then current.seed = tonumber((...)) or tonumber((select(2, ...))) or current.seed end
end

-- explore(name, spec): a scenario whose body is the search (tantan.explore's engine, loaded on
-- the first explore that runs); passing, it prints its coverage to the scenario's output.
local function explore(name, spec)
  reject("explore", 2)
  check_name("explore", name, 2)
  if type(spec) ~= "table" then error("bad argument #2 to 'explore' (table expected, got " .. type(spec) .. ")", 2) end
  local line = call_line(2)
  local spec_name = "SPEC"  -- the caller's local naming the spec, for the printed scenario
  for i = 1, 250 do
    local n, v = getlocal(2, i)
    if n == nil then break end
    if rawequal(v, spec) and n:match("^[%a_][%w_]*$") then spec_name = n end
  end
  add_scenario(name, function()
    local ok, text = explore_engine().search(name, spec, { file = spec_file, line = line, seed = run_seed, spec_name = spec_name })
    if not ok then error(setmetatable({ message = text, file = spec_file, line = line }, assertions.Failure), 0) end
    emit(text .. "\n")
  end, nil, line, true)
end

local function tags_in(name, out)
  for tag in name:gmatch("#([%w_%-]+)") do out[#out + 1] = tag end
end

-- The scenarios in the order they run, numbered (`ordinal`): what the runner lists, and the
-- scenarios themselves (`entries`, by ordinal).
local function flatten(block, describes, tags, out, entries)
  for _, c in ipairs(block.children) do
    if c.kind == "block" then
      local d = { name = c.name, line = c.line, first = c.first, last = c.last }
      local inner_tags = { table.unpack(tags) }
      tags_in(c.name, inner_tags)
      describes[#describes + 1] = d
      flatten(c, describes, inner_tags, out, entries)
      describes[#describes] = nil
    elseif c.kind == "it" then
      local t = { table.unpack(tags) }
      tags_in(c.name, t)
      c.ordinal = #out + 1
      out[c.ordinal] = {
        ordinal = c.ordinal, name = c.name, line = c.line, first = c.first, last = c.last,
        describes = { table.unpack(describes) }, tags = t, pending = c.reason ~= nil or nil, reason = c.reason,
      }
      entries[c.ordinal] = c
    end
  end
  return out, entries
end

-- Runs the file's chunk (its _ENV the environments' proxy): the file's block, the records and
-- the scenarios by ordinal; or nil and the load error's result.
local function collect(chunk, file, shuffle)
  spec_file, shuffle_all = file, shuffle and true or false
  root = new_block("file", file, 0, 0, 0, nil)
  current = root
  local caught = run_body(root, chunk)
  if caught then
    local r = result(caught, "load")
    r.status, r.hook = "error", nil
    return nil, r
  end
  return root, flatten(root, {}, {}, {}, {})
end

return {
  api = {
    describe = block_function("describe"), context = block_function("describe"),
    insulate = block_function("insulate"), expose = block_function("expose"),
    it = it, spec = it, test = it, pending = pending, explore = explore, randomize = randomize,
    setup = hook("strict_setup", "setup"), teardown = hook("strict_teardown", "teardown"),
    strict_setup = hook("strict_setup", "strict_setup"), strict_teardown = hook("strict_teardown", "strict_teardown"),
    lazy_setup = hook("lazy_setup", "lazy_setup"), lazy_teardown = hook("lazy_teardown", "lazy_teardown"),
    before_each = hook("before_each", "before_each"), after_each = hook("after_each", "after_each"),
  },
  collect = collect,
}
