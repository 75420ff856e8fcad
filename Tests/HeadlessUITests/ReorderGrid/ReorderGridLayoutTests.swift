import XCTest

@testable import HeadlessUI

final class ReorderGridLayoutTests: XCTestCase {
  func assertRect(_ a: Rect, _ b: Rect, file: StaticString = #filePath, line: UInt = #line) {
    for (x, y) in [(a.x, b.x), (a.y, b.y), (a.w, b.w), (a.h, b.h)] {
      XCTAssertEqual(x, y, accuracy: 1e-9, "\(a) vs \(b)", file: file, line: line)
    }
  }

  func testSeedDefaultsAt375() throws {
    let (grid, _) = try makeGrid()
    let l = grid.layout
    XCTAssertEqual(l.itemSize, Size(w: 80.75, h: 45))  // (375 - 12 - 40) / 4, 35 + 10
    XCTAssertEqual(l.lineSpacing, 4)
    XCTAssertEqual(l.columnGap, 4)  // justified: (335 - 4 * 80.75) / 3; minimum was 2
    XCTAssertEqual(grid.config.resolvedSpacing.item, 2)
    XCTAssertEqual(grid.frame, Rect(x: 0, y: 80, w: 375, h: 587))
    XCTAssertEqual(l.frame(at: 0), Rect(x: 20, y: 20, w: 80.75, h: 45))
    XCTAssertEqual(l.frame(at: 1), Rect(x: 104.75, y: 20, w: 80.75, h: 45))
    XCTAssertEqual(l.frame(at: 3), Rect(x: 274.25, y: 20, w: 80.75, h: 45))
    XCTAssertEqual(l.frame(at: 3).maxX, 355)  // right inset 20
    XCTAssertEqual(l.frame(at: 4), Rect(x: 20, y: 69, w: 80.75, h: 45))
    // 39 channels: 10 rows; 20 + 10 * 45 + 9 * 4 + 20.
    XCTAssertEqual(grid.contentHeight, 526)
    XCTAssertEqual(grid.maxOffset, 0)
    XCTAssertEqual(grid.visible, 0..<39)
    let screen = ReorderGridConfig.screen(width: 375, height: 667)
    XCTAssertEqual(screen, ReorderGridConfig())
  }

  func testLayoutAt320And414ScalesWithTheRatio() throws {
    for (width, screenHeight) in [(320.0, 568.0), (375.0, 667.0), (414.0, 736.0)] {
      let r = width / 375
      let config = ReorderGridConfig.screen(width: width, height: screenHeight)
      XCTAssertEqual(config.height, screenHeight - 80 * r, accuracy: 1e-9)
      let (grid, _) = try makeGrid(config: config)
      XCTAssertEqual(grid.frame.y, 80 * r, accuracy: 1e-9)
      let l = grid.layout
      XCTAssertEqual(l.itemSize.w, (width - 3 * 4 * r - 2 * 20 * r) / 4, accuracy: 1e-9, "width \(width)")
      XCTAssertEqual(l.itemSize.w, 80.75 * r, accuracy: 1e-9)
      XCTAssertEqual(l.itemSize.h, 45 * r, accuracy: 1e-9)
      XCTAssertEqual(l.columnGap, 4 * r, accuracy: 1e-9)
      XCTAssertEqual(l.lineSpacing, 4 * r, accuracy: 1e-9)
      for i in [0, 1, 2, 3, 4, 17, 38] {
        let row = Double(i / 4)
        let col = Double(i % 4)
        assertRect(
          l.frame(at: i), Rect(x: 20 * r + col * 84.75 * r, y: 20 * r + row * 49 * r, w: 80.75 * r, h: 45 * r))
      }
      XCTAssertEqual(l.frame(at: 3).maxX, width - 20 * r, accuracy: 1e-9)
      XCTAssertEqual(grid.contentHeight, 526 * r, accuracy: 1e-9)
    }
    // Spot values at 320 and 414.
    let (g320, _) = try makeGrid(config: .screen(width: 320, height: 568))
    XCTAssertEqual(g320.layout.itemSize.w, 68.906_666_666_666_67, accuracy: 1e-9)
    XCTAssertEqual(g320.layout.itemSize.h, 38.4, accuracy: 1e-9)
    XCTAssertEqual(g320.contentHeight, 448.853_333_333_333_3, accuracy: 1e-9)
    let (g414, _) = try makeGrid(config: .screen(width: 414, height: 736))
    XCTAssertEqual(g414.layout.itemSize.w, 89.148, accuracy: 1e-9)
    XCTAssertEqual(g414.layout.frame(at: 5).x, 22.08 + 93.564, accuracy: 1e-9)
    XCTAssertEqual(g414.contentHeight, 580.704, accuracy: 1e-9)
  }

  func testLastRowKeepsTheColumnsOfFullRows() throws {
    let (grid, _) = try makeGrid()
    // 39 = 9 full rows + 3: the last row is not re-spaced.
    for k in 0..<3 { XCTAssertEqual(grid.layout.frame(at: 36 + k).x, grid.layout.frame(at: k).x) }
    let (two, _) = try makeGrid(["a", "b"])
    XCTAssertEqual(two.layout.frame(at: 1).x, 104.75)
    XCTAssertEqual(two.contentHeight, 85)
    let (none, _) = try makeGrid([])
    XCTAssertEqual(none.contentHeight, 40)
    XCTAssertEqual(none.visible, 0..<0)
    XCTAssertNil(try none.indexAt(x: 30, y: 30))
  }

  func testConfigurableColumnsItemSpacingAndInsets() throws {
    var config = ReorderGridConfig(columns: 3)
    let (three, _) = try makeGrid(config: config)
    XCTAssertEqual(three.layout.itemSize.w, (375 - 40 - 8) / 3, accuracy: 1e-9)
    XCTAssertEqual(three.layout.frame(at: 3).y, 69)
    config = ReorderGridConfig(
      width: 300, height: 200, columns: 2, item: Size(w: 100, h: 30),
      spacing: .init(line: 10, item: 5), insets: .init(top: 1, left: 10, bottom: 3, right: 10))
    let (g, _) = try makeGrid(numbered(5), config: config)
    XCTAssertEqual(g.layout.columnGap, 80)  // justified: 280 - 200
    XCTAssertEqual(g.layout.frame(at: 3), Rect(x: 190, y: 41, w: 100, h: 30))
    XCTAssertEqual(g.contentHeight, 114)  // 1 + 3 * 30 + 2 * 10 + 3
    config.columns = 1
    let (one, _) = try makeGrid(numbered(2), config: config)
    XCTAssertEqual(one.layout.frame(at: 1), Rect(x: 100, y: 41, w: 100, h: 30))  // centred
  }

  func testVisibleIndicesAndIndexAt() throws {
    let (grid, _) = try makeGrid(numbered(200))
    // 50 rows: 20 + 50 * 45 + 49 * 4 + 20.
    XCTAssertEqual(grid.contentHeight, 2486)
    XCTAssertEqual(grid.maxOffset, 2486 - 587)
    // Rows 0...11 reach 20 + 11 * 49 = 559 < 587; row 12 starts at 608.
    XCTAssertEqual(grid.visible, 0..<48)
    try grid.scrollTo(69)  // row 1 starts exactly at the top; row 0 ends at 65
    XCTAssertEqual(grid.visible, 4..<52)
    try grid.scrollTo(65)  // row 0's bottom edge touches the top: not visible (no area)
    XCTAssertEqual(grid.visible.lowerBound, 4)
    try grid.scrollTo(64.5)
    XCTAssertEqual(grid.visible.lowerBound, 0)
    XCTAssertEqual(try grid.indexAt(x: 20, y: 20), 0)
    XCTAssertEqual(try grid.indexAt(x: 100.74, y: 64.99), 0)
    XCTAssertNil(try grid.indexAt(x: 102, y: 30))  // the gap between columns
    XCTAssertNil(try grid.indexAt(x: 30, y: 67))  // the gap between rows
    XCTAssertNil(try grid.indexAt(x: 10, y: 30))  // the left inset
    XCTAssertEqual(try grid.indexAt(x: 360 - 6, y: 69), 7)
    XCTAssertNil(try grid.indexAt(x: 30, y: 5000))
    let cell = try grid.cell(5)
    XCTAssertEqual(cell.item, "i5")
    XCTAssertEqual(cell.frame, grid.layout.frame(at: 5))
    XCTAssertFalse(cell.hidden)
    XCTAssertFalse(cell.deleteVisible)
  }
}
