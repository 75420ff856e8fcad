-- The scenario runner's Lua side, part 3 (prelude.lua runs the parts): what a scenario, a hook or
-- a block's body raised, caught with its traceback and turned into the result the runner reports.
-- As busted: a luassert failure in a scenario's body is a failure ("failed"), anywhere else (a
-- hook, `finally`) an error; `pending()` makes it pending; any other value is an error, shown as
-- busted shows it (a table without __tostring in penlight's layout, nil as `Nil error`), with
-- the traceback the script run would print (a callback's own frames included: the host keeps
-- them, host.callback_traceback). Called with parts 1 and 2 and the host's table.
local format, assertions, host = ...
local type, getmetatable, setmetatable, xpcall = type, getmetatable, setmetatable, xpcall
local concat, sfind = table.concat, string.find
local getinfo, traceback = debug.getinfo, debug.traceback
local error_text, strip = format.error_text, format.strip_addresses
local is_failure = assertions.is_failure
local callback_traceback = host.callback_traceback

-- busted.pending's error: `pending("why")` inside a scenario.
local Pending = {}
Pending.__index = Pending
Pending.__tostring = function(p) return p.message end
local function is_pending(e) return getmetatable(e) == Pending end

-- Any other error, as caught where it was raised.
local Caught = {}
Caught.__index = Caught

local spec_file, scenario_line = "?", 0

-- The innermost frame in the spec file, else the running scenario's line.
local function spec_location()
  local source = "@" .. spec_file
  for level = 3, 80 do
    local info = getinfo(level, "Sl")
    if not info then break end
    if info.source == source and info.currentline > 0 then return spec_file, info.currentline end
  end
  return spec_file, scenario_line
end

-- Frames that are the runner's or luassert's, not the user's (busted trims luassert's too).
local function noise(line)
  -- (luassert's chunks have no debug information, so their frames read `?:`)
  return sfind(line, "^%s*%[tantan%]/prelude[%w_]*%.lua:") or sfind(line, "^%s*%?:")
    or sfind(line, "in function 'xpcall'", 1, true) or sfind(line, "^%s*%[C%]: in %?$")
end

local function clean(tb)
  local out = {}
  for line in (tb .. "\n"):gmatch("(.-)\n") do
    if not noise(line) then out[#out + 1] = line end
  end
  return concat(out, "\n")
end

local function handler(e)
  if is_failure(e) or is_pending(e) then return e end
  local message = error_text(e)
  -- A callback's error passed on by a host method (deck:like() -> did_swipe): its own frames.
  local kept = callback_traceback(e)
  local tb = kept and (message .. (kept:match("\nstack traceback:.*$") or "")) or traceback(message, 2)
  local file, line = spec_location()
  return setmetatable({ message = strip(message), traceback = clean(strip(tb)), file = file, line = line }, Caught)
end

-- Calls fn(...) protected: nil, or what it raised (a Failure, a Pending or a Caught).
local function protect(fn, ...)
  local ok, e = xpcall(fn, handler, ...)
  if not ok then return e end
end

-- The result of what `protect` caught (nil: passed) in `where`: "it" (the scenario's body) or
-- the hook's name (before_each, finally, ...: busted makes a failure there an error).
local function result(caught, where)
  if caught == nil then return { status = "passed" } end
  local hook = where ~= "it" and where or nil
  if is_pending(caught) then return { status = "pending", reason = caught.message } end
  if is_failure(caught) then
    return { status = hook and "error" or "failed", message = caught.message, file = caught.file, line = caught.line,
      wanted = caught.wanted, found = caught.found, hook = hook }
  end
  if getmetatable(caught) ~= Caught then caught = handler(caught) end
  return { status = "error", message = caught.message, traceback = caught.traceback, file = caught.file,
    line = caught.line, hook = hook }
end

return {
  protect = protect, result = result, is_pending = is_pending, handler = handler,
  pending = function(reason) error(setmetatable({ message = reason }, Pending), 0) end,
  -- Where errors are placed: the spec file, and the line of the scenario running (0: none).
  set_place = function(file, line)
    if file then spec_file = file end
    scenario_line = line
  end,
}
