import XCTest

/// The Lua wording of the list's model errors that no other test pins (captured from the build
/// before `ListError` replaced the model's Lua-worded errors; `ListErrors.swift` words them).
final class ListErrorWordingTests: XCTestCase {
  static let source =
    "source = {section_count = function() return 1 end, item_count = function() return 0 end, item = function() end}"

  func testStateErrorsNameTheirFunction() throws {
    let t = try LuaTestHost()
    t.fails("tantan.list{}:pull(10)", "test:1: pull: the list has no refresh config")
    t.ok("l = tantan.list{refresh = {}, height = 50, sections = {{id = 1, items = {{id = 1}, {id = 2}, {id = 3}}}}}")
    t.fails("l:scroll_to(20); l:pull(10)", "test:1: pull: the list is scrolled to 20; pull works at the top (0)")
    t.fails("l:scroll_to(20.25); l:pull(10)", "test:1: pull: the list is scrolled to 20.25; pull works at the top (0)")
    t.fails("l:scroll_to(0); l:refresh(); l:refresh()", "test:1: refresh: already refreshing")
    t.fails("tantan.list{}:finish_refresh()", "test:1: done: no refresh in progress")
    t.fails(
      """
      local l = tantan.list{refresh = {on_refresh = function(l, done) saved = done; error('boom') end}}
      pcall(l.refresh, l); saved()
      """, "test:2: done: this refresh was abandoned")
    t.fails(
      """
      local l = tantan.list{paging = {on_load_more = function(l, p, done) d = done end}}
      l:load_more(); d{{id = 1}}
      """, "test:2: done: the list has no section to append items to")
    t.ok("assert(l.load_error == nil)")
  }

  func testConfigErrorsPrintNumbersAsBefore() throws {
    let t = try LuaTestHost()
    t.fails(
      "tantan.list{refresh = {threshold = 0}}",
      "test:1: bad argument #1 to 'list' (refresh.threshold must be a finite number > 0, got 0.0)")
    t.fails(
      "tantan.list{refresh = {threshold = -2.5}}",
      "test:1: bad argument #1 to 'list' (refresh.threshold must be a finite number > 0, got -2.5)")
    t.fails(
      "tantan.list{estimated_item_height = 0, item_height = function() return 1 end, \(Self.source)}",
      "test:1: bad argument #1 to 'list' (estimated_item_height must be a finite number > 0, got 0)")
    t.fails(
      "tantan.list{estimated_item_height = -1.5, item_height = function() return 1 end, \(Self.source)}",
      "test:1: bad argument #1 to 'list' (estimated_item_height must be a finite number > 0, got -1.5)")
    t.fails(
      "tantan.list{}:pull(-0.5)", "test:1: bad argument #1 to 'pull' (distance must be a finite number >= 0, got -0.5)")
  }

  func testSourceDataErrorsAreNotArgumentErrors() throws {
    let t = try LuaTestHost()
    t.fails(
      "tantan.list{source = {section_count = function() return 1 end, item_count = function() return 2 end, item = function() return {id = 1} end}}",
      "test:1: duplicate item id 1: items 1 and 2 of section 0")
    t.fails(
      "tantan.list{source = {section_count = function() return 2 end, item_count = function() return 0 end, item = function() end, section_id = function() return 'x' end}}",
      "test:1: duplicate section id \"x\"")
    t.fails(
      "tantan.list{header_height = 0, \(Self.source.dropLast()), header = function() return 'h' end}}",
      "test:1: section 0 has a header but header_height is 0 (it would not show)")
  }

  func testFailedLoadAndRefreshKeepTheirTexts() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      l = tantan.list{sections = {{id = 's'}}, paging = {on_load_more = function(l, p, done) d = done end}}
      l:load_more(); assert(d({{id = 1}, {id = 1}}) == "failed")
      assert(l.load_error == 'duplicate item id 1: items 1 and 2 of section "s"', l.load_error)
      r = tantan.list{refresh = {on_refresh = function(l, done) e = done end}}
      r:refresh(); assert(not pcall(e, {{id = 's', header = 'H'}}))
      assert(r.refresh_error == 'section "s" has a header but header_height is 0 (it would not show)', r.refresh_error)
      """)
    XCTAssertTrue(t.picture("l").texts.contains { $0.hasPrefix("Load failed: duplicate item") })
  }
}
