import LuaRuntime
import XCTest

@testable import TantanLua

/// Plugins are found in each place, in order: --plugin, ./plugins, TANTAN_PLUGIN_PATH,
/// ~/.config/tantan/plugins (the real binary, with a private HOME and working folder).
final class PluginDiscoveryTests: XCTestCase {
  private let who = "-e",
    printLoaded = """
      local t = {} for _, p in ipairs(tantan.plugins()) do t[#t + 1] = p.name .. ':' .. p.status end print(table.concat(t, ' '))
      """

  func testEachPlaceLoadsItsPlugins() throws {
    let s = try PluginSandbox()
    try s.plugin("opt/a", name: "from-option", setup: "host.register_source('a', function() return {1} end)")
    try s.plugin("work/plugins/b", name: "from-cwd")
    try s.plugin("path1/c", name: "from-path-1")
    try s.plugin("path2/d", name: "from-path-2")
    try s.plugin("home/.config/tantan/plugins/e", name: "from-home")
    let path = s.root.appendingPathComponent("path1").path + ":" + s.root.appendingPathComponent("path2").path
    let r = try s.run(
      ["--plugin", s.root.appendingPathComponent("opt").path, who, printLoaded], env: ["TANTAN_PLUGIN_PATH": path])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(r.stderr, "")
    XCTAssertEqual(
      r.stdout, "from-option:loaded from-cwd:loaded from-path-1:loaded from-path-2:loaded from-home:loaded\n")
  }

  func testPluginOptionRepeatsAndTakesOnePluginFolderOrAFolderOfThem() throws {
    let s = try PluginSandbox()
    let one = try s.plugin("single", name: "single")
    try s.plugin("many/x", name: "x")
    try s.plugin("many/y", name: "y")
    let r = try s.run(["--plugin", one.path, "--plugin=\(s.root.path)/many", who, printLoaded])
    XCTAssertEqual(r.stdout, "single:loaded x:loaded y:loaded\n", r.stderr)
    let o = try InterpreterOptions.parse(
      ["t", "--plugin", "a", "--plugin=b", "--seed", "1", "--seed", "2", "s.lua"], valued: ["plugin", "seed"])
    XCTAssertEqual(o.values("plugin"), ["a", "b"])
    XCTAssertEqual(o.long["seed"], "2")  // a repeated option keeps its last value, as before
    XCTAssertEqual(o.script, "s.lua")
  }

  func testTheFirstPluginOfANameWinsAndLaterOnesAreShadowed() throws {
    let s = try PluginSandbox()
    try s.plugin("work/plugins/dup", name: "dup", version: "2.0", setup: "_G.which = 'cwd'")
    try s.plugin("home/.config/tantan/plugins/dup", name: "dup", version: "1.0", setup: "_G.which = 'home'")
    let r = try s.run([who, printLoaded + " print(which)"])
    XCTAssertEqual(r.stdout, "dup:loaded dup:shadowed\ncwd\n", r.stderr)
    let list = try s.run(["plugins"])
    XCTAssertEqual(list.status, 0)
    XCTAssertTrue(list.stdout.contains("dup   1.0      1    shadowed  ~/.config/tantan/plugins"), list.stdout)
    XCTAssertTrue(list.stdout.contains("shadowed by plugins/dup (the first plugin named 'dup' wins)"), list.stdout)
  }

  func testTheSameFolderReachedTwiceLoadsOnce() throws {
    let s = try PluginSandbox()
    try s.plugin("work/plugins/once", name: "once")
    let r = try s.run(["--plugin", "plugins", who, printLoaded], env: ["TANTAN_PLUGIN_PATH": s.work.path + "/plugins"])
    XCTAssertEqual(r.stdout, "once:loaded\n", r.stderr)
  }

  func testNoPluginFoldersMeansNoPluginsAndNoMessages() throws {
    let s = try PluginSandbox()
    let r = try s.run([who, "print(#tantan.plugins(), package.searchers[5])"])
    XCTAssertEqual(r.stdout, "0\tnil\n")
    XCTAssertEqual(r.stderr, "")
    let list = try s.run(["plugins"])
    XCTAssertEqual(
      list.stdout, "no plugins found (searched: ./plugins, TANTAN_PLUGIN_PATH, ~/.config/tantan/plugins)\n")
    XCTAssertEqual(PluginDiscovery.discover(requested: [], env: { _ in nil }).count, 0)
  }

  func testAMissingPluginOptionFolderIsAFailureNotACrash() throws {
    let s = try PluginSandbox()
    let r = try s.run(["--plugin", "nowhere", who, "print('ran')"])
    XCTAssertEqual(r.status, 0)
    XCTAssertEqual(r.stdout, "ran\n")
    XCTAssertTrue(r.stderr.hasSuffix(": plugin 'nowhere' failed: nowhere: no such directory\n"), r.stderr)
  }
}
