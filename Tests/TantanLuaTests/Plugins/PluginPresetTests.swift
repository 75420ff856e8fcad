import XCTest

@testable import TantanLua

/// `tantan.deck{preset = NAME}` and `tantan.grid{preset = NAME}` with presets plugins registered:
/// the preset's keys are the base config, the caller's keys go on top (in process).
final class PluginPresetTests: XCTestCase {
  private func host(_ setup: String) throws -> (PluginTestHost, String) {
    let s = try PluginSandbox()
    let dir = try s.plugin("p/looks", name: "looks", setup: setup)
    let p = try PluginTestHost([dir.path])
    XCTAssertEqual(p.reports, [])
    return (p, dir.appendingPathComponent("plugin.lua").path)
  }

  func testADeckPresetIsTheBaseAndTheCallersKeysGoOnTop() throws {
    let (p, _) = try host(
      """
      host.register_preset("deck", "bumble", {
        preset = "tinder", visible = 2, threshold = 90, bounds = { left = -10, right = 10 }, durations = { swipe = 0.5 },
      })
      host.register_preset("deck", "bumble-small", { preset = "bumble", width = 200 })
      host.register_preset("deck", "plain", { visible = 4 })
      """)
    p.t.ok(
      """
      local d = tantan.deck{preset = "bumble", source = {{}, {}}}
      assert(d.preset == "tinder" and d.visible == 2 and d.threshold == 90 and d.cyclic == false)
      assert(d.durations.swipe == 0.5 and d.durations.reset == 0.2, "tinder's other durations stay")
      -- The caller's keys win, nested tables key by key.
      d = tantan.deck{preset = "bumble", source = {{}}, visible = 3, bounds = { right = 20 }}
      assert(d.visible == 3 and d.bounds.left == -10 and d.bounds.right == 20, d.bounds.right)
      -- A preset over a preset over a built-in one.
      d = tantan.deck{preset = "bumble-small", source = {{}}}
      assert(d.width == 200 and d.visible == 2 and d.preset == "tinder")
      -- No base named: the default (tantan) preset underneath.
      d = tantan.deck{preset = "plain", source = {{}}}
      assert(d.preset == "tantan" and d.visible == 4 and d.cyclic == true)
      -- Built-ins are unchanged.
      assert(tantan.deck{preset = "tinder", source = {{}}}.visible == 3)
      """)
  }

  func testAnUnknownPresetListsTheBuiltInAndPluginNames() throws {
    let (p, file) = try host(
      """
      host.register_preset("deck", "bumble", { preset = "tinder" })
      host.register_preset("deck", "broken-base", { preset = "tindr" })
      host.register_preset("grid", "wide", { columns = 2 })
      """)
    p.t.fails(
      "tantan.deck{preset = 'bumbel', source = {}}",
      "test:1: bad argument #1 to 'deck' (preset: unknown deck preset 'bumbel' (known: 'tantan', 'tinder', 'bumble', 'broken-base'))"
    )
    p.t.fails(
      "tantan.deck{preset = 'broken-base', source = {}}",
      "test:1: bad argument #1 to 'deck' (preset 'broken-base' of plugin 'looks' (\(file):8): preset: unknown deck preset 'tindr' (known: 'tantan', 'tinder', 'bumble', 'broken-base'))"
    )
    p.t.fails(
      "tantan.grid{preset = 'narrow'}",
      "test:1: bad argument #1 to 'grid' (preset: unknown grid preset 'narrow' (known: 'wide'))")
    p.t.fails(
      "tantan.deck{preset = 7, source = {}}", "test:1: bad argument #1 to 'deck' (preset: string expected, got number)")
  }

  func testBadPresetDataNamesThePluginAndThePreset() throws {
    let (p, file) = try host(
      """
      host.register_preset("deck", "typo", { visible = "two" })
      host.register_preset("deck", "nested", { bounds = { left = "x" } })
      host.register_preset("deck", "unknown-key", { widht = 3 })
      host.register_preset("deck", "with-source", { source = { {}, {} } })
      host.register_preset("deck", "invalid", { width = -1 })
      host.register_preset("deck", "loop-a", { preset = "loop-b" })
      host.register_preset("deck", "loop-b", { preset = "loop-a" })
      host.register_preset("deck", "bad-base", { preset = 3 })
      host.register_preset("grid", "zero", { columns = 0 })
      host.register_preset("grid", "items", { items = { 1, 2 } })
      """)
    func deck(_ name: String, _ line: Int, _ message: String) {
      p.t.fails(
        "tantan.deck{preset = '\(name)', source = {{}}}",
        "test:1: bad argument #1 to 'deck' (preset '\(name)' of plugin 'looks' (\(file):\(line)): \(message))")
    }
    deck("typo", 7, "visible: integer expected, got string")
    deck("nested", 8, "bounds.left: number expected, got string")
    deck(
      "unknown-key", 9,
      "widht: unknown key (known keys: " + DeckBinding.config.presetKeys.sorted().joined(separator: ", ") + ")")
    deck(
      "with-source", 10,
      "source: unknown key (known keys: " + DeckBinding.config.presetKeys.sorted().joined(separator: ", ") + ")")
    deck("invalid", 11, "'width' must be > 0, got -1")
    // A cycle is reported at the preset that closes it.
    p.t.fails(
      "tantan.deck{preset = 'loop-a', source = {{}}}",
      "test:1: bad argument #1 to 'deck' (preset 'loop-b' of plugin 'looks' (\(file):13): preset: deck presets name each other in a cycle: 'loop-a' -> 'loop-b' -> 'loop-a')"
    )
    deck("bad-base", 14, "preset: string expected, got number")
    p.t.fails(
      "tantan.grid{preset = 'zero'}",
      "test:1: bad argument #1 to 'grid' (preset 'zero' of plugin 'looks' (\(file):15): columns: positive integer expected, got 0)"
    )
    p.t.fails(
      "tantan.grid{preset = 'items'}",
      "test:1: bad argument #1 to 'grid' (preset 'items' of plugin 'looks' (\(file):16): items: unknown key (known keys: autoscroll, bar, columns, height, insets, item, long_press, preset, spacing, target, top_bar, width))"
    )
    // The user's own errors are still the user's.
    p.t.fails(
      "tantan.deck{preset = 'tinder', source = {{}}, visible = 'x'}",
      "test:1: bad argument #1 to 'deck' (visible: integer expected, got string)")
  }

  func testAGridPresetIsTheBaseAndTheCallersKeysGoOnTop() throws {
    let (p, _) = try host(
      """
      host.register_preset("grid", "three", { columns = 3, item = { w = 100, h = 40 }, spacing = { line = 6 }, target = "closest_center" })
      """)
    p.t.ok(
      """
      local g = tantan.grid{preset = "three", items = {"a", "b", "c", "d"}}
      assert(g.columns == 3 and g.target == "closest_center")
      local a, d = g:cell(1).frame, g:cell(4).frame
      assert(a.w == 100 and a.h == 40 and d.x == a.x and d.y == a.y + 46, d.y)
      g = tantan.grid{preset = "three", items = {"a"}, columns = 2, target = "half_cell"}
      assert(g.columns == 2 and g.target == "half_cell" and g:cell(1).frame.w == 100)
      """)
  }

  func testWithoutPluginsTheDeckStillNamesItsBuiltInPresets() throws {
    let t = try LuaTestHost()
    t.fails(
      "tantan.grid{preset = 'x'}", "test:1: bad argument #1 to 'grid' (preset: unknown grid preset 'x' (known: none))")
    t.ok("assert(tantan.deck{preset = 'tinder', source = {{}}}.visible == 3)")
  }
}
