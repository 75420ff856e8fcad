import ConformanceScan
import XCTest

@testable import TantanLua
@testable import TantanTools

/// The component registry: a component defined here (`ToggleBinding`, ToggleComponent.swift) is
/// registered through the same path as the built-in ones, and the module installs it,
/// `tantan.render` draws it, explore drives and checks it and the reference documents it, with
/// none of the host's files naming it.
final class ComponentRegistryTests: XCTestCase {
  /// The built-in components, then this test target's own: its `TantanComponent` types, listed at
  /// build time by the same plugin as the built-in ones (the toggle, named in no list).
  func registry() throws -> ComponentRegistry {
    try TantanLuaTestsConformances.tantanComponent.reduce(ComponentRegistry.builtin) { r, c in try r.adding(c.entry) }
  }

  /// The lists are the sources' conformances (Plugins/ConformanceList, run by every build): the
  /// built-in registry is every `TantanComponent` of TantanLua's sources, by type name (deck,
  /// grid, list: the order of the reference, explore and the playground), the playground's
  /// adapters every `PlayAdapter` of TantanTools', and the tests' list holds the toggle.
  func testTheListsAreTheTypesTheSourcesDeclare() throws {
    func scanned(_ folder: String, _ proto: String) throws -> [String] {
      let dir = HostBinary.packageRoot.appendingPathComponent(folder)
      let files = try XCTUnwrap(FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil))
      return try files.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.flatMap { url in
        ConformanceScan.conformers(of: proto, in: try String(contentsOf: url, encoding: .utf8))
      }.sorted()
    }
    XCTAssertEqual(ComponentRegistry.builtin.entries.map(\.kind), ["deck", "grid", "list"])
    XCTAssertEqual(
      TantanLuaConformances.tantanComponent.map { "\($0)" }, try scanned("Sources/TantanLua", "TantanComponent"))
    XCTAssertEqual(PlayComponents.all.map { $0.kind }, ["deck", "grid", "list"])
    XCTAssertEqual(
      TantanToolsConformances.playAdapter.map { "\($0)" }, try scanned("Sources/TantanTools", "PlayAdapter"))
    XCTAssertEqual(TantanLuaTestsConformances.tantanComponent.map { "\($0)" }, ["ToggleBinding"])
    XCTAssertEqual(try registry().entries.map(\.kind), ["deck", "grid", "list", "toggle"])
  }

  func testAComponentDefinedInTheTestsIsInstalledAndDrawn() throws {
    let t = try LuaTestHost(components: try registry())
    t.ok(
      """
      local x = tantan.toggle()
      x:flip()
      assert(x.on == true and tostring(x) == "test.Toggle(on)")
      local svg = tantan.render.svg(x)
      assert(svg:find('fill="#0a0"', 1, true), svg)
      assert(#tantan.render.frames(x, 1, 2) == 3)
      """)
    t.fails(
      "tantan.render.svg({})",
      "test:1: bad argument #1 to 'svg' (tantan.SwipeDeck, tantan.ReorderGrid, tantan.List or test.Toggle expected, got table)"
    )
    // The built-in host has no toggle.
    XCTAssertEqual(try LuaTestHost().eval("tantan.toggle"), "nil")
  }

  func testExploreDrivesAndChecksTheTestComponent() throws {
    let t = try LuaTestHost(components: try registry())
    t.ok(
      """
      local spec = { setup = function() return { sw = tantan.toggle() } end, actions = tantan.explore.toggle_actions() }
      assert(tantan.explore.replay(spec, { { "flip" }, { "flip" }, { "flip" } }))
      -- The model's own check (ComponentObject.invariantViolation) runs after every step.
      spec.setup = function() local x = tantan.toggle(); x:break_after(2); return x end
      local ok, err = pcall(tantan.explore.replay, spec, { { "flip" }, { "flip" }, { "flip" } })
      assert(not ok and err:find("after step 2 (flip): toggle flipped 2 times", 1, true), err)
      """)
  }

  func testTheReferenceDocumentsTheTestComponentFromItsEntry() throws {
    let reference = ApiDocs.reference(TantanModule.allDocs(components: try registry()))
    for row in [
      "| `tantan.toggle` | function | `fun(): test.Toggle` | A switch, off. |",
      "| `test.Toggle:flip` | method | `fun(self: test.Toggle)` | Turns it over. |",
      "| `test.Toggle.on` | field | `boolean` | Whether it is on. |",
      "| `tantan.explore.toggle_actions` | function |",
    ] {
      XCTAssertTrue(reference.contains(row), row)
    }
    XCTAssertFalse(ApiDocs.reference().contains("tantan.toggle"))
    XCTAssertFalse(ApiDocs.reference().contains("test.Toggle"))
  }

  func testTwoComponentsWithOneKindOrClassAreRefused() throws {
    XCTAssertThrowsError(try registry().adding(ToggleBinding.entry)) { e in
      XCTAssertEqual("\(e)", "component 'toggle' (test.Toggle) clashes with 'toggle' (test.Toggle)")
    }
    XCTAssertThrowsError(try ComponentRegistry.builtin.adding(DeckBinding.entry))
  }

  /// Presets exist for the components whose config takes `preset`; the list's do not.
  func testAPluginPresetForAComponentWithoutPresetsIsAnError() throws {
    let s = try PluginSandbox()
    let dir = try s.plugin(
      "p/looks", name: "looks",
      setup: """
        _G.list_err = select(2, pcall(function() host.register_preset("list", "dense", { columns = 2 }) end))
        _G.typo_err = select(2, pcall(function() host.register_preset("dek", "dense", { visible = 2 }) end))
        host.register_preset("grid", "wide", { columns = 2 })
        """)
    let p = try PluginTestHost([dir.path])
    XCTAssertEqual(p.reports, [])
    let file = dir.appendingPathComponent("plugin.lua").path
    XCTAssertEqual(
      p.t.eval("list_err"),
      "\(file):7: bad argument #1 to 'register_preset' (component 'list' takes no presets (components with presets: 'deck', 'grid'))"
    )
    XCTAssertEqual(
      p.t.eval("typo_err"),
      "\(file):8: bad argument #1 to 'register_preset' (no component 'dek' (components with presets: 'deck', 'grid'))")
    p.t.ok("assert(tantan.grid{preset = 'wide'}.columns == 2)")
  }
}
