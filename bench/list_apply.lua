-- Row 5b: `list:apply(sections)` of an N-item diff, alternating between two versions of the data:
-- B drops every 10th item of A, adds as many new ones, swaps neighbours every 7th place (moves)
-- and changes the title of every 5th item (reloads). Both versions are built before timing.
-- Run: tantan-host bench/list_apply.lua N APPLIES
local n = math.tointeger(tonumber(arg[1])) or 10000
local applies = math.tointeger(tonumber(arg[2])) or 20
local a, b = {}, {}
for i = 1, n do a[i] = {id = i, title = "item " .. i} end
for i = 1, n do
  if i % 10 == 0 then b[#b + 1] = {id = n + i, title = "new " .. i}
  elseif i % 5 == 0 then b[#b + 1] = {id = i, title = "changed " .. i}
  else b[#b + 1] = a[i] end
end
for i = 7, #b, 7 do b[i - 1], b[i] = b[i], b[i - 1] end
local va, vb = {{id = 1, items = a}}, {{id = 1, items = b}}
local list = tantan.list{sections = va, item_height = 44}
local changed = 0
local t = os.clock()
for k = 1, applies do
  local d = list:apply(k % 2 == 1 and vb or va)
  changed = changed + #d.inserted + #d.deleted + #d.moved + #d.reloaded
end
local dt = os.clock() - t
print(string.format("apply %d %d %.6f %d", n, applies, dt, changed))
