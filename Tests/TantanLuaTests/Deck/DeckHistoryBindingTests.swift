import XCTest

/// Issue 28 point 6 as a Lua user meets it: the undo history follows the items across
/// `reload{keep_position = true}`, and `like(); reload()` still ends the swipe it announced.
final class DeckHistoryBindingTests: XCTestCase {
  func testUndoAfterAReloadKeepingThePositionBringsBackTheLastSwipedCard() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local src = {{id = "p1"}, {id = "p2"}, {id = "p3"}, {id = "p4"}, {id = "p5"}, {id = "p6"}}
      local d = tantan.deck{source = src}
      d:like() tantan.clock:settle() d:like() tantan.clock:settle()
      table.insert(src, 1, {id = "new1"}) table.insert(src, 1, {id = "new0"})
      d:reload{keep_position = true}
      eq(d.top.model.id, "p3") eq(d.index, 5)
      local h = {} for _, e in ipairs(d.history) do h[#h + 1] = e.index .. e.direction end
      eq(table.concat(h, " "), "3right 4right")
      eq(d:undo(), 4) eq(d.top.model.id, "p2")
      tantan.clock:settle()
      table.remove(src, 3)  -- p1 is gone
      d:reload{keep_position = true}
      eq(d.top.model.id, "p2") eq(#d.history, 0) eq(d:undo(), nil)
      """)
  }

  func testAReloadDuringAFlyOffEndsTheSwipeItAnnounced() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local likes = 0
      local d = tantan.deck{source = {{id = 1}, {id = 2}, {id = 3}},
        delegate = {did_swipe = function(_, _, dir) if dir == "right" then likes = likes + 1 end end,
                    did_rewind = function() likes = likes - 1 end}}
      d:like()
      d:clear_events()
      d:reload()
      eq(ev(d):gsub(" count%(%).*", ""), 'did_swipe_right(1) did_remove(1, "right")')
      eq(d.state, "idle") eq(d.index, 1) eq(#d.history, 0) eq(likes, 1)
      d:like()
      d:reload{keep_position = true}
      eq(d.index, 2) eq(#d.history, 1) eq(likes, 2)
      eq(d:undo(), 1) eq(likes, 1)
      """)
  }
}
