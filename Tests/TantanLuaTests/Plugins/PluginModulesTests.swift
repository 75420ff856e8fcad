import XCTest

@testable import TantanLua

/// `require` of plugin modules: own modules first from a plugin's files, then package.path, then
/// plugins in load order; packages, dotted names, load errors.
final class PluginModulesTests: XCTestCase {
  /// Each plugin's `require` finds its own `lua/` first, in either load order: a name two plugins
  /// ship is each one's own module. A script's `require` gets the first plugin's.
  func testAPluginFindsItsOwnModulesFirstWhateverTheOrder() throws {
    let s = try PluginSandbox()
    let a = try s.plugin("p/a", name: "a", setup: "_G.a_util = require('util').who")
    try s.write("p/a/lua/util.lua", "return { who = 'a' }\n")
    let b = try s.plugin(
      "p/b", name: "b",
      setup: "_G.b_util = require('util').who\n    _G.b_deep = require('deep.thing')\n    _G.b_pkg = require('pkg')")
    try s.write("p/b/lua/util.lua", "return { who = 'b' }\n")
    try s.write("p/b/lua/deep/thing.lua", "return 'deep'\n")
    try s.write("p/b/lua/pkg/init.lua", "return 'pkg ' .. select(1, ...)\n")
    let p = try PluginTestHost([a.path, b.path])
    XCTAssertEqual(p.reports, [])
    XCTAssertEqual(p.t.eval("a_util .. ' ' .. b_util .. ' ' .. b_deep .. ' ' .. b_pkg"), "a b deep pkg pkg")
    let q = try PluginTestHost([b.path, a.path])
    XCTAssertEqual(q.t.eval("a_util .. ' ' .. b_util"), "a b")
    // Scripts share package.loaded: `util` is the first plugin's, the same table it got.
    p.t.ok("assert(require('util').who == 'a')")
    p.t.ok("assert(require('deep.thing') == 'deep')")
    q.t.ok("assert(require('util').who == 'b')")
  }

  func testAScriptsOwnModuleWinsOverAPlugins() throws {
    let s = try PluginSandbox()
    let dir = try s.plugin("p/lib", name: "lib")
    try s.write("p/lib/lua/shared.lua", "return 'plugin'\n")
    try s.write("p/lib/lua/only_plugin.lua", "return 'plugin only'\n")
    try s.write("script/shared.lua", "return 'script'\n")
    let p = try PluginTestHost([dir.path])
    p.t.ok("package.path = '\(s.root.path)/script/?.lua;' .. package.path")
    XCTAssertEqual(p.t.eval("require('shared')"), "script")
    XCTAssertEqual(p.t.eval("require('only_plugin')"), "plugin only")
    let missing = p.t.run("require('nowhere')") ?? ""
    XCTAssertTrue(missing.contains("no file '\(dir.path)/lua/nowhere.lua'"), missing)
  }

  func testABrokenModuleIsALoadErrorNamingTheFile() throws {
    let s = try PluginSandbox()
    let dir = try s.plugin("p/bad", name: "bad", setup: "require('broken')")
    try s.write("p/bad/lua/broken.lua", "return {\n")
    let p = try PluginTestHost([dir.path])
    XCTAssertEqual(p.record("bad")?.status, .failed)
    XCTAssertEqual(p.reports.count, 1)
    XCTAssertTrue(
      p.reports[0].contains("error loading module 'broken' from file '\(dir.path)/lua/broken.lua'"), p.reports[0])
    XCTAssertTrue(p.reports[0].contains("broken.lua:2: unexpected symbol near <eof>"), p.reports[0])
  }

  /// With plugins, `require` is wrapped; a script still sees the stock behaviour: argument errors
  /// name `require` at the caller's line, a missing module lists every place searched.
  func testTheWrappedRequireBehavesAsTheStockOneForScripts() throws {
    let s = try PluginSandbox()
    let dir = try s.plugin("p/lib", name: "lib")
    let p = try PluginTestHost([dir.path])
    p.t.fails("require(nil)", "test:1: bad argument #1 to 'require' (string expected, got nil)")
    let missing = p.t.run("require('nowhere')") ?? ""
    XCTAssertTrue(missing.hasPrefix("module 'nowhere' not found:\n\tno field package.preload['nowhere']"), missing)
    XCTAssertEqual(p.t.eval("select('#', require('string'))"), "1")
  }
}
