import Foundation
import XCTest

/// Issue 21.1, as reported: a list item 60 levels deep given to `apply` killed the host with
/// SIGSEGV (also under `--sandbox`, and a whole `tantan-host test` run with no report). Now it
/// is plain data up to 200 levels and a Lua error at the caller's line beyond.
final class CLITableDepthTests: CLITestCase {
  static func script(levels: Int) -> String {
    """
    local p = {} local t = p for i = 1, \(levels) do t[1] = {} t = t[1] end
    local l = tantan.list{sections = {{id = 1, items = {{id = 1}}}}}
    l:apply{{id = 1, items = {{id = 1, p = p}}}}
    print("applied", l:item(1, 1).p == p)
    """
  }

  func testTheReproductionRunsAndDeeperIsAnErrorAtTheCallersLine() throws {
    try write("deep60.lua", Self.script(levels: 60))
    try write("deep1e5.lua", Self.script(levels: 100_000))
    for sandbox in [[], ["--sandbox"]] {
      let ok = try runHost(sandbox + ["deep60.lua"])
      assertSane(ok)
      XCTAssertEqual(ok.status, 0, "\(ok)")
      XCTAssertEqual(ok.stdout, "applied\ttrue\n")
      let deep = try runHost(sandbox + ["deep1e5.lua"])
      assertSane(deep)
      XCTAssertEqual(deep.status, 1, "\(deep)")
      XCTAssertTrue(
        deep.stderr.contains(
          ": deep1e5.lua:3: bad argument #1 to 'apply' (sections[1].items[1]: table nested deeper than 200 levels)\n"),
        deep.stderr)
    }
  }

  func testAScenarioWithDeepTablesIsReportedNotFatalToTheRun() throws {
    try write(
      "spec/deep_spec.lua",
      """
      describe("deep", function()
        it("applies 60 levels", function()
      \(Self.script(levels: 60))
        end)
        it("fails beyond the limit", function()
      \(Self.script(levels: 100_000))
        end)
        it("still runs", function() assert.equal(1, 1) end)
      end)
      """)
    let r = try runHost(["test", "--sandbox", "--reporter", "junit=report.xml", "spec"])
    assertSane(r)
    XCTAssertEqual(r.status, 1, "\(r)")
    let report = try String(contentsOfFile: tmp + "/report.xml", encoding: .utf8)
    XCTAssertTrue(report.contains("tests=\"3\""), report)
    XCTAssertTrue(report.contains("table nested deeper than 200 levels"), report)
  }

  /// `assert.same` compares as deep as the host walks: 200 levels, then an error at its line
  /// (it was a Lua stack overflow inside the runner's prelude).
  func testDeepComparisonStopsAtTheSameLimit() throws {
    try write(
      "spec/same_spec.lua",
      """
      local function nest(n) local top = {} local t = top for i = 2, n do t[1] = {} t = t[1] end return top end
      it("200 levels", function() assert.same(nest(200), nest(200)) end)
      it("201 levels", function() assert.same(nest(201), nest(201)) end)
      it("far deeper", function() assert.same(nest(300000), nest(300000)) end)
      """)
    let r = try runHost(["test", "spec"])
    assertSane(r)
    XCTAssertEqual(r.status, 1, "\(r)")
    XCTAssertTrue(r.stdout.contains("3 scenarios: 1 passed, 0 failed, 2 errors"), r.stdout)
    for line in [3, 4] {
      XCTAssertTrue(
        r.stdout.contains("spec/same_spec.lua:\(line): deep comparison: table nested deeper than 200 levels"), r.stdout)
    }
    XCTAssertFalse(r.stdout.contains("stack overflow"), r.stdout)
  }
}
