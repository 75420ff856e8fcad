-- Row 1: a method call on a tantan userdata from a Lua loop (the clock is idle: settle returns 0).
local n = tonumber(arg[1]) or 1000000
local c = tantan.clock
local t = os.clock()
for _ = 1, n do c:settle() end
print(string.format("method %d %.6f", n, os.clock() - t))
