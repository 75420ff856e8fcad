-- The engine of `explore(name, spec)`: random action sequences against invariants, shrunk to a
-- shortest sequence that fails the same way, printed as a scenario. Loaded on first use by
-- ExploreBinding.swift with (tantan.explore, TANTAN_EXPLORE_RUNS or nil, the built-in checks
-- from explore_actions.lua, a function that resets the virtual clock, the shrinker from
-- explore_shrink.lua); returns the engine.
local explore, env_runs, builtin, reset_clock, shrinker = ...
local type, pairs, ipairs, error, xpcall, tostring, tonumber, getmetatable =
  type, pairs, ipairs, error, xpcall, tostring, tonumber, getmetatable
local floor, abs, mtype, huge = math.floor, math.abs, math.type, math.huge
local sformat, concat, sort = string.format, table.concat, table.sort
local traceback = debug and debug.traceback

local DEFAULT_RUNS, DEFAULT_STEPS = 100, 50
local simplest = shrinker.simplest

-- splitmix64: the explore's own generator, so user code calling math.random changes nothing.
local function new_rng(seed)
  local s = seed
  return function()
    s = s + 0x9E3779B97F4A7C15
    local z = s
    z = (z ~ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ~ (z >> 27)) * 0x94D049BB133111EB
    return ((z ~ (z >> 31)) >> 11)  -- 53 random bits, non-negative
  end
end

-- Draws: each step records {kind, a, b, value} per draw; a replay feeds the values back, fitted
-- into the range the action asks for then (an earlier step may have changed since).
local G = { tape = nil, pos = 0, rand = nil, plan = nil, notes = nil }

-- A recorded value as a draw of `kind` in [a, b] now (shrinking may have changed the draws before).
local function fit(kind, v, a, b)
  if kind == "bool" then return v == true end
  if type(v) ~= "number" or v ~= v then return simplest(kind, a, b) end
  if v < a then v = a elseif v > b then v = b end
  if kind ~= "number" then return floor(v) end
  return v + 0.0
end

-- The search records its draws flat, four slots each, in one table reused by every run (a table
-- per draw cost more than the draw); a failing run's draws become per-step tapes for shrinking.
local flat, flat_n = {}, 0

local function draw(kind, a, b)
  local v
  local rand = G.rand
  if rand then
    if kind == "bool" then v = rand() & 1 == 1
    elseif kind == "number" then v = a + (rand() * 2 ^ -53) * (b - a)
    else v = a + rand() % (b - a + 1) end
    local k = flat_n
    flat[k + 1], flat[k + 2], flat[k + 3], flat[k + 4] = kind, a, b, v
    flat_n = k + 4
    return v
  end
  local pos = G.pos + 1
  G.pos = pos
  local d = G.plan and G.plan[pos]
  if d ~= nil then v = fit(kind, d[4], a, b) else v = simplest(kind, a, b) end
  G.tape[pos] = { kind, a, b, v }
  return v
end

local function arg_error(n, fname, msg) error("bad argument #" .. n .. " to '" .. fname .. "' (" .. msg .. ")", 3) end

local gen = {
  int = function(a, b)
    if mtype(a) ~= "integer" then arg_error(1, "int", "integer expected, got " .. (mtype(a) or type(a))) end
    if mtype(b) ~= "integer" then arg_error(2, "int", "integer expected, got " .. (mtype(b) or type(b))) end
    if a > b then arg_error(2, "int", "empty range " .. a .. ".." .. b) end
    return draw("int", a, b)
  end,
  number = function(a, b)
    if type(a) ~= "number" or a ~= a or abs(a) == huge then arg_error(1, "number", "finite number expected, got " .. tostring(a)) end
    if type(b) ~= "number" or b ~= b or abs(b) == huge then arg_error(2, "number", "finite number expected, got " .. tostring(b)) end
    if a > b then arg_error(2, "number", "empty range " .. a .. ".." .. b) end
    return draw("number", a + 0.0, b + 0.0)
  end,
  pick = function(list)
    if type(list) ~= "table" or list[1] == nil then arg_error(1, "pick", "non-empty array expected, got " .. type(list)) end
    return list[draw("pick", 1, #list)]
  end,
  bool = function() return draw("bool", 0, 1) end,
  -- What the step did, in words, for the printed failure (formatted only for that final replay).
  note = function(fmt, ...)
    if G.notes then G.notes[#G.notes + 1] = sformat(fmt, ...) end
  end,
}

-- The spec, checked once per explore; actions sorted by name so the same seed picks the same ones.
local function read_spec(spec, where)
  if type(spec) ~= "table" then error(where .. ": spec table expected, got " .. type(spec), 0) end
  if type(spec.setup) ~= "function" then error(where .. ": spec.setup must be a function (it builds the component)", 0) end
  if type(spec.actions) ~= "table" then error(where .. ": spec.actions must be a table of actions", 0) end
  local names, actions, total = {}, {}, 0
  for name in pairs(spec.actions) do
    if type(name) ~= "string" then error(where .. ": spec.actions: action names must be strings", 0) end
    names[#names + 1] = name
  end
  sort(names)
  for _, name in ipairs(names) do
    local a = spec.actions[name]
    local run, weight = a, 1
    if type(a) == "table" then run, weight = a.run, a.weight or 1 end
    if type(run) ~= "function" then error(where .. ": action '" .. name .. "' must be a function or {weight=, run=}", 0) end
    if type(weight) ~= "number" or weight < 0 or weight ~= weight or weight == huge then
      error(where .. ": action '" .. name .. "' has a bad weight " .. tostring(weight), 0)
    end
    if weight > 0 then
      total = total + weight
      actions[#actions + 1] = { name = name, run = run, upto = total }
    end
    actions[name] = { name = name, run = run }
  end
  if total == 0 then error(where .. ": spec.actions has no action with a positive weight", 0) end
  for _, k in ipairs({ "invariant", "teardown" }) do
    if spec[k] ~= nil and type(spec[k]) ~= "function" then error(where .. ": spec." .. k .. " must be a function", 0) end
  end
  local m = spec.model
  if m ~= nil and (type(m) ~= "table" or type(m.init) ~= "function" or type(m.next) ~= "function" or type(m.check) ~= "function") then
    error(where .. ": spec.model must be {init=, next=, check=} (three functions)", 0)
  end
  return { spec = spec, actions = actions, total = total, model = m }
end

local function count_option(v, what, default)
  if v == nil then return default end
  local n = tonumber(v)
  if n == nil or mtype(n) ~= "integer" or n < 1 then error(what .. ": positive integer expected, got " .. tostring(v), 0) end
  return n
end

-- Errors keep their traceback; the failure's "way" (for shrinking) ignores numbers in the message.
local function clean_traceback(tb)
  local out = {}
  for line in (tb .. "\n"):gmatch("(.-)\n") do
    if line:find("in function 'xpcall'", 1, true) then break end  -- below: the engine itself
    -- The runner prelude's frames (chunks "=[tantan]/prelude*.lua", Prelude.swift) and the engine's
    -- ("=[tantan]/explore*.lua", ExploreBinding.swift).
    if not line:find("^%s*%[tantan%]/prelude[%w_]*%.lua:") and not line:find("^%s*%[tantan%]/explore[%w_]*%.lua:") then
      out[#out + 1] = line
    end
  end
  return concat(out, "\n")
end

-- A failed assertion (the runner's Failure: message, wanted, found) reads as the runner prints
-- it, without a traceback; any other error keeps its traceback.
local function handler(e)
  if type(e) == "table" and type(e.message) == "string" and e.file then
    local msg = e.file .. ":" .. tostring(e.line) .. ": " .. e.message
    if e.wanted or e.found then msg = msg .. "\n  expected: " .. tostring(e.wanted) .. "\n  found:    " .. tostring(e.found) end
    return { message = msg }
  end
  local msg
  if type(e) == "string" or type(e) == "number" then msg = tostring(e)
  else
    local mt = getmetatable(e)
    if type(e) == "table" and type(mt) == "table" and mt.__tostring then msg = tostring(e)
    else msg = "(error object is a " .. type(e) .. " value)" end
  end
  return { message = msg, traceback = traceback and clean_traceback(traceback(nil, 2)) or nil }
end

local function way(kind, message) return kind .. "|" .. message:gsub("%-?%d+%.?%d*", "#") end

-- One run: setup, then the planned steps (replay) or `n` generated ones. Returns the failure (or
-- nil), the steps that ran ({name, tape}) and the number of steps.
local function execute(s, plan, n, rand, cov)
  reset_clock()
  local spec = s.spec
  local held = {}
  local sched = { hold = function(fn)
    if type(fn) ~= "function" then error("bad argument #1 to 'hold' (function expected, got " .. type(fn) .. ")", 2) end
    held[#held + 1] = fn
  end, pending = held }
  local ok, obj = xpcall(spec.setup, handler, sched)
  if not ok then return { kind = "error in setup", message = obj.message, traceback = obj.traceback, step = 0 }, {}, 0 end
  local steps, failure = {}, nil
  local track = builtin.tracker(obj, held, spec.builtin)
  local mstate
  local function check(i)
    local bad = builtin.check(track)
    if bad then return { kind = "built-in invariant", message = bad, step = i } end
    if spec.invariant then
      local ok2, r = xpcall(spec.invariant, handler, obj)
      if not ok2 then return { kind = "invariant", message = r.message, traceback = r.traceback, step = i } end
      if r == false then return { kind = "invariant", message = "spec.invariant returned false", step = i } end
    end
    if s.model and i > 0 then
      local ok3, r = xpcall(s.model.check, handler, mstate, obj)
      if not ok3 then return { kind = "model", message = r.message, traceback = r.traceback, step = i } end
      if r == false then return { kind = "model", message = "model.check returned false", step = i } end
    end
  end
  if s.model then
    local ok4, r = xpcall(s.model.init, handler, obj)
    if not ok4 then return { kind = "error in model.init", message = r.message, traceback = r.traceback, step = 0 }, {}, 0 end
    mstate = r
  end
  failure = check(0)
  local i = 0
  local starts, names = {}, {}  -- search mode: where each step's draws start in `flat`
  flat_n = 0
  while failure == nil and i < n do
    i = i + 1
    local action
    if plan then
      action = s.actions[plan[i].name]
      if action == nil then return { kind = "replay", message = "no action named '" .. tostring(plan[i].name) .. "' in spec.actions", step = i }, steps, i end
      local tape = {}
      G.tape, G.pos, G.plan = tape, 0, plan[i].tape
      if s.noting then G.notes = {} end
      steps[i] = { name = action.name, tape = tape }
    else
      local r = (rand() % 1000000) / 1000000 * s.total
      for _, a in ipairs(s.actions) do if r < a.upto then action = a break end end
      action = action or s.actions[#s.actions]
      starts[i], names[i] = flat_n, action.name
      G.rand = rand
    end
    local ok5, r = xpcall(action.run, handler, obj, gen)
    if plan then steps[i].notes = G.notes end
    G.rand, G.plan, G.notes = nil, nil, nil
    if not ok5 then
      failure = { kind = "error in action '" .. action.name .. "'", message = r.message, traceback = r.traceback, step = i }
    else
      if s.model then
        local ok6, st = xpcall(s.model.next, handler, mstate, action.name, r, obj)
        if not ok6 then failure = { kind = "model", message = st.message, traceback = st.traceback, step = i } else mstate = st end
      end
      failure = failure or check(i)
    end
    if cov then builtin.sample(track, cov) end
  end
  if cov then builtin.finish(track, cov) end
  if spec.teardown then xpcall(spec.teardown, handler, obj) end
  builtin.close(obj)
  if failure then
    failure.way = way(failure.kind, failure.message)
    if not plan then  -- the failing run's draws, as tapes
      for j = 1, i do
        local tape, last = {}, j < i and starts[j + 1] or flat_n
        for k = starts[j], last - 1, 4 do tape[#tape + 1] = { flat[k + 1], flat[k + 2], flat[k + 3], flat[k + 4] } end
        steps[j] = { name = names[j], tape = tape }
      end
    end
  end
  return failure, steps, i
end

local function fmt_value(v)
  if type(v) == "boolean" then return tostring(v) end
  if mtype(v) == "integer" then return sformat("%d", v) end
  if v == floor(v) and abs(v) < 1e15 then return sformat("%d", floor(v)) end
  local s = sformat("%.14g", v)
  if tonumber(s) ~= v then s = sformat("%.17g", v) end
  return s
end

local function step_text(st)
  local parts = { sformat("%q", st.name) }
  for _, d in ipairs(st.tape) do parts[#parts + 1] = fmt_value(d[4]) end
  return "{" .. concat(parts, ", ") .. "}"
end

local function step_note(st)
  if st.notes and st.notes[1] then return "  -- " .. concat(st.notes, "; "):gsub("\n", " ") end
  return ""
end

-- The found failure as the report prints it: what failed, the steps, a replay command and a
-- scenario to paste; all of it depends only on the spec and the seed.
local function report(ctx, name, failure, steps, original, runs_done, tries, cov_text)
  local out = {}
  local function add(s) out[#out + 1] = s end
  add(sformat("explore found a failing sequence in run %d of %d (seed %d); shrunk from %d to %d step%s in %d replays",
    runs_done, ctx.runs, ctx.seed, original, #steps, #steps == 1 and "" or "s", tries))
  add(sformat("%s after %s: %s", failure.kind,
    failure.step > 0 and sformat("step %d (%s)", failure.step, steps[failure.step].name) or "setup", failure.message))
  if failure.traceback then add(failure.traceback) end
  add("steps ({action, draws...}):")
  for i, st in ipairs(steps) do add(sformat("  %d. %s%s", i, step_text(st), step_note(st))) end
  add(sformat("replay: tantan-host test %s:%d --seed %d", ctx.file, ctx.line, ctx.seed))
  add(ctx.spec_name == "SPEC" and "as a scenario (SPEC: the spec table given to explore):"
    or ("as a scenario (paste it after " .. ctx.spec_name .. " in " .. ctx.file .. "):"))
  add(sformat("it(%q, function()", name .. " (shrunk, seed " .. ctx.seed .. ")"))
  add("  tantan.explore.replay(" .. ctx.spec_name .. ", {")
  for _, st in ipairs(steps) do add("    " .. step_text(st) .. "," .. step_note(st)) end
  add("  })")
  add("end)")
  if cov_text then add(cov_text) end
  return concat(out, "\n")
end

local engine = {}

-- Runs the search for a scenario: returns true and a coverage line, or false and the report.
function engine.search(name, spec, ctx)
  local where = ctx.file .. ":" .. ctx.line
  local s = read_spec(spec, where)
  local runs = count_option(env_runs, "TANTAN_EXPLORE_RUNS", nil) or count_option(spec.runs, "spec.runs", DEFAULT_RUNS)
  local n = count_option(spec.steps, "spec.steps", DEFAULT_STEPS)
  ctx.runs = runs
  local cov = builtin.coverage()
  for r = 1, runs do
    local rand = new_rng(ctx.seed * 1000003 + r)
    local failure, steps, k = execute(s, nil, n, rand, cov)
    if failure then
      local names = {}
      for i, a in ipairs(s.actions) do names[i] = a.name end
      local best, best_failure, tries =
        shrinker.shrink(steps, failure, function(plan) return execute(s, plan, #plan, nil, nil) end, names)
      s.noting = true  -- one more replay of the shortest sequence, to say what each step did
      local f2, noted = execute(s, best, #best, nil, nil)
      s.noting = false
      if f2 and f2.way == best_failure.way and #noted == #best then best = noted end
      return false, report(ctx, name, best_failure, best, k, r, tries, builtin.coverage_text(cov))
    end
  end
  return true, sformat("explore: %d runs of %d steps passed (seed %d)\n%s", runs, n, ctx.seed, builtin.coverage_text(cov))
end

-- tantan.explore.replay(spec, steps): one run of the printed steps, failing as the explore did.
---Runs a sequence as an explore failure prints it ({action name, draw, ...} per step: the values its gen calls return, picks as positions) against spec.setup() on a reset clock, with every invariant checked after each step; raises the failure it reproduces (at the caller's line), else returns true.
---@param spec table
---@param steps any[][]
---@return true
function explore.replay(spec, steps)
  local info = debug and debug.getinfo and debug.getinfo(2, "Sl")
  local where = info and (info.short_src .. ":" .. info.currentline) or "replay"
  local s = read_spec(spec, where)
  if type(steps) ~= "table" then error("bad argument #2 to 'replay' (table of steps expected, got " .. type(steps) .. ")", 2) end
  local plan = {}
  for i, st in ipairs(steps) do
    if type(st) ~= "table" or type(st[1]) ~= "string" then error("bad argument #2 to 'replay' (step " .. i .. " must be {action, draws...})", 2) end
    if s.actions[st[1]] == nil then
      local known = {}
      for name in pairs(s.actions) do if type(name) == "string" then known[#known + 1] = name end end
      sort(known)
      error(sformat("bad argument #2 to 'replay' (step %d: no action named '%s'; known actions: %s)", i, st[1], concat(known, ", ")), 2)
    end
    local tape = {}
    for j = 2, #st do tape[j - 1] = { type(st[j]) == "boolean" and "bool" or (mtype(st[j]) == "integer" and "int" or "number"), -huge, huge, st[j] } end
    plan[i] = { name = st[1], tape = tape }
  end
  local failure, ran = execute(s, plan, #plan, nil, nil)
  if failure then
    error(sformat("%s: %s after %s: %s", where, failure.kind,
      failure.step > 0 and sformat("step %d (%s)", failure.step, ran[failure.step].name) or "setup", failure.message), 0)
  end
  return true
end

return engine
