import XCTest

@testable import HeadlessUI

/// Bad input, wrong state, delegate errors and re-entrant calls.
final class ReorderGridErrorTests: XCTestCase {
  func testBadConfig() {
    func check(
      _ config: ReorderGridConfig, _ key: ReorderGridConfig.Key, _ problem: ReorderGridConfig.Problem,
      line: UInt = #line
    ) {
      assertThrows(.invalidConfig(key: key, problem: problem), try makeGrid(config: config), line: line)
    }
    check(ReorderGridConfig(width: .nan), .width, .notFinite(.nan))
    check(ReorderGridConfig(width: -3), .width, .notPositive(-3))
    check(ReorderGridConfig(height: .infinity), .height, .notFinite(.infinity))
    check(ReorderGridConfig(columns: 0), .columns, .notPositiveInteger(0))
    check(ReorderGridConfig(item: Size(w: 10, h: .nan)), .itemHeight, .notFinite(.nan))
    check(ReorderGridConfig(spacing: .init(line: -1, item: 2)), .spacingLine, .negative(-1))
    check(ReorderGridConfig(insets: .init(top: 0, left: .nan, bottom: 0, right: 0)), .insetsLeft, .notFinite(.nan))
    check(ReorderGridConfig(locked: [-1]), .locked, .indexOutOfRange(-1))
    check(ReorderGridConfig(locked: [39]), .locked, .indexOutOfRange(39))
    check(ReorderGridConfig(longPress: -0.5), .longPress, .negative(-0.5))
    check(ReorderGridConfig(autoscroll: .init(edge: .nan)), .autoscrollEdge, .notFinite(.nan))
    check(ReorderGridConfig(autoscroll: .init(tick: 0)), .autoscrollTick, .notPositive(0))
    // A tick far below a frame made `clock.advance` fire for ever (1e-300 s per tick).
    check(ReorderGridConfig(autoscroll: .init(tick: 1e-300)), .autoscrollTick, .belowMinimum(1e-300, minimum: 0.001))
    check(
      ReorderGridConfig(insets: .init(top: 0, left: 200, bottom: 0, right: 200)), .width,
      .tooNarrow(columns: 4, itemWidth: -9.25))
    check(
      ReorderGridConfig(columns: 4, item: Size(w: 100, h: 40)), .columns,
      .doesNotFit(columns: 4, itemWidth: 100, available: 335))
  }

  func testBadArguments() throws {
    let (grid, _) = try makeGrid()
    // 0-based facts; the binding shows them 1-based (`index out of range (40; expected 1..39)`).
    func range(_ parameter: String, _ i: Int) -> ReorderGridError {
      .indexOutOfRange(parameter: parameter, index: i, count: 39)
    }
    assertThrows(range("index", -1), try grid.longPress(-1))
    assertThrows(range("index", 39), try grid.longPress(39))
    assertThrows(.notFinite(parameter: "duration", value: .nan), try grid.longPress(0, duration: .nan))
    assertThrows(.negative(parameter: "duration", value: -1), try grid.longPress(0, duration: -1))
    assertThrows(range("index", 40), try grid.panBegin(40))
    assertThrows(range("to", 39), try grid.drag(from: 0, to: 39))
    assertThrows(.stepsNotPositive(0), try grid.drag(from: 0, to: 1, steps: 0))
    assertThrows(range("from", 39), try grid.move(from: 39, to: 0))
    assertThrows(range("to", -1), try grid.move(from: 0, to: -1))
    assertThrows(range("index", 39), try grid.delete(39))
    assertThrows(range("index", 39), try grid.cell(39))
    assertThrows(.notFinite(parameter: "y", value: .nan), try grid.scrollTo(.nan))
    assertThrows(.offsetOutOfRange(offset: 1, max: 0), try grid.scrollTo(1))
    assertThrows(.notFinite(parameter: "y", value: -.infinity), try grid.indexAt(x: 0, y: -.infinity))
    try grid.longPress(0)
    assertThrows(.notFinite(parameter: "dx", value: .nan), try grid.dragBy(dx: .nan, dy: 0))
    assertThrows(.notFinite(parameter: "y", value: .infinity), try grid.dragTo(x: 0, y: .infinity))
    try grid.dragBy(dx: 1e308, dy: 0)
    assertThrows(.coordinateOverflow(parameter: "dx"), try grid.dragBy(dx: 1e308, dy: 0))
    XCTAssertEqual(grid.dragging, 0)
    XCTAssertEqual(try grid.items, seedChannels)
    XCTAssertNil(grid.invariantViolation())
  }

  func testWrongStates() throws {
    let (grid, _) = try makeGrid()
    assertThrows(.noDragInProgress, try grid.dragBy(dx: 1, dy: 1))
    assertThrows(.noDragInProgress, try grid.dragTo(x: 1, y: 1))
    assertThrows(.noDragInProgress, try grid.drop())
    assertThrows(.noDragInProgress, try grid.cancel())
    assertThrows(.notEditingBadgeHidden, try grid.delete(0))
    try grid.longPress(1)
    assertThrows(.dragInProgress, try grid.longPress(2))
    assertThrows(.dragInProgress, try grid.panBegin(2))
    assertThrows(.dragInProgress, try grid.drag(from: 2, to: 3))
    assertThrows(.dragInProgress, try grid.move(from: 2, to: 3))
    assertThrows(.dragInProgress, try grid.delete(2))
    assertThrows(.dragInProgress, try grid.reload())
    assertThrows(.dragInProgress, try grid.reload(items: []))
    assertThrows(.dragInProgress, try grid.setEditing(false))
    assertThrows(.dragInProgress, try grid.toggleEditing())
    XCTAssertEqual(grid.dragging, 1)
    XCTAssertTrue(grid.editing)
    XCTAssertEqual(try grid.drop(), 1)
  }

  func testDelegateErrorsLeaveTheGridConsistent() throws {
    let (grid, rec) = try makeGrid(numbered(12))
    rec.throwOn = ["will_begin_editing"]
    assertBoom("will_begin_editing", try grid.longPress(1))
    XCTAssertFalse(grid.editing)
    XCTAssertNil(grid.dragging)

    rec.throwOn = ["will_begin_drag"]
    assertBoom("will_begin_drag", try grid.longPress(1))
    XCTAssertTrue(grid.editing)
    XCTAssertNil(grid.dragging)

    rec.throwOn = ["can_drop"]
    try grid.longPress(1)
    assertBoom("can_drop", try grid.dragTo(x: grid.c(2).x, y: grid.c(2).y))
    XCTAssertEqual(grid.dragging, 1, "no move when can_drop fails")

    rec.throwOn = ["did_move"]
    assertBoom("did_move", try grid.dragTo(x: grid.c(2).x, y: grid.c(2).y))
    XCTAssertEqual(grid.dragging, 2, "the step happened; the drag goes on")
    XCTAssertEqual(try grid.items.prefix(3), ["i0", "i2", "i1"])

    rec.throwOn = ["did_drop"]
    assertBoom("did_drop", try grid.drop())
    XCTAssertNil(grid.dragging)
    XCTAssertEqual(try grid.items.prefix(3), ["i0", "i2", "i1"], "committed before did_drop")

    rec.throwOn = ["did_cancel"]
    try grid.longPress(0)
    try grid.dragTo(x: grid.c(5).x, y: grid.c(5).y)
    assertBoom("did_cancel", try grid.cancel())
    XCTAssertNil(grid.dragging)
    XCTAssertEqual(try grid.items.prefix(3), ["i0", "i2", "i1"])

    rec.throwOn = ["did_delete"]
    assertBoom("did_delete", try grid.delete(0))
    XCTAssertEqual(grid.count, 11)
    XCTAssertEqual(try grid.items.prefix(2), ["i2", "i1"])

    rec.throwOn = ["did_move"]
    assertBoom("did_move", try grid.move(from: 0, to: 3))
    XCTAssertEqual(try grid.items.prefix(2), ["i2", "i1"], "move() is all or nothing")
    assertBoom("did_move", try grid.drag(from: 0, to: 3))
    XCTAssertNil(grid.dragging, "drag() abandons the gesture on error")
    XCTAssertEqual(try grid.items.prefix(2), ["i2", "i1"])

    rec.throwOn = ["did_end_editing"]
    assertBoom("did_end_editing", try grid.toggleEditing())
    XCTAssertFalse(grid.editing)
    XCTAssertNil(grid.invariantViolation())
  }

  func testDataSourceErrorsLeaveTheGridConsistent() throws {
    let src = ReorderGridRulesTests.ArraySource(numbered(8))
    let grid = try ReorderGrid(source: src.source)
    src.failMove = true
    try grid.longPress(0)
    try grid.dragTo(x: grid.c(3).x, y: grid.c(3).y)
    assertBoom("move", try grid.drop())
    XCTAssertNil(grid.dragging)
    XCTAssertEqual(try grid.items, numbered(8), "back to the source's order")
    src.failDelete = true
    assertBoom("delete", try grid.delete(2))
    XCTAssertEqual(grid.count, 8)
    XCTAssertEqual(try grid.items, src.data)
    XCTAssertNil(grid.invariantViolation())
  }

  func testReentrantCallsFromCallbacksAreErrors() throws {
    let (grid, rec) = try makeGrid(numbered(12))
    var caught: [String] = []
    var seenItems: [String] = []
    rec.hook = { g, name in
      guard name == "did_move" else { return }
      seenItems = try g.items  // reading is fine
      let attempts: [(String, () throws -> Void)] = [
        ("move", { _ = try g.move(from: 0, to: 1) }),
        ("delete", { _ = try g.delete(0) }),
        ("reload", { try g.reload() }),
        ("drag_by", { try g.dragBy(dx: 1, dy: 0) }),
        ("drop", { _ = try g.drop() }),
        ("cancel", { try g.cancel() }),
        ("set_editing", { try g.setEditing(false) }),
        ("scroll_to", { try g.scrollTo(0) }),
      ]
      for (fn, attempt) in attempts {
        do {
          try attempt()
          caught.append("\(fn): no error")
        } catch let e as ReorderGridError {
          XCTAssertEqual(e, .calledFromCallback, fn)
          caught.append(fn)
        }
      }
    }
    try grid.longPress(1)
    try grid.dragTo(x: grid.c(3).x, y: grid.c(3).y)
    XCTAssertEqual(caught, ["move", "delete", "reload", "drag_by", "drop", "cancel", "set_editing", "scroll_to"])
    XCTAssertEqual(seenItems.prefix(4), ["i0", "i2", "i3", "i1"], "the live order")
    XCTAssertEqual(grid.dragging, 3)
    XCTAssertTrue(grid.editing)
    XCTAssertEqual(try grid.drop(), 3)
    XCTAssertEqual(grid.count, 12)
  }

  /// `drag(from:to:steps:)` with a huge step count used to run for ever (one hit test per step,
  /// `math.maxinteger` steps from Lua): it is now bounded and the grid is left untouched.
  func testDragWithTooManyStepsIsAnErrorNotAHang() throws {
    let (grid, rec) = try makeGrid(numbered(12))
    let limit = ReorderGrid<String>.maxDragSteps
    assertThrows(
      .tooManySteps(max: limit),
      try grid.drag(from: 0, to: 1, steps: limit + 1))
    assertThrows(
      .tooManySteps(max: limit),
      try grid.drag(from: 0, to: 1, steps: .max))
    XCTAssertEqual(rec.events, [], "checked before anything happens")
    XCTAssertFalse(grid.editing)
    XCTAssertEqual(try grid.drag(from: 0, to: 1, steps: 1_000), 1)
  }

  /// The default step count of `drag` came from `Int(distance / (half the item side))`: with tiny
  /// items that trapped ("Double value cannot be converted to Int"). It is now capped.
  func testDragWithTinyItemsIsBoundedNotATrap() throws {
    let (grid, _) = try makeGrid(numbered(100), config: ReorderGridConfig(item: Size(w: 1e-300, h: 1e-300)))
    XCTAssertEqual(try grid.drag(from: 0, to: 99), 99)
    XCTAssertEqual(try grid.items.last, "i0")
    XCTAssertNil(grid.invariantViolation())
  }

  /// A data source's count is allocated for (identities): a huge one crashed the process.
  func testSourceCountAboveTheLimitIsABadDataSource() throws {
    let src = ReorderGridRulesTests.ArraySource(numbered(8))
    src.extra = Int.max - 8
    let limit = ReorderGrid<String>.maxCount
    assertThrows(
      .badSourceCount(Int.max, max: limit),
      try ReorderGrid(source: src.source))
    src.extra = 0
    let grid = try ReorderGrid(source: src.source)
    src.extra = limit
    assertThrows(
      .badSourceCount(limit + 8, max: limit), try grid.reload())
    XCTAssertEqual(grid.count, 8, "unchanged")
  }
}
