-- channels-grid.lua: the seed's channel editor (DraggingSort's YLDragSortViewController) without a
-- phone. Long press a channel, drag it onto another, delete one with its badge, press Done.
-- Run: scripts/run examples/channels-grid.lua

-- The seed's subscribeArray, duplicates included: identity is the position, never the title.
local channels = {
  "推荐", "视频", "军事", "娱乐", "问答", "娱乐", "汽车", "段子", "趣图", "财经", "热点", "房产", "社会",
  "数码", "美女", "数码", "文化", "美文", "星座", "旅游", "视频", "军事", "娱乐", "问答", "娱乐", "汽车",
  "段子", "趣图", "财经", "热点", "房产", "社会", "数码", "美女", "数码", "文化", "美文", "星座", "旅游",
}

local grid = tantan.grid{
  items = channels,  -- 375 x 587 under the 80 pt top bar, 4 columns: the seed's layout on a 375 x 667 screen
  delegate = {
    did_move = function(grid, from, to)
      print(string.format("  live step: %s %d -> %d", grid.items[to], from, to))
    end,
    -- The seed's alert after the badge: "取消订阅<channel>" (unsubscribe).
    did_delete = function(grid, index, item) print(string.format("  alert: 取消订阅%s (was at %d)", item, index)) end,
  },
}

local function show(title)
  print(title)
  local items = grid.items
  for first = 1, #items, 4 do
    local row = {}
    for i = first, math.min(first + 3, #items) do row[#row + 1] = string.format("%2d %s", i, items[i]) end
    print("  " .. table.concat(row, "   "))
  end
end

local function center(i)
  local f = grid:cell(i).frame
  return f.x + f.w / 2, f.y + f.h / 2
end

local f = grid:cell(1).frame
print(string.format("grid %gx%g, %d columns, item %gx%g, content height %g, %d visible",
  grid.width, grid.height, grid.columns, f.w, f.h, grid.content_height, #grid.visible))
show("channels [" .. grid.edit_title .. "]")

-- Long press on 军事 (3): editing starts (badges shown, the button reads Done) and the cell lifts.
print(string.format("\nlong press on %d %s: dragging=%s", 3, grid:cell(3).item, tostring(grid:long_press(3))))
print(string.format("  editing=%s button=%s hidden slot=%d badge on 1=%s",
  tostring(grid.editing), grid.edit_title, grid.dragging, tostring(grid:cell(1).delete_visible)))

-- The finger travels to the centre of 财经 (10) in 8 moves; the snapshot follows it.
local x0, y0 = center(3)
local x1, y1 = center(10)
print(string.format("drag from (%g, %g) to (%g, %g) in 8 moves", x0, y0, x1, y1))
for _ = 1, 8 do grid:drag_by((x1 - x0) / 8, (y1 - y0) / 8) end
print(string.format("drop: final index %d", grid:drop()))
show("after the drag")

-- The badge on the first 娱乐 (now 3): the same title at 5 stays, as positions tell them apart.
print(string.format("\ndelete badge on %d %s", 3, grid:cell(3).item))
grid:delete(3)

-- Done: editing ends, the badges hide, the button reads Edit again.
grid:toggle_editing()
show("\nafter Done [" .. grid.edit_title .. "], " .. grid.count .. " channels")

print("\nevents:")
for i, e in ipairs(grid:events()) do print(string.format("%3d %s", i, e)) end
