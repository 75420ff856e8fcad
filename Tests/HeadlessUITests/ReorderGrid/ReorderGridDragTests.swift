import XCTest

@testable import HeadlessUI

final class ReorderGridDragTests: XCTestCase {
  // At 375: item 80.75 x 45, so half the snapshot is 40.375 x 22.5; column centres 60.375,
  // 145.125, 229.875, 314.625; row centres 42.5, 91.5, 140.5, ... (all exact in binary).

  func testLongPressEntersEditingAndLiftsTheCell() throws {
    let (grid, rec) = try makeGrid(numbered(12))
    XCTAssertTrue(try grid.longPress(2))
    XCTAssertTrue(grid.editing)
    XCTAssertEqual(grid.editButtonTitle, "完成")
    XCTAssertEqual(grid.dragging, 2)
    XCTAssertEqual(grid.snapshot, grid.layout.frame(at: 2))
    XCTAssertTrue(try grid.cell(2).hidden)
    XCTAssertTrue(try grid.cell(0).deleteVisible)
    XCTAssertEqual(rec.events, ["will_begin_editing()", "can_move(2)", "will_begin_drag(2)"])
    try grid.drop()
    XCTAssertFalse(try grid.cell(2).hidden)
    XCTAssertTrue(grid.editing, "editing stays on after the drop, as in the seed")
  }

  func testShortPressIsATap() throws {
    let (grid, rec) = try makeGrid(numbered(12))
    XCTAssertFalse(try grid.longPress(2, duration: 0.2))
    XCTAssertFalse(grid.editing)
    XCTAssertNil(grid.dragging)
    XCTAssertEqual(rec.events, [])
    XCTAssertTrue(try grid.longPress(2, duration: 0.5))
  }

  func testHalfCellExactlyHalfAWidthAwayMoves() throws {
    let (grid, rec) = try makeGrid(numbered(12))
    try grid.longPress(0)
    // Cell 1's centre is at x = 145.125: exactly 40.375 away at x = 104.75.
    try grid.dragTo(x: 104.749_999, y: 42.5)
    XCTAssertEqual(grid.dragging, 0, "just short of half a width: no move")
    try grid.dragTo(x: 104.75, y: 42.5)
    XCTAssertEqual(grid.dragging, 1)
    XCTAssertEqual(try grid.items.prefix(3), ["i1", "i0", "i2"])
    XCTAssertEqual(rec.notifications.last, "did_move(0, 1)")
  }

  func testHalfCellJustPastHalfAHeightDoesNotMove() throws {
    let (grid, _) = try makeGrid(numbered(12))
    try grid.longPress(0)
    // Cell 4's centre is at y = 91.5: exactly 22.5 away at y = 69.
    try grid.dragTo(x: 60.375, y: 68.999_999)
    XCTAssertEqual(grid.dragging, 0)
    try grid.dragTo(x: 60.375, y: 69)
    XCTAssertEqual(grid.dragging, 4)
  }

  func testHalfCellBoundariesAt320And414() throws {
    for (width, height) in [(320.0, 568.0), (414.0, 736.0)] {
      let (grid, _) = try makeGrid(numbered(12), config: .screen(width: width, height: height))
      let hw = grid.layout.itemSize.w / 2
      let hh = grid.layout.itemSize.h / 2
      try grid.longPress(5)
      try grid.dragTo(x: grid.c(6).x - hw - 1e-6, y: grid.c(6).y)
      XCTAssertEqual(grid.dragging, 5, "width \(width): just past half a width")
      try grid.dragTo(x: grid.c(6).x - hw, y: grid.c(6).y)
      XCTAssertEqual(grid.dragging, 6, "width \(width): exactly half a width")
      try grid.dragTo(x: grid.c(2).x, y: grid.c(2).y + hh + 1e-6)
      XCTAssertEqual(grid.dragging, 6, "width \(width): just past half a height")
      try grid.dragTo(x: grid.c(2).x, y: grid.c(2).y + hh)
      XCTAssertEqual(grid.dragging, 2, "width \(width): exactly half a height")
      XCTAssertEqual(try grid.drop(), 2)
    }
  }

  func testHalfCellUsesTheSeedsStraightLineDistance() throws {
    // The seed: sqrtf(dx^2 + dy^2) <= w/2 and |dy| <= h/2 (not |dx| <= w/2 alone).
    let (grid, _) = try makeGrid(numbered(12))
    try grid.longPress(0)
    try grid.dragTo(x: 145.125 - 36, y: 42.5 + 20)  // |dx| 36 < 40.375, |dy| 20 < 22.5, distance 41.2
    XCTAssertEqual(grid.dragging, 0)
    try grid.dragTo(x: 145.125 - 35, y: 42.5 + 20)  // distance 40.31
    XCTAssertEqual(grid.dragging, 1)
  }

  func testMoveForwardShiftsTheItemsInBetween() throws {
    let (grid, rec) = try makeGrid(numbered(12))
    try grid.longPress(1)
    try grid.dragTo(x: grid.c(6).x, y: grid.c(6).y)
    XCTAssertEqual(grid.dragging, 6)
    XCTAssertEqual(try grid.items, ["i0", "i2", "i3", "i4", "i5", "i6", "i1", "i7", "i8", "i9", "i10", "i11"])
    XCTAssertEqual(try grid.drop(), 6)
    XCTAssertEqual(try grid.items, ["i0", "i2", "i3", "i4", "i5", "i6", "i1", "i7", "i8", "i9", "i10", "i11"])
    XCTAssertEqual(
      rec.events,
      [
        "will_begin_editing()", "can_move(1)", "will_begin_drag(1)", "can_drop(1, 6)", "did_move(1, 6)",
        "did_drop(1, 6)",
      ])
  }

  func testMoveBackwardShiftsTheItemsInBetween() throws {
    let (grid, _) = try makeGrid(numbered(12))
    try grid.longPress(9)
    try grid.dragTo(x: grid.c(2).x + 10, y: grid.c(2).y - 5)
    XCTAssertEqual(try grid.drop(), 2)
    XCTAssertEqual(try grid.items, ["i0", "i1", "i9", "i2", "i3", "i4", "i5", "i6", "i7", "i8", "i10", "i11"])
  }

  func testDidMoveOnEachLiveStepAndDidDropOnceWithOriginAndFinal() throws {
    let (grid, rec) = try makeGrid(numbered(12))
    try grid.longPress(0)
    try grid.dragBy(dx: 84.75, dy: 0)  // onto 1
    try grid.dragBy(dx: 84.75, dy: 0)  // onto 2
    try grid.dragBy(dx: 0, dy: 49)  // onto 6
    try grid.dragBy(dx: -84.75, dy: 0)  // back onto 5
    try grid.dragBy(dx: 1, dy: 1)  // no new cell
    XCTAssertEqual(try grid.drop(), 5)
    XCTAssertEqual(
      rec.notifications,
      [
        "will_begin_editing()", "will_begin_drag(0)", "did_move(0, 1)", "did_move(1, 2)", "did_move(2, 6)",
        "did_move(6, 5)", "did_drop(0, 5)",
      ])
    XCTAssertEqual(try grid.items.prefix(7), ["i1", "i2", "i3", "i4", "i5", "i0", "i6"])
  }

  func testDidDropFiresAlsoWhenTheItemEndsWhereItStarted() throws {
    let (grid, rec) = try makeGrid(numbered(12))
    try grid.longPress(3)
    try grid.dragBy(dx: -84.75, dy: 0)
    try grid.dragBy(dx: 84.75, dy: 0)
    XCTAssertEqual(try grid.drop(), 3)
    XCTAssertEqual(rec.notifications.suffix(3), ["did_move(3, 2)", "did_move(2, 3)", "did_drop(3, 3)"])
    XCTAssertEqual(try grid.items, numbered(12))
  }

  func testCancelRestoresTheOrderFromBeforeTheDrag() throws {
    let (grid, rec) = try makeGrid(numbered(12))
    try grid.longPress(1)
    try grid.dragTo(x: grid.c(10).x, y: grid.c(10).y)
    XCTAssertEqual(grid.dragging, 10)
    try grid.cancel()
    XCTAssertNil(grid.dragging)
    XCTAssertNil(grid.snapshot)
    XCTAssertEqual(try grid.items, numbered(12))
    XCTAssertEqual(rec.notifications.suffix(2), ["did_move(1, 10)", "did_cancel(1)"])
    XCTAssertNil(grid.invariantViolation())
  }

  func testWholeGestureDrag() throws {
    let (grid, rec) = try makeGrid(numbered(12))
    XCTAssertEqual(try grid.drag(from: 0, to: 11), 11)
    XCTAssertEqual(try grid.items, numbered(12).dropFirst() + ["i0"])
    XCTAssertEqual(rec.notifications.first, "will_begin_editing()")
    XCTAssertEqual(rec.notifications.last, "did_drop(0, 11)")
    XCTAssertGreaterThan(rec.notifications.filter { $0.hasPrefix("did_move") }.count, 1, "passes over cells on the way")
    XCTAssertEqual(try grid.drag(from: 11, to: 0, steps: 1), 0)
    XCTAssertEqual(try grid.items, numbered(12))
  }

  func testDuplicatesAreToldApartByPosition() throws {
    let (grid, _) = try makeGrid()
    // "娱乐" at 3 and 5: drag the second one to the front.
    XCTAssertEqual(try grid.drag(from: 5, to: 0), 0)
    var expected = seedChannels
    expected.insert(expected.remove(at: 5), at: 0)
    XCTAssertEqual(try grid.items, expected)
    XCTAssertNil(grid.invariantViolation())
  }

  func testCenterInsideTargetRule() throws {
    let (grid, _) = try makeGrid(numbered(12), config: ReorderGridConfig(target: .centerInside))
    try grid.longPress(0)
    try grid.dragTo(x: 102, y: 42.5)  // in the gap between 0 and 1
    XCTAssertEqual(grid.dragging, 0)
    try grid.dragTo(x: 104.75, y: 42.5)  // cell 1's left edge: inside
    XCTAssertEqual(grid.dragging, 1)
    try grid.dragTo(x: 104.75, y: 66)  // gap between rows
    XCTAssertEqual(grid.dragging, 1)
    try grid.dragTo(x: 21, y: 113.9)  // inside cell 4, bottom-left
    XCTAssertEqual(grid.dragging, 4)
  }

  func testClosestCenterTargetRule() throws {
    let (grid, _) = try makeGrid(numbered(12), config: ReorderGridConfig(target: .closestCenter))
    try grid.longPress(0)
    try grid.dragTo(x: 60.375 + 42, y: 42.5)  // still closer to its own slot (42 < 42.75)
    XCTAssertEqual(grid.dragging, 0)
    try grid.dragTo(x: 60.375 + 43, y: 42.5)  // now closer to slot 1
    XCTAssertEqual(grid.dragging, 1)
    try grid.dragTo(x: 500, y: 1000)  // far outside: the closest visible cell is the last one
    XCTAssertEqual(grid.dragging, 11)
    try grid.dragTo(x: 300, y: 150)  // 11 is slot (2, 3); near it: stays
    XCTAssertEqual(grid.dragging, 11)
    XCTAssertEqual(try grid.drop(), 11)
  }

  func testHalfCellIgnoresCellsOutsideTheVisibleArea() throws {
    let (grid, _) = try makeGrid(numbered(200))
    try grid.longPress(40)  // row 10, visible (rows 0...11)
    XCTAssertFalse(grid.visible.contains(52))
    try grid.dragTo(x: grid.c(52).x, y: grid.c(52).y)  // row 13: not visible
    XCTAssertEqual(grid.dragging, 40)
  }
}
