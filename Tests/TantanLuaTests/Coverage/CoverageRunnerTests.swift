import Foundation
import XCTest

/// `tantan-host test --coverage`: the summary table in the default output, `--reporter lcov=` and
/// `cobertura=`, the coverage in the JSON report, merged across shards, the same under `--jobs 2`.
final class CoverageRunnerTests: XCTestCase {
  static let table = """
    coverage: 31 of 34 lines (91.2%)
    File                    Lines  Hit  Percent  Missed
    delegate.lua               12   11    91.7%  10
    helper.lua                 12   10    83.3%  5, 13
    spec/delegate_spec.lua     10   10   100.0%
    Total                      34   31    91.2%

    """

  func testDefaultOutputEndsWithTheTable() throws {
    let dir = try SuiteDir(CoverageProject.files)
    let r = try dir.test(["--coverage"])
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertTrue(r.stdout.contains("\n" + Self.table + "\n2 scenarios: 2 passed"), r.stdout)
    let without = try dir.test([])
    XCTAssertFalse(without.stdout.contains("coverage:"), "no coverage unless asked for")
  }

  func testLcovAndCoberturaReportersWriteTheKnownLines() throws {
    let dir = try SuiteDir(CoverageProject.files)
    let r = try dir.test(["--reporter", "lcov=out/lcov.info", "--reporter", "cobertura=out/coverage.xml"])
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertFalse(r.stdout.contains("coverage:"), "a reporter turns coverage on, the table is --coverage's")
    let root = try XCTUnwrap(FileManager.default.realpath(dir.url.path))
    let records = CoverageProject.lcovRecords(try XCTUnwrap(dir.read("out/lcov.info")))
    XCTAssertEqual(records["\(root)/helper.lua"]?.keys.sorted(), CoverageProject.helperLines)
    XCTAssertEqual(records["\(root)/helper.lua"]?.filter { $0.value == 0 }.keys.sorted(), CoverageProject.helperMissed)
    XCTAssertEqual(records["\(root)/delegate.lua"]?.keys.sorted(), CoverageProject.delegateLines)
    XCTAssertEqual(
      records["\(root)/delegate.lua"]?.filter { $0.value == 0 }.keys.sorted(), CoverageProject.delegateMissed)
    let summary = try Consumers.run(
      try CoverageConsumerTests.lcovTool("lcov"), ["--summary", dir.url.appendingPathComponent("out/lcov.info").path])
    XCTAssertTrue((summary.stdout + summary.stderr).contains("lines......: 91.2% (31 of 34 lines)"), "\(summary)")
    let read = try CoverageConsumerTests.readCobertura(dir.url.appendingPathComponent("out/coverage.xml").path)
    XCTAssertEqual(read["dtd_valid"] as? Bool, true, "\(read["dtd_errors"] ?? "")")
    let files = try XCTUnwrap(read["files"] as? [String: [String: Any]])
    XCTAssertEqual(files["delegate.lua"]?["missed_lines"] as? [Int], CoverageProject.delegateMissed)
    XCTAssertEqual(files["helper.lua"]?["missed_lines"] as? [Int], CoverageProject.helperMissed)
    XCTAssertEqual(files["spec/delegate_spec.lua"]?["missed_lines"] as? [Int], [])
  }

  func testForkedScenariosReportTheirLines() throws {
    let dir = try SuiteDir(CoverageProject.files)
    let one = try dir.test(["--reporter", "lcov=file.info"])
    XCTAssertEqual(one.status, 0, "\(one)")
    let forked = try dir.test(["--isolate", "scenario", "--reporter", "lcov=scenario.info"])
    XCTAssertEqual(forked.status, 0, "\(forked)")
    let root = try XCTUnwrap(FileManager.default.realpath(dir.url.path))
    let records = CoverageProject.lcovRecords(try XCTUnwrap(dir.read("scenario.info")))
    XCTAssertEqual(records["\(root)/delegate.lua"]?[12], 1, "on_swipe's line ran in a fork, reported by it")
    XCTAssertEqual(
      records.mapValues { $0.filter { $0.value == 0 }.keys.sorted() },
      CoverageProject.lcovRecords(try XCTUnwrap(dir.read("file.info"))).mapValues {
        $0.filter { $0.value == 0 }.keys.sorted()
      })
  }

  /// Two spec files, so two jobs and two shards each get one.
  static var twoSpecs: [String: String] {
    var files = CoverageProject.files
    files["spec/helper_spec.lua"] = """
      local helper = require("helper")
      it("clamps below", function() assert.equal(0, helper.clamp(-1, 0, 9)) end)

      """
    return files
  }

  func testJobsAndMergedShardsGiveTheSameCoverageAsOneJob() throws {
    let dir = try SuiteDir(Self.twoSpecs)
    let one = try dir.test(["--reporter", "lcov=one.info", "--reporter", "json=one.json"])
    XCTAssertEqual(one.status, 0, "\(one)")
    let two = try dir.test(["--jobs", "2", "--reporter", "lcov=two.info"])
    XCTAssertEqual(two.status, 0, "\(two)")
    XCTAssertEqual(dir.read("two.info"), dir.read("one.info"))
    let oneRecords = CoverageProject.lcovRecords(try XCTUnwrap(dir.read("one.info")))
    let root = try XCTUnwrap(FileManager.default.realpath(dir.url.path))
    XCTAssertEqual(oneRecords["\(root)/helper.lua"]?[5], 1, "the second spec clamps below")
    for i in 1...2 {
      let r = try dir.test(["--coverage", "--shard", "\(i)/2", "--reporter", "json=shard\(i).json"])
      XCTAssertEqual(r.status, 0, "\(r)")
    }
    let shard1 = try XCTUnwrap(dir.read("shard1.json"))
    XCTAssertNotEqual(
      try json(shard1)["coverage"] as? NSDictionary,
      try json(try XCTUnwrap(dir.read("one.json")))["coverage"] as? NSDictionary,
      "one shard alone covers less")
    let merged = try dir.run(["merge-reports", "shard2.json", "shard1.json", "--reporter", "lcov=merged.info"])
    XCTAssertEqual(merged.status, 0, "\(merged)")
    // The same lines covered and missed; counts differ where both shards loaded the same spec file.
    func covered(_ text: String?) -> [String: [Int: Bool]] {
      CoverageProject.lcovRecords(text ?? "").mapValues { $0.mapValues { $0 > 0 } }
    }
    XCTAssertEqual(covered(dir.read("merged.info")), covered(dir.read("one.info")))
    XCTAssertEqual(CoverageProject.lcovRecords(try XCTUnwrap(dir.read("merged.info")))["\(root)/helper.lua"]?[5], 1)
  }
}
