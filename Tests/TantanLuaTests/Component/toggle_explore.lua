-- The test component's part of tantan.explore (ComponentRegistryTests.swift): what a component
-- defined outside the host writes, as explore_deck.lua does for the deck.
local lib = ...
local find = lib.find
local explore = {}

---Ready-made toggle actions: flip.
---@return table<string, {weight: number, run: fun(obj: any, gen: ExploreGen): any}>
function explore.toggle_actions()
  return {
    flip = { weight = 1, run = function(obj, gen) gen.note("toggle:flip()") find(obj, "toggle"):flip() end },
  }
end

return {
  actions = explore.toggle_actions,
  states = { "on", "off" },
  callbacks = { "did_flip" },
  sample = function(t, states) states[t.on and "on" or "off"] = true end,
}
