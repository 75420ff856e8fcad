-- hello.lua: the tantan module and its virtual clock. Run: scripts/run examples/hello.lua
print("tantan-host " .. tantan.version .. " (api level " .. tantan.api_level .. ") on " .. _VERSION)

-- Timers fire only when the script advances the virtual clock, so output is deterministic.
tantan.after(0.5, function() print(string.format("t=%.1f  half a second in", tantan.clock.now)) end)
local cancelled = tantan.after(0.7, function() print("never printed") end)
tantan.after(1.0, function() print(string.format("t=%.1f  one second in", tantan.clock.now)) end)
cancelled:cancel()

tantan.clock:advance(0.6)
print(string.format("t=%.1f  advanced by hand", tantan.clock.now))
local fired = tantan.clock:settle()
print(string.format("t=%.1f  settled after %d more timer(s)", tantan.clock.now, fired))
