import XCTest

@testable import TantanLua

/// What plugins registered is freed with the state: no retain cycle keeps a closed host's
/// registry (and the presets' `LuaValue` data it holds) alive. Checked with `weak` references,
/// in process (cheaper than LeakSanitizer; `scripts/sanitize` checks the examples too).
final class PluginLifetimeTests: XCTestCase {
  func testClosingTheHostFreesItsRegistryPresetsAndEventObservers() throws {
    let s = try PluginSandbox()
    let dir = try s.plugin(
      "p/looks", name: "looks",
      setup: """
        host.register_preset("deck", "bumble", { preset = "tinder", visible = 2, bounds = { left = -10 } })
        host.on("event", function(e) end)
        """)
    weak var host: TantanHost?
    weak var registry: PluginRegistry?
    weak var observer: EventObserver?
    do {
      let p = try PluginTestHost([dir.path])
      XCTAssertEqual(p.reports, [])
      XCTAssertNotNil(p.registry.preset(kind: "deck", name: "bumble")?.data)
      // A deck's event log asks the registry for an observer (a plugin listens to events).
      p.t.ok("local d = tantan.deck{preset = 'bumble', source = {{}, {}}}; assert(d.visible == 2)")
      observer = p.registry.eventObserver(component: "deck")
      XCTAssertNotNil(observer)
      host = p.host
      registry = p.registry
    }
    XCTAssertNil(host, "the host outlived its state")
    XCTAssertNil(registry, "the plugin registry (and its presets) outlived the host")
    XCTAssertNil(observer, "an event observer outlived the host")
  }
}
