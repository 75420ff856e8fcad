import XCTest

@testable import HeadlessUI

/// Bad input, wrong state, delegate errors and re-entrant calls.
final class ReorderGridErrorTests: XCTestCase {
  func testBadConfig() {
    func check(_ config: ReorderGridConfig, _ message: String, line: UInt = #line) {
      assertThrows(.badArgument(position: 1, function: "grid", message: message), try makeGrid(config: config), line: line)
    }
    check(ReorderGridConfig(width: .nan), "width: number expected, got nan")
    check(ReorderGridConfig(width: -3), "width: positive number expected, got -3")
    check(ReorderGridConfig(height: .infinity), "height: number expected, got inf")
    check(ReorderGridConfig(columns: 0), "columns: positive integer expected, got 0")
    check(ReorderGridConfig(item: Size(w: 10, h: .nan)), "item.h: number expected, got nan")
    check(ReorderGridConfig(spacing: .init(line: -1, item: 2)), "spacing.line: non-negative number expected, got -1")
    check(ReorderGridConfig(insets: .init(top: 0, left: .nan, bottom: 0, right: 0)), "insets.left: number expected, got nan")
    check(ReorderGridConfig(locked: [-1]), "locked: index out of range (got -1)")
    check(ReorderGridConfig(locked: [39]), "locked: index out of range (got 39)")
    check(ReorderGridConfig(longPress: -0.5), "long_press: non-negative number expected, got -0.5")
    check(ReorderGridConfig(autoscroll: .init(edge: .nan)), "autoscroll.edge: number expected, got nan")
    check(ReorderGridConfig(autoscroll: .init(tick: 0)), "autoscroll.tick: positive number expected, got 0")
    // A tick far below a frame made `clock.advance` fire for ever (1e-300 s per tick).
    check(ReorderGridConfig(autoscroll: .init(tick: 1e-300)), "autoscroll.tick: number >= 0.001 expected, got 1e-300")
    check(
      ReorderGridConfig(insets: .init(top: 0, left: 200, bottom: 0, right: 200)),
      "width: too narrow for 4 columns (item width -9.25)")
    check(
      ReorderGridConfig(columns: 4, item: Size(w: 100, h: 40)), "columns: 4 items of width 100 do not fit in 335 points")
  }

  func testBadArguments() throws {
    let (grid, _) = try makeGrid()
    // Issue 17.9: ranges read the same in every component, 1-based: `(40; expected 1..39)`.
    func range(_ shown: Int) -> String { "index out of range (\(shown); expected 1..39)" }
    assertThrows(.badArgument(position: 1, function: "long_press", message: range(0)), try grid.longPress(-1))
    assertThrows(.badArgument(position: 1, function: "long_press", message: range(40)), try grid.longPress(39))
    assertThrows(
      .badArgument(position: 2, function: "long_press", message: "number expected, got nan"),
      try grid.longPress(0, duration: .nan))
    assertThrows(.badArgument(position: 1, function: "pan_begin", message: range(41)), try grid.panBegin(40))
    assertThrows(.badArgument(position: 2, function: "drag", message: range(40)), try grid.drag(from: 0, to: 39))
    assertThrows(
      .badArgument(position: 3, function: "drag", message: "positive integer expected, got 0"),
      try grid.drag(from: 0, to: 1, steps: 0))
    assertThrows(.badArgument(position: 1, function: "move", message: range(40)), try grid.move(from: 39, to: 0))
    assertThrows(.badArgument(position: 2, function: "move", message: range(0)), try grid.move(from: 0, to: -1))
    assertThrows(.badArgument(position: 1, function: "delete", message: range(40)), try grid.delete(39))
    assertThrows(.badArgument(position: 1, function: "cell", message: range(40)), try grid.cell(39))
    assertThrows(
      .badArgument(position: 1, function: "scroll_to", message: "number expected, got nan"), try grid.scrollTo(.nan))
    assertThrows(
      .badArgument(position: 1, function: "scroll_to", message: "offset out of range (1; expected 0..0)"), try grid.scrollTo(1))
    assertThrows(
      .badArgument(position: 2, function: "index_at", message: "number expected, got -inf"),
      try grid.indexAt(x: 0, y: -.infinity))
    try grid.longPress(0)
    assertThrows(
      .badArgument(position: 1, function: "drag_by", message: "number expected, got nan"), try grid.dragBy(dx: .nan, dy: 0))
    assertThrows(
      .badArgument(position: 2, function: "drag_to", message: "number expected, got inf"), try grid.dragTo(x: 0, y: .infinity))
    try grid.dragBy(dx: 1e308, dy: 0)
    assertThrows(
      .badArgument(position: 1, function: "drag_by", message: "number out of range"), try grid.dragBy(dx: 1e308, dy: 0))
    XCTAssertEqual(grid.dragging, 0)
    XCTAssertEqual(try grid.items, seedChannels)
    XCTAssertNil(grid.checkInvariants())
  }

  func testWrongStates() throws {
    let (grid, _) = try makeGrid()
    let noDrag = "no drag in progress"
    assertThrows(.wrongState(function: "drag_by", message: noDrag), try grid.dragBy(dx: 1, dy: 1))
    assertThrows(.wrongState(function: "drag_to", message: noDrag), try grid.dragTo(x: 1, y: 1))
    assertThrows(.wrongState(function: "drop", message: noDrag), try grid.drop())
    assertThrows(.wrongState(function: "cancel", message: noDrag), try grid.cancel())
    assertThrows(.wrongState(function: "delete", message: "not editing (the delete badge is hidden)"), try grid.delete(0))
    try grid.longPress(1)
    let busy = "a drag is in progress"
    assertThrows(.wrongState(function: "long_press", message: busy), try grid.longPress(2))
    assertThrows(.wrongState(function: "pan_begin", message: busy), try grid.panBegin(2))
    assertThrows(.wrongState(function: "drag", message: busy), try grid.drag(from: 2, to: 3))
    assertThrows(.wrongState(function: "move", message: busy), try grid.move(from: 2, to: 3))
    assertThrows(.wrongState(function: "delete", message: busy), try grid.delete(2))
    assertThrows(.wrongState(function: "reload", message: busy), try grid.reload())
    assertThrows(.wrongState(function: "reload", message: busy), try grid.reload(items: []))
    assertThrows(.wrongState(function: "set_editing", message: busy), try grid.setEditing(false))
    assertThrows(.wrongState(function: "toggle_editing", message: busy), try grid.toggleEditing())
    XCTAssertEqual(grid.dragging, 1)
    XCTAssertTrue(grid.editing)
    XCTAssertEqual(try grid.drop(), 1)
    XCTAssertEqual(
      ComponentError.wrongState(function: "drag_by", message: noDrag).description, "drag_by: no drag in progress")
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
    XCTAssertNil(grid.checkInvariants())
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
    XCTAssertNil(grid.checkInvariants())
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
        } catch let e as ComponentError {
          XCTAssertEqual(
            e, .wrongState(function: fn, message: "cannot be called from inside a delegate or data source callback"))
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
      .badArgument(position: 3, function: "drag", message: "too many steps (at most \(limit))"),
      try grid.drag(from: 0, to: 1, steps: limit + 1))
    assertThrows(
      .badArgument(position: 3, function: "drag", message: "too many steps (at most \(limit))"),
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
    XCTAssertNil(grid.checkInvariants())
  }

  /// A data source's count is allocated for (identities): a huge one crashed the process.
  func testSourceCountAboveTheLimitIsABadDataSource() throws {
    let src = ReorderGridRulesTests.ArraySource(numbered(8))
    src.extra = Int.max - 8
    let limit = ReorderGrid<String>.maxCount
    assertThrows(
      .badDataSource(message: "data source count() returned \(Int.max) (at most \(limit) items)"),
      try ReorderGrid(source: src.source))
    src.extra = 0
    let grid = try ReorderGrid(source: src.source)
    src.extra = limit
    assertThrows(
      .badDataSource(message: "data source count() returned \(limit + 8) (at most \(limit) items)"), try grid.reload())
    XCTAssertEqual(grid.count, 8, "unchanged")
  }
}
