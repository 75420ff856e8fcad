import XCTest

/// Data from Lua: `apply` diff shapes, ids, payload comparison, callbacks that fail, the source.
final class ListDataBindingTests: XCTestCase {
  static let describe = """
    function paths(t)
      local out = {}
      for _, p in ipairs(t) do
        if p.from then out[#out + 1] = p.from.section .. "." .. p.from.index .. ">" .. p.to.section .. "." .. p.to.index
        else out[#out + 1] = p.section .. "." .. p.index end
      end
      return table.concat(out, " ")
    end
    function nums(t)
      local out = {}
      for _, n in ipairs(t) do out[#out + 1] = type(n) == "table" and (n.from .. ">" .. n.to) or tostring(n) end
      return table.concat(out, " ")
    end
    function show(c)
      return string.format("ins[%s] del[%s] mov[%s] rel[%s] | sections ins[%s] del[%s] mov[%s] rel[%s]",
        paths(c.inserted), paths(c.deleted), paths(c.moved), paths(c.reloaded),
        nums(c.sections.inserted), nums(c.sections.deleted), nums(c.sections.moved), nums(c.sections.reloaded))
    end
    """

  func testApplyDiffShapes() throws {
    let t = try LuaTestHost()
    t.ok(
      Self.describe + "\n" + """
        local f = function() end
        l = tantan.list{header_height = 20, sections = {  -- (issue 17.9: a header needs a height)
          {id = "a", header = "A", items = {{id = 1, t = "x"}, {id = 2, tags = {"red", "big"}}, {id = 3}, {id = 4, on_tap = f}}},
          {id = "b", items = {{id = 5}, {id = 6}}},
        }}
        -- Moves inside a section and across sections, a reload, an insert and a delete.
        local c = l:apply{
          {id = "a", header = "A", items = {{id = 3}, {id = 1, t = "y"}, {id = 2, tags = {"red", "big"}}, {id = 4, on_tap = f}}},
          {id = "b", items = {{id = 6}, {id = 7}}},
        }
        assert(show(c) == "ins[2.2] del[2.1] mov[1.3>1.1] rel[1.1] | sections ins[] del[] mov[] rel[]", show(c))
        -- Same content, new tables: nothing changes (deep, order-independent comparison).
        c = l:apply{
          {id = "a", header = "A", items = {{t = "y", id = 3 - 2 + 2}, {id = 1, t = "y"}, {tags = {"red", "big"}, id = 2}, {id = 4, on_tap = f}}},
          {id = "b", items = {{id = 6}, {id = 7}}},
        }
        assert(show(c) == "ins[] del[] mov[] rel[1.1] | sections ins[] del[] mov[] rel[]", show(c))
        -- A different function is a different view model (compared by identity).
        c = l:apply{
          {id = "a", header = "A", items = {{id = 3, t = "y"}, {id = 1, t = "y"}, {id = 2, tags = {"red", "big"}}, {id = 4, on_tap = function() end}}},
          {id = "b", items = {{id = 6}, {id = 7}}},
        }
        assert(show(c) == "ins[] del[] mov[] rel[1.4] | sections ins[] del[] mov[] rel[]", show(c))
        -- Section changes: a move, a header change, an insert, a delete; items follow their sections.
        c = l:apply{
          {id = "c", items = {{id = 8}}},
          {id = "b", header = "B", items = {{id = 6}, {id = 7}, {id = 1, t = "y"}}},
        }
        assert(show(c) == "ins[2.3] del[] mov[] rel[] | sections ins[1] del[1] mov[] rel[2]", show(c))
        c = l:apply{{id = "b", header = "B", items = {{id = 6}, {id = 7}, {id = 1, t = "y"}}}, {id = "c", items = {{id = 8}}}}
        assert(show(c) == "ins[] del[] mov[] rel[] | sections ins[] del[] mov[2>1] rel[]", show(c))
        assert(l.section_count == 2 and l:item_count(1) == 3 and l.count == 4)
        assert(l:header(1) == "B" and l:header(2) == nil and l:footer(1) == nil)
        """)
  }

  func testItemReturnsTheScriptsOwnTable() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      local mine = {id = "rose", price = 99}
      local l = tantan.list{sections = {{id = 1, items = {mine}}}}
      assert(l:item(1, 1) == mine)
      mine.price = 1                  -- the list keeps the table, not a copy
      assert(l:item(1, 1).price == 1)
      """)
    t.fails(
      "local l = tantan.list{sections = {{id = 1, items = {{id = 1}}}}}; l:item(1, 2)",
      "test:1: bad argument #2 to 'item' (index out of range (2; expected 1..1))")
    t.fails(
      "local l = tantan.list{}; l:item(0, 1)",
      "test:1: bad argument #1 to 'item' (section out of range (0; no sections))")
    t.fails(
      "local l = tantan.list{}; l:item(1.5, 1)",
      "test:1: bad argument #1 to 'item' (number has no integer representation)")
  }

  func testBadIdsAndDuplicatesKeepThePreviousData() throws {
    let t = try LuaTestHost()
    t.ok("l = tantan.list{sections = {{id = 1, items = {{id = 1}, {id = 'two'}}}}}")
    t.fails(
      "l:apply{{id = 1, items = {{id = 1}, {id = 'two'}, {id = 1}}}}",
      "test:1: bad argument #1 to 'apply' (duplicate item id 1: items 1 and 3 of section 1)")
    t.fails(
      "l:apply{{id = 1, items = {{id = 'two'}}}, {id = 2, items = {{id = 'two'}}}}",
      "test:1: bad argument #1 to 'apply' (duplicate item id \"two\": item 1 of section 1 and item 1 of section 2)")
    t.fails("l:apply{{id = 's'}, {id = 's'}}", "test:1: bad argument #1 to 'apply' (duplicate section id \"s\")")
    t.fails(
      "l:apply{{id = 1, items = {{id = 1}, {id = true}}}}",
      "test:1: bad argument #1 to 'apply' (sections[1].items[2]: id must be an integer or a string, got boolean)")
    t.fails(
      "l:apply{{id = 1, items = {{id = 1.5}}}}",
      "test:1: bad argument #1 to 'apply' (sections[1].items[1]: id must be an integer or a string, got 1.5)")
    t.fails(
      "l:apply{{items = {}}}", "test:1: bad argument #1 to 'apply' (sections[1]: missing id (an integer or a string))")
    t.fails(
      "l:apply{{id = 1, itmes = {}}}",
      "test:1: bad argument #1 to 'apply' (sections[1]: unknown key 'itmes' (known keys: columns, footer, header, id, items))"
    )
    t.fails(
      "l:apply{{id = 1, items = {5}}}",
      "test:1: bad argument #1 to 'apply' (sections[1].items[1]: table expected, got number)")
    t.fails(
      "l:apply{{id = 1, columns = 0}}",
      "test:1: bad argument #1 to 'apply' (sections[1].columns: integer 1..1000 expected, got 0)")
    t.fails(
      "local c = {}; c.c = c; l:apply{{id = 1, items = {{id = 1, c = c}}}}",
      "test:1: bad argument #1 to 'apply' (sections[1].items[1]: a view model cannot contain itself)")
    t.fails(
      "tantan.list{sections = {{id = 1, items = {{id = 1}, {id = 1}}}}}",
      "test:1: bad argument #1 to 'list' (duplicate item id 1: items 1 and 2 of section 1)")
    t.ok("assert(l.count == 2 and l:item(1, 2).id == 'two')")
  }

  func testConfigErrorsNameTheKey() throws {
    let t = try LuaTestHost()
    t.fails(
      "tantan.list{heigth = 5}",
      "test:1: bad argument #1 to 'list' (heigth: unknown key (known keys: columns, content_inset, delegate, estimated_item_height, footer_height, header_height, height, insets, item_height, paging, refresh, sections, source, spacing, sticky_headers, width))"
    )
    t.fails(
      "tantan.list{item_height = -1}",
      "test:1: bad argument #1 to 'list' (item_height: number out of range (-1; expected 0.0..inf))")
    t.fails("tantan.list{width = 0/0}", "test:1: bad argument #1 to 'list' (width: finite number expected, got -nan)")
    t.fails(
      "tantan.list{paging = {page_size = 0}}",
      "test:1: bad argument #1 to 'list' (paging.page_size: integer out of range (0; expected 1..9223372036854775807))")
    t.fails(
      "tantan.list{refresh = {on_refresh = 5}}",
      "test:1: bad argument #1 to 'list' (refresh.on_refresh: function expected, got number)")
    t.fails(
      "tantan.list{sections = {}, source = {}}",
      "test:1: bad argument #1 to 'list' (give either sections or source, not both)")
    t.fails(
      "tantan.list{source = {item_count = print, item = print}}",
      "test:1: bad argument #1 to 'list' (source.section_count: function expected, got nil)")
    t.fails("tantan.list()", "test:1: bad argument #1 to 'list' (table expected, got no value)")
  }

  func testItemHeightCallbackEventsAndErrors() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      heights = {10, 20, 30}
      l = tantan.list{item_height = function(list, s, i, item) assert(item.id == i) return heights[i] end,
        sections = {{id = 1, items = {{id = 1}, {id = 2}, {id = 3}}}}}
      assert(l.content_height == 60)
      assert(table.concat(l:events(), " ") == "item_height(1, 1) item_height(1, 2) item_height(1, 3)")
      l:clear_events()
      heights[2] = -5
      """)
    t.fails(
      "l:apply{{id = 1, items = {{id = 1}, {id = 2}}}}",
      "test:1: item_height(1, 2) returned -5 (a finite number >= 0 expected)")
    t.ok("heights[2] = 0/0")
    t.fails("l:reload()", "test:1: item_height(1, 2) returned -nan (a finite number >= 0 expected)")
    t.ok("heights[2] = 'tall'")
    t.fails("l:reload()", "test:1: item_height(1, 2) returned string (a finite number >= 0 expected)")
    t.ok("heights[2] = nil; boom = true")
    t.ok(
      """
      l2 = tantan.list{item_height = function(list, s, i)
        if boom and i == 2 then error("no height for " .. i) end
        return 5
      end, sections = {{id = 1, items = {{id = 1}}}}}
      """)
    t.fails("l2:apply{{id = 1, items = {{id = 1}, {id = 2}}}}", "test:2: no height for 2")
    t.ok("assert(l.content_height == 60 and l.count == 3 and l2.count == 1 and l2.content_height == 5)")
    // A data callback cannot change the list it is measuring.
    t.ok("l3 = tantan.list{item_height = function(list) list:apply{} return 1 end, sections = {}}")
    t.fails(
      "l3:apply{{id = 1, items = {{id = 1}}}}",
      "test:1: apply: cannot change the list from inside item_height or a source callback")
    // (Field errors lost their `file:line` prefix when main moved __index to C; matched loosely.)
    t.ok(
      """
      local ok, err = pcall(tantan.list, {item_height = function(list) return list.count end, sections = {{id = 1, items = {{id = 1}}}}})
      assert(not ok and err:find("count: the list is still being built (called from one of its data callbacks)", 1, true), err)
      """)
  }

  /// Callbacks get their own list's one userdata, whichever frame the host operation runs in (the
  /// host reuses argument 1 when the method was called on that list, else its weak cache).
  func testItemHeightGetsItsOwnListFromAnyFrame() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      local got = {}
      local function note(list) got[#got + 1] = list return 1 end
      local a = tantan.list{item_height = note, sections = {{id = 1, items = {{id = 1}}}}}
      local b = tantan.list{item_height = function(list) note(list) a:reload() return 1 end, sections = {{id = 1, items = {{id = 1}}}}}
      assert(got[1] == a and got[2] == b and got[3] == a, "constructors")
      got = {}
      b:reload()
      assert(#got == 2 and got[1] == b and got[2] == a, "nested reloads")
      got = {}
      coroutine.wrap(function() a:apply{{id = 1, items = {{id = 2}}}} end)()
      assert(#got == 1 and got[1] == a, "from a coroutine")
      got = {}
      local reload = a.reload
      tantan.after(0, function() reload(a) end)
      tantan.clock:settle()
      assert(#got == 1 and got[1] == a, "from a timer")
      """)
  }

  func testSourceCallbacksEventsReloadAndErrors() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      n = 2
      count, bad_item, db_closed = nil, false, false
      src = {
        section_count = function(list) return 1 end,
        item_count = function(list, s) return count or n end,
        item = function(list, s, i)
          if db_closed then error("db closed") end
          return bad_item and {name = "x"} or {id = "f" .. i, name = "flower " .. i}
        end,
        header = function(list, s) return {title = "Top " .. n} end,
      }
      l = tantan.list{header_height = 20, item_height = 10, source = src}
      assert(table.concat(l:events(), " ") == "section_count() header(1) item_count(1) item(1, 1) item(1, 2)", table.concat(l:events(), " "))
      assert(l.content_height == 40 and l:item(1, 2).name == "flower 2")
      n = 3
      local c = l:reload()
      assert(#c.inserted == 1 and c.inserted[1].index == 3 and c.sections.reloaded[1] == 1)
      """)
    t.ok("count = -1")
    t.fails("l:reload()", "test:1: source.item_count(1) returned -1 (expected 0..100000000)")
    t.ok("count = 1; bad_item = true")
    t.fails("l:reload()", "test:1: source.item(1, 1) returned: missing id (an integer or a string)")
    t.ok("bad_item = false; db_closed = true")
    t.fails("l:reload()", "test:7: db closed")
    t.ok("assert(l.count == 3 and l:item(1, 3).name == 'flower 3')")
  }

  func testDelegateDidScroll() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      seen = {}
      l = tantan.list{height = 100, item_height = 50, delegate = {did_scroll = function(list, y) seen[#seen + 1] = y end},
        sections = {{id = 1, items = {{id = 1}, {id = 2}, {id = 3}}}}}
      l:scroll_to(30); l:scroll_to(30); l:scroll_by(20)
      assert(#seen == 2 and seen[1] == 30 and seen[2] == 50)
      assert(table.concat(l:events(), " ") == "did_scroll(30) did_scroll(50)", table.concat(l:events(), " "))
      """)
  }

  /// Like the deck's and the grid's callbacks, did_scroll is recorded also when the delegate has
  /// no function for it (or there is no delegate): explore's coverage reads the log.
  func testDidScrollIsRecordedWithoutADelegateFunction() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      for _, delegate in ipairs({ {}, false }) do
        local l = tantan.list{height = 100, item_height = 50, delegate = delegate or nil,
          sections = {{id = 1, items = {{id = 1}, {id = 2}, {id = 3}}}}}
        l:scroll_to(30); l:scroll_to(30); l:scroll_by(20)
        assert(table.concat(l:events(), " ") == "did_scroll(30) did_scroll(50)", table.concat(l:events(), " "))
      end
      """)
  }
}

/// Issue 17 point 9: a config that cannot show what it asks for is an error, and ranges read the
/// same in every component.
final class ComponentConsistencyTests: XCTestCase {
  func testAHeaderWithoutAHeightIsAnError() throws {
    let t = try LuaTestHost()
    t.fails(
      "tantan.list{sections = {{id = 1, header = 'H'}}}",
      "test:1: bad argument #1 to 'list' (section 1 has a header but header_height is 0 (it would not show))")
    t.fails(
      "tantan.list{sections = {{id = 1, footer = 'F'}}}",
      "test:1: bad argument #1 to 'list' (section 1 has a footer but footer_height is 0 (it would not show))")
    t.fails(
      "tantan.list{source = {section_count = function() return 1 end, item_count = function() return 0 end, item = print, header = function() return 'H' end}}",
      "test:1: section 0 has a header but header_height is 0 (it would not show)")
    t.ok("l = tantan.list{header_height = 20, sections = {{id = 1, header = 'H'}}}")
    t.fails(
      "l:apply{{id = 2, footer = 'F'}}",
      "test:1: bad argument #1 to 'apply' (section 2 has a footer but footer_height is 0 (it would not show))")
  }

  func testRangeErrorsReadTheSameInEveryComponent() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      l = tantan.list{sections = {{id = 1, items = {{id = 1}}}}}
      g = tantan.grid{items = {1, 2}}
      """)
    t.fails("l:scroll_to(5)", "test:1: bad argument #1 to 'scroll_to' (offset out of range (5; expected 0..0))")
    t.fails("g:scroll_to(5)", "test:1: bad argument #1 to 'scroll_to' (offset out of range (5; expected 0..0))")
    t.fails("l:item(1, 3)", "test:1: bad argument #2 to 'item' (index out of range (3; expected 1..1))")
    t.fails("g:item(3)", "test:1: bad argument #1 to 'item' (index out of range (3; expected 1..2))")
  }
}
