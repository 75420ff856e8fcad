-- Row 2: the host calling a Lua data-source function, `item_height(list, section, index, item)`.
-- `list:reload()` re-measures every item; the same reload with a fixed height does everything
-- else (ids, prefix sums, the diff), so the difference per item is the callback's own cost.
-- Each reload records an `item_height(s, i)` event per item; clearing the log after each reload
-- keeps its one-time growth (amortized, bounded at 100,000 events) out of the figure.
-- Run: tantan-host bench/list_callbacks.lua ITEMS RELOADS [fixed|function|both]
local n = math.tointeger(tonumber(arg[1])) or 10000
local reloads = math.tointeger(tonumber(arg[2])) or 100
local mode = arg[3] or "both"
local items = {}
for i = 1, n do items[i] = {id = i} end
local function height(list, section, index, item) return 44 end
local function time(item_height)
  local list = tantan.list{sections = {{id = 1, items = items}}, item_height = item_height}
  local t = os.clock()
  for _ = 1, reloads do list:reload() list:clear_events() end
  return os.clock() - t
end
local fixed = (mode == "both" or mode == "fixed") and time(44) or 0
local fn = (mode == "both" or mode == "function") and time(height) or 0
print(string.format("callbacks %d %.6f %.6f", n * reloads, fn, fixed))
