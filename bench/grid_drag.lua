-- Row 4: live drag steps on a grid of N items: the dragged cell swaps with its neighbour on
-- every step, so each step runs the hit test and a move. Run: tantan-host bench/grid_drag.lua N STEPS
local n = math.tointeger(tonumber(arg[1])) or 40
local steps = math.tointeger(tonumber(arg[2])) or 100000
local items = {}
for i = 1, n do items[i] = i end
local grid = tantan.grid{items = items}
grid:long_press(2)
local t = os.clock()
for k = 1, steps do grid:drag_by(k % 2 == 0 and 90 or -90, 0) end
local dt = os.clock() - t
grid:drop()
print(string.format("grid %d %d %.6f", n, steps, dt))
