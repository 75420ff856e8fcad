-- Issue 17 row: building a list from a lazy source (fixed heights) and laying out one screen, at
-- any item count. Prints the mean time per build + layout and the process's peak resident set.
-- Run: tantan-host bench/list_source.lua [items] [builds]
local n = math.tointeger(tonumber(arg and arg[1])) or 1000000
local builds = math.tointeger(tonumber(arg and arg[2])) or 200
local source = {
  section_count = function() return 1 end,
  item_count = function() return n end,
  item = function(_, _, i) return {id = i, title = "flower " .. i} end}
local fetched = 0
local t = os.clock()
for _ = 1, builds do
  local list = tantan.list{height = 667, item_height = 44, paging = {prefetch = 5}, source = source}
  fetched = fetched + #list:layout()
end
local dt = os.clock() - t
collectgarbage()
local hwm = io.open("/proc/self/status"):read("a"):match("VmHWM:%s*(%d+)")
print(string.format("source %d items %.2f us/build+layout peak %s KiB (%d elements laid out)", n, dt / builds * 1e6, hwm, fetched))
