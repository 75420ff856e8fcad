import Foundation
import XCTest

/// `tantan-host --coverage FORMAT=FILE script.lua`: the lines a script ran, as lcov, Cobertura and
/// the summary table, written at the end of the run or at `os.exit`.
final class CoverageScriptTests: XCTestCase {
  func testScriptRunWritesLcovCoberturaAndTheSummary() throws {
    let dir = try SuiteDir(CoverageProject.files)
    let r = try dir.run([
      "--coverage", "lcov=out/cov.info", "--coverage", "cobertura=out/cov.xml", "--coverage", "summary", "script.lua",
    ])
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertEqual(r.stdout, "3\n1\n")
    let root = try XCTUnwrap(FileManager.default.realpath(dir.url.path))
    let records = CoverageProject.lcovRecords(try XCTUnwrap(dir.read("out/cov.info")))
    XCTAssertEqual(
      Set(records.keys), ["\(root)/helper.lua", "\(root)/script.lua"], "no spec or delegate: never loaded")
    let helper = records["\(root)/helper.lua"] ?? [:]
    XCTAssertEqual(helper.keys.sorted(), CoverageProject.helperLines)
    XCTAssertEqual(helper.filter { $0.value == 0 }.keys.sorted(), [5, 13])
    XCTAssertEqual(helper[4], 2, "clamp's first line ran twice")
    XCTAssertTrue(r.stderr.contains("helper.lua     12   10    83.3%  5, 13\n"), r.stderr)
    XCTAssertTrue(r.stderr.hasPrefix("coverage: 14 of 16 lines (87.5%)\n"), r.stderr)
    XCTAssertNotNil(dir.read("out/cov.xml"))
  }

  func testOsExitWritesTheReportsFirst() throws {
    let dir = try SuiteDir(CoverageProject.files)
    let r = try dir.run(["--coverage", "lcov=cov.info", "script.lua", "stop"])
    XCTAssertEqual(r.status, 3, "\(r)")
    let root = try XCTUnwrap(FileManager.default.realpath(dir.url.path))
    let records = CoverageProject.lcovRecords(try XCTUnwrap(dir.read("cov.info"), "written before the exit"))
    XCTAssertEqual(records["\(root)/script.lua"], [1: 1, 2: 1, 3: 1, 4: 0])
    XCTAssertEqual(records["\(root)/helper.lua"]?[9], 0, "the second clamp never ran")
  }

  func testBadCoverageValuesAreUsageErrors() throws {
    let dir = try SuiteDir(CoverageProject.files)
    let r = try dir.run(["--coverage", "html=x", "script.lua"])
    XCTAssertEqual(r.status, 1)
    XCTAssertTrue(
      r.stderr.contains("bad value for --coverage: lcov=FILE, cobertura=FILE or summary[=FILE] expected, got 'html=x'"),
      r.stderr)
    let r2 = try dir.run(["--coverage", "lcov", "script.lua"])
    XCTAssertTrue(r2.stderr.contains("'lcov' needs a file: lcov=PATH"), r2.stderr)
    let r3 = try dir.run(["--coverage", "summary", "--coverage-include", "[a", "script.lua"])
    XCTAssertEqual(r3.status, 1)
    XCTAssertTrue(r3.stderr.contains("bad coverage pattern '[a': "), r3.stderr)
  }

  func testLuacovFileIncludesAndExcludesAsLuacovDoes() throws {
    let dir = try SuiteDir(CoverageProject.files)
    // luacov's semantics: patterns against the path without `.lua`; exclude overrules include;
    // a returned table fills what the globals did not set.
    try dir.write(".luacov", "include = { \"^helper$\", \"^script\" }\nreturn { exclude = { \"^scr\" } }\n")
    let r = try dir.run(["--coverage", "summary=sum.txt", "script.lua"])
    XCTAssertEqual(r.status, 0, "\(r)")
    let table = try XCTUnwrap(dir.read("sum.txt"))
    XCTAssertTrue(table.contains("helper.lua"), table)
    XCTAssertFalse(table.contains("script.lua"), table)
    // The command line adds its patterns to the file's.
    let r2 = try dir.run(["--coverage", "summary=sum2.txt", "--coverage-exclude", "help", "script.lua"])
    XCTAssertEqual(r2.status, 0, "\(r2)")
    XCTAssertEqual(try XCTUnwrap(dir.read("sum2.txt")).split(separator: "\n").count, 3, "only the header and the total")
    try dir.write(".luacov", "include = 'helper'\n")
    let r3 = try dir.run(["--coverage", "summary", "script.lua"])
    XCTAssertEqual(r3.status, 1)
    XCTAssertTrue(r3.stderr.contains(".luacov: 'include' must be a list of patterns, not a string"), r3.stderr)
  }

  func testFilesOutsideTheProjectAreLeftOutUnlessIncluded() throws {
    let outside = try SuiteDir(["lib/far.lua": "local far = {}\nfar.x = 1\nreturn far\n"])
    let dir = try SuiteDir(["main.lua": "package.path = ... .. '/lib/?.lua;' .. package.path\nrequire('far')\n"])
    let r = try dir.run(["--coverage", "summary=s.txt", "main.lua", outside.url.path])
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertFalse(try XCTUnwrap(dir.read("s.txt")).contains("far.lua"))
    let r2 = try dir.run([
      "--coverage", "summary=s.txt", "--coverage-include", "/lib/far$", "main.lua", outside.url.path,
    ])
    XCTAssertEqual(r2.status, 0, "\(r2)")
    XCTAssertTrue(
      try XCTUnwrap(dir.read("s.txt")).contains("lib/far.lua      3    3   100.0%"), dir.read("s.txt") ?? "")
  }
}

extension FileManager {
  func realpath(_ path: String) -> String? { URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
}
