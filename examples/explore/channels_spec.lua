-- A news app's channel editor: "推荐" and "热点" are fixed at the front; the rest can be reordered.
-- The app keeps them in place with its delegate rather than the grid's `locked` config.
-- Planted bug: can_drop refuses a drop over a fixed channel by looking at the cell under the
-- snapshot's centre (grid:index_at), which is nil in the gaps between cells, while the grid's
-- hit test still takes the fixed cell when the centre lands on its edge.
local FIXED = { ["推荐"] = 1, ["热点"] = 2 }

local channels_spec = {
  setup = function()
    local grid
    grid = tantan.grid{
      items = { "推荐", "热点", "北京", "视频", "社会", "图片", "娱乐", "科技", "汽车", "体育" },
      delegate = {
        can_move = function(_, index) return FIXED[grid:item(index)] == nil end,
        can_drop = function(_, _, _)
          local s = grid.snapshot
          local over = grid:index_at(s.x + s.w / 2, s.y + s.h / 2)
          return not (over and FIXED[grid:item(over)])
        end,
      },
    }
    return grid
  end,
  actions = (function()
    local actions = tantan.explore.grid_actions()
    actions.delete = nil  -- this editor shows no delete badges
    return actions
  end)(),
  invariant = function(grid)
    for name, position in pairs(FIXED) do
      assert.are.equal(name, grid:item(position))
    end
  end,
}

explore("fixed channels stay in front", channels_spec)
