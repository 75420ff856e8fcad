import LuaRuntime
import XCTest

@testable import TantanLua

/// What the grid's one declaration drives beyond the methods: the unknown-callback error, the
/// config keys in the reference, and model errors worded in one place.
final class GridDeclarationTests: XCTestCase {
  /// A misspelt callback used to be ignored silently (never called); now it is an error listing
  /// the declared names. Data fields and a class's methods (through `__index`) stay allowed.
  func testUnknownCallbackIsAnErrorListingTheKnownOnes() throws {
    let t = try gridHost()
    let bad = "test:1: bad argument #1 to 'grid' "
    let delegates =
      "can_drop, can_move, did_cancel, did_delete, did_drop, did_end_editing, did_move, will_begin_drag, will_begin_editing"
    t.fails(
      "tantan.grid{items = {1}, delegate = {did_mvoe = function() end}}",
      bad + "(delegate.did_mvoe: unknown callback (known callbacks: \(delegates)))")
    t.fails(
      "tantan.grid{items = {1}, delegate = {zz = setmetatable({}, {__call = print}), aa = print}}",
      bad + "(delegate.aa: unknown callback (known callbacks: \(delegates)))")
    t.fails(
      "tantan.grid{source = {count = function() return 0 end, item = print, remove = print}}",
      bad + "(source.remove: unknown callback (known callbacks: count, delete, item, move))")
    t.ok(
      """
      local d = {did_move = function() end, name = "mine", moves = 0, [1] = print}
      assert(tantan.grid{items = {1, 2}, delegate = d}.count == 2)
      local Class = {}
      Class.__index = Class
      function Class.did_drop(_, _, to) DROPPED = to end  -- called with the grid first
      function Class.helper() end
      local obj = setmetatable({}, Class)
      local g = tantan.grid{items = {1, 2}, delegate = obj}
      g:move(1, 2)
      assert(DROPPED == 2)
      """)
  }

  func testRequiredSourceCallbacksComeFromTheDeclaration() throws {
    let t = try gridHost()
    t.fails(
      "tantan.grid{source = {item = print}}",
      "test:1: bad argument #1 to 'grid' (source.count: function expected, got nil (an array of items goes in 'items'))"
    )
    XCTAssertEqual(GridSourceCallback.allCases.filter(\.spec.required).map(\.name), ["count", "item"])
  }

  /// The reference and the stubs list every config key (nested tables typed inline) and every
  /// callback from the same declarations the reader and the lookup use.
  func testReferenceListsEveryConfigKeyAndCallback() {
    let reference = ApiDocs.reference()
    let stubs = ApiDocs.stubs()
    for key in GridBinding.config.keys {
      XCTAssertTrue(reference.contains("`tantan.ReorderGridConfig.\(key)`"), key)
      XCTAssertTrue(stubs.contains("---@field \(key)? "), key)
    }
    XCTAssertTrue(stubs.contains("---@field insets? {top?: number, left?: number, bottom?: number, right?: number}"))
    for name in GridDelegateCallback.names {
      XCTAssertTrue(reference.contains("`tantan.ReorderGridDelegate.\(name)`"), name)
    }
    for name in GridSourceCallback.names {
      XCTAssertTrue(reference.contains("`tantan.ReorderGridSource.\(name)`"), name)
    }
    XCTAssertEqual(
      GridBinding.config.presetKeys.sorted(),
      [
        "autoscroll", "bar", "columns", "height", "insets", "item", "long_press", "preset", "spacing", "target",
        "top_bar", "width",
      ])
  }

  /// Signatures come from the typed parameters: optional ones get `?`, results their type.
  func testSignaturesComeFromTheParameterSpecs() {
    let sig = Dictionary(uniqueKeysWithValues: GridBinding.gridClass.methods.map { ($0.doc.name, $0.doc.signature) })
    XCTAssertEqual(sig["long_press"], "fun(self, index: integer, seconds?: number): boolean")
    XCTAssertEqual(sig["drag"], "fun(self, from: integer, to: integer, steps?: integer): integer")
    XCTAssertEqual(sig["index_at"], "fun(self, x: number, y: number): integer?")
    XCTAssertEqual(sig["cancel"], "fun(self)")
  }

  /// Model errors carry Swift facts; the binding shows numbers as the script wrote them (no Lua `.0`).
  func testModelNumbersAreShownAsTheScriptWroteThem() throws {
    XCTAssertEqual(Lua.formatExact(-3), "-3")
    XCTAssertEqual(Lua.formatExact(1e-300), "1e-300")
    XCTAssertEqual(Lua.formatExact(-9.25), "-9.25")
    XCTAssertEqual(Lua.formatExact(.nan), "nan")
    XCTAssertEqual(Lua.formatExact(-.infinity), "-inf")
    let t = try gridHost()
    t.fails(
      "tantan.grid{width = 10, columns = 4, insets = {left = 1, right = 1}, item = {w = 2.5}}",
      "test:1: bad argument #1 to 'grid' (columns: 4 items of width 2.5 do not fit in 8 points)")
    t.fails(
      "local g = tantan.grid{items = {1, 2}} g:move(1, 3)",
      "test:1: bad argument #2 to 'move' (index out of range (3; expected 1..2))")
    t.fails("local g = tantan.grid{items = {1, 2}} g:drop()", "test:1: drop: no drag in progress")
  }
}
