-- The swipe deck (TanTanView) the way an app uses it: a data source, a delegate, gestures.

local function cards(n)
  local list = {}
  for i = 1, n do list[i] = { name = "card " .. i } end
  return list
end

local function contains(list, wanted)
  for _, v in ipairs(list) do if v == wanted then return true end end
  return false
end

describe("swipe deck #deck", function()
  it("shows the first card on top", function()
    local deck = tantan.deck { source = cards(3) }
    assert.equal(1, deck.index)
    assert.equal(3, deck.count)
    assert.equal("idle", deck.state)
    assert.equal("card 1", deck.top.model.name)
  end)

  it("swipes the top card right past the threshold", function()
    local deck = tantan.deck { source = cards(3) }
    assert.equal("right", deck:pan(121, 0))
    tantan.clock:settle()
    assert.equal(2, deck.index)
  end)

  it("snaps back when the drag stays within the threshold", function()
    local deck = tantan.deck { source = cards(3) }
    assert.equal("cancel", deck:pan(120, 0))
    tantan.clock:settle()
    assert.equal(1, deck.index)
  end)

  it("swipes left", function()
    local deck = tantan.deck { source = cards(3) }
    assert.equal("left", deck:pan(-200, 10))
    tantan.clock:settle()
    assert.same({ index = 1, direction = "left" }, deck.history[1])
  end)

  it("tells the delegate which card went where", function()
    local delegate = { did_swipe = function() end }
    local did_swipe = spy.on(delegate, "did_swipe")
    local deck = tantan.deck { source = cards(3), delegate = delegate }
    deck:swipe("right")
    tantan.clock:settle()
    assert.spy(did_swipe).was.called_with(deck, 1, "right")
  end)

  it("records every delegate call as an event", function()
    local deck = tantan.deck { source = cards(3), delegate = {} }
    deck:swipe("left")
    tantan.clock:settle()
    assert.is_true(contains(deck:events(), 'did_swipe(1, "left")'))
    deck:clear_events()
    assert.same({}, deck:events())
  end)

  it("undoes the last swipe", function()
    local deck = tantan.deck { source = cards(3) }
    deck:swipe("left")
    tantan.clock:settle()
    assert.equal(1, deck:undo())
    tantan.clock:settle()
    assert.equal(1, deck.index)
    assert.is_nil(deck:undo())
  end)

  it("runs out of cards", function()
    local delegate = { did_run_out = function() end }
    local ran_out = spy.on(delegate, "did_run_out")
    local deck = tantan.deck { source = cards(2), delegate = delegate, cyclic = false }  -- the tantan preset is cyclic
    deck:swipe("right") tantan.clock:settle()
    deck:swipe("right") tantan.clock:settle()
    assert.spy(ran_out).was.called(1)
    assert.is_nil(deck.index)
    assert.equal("empty", deck.state)
  end)

  it("starts over when cyclic", function()
    local deck = tantan.deck { source = cards(2), cyclic = true }
    deck:swipe("left") tantan.clock:settle()
    deck:swipe("left") tantan.clock:settle()
    assert.equal(1, deck.index)
  end)

  it("asks the data source for cards by index", function()
    local source = { count = function() return 10 end, card = function(_, i) return { name = "#" .. i } end }
    local card = spy.on(source, "card")
    local deck = tantan.deck { source = source }
    assert.equal(10, deck.count)
    assert.spy(card).was.called_with(deck, 1, match._)
    assert.equal("#1", deck.top.model.name)
  end)

  it("likes and nopes with buttons", function()
    local deck = tantan.deck { source = cards(3) }
    deck:like() tantan.clock:settle()
    deck:nope() tantan.clock:settle()
    assert.equal(2, #deck.history)
    assert.are_not.equal(deck.history[1].direction, deck.history[2].direction)
  end)

  it("rejects a direction it does not know", function()
    local deck = tantan.deck { source = cards(3) }
    assert.has_error(function() deck:swipe("sideways") end)
    assert.equal(1, deck.index)
  end)
end)
