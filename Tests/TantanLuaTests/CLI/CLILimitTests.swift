import Foundation
import XCTest

/// `--max-instructions`, `--timeout`, `--max-memory`: a runaway script stops with status 1 and a
/// message naming `file:line`, even when it catches errors with `pcall` in a loop; never a hang.
final class CLILimitTests: CLITestCase {
  /// `traceback: false` for memory errors raised by the allocator: Lua runs no message handler for
  /// them (`lua5.4` prints none either), but the message still names where the limit struck.
  func assertStopped(
    _ args: [String], script: String, message: String, line expectedLine: Int? = nil, traceback: Bool = true,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    try write("runaway.lua", script)
    let started = Date()
    let r = try runHost(args + ["runaway.lua"], timeout: 30)
    assertSane(r, file: file, line: line)
    XCTAssertEqual(r.status, 1, "\(args): \(r)", file: file, line: line)
    let position = expectedLine.map { "runaway.lua:\($0): " } ?? "runaway.lua:"
    XCTAssertTrue(r.stderr.contains(position), "\(args): no \(position) in \(r.stderr)", file: file, line: line)
    XCTAssertTrue(r.stderr.contains(message), "\(args): no '\(message)' in \(r.stderr)", file: file, line: line)
    if traceback { XCTAssertTrue(r.stderr.contains("stack traceback:"), r.stderr, file: file, line: line) }
    XCTAssertLessThan(Date().timeIntervalSince(started), 30, "took too long", file: file, line: line)
  }

  func testMaxInstructionsStopsALoop() throws {
    try assertStopped(
      ["--max-instructions", "100000"], script: Fixture.runaway(pcallLoop: false, memory: false),
      message: "instruction limit (100000) exceeded", line: 2)
  }

  func testMaxInstructionsCannotBeCaughtByPcallInALoop() throws {
    try assertStopped(
      ["--max-instructions", "100000"], script: Fixture.runaway(pcallLoop: true, memory: false),
      message: "instruction limit (100000) exceeded")
  }

  func testTimeoutStopsALoop() throws {
    try assertStopped(
      ["--timeout", "0.3"], script: Fixture.runaway(pcallLoop: false, memory: false),
      message: "timeout (0.3 s) exceeded", line: 2)
  }

  func testTimeoutCannotBeCaughtByPcallInALoop() throws {
    try assertStopped(
      ["--timeout", "0.3"], script: Fixture.runaway(pcallLoop: true, memory: false), message: "timeout (0.3 s) exceeded"
    )
  }

  func testMaxMemoryStopsAnAllocatingLoop() throws {
    try assertStopped(
      ["--max-memory", "2000000"], script: Fixture.runaway(pcallLoop: false, memory: true),
      message: "not enough memory", line: 2,
      traceback: false)
  }

  func testMaxMemoryCannotBeCaughtByPcallInALoop() throws {
    try assertStopped(
      ["--max-memory", "2000000"], script: Fixture.runaway(pcallLoop: true, memory: true), message: "not enough memory")
  }

  func testMaxMemoryWithOneHugeAllocation() throws {
    try assertStopped(
      ["--max-memory", "2000000"], script: "local s = 'x'\ns = s:rep(100000000)\n", message: "not enough memory",
      line: 2,
      traceback: false)
  }

  func testLimitsInsideTimerCallbacksAndCoroutines() throws {
    try assertStopped(
      ["--max-instructions", "100000"],
      script:
        "tantan.after(1, function()\n  while true do end\nend)\nprint(pcall(tantan.clock.advance, tantan.clock, 2))\nwhile true do end\n",
      message: "instruction limit (100000) exceeded")
    try assertStopped(
      ["--timeout", "0.3"],
      script: "local co = coroutine.wrap(function()\n  while true do end\nend)\nwhile true do pcall(co) end\n",
      message: "timeout (0.3 s) exceeded")
  }

  /// The sticky error must reach a coroutine that catches errors in a loop, for every limit
  /// (the memory limit too: the allocator cannot raise, the hook must run in that coroutine).
  func testLimitsReachAPcallLoopInsideACoroutine() throws {
    for (args, body, message) in [
      (["--max-memory", "2000000"], "local t = {} while true do t[#t + 1] = {} end", "not enough memory"),
      (["--max-instructions", "100000"], "while true do end", "instruction limit (100000) exceeded"),
      (["--timeout", "0.3"], "while true do end", "timeout (0.3 s) exceeded"),
    ] {
      try assertStopped(
        args,
        script: "local co = coroutine.wrap(function()\n  while true do pcall(function() \(body) end) end\nend)\nco()\n",
        message: message)
    }
  }

  /// debug.sethook() removes the count hook (only without --sandbox, which removes debug): the
  /// timeout still ends the run, from its SIGALRM watchdog.
  func testTimeoutSurvivesAClearedHook() throws {
    try assertStopped(
      ["--timeout", "0.3"], script: "debug.sethook()\nwhile true do end\n", message: "timeout (0.3 s) exceeded")
    try assertStopped(
      ["--timeout", "0.3"], script: "coroutine.wrap(function()\n  debug.sethook()\n  while true do end\nend)()\n",
      message: "timeout (0.3 s) exceeded", traceback: false)
  }

  /// A script blocked inside a C function (here a catastrophic pattern match) gets no count hook
  /// call; the timeout must still end the process.
  func testTimeoutEndsAScriptStuckInsideACFunction() throws {
    try write("stuck.lua", "local s = string.rep('a', 40)\nprint(s:find(string.rep('a*', 40) .. 'b'))\n")
    let started = Date()
    let r = try runHost(["--timeout", "0.5", "stuck.lua"], timeout: 20)
    assertSane(r)
    XCTAssertEqual(r.status, 1, "\(r)")
    XCTAssertTrue(r.stderr.contains("timeout (0.5 s) exceeded"), r.stderr)
    XCTAssertLessThan(Date().timeIntervalSince(started), 10)
  }

  func testTimeoutEndsAScriptBlockedReadingStdin() throws {
    try write("read.lua", "print('waiting')\nio.read('a')\nprint('never')\n")
    let p = try RunningProcess(try host(), ["--timeout", "0.5", "read.lua"], env: environment(), cwd: tmp)
    // stdin stays open: the script blocks in read(2).
    let r = p.wait(timeout: 20)
    p.write(stdin: nil)
    assertSane(r)
    XCTAssertEqual(r.status, 1, "\(r)")
    XCTAssertTrue(r.stderr.contains("timeout (0.5 s) exceeded"), r.stderr)
  }

  /// A script piped in without arguments exits 0 even when it fails (as lua5.4), but not when
  /// a limit stopped it.
  func testLimitsFailAScriptPipedInWithoutArguments() throws {
    for args in [["--max-instructions", "10000"], ["--timeout", "0.2"], ["--max-memory", "1000000"]] {
      // The table grows without bound, so every one of the three limits must stop it.
      let r = try runHost(args, stdin: "local t = {}\nwhile true do t[#t + 1] = string.rep('x', 64) .. #t end\n")
      assertSane(r)
      XCTAssertEqual(r.status, 1, "\(args): \(r)")
      XCTAssertTrue(r.stderr.contains("stdin:2: "), "\(args): \(r.stderr)")
    }
    let plain = try runHost([], stdin: "error('x')")
    XCTAssertEqual(plain.status, 0, "\(plain)")
  }

  func testBadLimitValuesAreUsageErrors() throws {
    for args in [
      ["--max-memory", "lots"], ["--max-memory", "-1"], ["--max-instructions", "-5"], ["--timeout", "-0.5"],
      ["--timeout", "nan"], ["--timeout", "inf"], ["--timeout", "-1"], ["--max-memory", "99999999999999999999999"],
    ] {
      let r = try runHost(args + ["-e", "print('ran')"])
      assertSane(r)
      XCTAssertEqual(r.status, 1, "\(args): \(r)")
      XCTAssertEqual(r.stdout, "", "\(args)")
      XCTAssertTrue(r.stderr.contains(args[0]), "\(args): \(r.stderr)")
    }
  }

  /// 0 means no limit, as in `tantan-host test` (SharedOptions).
  func testZeroMeansNoLimit() throws {
    let r = try runHost(["--max-memory", "0", "--max-instructions=0", "--timeout", "0", "-e", "print('ran')"])
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertEqual(r.stdout, "ran\n")
  }

  func testGenerousLimitsDoNotDisturbANormalScript() throws {
    try write("ordinary.lua", Fixture.ordinary)
    let plain = try runHost(["ordinary.lua"])
    let limited = try runHost([
      "--max-memory", "100000000", "--max-instructions", "100000000", "--timeout", "60", "ordinary.lua",
    ])
    XCTAssertEqual(plain.stdout, limited.stdout)
    XCTAssertEqual(limited.status, 0, "\(limited)")
    let huge = try runHost([
      "--max-memory", "\(Int.max)", "--max-instructions", "\(Int.max)", "--timeout", "1e300", "ordinary.lua",
    ])
    XCTAssertEqual(plain.stdout, huge.stdout)
    XCTAssertEqual(huge.status, 0, "\(huge)")
  }
}
