import LuaRuntime
import XCTest

@testable import TantanLua

/// A broken plugin is reported with its name and file:line and the others load as if it were
/// not there; --strict-plugins makes any failure fatal.
final class PluginIsolationTests: XCTestCase {
  /// One healthy plugin ("good", loaded last in byte order) among one broken plugin of each kind.
  private func brokenTree() throws -> PluginSandbox {
    let s = try PluginSandbox()
    try s.mkdir("work/plugins/a-no-manifest/lua")
    try s.write("work/plugins/b-not-a-table/plugin.lua", "local x = 1\nreturn 'manifest'\n")
    try s.write("work/plugins/c-no-name/plugin.lua", "return {\n  version = '1',\n  api = 1,\n}\n")
    try s.plugin(
      "work/plugins/d-raises", name: "d-raises",
      setup: "host.register_source('half', function() return {} end)\n    error('setup broke')")
    try s.plugin("work/plugins/e-cycle", name: "e-cycle", setup: "require('ping')")
    try s.write("work/plugins/e-cycle/lua/ping.lua", "return require('pong')\n")
    try s.write("work/plugins/e-cycle/lua/pong.lua", "-- pong needs ping\nreturn require('ping')\n")
    try s.plugin("work/plugins/f-future", name: "f-future", version: "3.0", api: 99)
    try s.write("work/plugins/g-syntax/plugin.lua", "return { name = 'g-syntax',\n  api = = 1 }\n")
    try s.plugin(
      "work/plugins/h-good", name: "good",
      setup: """
        host.register_source("people", function() return { { name = "Ann" } } end)
        host.register_command("greet", function(args) print("hello " .. (args[1] or "?")) end)
        """)
    return s
  }

  func testEachKindOfBrokenPluginIsReportedWithNameAndPositionAndTheRestLoads() throws {
    let s = try brokenTree()
    let r = try s.run(["-e", "print(tantan.source('people')[1].name) print(pcall(tantan.source, 'half'))"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(
      r.stdout, "Ann\nfalse\tbad argument #1 to 'tantan.source' (no data-source provider 'half' (registered: people))\n"
    )
    let lines = r.stderr.split(separator: "\n").map { String($0.drop { $0 != ":" }.dropFirst(2)) }
    XCTAssertEqual(
      lines,
      [
        "plugin 'a-no-manifest' failed: plugins/a-no-manifest: no plugin.lua (a plugin folder needs one returning its manifest)",
        "plugin 'b-not-a-table' failed: plugins/b-not-a-table/plugin.lua:2: manifest must be a table, got string",
        "plugin 'c-no-name' failed: plugins/c-no-name/plugin.lua:1: manifest has no 'name' (a non-empty string expected, got nil)",
        "plugin 'd-raises' failed: setup failed: plugins/d-raises/plugin.lua:8: setup broke",
        "plugin 'e-cycle' failed: setup failed: plugins/e-cycle/lua/pong.lua:2: plugin 'e-cycle': require cycle among plugin modules: ping -> pong -> ping",
        "plugin 'f-future' refused: plugins/f-future/plugin.lua: requires api_level 99, but this host's tantan.api_level is \(TantanHost.apiLevel)",
        "plugin 'g-syntax' failed: plugins/g-syntax/plugin.lua:2: unexpected symbol near '='",
      ])
  }

  func testStrictPluginsStopsAtTheFirstFailure() throws {
    let s = try brokenTree()
    let r = try s.run(["--strict-plugins", "-e", "print('never')"])
    XCTAssertEqual(r.status, 1)
    XCTAssertEqual(r.stdout, "")
    XCTAssertTrue(
      r.stderr.hasSuffix(
        "plugin 'a-no-manifest' failed: plugins/a-no-manifest: no plugin.lua (a plugin folder needs one returning its manifest)\n"
      ), r.stderr)
    let ok = try PluginSandbox()
    try ok.plugin("work/plugins/fine", name: "fine")
    XCTAssertEqual(try ok.run(["--strict-plugins", "-e", "print('ran')"]).stdout, "ran\n")
  }

  func testStrictPluginsFailsARunWhoseEventHookRaised() throws {
    let s = try PluginSandbox()
    let dir = try s.plugin("p/boom", name: "boom", setup: "host.on('event', function() error('no') end)")
    let p = try PluginTestHost([dir.path], strict: true)
    var log = EventLog(host: p.host, component: "list")
    log.append(Event("did_refresh", []))
    XCTAssertTrue(p.registry.strict && p.registry.hookFailed)
    XCTAssertEqual(p.reports.count, 1)
  }

  func testTwoPluginsRegisteringTheSameNameIsAnErrorNamingBoth() throws {
    let s = try PluginSandbox()
    try s.plugin(
      "work/plugins/first", name: "first",
      setup: "host.register_command('deploy', print)\n    host.register_source('csv', print)")
    try s.plugin("work/plugins/second", name: "second", setup: "host.register_source('csv', print)")
    try s.plugin(
      "work/plugins/third", name: "third",
      setup: "host.register_preset('deck', 'x', {})\n    host.register_command('deploy', print)")
    let r = try s.run(["-e", "for _, p in ipairs(tantan.plugins()) do print(p.name, p.status) end"])
    XCTAssertEqual(r.stdout, "first\tloaded\nsecond\tfailed\nthird\tfailed\n")
    XCTAssertTrue(
      r.stderr.contains(
        "plugin 'second' failed: setup failed: plugins/second/plugin.lua:7: plugin 'second': data source 'csv' is already registered by plugin 'first' (plugins/first/plugin.lua:8)"
      ), r.stderr)
    XCTAssertTrue(
      r.stderr.contains(
        "plugin 'third' failed: setup failed: plugins/third/plugin.lua:8: plugin 'third': command 'deploy' is already registered by plugin 'first'"
      ), r.stderr)
    // Nothing a failed plugin registered before failing stays.
    let p = try PluginTestHost([s.work.appendingPathComponent("plugins").path])
    XCTAssertEqual(p.registry.presetNames(kind: "deck"), [])
    XCTAssertEqual(p.registry.commandNames, ["deploy"])
  }

  func testSandboxAppliesToPlugins() throws {
    let s = try PluginSandbox()
    try s.plugin("work/plugins/reader", name: "reader", setup: "_G.has_io = io ~= nil\n    require('helper')")
    try s.write("work/plugins/reader/lua/helper.lua", "_G.helper = os.getenv == nil and 'sandboxed' or 'free'\n")
    try s.write("work/plugins/binary/plugin.lua", "return { name = 'binary', api = 1 }\n")
    let plain = try s.run(["-e", "print(has_io, helper)"])
    XCTAssertEqual(plain.stdout, "true\tfree\n", plain.stderr)
    let boxed = try s.run(["--sandbox", "-e", "print(has_io, helper)"])
    XCTAssertEqual(boxed.stdout, "false\tsandboxed\n", boxed.stderr)
    // The csv-source example cannot read files in the sandbox: a clear error at the caller.
    try s.write("work/people.csv", "name\nAnn\n")
    let csv = try s.run([
      "--sandbox", "--plugin", PluginSandbox.examples, "-e", "print(pcall(tantan.source, 'csv', 'people.csv'))",
    ])
    XCTAssertTrue(csv.stdout.hasPrefix("false\t"), csv.stdout + csv.stderr)
    XCTAssertTrue(csv.stdout.contains("from plugin 'csv-source'"), csv.stdout)
  }

  func testABinaryManifestIsRefusedUnderTheSandbox() throws {
    let s = try PluginSandbox()
    let compiled = s.root.appendingPathComponent("work/plugins/compiled/plugin.lua").path
    try s.mkdir("work/plugins/compiled")
    let c = try HostBinary.run([
      "-e",
      "local f = io.open('\(compiled)', 'wb') f:write(string.dump(load('return { name = \"compiled\", api = 1 }'))) f:close()",
    ])
    XCTAssertEqual(c.status, 0, c.stderr)
    XCTAssertEqual(try s.run(["-e", "print(tantan.plugins()[1].status)"]).stdout, "loaded\n")
    let boxed = try s.run(["--sandbox", "-e", "print(tantan.plugins()[1].status)"])
    XCTAssertEqual(boxed.stdout, "failed\n")
    XCTAssertTrue(boxed.stderr.contains("attempt to load a binary chunk"), boxed.stderr)
  }
}
