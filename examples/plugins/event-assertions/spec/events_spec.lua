-- The event-assertions plugin in real scenarios. Run from the repository root:
--   tantan-host test --plugin examples/plugins examples/plugins/event-assertions/spec
-- assert.has_event and assert.event_count come from the plugin (host.register_assertion); a
-- failure is reported at the line of the assert, like a built-in assertion's.

local function cards(n)
  local list = {}
  for i = 1, n do list[i] = { name = "card " .. i } end
  return list
end

describe("event assertions #plugin", function()
  it("finds a swipe in the deck's own events", function()
    local deck = tantan.deck { source = cards(3) }
    deck:like()
    tantan.clock:settle()
    assert.has_event(deck, 'did_swipe(1, "right")')
    assert.no.has_event(deck, "did_rewind")
  end)

  it("counts what its event hook recorded in this scenario", function()
    local deck = tantan.deck { preset = "tinder", source = cards(3) }
    assert.equal("left", deck:pan(-230, 30))
    deck:like()
    tantan.clock:settle()
    assert.event_count(nil, "did_swipe", 2)
    assert.is_not.event_count(nil, "did_swipe", 3)
  end)

  it("starts every scenario with an empty record (its before_scenario hook)", function()
    assert.event_count(nil, "did_swipe", 0)
  end)

  it("works over an array of event texts, and through tantan.assertion", function()
    local log = { 'did_swipe(1, "right")', "did_run_out()" }
    assert.has_event(log, "did_run_out")
    tantan.assertion("event_count")(log, "did_swipe", 1)
  end)
end)
