import XCTest

/// `list:layout()`, sticky headers, scrolling and the 1,000,000-item source, from Lua.
final class ListLayoutBindingTests: XCTestCase {
  /// Two sections of 3 items (50 high) under 30-high sticky headers: section 1 spans 0..180,
  /// section 2 180..360 (its items 210..360); the viewport is 200 high.
  static let sticky = """
    local function list(inset)
      return tantan.list{width = 320, height = 200, header_height = 30, item_height = 50, sticky_headers = true,
        content_inset = {top = inset},
        sections = {
          {id = "a", header = "A", items = {{id = 1}, {id = 2}, {id = 3}}},
          {id = "b", header = "B", items = {{id = 4}, {id = 5}, {id = 6}}},
        }}
    end
    local function header(l, s)
      for _, a in ipairs(l:layout()) do
        if a.kind == "header" and a.section == s then return a.frame.y, a.z end
      end
    end
    """

  func testStickyHeaderFormulaAtEveryBoundaryWithoutInset() throws {
    let t = try LuaTestHost()
    t.ok(
      Self.sticky + "\n" + """
        local l = list(0)
        assert(l.offset == 0 and l.content_height == 360)
        local y, z = header(l, 1)
        assert(y == 0 and z == 1024, y)                 -- before scrolling: at rest above its first item
        assert(select(1, header(l, 2)) == 180)          -- the next header is in view at its place
        l:scroll_to(60); assert(header(l, 1) == 60)     -- inside the section: pinned at the top
        l:scroll_to(120); assert(header(l, 1) == 120)   -- last item's maxY - header height = 150
        l:scroll_to(150); assert(header(l, 1) == 150)   -- touching the next header
        l:scroll_to(155); assert(header(l, 1) == 150)   -- pushed out by the end of its section
        assert(header(l, 2) == 180)
        l:scroll_to(160); assert(header(l, 1) == 150)   -- its last item still shows, so its header too
        assert(header(l, 2) == 180)                     -- rests above its first item (210 - 30)
        local a = l:layout{x = 0, y = 200, w = 320, h = 100}
        assert(a[1].kind == "header" and a[1].section == 2)  -- section 1 out of the rect: no header
        """)
  }

  func testStickyHeaderWithContentInsetAndAMissingHeaderAdded() throws {
    let t = try LuaTestHost()
    t.ok(
      Self.sticky + "\n" + """
        local l = list(64)
        assert(l.offset == -64)
        assert(header(l, 1) == 0)                       -- max(-64 + 64, 0) = 0
        l:scroll_to(20); assert(header(l, 1) == 84)     -- pinned under the 64 pt bar
        l:scroll_to(86); assert(header(l, 1) == 150)    -- min(150, 150)
        l:scroll_to(100); assert(header(l, 1) == 150)   -- pushed: 100 + 64 > 150
        assert(header(l, 2) == 180)
        -- Section 2's header is off the queried rect, but its items are in it: it is still returned.
        local found = {}
        for _, a in ipairs(l:layout{x = 0, y = 300, w = 320, h = 20}) do found[#found + 1] = a.kind .. a.section .. ":" .. (a.index or "-") end
        assert(table.concat(found, " ") == "header2:- item2:2 item2:3", table.concat(found, " "))
        """)
  }

  func testLayoutAttributesShape() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      local l = tantan.list{width = 300, height = 100, columns = 2, item_height = 40, footer_height = 10,
        spacing = {line = 5, item = 10}, insets = {left = 5, right = 5},
        sections = {{id = 1, footer = "end", items = {{id = "a"}, {id = "b"}, {id = "c"}}}}}
      local a = l:layout()
      assert(#a == 4, #a)
      assert(a[1].kind == "item" and a[1].section == 1 and a[1].index == 1 and a[1].z == 0)
      local f = a[2].frame
      assert(f.x == 155 and f.y == 0 and f.w == 140 and f.h == 40, f.x .. " " .. f.w)
      assert(a[3].frame.y == 45 and a[4].kind == "footer" and a[4].index == nil and a[4].frame.y == 85)
      assert(l.content_height == 95)
      assert(#l:layout{x = 0, y = 1000, w = 10, h = 10} == 0)
      local s, i = l:index_at(200, 10); assert(s == 1 and i == 2)
      assert(l:index_at(200, 90) == nil)
      """)
    t.fails(
      "local l = tantan.list{}; l:layout{x = 0, y = 0, w = -1, h = 1}",
      "test:1: bad argument #1 to 'layout' (rect.w: finite number >= 0 expected, got -1)")
    t.fails(
      "local l = tantan.list{}; l:layout(5)",
      "test:1: bad argument #1 to 'layout' (rect {x=, y=, w=, h=} expected, got number)")
  }

  func testScrollErrorsKeepTheOffset() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      l = tantan.list{height = 100, item_height = 50, content_inset = {top = 10, bottom = 5},
        sections = {{id = 1, items = {{id = 1}, {id = 2}, {id = 3}}}}}
      assert(l.offset == -10)
      assert(l:scroll_to(55) == 55 and l.offset == 55)   -- the end: 150 + 5 - 100
      assert(l:scroll_by(-5) == 50)
      """)
    t.fails("l:scroll_to(0/0)", "test:1: bad argument #1 to 'scroll_to' (number expected, got nan)")
    t.fails("l:scroll_to(56)", "test:1: bad argument #1 to 'scroll_to' (offset out of range (56; expected -10..55))")
    t.fails("l:scroll_to(-11)", "test:1: bad argument #1 to 'scroll_to' (offset out of range (-11; expected -10..55))")
    t.fails("l:scroll_by(1/0)", "test:1: bad argument #1 to 'scroll_by' (offset out of range (inf; expected -10..55))")
    t.fails("l:scroll_to('x')", "test:1: bad argument #1 to 'scroll_to' (number expected, got string)")
    t.ok("assert(l.offset == 50, l.offset)")
  }

  func testMillionItemSourceAnswersLayoutWithoutWalkingItems() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      calls = 0
      big = tantan.list{height = 600, item_height = 44, header_height = 20, sticky_headers = true, source = {
        section_count = function() return 2 end,
        item_count = function(_, s) return s == 1 and 10 or 999990 end,
        header = function(_, s) return "section " .. s end,
        item = function(_, s, i) return {id = s * 10000000 + i} end}}
      assert(big.count == 1000000 and big.content_height == 40 + 1000000 * 44)
      """)
    // Layout queries never call back into Lua and cost about the same at any depth; a scroll
    // fetches only the items coming into view (issue 17: before, construction read every item and
    // scrolling read none, so this asserted no events at all).
    t.ok(
      """
      local t0 = os.clock()
      for k = 1, 2000 do
        big:clear_events()
        big:scroll_to((k * 7919 * 44.5) % (big.content_height - 600))
        local a = big:layout()
        assert(#a >= 14 and #a <= 16 and a[1].kind == "header", #a)
        assert(#big:events() <= 16, #big:events())  -- the items fetched, and did_scroll
      end
      local elapsed = os.clock() - t0
      assert(elapsed < 2, "2000 scroll + layout queries took " .. elapsed .. " s")
      big:clear_events()
      assert(big:layout() and #big:events() == 0)
      big:scroll_to(big.content_height - 600)
      local a = big:layout()
      assert(a[#a].section == 2 and a[#a].index == 999990, a[#a].index)
      assert(big:item(2, 999990).id == 20999990)
      """)
  }
}
