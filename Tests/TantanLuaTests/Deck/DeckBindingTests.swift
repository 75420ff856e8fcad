import XCTest

/// `tantan.deck` from Lua: presets, sources, gestures, events and their order, undo, reload.
final class DeckBindingTests: XCTestCase {
  func testTantanPresetDefaultsLayoutAndDragTransform() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local d = tantan.deck{source = {{n=1}, {n=2}, {n=3}, {n=4}}}
      eq(d.preset, "tantan") eq(d.width, 300) eq(d.height, 400) eq(d.visible, 5) eq(d.cyclic, true)
      eq(d.threshold, 120) eq(d.offset.x, 5) eq(d.card_size.w, 300) eq(d.like_direction, "right") eq(d.durations.swipe, 0.3)
      eq(d.dismiss_x, 500) eq(d.dismiss_y, 600) eq(d.history_limit, 1000) eq(d.velocity_threshold, nil)
      eq(table.concat(d.directions, ","), "left,right") eq(d.bounds.bottom, 500) eq(d.durations.rewind, 0.3)
      eq(d.count, 4) eq(d.index, 1) eq(d.state, "idle") eq(idx(d), "1,2,3,4")
      local xs = {} for _, c in ipairs(d.cards) do xs[#xs + 1] = c.depth .. ":" .. c.frame.x .. "/" .. c.frame.y end
      eq(table.concat(xs, " "), "1:-7.5/-7.5 2:-2.5/-2.5 3:2.5/2.5 4:7.5/7.5")
      local top = d.top
      eq(top.model.n, 1) eq(top.center.x, 142.5) eq(top.center.y, 192.5) eq(top.rotation, 0) eq(top.scale, 1)
      eq(top.frame.w, 300) eq(top.alpha, 1) eq(d.source[2].n, 2)
      d:drag_begin() d:drag_move(160, 40)
      top = d.top
      eq(d.state, "dragging") eq(top.center.x, 302.5) eq(top.center.y, 232.5) eq(top.frame.x, 152.5)
      eq(top.rotation, 0.5 * math.pi / 8) eq(top.scale, 0.93)
      d:drag_move(-1000, 0)
      eq(d.top.rotation, -math.pi / 8)
      eq(d:drag_end(), "left")
      local n = tantan.deck{source = {{}, {}, {}, {}}, offset = {x = -5, y = 5}}
      xs = {} for _, c in ipairs(n.cards) do xs[#xs + 1] = c.frame.x end
      eq(table.concat(xs, " "), "7.5 2.5 -2.5 -7.5")
      """)
  }

  func testTinderPresetStackingRotationBoundsFlyAndRunOut() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local d = tantan.deck{preset = "tinder", source = {{n=1}, {n=2}, {n=3}, {n=4}},
        delegate = {did_run_out = function(deck) assert(deck.state == "empty") end}}
      eq(d.visible, 3) eq(d.cyclic, false) eq(d.inset.x, 10) eq(d.durations.swipe, 0.2) eq(idx(d), "1,2,3")
      local fr = {} for _, c in ipairs(d.cards) do fr[#fr + 1] = ("%g,%g,%g,%g"):format(c.frame.x, c.frame.y, c.frame.w, c.frame.h) end
      eq(table.concat(fr, " "), "0,0,300,400 10,10,280,400 20,20,260,400")
      d:drag_begin() d:drag_move(100, 0)
      eq(d.top.rotation, math.tan(100 / 600)) eq(d.top.scale, 1)
      eq(d:drag_end(), "cancel")
      eq(d:pan(240, 0), "cancel")
      eq(d:pan(-210, 0), "cancel")
      eq(d:pan(260, 0), "right")
      tantan.clock:advance(0.1)
      eq(d.top.alpha, 0.5)
      tantan.clock:settle()
      eq(d.index, 2) eq(idx(d), "2,3,4")
      eq(d:pan(-220, 0), "left") tantan.clock:settle()
      eq(idx(d), "3,4")
      d:clear_events()
      d:like() d:nope() tantan.clock:settle()
      eq(d.state, "empty") eq(d.index, nil) eq(d.top, nil) eq(#d.cards, 0) eq(d.empty, nil)
      eq(ev(d), 'will_swipe(3) should_swipe(3, "right") did_swipe(3, "right") did_swipe_right(3) did_remove(3, "right") '
        .. 'will_swipe(4) should_swipe(4, "left") did_swipe(4, "left") did_swipe_left(4) empty() did_remove(4, "left") did_run_out()')
      """)
  }

  func testRunOutFiresOnceAndShowsTheEmptyModel() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local runs = 0
      local d = tantan.deck{cyclic = false, source = {{n=1}, {n=2}, empty = function(deck) return {text = "No more"} end},
        delegate = {did_run_out = function() runs = runs + 1 end}}
      eq(d.empty, nil)
      d:swipe("right") d:swipe("left") tantan.clock:settle()
      eq(runs, 1) eq(d.state, "empty") eq(d.empty.text, "No more")
      local ok, err = pcall(d.swipe, d, "right")
      eq(ok, false) eq(err, "swipe: no card to swipe")
      eq(d:undo(), 2) eq(d.empty, nil) eq(d.state, "animating") tantan.clock:settle()
      d:swipe("left") tantan.clock:settle()
      eq(runs, 2)
      """)
  }

  func testCallbackSourceWithABillionItemsAndCallbackArguments() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local seen = {}
      local d
      d = tantan.deck{
        source = {
          count = function(deck) return 10^9 end,
          card = function(deck, index, reused)
            seen[#seen + 1] = index .. (reused and "r" or "") .. (deck == d and "" or "?")
            local m = reused or {}
            m.index = index
            return m
          end,
        },
        delegate = {
          did_swipe = function(deck, i, dir) assert(rawequal(deck, d)) seen[#seen + 1] = "s" .. i .. dir end,
          did_remove = function(deck, i, dir) assert(rawequal(deck, d)) seen[#seen + 1] = "x" .. i .. dir end,
        },
      }
      eq(d.count, 1000000000) eq(idx(d), "1,2,3,4,5")
      eq(table.concat(seen, " "), "1? 2? 3? 4? 5?")  -- `d` is assigned once the constructor returns
      eq(d.source.count(d), 10^9)
      seen = {}
      d:swipe("right") tantan.clock:settle()
      eq(table.concat(seen, " "), "s1right 6r x1right")
      eq(d.top.model.index, 2) eq(idx(d), "2,3,4,5,6")
      """)
  }

  func testEventSequenceOfAPanSwipeAProgrammaticSwipeAndACancel() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local src = {count = function() return 10 end, card = function(_, i, r) return r or {} end}
      local d = tantan.deck{source = src, delegate = {}}
      eq(ev(d), "count() card(1, nil) card(2, nil) card(3, nil) card(4, nil) card(5, nil)")
      eq(d:pan(150, 30, {steps = 3}), "right")
      eq(d.state, "animating")
      eq(ev(d), 'will_swipe(1) did_drag(1, "right", 0.41666666666667) did_drag(1, "right", 0.83333333333333) '
        .. 'did_drag(1, "right", 1.0) should_swipe(1, "right") did_swipe(1, "right")')
      tantan.clock:settle()
      eq(ev(d), 'did_swipe_right(1) card(6, true) did_remove(1, "right")')
      d:swipe("left")
      eq(ev(d), 'will_swipe(2) should_swipe(2, "left") did_swipe(2, "left")')
      eq(d.top.center.x, 140)  -- the fly-off starts at rest
      tantan.clock:advance(0.3)
      eq(ev(d), 'did_swipe_left(2) card(7, true) did_remove(2, "left")')
      eq(d:pan(50, 0), "cancel")
      eq(ev(d), 'will_swipe(3) did_drag(3, "right", 0.41666666666667) did_cancel(3)')
      eq(d.state, "animating") tantan.clock:settle() eq(d.state, "idle") eq(d.index, 3)
      """)
  }

  /// Events are recorded with no `delegate` table too (the binding's delegate adapter records them).
  func testEventsAreRecordedWithoutADelegateTable() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local d = tantan.deck{source = {count = function() return 10 end, card = function(_, i, r) return r or {} end}}
      eq(ev(d), "count() card(1, nil) card(2, nil) card(3, nil) card(4, nil) card(5, nil)")
      eq(d:pan(150, 30, {steps = 1}), "right")
      eq(ev(d), 'will_swipe(1) did_drag(1, "right", 1.0) should_swipe(1, "right") did_swipe(1, "right")')
      tantan.clock:settle()
      eq(ev(d), 'did_swipe_right(1) card(6, true) did_remove(1, "right")')
      eq(d:pan(50, 0), "cancel")
      eq(ev(d), 'will_swipe(2) did_drag(2, "right", 0.41666666666667) did_cancel(2)')
      """)
  }

  func testVelocityDirectionsVetoAndLike() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local veto = false
      local d = tantan.deck{source = {{}, {}, {}}, velocity_threshold = 500, directions = {"left", "right", "up"},
        like = "up", delegate = {should_swipe = function(deck, i, dir) return not veto end}}
      eq(d:pan(50, 0, {velocity = {x = 800, y = 0}}), "right") tantan.clock:settle()
      eq(d:pan(0, -150), "up") tantan.clock:settle()
      eq(d:pan(0, 150), "cancel") tantan.clock:settle()
      veto = true
      eq(d:pan(200, 0), "cancel") tantan.clock:settle()
      veto = false
      d:clear_events()
      d:like() tantan.clock:settle()
      eq(d.history[#d.history].direction, "up")
      eq(d.index, 1)
      """)
    t.deckFails(
      "local d = tantan.deck{source = {{}}}\nd:swipe('up')",
      "test:2: bad argument #1 to 'swipe' (direction 'up' is not in 'directions')")
  }

  func testCyclicWrapUndoAndHistory() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local rewound
      local d = tantan.deck{source = {{n=1}, {n=2}, {n=3}}, delegate = {did_rewind = function(_, i) rewound = i end}}
      eq(idx(d), "1,2,3")
      d:swipe("right") d:swipe("left") d:swipe("right") tantan.clock:settle()
      eq(d.index, 1) eq(idx(d), "1,2,3")
      d:swipe("left") tantan.clock:settle()
      eq(idx(d), "2,3,1")
      local h = {} for _, e in ipairs(d.history) do h[#h + 1] = e.index .. e.direction end
      eq(table.concat(h, " "), "1right 2left 3right 1left")
      d:clear_events()
      eq(d:undo(), 1) eq(rewound, 1) eq(d.index, 1) eq(d.state, "animating") eq(#d.history, 3)
      eq(d.top.center.x < 0, true)  -- comes back from the left
      tantan.clock:settle()
      eq(d.state, "idle") eq(idx(d), "1,2,3")
      eq(ev(d), "card(1, true) did_rewind(1)")
      eq(d:undo(), 3) tantan.clock:settle()
      eq(d:undo(), 2) eq(d:undo(), nil)  -- the second one is queued behind the rewind
      tantan.clock:settle()
      eq(d.index, 1) eq(#d.history, 0) eq(d:undo(), nil)
      """)
  }

  func testReloadKeepsThePositionAfterTheSourceGrew() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local n = 3
      local d = tantan.deck{cyclic = false,
        source = {count = function() return n end, card = function(_, i, r) local m = r or {} m.i = i return m end}}
      d:swipe("right") d:swipe("right") tantan.clock:settle()
      eq(d.index, 3) eq(idx(d), "3") eq(d.count, 3)
      n = 10
      eq(d.count, 3)  -- cached until reload
      d:reload{keep_position = true}
      eq(d.count, 10) eq(d.index, 3) eq(idx(d), "3,4,5,6,7") eq(d.top.model.i, 3)
      d:drag_begin() d:drag_move(30, 0)
      d:reload()
      eq(d.state, "idle") eq(d.index, 1) eq(idx(d), "1,2,3,4,5") eq(#d.history, 0)
      """)
  }

  func testSwipeFromInsideDidSwipeIsQueued() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local once = true
      local d = tantan.deck{source = {{}, {}, {}, {}, {}, {}},
        delegate = {did_swipe = function(deck, i, dir) if once then once = false deck:swipe("left") end end}}
      d:swipe("right")
      eq(d.queued, 1) eq(d.index, 1)
      tantan.clock:settle()
      eq(d.queued, 0) eq(d.index, 3)
      local h = {} for _, e in ipairs(d.history) do h[#h + 1] = e.index .. e.direction end
      eq(table.concat(h, " "), "1right 2left")
      eq(ev(d):gsub("card%(%d, nil%) ", ""):gsub("count%(%) ", ""),
        'will_swipe(1) should_swipe(1, "right") did_swipe(1, "right") did_swipe_right(1) card(6, true) did_remove(1, "right") '
        .. 'will_swipe(2) should_swipe(2, "left") did_swipe(2, "left") did_swipe_left(2) card(1, true) did_remove(2, "left")')
      """)
  }

  func testReuseCreatesAtMostVisiblePlusOneModelsOver10000Swipes() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local created, calls = 0, 0
      local d = tantan.deck{visible = 4, source = {count = function() return 10^9 end,
        card = function(_, i, reused) calls = calls + 1 if not reused then created = created + 1 end return reused or {} end}}
      for _ = 1, 10000 do d:like() tantan.clock:settle() end
      eq(d.index, 10001) eq(calls, 10004)
      assert(created <= d.visible + 1, created)
      eq(#d:events() > 0, true)
      """)
  }

  func testToStringAndReadOnlyFields() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local d = tantan.deck{source = {{}, {}}}
      eq(tostring(d), "tantan.SwipeDeck(index=1, count=2, state=idle)")
      local ok, err = pcall(function() d.index = 3 end)
      eq(ok, false) assert(err:find("read-only", 1, true), err)
      """)
  }
}

/// Issue 17 point 5: `reload{keep_position = true}` keeps the top item by identity.
final class DeckReloadIdentityTests: XCTestCase {
  func testKeepPositionFollowsTheTopItemsID() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local profiles = {"n1", "n2", "n3", "n4", "n5"}
      local d = tantan.deck{cyclic = false, source = {count = function() return #profiles end,
        card = function(_, i, r) local m = r or {} m.id = profiles[i] return m end}}
      d:swipe("right") d:swipe("right") tantan.clock:settle()
      eq(d.top.model.id, "n3")
      table.insert(profiles, 1, "new")           -- a profile inserted at the front
      d:reload{keep_position = true}
      eq(d.index, 4) eq(d.top.model.id, "n3")
      table.remove(profiles, 4)                  -- n3 is gone: the index stays
      d:reload{keep_position = true}
      eq(d.index, 4) eq(d.top.model.id, "n4")
      """)
  }

  func testSourceIDWinsAndNeedsNoModel() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local profiles = {10, 20, 30, 40}
      local d = tantan.deck{cyclic = false, source = {count = function() return #profiles end,
        card = function(_, i, r) local m = r or {} m.who = profiles[i] return m end,
        id = function(_, i) return profiles[i] end}}
      d:swipe("left") tantan.clock:settle()
      eq(d.top.model.who, 20)
      table.insert(profiles, 1, 5) table.insert(profiles, 1, 1)
      d:clear_events()
      d:reload{keep_position = true}
      eq(d.index, 4) eq(d.top.model.who, 20)
      local ev = table.concat(d:events(), " ")
      assert(ev:match("^count%(%) id%(2%) id%(3%) id%(1%) id%(4%)"), ev)
      """)
  }
}

/// Issue 17 point 6: `deck.overlay` at every frame of drags and animations; `did_drag` for
/// animation frames (each clock:advance while the top card animates).
final class DeckOverlayTests: XCTestCase {
  func testOverlayAndDidDragFollowTheWholeSwipe() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local drags = {}
      local d = tantan.deck{threshold = 100, source = {{}, {}, {}},
        delegate = {did_drag = function(_, i, dir, p) drags[#drags + 1] = dir .. " " .. p end}}
      eq(d.overlay, nil)
      d:drag_begin() d:drag_move(50, 0)
      eq(d.overlay.direction, "right") eq(d.overlay.progress, 0.5)
      d:drag_move(150, 0) d:drag_end()
      eq(d.state, "animating") eq(d.overlay.direction, "right") eq(d.overlay.progress, 1)
      drags = {}
      tantan.clock:advance(0.01)
      eq(#drags, 1) eq(drags[1], "right 1.0")
      tantan.clock:settle()
      eq(d.overlay, nil)
      -- A programmatic nope: the overlay grows from 0 as the card flies, a did_drag per advance.
      drags = {}
      d:nope()
      eq(d.overlay.direction, "left") eq(d.overlay.progress, 0)
      tantan.clock:advance(0.02)
      local p = d.overlay.progress
      assert(p > 0 and p <= 1, p)
      eq(#drags, 1) eq(drags[1], "left " .. p)
      -- A snap back: the overlay shrinks to nothing.
      tantan.clock:settle()
      d:drag_begin() d:drag_move(40, 0) d:drag_end()
      eq(d.state, "animating") eq(d.overlay.progress, 0.4)
      tantan.clock:advance(0.05)
      assert(d.overlay.progress < 0.4)
      tantan.clock:settle()
      eq(d.overlay, nil)
      """)
  }

  /// At rest, and while dragged along an axis the deck does not swipe, the card points at no
  /// direction: `overlay` is nil and did_drag reports a nil direction with progress 0.
  func testOverlayIsNilWhenTheCardPointsAtNoDirection() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local drags = {}
      local d = tantan.deck{threshold = 100, source = {{}, {}, {}},
        delegate = {did_drag = function(_, i, dir, p) drags[#drags + 1] = tostring(dir) .. " " .. p end}}
      d:drag_begin()
      d:drag_move(0, 0) eq(d.overlay, nil) eq(drags[1], "nil 0.0")
      d:drag_move(0, 80) eq(d.overlay, nil) eq(drags[2], "nil 0.0")  -- left/right only: vertical is no direction
      d:drag_move(-30, -80) eq(d.overlay.direction, "left") eq(d.overlay.progress, 0.3)
      d:drag_move(10, 80) eq(d.overlay.direction, "right") eq(d.overlay.progress, 0.1)
      d:drag_move(0, 0) d:drag_end() tantan.clock:settle()
      assert(table.concat(d:events(), " "):find('did_drag(1, nil, 0.0)', 1, true))
      local up = tantan.deck{threshold = 100, directions = {"up"}, source = {{}}}
      up:drag_begin() up:drag_move(50, 20) eq(up.overlay, nil)
      up:drag_move(50, -20) eq(up.overlay.direction, "up") eq(up.overlay.progress, 0.2)
      """)
  }
}
