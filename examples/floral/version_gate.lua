-- floral/version_gate.lua: which screen the app opens with (the seed's toNewFeature). The
-- new-features screen shows only when the app's version is newer than the one stored at the
-- last launch, and the new version is then stored. Versions compare part by part as numbers,
-- so 1.10 > 1.9 (the seed's String.compare would say 1.10 < 1.9 and skip the screen).
-- Run: scripts/run examples/floral/version_gate.lua

local function parts(v)
  local t = {}
  for n in tostring(v):gmatch("%d+") do t[#t + 1] = tonumber(n) end
  return t
end

--- -1, 0 or 1; missing parts count as 0 (1.2 == 1.2.0).
local function compare(a, b)
  local x, y = parts(a), parts(b)
  for i = 1, math.max(#x, #y) do
    local p, q = x[i] or 0, y[i] or 0
    if p ~= q then return p < q and -1 or 1 end
  end
  return 0
end

local defaults = {}  -- NSUserDefaults

local function launch(current)
  local old = defaults.SLBundleShortVersionString
  local screen = "home"
  if old == nil or compare(current, old) > 0 then
    defaults.SLBundleShortVersionString = current
    screen = "new features"
  end
  print(string.format("launch %-6s stored %-7s -> %-12s (seed's string compare: %s)", current, old or "(none)",
    screen, old == nil and "new features" or (current > old and "new features" or "home")))
end

launch("1.9")     -- first launch
launch("1.9")     -- same version
launch("1.10")    -- an update: 10 > 9
launch("1.10.0")  -- the same version spelled longer
launch("1.9.5")   -- older than stored: never shown again
launch("2.0")
