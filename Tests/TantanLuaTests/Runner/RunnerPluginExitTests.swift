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

  /// A plugin whose C module crashes while it loads is a load failure: the run, its workers and
  /// its reports go on without it (PluginProbe).
  func testAPluginWhoseCModuleCrashesAtLoadIsALoadFailure() throws {
    let s = try PluginSandbox()
    let dir = s.work.appendingPathComponent("plugins/crashy")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try "int luaopen_crash(void *L) { (void)L; *(volatile int *)0 = 1; return 0; }\n".write(
      to: dir.appendingPathComponent("crash.c"), atomically: true, encoding: .utf8)
    let cc = try RunningProcess(
      "/usr/bin/cc",
      [
        "-shared", "-fPIC", "-o", dir.appendingPathComponent("crash.so").path,
        dir.appendingPathComponent("crash.c").path,
      ],
      env: ProcessInfo.processInfo.environment, cwd: nil
    ).wait(timeout: 60)
    XCTAssertEqual(cc.status, 0, cc.stderr)
    try s.plugin(
      "work/plugins/crashy", name: "crashy",
      setup: "assert(package.loadlib('\(dir.path)/crash.so', 'luaopen_crash'))()")
    try s.plugin(
      "work/plugins/fine", name: "fine",
      setup: #"host.register_assertion("is_fine", function(v) return v == "fine", "not fine" end)"#)
    try s.write(
      "work/spec/a_spec.lua", Self.failing + "\nit(\"uses the fine plugin\", function() assert.is_fine(\"fine\") end)\n"
    )
    let r = try s.run(["test", "--reporter", "json=r.json", "--reporter", "default", "-j2"])
    XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
    XCTAssertTrue(
      r.stderr.contains("plugin in plugins/crashy failed to load: loading it was killed by signal 11"), r.stderr)
    XCTAssertTrue(r.stdout.contains("3 scenarios: 2 passed, 1 failed"), r.stdout)
    XCTAssertNotNil(try? String(contentsOf: s.work.appendingPathComponent("r.json"), encoding: .utf8))
    XCTAssertEqual(try s.run(["test", "--strict-plugins"]).status, 2)
    let m = try s.run(["merge-reports", "r.json"])
    XCTAssertEqual(m.status, 1, m.stderr)
    XCTAssertTrue(m.stderr.contains("plugin in plugins/crashy failed to load"), m.stderr)
  }
}
