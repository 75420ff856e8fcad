-- The scenario runner's Lua side, part 3 (prelude.lua runs the parts): busted's block functions
-- (`describe`, `it`, `pending`, hooks), output capture, and the entry points the Swift side calls:
-- `collect(chunk, file)` runs the file once and returns its scenarios (keeping their functions);
-- `run(ordinal)` then runs the scenario numbered `ordinal` in the state the file left, with the
-- setup, before_each, after_each and teardown of the blocks around it. The runner calls `run` in
-- a forked copy of the loaded state per scenario, so the file runs once, not once per scenario.
-- Called with the host's table (ScenarioSession.swift) and parts 1 and 2.
local host, format, assertions = ...
local type, tostring, pairs, ipairs, select, error, pcall, xpcall = type, tostring, pairs, ipairs, select, error, pcall, xpcall
local setmetatable, getmetatable, rawget, rawequal = setmetatable, getmetatable, rawget, rawequal
local concat, insert = table.concat, table.insert
local getinfo, traceback = debug.getinfo, debug.traceback
local serialize = format.serialize
local Failure, user_location, assert_root = assertions.Failure, assertions.user_location, assertions.assert_root
local spy, stub, match = assertions.spy, assertions.stub, assertions.match
local emit, snapshot_host, snapshot_svg_host, explore_engine =
  host.emit, host.snapshot, host.snapshot_svg, host.explore_engine
-- Kept now: a scenario may replace the global.
local render_svg = tantan.render.svg
local collect_garbage = collectgarbage
local run_seed = tantan and tantan.seed or 0
local getlocal = debug.getlocal

-- Output: what a scenario prints goes to its report (system-out), never to the runner's stdout.
local function capture(...)
  local n = select("#", ...)
  local parts = {}
  for i = 1, n do
    local v = select(i, ...)
    parts[i] = tostring(v)
  end
  return parts
end
print = function(...) emit(concat(capture(...), "\t") .. "\n") end
if io then
  local stdout = io.stdout
  local function write_all(...)
    for i = 1, select("#", ...) do
      local v = select(i, ...)
      if type(v) ~= "string" and type(v) ~= "number" then
        error("bad argument #" .. i .. " to 'write' (string expected, got " .. type(v) .. ")", 3)
      end
      emit(tostring(v))
    end
  end
  -- io.stdout stands for the captured output: write and flush are captured, the rest passes on.
  local captured = setmetatable({}, {
    __name = "FILE*",
    __tostring = function() return tostring(stdout) end,
    __index = function(_, k)
      local m = stdout[k]
      if type(m) ~= "function" then return m end
      return function(self, ...) if self == io.stdout then self = stdout end return m(self, ...) end
    end,
  })
  rawset(captured, "write", function(self, ...) write_all(...) return self end)
  rawset(captured, "flush", function(self) return self end)
  io.stdout = captured
  io.write = function(...)
    write_all(...)
    return captured
  end
end
if debug then
  -- The instruction and time limits live in the hook: a scenario may not replace it.
  debug.sethook = function()
    error("debug.sethook is not available in scenarios (the runner's limits use the hook)", 2)
  end
end
if os then
  os.exit = function(code)
    error("os.exit(" .. tostring(code) .. ") called in a scenario (the runner keeps running)", 2)
  end
end

local PENDING = setmetatable({}, { __tostring = function() return "pending" end })
local root = { setup = {}, teardown = {}, before_each = {}, after_each = {} }
local current = root
local ordinal = 0
local records, entries = {}, {}
local running, finallies = false, nil
local spec_file

local function tags_in(name, out)
  for tag in name:gmatch("#([%w_%-]+)") do out[#out + 1] = tag end
end

local function call_line(level)
  local info = getinfo(level + 1, "l")
  return info and info.currentline or 0
end

local function check_name(fname, name, level)
  if type(name) ~= "string" then
    error("bad argument #1 to '" .. fname .. "' (string expected, got " .. type(name) .. ")", level + 1)
  end
end

local function describe(name, fn)
  check_name("describe", name, 2)
  if type(fn) ~= "function" then error("bad argument #2 to 'describe' (function expected, got " .. type(fn) .. ")", 2) end
  if running then error("describe() called inside a running scenario", 2) end
  local info = getinfo(fn, "S")
  local block = {
    name = name, parent = current, line = call_line(2), first = info.linedefined, last = info.lastlinedefined,
    setup = {}, teardown = {}, before_each = {}, after_each = {},
  }
  local saved = current
  current = block
  fn()
  current = saved
end

local function register(name, fn, reason, own_line)
  ordinal = ordinal + 1
  local line = call_line(3)
  local first, last = line, line
  if type(fn) == "function" and not own_line then
    local info = getinfo(fn, "S")
    first, last = info.linedefined, info.lastlinedefined
  end
  local describes, tags = {}, {}
  local b = current
  while b ~= root do insert(describes, 1, { name = b.name, line = b.line, first = b.first, last = b.last }); b = b.parent end
  for _, d in ipairs(describes) do tags_in(d.name, tags) end
  tags_in(name, tags)
  records[ordinal] = {
    ordinal = ordinal, name = name, line = line, first = first, last = last, describes = describes, tags = tags,
    pending = reason ~= nil or nil, reason = reason,
  }
  entries[ordinal] = { fn = fn, block = current, line = line, reason = reason }
end

local function it(name, fn)
  check_name("it", name, 2)
  if running then error("it() called inside a running scenario", 2) end
  if fn == nil then register(name, nil, "") return end
  if type(fn) ~= "function" then error("bad argument #2 to 'it' (function expected, got " .. type(fn) .. ")", 2) end
  register(name, fn, nil)
end

-- explore(name, spec): a scenario whose body is the search (tantan.explore's engine, loaded
-- on the first explore that runs); passing, it prints its coverage to the scenario's output.
local function explore(name, spec)
  check_name("explore", name, 2)
  if type(spec) ~= "table" then error("bad argument #2 to 'explore' (table expected, got " .. type(spec) .. ")", 2) end
  if running then error("explore() called inside a running scenario", 2) end
  local line = call_line(2)
  local spec_name = "SPEC"  -- the caller's local naming the spec, for the printed scenario
  for i = 1, 250 do
    local n, v = getlocal(2, i)
    if n == nil then break end
    if rawequal(v, spec) and n:match("^[%a_][%w_]*$") then spec_name = n end
  end
  register(name, function()
    local ok, text = explore_engine().search(name, spec, { file = spec_file, line = line, seed = run_seed, spec_name = spec_name })
    if not ok then error(setmetatable({ message = text, file = spec_file, line = line }, Failure), 0) end
    emit(text .. "\n")
  end, nil, true)
end

local function pending(name)
  if running then error(setmetatable({ reason = name and tostring(name) or "" }, { __index = PENDING, __tostring = function() return "pending" end }), 0) end
  check_name("pending", name, 2)
  register(name, nil, name)
end

local function hook(list_name)
  return function(fn)
    if type(fn) ~= "function" then error("bad argument #1 to '" .. list_name .. "' (function expected, got " .. type(fn) .. ")", 2) end
    if running then error(list_name .. "() called inside a running scenario", 2) end
    local list = current[list_name]
    list[#list + 1] = fn
  end
end

local function finally(fn)
  if not running then error("finally() must be called inside a scenario", 2) end
  finallies[#finallies + 1] = fn
end

local function snapshot(name, value, ...)
  if type(name) ~= "string" or name == "" then error("bad argument #1 to 'snapshot' (non-empty name expected)", 2) end
  if select("#", ...) > 0 then error("assert.snapshot takes (name, value)", 2) end
  local ok, message, wanted, found_text = snapshot_host(name, serialize(value))
  if ok == nil then error(message, 2) end  -- a misuse (the name again), not a mismatch
  if not ok then
    local file, line = user_location(3)
    error(setmetatable({ message = message, file = file, line = line, wanted = wanted, found = found_text, snapshot = true }, Failure), 0)
  end
end

local function snapshot_svg(name, obj, ...)
  if type(name) ~= "string" or name == "" then error("bad argument #1 to 'snapshot_svg' (non-empty name expected)", 2) end
  if select("#", ...) > 0 then error("assert.snapshot_svg takes (name, obj)", 2) end
  local drawn, svg = pcall(render_svg, obj)
  if not drawn then
    error("bad argument #2 to 'snapshot_svg' (tantan.SwipeDeck, tantan.ReorderGrid or tantan.List expected, got "
      .. (type(obj) == "userdata" and tostring(obj) or type(obj)) .. ")", 2)
  end
  local ok, message = snapshot_svg_host(name, svg)
  if ok == nil then error(message, 2) end
  if not ok then
    local file, line = user_location(3)
    error(setmetatable({ message = message, file = file, line = line, snapshot = true }, Failure), 0)
  end
end

assertions.set_snapshots(snapshot, snapshot_svg)

local block_api = {
  describe = describe, context = describe, insulate = describe, expose = describe,
  it = it, spec = it, test = it, pending = pending, finally = finally, explore = explore,
  before_each = hook("before_each"), after_each = hook("after_each"),
  setup = hook("setup"), teardown = hook("teardown"),
  lazy_setup = hook("setup"), strict_setup = hook("setup"),
  lazy_teardown = hook("teardown"), strict_teardown = hook("teardown"),
  randomize = function() end,
}
for k, v in pairs(block_api) do _G[k] = v end
_G.assert, _G.spy, _G.stub, _G.match, _G.mock = assert_root, spy, stub, match, nil
local busted = setmetatable({ assert = assert_root, spy = spy, stub = stub, match = match }, { __index = block_api })
package.loaded.busted = busted
package.loaded.luassert = assert_root
package.loaded["luassert.spy"] = spy
package.loaded["luassert.stub"] = stub
package.loaded["luassert.match"] = match

-- The innermost frame in the scenario's file, else the scenario's own line.
local function spec_location(fallback)
  for level = 3, 60 do
    local info = getinfo(level, "Sl")
    if not info then break end
    if info.source == "@" .. spec_file and info.currentline > 0 then return spec_file, info.currentline end
  end
  return spec_file, fallback
end

local function clean_traceback(tb)
  local out = {}
  for line in (tb .. "\n"):gmatch("(.-)\n") do
    if not line:find("^%s*%[tantan%]/prelude[%w_]*%.lua:") and not line:find("in function 'xpcall'", 1, true)
      and not line:find("^%s*%[C%]: in %?$") then
      out[#out + 1] = line
    end
  end
  return concat(out, "\n")
end

local scenario_line = 0
local function handler(e)
  if getmetatable(e) == Failure then return e end
  if type(e) == "table" and type(getmetatable(e)) == "table" and getmetatable(e).__index == PENDING then return e end
  local msg
  if type(e) == "string" or type(e) == "number" then msg = tostring(e)
  else
    local mt, ok, s = getmetatable(e), false, nil
    if type(mt) == "table" and rawget(mt, "__tostring") then ok, s = pcall(tostring, e) end
    msg = (ok and type(s) == "string") and s or ("(error object is a " .. type(e) .. " value)")
  end
  local file, line = spec_location(scenario_line)
  return { error = true, message = msg, traceback = clean_traceback(traceback(msg, 2)), file = file, line = line }
end

local function protect(fn)
  local ok, err = xpcall(fn, handler)
  if ok then return nil end
  return err
end

local function first_failure(a, b)
  if a == nil then return b end
  return a
end

local function result_of(failure)
  if failure == nil then return { status = "passed" } end
  if getmetatable(failure) == Failure then
    return { status = "failed", message = failure.message, file = failure.file, line = failure.line,
      wanted = failure.wanted, found = failure.found }
  end
  if type(getmetatable(failure)) == "table" and getmetatable(failure).__index == PENDING then
    return { status = "pending", reason = failure.reason }
  end
  return { status = "error", message = failure.message, traceback = failure.traceback, file = failure.file, line = failure.line }
end

local function load_file(chunk)
  running = false
  -- Helper modules next to the scenario file load with require("name").
  local dir = spec_file:match("^(.*)/[^/]*$") or "."
  package.path = dir .. "/?.lua;" .. dir .. "/?/init.lua;" .. package.path
  local failure = protect(chunk)
  if failure then
    local r = result_of(failure)
    r.status = "error"
    return r
  end
end

local function collect(chunk, file)
  spec_file = file
  local err = load_file(chunk)
  if err then return nil, err end
  return records
end

local function run(wanted_ordinal)
  local found = entries[wanted_ordinal]
  if not found then
    return { status = "error", message = "scenario #" .. wanted_ordinal .. " of " .. spec_file .. " was not declared" }
  end
  if found.reason then return { status = "pending", reason = found.reason } end
  scenario_line = found.line
  local chain = {}
  local b = found.block
  while b do insert(chain, 1, b); b = b.parent end
  running, finallies = true, {}
  local failure
  local setup_done = 0
  for i, blk in ipairs(chain) do
    for _, f in ipairs(blk.setup) do
      failure = protect(f)
      if failure then break end
    end
    if failure then break end
    setup_done = i
  end
  if not failure then
    local before_done = 0
    for i, blk in ipairs(chain) do
      for _, f in ipairs(blk.before_each) do
        failure = protect(f)
        if failure then break end
      end
      if failure then break end
      before_done = i
    end
    if not failure then failure = protect(found.fn) end
    -- Clean-up always runs; the first failure is the one reported.
    for k = #finallies, 1, -1 do failure = first_failure(failure, protect(finallies[k])) end
    for i = before_done, 1, -1 do
      for _, f in ipairs(chain[i].after_each) do failure = first_failure(failure, protect(f)) end
    end
  end
  for i = setup_done, 1, -1 do
    for _, f in ipairs(chain[i].teardown) do failure = first_failure(failure, protect(f)) end
  end
  running = false
  return result_of(failure)
end

-- After collect (its records read): the scenarios run in forked copies of this state, and each
-- fork costs more the more memory the state holds. Collected now, a copy's collector does not
-- start a cycle (writing to every object, so copying every page) unless it allocates a lot.
local function settle()
  records = {}
  collect_garbage("collect")
end

return { collect = collect, run = run, settle = settle, plugin_assertions = assertions.set_plugin_assertions }
