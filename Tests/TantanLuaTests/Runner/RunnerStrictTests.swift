import Foundation
import XCTest

/// Green by accident: a scenario without assertions, a spec file without scenarios, timers still
/// pending at a scenario's end. Each is named in the summary and every report; `--strict` fails it.
final class RunnerStrictTests: XCTestCase {
  static let files = [
    "spec/a_spec.lua": #"""
    it("asserts", function() assert.equal(2, 1 + 1) end)
    it("asserts nothing", function() local x = 1 + 1 end)
    it("leaves a timer", function()
      tantan.after(5, function() end)
      assert.is_true(true)
    end)
    """#,
    "spec/empty_spec.lua": "-- a spec file that declares no scenario\nlocal x = 1\n",
  ]

  func testWarningsAreNamedInTheSummaryAndEveryReport() throws {
    let dir = try SuiteDir(Self.files)
    let r = try dir.test([
      "--reporter", "default", "--reporter", "json=r.json", "--reporter", "junit=r.xml", "--reporter", "tap=r.tap",
      "--reporter", "github=gh.txt",
    ])
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    XCTAssertTrue(r.stdout.contains("WARNING spec/a_spec.lua:2 asserts nothing: made no assertion"), r.stdout)
    XCTAssertTrue(
      r.stdout.contains("WARNING spec/a_spec.lua:3 leaves a timer: left 1 timer or animation pending: tantan.after"),
      r.stdout)
    XCTAssertTrue(r.stdout.contains("WARNING spec/empty_spec.lua: declares no scenario"), r.stdout)
    XCTAssertTrue(r.stdout.contains("3 scenarios: 3 passed, 0 failed, 0 errors, 0 pending, 3 warnings"), r.stdout)

    let report = try json(dir.read("r.json") ?? "")
    let scenarios = report["scenarios"] as! [[String: Any]]
    XCTAssertEqual(scenarios.map { $0["assertions"] as? Int }, [1, 0, 1])
    XCTAssertEqual((scenarios[2]["pending_timers"] as? [String])?.count, 1)
    XCTAssertEqual(report["empty_files"] as? [String], ["spec/empty_spec.lua"])
    XCTAssertEqual(
      (report["warnings"] as? [[String: Any]])?.map { $0["kind"] as? String },
      ["no-assertions", "pending-timers", "no-scenarios"])

    let junit = try JUnitDocument.parse(dir.read("r.xml") ?? "")
    let props = junit.all("testsuite").flatMap { $0.first("properties")?.all("property") ?? [] }
      .filter { $0.attributes["name"]?.hasPrefix("warning-") == true }.compactMap { $0.attributes["value"] }
    XCTAssertEqual(props.count, 3, "\(props)")
    XCTAssertTrue(props.contains("spec/empty_spec.lua: declares no scenario"), "\(props)")

    let tap = try TAPDocument.parse(dir.read("r.tap") ?? "")
    XCTAssertEqual(tap.comments.filter { $0.hasPrefix("# warning: ") }.count, 3, "\(tap.comments)")
    XCTAssertEqual(dir.read("gh.txt")?.components(separatedBy: "::warning ").count, 4, dir.read("gh.txt") ?? "")

    // merge-reports keeps them.
    let merged = try dir.run(["merge-reports", "r.json"])
    XCTAssertTrue(merged.stdout.contains("3 warnings"), merged.stdout + merged.stderr)
  }

  func testStrictMakesEachAFailure() throws {
    let dir = try SuiteDir(Self.files)
    let r = try dir.test(["--strict", "--reporter", "json"])
    XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
    let scenarios = try json(r.stdout)["scenarios"] as! [[String: Any]]
    XCTAssertEqual(scenarios.map { $0["status"] as? String }, ["passed", "failed", "failed", "error"])
    func message(_ i: Int) -> String { (scenarios[i]["failure"] as? [String: Any])?["message"] as? String ?? "" }
    XCTAssertEqual(message(1), "made no assertion (--strict)")
    XCTAssertTrue(message(2).hasPrefix("left 1 timer or animation pending: tantan.after"), message(2))
    XCTAssertEqual(message(3), "spec/empty_spec.lua declares no scenario (--strict)")
    // Pending scenarios and a file's scenarios with assertions stay green under --strict.
    let fine = try SuiteDir(["spec/ok_spec.lua": #"it("ok", function() assert.truthy(1) end) pending("later")"#])
    XCTAssertEqual(try fine.test(["--strict"]).status, 0)
  }
}
