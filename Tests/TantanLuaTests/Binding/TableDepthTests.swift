import XCTest

@testable import TantanLua

/// Every entry point that takes tables, at, below and far beyond the one table depth limit
/// (`TableDepth.limit`, 200 levels; the value handed over is level 1). Before the limit was shared
/// and the walkers reserved Lua stack, a list item 13 levels deep overwrote memory past the stack.
final class TableDepthTests: XCTestCase {
  /// `nest(n)`: a table n levels deep; `item(n)`: the same with an id (a list item).
  static let helpers = """
    local function nest(levels)
      local top = {} local t = top
      for i = 2, levels do t[1] = {} t = t[1] end
      return top
    end
    local function item(levels) local t = nest(levels) t.id = 1 return t end
    local function try(f) local ok, e = pcall(f) return ok and "ok" or e end

    """

  /// `body` is run with `n` at 13, 199, 200 (all accepted), 201 and 100000 (the limit error).
  private func check(_ body: String, beyond: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let t = try LuaTestHost()
    for n in [13, 199, 200, 201, 100_000] {
      t.ok("n = \(n)", file: file, line: line)
      let got = t.eval("(function() \(Self.helpers) return try(function() \(body) end) end)()")
      XCTAssertEqual(got, n <= 200 ? "ok" : beyond, "depth \(n)", file: file, line: line)
    }
  }

  func testListItemsSectionsAndApply() throws {
    try check(
      "tantan.list{sections = {{id = 1, items = {item(n)}}}}",
      beyond: "test:8: bad argument #1 to 'list' (sections[1].items[1]: table nested deeper than 200 levels)")
    try check(
      "tantan.list{header_height = 20, sections = {{id = 1, header = nest(n)}}}",
      beyond: "test:8: bad argument #1 to 'list' (sections[1].header: table nested deeper than 200 levels)")
    try check(
      "tantan.list{footer_height = 20, sections = {{id = 1, footer = nest(n)}}}",
      beyond: "test:8: bad argument #1 to 'list' (sections[1].footer: table nested deeper than 200 levels)")
    try check(
      "local l = tantan.list{sections = {{id = 1, items = {{id = 1}}}}} l:apply{{id = 1, items = {item(n)}}}",
      beyond: "test:8: bad argument #1 to 'apply' (sections[1].items[1]: table nested deeper than 200 levels)")
  }

  func testListSourcesAndPages() throws {
    try check(
      """
      tantan.list{source = {section_count = function() return 1 end, item_count = function() return 1 end,
        item = function() return item(n) end}}:layout()
      """,
      beyond: "test:8: source.item(1, 1) returned: table nested deeper than 200 levels")
    try check(
      """
      local done
      local l = tantan.list{sections = {{id = 1, items = {{id = 0}}}}, paging = {on_load_more = function(_, _, d) done = d end}}
      l:load_more() done({item(n)})
      """,
      beyond: "test:10: bad argument #1 to 'done' (items[1]: table nested deeper than 200 levels)")
  }

  func testJSONBothWays() throws {
    try check(
      "tantan.json.encode(nest(n))",
      beyond: "test:8: tantan.json.encode: cannot encode a table nested deeper than 200 levels (at value"
        + String(repeating: "[1]", count: 200) + ")")
    try check(
      "tantan.json.decode(string.rep('[', n) .. string.rep(']', n))",
      beyond: "test:8: tantan.json.decode: table nested deeper than 200 levels at line 1 column 201")
  }

  /// Deck models and grid items are kept by reference and never walked: any depth works, also
  /// when drawn (the renderer reads one level of a view model).
  func testDeckModelsAndGridItemsAreNotWalked() throws {
    let t = try LuaTestHost()
    for n in [13, 200, 201, 100_000] {
      t.ok(
        """
        \(Self.helpers)
        local d = tantan.deck{source = {nest(\(n)), nest(\(n))}}
        d:like() tantan.clock:settle()
        assert(tantan.render.svg(d):find("<svg", 1, true))
        local g = tantan.grid{items = {nest(\(n)), nest(\(n)), nest(\(n))}}
        g:move(1, 3)
        assert(tantan.render.svg(g):find("<svg", 1, true))
        local l = tantan.list{sections = {{id = 1, items = {{id = 1, title = "x"}}}}}
        assert(tantan.render.svg(l):find("<svg", 1, true))
        """)
    }
  }

  /// A table referenced twice is plain data (read twice); a cycle is an error, not a hang.
  func testSharedTablesAndCycles() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      local shared = {title = "s", list = {1, 2}}
      local l = tantan.list{header_height = 20, sections = {{id = 1, header = shared, items = {{id = 1, a = shared, b = shared}}}}}
      local d = l:apply{{id = 1, header = shared, items = {{id = 1, a = shared, b = {title = "s", list = {1, 2}}}}}}
      assert(#d.reloaded == 0, "an equal copy of the shared table is the same data")
      d = l:apply{{id = 1, header = shared, items = {{id = 1, a = shared, b = {title = "t", list = {1, 2}}}}}}
      assert(#d.reloaded == 1, "changed data is reloaded")
      assert(tantan.json.encode({a = shared.list, b = shared.list}) == '{"a":[1,2],"b":[1,2]}')
      """)
    t.fails(
      "local c = {} c[1] = {c} tantan.list{sections = {{id = 1, items = {{id = 1, c = c}}}}}",
      "test:1: bad argument #1 to 'list' (sections[1].items[1]: a view model cannot contain itself)")
  }

  /// A plugin preset 20 levels deep corrupted the state when a deck used it; 200 levels register,
  /// 201 are an error at `register_preset`, and using a deep preset is a clean config error.
  func testPluginPresets() throws {
    let s = try PluginSandbox()
    let dir = try s.plugin(
      "p/deep", name: "deep",
      setup: Self.helpers + """
        host.register_preset("deck", "deep20", { visible = 2, extra = nest(19) })
        host.register_preset("deck", "deep200", { visible = 2, extra = nest(199) })
        _G.err201 = select(2, pcall(function() host.register_preset("deck", "deep201", { extra = nest(200) }) end))
        _G.err_far = select(2, pcall(function() host.register_preset("deck", "far", { extra = nest(100000) }) end))
        """)
    let p = try PluginTestHost([dir.path])
    XCTAssertEqual(p.reports, [])
    let known = DeckBinding.config.presetKeys.sorted().joined(separator: ", ")
    for name in ["deep20", "deep200"] {
      p.t.fails(
        "tantan.deck{preset = '\(name)', source = {{}}}",
        "test:1: bad argument #1 to 'deck' (preset '\(name)' of plugin 'deep' (\(dir.path)/plugin.lua:\(name == "deep20" ? 14 : 15)): extra: unknown key (known keys: \(known)))"
      )
    }
    p.t.ok(
      """
      local t, levels = tantan.preset("deck", "deep200"), 0
      t = t.extra
      while t do levels = levels + 1 t = t[1] end
      assert(levels == 199, levels)
      assert(tantan.deck{preset = "tinder", source = {{}, {}}}.visible == 3, "the state still works")
      """)
    XCTAssertEqual(
      p.t.eval("err201"),
      "\(dir.path)/plugin.lua:16: bad argument #3 to 'register_preset' (preset must be plain data (table nested deeper than 200 levels))"
    )
    XCTAssertEqual(
      p.t.eval("err_far"),
      "\(dir.path)/plugin.lua:17: bad argument #3 to 'register_preset' (preset must be plain data (table nested deeper than 200 levels))"
    )
  }
}
