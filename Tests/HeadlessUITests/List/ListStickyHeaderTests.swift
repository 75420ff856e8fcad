import XCTest

@testable import HeadlessUI

/// Sections (header 30, items 40, no insets):
/// s0 header 0..30, items 30..230 | s1 header 230..260, items 260..380 | s2 empty, header 380..410 |
/// s3 header 410..440, items 440..1240. Content height 1240, viewport 320 x 480.
final class ListStickyHeaderTests: XCTestCase {
  func makeSticky(inset: Double) throws -> TestList {
    try makeList([
      section("s0", header: "S0", items(5, prefix: "a")),
      section("s1", header: "S1", items(3, prefix: "b")),
      section("s2", header: "S2", []),
      section("s3", header: "S3", items(20, prefix: "d")),
    ]) {
      $0.itemHeight = .fixed(40)
      $0.headerHeight = 30
      $0.stickyHeaders = true
      $0.contentInset = ListInsets(top: inset)
    }
  }

  /// Scrolls so that the pin line (offset + content_inset.top) is at `pin`.
  func headerYs(_ list: TestList, pin: Double) throws -> [Double] {
    try list.scrollTo(pin - list.config.contentInset.top)
    return (0..<4).map { list.stickyHeaderFrame($0)!.y }
  }

  func checkFormula(inset: Double) throws {
    let list = try makeSticky(inset: inset)
    XCTAssertEqual(list.contentHeight, 1240)
    // At rest and before each section: natural positions.
    XCTAssertEqual(try headerYs(list, pin: 0), [0, 230, 380, 410])
    // Inside s0: pinned to the line.
    XCTAssertEqual(try headerYs(list, pin: 100), [100, 230, 380, 410])
    // s0's header exactly reaches the end of its section (last item maxY 230 - 30).
    XCTAssertEqual(try headerYs(list, pin: 200), [200, 230, 380, 410])
    // The next header pushes it out: it stays at 200 while the line moves on.
    XCTAssertEqual(try headerYs(list, pin: 215), [200, 230, 380, 410])
    XCTAssertEqual(try headerYs(list, pin: 229), [200, 230, 380, 410])
    // Inside s1 (s0's header left behind at its section end).
    XCTAssertEqual(try headerYs(list, pin: 250), [200, 250, 380, 410])
    XCTAssertEqual(try headerYs(list, pin: 360), [200, 350, 380, 410])
    // Empty s2 keeps its header in place whatever the offset.
    XCTAssertEqual(try headerYs(list, pin: 390), [200, 350, 380, 410])
    XCTAssertEqual(try headerYs(list, pin: 500), [200, 350, 380, 500])
    // At the end of the content s3's header is pushed by its own last item.
    try list.scrollTo(list.maxOffset)
    XCTAssertEqual(list.stickyHeaderFrame(3)!.y, min(list.maxOffset + inset, 1240 - 30))
  }

  func testFormulaAtEveryBoundaryWithoutContentInset() throws { try checkFormula(inset: 0) }
  func testFormulaAtEveryBoundaryWithContentInset() throws { try checkFormula(inset: 64) }

  func testRestingOffsetWithInsetPinsUnderTheBar() throws {
    let list = try makeSticky(inset: 64)
    XCTAssertEqual(list.offset, -64)
    // At rest the line is at 0: nothing is pinned yet.
    XCTAssertEqual(list.stickyHeaderFrame(0)!.y, 0)
    try list.scrollTo(0)  // the content moved 64 up under the bar; the header follows the line at 64
    XCTAssertEqual(list.stickyHeaderFrame(0)!.y, 64)
  }

  func testVisibleSectionGetsItsHeaderEvenIfTheHeaderIsOffScreen() throws {
    let list = try makeSticky(inset: 0)
    // At rest s3's header is at 410, but a query far down in s3 still returns it, at its sticky place.
    let attrs = try list.layout(Rect(x: 0, y: 1000, w: 320, h: 100))
    let header = attrs.first { $0.kind == .header }
    XCTAssertEqual(header?.section, 3)
    XCTAssertEqual(header?.frame.y, 410)
    XCTAssertEqual(header?.z, 1024)
    // Scrolled deep into s3: its header is pinned into the visible area.
    try list.scrollTo(700)
    let visible = try list.layout()
    XCTAssertEqual(visible.filter { $0.kind == .header }.map(\.section), [3])
    XCTAssertEqual(visible.first { $0.kind == .header }?.frame, Rect(x: 0, y: 700, w: 320, h: 30))
  }

  func testHeaderBeingPushedOutIsStillReported() throws {
    let list = try makeSticky(inset: 0)
    try list.scrollTo(215)
    let headers = try list.layout().filter { $0.kind == .header }
    XCTAssertEqual(headers.map(\.section), [0, 1, 2, 3])
    XCTAssertEqual(headers.map(\.frame.y), [200, 230, 380, 410])
    XCTAssertTrue(headers.allSatisfy { $0.z == 1024 })
  }

  func testEmptySectionAtTheTopKeepsItsHeaderInPlace() throws {
    let list = try makeList([section("e", header: "E", []), section("f", header: "F", items(30, prefix: "f"))]) {
      $0.itemHeight = .fixed(40)
      $0.headerHeight = 30
      $0.stickyHeaders = true
    }
    try list.scrollTo(10)
    XCTAssertEqual(list.stickyHeaderFrame(0)!.y, 0)
    XCTAssertEqual(list.stickyHeaderFrame(1)!.y, 30)
    XCTAssertEqual(try list.layout().filter { $0.kind == .header }.map(\.section), [0, 1])
    try list.scrollTo(100)
    XCTAssertEqual(list.stickyHeaderFrame(0)!.y, 0)  // scrolled away with the content
    XCTAssertEqual(list.stickyHeaderFrame(1)!.y, 100)
    XCTAssertEqual(try list.layout().filter { $0.kind == .header }.map(\.section), [1])
  }

  func testNonStickyHeadersStayAtTheirNaturalPlace() throws {
    let list = try makeList([section("s0", header: "S0", items(20, prefix: "a"))]) {
      $0.itemHeight = .fixed(40)
      $0.headerHeight = 30
    }
    try list.scrollTo(100)
    XCTAssertEqual(list.headerFrame(0), Rect(x: 0, y: 0, w: 320, h: 30))
    XCTAssertFalse(try list.layout().contains { $0.kind == .header })
  }

  func testSectionInsetTopRestsTheHeaderOnTheFirstRowAsInTheSeed() throws {
    let list = try makeList([section("s0", header: "S0", items(20, prefix: "a"))]) {
      $0.itemHeight = .fixed(40)
      $0.headerHeight = 30
      $0.insets = ListInsets(top: 10)
      $0.stickyHeaders = true
    }
    XCTAssertEqual(list.naturalHeaderFrame(0)!.y, 0)
    XCTAssertEqual(list.stickyHeaderFrame(0)!.y, 10)  // first item minY 40 - 30
  }
}
