import Foundation
import XCTest

/// The coverage reports read by real consumers: lcov's own `lcov --summary` and `genhtml`
/// (Debian's lcov), and pycobertura with lxml checking the Cobertura XML against coverage-04.dtd
/// (both installed by scripts/bootstrap --test), on a project whose covered and missed lines are known.
final class CoverageConsumerTests: XCTestCase {
  static func lcovTool(_ name: String) throws -> String {
    let path = "/usr/bin/" + name
    guard FileManager.default.isExecutableFile(atPath: path) else {
      XCTFail("\(path) is missing: run scripts/bootstrap --test (Debian's lcov)")
      throw XCTSkip("no \(name)")
    }
    return path
  }

  /// The project's script run with `--coverage`: the reports' folder.
  func scriptReports() throws -> SuiteDir {
    let dir = try SuiteDir(CoverageProject.files)
    let r = try dir.run(["--coverage", "lcov=out/cov.info", "--coverage", "cobertura=out/cov.xml", "script.lua"])
    XCTAssertEqual(r.status, 0, "\(r)")
    return dir
  }

  func testLcovSummaryAndGenhtmlReadTheTracefile() throws {
    let dir = try scriptReports()
    let info = dir.url.appendingPathComponent("out/cov.info").path
    let summary = try Consumers.run(try Self.lcovTool("lcov"), ["--summary", info])
    XCTAssertEqual(summary.status, 0, "\(summary)")
    XCTAssertTrue((summary.stdout + summary.stderr).contains("lines......: 87.5% (14 of 16 lines)"), "\(summary)")
    let html = dir.url.appendingPathComponent("html").path
    let gen = try Consumers.run(try Self.lcovTool("genhtml"), ["--quiet", "--output-directory", html, info])
    XCTAssertEqual(gen.status, 0, "genhtml found every source file and line: \(gen)")
    let page = try XCTUnwrap(dir.read("html/index.html"))
    XCTAssertTrue(page.contains("87.5"), "the index shows the rate")
    // genhtml's annotated helper.lua: line 5 is a miss, line 4 a hit.
    let helperPage = try XCTUnwrap(
      FileManager.default.enumerator(atPath: html)?.compactMap { $0 as? String }.first {
        $0.hasSuffix("helper.lua.gcov.html")
      })
    let annotated = try XCTUnwrap(dir.read("html/" + helperPage))
    XCTAssertTrue(annotated.contains(#"<span class="lineNum">       5 </span><span class="lineNoCov">"#), annotated)
    XCTAssertTrue(annotated.contains(#"<span class="lineNum">       4 </span><span class="lineCov">"#), annotated)
  }

  func testPycoberturaReadsTheCoberturaReportThatTheDTDAccepts() throws {
    let dir = try scriptReports()
    let read = try Self.readCobertura(dir.url.appendingPathComponent("out/cov.xml").path)
    XCTAssertEqual(read["dtd_valid"] as? Bool, true, "\(read["dtd_errors"] ?? "")")
    XCTAssertEqual(read["doctype"] as? String, "http://cobertura.sourceforge.net/xml/coverage-04.dtd")
    XCTAssertEqual(read["total_statements"] as? Int, 16)
    XCTAssertEqual(read["total_misses"] as? Int, 2)
    XCTAssertEqual(read["line_rate"] as? Double, 0.875)
    let files = try XCTUnwrap(read["files"] as? [String: [String: Any]])
    XCTAssertEqual(Set(files.keys), ["helper.lua", "script.lua"])
    XCTAssertEqual(files["helper.lua"]?["missed_lines"] as? [Int], [5, 13])
    XCTAssertEqual(files["helper.lua"]?["statements"] as? Int, 12)
    XCTAssertEqual(files["script.lua"]?["missed_lines"] as? [Int], [])
  }

  /// What Tests/consumers/read_coverage.py printed for a Cobertura report.
  static func readCobertura(_ path: String) throws -> [String: Any] {
    let root = HostBinary.packageRoot.appendingPathComponent("Tests/consumers")
    let r = try Consumers.run(
      Consumers.python,
      [root.appendingPathComponent("read_coverage.py").path, path, root.appendingPathComponent("coverage-04.dtd").path])
    guard r.status == 0, let o = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] else {
      throw NSError(
        domain: "Consumers", code: 2, userInfo: [NSLocalizedDescriptionKey: "read_coverage.py failed: \(r)"])
    }
    return o
  }
}
