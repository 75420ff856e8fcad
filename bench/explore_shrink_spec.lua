-- Time to shrink a 50-step failure (scripts/bench): the invariant fails once a run has made 50
-- steps, so no step can be dropped (every attempt replays up to 49 steps) and every draw is
-- simplified to its simplest value, one replay of 50 steps per accepted draw.
local actions = {}
for name, a in pairs(tantan.explore.deck_actions()) do
  actions[name] = { weight = a.weight, run = function(o, gen) o.steps = o.steps + 1 return a.run(o, gen) end }
end
local shrink_50 = {
  setup = function()
    local list = {}
    for i = 1, 20 do list[i] = { id = i } end
    return { deck = tantan.deck{ source = list }, steps = 0 }
  end,
  actions = actions,
  invariant = function(o) return o.steps < 50 end,
  runs = 1,
}
explore("a 50-step failure", shrink_50)
