import XCTest

@testable import TantanLua
@testable import TantanTools

/// The coverage writers' pure parts: missed ranges, rates, the merge of shards' reports.
final class CoverageUnitTests: XCTestCase {
  func testMissedLinesAsRangesOfExecutableLines() {
    let lines = [1, 2, 4, 7, 8, 9, 12]
    XCTAssertEqual(
      CoverageWriters.ranges([2, 4, 7], of: lines), "2-7", "lines without code between do not break a range")
    XCTAssertEqual(CoverageWriters.ranges([1, 8, 9, 12], of: lines), "1, 8-12")
    XCTAssertEqual(CoverageWriters.ranges([], of: lines), "")
  }

  func testRatesAsCoberturaWritesThem() {
    XCTAssertEqual(CoverageWriters.rate(1), "1")
    XCTAssertEqual(CoverageWriters.rate(0), "0")
    XCTAssertEqual(CoverageWriters.rate(10.0 / 12.0), "0.8333")
    XCTAssertEqual(CoverageWriters.rate(0.5), "0.5")
    XCTAssertEqual(CoverageWriters.rate(0.00004), "0")
    XCTAssertEqual(CoverageWriters.percent(2.0 / 3.0), "66.7%")
  }

  func testMergedShardsAddHitsAndUniteLines() {
    typealias F = CoverageReport.File
    var a = CoverageReport(root: "/p")
    a.files = [F(path: "m.lua", lines: [1, 2, 3], hits: [1: 1])]
    var b = CoverageReport(root: "/p")
    b.files = [F(path: "m.lua", lines: [1, 2, 3], hits: [1: 2, 3: 1]), F(path: "a.lua", lines: [1], hits: [:])]
    let m = CoverageReport.merge([a, b])
    XCTAssertEqual(m?.files.map(\.path), ["a.lua", "m.lua"])
    XCTAssertEqual(m?.files[1].hits, [1: 3, 3: 1])
    XCTAssertEqual(m?.files[1].missed, [2])
    XCTAssertEqual(CoverageReport.decode(b.encode()), b, "the JSON report's coverage round-trips")
  }

  func testPathsAreNormalizedLexically() {
    XCTAssertEqual(CoverageFilter.normalize("/p/./a/../b.lua"), "/p/b.lua")
    XCTAssertEqual(CoverageFilter.normalize("./x.lua"), "x.lua")
  }
}
