import LuaRuntime
import XCTest

@testable import TantanLua

/// What the list's one declaration drives beyond the methods: the unknown-callback error, the
/// required source callbacks, and every config key, callback and method in the reference.
final class ListDeclarationTests: XCTestCase {
  static let source = "section_count = function() return 0 end, item_count = function() return 0 end, item = print"

  /// A misspelt callback used to be ignored (source) or reported as an unknown key (delegate); now
  /// both are errors listing the declared names, and data fields stay allowed.
  func testUnknownCallbackIsAnErrorListingTheKnownOnes() throws {
    let t = try LuaTestHost()
    let bad = "test:1: bad argument #1 to 'list' "
    t.fails(
      "tantan.list{delegate = {did_scrol = function() end}}",
      bad + "(delegate.did_scrol: unknown callback (known callbacks: did_scroll))")
    t.fails(
      "tantan.list{source = {\(Self.source), heder = function() end}}",
      bad
        + "(source.heder: unknown callback (known callbacks: footer, header, item, item_count, section_count, section_id))"
    )
    t.fails("tantan.list{delegate = {did_scroll = 5}}", bad + "(delegate.did_scroll: function expected, got number)")
    t.fails(
      "tantan.list{refresh = {on_refrsh = print}}",
      bad + "(refresh.on_refrsh: unknown key (known keys: finish_duration, on_refresh, threshold))")
    t.ok(
      """
      local seen = {}
      local l = tantan.list{height = 100, item_height = 50, sections = {{id = 1, items = {{id = 1}, {id = 2}, {id = 3}}}},
        delegate = {name = "mine", did_scroll = function(list, y) seen[#seen + 1] = y end},
        source = nil, refresh = {on_refresh = setmetatable({}, {__call = function(_, list, done) done() end})}}
      l:scroll_to(30)
      assert(seen[1] == 30 and l:events()[1] == "did_scroll(30)")
      l:scroll_to(0); l:refresh()
      assert(l.refresh_state ~= "refreshing")
      """)
  }

  func testRequiredSourceCallbacksComeFromTheDeclaration() throws {
    let t = try LuaTestHost()
    t.fails(
      "tantan.list{source = {item = print}}",
      "test:1: bad argument #1 to 'list' (source.section_count: function expected, got nil)")
    XCTAssertEqual(
      ListSourceCallback.allCases.filter(\.spec.required).map(\.name), ["section_count", "item_count", "item"])
  }

  /// The reference and the stubs list every config key, callback and method from the same
  /// declarations the reader, the lookup and the class use.
  func testReferenceListsEveryDeclaration() {
    let reference = ApiDocs.reference()
    let stubs = ApiDocs.stubs()
    for key in ListBinding.config.keys {
      XCTAssertTrue(reference.contains("`tantan.ListConfig.\(key)`"), key)
      XCTAssertTrue(stubs.contains("---@field \(key)? "), key)
    }
    for key in ListBinding.refresh.keys + ListRefreshCallback.names {
      XCTAssertTrue(reference.contains("`tantan.ListRefreshConfig.\(key)`"), key)
    }
    for key in ListBinding.paging.keys + ListPagingCallback.names {
      XCTAssertTrue(reference.contains("`tantan.ListPagingConfig.\(key)`"), key)
    }
    for name in ListSourceCallback.names { XCTAssertTrue(reference.contains("`tantan.ListSource.\(name)`"), name) }
    for name in ListDelegateCallback.names { XCTAssertTrue(reference.contains("`tantan.ListDelegate.\(name)`"), name) }
    for m in ListBinding.listClass.docs where m.kind == .method {
      XCTAssertTrue(reference.contains("`\(m.name)`"), m.name)
    }
    XCTAssertTrue(
      reference.contains("`fun(self: tantan.List, section: integer, index: integer): table`"),
      "item's generated signature")
  }

  /// Index arguments are checked by the model and worded with the declared parameter's position.
  func testIndexErrorsNameTheDeclaredParameter() throws {
    let t = try LuaTestHost()
    t.ok("l = tantan.list{sections = {{id = 1, items = {{id = 1}}}, {id = 2}}}")
    t.fails("l:item(1, 2)", "test:1: bad argument #2 to 'item' (index out of range (2; expected 1..1))")
    t.fails("l:item(2, 1)", "test:1: bad argument #2 to 'item' (index out of range (1; no items))")
    t.fails("l:item(3, 1)", "test:1: bad argument #1 to 'item' (section out of range (3; expected 1..2))")
    t.fails(
      "l:header(math.mininteger)",
      "test:1: bad argument #1 to 'header' (section out of range (-9223372036854775808; expected 1..2))")
    t.fails("l:item_count(0)", "test:1: bad argument #1 to 'item_count' (section out of range (0; expected 1..2))")
    t.ok("assert(l:item_count(2) == 0 and l:section_id(2) == 2 and l:header(1) == nil)")
  }
}
