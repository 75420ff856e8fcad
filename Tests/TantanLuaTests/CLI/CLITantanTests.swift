import Foundation
import XCTest

/// What `tantan-host` adds to `lua`: the `tantan` module, `--seed`, the virtual clock.
final class CLITantanTests: CLITestCase {
  func testSeedMakesMathRandomReproducible() throws {
    let script =
      "local t = {} for i = 1, 8 do t[i] = math.random(1, 1000000) end print(table.concat(t, ' '), math.random(), tantan.seed)"
    let a = try runHost(["--seed", "42", "-e", script])
    let b = try runHost(["--seed", "42", "-e", script])
    let c = try runHost(["--seed=42", "-e", script])
    let d = try runHost(["--seed", "43", "-e", script])
    let e = try runHost(["--seed", "-7", "-e", script])
    for r in [a, b, c, d, e] { XCTAssertEqual(r.status, 0, "\(r)"); XCTAssertEqual(r.stderr, "") }
    XCTAssertEqual(a.stdout, b.stdout)
    XCTAssertEqual(a.stdout, c.stdout)
    XCTAssertNotEqual(a.stdout, d.stdout)
    XCTAssertTrue(a.stdout.hasSuffix("\t42\n"), a.stdout)
    XCTAssertTrue(e.stdout.hasSuffix("\t-7\n"), e.stdout)
    // Without --seed, Lua seeds randomly: two runs differ (8 draws from a million).
    let f = try runHost(["-e", script])
    let g = try runHost(["-e", script])
    XCTAssertNotEqual(f.stdout, g.stdout)
    XCTAssertTrue(f.stdout.hasSuffix("\tnil\n"), f.stdout)
  }

  func testBadSeedIsAUsageError() throws {
    for bad in ["x", "1.5", ""] {
      let r = try runHost(["--seed", bad, "-e", "print('ran')"])
      assertSane(r)
      XCTAssertEqual(r.status, 1, "\(r)")
      XCTAssertEqual(r.stdout, "")
      XCTAssertTrue(r.stderr.contains("--seed"), r.stderr)
    }
    let r = try runHost(["--seed"])
    XCTAssertEqual(r.status, 1, "\(r)")
    XCTAssertTrue(r.stderr.contains("'--seed' needs argument"), r.stderr)
  }

  func testModuleIdentity() throws {
    let r = try runHost([
      "-e",
      "print(tantan.version, tantan.api_level, require('tantan') == tantan, package.loaded.tantan == tantan, math.type(tantan.api_level))",
    ])
    XCTAssertEqual(r.status, 0, "\(r)")
    let fields = r.stdout.split(separator: "\t").map(String.init)
    XCTAssertEqual(fields.count, 5, r.stdout)
    XCTAssertNotNil(fields[0].range(of: #"^[0-9]+\.[0-9]+\.[0-9]+"#, options: .regularExpression), fields[0])
    XCTAssertGreaterThanOrEqual(Int(fields[1]) ?? 0, 1)
    XCTAssertEqual(Array(fields[2...]), ["true", "true", "integer\n"])
    let v = try runHost(["-v"])
    XCTAssertTrue(v.stdout.hasPrefix("tantan-host \(fields[0]) -- Lua 5.4"), v.stdout)
  }

  func testClockTimerOrder() throws {
    try write("clock.lua", Fixture.clockOrder)
    let r = try runHost(["clock.lua"])
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertEqual(
      r.stdout,
      """
      cancel\ttrue\tfalse\tfalse
      a@1 a2@1\t1.2\t2
      settled\t2\ta@1 a2@1 c@1.5 b@2\t2.0\t0
      done\t2.0

      """)
    XCTAssertEqual(r.stderr, "")
  }

  func testWrongArgumentNamesFileLineAndFunction() throws {
    try write("bad.lua", Fixture.badAfter)
    let r = try runHost(["bad.lua"])
    assertSane(r)
    XCTAssertEqual(r.status, 1)
    XCTAssertTrue(
      r.stderr.contains(": bad.lua:2: bad argument #1 to 'after' (number expected, got string)\nstack traceback:\n"),
      r.stderr)
    let m = try runHost(["-e", "tantan.clock:advance('x')"])
    XCTAssertTrue(
      m.stderr.contains("(command line):1: bad argument #1 to 'advance' (number expected, got string)"), m.stderr)
  }

  func testErrorInTimerCallbackReachesAdvanceWithTheClockStoppedThere() throws {
    try write("timer.lua", Fixture.timerError)
    let r = try runHost(["timer.lua"])
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertEqual(
      r.stdout,
      """
      first timer
      false\ttimer.lua:2: boom in timer\t2.0\t1
      third timer
      false\ttable\t9\t3.0

      """)
    // Uncaught: the script fails with the callback's message.
    let u = try runHost(["-e", "tantan.after(1, function() error('uncaught in timer') end) tantan.clock:advance(2)"])
    XCTAssertEqual(u.status, 1)
    XCTAssertTrue(u.stderr.contains("(command line):1: uncaught in timer\nstack traceback:\n"), u.stderr)
  }

  func testTimersScheduledAndFiredFromACoroutine() throws {
    let r = try runHost([
      "-e",
      """
      local co = coroutine.wrap(function(x)
        tantan.after(1, function() print('fired', x) end)
        return 'scheduled'
      end)
      print(co('a'))
      tantan.clock:advance(1)
      local co2 = coroutine.wrap(function()
        tantan.after(0, function() print('from co2') end)
        tantan.clock:advance(1)
        return 'advanced'
      end)
      print(co2())
      """,
    ])
    assertSane(r)
    XCTAssertEqual(r.stdout, "scheduled\nfired\ta\nfrom co2\nadvanced\n", "\(r)")
    XCTAssertEqual(r.status, 0)
  }

  /// os.exit(n, true) from inside a timer callback (Swift frames below it) closes the state and exits.
  func testOsExitFromATimerCallback() throws {
    let r = try runHost([
      "--timeout", "10", "-e",
      """
      tantan.after(1, function()
        local t <close> = setmetatable({}, { __close = function() print('closed') end })
        os.exit(3, true)
      end)
      tantan.clock:advance(2)
      print('not reached')
      """,
    ])
    assertSane(r)
    XCTAssertEqual(r.status, 3, "\(r)")
    XCTAssertEqual(r.stdout, "closed\n")
  }

  func testExampleScriptRuns() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let hello = root.appendingPathComponent("examples/hello.lua").path
    XCTAssertTrue(FileManager.default.fileExists(atPath: hello), "examples/hello.lua not found")
    let r = try runHost([hello])
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertTrue(r.stdout.contains("settled"), r.stdout)
  }
}
