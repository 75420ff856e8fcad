import Foundation
import XCTest

/// Ctrl-C stops `tantan-host play` cleanly (exit status 0, `play: stopped`, CivetWeb stopped)
/// whatever it is doing: with no page open (nothing has called into the script since its run,
/// whose `docall` put SIGINT back to the default) and while the script's own run spins.
final class PlayStopTests: XCTestCase {
  func play(_ script: String, stopAfter delay: Double, line: UInt = #line) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tantan-play-stop-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try script.write(to: dir.appendingPathComponent("s.lua"), atomically: true, encoding: .utf8)
    let p = try RunningProcess(
      HostBinary.path, ["play", "s.lua"], env: ProcessInfo.processInfo.environment, cwd: dir.path)
    XCTAssertTrue(p.waitForStdout(containing: "?token=", timeout: 30), "no URL", line: line)
    usleep(UInt32(delay * 1e6))
    p.send(SIGINT)
    let r = p.wait(timeout: 20)
    XCTAssertFalse(r.timedOut, "Ctrl-C did not stop the server: \(r.stderr)", line: line)
    XCTAssertFalse(r.signaled, "Ctrl-C killed the server: \(r.stderr)", line: line)
    XCTAssertEqual(r.status, 0, r.stderr, line: line)
    XCTAssertTrue(r.stderr.hasSuffix("play: stopped\n"), r.stderr, line: line)
  }

  func testCtrlCWithNoPageOpenStopsCleanly() throws {
    try play("deck = tantan.deck{source = {{title = 'A'}, {title = 'B'}}}\n", stopAfter: 1)
  }

  func testCtrlCDuringTheScriptsRunStopsCleanly() throws {
    try play("deck = tantan.deck{source = {{title = 'A'}}}\nwhile true do end\n", stopAfter: 1)
  }
}
