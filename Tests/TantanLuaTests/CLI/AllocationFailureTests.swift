import Foundation
import XCTest

/// Issue 25 point 4: host paths that allocate in proportion to script input ask before they
/// allocate: the memory limit (`--max-memory`) and the system (`ulimit -v`: a `malloc` probe). Each
/// runs under an address-space limit, alone and with a small --max-memory, and ends in the Lua
/// error `file:line: not enough memory`, never a signal (the Swift runtime aborted with `Fatal
/// error: failed to allocate ...` before).
final class AllocationFailureTests: CLITestCase {
  static let addressSpace = 400 << 20

  /// Runs `script` under `ulimit -v` (alone, then with `--max-memory limit`): status 1 with
  /// `hostile.lua:line: not enough memory` in both.
  func assertNoMemory(
    _ script: String, line expected: Int, maxMemory: Int = 30_000_000, extra: [String] = [],
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    try write("hostile.lua", script)
    for limits in [[], ["--max-memory", String(maxMemory)]] {
      let r = try runLimited(limits + extra + ["hostile.lua"], addressSpace: Self.addressSpace, timeout: 120)
      assertSane(r.run, file: file, line: line)
      XCTAssertEqual(r.run.status, 1, "\(limits): \(r.run)", file: file, line: line)
      XCTAssertTrue(
        r.run.stderr.contains("hostile.lua:\(expected): not enough memory"), "\(limits): \(r.run.stderr)", file: file,
        line: line)
    }
  }

  /// SVG: a grid 10^8 points high draws its 10^6 cells (a 277 MB document).
  func testAPictureTooLargeForTheMemory() throws {
    try assertNoMemory(
      """
      local g = tantan.grid{source = {count = function() return 1000000 end, item = function(_, k) return k end}, height = 1e8}
      local s = tantan.render.svg(g)
      """, line: 2)
  }

  /// A traced step (here the constructor) draws every live component: the grid's picture above,
  /// refused, ends the run.
  func testATracedPictureTooLargeForTheMemory() throws {
    try assertNoMemory(
      """
      local g = tantan.grid{source = {count = function() return 1000000 end, item = function(_, k) return k end}, height = 1e8}
      tantan.clock:advance(1)
      """, line: 1, extra: ["--trace", "t.html"])
  }

  /// List layout: 10^8 computed rows in one rect.
  func testAListLayoutTooLargeForTheMemory() throws {
    try assertNoMemory(
      """
      local l = tantan.list{item_height = 10, source = {section_count = function() return 1 end, item_count = function() return 100000000 end, item = function(_, s, i) return {id = i} end}}
      local a = l:layout{x = 0, y = 0, w = 100, h = 1e12}
      """, line: 2)
  }

  /// A list's snapshot of its items: its sections, index and heights (2 * 10^6 items).
  func testAListSnapshotTooLargeForTheMemory() throws {
    try assertNoMemory(
      """
      local items = {} for i = 1, 2000000 do items[i] = {id = i} end
      local l = tantan.list{sections = {{id = 1, items = items}}}
      """, line: 2, maxMemory: 250_000_000)
  }

  /// JSON: a table whose halves are one subtable, 22 levels over a 1000-byte string (4 GB of text).
  func testAJSONTextTooLargeForTheMemory() throws {
    try assertNoMemory(
      """
      local t = {("x"):rep(1000)} for i = 1, 22 do t = {t, t} end
      local s = tantan.json.encode(t)
      """, line: 2)
  }

  /// A golden file far larger than the value is read only as far as it can matter (twice the
  /// value and a megabyte), charged: 50 MB run the scenario without a golden, the 21 MB read
  /// does not fit in 60 (the limit's error is placed at the prelude's call of the host); with room
  /// for it, a plain mismatch (it took minutes, then the runner's timeout, reading 300 MB).
  func testAGoldenFileTooLargeForTheMemory() throws {
    let dir = try SuiteDir([
      "spec/big_spec.lua": """
      it("compares", function()
        local v = ("v"):rep(10000000)
        assert.snapshot("big", v)
      end)
      """
    ])
    let golden = dir.url.appendingPathComponent("spec/__snapshots__/big_spec/big.snap")
    try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
    XCTAssertTrue(FileManager.default.createFile(atPath: golden.path, contents: nil))
    let handle = try FileHandle(forWritingTo: golden)
    let block = Data(repeating: UInt8(ascii: "g"), count: 1 << 20)
    for _ in 0..<300 { handle.write(block) }
    try handle.close()
    for (limits, expected) in [
      ([String](), "does not match"), (["--max-memory", "60000000"], ": not enough memory"),
    ] {
      let r = try runLimited(
        ["test", "--timeout", "60", "--reporter", "tap"] + limits + ["spec/big_spec.lua"],
        addressSpace: Self.addressSpace, cwd: dir.url.path, timeout: 180)
      assertSane(r.run)
      XCTAssertEqual(r.run.status, 1, "\(limits): \(r.run)")
      XCTAssertTrue(r.run.stdout.contains(expected), "\(limits): \(r.run)")
      XCTAssertFalse(r.run.stdout.contains("timeout"), "\(limits): \(r.run)")
    }
  }

  /// A golden that is a FIFO is refused unopened (opening it waited for a writer until the
  /// scenario's timeout).
  func testAGoldenThatIsAFIFOIsRefused() throws {
    let dir = try SuiteDir([
      "spec/fifo_spec.lua": "it(\"compares\", function()\n  assert.snapshot(\"fifo\", \"value\")\nend)\n"
    ])
    let golden = dir.url.appendingPathComponent("spec/__snapshots__/fifo_spec/fifo.snap")
    try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
    XCTAssertEqual(mkfifo(golden.path, 0o644), 0)
    let started = Date()
    let r = try dir.test(["--timeout", "20", "--reporter", "tap", "spec/fifo_spec.lua"], timeout: 120)
    assertSane(r)
    XCTAssertEqual(r.status, 1, "\(r)")
    XCTAssertTrue(r.stdout.contains("spec/__snapshots__/fifo_spec/fifo.snap is not a regular file"), "\(r)")
    XCTAssertLessThan(Date().timeIntervalSince(started), 15, "\(r)")
  }
}
