-- Row 2: the host calling a Lua function (timer callbacks fired by tantan.clock), N times.
-- Includes scheduling each timer; the C baseline is lua_pcall of the same function.
local n = math.tointeger(tonumber(arg[1])) or 1000000
local fn = function(list, section, index, item) return 44 end
local after, clock = tantan.after, tantan.clock
local t = os.clock()
for _ = 1, n do after(0, fn) end
clock:settle()
print(string.format("callbacks %d %.6f", n, os.clock() - t))
