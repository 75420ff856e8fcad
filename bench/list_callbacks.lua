-- Row 2: the host calling a Lua data-source function, `item_height(list, section, index, item)`.
-- `list:reload()` re-measures every item; the same reload with a fixed height does everything
-- else (ids, prefix sums, the diff), so the difference per item is the callback's own cost.
-- Each reload records an `item_height(s, i)` event per item; clearing the log after each reload
-- keeps its one-time growth (amortized, bounded at 100,000 events) out of the figure.
-- Modes `fixed` and `function` time one kind of reload (for instruction counts, bench/ir-rows);
-- `both` alternates the two and keeps each one's fastest reload, which filters out the noise of
-- a busy machine better than subtracting two long runs. Times are per RELOADS reloads.
-- Run: tantan-host bench/list_callbacks.lua ITEMS RELOADS [fixed|function|both]
local n = math.tointeger(tonumber(arg[1])) or 10000
local reloads = math.tointeger(tonumber(arg[2])) or 100
local mode = arg[3] or "both"
local items = {}
for i = 1, n do items[i] = {id = i} end
local function height(list, section, index, item) return 44 end
local function make(item_height)
  return tantan.list{sections = {{id = 1, items = items}}, item_height = item_height}
end
local function once(list)
  local t = os.clock()
  list:reload()
  local dt = os.clock() - t
  list:clear_events()
  return dt
end
local fn, fixed = 0, 0
if mode == "both" then
  local a, b = make(height), make(44)
  fn, fixed = math.huge, math.huge
  for _ = 1, reloads do
    fn = math.min(fn, once(a))
    fixed = math.min(fixed, once(b))
  end
  fn, fixed = fn * reloads, fixed * reloads
else
  local list = make(mode == "function" and height or 44)
  local total = 0
  for _ = 1, reloads do total = total + once(list) end
  if mode == "function" then fn = total else fixed = total end
end
print(string.format("callbacks %d %.6f %.6f", n * reloads, fn, fixed))
