-- The app-presets plugin's presets in real scenarios. Run from the repository root:
--   tantan-host test --plugin examples/plugins examples/plugins/app-presets/spec

local function cards(n)
  local list = {}
  for i = 1, n do list[i] = { name = "card " .. i } end
  return list
end

describe("deck presets #plugin", function()
  it("bumble: the tinder rules with the preset's keys", function()
    local deck = tantan.deck { preset = "bumble", source = cards(5) }
    assert.equal("tinder", deck.preset) -- the built-in rules underneath
    assert.equal(2, deck.visible)
    assert.same({ x = 6, y = 6 }, deck.inset)
    assert.equal(false, deck.cyclic) -- from tinder
    assert.equal("left", deck:pan(-230, 30)) -- tinder: the card's centre passed x = -65
    tantan.clock:advance(0.15)
    assert.equal(2, deck.index)
  end)

  it("bumble-compact: a preset over a preset, and the caller's keys over both", function()
    local deck = tantan.deck { preset = "bumble-compact", source = cards(5), visible = 3 }
    assert.equal(240, deck.width)
    assert.same({ x = 6, y = 6 }, deck.inset)
    assert.equal(3, deck.visible)
    assert.equal(0.15, deck.durations.swipe)
  end)

  it("names every known preset when one is unknown", function()
    assert.error_matches(function() tantan.deck { preset = "bumbel", source = cards(1) } end,
      "unknown deck preset 'bumbel' (known: 'tantan', 'tinder', 'bumble', 'bumble-compact')", 1, true)
  end)
end)

describe("grid presets #plugin", function()
  it("channels: three columns of 105 x 44 with 8 pt line spacing", function()
    local grid = tantan.grid { preset = "channels", items = { "a", "b", "c", "d" } }
    assert.equal(3, grid.columns)
    local first, fourth = grid:cell(1).frame, grid:cell(4).frame
    assert.same({ 105, 44 }, { first.w, first.h })
    assert.equal(first.x, fourth.x) -- the fourth item starts the second row
    assert.equal(first.y + 44 + 8, fourth.y)
  end)
end)
