import Foundation
import XCTest

/// Limits where Lua turns hooks off (issue 21 point 2): message handlers entered from a limit's
/// own error, finalizers (during a collection and at close) and C functions never call the count
/// hook. The watchdog ends the process with the limit's message at `file:line`, status 1, no signal.
final class CLIHooklessLimitTests: CLITestCase {
  static let hookless: [(name: String, script: String)] = [
    ("message handler", "local ok = 1\nxpcall(error, function() while true do end end)\n"),
    ("finalizer", "local ok = 1\nsetmetatable({}, {__gc = function() while true do end end}) collectgarbage()\n"),
    ("finalizer at close", "local ok = 1\nsetmetatable({}, {__gc = function() while true do end end})\n"),
    (
      "pcall loop in a finalizer",
      "local ok = 1\nsetmetatable({}, {__gc = function() while true do pcall(error) end end}) collectgarbage()\n"
    ),
    ("C function", "local ok = 1\nprint(string.find(string.rep('a', 40), string.rep('a*', 40) .. 'b'))\n"),
  ]

  func assertEnds(
    _ args: [String], _ script: String, message: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    try write("hostile.lua", script)
    let started = Date()
    let r = try runHost(["--sandbox"] + args + ["hostile.lua"], timeout: 30)
    assertSane(r, file: file, line: line)
    XCTAssertEqual(r.status, 1, "\(args) \(script): \(r)", file: file, line: line)
    XCTAssertTrue(
      r.stderr.contains("hostile.lua:2: \(message)"), "\(args) \(script): \(r.stderr)", file: file, line: line)
    XCTAssertLessThan(Date().timeIntervalSince(started), 15, "\(args) \(script)", file: file, line: line)
  }

  func testInstructionLimitHoldsWhereHooksAreOff() throws {
    for (_, script) in Self.hookless {
      try assertEnds(["--max-instructions", "1000"], script, message: "instruction limit (1000) exceeded")
    }
  }

  func testTimeoutHoldsWhereHooksAreOff() throws {
    for (_, script) in Self.hookless {
      try assertEnds(["--timeout", "0.3"], script, message: "timeout (0.3 s) exceeded")
    }
  }

  /// A finalizer that allocates without end after the memory limit tripped: refused allocations
  /// are swallowed by pcall in a loop where no hook can raise the sticky error.
  func testMemoryLimitHoldsInAFinalizer() throws {
    let script = """
      local t = {}
      setmetatable({}, {__gc = function() while true do pcall(function() t[#t + 1] = ('x'):rep(100) .. #t end) end end}) collectgarbage()
      """
    try assertEnds(["--max-memory", "4000000"], script + "\n", message: "not enough memory")
  }

  /// The reported one-liner: the message names the handler's line and the program.
  func testTheReportedOneLiner() throws {
    let r = try runHost([
      "--sandbox", "--max-instructions", "1000", "-e", "xpcall(error, function() while true do end end)",
    ])
    assertSane(r)
    XCTAssertEqual(r.status, 1, "\(r)")
    XCTAssertTrue(r.stderr.hasSuffix(": (command line):1: instruction limit (1000) exceeded\n"), r.stderr)
  }

  /// Generous limits never end a script that is only slow inside C for a moment.
  func testASlowCFunctionUnderGenerousLimitsFinishes() throws {
    try write(
      "slow.lua", "local t = {} for i = 1, 300000 do t[i] = (i * 7919) % 300007 end\ntable.sort(t)\nprint(#t)\n")
    let r = try runHost(["--max-instructions", "100000000", "--timeout", "60", "slow.lua"])
    assertSane(r)
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertEqual(r.stdout, "300000\n")
  }

  /// `tantan-host test`: a one-line scenario looping in a finalizer no longer hangs the run: its
  /// process ends with the limit's message, which the report gives as the scenario's error.
  func testARunnerScenarioLoopingInAFinalizerFailsAlone() throws {
    let dir = try SuiteDir([
      "spec/gc_spec.lua": """
      it("passes", function() end)
      it("loops in a finalizer", function() setmetatable({}, {__gc = function() while true do end end}) collectgarbage() end)
      it("passes after it", function() end)
      """
    ])
    let started = Date()
    let r = try dir.test(
      ["--sandbox", "--max-instructions", "100000", "--timeout", "0", "--reporter", "json"], timeout: 30)
    assertSane(r)
    XCTAssertEqual(r.status, 1, "\(r)")
    let s = try json(r.stdout)["scenarios"] as! [[String: Any]]
    XCTAssertEqual(s.map { $0["status"] as? String }, ["passed", "error", "passed"])
    XCTAssertEqual(
      (s[1]["failure"] as? [String: Any])?["message"] as? String,
      "spec/gc_spec.lua:2: instruction limit (100000) exceeded")
    XCTAssertLessThan(Date().timeIntervalSince(started), 15)
  }
}
