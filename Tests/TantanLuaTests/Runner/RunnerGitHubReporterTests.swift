import Foundation
import XCTest

@testable import TantanLua
@testable import TantanTools

/// `--reporter github`: workflow-command annotations, at most 10, escaped as GitHub's rules say;
/// the counts and the rest in `$GITHUB_STEP_SUMMARY`.
final class RunnerGitHubReporterTests: XCTestCase {
  /// 12 failures: 11 assertions in a loop, one error whose message has `%`, CR and LF; the file
  /// name has a comma, the describe a colon (both end a property unless escaped).
  static let suite = #"""
    describe("limits: many", function()
      it("passes", function() end)
      for i = 1, 11 do
        it("fails " .. i, function() assert.equal(i, 0) end)
      end
      it("raises", function() error("100% broken\r\nsecond line", 0) end)
    end)
    """#

  func testAnnotationsEscapedAndCappedAtTen() throws {
    let dir = try SuiteDir(["spec/odd,name_spec.lua": Self.suite])
    let summary = dir.url.appendingPathComponent("summary.md").path
    try "# earlier step\n".write(toFile: summary, atomically: true, encoding: .utf8)
    let r = try dir.test(["--reporter", "github"], env: ["GITHUB_STEP_SUMMARY": summary])
    XCTAssertEqual(r.status, 1, "\(r)")
    let lines = r.stdout.split(separator: "\n").map(String.init)
    let annotations = lines.filter { $0.hasPrefix("::error ") }
    XCTAssertEqual(annotations.count, 10, r.stdout)
    XCTAssertEqual(
      annotations[0],
      "::error file=spec/odd%2Cname_spec.lua,line=4,title=FAILED limits%3A many fails 1::"
        + "spec/odd,name_spec.lua:4: Expected objects to be equal.%0Aexpected: (number) 1%0Aactual:   (number) 0")
    XCTAssertTrue(
      lines.contains(
        "2 more failures are not annotated (GitHub shows 10 per step): see the job summary or the other reports"),
      r.stdout)

    let md = try String(contentsOfFile: summary, encoding: .utf8)
    XCTAssertTrue(md.hasPrefix("# earlier step\n### tantan-host test: seed 0, 13 scenarios\n"), "appended: \(md)")
    XCTAssertTrue(md.contains("| 13 | 1 | 11 | 1 | 0 | 0 |"), md)
    XCTAssertTrue(md.contains("12 failures: the first 10 are annotated, the other 2 are:"), md)
    XCTAssertTrue(
      md.contains(
        "| spec/odd,name_spec.lua:4 | FAILED limits: many fails 11 | spec/odd,name_spec.lua:4: Expected objects to be equal. |"
      ), md)
    XCTAssertTrue(
      md.contains(
        "| spec/odd,name_spec.lua:6 | ERROR limits: many raises | spec/odd,name_spec.lua:6: 100% broken |\n\n"), md)
  }

  func testErrorMessageEscapedAsData() throws {
    let dir = try SuiteDir(["spec/e_spec.lua": #"it("raises", function() error("100% broken\r\nsecond line", 0) end)"#])
    let r = try dir.test(["--reporter", "github"])
    XCTAssertEqual(r.status, 1, "\(r)")
    let line = try XCTUnwrap(r.stdout.split(separator: "\n").first { $0.hasPrefix("::error ") })
    XCTAssertTrue(
      line.hasPrefix(
        "::error file=spec/e_spec.lua,line=1,title=ERROR raises::spec/e_spec.lua:1: 100%25 broken%0D%0Asecond line%0Astack traceback:"
      ),
      String(line))
    XCTAssertEqual(r.stdout.split(separator: "\n").count, 1, "no summary line with 10 or fewer: \(r.stdout)")
  }

  func testEscapingRules() {
    XCTAssertEqual(GitHubReporter.escapeData("a%b\r\nc:d,e"), "a%25b%0D%0Ac:d,e")
    XCTAssertEqual(GitHubReporter.escapeProperty("a%b\r\nc:d,e"), "a%25b%0D%0Ac%3Ad%2Ce")
  }
}
