import XCTest

@testable import TantanLua

/// The writer's building blocks: fixed number format and XML-safe text.
final class SVGFormatTests: XCTestCase {
  func testNumbersAreFixedTrimmedAndNeverNegativeZeroNanOrInfinite() {
    let cases: [(Double, Int, String)] = [
      (0, 2, "0"), (-0.0, 2, "0"), (-0.004, 2, "0"), (1, 2, "1"), (1.5, 2, "1.5"), (1.25, 2, "1.25"),
      (1.375, 2, "1.38"), (-1.375, 2, "-1.38"), (1.255, 2, "1.25"), (2.999, 2, "3"), (0.1 + 0.2, 2, "0.3"),
      (123456.789, 2, "123456.79"),
      (0.05, 2, "0.05"), (-0.5, 2, "-0.5"), (0.0625, 3, "0.063"), (0.9999, 3, "1"), (1.0001, 4, "1.0001"),
      (.nan, 2, "0"), (.infinity, 2, "1000000000"), (-.infinity, 2, "-1000000000"), (1e300, 2, "1000000000"),
      (7, 0, "7"), (7.5, 0, "8"),
    ]
    for (value, decimals, want) in cases {
      XCTAssertEqual(SVGNumber.format(value, decimals: decimals), want, "\(value) with \(decimals) decimals")
    }
  }

  func testFittedTextIsOneLineAndCutWithAnEllipsis() {
    XCTAssertEqual(SVGLabel.fitted("  two\n\tlines \u{1}here ", width: 1000, fontSize: 10), "two lines here")
    let cut = SVGLabel.fitted("A very long title that cannot fit in a small card", width: 100, fontSize: 10)
    XCTAssertTrue(cut.hasSuffix("\u{2026}"), cut)
    XCTAssertLessThanOrEqual(SVGLabel.estimatedEms(cut) * 10, 100)
    XCTAssertEqual(SVGLabel.fitted("推荐推荐推荐", width: 30, fontSize: 10), "推荐\u{2026}")  // 1 em each, ellipsis 1
    XCTAssertEqual(SVGLabel.fitted("anything", width: 0, fontSize: 10), "")
  }

  func testColoursParseHexOnly() {
    XCTAssertEqual(RGBColor(hex: "#ff8800")?.hex, "#ff8800")
    XCTAssertEqual(RGBColor(hex: "#F80")?.hex, "#ff8800")
    for bad in ["ff8800", "#ff88", "#gg0000", "red", "", "#"] { XCTAssertNil(RGBColor(hex: bad), bad) }
    XCTAssertTrue(RGBColor(hex: "#ffffff")!.isLight)
    XCTAssertFalse(RGBColor(hex: "#202020")!.isLight)
  }
}
