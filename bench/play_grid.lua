-- scripts/bench's playground row for a grid: 40 cells, the first lifted and dragged around.
local items = {}
for i = 1, 40 do items[i] = "Channel " .. i end
grid = tantan.grid{items = items}
