import Foundation
import XCTest

/// `tantan-host test --watch`, driven through a pipe on stdin: a save to a module reruns only the
/// spec files whose state loaded it; Enter reruns all, `f` the failures, `q` quits; CI refuses it.
final class RunnerWatchTests: XCTestCase {
  static var files: [String: String] {
    var files = CoverageProject.files
    files["spec/other_spec.lua"] = """
      it("stands alone", function() assert.equal(4, 2 + 2) end)
      it("fails on purpose", function() assert.equal(5, 2 + 2) end)

      """
    return files
  }

  static let hint = "Enter reruns all, f reruns the failures, q quits\n"

  func start(_ dir: SuiteDir, env: [String: String]) throws -> RunningProcess {
    var e = ProcessInfo.processInfo.environment
    e["CI"] = "false"
    for (k, v) in env { e[k] = v }
    let p = try RunningProcess(HostBinary.path, ["test", "--watch"], env: e, cwd: dir.url.path)
    XCTAssertTrue(p.waitForStdout(containing: Self.hint, timeout: 30), p.out.string + p.err.string)
    return p
  }

  /// Waits for the `n`-th hint (each run ends with one): the output after the one before.
  func run(_ p: RunningProcess, _ n: Int) -> String {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      let parts = p.out.string.components(separatedBy: Self.hint)
      if parts.count > n { return parts[n - 1] }
      usleep(10_000)
    }
    XCTFail("no run #\(n): \(p.out.string)")
    return ""
  }

  func checkSavingAModuleRerunsOnlyTheSpecsThatLoadIt(env: [String: String]) throws {
    let dir = try SuiteDir(Self.files)
    let p = try start(dir, env: env)
    XCTAssertTrue(run(p, 1).contains("4 scenarios: 3 passed, 1 failed"), p.out.string)
    usleep(100_000)  // a save in the same clock tick as the run's read still changes the stamp's nanoseconds
    try dir.write(
      "delegate.lua",
      CoverageProject.delegate.replacingOccurrences(of: "item.liked = true", with: "item.liked = 1 == 1"))
    let t0 = Date()
    let second = run(p, 2)
    XCTAssertLessThan(
      Date().timeIntervalSince(t0), 5, "rerun soon after the save (the watch itself reacts within a second)")
    XCTAssertTrue(second.contains("watch: delegate.lua changed: rerunning spec/delegate_spec.lua\n"), second)
    XCTAssertTrue(second.contains("2 scenarios: 2 passed, 0 failed"), "only delegate_spec.lua: \(second)")
    XCTAssertFalse(second.contains("other_spec"), second)
    // helper.lua is loaded through delegate.lua: watched too.
    try dir.write("helper.lua", CoverageProject.helper + "-- saved\n")
    XCTAssertTrue(run(p, 3).contains("watch: helper.lua changed: rerunning spec/delegate_spec.lua\n"), p.out.string)
    p.feed("f\n")
    let failures = run(p, 4)
    XCTAssertTrue(failures.contains("watch: rerunning 1 failed scenario\n"), failures)
    XCTAssertTrue(failures.contains("1 scenario: 0 passed, 1 failed"), failures)
    p.feed("\n")
    XCTAssertTrue(run(p, 5).contains("4 scenarios: 3 passed, 1 failed"), p.out.string)
    p.feed("q\n")
    let r = p.wait(timeout: 10)
    XCTAssertFalse(r.timedOut, "\(r)")
    XCTAssertEqual(r.status, 1, "the last run's status: \(r)")
  }

  func testSavingAModuleRerunsOnlyTheSpecsThatLoadIt() throws {
    try checkSavingAModuleRerunsOnlyTheSpecsThatLoadIt(env: [:])
  }

  func testThePollingFallbackDoesTheSame() throws {
    try checkSavingAModuleRerunsOnlyTheSpecsThatLoadIt(env: ["TANTAN_WATCH_POLL": "1"])
  }

  /// On a terminal a key acts without Enter (and Ctrl-C quits, the terminal put back):
  /// `script` gives the command a pseudo-terminal on stdin.
  func checkATerminalKey(_ key: String, quits: Bool) throws {
    let dir = try SuiteDir(Self.files)
    var e = ProcessInfo.processInfo.environment
    e["CI"] = "false"
    let command = "'\(HostBinary.path)' test --watch"
    let p = try RunningProcess("/usr/bin/script", ["-qfec", command, "/dev/null"], env: e, cwd: dir.url.path)
    // The terminal turns each "\n" into "\r\n".
    XCTAssertTrue(p.waitForStdout(containing: "q quits\r\n", timeout: 30), p.out.string + p.err.string)
    p.feed(key)
    if quits {
      let r = p.wait(timeout: 10)
      XCTAssertFalse(r.timedOut, "\(r)")
      XCTAssertEqual(r.status, 1, "the last run's status: \(r)")
    } else {
      let deadline = Date().addingTimeInterval(20)
      while Date() < deadline && !p.out.string.contains("watch: rerunning 1 failed scenario") { usleep(10_000) }
      XCTAssertTrue(p.out.string.contains("watch: rerunning 1 failed scenario"), p.out.string)
      p.feed("q")
      XCTAssertFalse(p.wait(timeout: 10).timedOut)
    }
  }

  func testOnATerminalQQuitsWithoutEnter() throws { try checkATerminalKey("q", quits: true) }
  func testOnATerminalFRerunsTheFailuresWithoutEnter() throws { try checkATerminalKey("f", quits: false) }
  func testOnATerminalCtrlCQuits() throws { try checkATerminalKey("\u{03}", quits: true) }

  func testCIRefusesWatch() throws {
    let dir = try SuiteDir(Self.files)
    let r = try dir.test(["--watch"], env: ["CI": "true"])
    XCTAssertEqual(r.status, 2, "\(r)")
    XCTAssertTrue(
      r.stderr.contains("tantan-host test: --watch waits for saves and keys: not under CI (CI=true)"), r.stderr)
  }
}
