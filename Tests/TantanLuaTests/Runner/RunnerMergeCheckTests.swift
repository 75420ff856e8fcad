import Foundation
import XCTest

/// No accidental green: every report says what it covered (shard, selection, scenario count), and
/// `merge-reports` refuses shards that do not make up one whole run unless `--allow-partial`.
final class RunnerMergeCheckTests: XCTestCase {
  static let suite = #"""
    for i = 1, 7 do
      it("scenario " .. i .. (i % 2 == 0 and " #even" or ""), function() end)
    end
    """#

  func testEveryReportRecordsShardSelectionAndCount() throws {
    let dir = try SuiteDir(["spec/s_spec.lua": Self.suite])
    let r = try dir.test([
      "--shard", "1/2", "--tags", "even", "--filter", "scen", "--reporter", "json=out.json", "--reporter",
      "junit=out.xml", "--reporter", "tap=out.tap", "--reporter", "default",
    ])
    XCTAssertEqual(r.status, 0, "\(r)")
    let header = "seed 0, shard 1/2, 2 of 3 scenarios, selected by --filter scen --tags even"
    XCTAssertTrue(r.stdout.hasPrefix("tantan-host test: \(header)\n"), r.stdout)
    XCTAssertTrue(dir.read("out.tap")!.contains("\n# tantan-host test: \(header)\n"), dir.read("out.tap")!)
    let o = try json(dir.read("out.json")!)
    XCTAssertEqual(o["shard"] as? String, "1/2")
    XCTAssertEqual(o["planned"] as? Int, 3)
    let sel = o["selection"] as! [String: Any]
    XCTAssertEqual(sel["tags"] as? [String], ["even"])
    XCTAssertEqual(sel["filters"] as? [String], ["scen"])
    XCTAssertEqual(sel["pattern"] as? String, "_spec%.lua$")
    XCTAssertEqual(sel["paths"] as? [String], ["spec"])
    let props = try JUnitDocument.parse(dir.read("out.xml")!).all("testsuite")[0].first("properties")!.all("property")
    let values = Dictionary(uniqueKeysWithValues: props.map { ($0.attributes["name"]!, $0.attributes["value"]!) })
    XCTAssertEqual(values["shard"], "1/2")
    XCTAssertEqual(values["planned"], "3")
    XCTAssertEqual(values["selection"], "--filter scen --tags even spec")
    XCTAssertEqual(values["pattern"], "_spec%.lua$")
  }

  func testMissingDoubledOrMixedShardsAreErrorsUnlessAllowed() throws {
    let dir = try SuiteDir(["spec/s_spec.lua": Self.suite])
    for i in 1...3 {
      XCTAssertEqual(try dir.test(["--shard", "\(i)/3", "--reporter", "json=s\(i).json"]).status, 0)
    }
    XCTAssertEqual(try dir.test(["--shard", "2/3", "--tags", "even", "--reporter", "json=even2.json"]).status, 0)
    XCTAssertEqual(try dir.test(["--shard", "2/2", "--reporter", "json=half2.json"]).status, 0)
    XCTAssertEqual(try dir.test(["--reporter", "json=whole.json"]).status, 0)

    let whole = try dir.run(["merge-reports", "s1.json", "s2.json", "s3.json"])
    XCTAssertEqual(whole.status, 0, "\(whole)")
    XCTAssertTrue(whole.stdout.hasPrefix("tantan-host test: seed 0, 7 scenarios\n"), whole.stdout)
    XCTAssertEqual(try dir.run(["merge-reports", "whole.json"]).status, 0)

    func refused(_ args: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
      let r = try dir.run(["merge-reports"] + args)
      XCTAssertEqual(r.status, 2, "\(r)", file: file, line: line)
      XCTAssertTrue(
        r.stderr.hasSuffix(" merge-reports: \(message) (--allow-partial merges it anyway)\n"), r.stderr, file: file,
        line: line)
      XCTAssertEqual(r.stdout, "", "no report written", file: file, line: line)
    }
    try refused(["s1.json", "s3.json"], "shard 2/3 missing: only 1/3, 3/3 given")
    try refused(["s1.json", "s2.json", "s1.json", "s3.json"], "shard 1/3 is given twice: s1.json and s1.json")
    try refused(
      ["s1.json", "even2.json", "s3.json"],
      "even2.json was run with another selection than s1.json: '--tags even spec' vs 'spec'")
    try refused(["s1.json", "half2.json", "s3.json"], "half2.json is shard 2/2 but s1.json is 1/3: different splits")
    try refused(["s1.json"], "shards 2/3, 3/3 missing: only 1/3 given")
    try refused(["whole.json", "s1.json"], "whole.json is a whole run (no --shard), not to be merged with others")

    // Allowed: merged, and the report says it is partial.
    let partial = try dir.run(["merge-reports", "--allow-partial", "s1.json", "s3.json"])
    XCTAssertEqual(partial.status, 0, "\(partial)")
    XCTAssertTrue(
      partial.stdout.hasPrefix("tantan-host test: seed 0, shard partial: 1,3 of 3, 5 of 7 scenarios\n"), partial.stdout)
    let doubled = try dir.run(["merge-reports", "--allow-partial", "s1.json", "s2.json", "s1.json", "s3.json"])
    XCTAssertEqual(doubled.status, 0, "\(doubled)")
    XCTAssertTrue(
      doubled.stderr.hasSuffix(" merge-reports: s1.json left out: shard 1/3 again (already in s1.json)\n"),
      doubled.stderr)
    XCTAssertTrue(doubled.stdout.contains("7 scenarios: 7 passed"), doubled.stdout)
  }
}
