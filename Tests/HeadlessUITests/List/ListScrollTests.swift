import XCTest

@testable import HeadlessUI

final class ListScrollTests: XCTestCase {
  func makeScrollable() throws -> TestList {
    // 30 items of 40 = 1200; viewport 480; content inset 64 top, 20 bottom.
    try makeList([section("s", items(30, prefix: "i"))]) {
      $0.itemHeight = .fixed(40)
      $0.contentInset = ListInsets(top: 64, bottom: 20)
    }
  }

  func testRangeIsFromMinusInsetTopToContentPlusInsetBottomMinusHeight() throws {
    let list = try makeScrollable()
    XCTAssertEqual(list.offset, -64)
    XCTAssertEqual(list.minOffset, -64)
    XCTAssertEqual(list.maxOffset, 1200 + 20 - 480)
    try list.scrollTo(740)
    XCTAssertEqual(list.offset, 740)
    try list.scrollBy(-100)
    XCTAssertEqual(list.offset, 640)
    try list.scrollTo(-64)
    XCTAssertEqual(list.visibleRect, Rect(x: 0, y: -64, w: 320, h: 480))
  }

  func testOutOfRangeAndNaNAreErrorsAndTheOffsetStays() throws {
    let list = try makeScrollable()
    try list.scrollTo(100)
    XCTAssertThrowsError(try list.scrollTo(741)) {
      XCTAssertEqual($0 as? ListError, .offsetOutOfRange(741, min: -64, max: 740))
    }
    XCTAssertThrowsError(try list.scrollTo(-65)) {
      XCTAssertEqual($0 as? ListError, .offsetOutOfRange(-65, min: -64, max: 740))
    }
    XCTAssertThrowsError(try list.scrollTo(.nan)) { XCTAssertEqual($0 as? ListError, .offsetNotANumber) }
    XCTAssertThrowsError(try list.scrollBy(.nan)) { XCTAssertEqual($0 as? ListError, .offsetNotANumber) }
    XCTAssertThrowsError(try list.scrollBy(1000)) {
      XCTAssertEqual($0 as? ListError, .offsetOutOfRange(1100, min: -64, max: 740))
    }
    XCTAssertThrowsError(try list.scrollTo(.infinity)) {
      XCTAssertEqual($0 as? ListError, .offsetOutOfRange(.infinity, min: -64, max: 740))
    }
    XCTAssertEqual(list.offset, 100)
  }

  func testShortContentOnlyRestsAtTheTop() throws {
    let list = try makeList([section("s", items(2, prefix: "i"))]) { $0.contentInset = ListInsets(top: 64) }
    XCTAssertEqual(list.maxOffset, -64)
    XCTAssertNoThrow(try list.scrollTo(-64))
    XCTAssertThrowsError(try list.scrollTo(0))
  }

  func testApplyThatShrinksContentClampsTheOffset() throws {
    let list = try makeScrollable()
    try list.scrollTo(740)
    try list.apply([section("s", items(5, prefix: "i"))])
    XCTAssertEqual(list.offset, -64)
    XCTAssertNil(list.invariantViolation())
  }
}
