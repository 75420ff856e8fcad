-- render_svg.lua: the cost of one tantan.render.svg call (the trace recorder draws one per step).
-- Run: scripts/build-release && .build/release/tantan-host bench/render_svg.lua [N] [deck|grid|list]
-- Prints CPU time for N renders (default 1000) of a deck mid-drag (5 cards), a grid mid-drag
-- (40 cells, editing) or a scrolled list with a sticky header. Not part of scripts/bench.
local people = {}
for i = 1, 10 do people[i] = {name = "Person " .. i, subtitle = "somewhere", color = "#ff8800"} end
local deck = tantan.deck{source = people}
deck:drag_begin(); deck:drag_move(60, 10)
local n = tonumber(arg[1]) or 1000
local what = arg[2] or "deck"
local obj = deck
if what == "grid" then
  local items = {} for i = 1, 40 do items[i] = "频道" .. i end
  obj = tantan.grid{items = items}; obj:long_press(3); obj:drag_by(20, 30)
elseif what == "list" then
  local items = {} for i = 1, 200 do items[i] = {id = i, title = "Row " .. i, author = "x"} end
  obj = tantan.list{sticky_headers = true, header_height = 30, item_height = 50, sections = {{id = 1, header = "H", items = items}}}
  obj:scroll_to(500)
end
local t0 = os.clock()
local bytes = 0
for i = 1, n do bytes = bytes + #tantan.render.svg(obj) end
local dt = os.clock() - t0
print(("%s: %d renders in %.1f ms (%.1f us each, %d bytes each)"):format(what, n, dt * 1000, dt / n * 1e6, bytes // n))
