-- The scenario runner's Lua side, part 2 (prelude.lua runs the parts): the real luassert (Debian's
-- lua-luassert and lua-say, compiled by the host from their installed files and preloaded:
-- Prelude.swift), wired as busted wires it: a failed assertion raises a Failure (busted's
-- "failure", not an error) with luassert's message, the expected and actual values as luassert
-- formats them (addresses dropped) and the `file:line` of the assertion in the user's code.
-- Added through luassert's own extension points (assert:register): `assert.snapshot`,
-- `assert.snapshot_svg` and plugin assertions. Also counts the assertions a scenario makes, and
-- makes spy.on/stub on a userdata's method an error at the spec line. Called with part 1's
-- functions, the names of the luassert modules (in the order first required) and the host's
-- table.
local format, modules, host = ...
local type, tostring, ipairs, pairs, select, error, pcall = type, tostring, ipairs, pairs, select, error, pcall
local setmetatable, getmetatable, rawequal, raw_load = setmetatable, getmetatable, rawequal, load
local concat, unpack, sfind = table.concat, table.unpack, string.find
local getinfo, getupvalue, upvaluejoin = debug.getinfo, debug.getupvalue, debug.upvaluejoin
local serialize, strip, error_text = format.serialize, format.strip_addresses, format.error_text
local snapshot_host, snapshot_svg_host = host.snapshot, host.snapshot_svg
local render_svg = tantan.render.svg  -- kept now: a scenario may replace the global
-- The source of the prelude's own frames (its chunks, named in Prelude.swift).
local PRELUDE_SOURCE = "^=%[tantan%]/prelude[%w_]*%.lua$"

-- The library's chunks are compiled without debug information: their frames' source is "=?",
-- never the user's. They see the globals as they are now (luassert uses `debug`, which --sandbox
-- then takes from scripts). Each module's bytecode is asked of the host when first required.
local LIBRARY = { ["=?"] = true }
local library_env = setmetatable({ debug = debug, io = io, os = os }, { __index = _G })
local module_code = host.module_code
for i, name in ipairs(modules) do
  package.preload[name] = function(...) return raw_load(module_code(i), "=?", "b", library_env)(...) end
end
-- Loaded when first needed (most scenarios pass: they never format a value): luassert's
-- formatters when a value is formatted or a formatter or parameter is used, its matchers when a
-- matcher is made (match.is_string()). luassert's init requires them: it gets `true` until then.
local deferred = {}
for _, name in ipairs { "luassert.formatters", "luassert.matchers" } do
  deferred[name] = package.preload[name]
  package.preload[name] = function() return true end
end
local function load_deferred(name)
  local loader = deferred[name]
  if not loader then return end
  deferred[name] = nil
  package.loaded[name], package.preload[name] = nil, loader
  -- The formatters try the `term` C module for colours: never wanted in a report.
  local term = package.preload.term
  package.preload.term = function() error("term: not loaded by the scenario runner", 0) end
  require(name)
  package.preload.term = term
end
local luassert = require("luassert")
local spy, stub, mock, match = require("luassert.spy"), require("luassert.stub"), require("luassert.mock"),
  require("luassert.match")
local say, namespace, astate = require("say"), require("luassert.namespaces"), require("luassert.state")
for _, f in ipairs { "format_argument", "add_formatter", "remove_formatter", "get_parameter", "set_parameter" } do
  local original = astate[f]
  astate[f] = function(...)
    load_deferred("luassert.formatters")
    return original(...)
  end
end
local make_state = match.state
match.state = function()
  load_deferred("luassert.matchers")
  return make_state()
end

local Failure = {}
Failure.__index = Failure
Failure.__tostring = function(f) return (f.file and (f.file .. ":" .. f.line .. ": ") or "") .. f.message end
local function is_failure(e) return getmetatable(e) == Failure end

local function source_name(info)
  local s = info.source
  if s:sub(1, 1) == "@" or s:sub(1, 1) == "=" then return s:sub(2) end
  return info.short_src
end

-- The innermost Lua frame that is neither the prelude's nor luassert's: the user's call.
local function user_location(from)
  for level = from or 3, 80 do
    local info = getinfo(level, "Sl")
    if not info then break end
    local src = info.source
    if info.what ~= "C" and not LIBRARY[src] and not sfind(src, PRELUDE_SOURCE) and info.currentline > 0 then
      return source_name(info), info.currentline
    end
  end
end

-- An error (not a failure) at the user's line.
local function raise(message)
  local file, line = user_location(3)
  error((file and (file .. ":" .. line .. ": ") or "") .. message, 0)
end

-- What luassert last rendered with say (`s(key, formatted values)`): a failure's message is
-- that text, so the values can be taken from the template's labelled parts.
local say_mt = getmetatable(say)
local say_call = say_mt.__call
local said_key, said_values, said_text
say_mt.__call = function(self, key, values)
  local text = say_call(self, key, values)
  said_key, said_values, said_text = key, values, text
  return text
end

-- luassert's messages are a headline, then labelled values ("Passed in:" / "Expected:"; the
-- headline itself may be the label: "Expected to be truthy, but value was:"). Returns the
-- headline and the labelled parts' texts, in order: the first is what was found (luassert puts
-- the actual value first), the second what was wanted. A template whose headline holds a value
-- itself is not split (nil).
local function labelled_parts(key, values)
  local template = say_call(say, key)  -- without values, say returns the template itself
  if template:match("^[^\n]*%%s") then return nil end
  local index = 1
  local function fill(line)
    local n = select(2, line:gsub("%%s", ""))
    if n == 0 then return line end
    local args = {}
    for i = 1, n do
      args[i] = tostring(values[index])
      index = index + 1
    end
    return line:format(unpack(args, 1, n))
  end
  local lines = {}
  for l in (template .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = l end
  local headline = fill(lines[1])
  local parts = {}
  local part = headline:sub(-1) == ":" and {} or nil
  parts[1] = part
  for i = 2, #lines do
    local l = lines[i]
    if l:sub(-1) == ":" and not l:find("%s", 1, true) then
      part = {}
      parts[#parts + 1] = part
    elseif part then
      part[#part + 1] = fill(l)
    elseif l ~= "" then
      headline = headline .. "\n" .. fill(l)
    end
  end
  for i, p in ipairs(parts) do parts[i] = concat(p, "\n") end
  return headline, parts[1], parts[2]
end

local stash  -- {wanted=, found=} a runner assertion left for the failure it is about to raise
-- busted.fail for luassert: raises a Failure at the user's line.
local function fail(message)
  local file, line = user_location(3)
  local wanted, found
  if stash then
    wanted, found, stash = stash.wanted, stash.found, nil
  elseif type(message) == "string" and said_text and message:sub(-#said_text) == said_text then
    local custom = message:sub(1, -#said_text - 2)  -- the caller's message, then "\n"
    local ok, headline, f, w = pcall(labelled_parts, said_key, said_values)
    if ok and headline then
      message, found, wanted = (custom ~= "" and (custom .. "\n") or "") .. headline, f, w
    end
  end
  said_text = nil
  error(setmetatable({
    message = strip(error_text(message)), file = file, line = line,
    wanted = wanted and strip(wanted), found = found and strip(found),
  }, Failure), 0)
end

-- Assertions made in the current scenario: every registered assertion that runs, and every
-- plain `assert(v)` outside luassert itself (its own argument checks are not the user's).
local count = 0
local function counted(callback)
  return function(...)
    count = count + 1
    return callback(...)
  end
end
for _, a in pairs(namespace.assertion) do a.callback = counted(a.callback) end
local register = luassert.register
luassert.register = function(self, nspace, name, callback, positive_message, negative_message)
  if nspace == "assertion" and callback ~= nil then callback = counted(callback) end
  return register(self, nspace, name, callback, positive_message, negative_message)
end

-- As busted does (busted.bindfenv(assert.is_true, 'error', busted.fail)): the chain's `error` is
-- this `fail`, through a private _ENV for that one function (found by its value: the library's
-- chunks have no upvalue names).
local function bind_error(fn)
  for i = 1, 250 do
    local name, env = getupvalue(fn, i)
    if name == nil then break end
    if rawequal(env, library_env) then
      local mine = setmetatable({ error = fail }, { __index = env })
      upvaluejoin(fn, i, function() return mine end, 1)
      return
    end
  end
  error("luassert: its assertion chain has no _ENV to bind (an unknown luassert version?)", 0)
end
bind_error(getmetatable(luassert.is).__call)
-- Plain assert(v, message, level, ...): Lua's assert, failing as an assertion.
getmetatable(luassert).__call = function(_, v, message, ...)
  if not LIBRARY[getinfo(2, "S").source] then count = count + 1 end
  if not v then fail(message or "assertion failed!") end
  return v, message, ...
end

-- Deep comparison (same, called_with, matchers) stops at the host's one table depth
-- (host.depth_limit, TableDepth.limit in Swift): an error at the assertion's line, not a Lua
-- stack overflow inside luassert. One protected call per comparison resets the count.
local util = require("luassert.util")
local deepcompare, depth, DEEP = util.deepcompare, 0, {}
local depth_limit, depth_message = host.depth_limit, host.depth_message
util.deepcompare = function(t1, t2, ...)
  if type(t1) ~= "table" or type(t2) ~= "table" then return deepcompare(t1, t2, ...) end
  if depth > 0 then
    depth = depth + 1
    if depth > depth_limit then error(DEEP, 0) end
    local same, crumbs = deepcompare(t1, t2, ...)
    depth = depth - 1
    return same, crumbs
  end
  depth = 1
  local ok, same, crumbs = pcall(deepcompare, t1, t2, ...)
  depth = 0
  if not ok then
    if same == DEEP then raise("deep comparison: " .. depth_message) end
    error(same, 0)
  end
  return same, crumbs
end

-- spy.on and stub replace `t[key]`: a component's methods live in its userdata's metatable.
local function check_target(fname, target, key)
  if type(target) == "table" then return end
  if type(target) == "userdata" then
    local mt = getmetatable(target)
    local what = type(mt) == "table" and type(mt.__name) == "string" and mt.__name or "a userdata"
    raise("bad argument #1 to '" .. fname .. "' (cannot replace method '" .. tostring(key) .. "' of " .. what
      .. ": only a table's functions can be replaced, such as a delegate's)")
  end
  raise("bad argument #1 to '" .. fname .. "' (table expected, got " .. type(target) .. ")")
end
local spy_on, stub_new = spy.on, stub.new
spy.on = function(target_table, target_key)
  check_target("spy.on", target_table, target_key)
  return spy_on(target_table, target_key)
end
stub.new = function(object, key, ...)
  if object ~= nil or key ~= nil then check_target("stub", object, key) end
  return stub_new(object, key, ...)
end

-- assert.snapshot(name, value) and assert.snapshot_svg(name, obj): golden files (the host
-- compares and writes them: ScenarioSession.swift). A mismatch is a failure carrying the
-- golden's text and the new one; a misuse (the name again) is an error.
local function snapshot_assertion(kind, second, check)
  return function(state, args)
    if not state.mod then raise("assert." .. kind .. " cannot be negated") end
    local name = args[1]
    if type(name) ~= "string" or name == "" then raise("bad argument #1 to '" .. kind .. "' (non-empty name expected)") end
    if args.n > 2 then raise("assert." .. kind .. " takes (name, " .. second .. ")") end
    local ok, message, wanted, found = check(name, args[2])
    if ok == nil then raise(message) end
    if not ok then
      state.failure_message = message
      stash = { wanted = wanted, found = found }
    end
    return ok
  end
end
luassert:register("assertion", "snapshot", snapshot_assertion("snapshot", "value", function(name, value)
  return snapshot_host(name, serialize(value))
end), "tantan.snapshot", "tantan.snapshot")
-- luassert's own `assert:snapshot()` (a state snapshot, to revert spies and formatters) stays
-- what it is when called as a method without arguments.
local state_snapshot = luassert.snapshot
luassert.snapshot = function(name, value, ...)
  if rawequal(name, luassert) and value == nil and select("#", ...) == 0 then return state_snapshot(name) end
  return luassert.state().snapshot(name, value, ...)
end
luassert:register("assertion", "snapshot_svg", snapshot_assertion("snapshot_svg", "obj", function(name, obj)
  local drawn, svg = pcall(render_svg, obj)
  if not drawn then
    raise("bad argument #2 to 'snapshot_svg' (tantan.SwipeDeck, tantan.ReorderGrid or tantan.List expected, got "
      .. (type(obj) == "userdata" and tostring(obj) or type(obj)) .. ")")
  end
  return snapshot_svg_host(name, svg)
end), "tantan.snapshot_svg", "tantan.snapshot_svg")

-- Plugin assertions (host.register_assertion): name -> { fn =, plugin =, location = }, set by the
-- runner once the plugins are loaded. fn returns true (and, optionally, the message for the
-- negated form), or false/nil, a message and optionally the expected and actual values.
-- luassert's own assertions keep their names.
local function plugin_assertion(entry, name)
  return function(state, args)
    local r = table.pack(pcall(entry.fn, unpack(args, 1, args.n)))
    if not r[1] then
      local e = r[2]
      if is_failure(e) then error(e, 0) end  -- it used assert.* itself
      error("assertion '" .. name .. "' of plugin '" .. entry.plugin .. "' raised an error: " .. error_text(e), 0)
    end
    local ok, message = r[2], r[3]
    if state.mod and not ok then
      state.failure_message = message ~= nil and tostring(message) or ("assertion '" .. name .. "' failed")
      local shown = luassert:format({ r[4], r[5], n = 2 })
      stash = { wanted = r.n >= 4 and shown[1] or nil, found = r.n >= 5 and shown[2] or nil }
    elseif not state.mod and ok then
      state.failure_message = message ~= nil and tostring(message) or ("expected '" .. name .. "' to fail, but it passed")
      stash = {}
    end
    return ok
  end
end
local function set_plugin_assertions(t)
  for name, entry in pairs(t) do
    if not namespace.assertion[name:lower()] then
      luassert:register("assertion", name, plugin_assertion(entry, name), "tantan.plugin", "tantan.plugin")
    end
  end
end

return {
  Failure = Failure, is_failure = is_failure, user_location = user_location, fail = fail, LIBRARY = LIBRARY,
  assert = luassert, spy = spy, stub = stub, mock = mock, match = match,
  set_plugin_assertions = set_plugin_assertions,
  -- The assertions made since the last call.
  take_count = function()
    local c = count
    count = 0
    return c
  end,
}
