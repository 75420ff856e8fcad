import Foundation
import XCTest

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A trace's source lines come from the text the run loaded, never from opening a chunk name
/// (issue 25 point 2): `load(s, "@/etc/passwd")` shows `s`, not the file; a chunk named after a
/// device or a FIFO costs nothing; files the script and its modules loaded still show their lines.
final class TraceChunkTextTests: CLITestCase {
  /// The chunk runs `tantan.clock:settle()` (a traced step) on line `k + 1` of a chunk named `name`.
  func forgedChunk(_ name: String, blankLines k: Int = 3) -> String {
    "load(string.rep('\\n', \(k)) .. 'tantan.clock:settle()', '@\(name)')()\n"
  }

  func testAChunkNamedAfterAFileShowsTheLoadedTextNotTheFile() throws {
    let passwd = try String(contentsOfFile: "/etc/passwd", encoding: .utf8)
    let firstLine = String(passwd.split(separator: "\n").first ?? "")
    XCTAssertFalse(firstLine.isEmpty)
    try write("forge.lua", forgedChunk("/etc/passwd"))
    for sandbox in [["--sandbox"], []] {
      let r = try runHost(sandbox + ["--trace", "t.html", "forge.lua"])
      assertSane(r)
      XCTAssertEqual(r.status, 0, "\(r)")
      let t = try TraceFile(path: "\(tmp)/t.html")
      XCTAssertTrue(
        t.steps.contains { $0["path"] as? String == "/etc/passwd" && $0["line"] as? Int == 4 }, "\(t.steps)")
      XCTAssertEqual(t.source("/etc/passwd", line: 4), "tantan.clock:settle()")
      XCTAssertEqual(t.source("/etc/passwd", line: 2), "")
      XCTAssertNil(t.source("/etc/passwd", line: 5), "past the chunk's last line")
      XCTAssertFalse(t.html.contains(firstLine), "the trace holds /etc/passwd \(sandbox)")
    }
  }

  func testDevicesFifosAndMissingFilesCostNothing() throws {
    XCTAssertEqual(mkfifo("\(tmp)/fifo", 0o600), 0)
    try write(
      "devices.lua",
      forgedChunk("/dev/zero") + forgedChunk("\(tmp)/fifo") + forgedChunk("/dev/stdin") + forgedChunk("/no/such/file"))
    for sandbox in [["--sandbox"], []] {
      let started = Date()
      let r = try runHost(
        sandbox + ["--timeout", "2", "--max-memory", "50000000", "--trace", "t.html", "devices.lua"], timeout: 20)
      assertSane(r)
      XCTAssertEqual(r.status, 0, "\(r)")
      XCTAssertLessThan(Date().timeIntervalSince(started), 10, "\(sandbox)")
      let t = try TraceFile(path: "\(tmp)/t.html")
      XCTAssertEqual(t.source("/dev/zero", line: 4), "tantan.clock:settle()")
      XCTAssertEqual(t.source("\(tmp)/fifo", line: 4), "tantan.clock:settle()")
    }
  }

  /// What the host and the script loaded from files keeps its lines: the script, a module
  /// `require` found, `dofile`, `loadfile`, and a chunk read through a reader function.
  func testFilesTheRunLoadedShowTheirLines() throws {
    try write("mod.lua", "local M = {}\nfunction M.go() tantan.clock:settle() end\nreturn M\n")
    try write("done.lua", "-- dofile'd\n\ntantan.clock:advance(0.1)\n")
    try write("later.lua", "\n\n\ntantan.clock:advance(0.2)\n")
    try write(
      "main.lua",
      """
      require("mod").go()
      dofile("done.lua")
      loadfile("later.lua")()
      local parts = {"\\n", "tantan.clock:advance(0.3)"}
      load(function() return table.remove(parts, 1) end, "@reader.lua")()
      tantan.clock:advance(0.4)

      """)
    let r = try runHost(["--trace", "t.html", "main.lua"])
    XCTAssertEqual(r.status, 0, "\(r)")
    let t = try TraceFile(path: "\(tmp)/t.html")
    XCTAssertEqual(t.source("./mod.lua", line: 2), "function M.go() tantan.clock:settle() end")
    XCTAssertEqual(t.source("done.lua", line: 3), "tantan.clock:advance(0.1)")
    XCTAssertEqual(t.source("later.lua", line: 4), "tantan.clock:advance(0.2)")
    XCTAssertEqual(t.source("reader.lua", line: 2), "tantan.clock:advance(0.3)")
    XCTAssertEqual(t.source("main.lua", line: 6), "tantan.clock:advance(0.4)")
    // In the sandbox (no dofile or loadfile) a module's lines come from the sandbox's own loader.
    try write("boxed.lua", "require('mod').go()\n")
    let boxed = try runHost(["--sandbox", "--trace", "b.html", "boxed.lua"])
    XCTAssertEqual(boxed.status, 0, "\(boxed)")
    let b = try TraceFile(path: "\(tmp)/b.html")
    XCTAssertEqual(
      b.source("./mod.lua", line: 2), "function M.go() tantan.clock:settle() end")
  }

  /// Text is kept up to a cap: a huge chunk's far lines are not in the trace, and nothing fails.
  func testAHugeChunkIsKeptOnlyUpToTheCap() throws {
    try write("huge.lua", "load(string.rep('-- pad\\n', 400000) .. 'tantan.clock:settle()', '@huge')()\n")
    let r = try runHost(["--trace", "t.html", "huge.lua"])
    XCTAssertEqual(r.status, 0, "\(r)")
    let t = try TraceFile(path: "\(tmp)/t.html")
    XCTAssertTrue(t.steps.contains { $0["path"] as? String == "huge" && $0["line"] as? Int == 400_001 })
    XCTAssertNil(t.source("huge", line: 400_001))
    XCTAssertLessThan(t.html.utf8.count, 2_000_000)
  }

  /// `tantan-host test --sandbox --trace on`: a scenario's forged chunk name reads no file either
  /// (a retained trace becomes a CI artifact).
  func testScenarioTracesReadNoFileAChunkNames() throws {
    let passwd = try String(contentsOfFile: "/etc/passwd", encoding: .utf8)
    let firstLine = String(passwd.split(separator: "\n").first ?? "")
    try write(
      "spec/forge_spec.lua",
      "it('forges', function()\n  " + forgedChunk("/etc/passwd") + "  error('fail on purpose')\nend)\n")
    let r = try runHost(["test", "--sandbox", "--trace", "retain-on-failure", "spec"])
    assertSane(r)
    XCTAssertEqual(r.status, 1, "\(r)")
    let traces = try FileManager.default.contentsOfDirectory(atPath: "\(tmp)/tantan-traces")
    XCTAssertEqual(traces.count, 1, "\(traces)")
    let t = try TraceFile(path: "\(tmp)/tantan-traces/\(traces[0])")
    XCTAssertEqual(t.source("/etc/passwd", line: 4), "tantan.clock:settle()")
    XCTAssertEqual(t.source("spec/forge_spec.lua", line: 3), "  error('fail on purpose')")
    XCTAssertFalse(t.html.contains(firstLine), "the trace holds /etc/passwd")
  }
}
