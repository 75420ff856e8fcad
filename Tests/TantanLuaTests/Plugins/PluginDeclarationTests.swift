import LuaRuntime
import XCTest

@testable import TantanLua

/// The plugins' Lua surface and the grid's constructor are declared once: the reference row comes
/// from the same declaration as the checks and the push.
final class PluginDeclarationTests: XCTestCase {
  /// `tantan.plugins()` pushed a `description` its hand-written type left out; the type and the
  /// push are now one declaration, so every key a record carries is in the reference.
  func testEveryKeyOfAPluginRecordIsInTheDeclaredType() throws {
    let s = try PluginSandbox()
    let p = try PluginTestHost([try s.plugin("p/a", name: "a").path])
    let type = try XCTUnwrap(PluginBinding.docs.first { $0.name == "tantan.plugins" }).signature
    XCTAssertTrue(type.contains("description"))
    p.t.ok(
      """
      local declared, n = [==[\(type)]==], 0
      for k in pairs(tantan.plugins()[1]) do
        n = n + 1
        assert(declared:find("[{ ]" .. k .. "%??: "), k .. " missing from " .. declared)
      end
      assert(n >= 6, n)
      """)
  }

  /// Each registration function's reference row lists the parameters its checks read, in order:
  /// the nth declared parameter is the one a bad nth argument is reported for (with `.` and `:`).
  func testRegistrationRowsComeFromTheCheckedParameters() throws {
    let rows = Dictionary(uniqueKeysWithValues: PluginHostObject.docs.map { ($0.name, $0.signature) })
    XCTAssertEqual(rows["tantan.PluginHost.register_preset"], "fun(component: string, name: string, config: table)")
    XCTAssertEqual(
      rows["tantan.PluginHost.on"], "fun(hook: \"before_scenario\"|\"after_scenario\"|\"event\", fn: function)")
    let s = try PluginSandbox()
    let dir = try s.plugin(
      "p/b", name: "b",
      setup: """
        local ok, e = pcall(host.register_preset, "deck", "x", 5)
        assert(e:find("bad argument #3 to '", 1, true) and e:find("(table expected, got number)", 1, true), e)
        ok, e = pcall(function() host:register_preset("deck", "x", 5) end)
        assert(e:find("bad argument #3 to 'register_preset' (table expected, got number)", 1, true), e)
        ok, e = pcall(function() host:on("later", print) end)
        assert(e:find("bad argument #1 to 'on' (invalid option 'later')", 1, true), e)
        """)
    let p = try PluginTestHost([dir.path])
    XCTAssertEqual(p.reports, [])
    XCTAssertEqual(p.record("b")?.status, .loaded, p.record("b")?.reason ?? "")
  }

  /// `tantan.grid` is a declared function like every other: its parameter is the config schema's.
  func testTheGridConstructorIsDeclaredFromItsConfigSchema() throws {
    XCTAssertEqual(GridBinding.constructor.doc.signature, "fun(config?: tantan.ReorderGridConfig): tantan.ReorderGrid")
    XCTAssertEqual(GridBinding.constructor.site.parameters, ["config"])
    XCTAssertTrue(GridBinding.entry.docs().contains(GridBinding.constructor.doc))
    let t = try LuaTestHost()
    t.fails("tantan.grid(5)", "test:1: bad argument #1 to 'grid' (table expected, got number)")
    t.fails(
      "tantan.grid{colums = 3}",
      "test:1: bad argument #1 to 'grid' (colums: unknown key (known keys: \(GridBinding.config.keys.sorted().joined(separator: ", "))))"
    )
  }
}
