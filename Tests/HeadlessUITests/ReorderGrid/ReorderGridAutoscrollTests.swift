import XCTest

@testable import HeadlessUI

final class ReorderGridAutoscrollTests: XCTestCase {
  // 200 items: content height 2486, visible height 587, max offset 1899; edge 50, speed 300.

  func testAutoscrollCarriesAnItemToTheFarEndOfATallGrid() throws {
    let clock = VirtualClock()
    let (grid, rec) = try makeGrid(numbered(200), clock: clock)
    try grid.longPress(0)
    XCTAssertFalse(grid.isAutoscrolling, "at the top edge with nowhere to scroll")
    try grid.dragTo(x: grid.c(0).x, y: 577)  // 10 pt above the bottom: 40 pt deep into the 50 pt band
    XCTAssertEqual(grid.dragging, 44, "row 11 is under the finger")
    XCTAssertEqual(grid.autoscrollVelocity, 240, accuracy: 1e-9)
    XCTAssertTrue(grid.isAutoscrolling)
    try clock.advance(by: 1.0 / 60)
    XCTAssertEqual(grid.offset, 4, accuracy: 1e-9)
    XCTAssertEqual(grid.snapshot!.midY, 581, accuracy: 1e-9, "the snapshot stays under the finger")
    try clock.advance(by: 10)
    XCTAssertEqual(grid.offset, grid.maxOffset)
    XCTAssertFalse(grid.isAutoscrolling, "stops at the end")
    XCTAssertEqual(clock.pendingCount, 0)
    XCTAssertEqual(grid.snapshot!.midY, 577 + 1899, accuracy: 1e-9)
    XCTAssertEqual(grid.dragging, 196, "carried row by row to the last row")
    try grid.dragTo(x: grid.c(199).x, y: grid.c(199).y)
    XCTAssertEqual(try grid.drop(), 199)
    let items = try grid.items
    XCTAssertEqual(items.last, "i0")
    XCTAssertEqual(items.first, "i1")
    XCTAssertEqual(rec.notifications.last, "did_drop(0, 199)")
    // One live step per row from row 11 to row 49, then the last one along the row.
    XCTAssertEqual(rec.notifications.filter { $0.hasPrefix("did_move") }.count, 40)
    XCTAssertNil(grid.invariantViolation())
  }

  func testAutoscrollUpIsFasterDeeperIntoTheEdge() throws {
    let clock = VirtualClock()
    let (grid, _) = try makeGrid(numbered(200), clock: clock)
    try grid.scrollTo(grid.maxOffset)
    try grid.longPress(199)
    XCTAssertEqual(grid.autoscrollVelocity, 0, "bottom band but already at the end")
    let top = grid.offset
    try grid.dragTo(x: grid.c(199).x, y: top + 25)  // half way into the top band
    XCTAssertEqual(grid.autoscrollVelocity, -150, accuracy: 1e-9)
    try clock.advance(by: 1.0 / 60)
    XCTAssertEqual(grid.offset, top - 2.5, accuracy: 1e-9)
    try grid.dragTo(x: grid.c(199).x, y: grid.offset + 5)
    XCTAssertEqual(grid.autoscrollVelocity, -270, accuracy: 1e-9)
    try grid.dragTo(x: grid.c(199).x, y: grid.offset - 100)  // above the visible area: full speed
    XCTAssertEqual(grid.autoscrollVelocity, -300, accuracy: 1e-9)
    try grid.dragTo(x: grid.c(199).x, y: grid.offset + 300)  // the middle: stops
    XCTAssertFalse(grid.isAutoscrolling)
    XCTAssertEqual(clock.pendingCount, 0)
  }

  func testDropAndCancelStopTheTimerAndSettleEnds() throws {
    let clock = VirtualClock()
    let (grid, _) = try makeGrid(numbered(200), clock: clock)
    try grid.longPress(40)
    try grid.dragBy(dx: 0, dy: 50)
    XCTAssertTrue(grid.isAutoscrolling)
    try grid.drop()
    XCTAssertEqual(clock.pendingCount, 0)
    try grid.longPress(41)
    try grid.dragBy(dx: 0, dy: 50)
    try grid.cancel()
    XCTAssertEqual(try clock.settle(), 0)
    // Settling with the finger held in the band scrolls to the end and stops by itself.
    try grid.longPress(41)
    try grid.dragBy(dx: 0, dy: 50)
    XCTAssertGreaterThan(try clock.settle(), 10)
    XCTAssertEqual(grid.offset, grid.maxOffset)
    try grid.drop()
    XCTAssertNil(grid.invariantViolation())
  }

  func testScrollToDuringADragCarriesTheSnapshot() throws {
    let (grid, _) = try makeGrid(numbered(200))
    try grid.longPress(4)  // row 1, centre y 91.5
    try grid.scrollTo(98)  // two rows
    XCTAssertEqual(grid.snapshot!.midY, 189.5)
    XCTAssertEqual(grid.dragging, 12, "the hit test ran after the scroll")
  }

  func testDelegateErrorDuringAutoscrollStopsTheTimerAndKeepsTheGridConsistent() throws {
    let clock = VirtualClock()
    let (grid, rec) = try makeGrid(numbered(200), clock: clock)
    try grid.longPress(0)
    try grid.dragTo(x: grid.c(0).x, y: 577)
    rec.throwOn = ["did_move"]
    XCTAssertThrowsError(try clock.advance(by: 5))
    XCTAssertFalse(grid.isAutoscrolling)
    XCTAssertNotNil(grid.dragging)
    XCTAssertNil(grid.invariantViolation())
    rec.throwOn = []
    try grid.dragBy(dx: 0, dy: 0.5)
    XCTAssertTrue(grid.isAutoscrolling, "the next move restarts it")
    try clock.settle()
    XCTAssertEqual(grid.offset, grid.maxOffset)
    try grid.drop()
  }
}
