import Foundation
import TantanLua
import XCTest

/// The REPL on a terminal: typed through a pseudo-terminal (Tests/Tools/pty_session.py) with the
/// keys a person presses, Up, Left and Tab, and the history file kept between sessions.
final class CLILineEditingTests: CLITestCase {
  static let up = "\u{1B}[A", left = "\u{1B}[D", tab = "\t", endOfInput = "\u{04}"

  enum Step {
    case expect(String)
    case send(String)
  }

  /// Runs tantan-host (no arguments: the REPL) on a pseudo-terminal through `steps`, then waits
  /// for it to end; returns what it wrote to the terminal.
  func session(_ steps: [Step], env: [String: String], file: StaticString = #filePath, line: UInt = #line) throws
    -> String
  {
    let script = HostBinary.packageRoot.appendingPathComponent("Tests/Tools/pty_session.py").path
    let json = try JSONSerialization.data(
      withJSONObject: steps.map { s -> [String] in
        switch s {
        case .expect(let t): return ["expect", t]
        case .send(let t): return ["send", t]
        }
      })
    let r = try run(
      "/usr/bin/env", ["python3", script, String(decoding: json, as: UTF8.self), try host()],
      env: ["TERM": "xterm"].merging(env) { $1 }, timeout: 60)
    assertSane(r, file: file, line: line)
    XCTAssertEqual(r.status, 0, "\(r)", file: file, line: line)
    return r.stdout
  }

  /// Types `line` and Enter, then waits for `result` (if any) and the next prompt.
  func typed(_ line: String, _ result: String? = nil) -> [Step] {
    [.send(line + "\r")] + (result.map { [.expect($0)] } ?? []) + [.expect("> ")]
  }

  func testUpLeftAndTabEditTheLine() throws {
    let history = tmp + "/history"
    let probe =
      "setmetatable(_G, { __index = function(_, k) if k == 'zz_probe' then print('INDEX' .. ' RAN') end end })"
    let out = try session(
      [.expect("> ")]
        + typed("n = 40")
        + typed("n = n + 1; print('n is ' .. n)", "n is 41")
        // Up recalls the last statement; Enter runs it again.
        + typed(Self.up, "n is 42")
        // Left moves before ')': the 0 goes inside the call.
        + typed("print(6 * 7" + ")" + Self.left + "0", "420")
        // Tab completes a global name and a field of tantan.
        + typed("zz_unique_global = 'found' .. ' by tab'")
        + typed("zz_uni" + Self.tab, "found by tab")
        + typed("print('api ' .. tantan.api_le" + Self.tab + ")", "api \(TantanHost.apiLevel)")
        // and a method of a tantan object (its class's methods table, read raw).
        + typed("d = tantan.deck{source = {{}}}")
        + typed("print(type(d.sw" + Self.tab + "))", "\r\nfunction\r\n")
        // Completion reads raw: a global's __index never runs for a name being completed.
        + typed(probe)
        + typed("-- zz_probe.fi" + Self.tab)
        + typed("print('after' .. ' probe')", "after probe")
        + [.send(Self.endOfInput)],
      env: ["TANTAN_HISTORY": history])
    XCTAssertFalse(out.contains("INDEX RAN"), "a metamethod ran during completion:\n\(out)")
    XCTAssertFalse(out.contains("^[["), "escape sequences were taken as text:\n\(out)")
    XCTAssertFalse(out.contains("bad binary format"), out)
    let saved = try String(contentsOfFile: history, encoding: .utf8)
    XCTAssertTrue(saved.contains("after") && saved.contains("probe"), saved)
    let mode = try FileManager.default.attributesOfItem(atPath: history)[.posixPermissions] as? Int
    XCTAssertEqual(mode, 0o600, "the history file records what was typed: private")

    // The next session starts with that history: Up recalls the last statement.
    let again = try session(
      [.expect("> ")] + typed(Self.up, "after probe") + [.send(Self.endOfInput)], env: ["TANTAN_HISTORY": history])
    XCTAssertTrue(again.contains("after probe"), again)
  }

  /// `~/.tantan_history` by default; `TANTAN_HISTORY=` (empty) keeps no file.
  func testHistoryFileDefaultAndDisabled() throws {
    let home = tmp + "/home"
    let quiet = tmp + "/quiet"
    for dir in [home, quiet] { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
    let steps: [Step] = [.expect("> ")] + typed("print('kept' .. '?')", "kept?") + [.send(Self.endOfInput)]
    _ = try session(steps, env: ["HOME": home])
    XCTAssertTrue(FileManager.default.fileExists(atPath: home + "/.tantan_history"))
    _ = try session(steps, env: ["HOME": quiet, "TANTAN_HISTORY": ""])
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: quiet), [])
  }

  /// libedit is loaded when the REPL starts on a terminal, not by every run: `tantan-host -e ''`
  /// start-up is benchmarked against lua5.4 (linked, libedit and its libraries cost about 540,000
  /// instructions of it).
  func testLibeditLoadsOnlyForTheTerminalREPL() throws {
    let probe = "print('libedit ' .. tostring(io.open('/proc/self/maps'):read('a'):find('libedit', 1, true) ~= nil))"
    XCTAssertEqual(try runHost(["-e", probe]).stdout, "libedit false\n")
    XCTAssertTrue(try runHost(["-i"], stdin: probe + "\n").stdout.contains("libedit false\n"))
    let out = try session(
      [.expect("> ")] + typed(probe, "libedit true") + [.send(Self.endOfInput)], env: ["TANTAN_HISTORY": ""])
    XCTAssertTrue(out.contains("libedit true"), out)
  }
}
