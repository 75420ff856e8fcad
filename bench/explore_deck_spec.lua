-- Explore throughput on a deck (scripts/bench): the ready-made deck actions, the built-in
-- invariants on, a delegate that counts. Run: tantan-host test bench/explore_deck_spec.lua
--   --explore-runs N --timeout 0 --max-instructions 0 -o json (steps = N * 50).
explore("deck steps", {
  setup = function()
    local counts = { likes = 0 }
    local list = {}
    for i = 1, 20 do list[i] = { id = i, title = "card " .. i } end
    return tantan.deck{ source = list, delegate = {
      did_remove = function(_, _, direction) if direction == "right" then counts.likes = counts.likes + 1 end end,
    } }
  end,
  actions = tantan.explore.deck_actions(),
})
