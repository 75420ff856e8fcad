-- run: tantan-host --plugin examples/plugins examples/plugin-sources.lua
-- Plugins at work: a CSV file as a data source (csv-source), deck presets (app-presets) and
-- assertions (event-assertions). Paths given to tantan.source are relative to this file.
for _, p in ipairs(tantan.plugins()) do
  print(("plugin %s %s (api %d): %s"):format(p.name, p.version, p.api, p.status))
end

local people = tantan.source("csv", "data/people.csv")
print(#people .. " people")
for i, person in ipairs(people) do
  print(i, person.name, person.age, person.city, person.bio)
end

-- A preset is plain data: a fresh copy each time, for a component's config.
local bumble = tantan.preset("deck", "bumble")
print("bumble preset: " .. bumble.preset .. ", visible " .. bumble.visible)

-- A deck built on the plugin's preset, with the CSV records as its cards; keys given here win.
local deck = tantan.deck{ preset = "bumble", source = people, cyclic = true }
print(("deck: %s rules, %d visible, cyclic %s, top card %s"):format(deck.preset, deck.visible,
  tostring(deck.cyclic), deck.top.model.name))

-- Assertions raise their message at the caller when they fail.
local has_event = tantan.assertion("has_event")
local log = { 'did_swipe(1, "right")', 'did_swipe(2, "left")' }
has_event(log, 'did_swipe(2, "left")')
local ok, err = pcall(function() has_event(log, "did_rewind") end)
print(ok, err)

-- A provider that returns garbage, or an unknown kind, is a clear error.
print(pcall(tantan.source, "xml", "feed.xml"))
