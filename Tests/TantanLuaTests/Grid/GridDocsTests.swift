import XCTest

@testable import TantanLua

/// The declarations the API reference and stubs are generated from cover lua-api.md's names and
/// the additions, each with a signature and a doc.
final class GridDocsTests: XCTestCase {
  func testEveryNameIsDeclaredWithASignatureAndADoc() throws {
    let cls = GridBinding.gridClass
    let methods = Set(cls.methods.map(\.doc.name))
    let fields = Set(cls.fields.map(\.doc.name))
    let apiMethods = [
      "long_press", "pan_begin", "drag_by", "drag_to", "drop", "cancel", "drag", "set_editing", "toggle_editing",
      "delete", "move", "scroll_to", "cell", "index_at", "events", "clear_events",
    ]
    let added = ["reload", "item", "save_svg"]
    XCTAssertEqual(methods, Set(apiMethods + added))
    let apiFields = ["items", "count", "editing", "dragging", "offset", "content_height", "visible"]
    for f in apiFields + ["locked", "max_offset", "edit_title"] { XCTAssertTrue(fields.contains(f), f) }
    for d in cls.docs {
      XCTAssertFalse(d.doc.isEmpty, d.name)
      if d.kind == .method { XCTAssertTrue(d.signature.hasPrefix("fun(self"), d.name) }
    }
    let callbacks = Set(GridBinding.callbackDocs.map(\.name))
    for n in GridDelegateCallback.names { XCTAssertTrue(callbacks.contains("tantan.ReorderGridDelegate." + n), n) }
    for n in GridSourceCallback.names { XCTAssertTrue(callbacks.contains("tantan.ReorderGridSource." + n), n) }
    XCTAssertEqual(GridBinding.entry.docs().first?.name, "tantan.grid")
    XCTAssertTrue(ComponentRegistry.builtin.entries.contains { $0.className == "tantan.ReorderGrid" })
  }

  func testDeclaredMethodsAndFieldsAreReachableFromLua() throws {
    let t = try gridHost()
    let cls = GridBinding.gridClass
    let methods = cls.methods.map { "\"\($0.doc.name)\"" }.joined(separator: ", ")
    let fields = cls.fields.map { "\"\($0.doc.name)\"" }.joined(separator: ", ")
    t.ok(
      """
      local g = tantan.grid{items = numbered(8)}
      for _, m in ipairs{\(methods)} do assert(type(g[m]) == "function", m) end
      for _, f in ipairs{\(fields)} do
        local ok, err = pcall(function() return g[f] end)
        assert(ok, err)
      end
      assert(g.nope == nil)
      """)
  }
}
