import Foundation
import XCTest

/// Issue 25 point 3: what a list keeps in Swift (per section, per item, layout caches, payload
/// snapshots) counts against --max-memory as it grows, and its loops over counts the script gave
/// count instructions and read the clock. Each reproducer ends in a Lua error at the calling line,
/// with the process's peak memory within the limit plus the documented slack; or, where the list
/// can keep only what is visible or touched, it simply works in little memory.
final class ListStorageLimitTests: CLITestCase {
  /// Room above the limit: the host's own start-up memory plus 32 MiB (what one host call may
  /// hold before it returns to Lua; the README's table of what is counted).
  func assertPeak(
    _ r: LimitedResult, within limit: Int, file: StaticString = #filePath, line: UInt = #line
  ) {
    let allowed = Self.baseline + limit + 32 << 20
    XCTAssertLessThan(
      r.peak, allowed, "peak \(r.peak >> 20) MiB, allowed \(allowed >> 20) MiB: \(r.run)", file: file, line: line)
  }

  /// Fails with `message` at `expected`, raised in Lua (an instruction limit or a timeout is
  /// followed by a traceback: not the watchdog's message; lua.c prints none for memory errors),
  /// within `limit` plus the slack when a limit is given.
  func assertFails(
    _ args: [String], _ script: String, _ message: String, line expected: Int, peak limit: Int?,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    try write("hostile.lua", script)
    let started = Date()
    let r = try runLimited(args + ["hostile.lua"])
    assertSane(r.run, file: file, line: line)
    XCTAssertEqual(r.run.status, 1, "\(r.run)", file: file, line: line)
    XCTAssertTrue(
      r.run.stderr.contains(
        "hostile.lua:\(expected): \(message)\n\(message == "not enough memory" ? "" : "stack traceback:")"),
      "\(args): \(r.run.stderr)", file: file, line: line)
    if let limit { assertPeak(r, within: limit, file: file, line: line) }
    XCTAssertLessThan(Date().timeIntervalSince(started), 120, file: file, line: line)  // no hang
  }

  static let manySections = """
    local l = tantan.list{source = {section_count = function() return 2000000 end, item_count = function() return 0 end, item = function(_, s, i) return {id = i} end}}
    print(l.section_count)
    """

  /// Two million sections held 551 MB under --max-memory 10^7 and exited 0.
  func testSectionsCountAgainstMaxMemory() throws {
    try assertFails(["--max-memory", "10000000"], Self.manySections, "not enough memory", line: 1, peak: 10_000_000)
  }

  /// The same list passed as a scenario under the runner's default limits (128 MiB).
  func testSectionsFailAScenarioUnderTheDefaultLimits() throws {
    let dir = try SuiteDir([
      "spec/sections_spec.lua": "it(\"holds two million sections\", function()\n\(Self.manySections)\nend)\n"
    ])
    // The default memory limit; a long timeout, so a busy machine cannot turn it into a timeout.
    let r = try dir.test(["--timeout", "120", "--reporter", "json", "spec/sections_spec.lua"], timeout: 300)
    assertSane(r)
    XCTAssertEqual(r.status, 1, "\(r)")
    XCTAssertTrue(r.stdout.contains("spec/sections_spec.lua:2: not enough memory"), "\(r)")
  }

  /// With an item_height function and no estimate every item is measured once and its height kept
  /// (8 bytes, and 16 a row): charged as the heights are appended (the list grew past 3 GB).
  func testMeasuredHeightsCountAgainstMaxMemory() throws {
    try assertFails(
      ["--max-memory", "20000000"],
      """
      local l = tantan.list{item_height = function() return 44 end, source = {section_count = function() return 1 end, item_count = function() return 100000000 end, item = function(_, s, i) return {id = i} end}}
      """, "not enough memory", line: 1, peak: 20_000_000)
  }

  /// With estimated heights only the measured items and rows are kept: 10^8 estimated items (3.2 GB
  /// before, in a host loop that counted no instructions) cost what the window holds.
  func testEstimatedHeightsKeepOnlyWhatWasMeasured() throws {
    try write(
      "estimated.lua",
      """
      local l = tantan.list{item_height = function(_, s, i) return 40 + i % 7 end, estimated_item_height = 40,
        source = {section_count = function() return 1 end, item_count = function() return 100000000 end,
          item = function(_, s, i) return {id = i} end}}
      print(l.count, l.content_height >= 4e9)
      l:scroll_to(l.max_offset)
      print(l:layout()[1].index > 99999900)
      l:scroll_to(l.max_offset / 2)
      local a = l:layout()[1]
      print(a.index > 49000000 and a.index < 51000000, a.frame.h >= 40)
      """)
    let r = try runLimited(["--max-memory", "20000000", "--max-instructions", "10000000", "estimated.lua"])
    assertSane(r.run)
    XCTAssertEqual(r.run.status, 0, "\(r.run)")
    XCTAssertEqual(r.run.stdout, "100000000\ttrue\ntrue\ntrue\ttrue\n", "\(r.run)")
    assertPeak(r, within: 20_000_000)
  }

  static let hugeRect = """
    local l = tantan.list{item_height = 10, source = {section_count = function() return 1 end, item_count = function() return 100000000 end, item = function(_, s, i) return {id = i} end}}
    local a = l:layout{x = 0, y = 0, w = 100, h = 1e12}
    """

  /// `layout` of a rect holding 10^8 computed rows: a host loop (3.3 GB under --max-memory 5 * 10^7,
  /// ended after 3 s by the watchdog under --max-instructions 10^6).
  func testLayoutOfAHugeRectCountsInstructionsAndMemory() throws {
    try assertFails(
      ["--max-instructions", "1000000"], Self.hugeRect, "instruction limit (1000000) exceeded", line: 2, peak: nil)
    try assertFails(["--max-memory", "50000000"], Self.hugeRect, "not enough memory", line: 2, peak: 50_000_000)
    try assertFails(["--timeout", "0.5"], Self.hugeRect, "timeout (0.5 s) exceeded", line: 2, peak: nil)
  }

  /// Items 0 high all intersect the visible area under a content inset: the window held 1.4 GB
  /// under --max-memory 5 * 10^7.
  func testAWindowOfZeroHeightItemsCountsAgainstMaxMemory() throws {
    try assertFails(
      ["--max-memory", "20000000"],
      """
      local l = tantan.list{item_height = 0, content_inset = {top = 10}, source = {section_count = function() return 1 end, item_count = function() return 10000000 end, item = function(_, s, i) return {id = i} end}}
      """, "not enough memory", line: 1, peak: 20_000_000)
  }

  /// A payload whose halves are the same table, 60 levels deep: copied once per distinct table
  /// (it was copied 2^60 times: 12 GB under --max-memory 5 * 10^7), compared without walking the
  /// shared halves again, and the same in a scenario (a timeout before).
  static let doubled = """
    local t = {} for i = 1, 60 do t = {a = t, b = t} end
    local l = tantan.list{sections = {{id = 1, items = {{id = 1, payload = t}}}}}
    local same = l:apply{{id = 1, items = {{id = 1, payload = t}}}}
    local u = {} for i = 1, 60 do u = {a = u, b = u, leaf = i == 1 or nil} end
    local changed = l:apply{{id = 1, items = {{id = 1, payload = u}}}}
    print(#same.reloaded, #changed.reloaded)
    """

  func testSharedSubtablesAreCopiedOnce() throws {
    try write("doubled.lua", Self.doubled)
    let r = try runLimited(["--max-memory", "50000000", "--timeout", "5", "doubled.lua"])
    assertSane(r.run)
    XCTAssertEqual(r.run.status, 0, "\(r.run)")
    XCTAssertEqual(r.run.stdout, "0\t1\n")
    assertPeak(r, within: 50_000_000)
    let dir = try SuiteDir([
      "spec/doubled_spec.lua": "it(\"keeps a shared payload\", function()\n\(Self.doubled)\nend)\n"
    ])
    let s = try dir.test(["--reporter", "json", "spec/doubled_spec.lua"], timeout: 120)
    assertSane(s)
    XCTAssertEqual(s.status, 0, "\(s)")
  }

  /// One payload of 500,000 distinct entries: its snapshot is charged as it is built, not once it
  /// is whole (and sorting its keys made a string per key).
  func testAWidePayloadIsChargedAsItIsCopied() throws {
    try assertFails(
      ["--max-memory", "60000000"],
      """
      local p = {} for i = 1, 500000 do p["k" .. i] = i end
      local l = tantan.list{sections = {{id = 1, items = {{id = 1, payload = p}}}}}
      """, "not enough memory", line: 2, peak: 60_000_000)
  }

  /// A long string referenced by many tables of one payload is copied once.
  func testAStringSharedInsideAPayloadIsCopiedOnce() throws {
    try write(
      "strings.lua",
      """
      local s, p = ("x"):rep(1000000), {}
      for i = 1, 100 do p[i] = {text = s} end
      local l = tantan.list{sections = {{id = 1, items = {{id = 1, payload = p}}}}}
      print("ok")
      """)
    let r = try runLimited(["--max-memory", "30000000", "strings.lua"])
    assertSane(r.run)
    XCTAssertEqual(r.run.stdout, "ok\n", "\(r.run)")
  }
}
