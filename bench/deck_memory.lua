-- Row 3b: peak memory of a deck swiped N times over COUNT items (a function source reusing models).
-- Prints the process's peak resident set (VmHWM) in KiB. Run: tantan-host bench/deck_memory.lua COUNT N
local count = tonumber(arg[1]) or 1e9
local n = math.tointeger(tonumber(arg[2])) or 100000
local deck = tantan.deck{source = {
  count = function() return count end,
  card = function(_, index, reused) local m = reused or {} m.index = index return m end}}
local clock = tantan.clock
for _ = 1, n do deck:swipe("right") clock:settle() end
deck:clear_events()
collectgarbage()
local hwm = io.open("/proc/self/status"):read("a"):match("VmHWM:%s*(%d+)")
print(string.format("deckmem %d %d %s", count, n, hwm))
