import XCTest

/// Issue 17 point 1: a `source` list fetches only the items in view (plus `paging.prefetch`),
/// estimated heights are corrected as items are measured, and without an estimate every height is
/// measured once.
final class ListLazySourceTests: XCTestCase {
  func testMillionItemSourceFetchesOnlyTheWindow() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      fetched = {}
      l = tantan.list{height = 667, item_height = 44, paging = {prefetch = 5}, source = {
        section_count = function() return 1 end,
        item_count = function() return 1000000 end,
        item = function(_, s, i) fetched[#fetched + 1] = i; return {id = i} end}}
      -- 16 rows intersect 667 points of 44-point rows, plus 5 prefetched.
      assert(#fetched == 21 and fetched[1] == 1 and fetched[21] == 21, #fetched)
      assert(l.count == 1000000 and l.content_height == 44000000)
      fetched = {}
      l:scroll_to(44 * 500000)
      assert(#fetched == 21 and fetched[1] == 500001, #fetched)
      fetched = {}
      l:scroll_by(44)  -- one row further: one new item in view, one more prefetched
      assert(#fetched == 1 and fetched[1] == 500022, #fetched)
      assert(l:item(1, 3).id == 3)  -- outside the window: fetched on demand
      """)
  }

  func testEstimatedHeightsAreCorrectedAsItemsAreMeasured() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      measured = {}
      l = tantan.list{height = 600, estimated_item_height = 40, source = {
          section_count = function() return 1 end,
          item_count = function() return 1000 end,
          item = function(_, s, i) return {id = i} end},
        item_height = function(_, s, i, item)
          assert(not measured[i], "item " .. i .. " measured twice")
          measured[i] = true
          return 60
        end}
      local function count() local n = 0 for _ in pairs(measured) do n = n + 1 end return n end
      local function top(i) for _, a in ipairs(l:layout()) do if a.index == i then return a.frame.y end end end
      -- 15 items fill 600 points at the estimate; all 15 are measured (at 60, 10 show).
      assert(count() == 15, count())
      assert(l.content_height == 15 * 60 + 985 * 40, l.content_height)
      -- At 20000 the first visible item is 493 (900 + 477 * 40 = 19980): items 493..508 fill the
      -- screen at the estimate and are measured.
      l:scroll_to(20000)
      assert(l.offset == 20000 and select(2, l:index_at(1, 20001)) == 493)
      assert(count() == 31, count())
      assert(top(493) == 19980 and top(494) == 20040)
      -- Scrolling up brings item 492 into view; measured 20 points taller, it would push 493 down:
      -- the offset follows 493 instead, so what was on screen does not jump.
      l:scroll_by(-40)
      assert(top(493) == 20000 and l.offset == 19980, l.offset)
      assert(l.content_height == 32 * 60 + 968 * 40, l.content_height)
      """)
    t.fails(
      "tantan.list{item_height = 44, estimated_item_height = 40, source = {section_count = print, item_count = print, item = print}}",
      "test:1: bad argument #1 to 'list' (estimated_item_height needs item_height to be a function)")
    t.fails(
      "tantan.list{item_height = function() return 1 end, estimated_item_height = 40, sections = {}}",
      "test:1: bad argument #1 to 'list' (estimated_item_height needs a source (a list of values measures every item))")
  }

  func testWithoutAnEstimateEveryHeightIsMeasuredOnce() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      heights = 0
      l = tantan.list{height = 600, source = {
          section_count = function() return 1 end,
          item_count = function() return 300 end,
          item = function(_, s, i) return {id = i} end},
        item_height = function(_, s, i) heights = heights + 1; return 10 + i % 3 end}
      assert(heights == 300, heights)
      l:scroll_to(1000); l:scroll_to(0)
      assert(heights == 300, heights)
      assert(l.content_height == 100 * 11 + 100 * 12 + 100 * 10, l.content_height)
      """)
  }
}
