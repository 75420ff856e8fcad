import XCTest

/// The seed's channel list (YLDragSortTool.m), duplicates included, as a Lua chunk.
let seedChannelsLua = """
  CHANNELS = {"推荐","视频","军事","娱乐","问答","娱乐","汽车","段子","趣图","财经","热点","房产","社会","数码",
    "美女","数码","文化","美文","星座","旅游","视频","军事","娱乐","问答","娱乐","汽车","段子","趣图",
    "财经","热点","房产","社会","数码","美女","数码","文化","美文","星座","旅游"}
  function numbered(n) local t = {} for i = 1, n do t[i] = "i" .. i end return t end
  function joined(t) return table.concat(t, " ") end
  -- A permutation check: every item of `want` exactly once in `got`.
  function same_items(got, want)
    if #got ~= #want then return false end
    local seen = {}
    for _, v in ipairs(got) do seen[v] = (seen[v] or 0) + 1 end
    for _, v in ipairs(want) do seen[v] = (seen[v] or 0) - 1 end
    for _, n in pairs(seen) do if n ~= 0 then return false end end
    return true
  end
  """

func gridHost() throws -> LuaTestHost {
  let t = try LuaTestHost()
  t.ok(seedChannelsLua)
  return t
}

/// Construction, config errors and layout through `tantan.grid`.
final class GridBindingTests: XCTestCase {
  func testConstructionWithItems() throws {
    let t = try gridHost()
    t.ok(
      """
      local g = tantan.grid{items = CHANNELS}
      assert(g.count == 39 and #g.items == 39, g.count)
      assert(g.items[4] == "娱乐" and g.items[6] == "娱乐", "duplicates kept by position")
      assert(g.editing == false and g.dragging == nil)
      assert(tostring(g) == "tantan.ReorderGrid(count=39, editing=false)", tostring(g))
      assert(g.width == 375 and g.height == 587 and g.columns == 4 and g.target == "half_cell")
      assert(#g:events() == 0)
      -- Any Lua values, tables included; identity is the position.
      local t = {}
      local h = tantan.grid{items = {t, 1, true, "x"}}
      assert(h:cell(1).item == t and h.items[2] == 1 and h.items[3] == true)
      local e = tantan.grid()
      assert(e.count == 0 and #e.items == 0 and #e.visible == 0)
      """)
  }

  /// The bar's titles are fields, and `edit_title` is the button's title as the bar draws it.
  func testEditTitleIsTheButtonAsDrawnAndTheBarIsAField() throws {
    let t = try gridHost()
    t.ok(
      """
      local g = tantan.grid{items = {1, 2}}
      assert(g.bar.title == "我的关注" and g.bar.sort == "排序删除" and g.bar.done == "完成")
      assert(g.edit_title == "排序删除", g.edit_title)
      g:toggle_editing()
      assert(g.edit_title == "完成", g.edit_title)
      h = tantan.grid{items = {1}, bar = {title = "Channels", sort = "Edit", done = "Done"}}
      assert(h.bar.title == "Channels" and h.edit_title == "Edit")
      h:set_editing(true)
      assert(h.edit_title == "Done")
      h.bar.done = "changed"  -- a copy: the grid's titles stay
      assert(h.bar.done == "Done")
      """)
    let svg = t.svg("h")
    XCTAssertTrue(svg.contains(">Done</text>") && svg.contains(">Channels</text>"), svg)
  }

  func testConstructionWithASource() throws {
    let t = try gridHost()
    t.ok(
      """
      local data = {"a", "b", "c", "d", "e"}
      local seen
      local g = tantan.grid{source = {
        count = function(grid) seen = grid; return #data end,
        item = function(grid, i) return data[i] end,
        move = function(grid, from, to) table.insert(data, to, table.remove(data, from)) end,
        delete = function(grid, i) table.remove(data, i) end,
      }}
      assert(seen == g, "the grid is the first argument, also during construction")
      assert(g.count == 5)
      assert(joined(g:events()) == "count()", joined(g:events()))
      g:clear_events()
      assert(g:cell(2).item == "b")
      assert(joined(g:events()) == "item(2)", joined(g:events()))
      assert(g:move(1, 4))
      assert(joined(data) == "b c d a e" and joined(g.items) == "b c d a e")
      g:set_editing(true)
      assert(g:delete(2) == "c" and joined(data) == "b d a e" and g.count == 4)
      data[#data + 1] = "f"
      g:reload()
      assert(g.count == 5 and g.items[5] == "f")
      g:reload({"x", "y"})
      assert(g.count == 2 and joined(g.items) == "x y")
      """)
  }

  func testSourceResultsAreValidated() throws {
    let t = try gridHost()
    t.fails(
      "tantan.grid{source = {count = function() return -1 end, item = print}}",
      "test:1: source.count returned -1 (non-negative integer expected)")
    t.fails(
      "tantan.grid{source = {count = function() return 2.5 end, item = print}}",
      "test:1: source.count returned 2.5 (non-negative integer expected)")
    t.fails(
      "tantan.grid{source = {count = function() return 'many' end, item = print}}",
      "test:1: source.count returned 'many' (non-negative integer expected)")
    t.fails(
      "tantan.grid{source = {count = function() return 3 end}}",
      "test:1: bad argument #1 to 'grid' (source.item: function expected, got nil (an array of items goes in 'items'))")
    t.fails(
      "tantan.grid{source = {'a', 'b'}}",
      "test:1: bad argument #1 to 'grid' (source.count: function expected, got nil (an array of items goes in 'items'))"
    )
    t.fails(
      "tantan.grid{source = {count = function() return 3 end, item = function() end}, locked = {4}}",
      "test:1: bad argument #1 to 'grid' (locked: index out of range (got 4; source.count returned 3))")
    t.ok(
      """
      G = tantan.grid{source = {count = function() return 3 end, item = function(_, i) if i < 3 then return i end end}}
      """)
    t.fails("local _ = G.items", "test:1: source.item returned nil for index 3 (source.count reported 3 items)")
    t.fails("G:cell(3)", "test:1: source.item returned nil for index 3 (source.count reported 3 items)")
    t.ok("assert(G:cell(2).item == 2)")
    t.fails(
      "tantan.grid{source = {count = function(g) return g.count end, item = print}}",
      "test:1: count: the grid is still being constructed (source.count is running)")
  }

  func testConfigErrorsNameTheKey() throws {
    let t = try gridHost()
    let bad = "test:1: bad argument #1 to 'grid' "
    t.fails("tantan.grid{width = 0/0}", bad + "(width: finite number expected, got -nan)")
    t.fails("tantan.grid{width = -3}", bad + "(width: positive number expected, got -3)")
    t.fails("tantan.grid{height = 1/0}", bad + "(height: finite number expected, got inf)")
    t.fails("tantan.grid{columns = 0}", bad + "(columns: positive integer expected, got 0)")
    t.fails("tantan.grid{columns = 2.5}", bad + "(columns: number has no integer representation)")
    t.fails(
      "tantan.grid{colums = 3}",
      bad
        + "(colums: unknown key (known keys: autoscroll, bar, columns, delegate, height, insets, item, items, locked, long_press, preset, source, spacing, target, top_bar, width))"
    )
    t.fails("tantan.grid{item = {w = 10, hh = 3}}", bad + "(item.hh: unknown key (known keys: h, w))")
    t.fails("tantan.grid{insets = {left = 'x'}}", bad + "(insets.left: number expected, got string)")
    t.fails("tantan.grid{spacing = {line = -1}}", bad + "(spacing.line: non-negative number expected, got -1)")
    t.fails("tantan.grid{autoscroll = {tick = 0}}", bad + "(autoscroll.tick: positive number expected, got 0)")
    t.fails(
      "tantan.grid{target = 'nearest'}",
      bad + "(target: invalid option 'nearest' (expected 'half_cell', 'center_inside', 'closest_center'))")
    t.fails("tantan.grid{long_press = -1}", bad + "(long_press: non-negative number expected, got -1)")
    t.fails("tantan.grid{items = {1, 2}, locked = {3}}", bad + "(locked: index out of range (got 3; 2 items))")
    t.fails("tantan.grid{items = {1, 2}, locked = {0}}", bad + "(locked: index out of range (got 0))")
    t.fails(
      "tantan.grid{items = {1, 2}, locked = {1.5}}",
      bad + "(locked: integer expected at position 1, got a number with no integer representation)")
    t.fails("tantan.grid{items = {1, nil, 3}}", bad + "(items: nil at position 2 (an array without holes expected))")
    t.fails("tantan.grid{items = 'abc'}", bad + "(items: table expected, got string)")
    t.fails(
      "tantan.grid{items = {}, source = {}}",
      bad + "(items: cannot be given together with source (items is an array, source a table of callbacks))")
    t.fails("tantan.grid{delegate = {did_move = 3}}", bad + "(delegate.did_move: function expected, got number)")
    t.fails(
      "tantan.grid{columns = 4, item = {w = 100}}", bad + "(columns: 4 items of width 100 do not fit in 335 points)")
    t.fails("tantan.grid(5)", bad + "(table expected, got number)")
  }

  func testLayoutNumbersAt375() throws {
    let t = try gridHost()
    t.ok(
      """
      local g = tantan.grid{items = CHANNELS}
      local function frame(i) local f = g:cell(i).frame return string.format("%g %g %g %g", f.x, f.y, f.w, f.h) end
      -- r = 1: item (375 - 3*4 - 2*20) / 4 = 80.75 by 35 + 10 = 45; insets 20, line spacing 4, column gap 4.
      assert(frame(1) == "20 20 80.75 45", frame(1))
      assert(frame(2) == "104.75 20 80.75 45", frame(2))
      assert(frame(4) == "274.25 20 80.75 45", frame(4))
      assert(frame(5) == "20 69 80.75 45", frame(5))
      assert(frame(39) == "189.5 461 80.75 45", frame(39))
      assert(g.content_height == 526 and g.max_offset == 0 and #g.visible == 39)
      assert(g:index_at(60, 40) == 1 and g:index_at(102, 40) == nil and g:index_at(230, 480) == 39)
      local c = g:cell(6)
      assert(c.index == 6 and c.item == "娱乐" and not c.hidden and not c.delete_visible and not c.locked)
      local w = tantan.grid{items = numbered(200), width = 414}
      local f = w:cell(2).frame
      assert(math.abs(f.x - (22.08 + (414 - 2 * 22.08 - 4 * f.w) / 3 + f.w)) < 1e-9, f.x)
      assert(math.abs(f.h - 45 * 414 / 375) < 1e-9)
      """)
  }
}

/// Issue 17 point 7: a function source without `move` never accepts a drop it cannot keep.
final class GridFixedOrderSourceTests: XCTestCase {
  func testASourceWithoutMoveRefusesToLift() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      local data = {"a", "b", "c", "d"}
      local g = tantan.grid{source = {count = function() return #data end, item = function(_, i) return data[i] end}}
      assert(g:long_press(1) == false and g.editing and g.dragging == nil)
      assert(g:drag(1, 3) == 1)
      assert(g:move(1, 3) == false)
      assert(table.concat(g.items, " ") == "a b c d")
      for _, e in ipairs(g:events()) do assert(not e:match("^did_drop") and not e:match("^move"), e) end
      """)
  }

  /// The same for delete: without source.delete no badge shows and grid:delete() raises, so no
  /// cell disappears (and fires did_delete) while the source keeps the item.
  func testASourceWithoutDeleteRefusesToDelete() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      DATA = {"a", "b", "c", "d"}
      G = tantan.grid{source = {count = function() return #DATA end, item = function(_, i) return DATA[i] end,
        move = function(_, from, to) table.insert(DATA, to, table.remove(DATA, from)) end},
        delegate = {did_delete = function() error("did_delete must not fire") end}}
      G:set_editing(true)
      assert(not G:cell(2).delete_visible, "no badge without source.delete")
      """)
    t.fails(
      "G:delete(2)",
      "test:1: delete: the data source has no delete function (source.delete is nil, so the delete badge is hidden)")
    t.ok(
      """
      assert(G.count == 4 and table.concat(G.items, " ") == "a b c d")
      G:reload()
      assert(G.count == 4 and table.concat(G.items, " ") == "a b c d")
      for _, e in ipairs(G:events()) do assert(not e:match("delete"), e) end
      """)
  }
}
