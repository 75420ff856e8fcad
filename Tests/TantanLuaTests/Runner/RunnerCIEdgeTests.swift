import XCTest

/// The edges a CI job meets, through the binary: empty shards, getopt forms, `file:LINE` on an
/// empty line, `os.exit` at load, bounded counts.
final class RunnerCIEdgeTests: XCTestCase {
  static let nine = (1...9).map { #"it("s\#($0)", function() assert.is_true(true) end)"# }.joined(separator: "\n")

  func testAnEmptyShardOfANonEmptySuitePassesAndSaysSo() throws {
    let dir = try SuiteDir(["spec/a_spec.lua": Self.nine])
    let r = try dir.test(["--shard", "10/12", "--reporter", "json=r.json", "--reporter", "default"])
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    XCTAssertTrue(r.stdout.contains("shard 10/12, 0 of 9 scenarios"), r.stdout)
    XCTAssertTrue(r.stderr.contains("this shard holds none of them"), r.stderr)
    let report = try json(dir.read("r.json") ?? "")
    XCTAssertEqual(report["planned"] as? Int, 9)
    XCTAssertEqual((report["scenarios"] as? [Any])?.count, 0)
    // A suite with nothing selected is still status 3, sharded or not.
    XCTAssertEqual(try dir.test(["--shard", "1/2", "--filter", "nothing"]).status, 3)
  }

  func testGetoptFormsThroughTheBinary() throws {
    let dir = try SuiteDir(["spec/a_spec.lua": Self.nine])
    for args in [["-j2"], ["--jobs=2"], ["-j", "2"], ["-lj2"]] {
      let r = try dir.test(args)
      XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
    }
    XCTAssertTrue(try dir.test(["-lj2"]).stdout.contains("spec/a_spec.lua:9: s9"))
  }

  func testALineWithoutAScenarioNamesTheNearestOnes() throws {
    let spec = """
      describe("outer", function()
        it("adds", function() assert.equal(2, 1 + 1) end)
      end)

      -- a comment line

      describe("other", function()
        it("removes", function() assert.equal(0, 1 - 1) end)
      end)
      """
    let dir = try SuiteDir(["spec/a_spec.lua": spec])
    let r = try dir.test(["spec/a_spec.lua:5"])
    XCTAssertEqual(r.status, 3, r.stdout + r.stderr)
    XCTAssertTrue(
      r.stderr.contains(
        "spec/a_spec.lua:5: no scenario at this line; nearest: spec/a_spec.lua:2: outer adds; spec/a_spec.lua:8: other removes"
      ), r.stderr)
    let ok = try dir.test(["spec/a_spec.lua:5", "spec/a_spec.lua:8"])
    XCTAssertEqual(ok.status, 0, ok.stderr)
    XCTAssertTrue(ok.stderr.contains("spec/a_spec.lua:5: no scenario at this line"), ok.stderr)
  }

  func testOsExitAtLoadSaysAtLoad() throws {
    let dir = try SuiteDir([
      "spec/a_spec.lua": """
      it("runs", function() end)
      os.exit(0)
      """
    ])
    let r = try dir.test(["--reporter", "json"])
    XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
    XCTAssertTrue(r.stdout.contains("os.exit(0) called at load"), r.stdout)
    XCTAssertFalse(r.stdout.contains("in a scenario"), r.stdout)
    // In a describe body (run at load too), and in a setup: each says where.
    let body = try SuiteDir(["spec/a_spec.lua": "describe('d', function() it('x', function() end) os.exit(3) end)"])
    XCTAssertTrue(try body.test([]).stdout.contains("os.exit(3) called at load"))
    let setup = try SuiteDir(["spec/a_spec.lua": "it('x', function() end) setup(function() os.exit(1) end)"])
    let s = try setup.test([])
    XCTAssertEqual(s.status, 1)
    XCTAssertTrue(s.stdout.contains("os.exit(1) called in a setup"), s.stdout)
  }

  func testHugeCountsAreUsageErrors() throws {
    let dir = try SuiteDir(["spec/a_spec.lua": Self.nine])
    let r = try dir.test(["--repeat-each", "100000000"])
    XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
    XCTAssertTrue(r.stderr.contains("bad value for --repeat-each: integer from 1 to 10000"), r.stderr)
    // Within each bound, the product is bounded too: 200 scenarios times 10000 is too many.
    let many = try SuiteDir([
      "spec/m_spec.lua": (1...200).map { #"it("m\#($0)", function() end)"# }.joined(separator: "\n")
    ])
    let big = try many.test(["--repeat-each", "10000", "--list"])
    XCTAssertEqual(big.status, 2, big.stderr)
    XCTAssertTrue(big.stderr.contains("more than 1000000 scenario runs"), big.stderr)
  }
}
