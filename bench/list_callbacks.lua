-- Row 2: the host calling a Lua data-source function, `item_height(list, section, index, item)`.
-- `list:reload()` re-measures every item; the same reload with a fixed height does everything
-- else (ids, prefix sums, the diff), so the difference per item is the callback's own cost.
-- Each reload records an `item_height(s, i)` event per item; clearing the log after each reload
-- keeps its one-time growth (amortized, bounded at 100,000 events) out of the figure.
-- Modes `fixed` and `function` time one kind of reload (for instruction counts, bench/ir-rows);
-- `both` alternates the two and takes the median of each round's difference, which a busy
-- machine's slow spells disturb less than subtracting two long runs. Times are per RELOADS reloads.
-- Prints: callbacks <calls> <function reloads> <fixed reloads> [<median difference>].
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
local function median(t)
  table.sort(t)
  return (t[(#t + 1) // 2] + t[#t // 2 + 1]) / 2
end
local fn, fixed, diff = 0, 0, nil
if mode == "both" then
  local a, b = make(height), make(44)
  local diffs = {}
  for r = 1, reloads do
    local f, x = once(a), once(b)
    fn, fixed, diffs[r] = fn + f, fixed + x, f - x
  end
  diff = median(diffs) * reloads
else
  local list = make(mode == "function" and height or 44)
  local total = 0
  for _ = 1, reloads do total = total + once(list) end
  if mode == "function" then fn = total else fixed = total end
end
print(string.format("callbacks %d %.6f %.6f", n * reloads, fn, fixed) .. (diff and string.format(" %.6f", diff) or ""))
