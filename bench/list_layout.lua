-- The cost of list:layout() on a 1,000,000-item list built from a source with fixed heights:
-- queries binary-search prefix sums, so a screenful costs the same at the top and at the bottom.
-- Run: tantan-host bench/list_layout.lua [items] [queries]
local n = tonumber(arg and arg[1]) or 1000000
local queries = tonumber(arg and arg[2]) or 10000
local t = os.clock()
local list = tantan.list{height = 667, item_height = 44, header_height = 40, sticky_headers = true, source = {
  section_count = function() return 1 end,
  item_count = function() return n end,
  header = function() return "feed" end,
  item = function(_, _, i) return {id = i} end}}
print(string.format("build %d items %.3f s", list.count, os.clock() - t))
local span = list.content_height - list.height
for _, where in ipairs{"top", "middle", "bottom", "scattered"} do
  local offsets = {}
  for k = 1, queries do
    offsets[k] = where == "top" and 0 or where == "middle" and span / 2 or where == "bottom" and span
      or (k * 7919 * 44.5) % span
  end
  t = os.clock()
  local seen = 0
  for k = 1, queries do
    seen = seen + #list:layout{x = 0, y = offsets[k], w = 375, h = 667}
  end
  local dt = os.clock() - t
  print(string.format("layout %-9s %d queries %.3f s  %.2f us/query  %.1f elements/query", where, queries, dt, dt / queries * 1e6, seen / queries))
end
