import XCTest

/// Bad arguments, bad configs, bad data sources and raising delegates: a Lua error at the
/// caller's `file:line`, and a deck that stays consistent and usable.
final class DeckErrorTests: XCTestCase {
  func testBadArguments() throws {
    let t = try LuaTestHost()
    let mk = "local d = tantan.deck{source = {{}, {}, {}}}\n"
    t.deckFails(mk + "d:swipe('sideways')", "test:2: bad argument #1 to 'swipe' (direction expected, got 'sideways')")
    t.deckFails(mk + "d:swipe()", "test:2: bad argument #1 to 'swipe' (string expected, got no value)")
    t.deckFails(mk + "d:pan(0/0, 1)", "test:2: bad argument #1 to 'pan' (finite number expected, got -nan)")
    t.deckFails(mk + "d:pan(1, math.huge)", "test:2: bad argument #2 to 'pan' (finite number expected, got inf)")
    t.deckFails(
      mk + "d:pan(1, 1, {steps = 0})",
      "test:2: bad argument #3 to 'pan' (steps: integer out of range (0; expected 1..100000))")
    t.deckFails(
      mk + "d:pan(1, 1, {step = 2})",
      "test:2: bad argument #3 to 'pan' (step: unknown key (known keys: steps, velocity))")
    t.deckFails(
      mk + "d:pan(1, 1, {velocity = {x = 0/0}})",
      "test:2: bad argument #3 to 'pan' (velocity.x: finite number expected, got -nan)")
    t.deckFails(mk + "d:drag_move(1, 2)", "test:2: drag_move: no drag in progress")
    t.deckFails(mk + "d:drag_end('x')", "test:2: bad argument #1 to 'drag_end' (number expected, got string)")
    t.deckFails(mk + "d:reload(true)", "test:2: bad argument #1 to 'reload' (table expected, got boolean)")
    t.deckFails(
      mk + "d:reload{keep = true}",
      "test:2: bad argument #1 to 'reload' (keep: unknown key (known keys: keep_position))")
    t.deckFails(
      mk + "d.swipe(42, 'left')", "test:2: bad argument #1 to 'swipe' (tantan.SwipeDeck expected, got number)")
    // A programmatic swipe during a drag is an error; the drag goes on.
    t.deckOK(
      mk + """
        d:drag_begin()
        local ok, err = pcall(function() d:like() end)
        eq(ok, false) eq(err, "test:3: like: a drag is in progress")
        ok, err = pcall(function() d:swipe("left") end)
        eq(err, "test:5: swipe: a drag is in progress")
        eq(d.state, "dragging") eq(d.queued, 0)
        d:drag_move(200, 0) eq(d:drag_end(), "right")
        """)
  }

  func testBadConfigs() throws {
    let t = try LuaTestHost()
    t.fails("tantan.deck(42)", "test:1: bad argument #1 to 'deck' (table expected, got number)")
    t.fails("tantan.deck()", "test:1: bad argument #1 to 'deck' (table expected, got no value)")
    t.fails("tantan.deck{}", "test:1: bad argument #1 to 'deck' (source: table expected, got nil)")
    t.fails(
      "tantan.deck{source = {}, widht = 3}",
      "test:1: bad argument #1 to 'deck' (widht: unknown key (known keys: bounds, card_size, cyclic, delegate, directions, dismiss_x, dismiss_y, durations, fly, height, history_limit, inset, like, offset, preset, rotation_angle, rotation_max, rotation_strength, scale_min, scale_strength, source, threshold, velocity_threshold, visible, width))"
    )
    t.fails(
      "tantan.deck{source = {}, width = 0/0}",
      "test:1: bad argument #1 to 'deck' (width: finite number expected, got -nan)")
    t.fails("tantan.deck{source = {}, width = -1}", "test:1: bad argument #1 to 'deck' ('width' must be > 0, got -1)")
    t.fails(
      "tantan.deck{source = {}, visible = 0}",
      "test:1: bad argument #1 to 'deck' (visible: integer out of range (0; expected 1..1000))")
    t.fails(
      "tantan.deck{source = {}, visible = 2.5}",
      "test:1: bad argument #1 to 'deck' (visible: number has no integer representation)")
    t.fails(
      "tantan.deck{source = {}, preset = 'bumble'}",
      "test:1: bad argument #1 to 'deck' (preset: unknown deck preset 'bumble' (known: 'tantan', 'tinder'))")
    t.fails(
      "tantan.deck{source = {}, offset = {x = 1, z = 2}}",
      "test:1: bad argument #1 to 'deck' (offset.z: unknown key (known keys: x, y))")
    t.fails(
      "tantan.deck{source = {}, directions = {'left', 'sideways'}}",
      "test:1: bad argument #1 to 'deck' (directions: direction expected at [2], got 'sideways')")
    t.fails(
      "tantan.deck{source = {}, directions = {}}",
      "test:1: bad argument #1 to 'deck' (directions: 1 to 4 directions expected, got 0)")
    t.fails(
      "tantan.deck{source = {}, like = 'sideways'}",
      "test:1: bad argument #1 to 'deck' (like: invalid option 'sideways' (expected 'left', 'right', 'up', 'down'))")
    t.fails(
      "tantan.deck{source = {}, durations = {swipe = -1}}",
      "test:1: bad argument #1 to 'deck' ('durations.swipe' must be >= 0, got -1)")
    t.fails(
      "tantan.deck{source = {}, bounds = {left = 500}}",
      "test:1: bad argument #1 to 'deck' ('bounds' must have left < right and top < bottom)")
    t.fails("tantan.deck{source = 3}", "test:1: bad argument #1 to 'deck' (source: table expected, got number)")
    t.fails(
      "tantan.deck{source = {count = function() return 1 end}}",
      "test:1: bad argument #1 to 'deck' (source.card: function expected, got nil)")
    t.fails(
      "tantan.deck{source = {}, delegate = {did_swipe = 1}}",
      "test:1: bad argument #1 to 'deck' (delegate.did_swipe: function expected, got number)")
    t.fails(
      "tantan.deck{source = {}, delegate = 'x'}",
      "test:1: bad argument #1 to 'deck' (delegate: table expected, got string)")
  }

  func testBadCountsAndModelsRaiseAtTheCallThatConsultedTheSource() throws {
    let t = try LuaTestHost()
    let mk =
      "local function mk(n, m) return tantan.deck{source = {count = function() return n end, card = function() return m or {} end}} end\n"
    t.deckFails(mk + "mk(-1)", "test:1: source.count returned -1 (expected 0..9007199254740992)")
    t.deckFails(mk + "mk(0/0)", "test:1: source.count must return an integer, got -nan")
    t.deckFails(mk + "mk(1.5)", "test:1: source.count must return an integer, got 1.5")
    t.deckFails(mk + "mk('x')", "test:1: source.count must return an integer, got string")
    t.deckFails(mk + "mk(2^60)", "test:1: source.count returned 1152921504606846976 (expected 0..9007199254740992)")
    t.deckFails(mk + "mk(3, 42)", "test:1: source.card must be a table (a view model), got number")
    t.deckFails("tantan.deck{source = {{}, 'x'}}", "test:1: source[2] must be a table (a view model), got string")
    t.deckFails(
      "tantan.deck{cyclic = false, source = {{}, empty = function() return true end}}:swipe('left')\ntantan.clock:settle()",
      "test:2: source.empty must be a table (a view model), got boolean")
    // At reload: the error reaches the caller; the old cards stay and the deck is usable.
    t.deckOK(
      """
      local n = 4
      local d = tantan.deck{source = {count = function() return n end, card = function(_, i, r) return r or {} end}}
      n = -1
      local ok, err = pcall(function() d:reload() end)
      eq(ok, false) eq(err, "test:4: source.count returned -1 (expected 0..9007199254740992)")
      eq(d.count, 4) eq(d.index, 1) eq(d.state, "idle")
      n = 6 d:reload() eq(d.count, 6) eq(idx(d), "1,2,3,4,5")
      """)
    // A source callback that raises: its own error and position, unchanged.
    t.deckFails(
      "local d = tantan.deck{source = {count = function() return 3 end, card = function(_, i) if i == 2 then error('no card 2') end return {} end}}",
      "test:1: no card 2")
  }

  func testARaisingDelegateReachesTheCallerAndLeavesTheDeckUsable() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local d = tantan.deck{source = {{}, {}, {}, {}, {}, {}}, delegate = {
        did_swipe = function(deck, i) if i == 1 then error("boom in did_swipe") end end,
        did_remove = function(deck, i) if i == 2 then error({code = 42}) end end,
        did_cancel = function() error("boom in did_cancel") end}}
      local ok, err = pcall(function() d:swipe("right") end)
      eq(ok, false) eq(err, "test:2: boom in did_swipe")
      eq(d.state, "animating")
      tantan.clock:settle()
      eq(d.index, 2) eq(d.state, "idle")
      d:swipe("left")
      d:like()  -- queued, dropped by the error below
      ok, err = pcall(tantan.clock.settle, tantan.clock)
      eq(ok, false) eq(err.code, 42)
      eq(d.index, 3) eq(d.queued, 0) eq(d.state, "idle")
      ok, err = pcall(d.pan, d, 10, 0)
      eq(err, "test:4: boom in did_cancel")
      tantan.clock:settle()
      eq(d.state, "idle") eq(d.index, 3)
      eq(d:pan(300, 0), "right") tantan.clock:settle()
      eq(d.index, 4)
      local h = {} for _, e in ipairs(d.history) do h[#h + 1] = e.index .. e.direction end
      eq(table.concat(h, " "), "1right 2left 3right")
      """)
  }

  func testCallsFromInsideCallbacks() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local d = tantan.deck{source = {{}, {}, {}}, delegate = {
        will_swipe = function(deck) deck:drag_begin() end}}
      local ok, err = pcall(function() d:swipe("right") end)
      eq(ok, false) eq(err, "test:2: drag_begin: cannot drag from inside a callback")
      eq(d.state, "idle") eq(d.index, 1)
      """)
    t.deckOK(
      """
      local d
      d = tantan.deck{source = {count = function(deck) return 3 end,
        card = function(deck, i, r) if d then deck:reload() end return r or {} end}}
      local ok, err = pcall(function() d:swipe("right") tantan.clock:settle() end)
      eq(ok, false) eq(err, "test:3: reload: cannot reload from inside a data source callback")
      """)
  }

  func testADeckClosedOrCollectedMidAnimationEndsCleanly() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local d = tantan.deck{source = {{}, {}, {}}, delegate = {
        did_swipe_right = function(deck) getmetatable(deck).__close(deck) end,
        did_remove = function() error("not reached") end}}
      d:swipe("right")
      local ok, err = pcall(function() tantan.clock:settle() end)
      eq(ok, false) eq(err, "test:5: tantan.SwipeDeck: the deck was closed inside a callback")
      ok, err = pcall(function() return d.index end)
      eq(ok, false) eq(err, "test:7: attempt to read field 'index' of a closed tantan.SwipeDeck")
      eq(tantan.clock.pending, 0)
      local e = tantan.deck{source = {{}, {}}}
      e:swipe("left")
      eq(tantan.clock.pending, 1)
      e = nil collectgarbage() collectgarbage()
      eq(tantan.clock.pending, 0)  -- the model cancelled its completion
      tantan.clock:settle()
      """)
  }

  func testACallbackInsideTheConstructorCannotUseTheDeckYet() throws {
    let t = try LuaTestHost()
    t.deckFails(
      "tantan.deck{source = {count = function(deck) deck:swipe('left') return 1 end, card = function() return {} end}}",
      "test:1: tantan.SwipeDeck: the deck is still being constructed")
  }

  func testDecksWorkFromCoroutinesButCallbacksCannotYield() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local d
      d = tantan.deck{source = {{}, {}, {}}, delegate = {
        did_swipe = function(deck) assert(rawequal(deck, d)) end,
        did_cancel = function() coroutine.yield() end}}
      eq(coroutine.wrap(function() d:swipe("right") tantan.clock:settle() return d.index end)(), 2)
      local ok, err = pcall(coroutine.wrap(function() return d:pan(10, 0) end))
      eq(ok, false) eq(err, "attempt to yield across a C-call boundary")
      tantan.clock:settle()
      eq(d.state, "idle") eq(d.index, 2)
      """)
  }
}
