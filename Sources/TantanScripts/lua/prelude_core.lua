-- The scenario runner's Lua side, part 6 (prelude.lua runs the parts): running a collected file's
-- scenarios as busted runs them, in the one state that loading the file made, and the entry
-- points the Swift side (ScenarioSession.swift) calls:
--
--   collect(chunk, file, shuffle) -> records | nil, error result
--       Runs the file once (its _ENV busted's environments: part 4). Records, in the order the
--       scenarios run (`randomize()` applied with the run's seed; `shuffle`: busted's --shuffle,
--       every block's children), each {ordinal (its place in that order), name, line, first, last,
--       describes = {{name, line, first, last}...}, tags, pending, reason}.
--   run(ordinal) -> result
--       Runs one scenario in this state. Blocks the previous scenario was in and this one is not
--       are left (lazy_teardown, teardown), blocks around it not entered yet are entered (setup),
--       then lazy_setup (once per block), before_each, the body, `finally`, after_each. Any order
--       works; increasing ordinals give busted's (each block entered once). On a fresh state (a
--       worker that crashed, `--isolate scenario`) it enters the blocks around the scenario.
--   leave_for(ordinal) -> failures
--       Leaves the blocks scenario `ordinal` is not in (their teardowns), before it runs, so
--       what the teardowns print and raise is the previous scenario's; their failures.
--   finish() -> failures
--       Leaves every block still entered (their teardowns); returns the teardowns' failures.
--   settle(forks)               after collect: the clock reset; garbage collected before forks
--   plugin_assertions(t)        registers the plugins' assertions (prelude_assert.lua)
--
-- A result: status = "passed" | "failed" | "error" | "pending", and as they apply: message, file,
-- line, wanted, found, traceback, reason (pending). New in this version:
--   hook               where a failure came from when not the body: "setup", "lazy_setup",
--                      "before_each", "finally", "after_each" (busted makes it an error)
--   assertions         how many luassert assertions the scenario made (its hooks included;
--                      plain assert(v) counts)
--   pending_timers     short descriptions of the timers and animations still pending when it
--                      ended (after after_each): they are cancelled then, and the virtual clock
--                      starts again at 0, so whatever ran before, each scenario starts alike
--   teardown_failures  failures of the teardowns this call ran for blocks left before the
--                      scenario ran (not the scenario's): each a result with `block`, the
--                      block's full name; finish() returns the same kind of list
--
-- Also: output capture (print and io.write go to the scenario's report), and os.exit and
-- debug.sethook made errors. math.random is seeded with the run's seed before each scenario's
-- before_each. Called with parts 1 to 5, the host's table and the flags shared with part 5.
local format, assertions, errors, env, blocks, host, flags = ...
local type, tostring, ipairs, pairs, next, select, error, setmetatable = type, tostring, ipairs, pairs, next, select, error, setmetatable
local concat, insert, unpack = table.concat, table.insert, table.unpack
local getmetatable_raw, getupvalue, upvaluejoin = debug.getmetatable, debug.getupvalue, debug.upvaluejoin
local protect, result = errors.protect, errors.result
local emit, clock_reset, seed = host.emit, host.clock_reset, host.seed
local randomseed, setupvalue, getinfo = math.randomseed, debug.setupvalue, debug.getinfo
local fmt_number = format.fmt_number
local take_count = assertions.take_count
local collect_garbage = collectgarbage
local clock = tantan.clock

-- Output: what a scenario prints goes to its report (system-out), never to the runner's stdout.
print = function(...)
  local n = select("#", ...)
  local parts = {}
  for i = 1, n do parts[i] = tostring((select(i, ...))) end
  emit(concat(parts, "\t") .. "\n")
end
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
local phase = "at load"  -- where os.exit was called, for its message
if os then
  os.exit = function(code)
    error("os.exit(" .. tostring(code) .. ") called " .. phase .. " (the runner keeps running)", 2)
  end
end

local root, entries
local entered = {}  -- the blocks entered, outermost first

local function full_name(block)
  local names = {}
  while block and block.parent do
    insert(names, 1, block.name)
    block = block.parent
  end
  return concat(names, " ")
end

local function hook_name(h) return (h.descriptor:gsub("^strict_", "")) end

-- Runs one hook as its own element (busted: its globals go to its block); nil or what it raised.
local function run_hook(h)
  local was = env.switch(h)
  flags.running = true
  local caught = protect(h.fn)
  flags.running = false
  env.switch(was)
  return caught
end

-- Runs every hook of `list` (busted runs them all, even after one failed): the first failure.
local function run_hooks(list)
  local first
  for _, h in ipairs(list) do
    local caught = run_hook(h)
    if caught and not first then first = { caught = caught, where = hook_name(h) } end
  end
  return first
end

local function enter(block)
  entered[#entered + 1] = block
  if block.descriptor == "insulate" then
    block.saved = env.save()
    if block.delta then env.apply(block.delta) end
  end
  block.lazy = nil  -- nil: lazy_setup not run; else {failure =} once it ran
  block.setup_failure = run_hooks(block.strict_setup)
end

local function teardown_failure(f, block, out)
  if not f then return end
  local r = result(f.caught, f.where)
  r.status, r.block = "error", full_name(block)
  out[#out + 1] = r
end

local function leave(out)
  local block = entered[#entered]
  entered[#entered] = nil
  if block.lazy then teardown_failure(run_hooks(block.lazy_teardown), block, out) end
  block.lazy = nil
  teardown_failure(run_hooks(block.strict_teardown), block, out)
  if block.saved then
    env.restore(block.saved)
    block.saved = nil
  end
  local parent = block.parent
  if block.descriptor == "expose" and parent and parent.saved then parent.saved = env.save() end
end

-- busted's block.lazySetup: each level's lazy_setup once (until the level is left); a failure
-- is kept and skips every scenario of the level.
local function lazy_setup(chain)
  for _, b in ipairs(chain) do
    if not b.lazy then b.lazy = { failure = run_hooks(b.lazy_setup) } end
    if b.lazy.failure then return b.lazy.failure end
  end
end

-- busted's mediator, for busted.subscribe: channels are lists of names, and a message on
-- {"test", "end"} also reaches the subscribers of {"test"} (until one returns no `continue`).
local channels = {}
local function channel_key(c) return type(c) == "table" and concat(c, "\0") or tostring(c) end
local function publish(channel, ...)
  local out = {}
  local names = type(channel) == "table" and { unpack(channel) } or { channel }
  while #names > 0 do
    for _, s in ipairs(channels[concat(names, "\0")] or {}) do
      if not s.options.predicate or s.options.predicate(...) then
        local value, continue = s.fn(...)
        if value then out[#out + 1] = value end
        if not continue then return out end
      end
    end
    names[#names] = nil
  end
  return out
end

local finally_fn
local function body(s)
  local was = env.switch(s)
  s.env = nil  -- a scenario's globals end with it
  finally_fn = nil
  flags.running, flags.body = true, true
  if next(channels) then publish({ "test", "start" }, s, s.parent) end
  local caught = protect(s.fn)
  flags.body = false
  local where = "it"
  if finally_fn then
    local f = protect(finally_fn)
    -- busted's status:update: a failure or error stays; a pending scenario takes a later one
    if f and (not caught or errors.is_pending(caught)) then caught, where = f, "finally" end
  end
  flags.running = false
  env.switch(was)
  return caught, where
end

local function run_scenario(s, chain)
  randomseed(seed)
  take_count()
  local failure, ran = nil, 0
  for i, b in ipairs(chain) do
    failure = run_hooks(b.before_each)
    ran = i
    if failure then break end
  end
  local r
  if failure then
    r = result(failure.caught, failure.where)
  else
    r = result(body(s))
  end
  for i = ran, 1, -1 do
    local f = run_hooks(chain[i].after_each)
    if f and (r.status == "passed" or r.status == "pending") then r = result(f.caught, f.where) end
  end
  if next(channels) then publish({ "test", "end" }, s, s.parent, r.status) end
  return r
end

local function collect(chunk, file, shuffle)
  errors.set_place(file, 0)
  -- Helper modules next to the scenario file load with require("name").
  local dir = file:match("^(.*)/[^/]*$") or "."
  package.path = dir .. "/?.lua;" .. dir .. "/?/init.lua;" .. package.path
  setupvalue(chunk, 1, env.proxy)  -- a main chunk's one upvalue is its _ENV
  phase = "at load"
  local records
  root, records, entries = blocks.collect(chunk, file, shuffle)
  if not root then return nil, records end
  phase = "in a scenario"
  return records
end

-- Cancels what is pending on the virtual clock and starts it again at 0: what was pending, as
-- short descriptions (`tantan.after timer due at 1.5 s (function at spec.lua:7)`), or nil.
local function timers_left()
  local list = clock_reset()
  if not list then return nil end
  for i, t in ipairs(list) do
    local text = t[1] .. " due at " .. fmt_number(t[2]) .. " s"
    if t[3] then
      local info = getinfo(t[3], "S")
      text = text .. " (function at " .. info.short_src .. ":" .. info.linedefined .. ")"
    end
    list[i] = text
  end
  return list
end

-- The blocks around scenario `s`, outermost first.
local function chain_of(s)
  local chain = s.chain
  if not chain then
    chain = {}
    local b = s.parent
    while b do
      insert(chain, 1, b)
      b = b.parent
    end
    s.chain = chain
  end
  return chain
end

-- Leaves the entered blocks `chain` does not hold (their teardowns); how many stay entered, and
-- the teardowns' failures (nil when no block was left).
local function leave_outside(chain)
  local keep = 0
  while keep < #entered and entered[keep + 1] == chain[keep + 1] do keep = keep + 1 end
  local teardowns
  if #entered > keep then
    teardowns = {}
    phase = "in a teardown"
    while #entered > keep do leave(teardowns) end
    phase = "in a scenario"
    clock_reset()  -- what the teardowns left
  end
  return keep, teardowns
end

local function run(ordinal)
  local s = entries and entries[ordinal]
  if not s then
    return { status = "error", message = "scenario #" .. tostring(ordinal) .. " was not declared" }
  end
  local chain = chain_of(s)
  -- Leave the blocks this scenario is not in; then enter those around it.
  local keep, teardowns = leave_outside(chain)
  errors.set_place(nil, s.line)
  -- A block whose setup failed is not gone into: its scenarios are errors (as busted skips them).
  local blocked
  for i = 1, keep do blocked = blocked or chain[i].setup_failure end
  phase = "in a setup"
  for i = keep + 1, #chain do
    if blocked then break end
    enter(chain[i])
    blocked = chain[i].setup_failure
  end
  phase = "in a scenario"
  local r
  if s.failed then  -- its block's body raised (part 5)
    local f = s.failed
    r = { status = f.status, message = f.message, file = f.file, line = f.line, traceback = f.traceback }
  elseif s.reason then
    r = { status = "pending", reason = s.reason }
  elseif blocked then
    r = result(blocked.caught, blocked.where)
  else
    phase = "in a setup"
    local lazy = lazy_setup(chain)
    phase = "in a scenario"
    r = lazy and result(lazy.caught, lazy.where) or run_scenario(s, chain)
  end
  r.assertions = take_count()
  r.pending_timers = timers_left()
  if teardowns and #teardowns > 0 then r.teardown_failures = teardowns end
  return r
end

-- Before scenario `ordinal` runs: leaves the blocks it is not in, so their teardowns (and what
-- they print) belong to the scenario that ran last in them. Returns the teardowns' failures.
local function leave_for(ordinal)
  local s = entries and entries[ordinal]
  if not s then return {} end
  errors.set_place(nil, 0)
  local _, teardowns = leave_outside(chain_of(s))
  return teardowns or {}
end

local function finish()
  local failures = {}
  errors.set_place(nil, 0)
  phase = "in a teardown"
  while #entered > 0 do leave(failures) end
  clock_reset()
  phase = "in a scenario"
  return failures
end

-- After collect (its records read): what loading the file left pending on the virtual clock is
-- cancelled and the clock starts at 0, as after every scenario, so the first scenario starts as
-- the others do (and as it does alone, in a fresh worker or a fork). With `forks` the scenarios
-- run in forked copies of this state (--isolate scenario), and each fork costs more the more
-- memory the state holds: collected now, a copy's collector does not start a cycle (writing to
-- every object, so copying every page) unless it allocates a lot.
local function settle(forks)
  clock_reset()
  if forks then collect_garbage("collect") end
end

-- The globals and require("busted"): what busted exports.
local api = blocks.api
api.finally = function(fn)
  if not flags.body then error("'finally' not supported inside current context block", 2) end
  if type(fn) ~= "function" then error("bad argument #1 to 'finally' (function expected, got " .. type(fn) .. ")", 2) end
  finally_fn = fn
end
for k, v in pairs(api) do _G[k] = v end
_G.assert, _G.spy, _G.stub, _G.mock, _G.match = assertions.assert, assertions.spy, assertions.stub, assertions.mock,
  assertions.match
local exported = setmetatable({
  assert = assertions.assert, spy = assertions.spy, stub = assertions.stub, mock = assertions.mock,
  match = assertions.match, version = "2.1.1", fail = function(message) assertions.fail(message) end,
  publish = publish,
  subscribe = function(channel, fn, options)
    local key = channel_key(channel)
    channels[key] = channels[key] or {}
    local s = { fn = fn, options = options or {}, channel = key }
    insert(channels[key], s)
    return s
  end,
  unsubscribe = function(channel, s)
    local list = channels[channel_key(channel)] or {}
    for i = #list, 1, -1 do
      if list[i] == s or list[i].fn == s then table.remove(list, i) end
    end
  end,
  -- Time is the virtual clock's: busted.sleep advances it.
  gettime = function() return clock.now end, monotime = function() return clock.now end,
  sleep = function(seconds) clock:advance(seconds) end,
  parent = function(element) return element.parent end,
  children = function(element) return element.children or {} end,
  bindfenv = function(fn, name, value)
    local f = (getmetatable_raw(fn) or {}).__call or fn
    for i = 1, 250 do
      local up, e = getupvalue(f, i)
      if up == nil then break end
      if up == "_ENV" then
        local mine = setmetatable({ [name] = value }, { __index = e })
        upvaluejoin(f, i, function() return mine end, 1)
        return
      end
    end
  end,
}, { __index = api })
package.loaded.busted = setmetatable({}, {
  __index = exported, __newindex = function() error("Attempt to modify busted", 2) end,
})

return {
  collect = collect, run = run, leave_for = leave_for, finish = finish, settle = settle,
  plugin_assertions = assertions.set_plugin_assertions,
}
