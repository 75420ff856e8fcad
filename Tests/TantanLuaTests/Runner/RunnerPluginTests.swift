import Foundation
import XCTest

@testable import TantanLua

/// Plugins inside `tantan-host test`: discovered once, loaded into every scenario's state; their
/// assertions as `assert.NAME`, their reporters as `--reporter NAME`, their scenario hooks.
final class RunnerPluginTests: XCTestCase {
  /// A JSON report's scenarios: (name, status, message, line of the failure).
  private func scenarios(_ json: String) throws -> [(String, String, String?, Int?)] {
    let doc = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    return (doc["scenarios"] as? [[String: Any]] ?? []).map { s in
      let f = s["failure"] as? [String: Any]
      return (s["name"] as? String ?? "", s["status"] as? String ?? "", f?["message"] as? String, f?["line"] as? Int)
    }
  }

  func testPluginsFromEveryDiscoveryPlaceGiveAssertionsToScenarios() throws {
    let s = try PluginSandbox()
    func checker(_ name: String) -> String {
      "host.register_assertion('\(name)', function(v) return v == '\(name)', 'not \(name): ' .. tostring(v) end)"
    }
    let option = try s.plugin("opt/one", name: "one", setup: checker("from_option"))
    try s.plugin("work/plugins/two", name: "two", setup: checker("from_cwd"))
    try s.plugin("path/three", name: "three", setup: checker("from_path"))
    try s.plugin("home/.config/tantan/plugins/four", name: "four", setup: checker("from_home"))
    try s.write(
      "work/spec/places_spec.lua",
      """
      describe("places", function()
        it("uses all four", function()
          assert.from_option("from_option")
          assert.from_cwd("from_cwd")
          assert.from_path("from_path")
          assert.from_home("from_home")
        end)
        it("fails at the assert's line", function()
          local x = 1
          assert.from_home("elsewhere")
        end)
      end)

      """)
    let r = try s.run(
      ["test", "--plugin", option.path, "--reporter", "json", "--jobs", "2"],
      env: ["TANTAN_PLUGIN_PATH": s.root.appendingPathComponent("path").path])
    XCTAssertEqual(r.stderr, "")
    XCTAssertEqual(r.status, 1)
    let all = try scenarios(r.stdout)
    XCTAssertEqual(all.map(\.1), ["passed", "failed"])
    XCTAssertEqual(all[1].2, "not from_home: elsewhere")
    XCTAssertEqual(all[1].3, 10)
  }

  func testPluginAssertionsNegateReportValuesAndErrorsLikeBuiltIns() throws {
    let s = try PluginSandbox()
    try s.plugin(
      "work/plugins/checks", name: "checks",
      setup: """
        host.register_assertion("is_even", function(n) return n % 2 == 0, n .. " is odd" end)
        host.register_assertion("has_item", function(t, x)
          for _, v in ipairs(t) do if v == x then return true, "found " .. tostring(x) end end
          return false, "no " .. tostring(x), x, t
        end)
        host.register_assertion("broken", function() error("kaput") end)
        host.register_assertion("nested", function(v) assert.equal(1, v) return true end)
        """)
    try s.write(
      "work/spec/checks_spec.lua",
      """
      describe("checks", function()
        it("passes, negated too", function()
          assert.is_even(4)
          assert.is_not.is_even(3)
          assert.no.has_item({ 1 }, 2)
          assert.not_has_item({ 1 }, 2)
          assert.has_item({ 1 }, 1)
          assert.nested(1)
        end)
        it("fails with its message", function() assert.is_even(3) end)
        it("fails negated", function() assert.is_not.has_item({ 1, 2 }, 2) end)
        it("shows expected and actual", function() assert.has_item({ 1, 2 }, 5) end)
        it("raises", function() assert.broken() end)
        it("fails inside", function() assert.nested(2) end)
        it("built-ins still win", function() assert.equal(1, 1) end)
      end)

      """)
    let r = try s.run(["test", "--reporter", "default", "--reporter", "json=report.json"])
    XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
    let report = try XCTUnwrap(try? String(contentsOf: s.work.appendingPathComponent("report.json"), encoding: .utf8))
    let all = try scenarios(report)
    XCTAssertEqual(all.map(\.1), ["passed", "failed", "failed", "failed", "error", "failed", "passed"])
    XCTAssertEqual(all[1].2, "3 is odd")
    XCTAssertEqual(all[1].3, 10)
    XCTAssertEqual(all[2].2, "found 2")
    XCTAssertEqual(all[3].2, "no 5")
    XCTAssertTrue(
      r.stdout.contains(
        "spec/checks_spec.lua:12: no 5\n    expected: (number) 5\n    actual:   (table) {\n      [1] = 1\n      [2] = 2 }\n"
      ),
      r.stdout)
    let plugin = "plugins/checks/plugin.lua"
    XCTAssertEqual(all[4].2, "assertion 'broken' of plugin 'checks' raised an error: \(plugin):12: kaput")
    XCTAssertEqual(all[4].3, 13)
    XCTAssertEqual(all[5].2, "Expected objects to be equal.")
  }

  func testPluginReportersAreSelectableAndTheirFailuresIsolated() throws {
    let s = try PluginSandbox()
    try s.plugin(
      "work/plugins/rep", name: "rep",
      setup: """
        host.register_reporter("lines", {
          on_start = function(info) return ("start %d seed %d\\n"):format(info.total, info.seed) end,
          on_result = function(r)
            return ("%s %s %s:%d %s\\n"):format(r.status, r.full_name, r.file, r.line, tostring(r.failure and r.failure.line))
          end,
          on_finish = function(s) return ("%d/%d ok=%s\\n"):format(s.passed, s.total, tostring(s.ok)) end,
        })
        host.register_reporter("crash", { on_result = function(r) error("no " .. r.name) end })
        host.register_reporter("number", { on_finish = function() return 42 end })
        host.register_reporter("tab", { on_start = function() error(setmetatable({}, { __tostring = function() return "table says no" end })) end })
        """)
    try s.write(
      "work/spec/a_spec.lua",
      "describe('a', function()\n  it('one', function() end)\n  it('two', function() assert.truthy(false) end)\nend)\n")
    let r = try s.run(["test", "--reporter", "lines", "--reporter", "lines=out/lines.txt", "--seed", "7"])
    XCTAssertEqual(r.status, 1)
    let want = "start 2 seed 7\npassed a one spec/a_spec.lua:2 nil\nfailed a two spec/a_spec.lua:3 3\n1/2 ok=false\n"
    XCTAssertEqual(r.stdout, want, r.stderr)
    XCTAssertEqual(try String(contentsOf: s.work.appendingPathComponent("out/lines.txt"), encoding: .utf8), want)

    // A reporter that raises: reported with the plugin, the function and its line; the others are written.
    let file = "plugins/rep/plugin.lua"
    let crash = try s.run([
      "test", "--reporter", "crash", "--reporter", "tap", "--reporter", "number=n.txt", "--reporter", "tab=t.txt",
    ])
    XCTAssertEqual(crash.status, 1, "the scenarios decide the status")
    XCTAssertTrue(crash.stdout.hasPrefix("TAP version 14\n"), crash.stdout)
    XCTAssertEqual(
      crash.messages,
      """
      tantan-host test: plugin 'rep' failed in its reporter 'crash' (on_result, \(file):14): \(file):14: no one
      tantan-host test: plugin 'rep' failed in its reporter 'number' (on_finish, \(file):15): on_finish returned a number value; text (a string) or nil expected
      tantan-host test: plugin 'rep' failed in its reporter 'tab' (on_start, \(file):16): table says no

      """)
    XCTAssertFalse(FileManager.default.fileExists(atPath: s.work.appendingPathComponent("n.txt").path))
    XCTAssertEqual(try s.run(["test", "--reporter", "crash", "--strict-plugins"]).status, 2)

    let unknown = try s.run(["test", "--reporter", "line"])
    XCTAssertEqual(unknown.status, 2)
    XCTAssertTrue(
      unknown.messages.hasPrefix(
        "tantan-host test: unknown reporter 'line' (default, tap, junit, json, github, lcov, cobertura; from plugins: lines, crash, number, tab)\n"
      ),
      unknown.stderr)
  }

  func testScenarioHooksRunAroundEachScenarioAndFailuresAreIsolated() throws {
    let s = try PluginSandbox()
    try s.plugin(
      "work/plugins/log", name: "log",
      setup: """
        local function log(line) local f = io.open("hooks.log", "a") f:write(line, "\\n") f:close() end
        host.on("before_scenario", function(s) log(("before %s %s:%d #%s"):format(s.full_name, s.file, s.line, table.concat(s.tags, ","))) end)
        host.on("after_scenario", function(s) log(("after %s %s %s %s"):format(s.name, s.status, tostring(s.passed), tostring(s.message))) end)
        """)
    try s.plugin(
      "work/plugins/zz-bad", name: "bad",
      setup: """
        host.on("before_scenario", function(s) if s.name == "two" then error("cannot start " .. s.name) end end)
        """)
    try s.write(
      "work/spec/h_spec.lua",
      """
      describe("hooks #h", function()
        it("one", function() end)
        it("two", function() error("oops") end)
        it("three", function() end)
      end)

      """)
    let r = try s.run(["test"])
    XCTAssertEqual(r.status, 1)
    let bad = "plugins/zz-bad/plugin.lua:7"
    XCTAssertEqual(
      r.messages,
      """
      tantan-host test: plugin 'bad' failed in its 'before_scenario' hook (\(bad)): \(bad): cannot start two
        (first in spec/h_spec.lua:3 hooks #h two; the run went on without it)

      """)
    XCTAssertTrue(r.stdout.contains("3 scenarios: 2 passed, 0 failed, 1 errors"), r.stdout)
    XCTAssertEqual(
      try String(contentsOf: s.work.appendingPathComponent("hooks.log"), encoding: .utf8),
      """
      before hooks #h one spec/h_spec.lua:2 #h
      after one passed true nil
      before hooks #h two spec/h_spec.lua:3 #h
      after two error false spec/h_spec.lua:3: oops
      before hooks #h three spec/h_spec.lua:4 #h
      after three passed true nil

      """)

    // --strict-plugins: the scenario whose hook raised is an error at the hook's line.
    let strict = try s.run(["test", "--strict-plugins", "--reporter", "json"])
    XCTAssertEqual(strict.status, 1)
    let all = try scenarios(strict.stdout)
    XCTAssertEqual(all.map(\.1), ["passed", "error", "passed"])
    XCTAssertEqual(all[1].2, "plugin 'bad' failed in its 'before_scenario' hook (\(bad)): \(bad): cannot start two")
    XCTAssertEqual(all[1].3, 7)
  }

  func testABrokenPluginIsReportedOnceAndTheOthersWork() throws {
    let s = try PluginSandbox()
    try s.plugin("work/plugins/good", name: "good", setup: "host.register_assertion('ok', function() return true end)")
    try s.plugin("work/plugins/broken", name: "broken", setup: "error('setup broke')")
    try s.plugin("work/plugins/future", name: "future", api: TantanHost.apiLevel + 1)
    // An error object with __tostring is worded by it, as lua.c does.
    try s.write(
      "work/plugins/table/plugin.lua",
      "error(setmetatable({}, { __tostring = function() return 'a table error' end }))\n")
    try s.write("work/spec/b_spec.lua", "for i = 1, 5 do it('s' .. i, function() assert.ok() end) end\n")
    let r = try s.run(["test", "--jobs", "2"])
    XCTAssertEqual(r.status, 0, r.stdout)
    XCTAssertEqual(
      r.messages,
      """
      tantan-host test: plugin 'broken' failed: setup failed: plugins/broken/plugin.lua:7: setup broke
      tantan-host test: plugin 'future' refused: plugins/future/plugin.lua: requires api_level \(TantanHost.apiLevel + 1), but this host's tantan.api_level is \(TantanHost.apiLevel)
      tantan-host test: plugin 'table' failed: a table error

      """)
    let strict = try s.run(["test", "--strict-plugins"])
    XCTAssertEqual(strict.status, 2)
    XCTAssertEqual(strict.stdout, "")
  }

  func testSandboxAppliesToPluginsInTheRunner() throws {
    let s = try PluginSandbox()
    try s.plugin(
      "work/plugins/files", name: "files",
      setup: "host.register_assertion('io_here', function() return io ~= nil, 'no io' end)\n    local _ = io.write")
    try s.write("work/spec/s_spec.lua", "it('has io', function() assert.io_here() end)\n")
    XCTAssertEqual(try s.run(["test"]).status, 0)
    let boxed = try s.run(["test", "--sandbox"])
    XCTAssertEqual(boxed.status, 1, "the plugin did not load: its assertion is unknown")
    XCTAssertTrue(
      boxed.messages.hasPrefix(
        "tantan-host test: plugin 'files' failed: setup failed: plugins/files/plugin.lua:8: attempt to index a nil value (global 'io')\n"
      ),
      boxed.messages)
    XCTAssertTrue(boxed.stdout.contains("luassert: unknown modifier/assertion: 'io_here'"), boxed.stdout)
  }

  func testApiLevelTwoPluginsLoadAndLevelThreeIsRefused() throws {
    XCTAssertEqual(TantanHost.apiLevel, 2)
    let s = try PluginSandbox()
    try s.plugin("work/plugins/two", name: "two", api: 2)
    try s.plugin("work/plugins/three", name: "three", api: 3)
    let r = try s.run([
      "-e", "for _, p in ipairs(tantan.plugins()) do print(p.name, p.status) end print(tantan.api_level)",
    ])
    XCTAssertEqual(r.stdout, "three\trefused\ntwo\tloaded\n2\n")
  }

  func testTheExamplePluginsScenariosPass() throws {
    let r = try HostBinary.run(
      [
        "test", "--plugin", "examples/plugins", "examples/plugins/app-presets/spec",
        "examples/plugins/event-assertions/spec",
        "--reporter", "checklist",
      ], env: ["HOME": "/nonexistent", "TANTAN_PLUGIN_PATH": "", "CI": "false"])
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    XCTAssertEqual(r.stderr, "")
    XCTAssertTrue(r.stdout.hasPrefix("# 8 scenarios (seed 0)\n\n- [x] deck presets #plugin bumble:"), r.stdout)
    XCTAssertTrue(
      r.stdout.contains("- [x] event assertions #plugin counts what its event hook recorded in this scenario"), r.stdout
    )
    XCTAssertTrue(r.stdout.hasSuffix("\n8 of 8 passed\n"), r.stdout)
  }
}
