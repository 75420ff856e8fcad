import XCTest

/// Gestures, editing, locked items, vetoes, move and autoscroll, driven from Lua.
final class GridGestureTests: XCTestCase {
  /// A delegate recording what Lua itself receives, to compare with `grid:events()`.
  let recorder = """
    function recorder(answers)
      answers = answers or {}
      local d = {log = {}}
      for _, name in ipairs{"will_begin_editing", "did_end_editing", "will_begin_drag", "can_move", "can_drop",
                            "did_move", "did_drop", "did_cancel", "did_delete"} do
        d[name] = function(grid, ...)
          assert(tostring(grid):match("^tantan.ReorderGrid"), "grid first")
          local args = {}
          for i = 1, select("#", ...) do args[i] = string.format("%q", (select(i, ...))) end
          d.log[#d.log + 1] = name .. "(" .. table.concat(args, ", ") .. ")"
          if answers[name] then return answers[name](...) end
          if name:match("^can_") then return true end
        end
      end
      return d
    end
    function center(g, i) local f = g:cell(i).frame return f.x + f.w / 2, f.y + f.h / 2 end
    """

  func testLongPressDragOntoAnotherCellAndDrop() throws {
    let t = try gridHost()
    t.ok(recorder)
    t.ok(
      """
      local d = recorder()
      local g = tantan.grid{items = CHANNELS, delegate = d}
      assert(g:long_press(1) == true)
      assert(g.editing and g.edit_title == "完成" and g.dragging == 1 and g.drag_origin == 1)
      assert(g:cell(1).hidden and g:cell(2).delete_visible and not g:cell(2).hidden)
      local s = g.snapshot
      assert(s.x == 20 and s.y == 20 and s.w == 80.75 and s.h == 45)
      g:drag_by(84.75, 0)        -- onto cell 2's centre
      assert(g.dragging == 2 and g:cell(2).hidden and g.items[1] == "视频" and g.items[2] == "推荐")
      g:drag_by(0, 49)           -- down one row: cell 6
      assert(g.dragging == 6)
      assert(g:drop() == 6)
      assert(g.dragging == nil and g.snapshot == nil and g.editing, "drop keeps editing")
      assert(table.concat(g.items, " ", 1, 7) == "视频 军事 娱乐 问答 娱乐 推荐 汽车", joined(g.items))
      local want = "will_begin_editing() can_move(1) will_begin_drag(1) can_drop(1, 2) did_move(1, 2) "
        .. "can_drop(2, 6) did_move(2, 6) did_drop(1, 6)"
      assert(joined(g:events()) == want, joined(g:events()))
      assert(joined(d.log) == want, joined(d.log))
      g:clear_events()
      assert(#g:events() == 0)
      assert(g:toggle_editing() == false and g.edit_title == "排序删除")
      assert(joined(g:events()) == "did_end_editing()")
      """)
  }

  func testShortPressPanBeginAndDragTo() throws {
    let t = try gridHost()
    t.ok(recorder)
    t.ok(
      """
      local g = tantan.grid{items = numbered(12)}
      assert(g:long_press(1, 0.2) == false and not g.editing, "a tap")
      assert(g:long_press(1, 0.5) == true and g:drop() == 1)
      g:set_editing(false)
      """)
    t.fails(
      "G = tantan.grid{items = numbered(12)} G:pan_begin(2)",
      "test:1: pan_begin: not editing (without a long press a drag can start only while editing)")
    t.ok(
      """
      G:set_editing(true)
      assert(G:pan_begin(2))
      G:drag_to(center(G, 7))
      assert(G.dragging == 7 and G:drop() == 7)
      assert(joined(G:events()) == "will_begin_editing() can_move(2) will_begin_drag(2) can_drop(2, 7) did_move(2, 7) did_drop(2, 7)", joined(G:events()))
      """)
  }

  func testCancelPutsTheOrderBack() throws {
    let t = try gridHost()
    t.ok(recorder)
    t.ok(
      """
      local g = tantan.grid{items = numbered(12)}
      g:long_press(3)
      g:drag_to(center(g, 8))
      assert(g.dragging == 8 and g.items[8] == "i3")
      g:cancel()
      assert(joined(g.items) == joined(numbered(12)) and g.dragging == nil and g.editing)
      assert(joined(g:events()) == "will_begin_editing() can_move(3) will_begin_drag(3) can_drop(3, 8) did_move(3, 8) did_cancel(3)", joined(g:events()))
      """)
    t.fails("local g = tantan.grid{items = {1}} g:cancel()", "test:1: cancel: no drag in progress")
    t.fails("local g = tantan.grid{items = {1}} g:drop()", "test:1: drop: no drag in progress")
    t.fails("local g = tantan.grid{items = {1}} g:drag_by(1, 1)", "test:1: drag_by: no drag in progress")
  }

  func testLockedItems() throws {
    let t = try gridHost()
    t.ok(recorder)
    t.ok(
      """
      G = tantan.grid{items = numbered(12), locked = {1, 1, 5}}
      assert(joined(G.locked) == "1 5")
      assert(G:long_press(1) == false and G.editing and G.dragging == nil, "enters editing without lifting")
      assert(joined(G:events()) == "will_begin_editing()", joined(G:events()))
      local c = G:cell(1)
      assert(c.locked and not c.delete_visible and G:cell(2).delete_visible)
      -- Item 3 cannot be carried past locked item 1, nor past 5.
      G:long_press(3)
      G:drag_to(center(G, 1))
      assert(G.dragging == 3)
      G:drag_to(center(G, 2))
      assert(G.dragging == 2)
      G:drag_to(center(G, 6))
      assert(G.dragging == 2, "5 is locked")
      assert(G:drop() == 2)
      assert(G:move(4, 6) == false and G:move(2, 1) == false)
      assert(G.items[1] == "i1" and G.items[5] == "i5" and G.items[2] == "i3")
      """)
    t.fails("G:delete(1)", "test:1: bad argument #1 to 'delete' (locked item cannot be deleted)")
    t.ok(
      """
      assert(G:delete(2) == "i3" and G.count == 11 and joined(G.locked) == "1 4", "a delete before a locked item shifts it")
      """)
  }

  func testCanMoveAndCanDropVetoesFromLua() throws {
    let t = try gridHost()
    t.ok(recorder)
    t.ok(
      """
      local d = recorder{
        can_move = function(i) return i ~= 2 end,
        can_drop = function(from, to) return to ~= 4 end,
      }
      local g = tantan.grid{items = numbered(12), delegate = d}
      assert(g:long_press(2) == false and g.dragging == nil and g.editing)
      assert(g:long_press(3) == true)
      g:drag_to(center(g, 4))
      assert(g.dragging == 3, "can_drop said no")
      g:drag_to(center(g, 8))
      assert(g.dragging == 8)
      assert(g:drop() == 8)
      assert(g:move(2, 5) == false, "can_move said no")
      local want = "will_begin_editing() can_move(2) can_move(3) will_begin_drag(3) can_drop(3, 4) "
        .. "can_drop(3, 8) did_move(3, 8) did_drop(3, 8) can_move(2)"
      assert(joined(g:events()) == want, joined(g:events()))
      assert(joined(d.log) == want, joined(d.log))
      """)
    t.fails(
      "local g = tantan.grid{items = {1, 2}, delegate = {can_move = function() end}} g:long_press(1)",
      "test:1: delegate.can_move returned nil (boolean expected)")
    t.fails(
      "local g = tantan.grid{items = {1, 2}, delegate = {can_drop = function() return 1 end}} g:move(1, 2)",
      "test:1: delegate.can_drop returned 1 (boolean expected)")
  }

  func testDeleteOnlyWhileEditing() throws {
    let t = try gridHost()
    t.ok("G = tantan.grid{items = CHANNELS}")
    t.fails("G:delete(6)", "test:1: delete: not editing (the delete badge is hidden)")
    t.ok(
      """
      assert(G.count == 39 and not G:cell(6).delete_visible)
      assert(G:toggle_editing() == true and G:cell(6).delete_visible)
      assert(G:delete(6) == "娱乐" and G.count == 38)
      assert(G.items[4] == "娱乐" and G.items[6] == "汽车", "the one at 6 went, the one at 4 stayed")
      assert(joined(G:events()) == 'will_begin_editing() did_delete(6, "娱乐")', joined(G:events()))
      local t = tantan.grid{items = {{}, 2.5, false}}
      t:set_editing(true)
      t:delete(1) t:delete(1) t:delete(1)
      assert(joined(t:events()) == "will_begin_editing() did_delete(1, <table>) did_delete(1, 2.5) did_delete(1, false)", joined(t:events()))
      """)
    t.fails("G:delete(39)", "test:1: bad argument #1 to 'delete' (index out of range (39; expected 1..38))")
  }

  func testMoveWithoutAGesture() throws {
    let t = try gridHost()
    t.ok(
      """
      G = tantan.grid{items = numbered(8)}
      assert(G:move(2, 5) == true)
      assert(joined(G.items) == "i1 i3 i4 i5 i2 i6 i7 i8")
      assert(G:move(7, 1) and joined(G.items) == "i7 i1 i3 i4 i5 i2 i6 i8")
      assert(G:move(3, 3))
      assert(joined(G:events()) == "can_move(2) can_drop(2, 5) did_move(2, 5) did_drop(2, 5) "
        .. "can_move(7) can_drop(7, 1) did_move(7, 1) did_drop(7, 1) can_move(3) did_drop(3, 3)", joined(G:events()))
      assert(not G.editing, "move needs no editing")
      G:long_press(1)
      """)
    t.fails("G:move(1, 2)", "test:1: move: a drag is in progress")
    t.fails("G:move(0, 2)", "test:1: bad argument #1 to 'move' (index out of range (0; expected 1..8))")
    t.fails("G:move(1, 9)", "test:1: bad argument #2 to 'move' (index out of range (9; expected 1..8))")
  }

  func testAutoscrollOnTheVirtualClock() throws {
    let t = try gridHost()
    t.ok(recorder)
    t.ok(
      """
      -- 200 items: content 2486, visible 587, max offset 1899; edge 50, speed 300 pt/s.
      local g = tantan.grid{items = numbered(200)}
      assert(g.content_height == 2486 and g.max_offset == 1899)
      assert(g.visible[1] == 1 and #g.visible == 48, #g.visible)
      g:long_press(1)
      local x = center(g, 1)
      g:drag_to(x, 577)              -- 40 pt into the bottom band: 240 pt/s
      assert(g.dragging == 45 and g.autoscrolling)
      tantan.clock:advance(1 / 60)
      assert(math.abs(g.offset - 4) < 1e-9, g.offset)
      assert(math.abs(g.snapshot.y + 22.5 - 581) < 1e-9, "the snapshot stays under the finger")
      tantan.clock:advance(10)
      assert(g.offset == g.max_offset and not g.autoscrolling and tantan.clock.pending == 0)
      assert(g.dragging == 197, g.dragging)
      assert(g.visible[#g.visible] == 200)
      g:drag_to(center(g, 200))
      assert(g:drop() == 200)
      assert(g.items[200] == "i1" and g.items[1] == "i2")
      local moves = 0
      for _, e in ipairs(g:events()) do if e:match("^did_move") then moves = moves + 1 end end
      assert(moves == 40, moves)
      -- scroll_to and the whole-gesture drag keep the snapshot visible without the clock.
      g:scroll_to(0)
      assert(g:drag(1, 150) == 150 and g.items[150] == "i2" and g.offset > 0)
      """)
    t.fails(
      "local g = tantan.grid{items = numbered(200)} g:scroll_to(1900)",
      "test:1: bad argument #1 to 'scroll_to' (offset out of range (1900; expected 0..1899))")
  }
}
