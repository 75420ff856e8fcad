import Foundation
import XCTest

/// Memory the host keeps and time it spends count against the state's limits (issue 21 point 3):
/// a grid's identities and pending timers are charged before the host allocates them, a JSON
/// encode of a shared subtree stops at the instruction and time limits, and a pattern stuck inside
/// C ends at the runner's timeout. Each fails at the calling `file:line`, never a signal.
final class HostMemoryTests: CLITestCase {
  func assertStopped(
    _ args: [String], _ script: String, message: String, line expected: Int,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    try write("hostile.lua", script)
    let started = Date()
    let r = try runHost(args + ["hostile.lua"], timeout: 60)
    assertSane(r, file: file, line: line)
    XCTAssertEqual(r.status, 1, "\(args): \(r)", file: file, line: line)
    XCTAssertTrue(
      r.stderr.contains("hostile.lua:\(expected): \(message)"), "\(args): \(r.stderr)", file: file, line: line)
    XCTAssertLessThan(Date().timeIntervalSince(started), 30, file: file, line: line)
  }

  /// Ten grids over a source of 10^7 items held 788 MB under --max-memory 10^7 and exited 0.
  func testGridIdentitiesCountAgainstMaxMemory() throws {
    try assertStopped(
      ["--max-memory", "10000000"],
      """
      local g = {}
      for i = 1, 10 do g[i] = tantan.grid{source = {count = function() return 10^7 end, item = function(_, k) return k end}} end
      print("built")
      """, message: "not enough memory", line: 2)
    // Below the limit the same grid is built, and a closed grid gives its charge back.
    try write(
      "ok.lua",
      """
      for i = 1, 20 do
        local g = tantan.grid{source = {count = function() return 100000 end, item = function(_, k) return k end}}
        g = nil collectgarbage() collectgarbage()
      end
      print("ok")
      """)
    let r = try runHost(["--max-memory", "4000000", "ok.lua"])
    assertSane(r)
    XCTAssertEqual(r.stdout, "ok\n", "\(r)")
  }

  func testArrayGridItemsCountAgainstMaxMemory() throws {
    try assertStopped(
      ["--max-memory", "20000000"],
      """
      local items = {} for i = 1, 200000 do items[i] = i end
      local g = tantan.grid{items = items}
      """, message: "not enough memory", line: 2)
  }

  /// A pending timer's Swift side (about 190 bytes) is charged until it fires or is cancelled.
  func testPendingTimersCountAgainstMaxMemory() throws {
    try assertStopped(
      ["--max-memory", "30000000"],
      """
      local f = function() end
      for i = 1, 1000000 do tantan.after(1, f) end
      """, message: "not enough memory", line: 2)
    // Timers that fire give their charge back: 200,000 in turn (38 MB if kept) fit in the limit.
    try write(
      "turns.lua",
      """
      local f = function() end
      for i = 1, 200 do
        for j = 1, 1000 do tantan.after(1, f) end
        tantan.clock:advance(1)
      end
      print("ok")
      """)
    let r = try runHost(["--max-memory", "30000000", "turns.lua"], timeout: 120)
    assertSane(r)
    XCTAssertEqual(r.stdout, "ok\n", "\(r)")
  }

  /// List items sharing one 1 MB Lua string: each item's snapshot copies it into Swift (1000
  /// items held 988 MB under --max-memory 10^7 and exited 0).
  func testListItemSnapshotsCountAgainstMaxMemory() throws {
    try assertStopped(
      ["--max-memory", "10000000"],
      """
      local big, items = ("x"):rep(1000000), {}
      for i = 1, 1000 do items[i] = {id = i, text = big} end
      local l = tantan.list{sections = {{id = 1, items = items}}}
      """, message: "not enough memory", line: 3)
  }

  /// render.frames holds every picture in Swift until it returns: 1000 pictures of a 2000-item
  /// grid held 815 MB for 277 s under --max-memory 2 * 10^7 before the push failed.
  static let frames = """
    local items = {} for i = 1, 2000 do items[i] = ("item %d"):format(i) end
    local g = tantan.grid{items = items, height = 100000}
    local f = tantan.render.frames(g, 9.9, 100)
    """

  func testRenderFramesCountAgainstMaxMemoryAndTheLimits() throws {
    try assertStopped(["--max-memory", "20000000"], Self.frames, message: "not enough memory", line: 3)
    try assertStopped(
      ["--max-instructions", "100000"], Self.frames, message: "instruction limit (100000) exceeded", line: 3)
    try assertStopped(["--timeout", "0.5"], Self.frames, message: "timeout (0.5 s) exceeded", line: 3)
  }

  /// An event log keeps a copy of each deleted item's string after Lua let it go: 20 rounds of
  /// 50 deleted 100 KB items held 210 MB under --max-memory 5 * 10^7 until `events()` pushed them.
  func testEventLogStringsCountAgainstMaxMemory() throws {
    try assertStopped(
      ["--max-memory", "50000000"],
      """
      local g = tantan.grid{items = {}}
      for round = 1, 20 do
        local items = {}
        for i = 1, 50 do items[i] = ("%d:%d "):format(round, i) .. ("x"):rep(100000) end
        g:reload(items)
        g:long_press(1, 1)
        g:drop()
        for i = 50, 1, -1 do g:delete(i) end
      end
      print(#g:events())
      """, message: "not enough memory", line: 8)
  }

  /// A table whose two halves are the same subtable, 26 levels deep, encodes 2^26 values.
  static let doubled = "local t = {1}\nfor i = 1, 26 do t = {t, t} end\nlocal s = tantan.json.encode(t)\n"

  func testJSONEncodeStopsAtTheInstructionLimit() throws {
    try assertStopped(
      ["--max-instructions", "100000"], Self.doubled, message: "instruction limit (100000) exceeded", line: 3)
  }

  func testJSONEncodeStopsAtTheTimeout() throws {
    try assertStopped(["--timeout", "0.5"], Self.doubled, message: "timeout (0.5 s) exceeded", line: 3)
  }

  func testJSONEncodeOutputCountsAgainstMaxMemory() throws {
    try assertStopped(
      ["--max-memory", "8000000"],
      "local t = {('x'):rep(1000)}\nfor i = 1, 14 do t = {t, t} end\nlocal s = tantan.json.encode(t)\n",
      message: "not enough memory", line: 3)
  }

  /// `tantan-host test`: the runaway pattern that ran forever under the default --timeout 10 and a
  /// JSON encode that ran past it now end at the scenario's limits.
  func testRunnerScenariosStopInHostCodeAndInC() throws {
    let dir = try SuiteDir([
      "spec/host_spec.lua": """
      it("encodes a shared subtree", function()
        local t = {1} for i = 1, 26 do t = {t, t} end
        tantan.json.encode(t)
      end)
      """,
      "spec/pattern_spec.lua": """
      it("matches a runaway pattern", function()
        string.find(string.rep("a", 40), string.rep("a*", 40) .. "b")
      end)
      """,
    ])
    let json = try dir.test(["--timeout", "1", "--reporter", "json", "spec/host_spec.lua"], timeout: 60)
    assertSane(json)
    XCTAssertEqual(json.status, 1, "\(json)")
    XCTAssertTrue(json.stdout.contains("spec/host_spec.lua:3: timeout (1 s) exceeded"), "\(json)")
    let started = Date()
    let pattern = try dir.test(["--timeout", "1", "--reporter", "json", "spec/pattern_spec.lua"], timeout: 60)
    assertSane(pattern)
    XCTAssertEqual(pattern.status, 1, "\(pattern)")
    XCTAssertTrue(pattern.stdout.contains("spec/pattern_spec.lua:2: timeout (1 s) exceeded"), "\(pattern)")
    XCTAssertLessThan(Date().timeIntervalSince(started), 20)
  }
}
