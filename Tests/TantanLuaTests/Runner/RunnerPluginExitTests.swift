import Foundation
import XCTest

/// Plugin and reporter code the runner runs cannot end it: `os.exit` there is an error naming the
/// plugin, the run goes on, every report is written and the status says whether scenarios failed.
final class RunnerPluginExitTests: XCTestCase {
  static let failing = #"""
    it("passes", function() assert.is_true(true) end)
    it("fails", function() assert.equal(1, 2) end)
    """#

  func testOsExitInAPluginSetupIsALoadErrorNamingThePlugin() throws {
    let s = try PluginSandbox()
    try s.plugin("work/plugins/quitter", name: "quitter", setup: "os.exit(0)")
    try s.write("work/spec/a_spec.lua", Self.failing)
    let r = try s.run(["test", "--reporter", "json=r.json", "--reporter", "default"])
    XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
    XCTAssertTrue(r.stderr.contains("plugin 'quitter'"), r.stderr)
    XCTAssertTrue(r.stderr.contains("os.exit(0) called by a plugin"), r.stderr)
    XCTAssertTrue(r.stdout.contains("2 scenarios: 1 passed, 1 failed"), r.stdout)
    let report = try json(String(contentsOf: s.work.appendingPathComponent("r.json"), encoding: .utf8))
    XCTAssertEqual((report["scenarios"] as? [Any])?.count, 2)
    // Under --strict-plugins the plugin's failure stops the run, as any load failure does (status 2).
    XCTAssertEqual(try s.run(["test", "--strict-plugins"]).status, 2)
  }

  func testOsExitInAReporterIsAReporterFailure() throws {
    let s = try PluginSandbox()
    try s.plugin(
      "work/plugins/quitter", name: "quitter",
      setup: #"host.register_reporter("quit", { on_start = function() os.exit(0) end })"#)
    try s.write("work/spec/a_spec.lua", Self.failing)
    let r = try s.run(["test", "--reporter", "quit=q.txt", "--reporter", "json=r.json"])
    XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
    XCTAssertTrue(r.stderr.contains("plugin 'quitter' failed in its reporter 'quit' (on_start"), r.stderr)
    XCTAssertTrue(r.stderr.contains("os.exit(0) called by a plugin"), r.stderr)
    XCTAssertNotNil(try? String(contentsOf: s.work.appendingPathComponent("r.json"), encoding: .utf8))
    // merge-reports: the same.
    let m = try s.run(["merge-reports", "--reporter", "quit", "--reporter", "json=m.json", "r.json"])
    XCTAssertEqual(m.status, 1, m.stdout + m.stderr)
    XCTAssertTrue(m.stderr.contains("plugin 'quitter' failed in its reporter 'quit'"), m.stderr)
    XCTAssertNotNil(try? String(contentsOf: s.work.appendingPathComponent("m.json"), encoding: .utf8))
  }
}
