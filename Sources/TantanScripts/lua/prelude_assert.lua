-- The scenario runner's Lua side, part 2 (prelude.lua runs the parts): luassert-compatible
-- `assert`, `spy`, `stub` and `match`. A failed assertion raises a `Failure` object that carries
-- the message, the formatted expected and actual values and the `file:line` of the assertion in
-- the user's code. Called with part 1's functions and the host's table depth limit with its
-- message; returns what part 3 uses.
local format, depth_limit, depth_message = ...
local type, tostring, ipairs, next, select, error, pcall = type, tostring, ipairs, next, select, error, pcall
local setmetatable, getmetatable, rawget, rawequal = setmetatable, getmetatable, rawget, rawequal
local concat, sort, sfind = table.concat, table.sort, string.find
local getinfo = debug.getinfo
local fmt_number, fmt_string, fmt_scalar, key_less = format.fmt_number, format.fmt_string, format.fmt_scalar, format.key_less
local compact, raw, RawMT = format.compact, format.raw, format.RawMT
-- The source of the prelude's own frames (its chunks, named in Prelude.swift).
local PRELUDE_SOURCE = "^=%[tantan%]/prelude[%w_]*%.lua$"

local Failure = {}
Failure.__index = Failure
Failure.__tostring = function(f) return (f.file and (f.file .. ":" .. f.line .. ": ") or "") .. f.message end

local function source_name(info)
  local s = info.source
  if s:sub(1, 1) == "@" or s:sub(1, 1) == "=" then return s:sub(2) end
  return info.short_src
end

-- The innermost Lua frame outside the prelude: where the user called the assertion.
local function user_location(from)
  for level = from or 3, 60 do
    local info = getinfo(level, "Sl")
    if not info then break end
    if info.what ~= "C" and not sfind(info.source, PRELUDE_SOURCE) and info.currentline > 0 then
      return source_name(info), info.currentline
    end
  end
end

local NONE = {}  -- "no value to show"
local function fail(message, wanted, found)
  local file, line = user_location(3)
  error(setmetatable({
    message = message, file = file, line = line,
    wanted = wanted ~= NONE and compact(wanted) or nil,
    found = found ~= NONE and compact(found) or nil,
  }, Failure), 0)
end

local match = {}
match._ = setmetatable({}, { __tostring = function() return "match._" end })

-- Deep comparison stops at the host's one table depth (depth_limit, TableDepth.limit in Swift):
-- an error at the assertion's line, not a Lua stack overflow inside the prelude.
local function deep_eq(a, b, seen, depth)
  if rawequal(a, match._) or rawequal(b, match._) then return true end
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return false end
  seen, depth = seen or {}, (depth or 0) + 1
  if seen[a] == b then return true end
  if depth > depth_limit then
    local file, line = user_location(3)
    error((file and (file .. ":" .. line .. ": ") or "") .. "deep comparison: " .. depth_message, 0)
  end
  seen[a] = b
  for k, v in next, a do
    if not deep_eq(v, rawget(b, k), seen, depth) then return false end
  end
  for k in next, b do
    if rawget(a, k) == nil then return false end
  end
  return true
end

local function error_text(e)
  if type(e) == "string" then return (e:gsub("^.-:%d+: ", "", 1)) end
  return e
end

-- name -> { arity, fn(...) -> ok, message, negated message, wanted, found }
local A = {}
local function def(names, arity, fn, msgpos)
  for name in names:gmatch("[%w_]+") do A[name] = { arity = arity, fn = fn, msgpos = msgpos or arity + 1 } end
end
def("equal equals", 2, function(e, a)
  return e == a, "expected values to be equal", "expected values to differ", e, a
end)
-- Where two values first differ, as a key path (`[2].x`), for the failure message.
local function first_difference(a, b, path, depth)
  if deep_eq(a, b) then return nil end
  if type(a) ~= "table" or type(b) ~= "table" or depth > 20 then return path end
  local keys = {}
  for k in next, a do keys[#keys + 1] = k end
  for k in next, b do if rawget(a, k) == nil then keys[#keys + 1] = k end end
  sort(keys, key_less)
  for _, k in ipairs(keys) do
    local sub = type(k) == "string" and k:match("^[%a_][%w_]*$") and (path .. "." .. k) or (path .. "[" .. fmt_scalar(k) .. "]")
    local d = first_difference(rawget(a, k), rawget(b, k), sub, depth + 1)
    if d then return d end
  end
  return path
end

def("same", 2, function(e, a)
  local where = first_difference(e, a, "", 0)
  local msg = "expected values to be the same (deep comparison)"
  if where and where ~= "" then msg = msg:sub(1, -2) .. "; first difference at " .. where:gsub("^%.", "") .. ")" end
  return where == nil, msg, "expected values to differ (deep comparison)", e, a
end)
def("truthy", 1, function(v) return v ~= nil and v ~= false, "expected a truthy value", "expected a falsy value", raw("truthy"), v, raw("falsy") end)
def("falsy", 1, function(v) return v == nil or v == false, "expected a falsy value", "expected a truthy value", raw("falsy"), v, raw("truthy") end)
def("true", 1, function(v) return v == true, "expected true", "expected anything but true", true, v end)
def("false", 1, function(v) return v == false, "expected false", "expected anything but false", false, v end)
def("nil", 1, function(v) return v == nil, "expected nil", "expected a value other than nil", nil, v end)
for _, t in ipairs { "string", "number", "table", "function", "boolean", "userdata", "thread" } do
  def(t, 1, function(v) return type(v) == t, "expected a " .. t, "expected anything but a " .. t, NONE, v end)
end
def("near", 3, function(e, a, tol)
  if type(e) ~= "number" or type(a) ~= "number" or type(tol) ~= "number" then
    error("assert.near: numbers expected (expected, actual, tolerance)", 4)
  end
  return math.abs(e - a) <= tol, "expected values to be within " .. fmt_number(tol) .. " of each other",
    "expected values to differ by more than " .. fmt_number(tol), e, a
end)
def("matches match", 2, function(pattern, actual, init, plain)
  if type(actual) == "number" then actual = tostring(actual) end
  if type(init) ~= "number" then init, plain = nil, nil end
  local ok = type(actual) == "string" and actual:find(pattern, init, plain) ~= nil
  return ok, "expected the string to match the pattern " .. fmt_string(tostring(pattern)),
    "expected the string not to match the pattern " .. fmt_string(tostring(pattern)), NONE, actual
end)
def("error errors has_error", 1, function(fn, expected)
  if type(fn) ~= "function" and not (getmetatable(fn) or {}).__call then error("assert.error: a function expected", 4) end
  local ok, err = pcall(fn)
  if ok then return false, "expected an error", "expected no error", expected == nil and NONE or expected, raw("no error") end
  if expected == nil then return true, "expected an error", "expected no error, got " .. compact(err), NONE, err end
  local got = error_text(err)
  return deep_eq(expected, got) or deep_eq(expected, err), "expected a different error", "expected another error than this one", expected, got
end, 3)
def("error_matches", 2, function(fn, pattern, init, plain)
  local ok, err = pcall(fn)
  if ok then return false, "expected an error matching " .. fmt_string(tostring(pattern)), "expected no error", NONE, raw("no error") end
  if type(init) ~= "number" then init, plain = nil, nil end
  local s = type(err) == "string" and err or tostring(err)
  return s:find(pattern, init, plain) ~= nil, "expected the error to match the pattern " .. fmt_string(tostring(pattern)),
    "expected the error not to match the pattern " .. fmt_string(tostring(pattern)), NONE, s
end, 3)

-- Spies: callable tables that record their calls and pass them on.
local SpyMT = {}
SpyMT.__index = SpyMT
SpyMT.__tostring = function() return "spy" end
SpyMT.__call = function(self, ...)
  local call = table.pack(...)
  self.calls[#self.calls + 1] = call
  local results = table.pack(self.callback(...))
  self.returnvals[#self.returnvals + 1] = results
  return table.unpack(results, 1, results.n)
end
function SpyMT:revert() if self.target then self.target[self.key] = self.original end return self end
function SpyMT:clear() self.calls, self.returnvals = {}, {} return self end
local spy = {}
function spy.new(fn) return setmetatable({ calls = {}, returnvals = {}, callback = fn or function() end }, SpyMT) end
function spy.on(t, key)
  local s = spy.new(t[key])
  s.target, s.key, s.original = t, key, t[key]
  t[key] = s
  return s
end
function spy.is_spy(x) return getmetatable(x) == SpyMT end
local stub = setmetatable({}, { __call = function(_, t, key, ...)
  local results = table.pack(...)
  local s = spy.on(t, key)
  s.callback = function() return table.unpack(results, 1, results.n) end
  return s
end })
stub.new = function(t, key, ...) return stub(t, key, ...) end

local function args_text(call) 
  local parts = {}
  for i = 1, call.n do parts[i] = compact(call[i]) end
  return "(" .. concat(parts, ", ") .. ")"
end
local function calls_text(list)
  if #list == 0 then return "no calls" end
  local parts = {}
  for i, c in ipairs(list) do parts[i] = args_text(c) end
  return concat(parts, "; ")
end
local function matches_call(call, expected)
  if call.n ~= expected.n then return false end
  for i = 1, expected.n do if not deep_eq(expected[i], call[i]) then return false end end
  return true
end
local S = {}
local function sdef(names, fn) for n in names:gmatch("[%w_]+") do S[n] = fn end end
sdef("called", function(s, n)
  if n == nil then return #s.calls > 0, "expected the spy to be called", "expected the spy not to be called", raw("at least 1 call"), raw(#s.calls .. " call(s)"), raw("no calls") end
  return #s.calls == n, "expected the spy to be called " .. n .. " time(s)", "expected the spy not to be called " .. n .. " time(s)", raw(n .. " call(s)"), raw(#s.calls .. " call(s)")
end)
sdef("called_at_least", function(s, n) return #s.calls >= n, "expected at least " .. n .. " call(s)", "expected fewer than " .. n .. " call(s)", n, #s.calls end)
sdef("called_at_most", function(s, n) return #s.calls <= n, "expected at most " .. n .. " call(s)", "expected more than " .. n .. " call(s)", n, #s.calls end)
sdef("called_with", function(s, ...)
  local expected, ok = table.pack(...), false
  for _, c in ipairs(s.calls) do if matches_call(c, expected) then ok = true break end end
  return ok, "expected the spy to be called with " .. args_text(expected), "expected the spy not to be called with " .. args_text(expected),
    raw(args_text(expected)), raw(calls_text(s.calls))
end)
sdef("returned_with", function(s, ...)
  local expected, ok = table.pack(...), false
  for _, c in ipairs(s.returnvals) do if matches_call(c, expected) then ok = true break end end
  return ok, "expected the spy to return " .. args_text(expected), "expected the spy not to return " .. args_text(expected),
    raw(args_text(expected)), raw(calls_text(s.returnvals))
end)

-- Chains: assert.is_not.equal, assert.are.same, assert.has_no.errors, assert.spy(s).was.called_with.
local MODIFIERS = { is = true, are = true, was = true, has = true, does = true, been = true, ["to"] = true, be = true }
local NEGATORS = { ["not"] = true, no = true }
local chain

-- A description of what was wanted reads "not ..." under negation; a value stays as it is.
local function negate_wanted(wanted)
  if getmetatable(wanted) == RawMT then return raw("not " .. wanted.text) end
  return wanted
end

local function run_assertion(spec, negated, name, ...)
  local n = select("#", ...)
  if n < spec.arity then error("assert." .. name .. ": " .. spec.arity .. " argument(s) expected, got " .. n, 3) end
  local ok, msg, nmsg, wanted, found, nwanted = spec.fn(...)
  if negated then ok, msg, wanted = not ok, nmsg, nwanted or negate_wanted(wanted) end
  if not ok then
    local custom = select(spec.msgpos, ...)
    fail(custom ~= nil and tostring(custom) or msg, wanted, found)
  end
  return ...
end

local snapshot, snapshot_svg  -- set by part 3 (set_snapshots)
local function set_snapshots(s, svg) snapshot, snapshot_svg = s, svg end

-- Plugin assertions (host.register_assertion): name -> { fn =, plugin =, location = }, set by
-- the runner once the plugins are loaded. fn returns true (and, optionally, the message for
-- the negated form), or false/nil, a message and optionally the expected and actual values.
local PA = {}
local function set_plugin_assertions(t) PA = t end

local function run_plugin_assertion(entry, negated, name, ...)
  local r = table.pack(pcall(entry.fn, ...))
  if not r[1] then
    local e = r[2]
    if getmetatable(e) == Failure then error(e, 0) end  -- it used assert.* itself
    if type(e) ~= "string" then e = "(error object is a " .. type(e) .. " value)" end
    error("assertion '" .. name .. "' of plugin '" .. entry.plugin .. "' raised an error: " .. e, 0)
  end
  local ok, msg = r[2], r[3]
  if negated then
    if ok then fail(msg ~= nil and tostring(msg) or ("expected '" .. name .. "' to fail, but it passed"), NONE, NONE) end
  elseif not ok then
    fail(msg ~= nil and tostring(msg) or ("assertion '" .. name .. "' failed"), r.n >= 4 and r[4] or NONE,
      r.n >= 5 and r[5] or NONE)
  end
  return ...
end

local function resolve(key, negated, spied)
  if type(key) ~= "string" then return nil end
  local words = {}
  for w in key:gmatch("[^_]+") do words[#words + 1] = w end
  for i, w in ipairs(words) do
    -- A plugin assertion may start with a modifier word (has_event): the rest of the key is
    -- tried as a plugin name first, unless a built-in has that name (built-ins win).
    local rest = concat(words, "_", i)
    local entry = not spied and A[rest] == nil and PA[rest]
    if entry then
      return function(...) return run_plugin_assertion(entry, negated, rest, ...) end
    end
    if NEGATORS[w] then negated = not negated
    elseif not MODIFIERS[w] then
      local name = concat(words, "_", i)
      if spied then
        local f = S[name]
        if not f then error("unknown spy assertion '" .. key .. "'", 3) end
        return function(...)
          local ok, msg, nmsg, wanted, found, nwanted = f(spied, ...)
          if negated then ok, msg, wanted = not ok, nmsg, nwanted or negate_wanted(wanted) end
          if not ok then fail(msg, wanted, found) end
          return spied
        end
      end
      if name == "spy" or name == "stub" then
        return function(s)
          if not spy.is_spy(s) then error("assert.spy: a spy expected, got " .. type(s), 2) end
          return chain(negated, s)
        end
      end
      if name == "snapshot" then return function(...) return snapshot(...) end end
      if name == "snapshot_svg" then return function(...) return snapshot_svg(...) end end
      local spec = A[name]
      if not spec then error("unknown assertion '" .. key .. "'", 3) end
      return function(...) return run_assertion(spec, negated, name, ...) end
    end
  end
  return chain(negated, spied)
end

local function lua_assert(_, v, msg, ...)
  if not v then error(msg == nil and "assertion failed!" or msg, 2) end
  return v, msg, ...
end
chain = function(negated, spied)
  return setmetatable({}, {
    __index = function(_, key) return resolve(key, negated, spied) end,
    __call = spied and function(_, ...) return resolve("called", negated, spied)(...) end or lua_assert,
  })
end
local assert_root = chain(false, nil)

return {
  Failure = Failure, user_location = user_location, assert_root = assert_root, spy = spy, stub = stub,
  match = match, set_snapshots = set_snapshots, set_plugin_assertions = set_plugin_assertions,
}
