-- Explore throughput on a grid (scripts/bench): ready-made grid actions, built-in invariants on.
explore("grid steps", {
  setup = function()
    local items = {}
    for i = 1, 40 do items[i] = "channel " .. i end
    return tantan.grid{ items = items, locked = { 1, 2 }, delegate = { can_drop = function() return true end } }
  end,
  actions = tantan.explore.grid_actions(),
})
