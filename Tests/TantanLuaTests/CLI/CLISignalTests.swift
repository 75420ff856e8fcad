import Foundation
import XCTest

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Ctrl-C (SIGINT) during a running script: `interrupted!`, a traceback, status 1, like `lua5.4`.
final class CLISignalTests: CLITestCase {
  /// Starts `exe args`, waits until the script printed "ready" (so the handler is installed and the
  /// loop runs), sends SIGINT.
  func interrupt(_ exe: String, _ args: [String]) throws -> RunResult {
    let p = try RunningProcess(exe, args, env: environment(), cwd: tmp)
    p.write(stdin: nil)
    XCTAssertTrue(p.waitForStdout(containing: "ready", timeout: 20), "the script never started: \(p.err.string)")
    usleep(100_000)
    p.send(SIGINT)
    return p.wait(timeout: 20)
  }

  func testCtrlCStopsALoop() throws {
    let code = "io.write('ready\\n') io.flush() while true do end"
    let h = normalise(try interrupt(try host(), ["-e", code]), program: try host())
    assertSane(h)
    XCTAssertEqual(h.status, 1, "\(h)")
    XCTAssertTrue(
      h.stderr.hasPrefix("lua: interrupted!\nstack traceback:\n"), "no position at top level, as lua: \(h.stderr)")
    XCTAssertTrue(h.stderr.hasSuffix("[C]: in ?\n"), h.stderr)
    if let luaExe = Self.luaPath {
      let l = normalise(try interrupt(luaExe, ["-e", code]), program: luaExe)
      XCTAssertEqual(l.status, h.status)
      XCTAssertEqual(l.stderr, h.stderr)
    }
  }

  func testCtrlCInsideAFunctionShowsItInTheTraceback() throws {
    try write("spin.lua", "local function spin()\n  while true do end\nend\nio.write('ready\\n') io.flush()\nspin()\n")
    let h = normalise(try interrupt(try host(), ["spin.lua"]), program: try host())
    assertSane(h)
    XCTAssertEqual(h.status, 1, "\(h)")
    // As lua.c's hook raises it: luaL_where(L, 1) names the caller's line, the traceback the loop.
    XCTAssertTrue(
      h.stderr.hasPrefix("lua: spin.lua:5: interrupted!\nstack traceback:\n\tspin.lua:2: in local 'spin'\n"), h.stderr)
    if let luaExe = Self.luaPath {
      let l = normalise(try interrupt(luaExe, ["spin.lua"]), program: luaExe)
      XCTAssertEqual(h.stderr, l.stderr)
      XCTAssertEqual(h.status, l.status)
    }
  }

  /// In the REPL, Ctrl-C stops the running line only; the next lines run.
  func testCtrlCInTheREPLStopsOneLine() throws {
    func session(_ exe: String) throws -> RunResult {
      let p = try RunningProcess(exe, ["-i"], env: environment(), cwd: tmp)
      p.feed("io.write('ready\\n') io.flush() while true do end\n")
      XCTAssertTrue(p.waitForStdout(containing: "ready\n", timeout: 20), "the line never ran: \(p.err.string)")
      usleep(100_000)
      p.send(SIGINT)
      p.write(stdin: "print('after')\n")
      return normalise(p.wait(timeout: 20), program: exe)
    }
    let h = try session(try host())
    assertSane(h)
    XCTAssertEqual(h.status, 0, "\(h)")
    XCTAssertTrue(h.stdout.contains("> print('after')\nafter\n"), h.stdout)
    XCTAssertTrue(h.stderr.hasPrefix("interrupted!\nstack traceback:\n"), h.stderr)
    if let luaExe = Self.luaPath {
      let l = try session(luaExe)
      XCTAssertEqual(h.stdout, l.stdout)
      XCTAssertEqual(h.stderr, l.stderr)
    }
  }

  /// As lua.c raises it: once, so `pcall` catches it and the script goes on.
  func testCtrlCIsCaughtByPcallAsInLua() throws {
    let code = "io.write('ready\\n') io.flush() print(pcall(function() while true do end end)) print(42)"
    let h = normalise(try interrupt(try host(), ["-e", code]), program: try host())
    assertSane(h)
    XCTAssertEqual(h.status, 0, "\(h)")
    XCTAssertEqual(h.stdout, "ready\nfalse\tinterrupted!\n42\n", "\(h)")
    if let luaExe = Self.luaPath {
      let l = normalise(try interrupt(luaExe, ["-e", code]), program: luaExe)
      XCTAssertEqual(h.stdout, l.stdout)
      XCTAssertEqual(h.stderr, l.stderr)
      XCTAssertEqual(h.status, l.status)
    }
  }

  /// With `--timeout` a runaway must end for sure: the interrupt is sticky, `pcall` cannot keep it.
  func testCtrlCCannotBeSwallowedByPcallUnderATimeout() throws {
    let code = "io.write('ready\\n') io.flush() while true do pcall(function() while true do end end) end"
    let h = try interrupt(try host(), ["--timeout", "300", "-e", code])
    assertSane(h)
    XCTAssertEqual(h.status, 1, "\(h)")
    XCTAssertTrue(h.stderr.contains("interrupted!"), h.stderr)
  }
}
