import Foundation
import XCTest

/// `tantan-host play`'s command line reaches the script's run: `--sandbox` and the limits as for
/// `tantan-host SCRIPT.lua`, options before or after the script. Run with the hidden
/// `--measure-frames 1` (no server: the script runs, one frame is drawn, exit status 1 when the
/// script failed, with its error).
final class PlayCommandTests: XCTestCase {
  func play(_ script: String, _ args: [String]) throws -> (status: Int32, stderr: String) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tantan-play-cmd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try script.write(to: dir.appendingPathComponent("s.lua"), atomically: true, encoding: .utf8)
    let p = try RunningProcess(
      HostBinary.path, ["play"] + args, env: ProcessInfo.processInfo.environment, cwd: dir.path)
    let r = p.wait(timeout: 60)
    XCTAssertFalse(r.timedOut)
    return (r.status, r.stderr)
  }

  let deck = "deck = tantan.deck{source = {{title = 'A'}, {title = 'B'}}}\n"

  func testTheSandboxOptionApplies() throws {
    let script = deck + "assert(io == nil and os.execute == nil, 'not sandboxed')\n"
    XCTAssertEqual(try play(script, ["--measure-frames", "1", "--sandbox", "s.lua"]).status, 0)
    XCTAssertEqual(try play(script, ["--measure-frames", "1", "s.lua", "--sandbox"]).status, 0)
    let open = try play(script, ["--measure-frames", "1", "s.lua"])
    XCTAssertEqual(open.status, 1)
    XCTAssertTrue(open.stderr.contains("not sandboxed"), open.stderr)
  }

  func testTheLimitOptionsApply() throws {
    let spin = deck + "for i = 1, 1e8 do end\n"
    let counted = try play(spin, ["--measure-frames", "1", "--max-instructions", "1000000", "s.lua"])
    XCTAssertEqual(counted.status, 1)
    XCTAssertTrue(counted.stderr.contains("instruction limit (1000000) exceeded"), counted.stderr)
    let grow = deck + "local t = {} for i = 1, 1e8 do t[i] = {} end\n"
    let memory = try play(grow, ["--measure-frames", "1", "s.lua", "--max-memory", "33554432"])
    XCTAssertEqual(memory.status, 1)
    XCTAssertTrue(memory.stderr.contains("memory"), memory.stderr)
  }
}
