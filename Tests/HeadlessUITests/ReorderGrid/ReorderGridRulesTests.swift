import XCTest

@testable import HeadlessUI

/// Locked items, vetoes, editing, delete, programmatic moves and callback data sources.
final class ReorderGridRulesTests: XCTestCase {
  func testLockedItemIsNeverDisplaced() throws {
    let (grid, rec) = try makeGrid(numbered(12), config: ReorderGridConfig(locked: [0]))
    try grid.longPress(3)
    try grid.dragTo(x: grid.c(0).x, y: grid.c(0).y)
    XCTAssertEqual(grid.dragging, 3, "cannot take the locked item's place")
    XCTAssertFalse(rec.events.contains { $0.hasPrefix("can_drop") }, "refused before asking the delegate")
    try grid.dragTo(x: grid.c(1).x, y: grid.c(1).y)
    XCTAssertEqual(grid.dragging, 1)
    XCTAssertEqual(try grid.drop(), 1)
    XCTAssertEqual(try grid.items.prefix(4), ["i0", "i3", "i1", "i2"])
    XCTAssertEqual(grid.locked, [0])
  }

  func testCannotCarryAnItemPastALockedOne() throws {
    let (grid, _) = try makeGrid(numbered(12), config: ReorderGridConfig(locked: [5]))
    try grid.longPress(2)
    try grid.dragTo(x: grid.c(3).x, y: grid.c(3).y)
    try grid.dragTo(x: grid.c(4).x, y: grid.c(4).y)
    try grid.dragTo(x: grid.c(6).x, y: grid.c(6).y)  // 4 -> 6 would carry it past 5
    XCTAssertEqual(grid.dragging, 4)
    XCTAssertEqual(try grid.drop(), 4)
    XCTAssertEqual(try grid.items.prefix(7), ["i0", "i1", "i3", "i4", "i2", "i5", "i6"])
    XCTAssertEqual(try grid.drag(from: 9, to: 1, steps: 1), 9, "a single jump over 5 is refused")
    XCTAssertEqual(try grid.drag(from: 9, to: 6, steps: 1), 6)
    XCTAssertEqual(try grid.item(5), "i5")
    XCTAssertFalse(try grid.move(from: 7, to: 2))
    XCTAssertNil(grid.invariantViolation())
  }

  func testLongPressOnALockedCellEntersEditingWithoutLifting() throws {
    let (grid, rec) = try makeGrid(numbered(12), config: ReorderGridConfig(locked: [0]))
    XCTAssertFalse(try grid.longPress(0))
    XCTAssertTrue(grid.editing)
    XCTAssertNil(grid.dragging)
    XCTAssertEqual(rec.events, ["will_begin_editing()"])
    XCTAssertFalse(try grid.panBegin(0))
    XCTAssertFalse(try grid.cell(0).deleteVisible, "no badge on a locked cell")
    XCTAssertTrue(try grid.cell(1).deleteVisible)
    XCTAssertEqual(try grid.drag(from: 0, to: 3), 0)
    XCTAssertFalse(try grid.move(from: 0, to: 3))
    assertThrows(.lockedItemCannotBeDeleted(index: 0), try grid.delete(0))
  }

  func testDeleteBeforeALockedItemShiftsIt() throws {
    let (grid, _) = try makeGrid(numbered(12), config: ReorderGridConfig(locked: [4]))
    try grid.setEditing(true)
    try grid.delete(1)
    XCTAssertEqual(grid.locked, [3])
    XCTAssertEqual(try grid.item(3), "i4")
    XCTAssertEqual(try grid.drag(from: 0, to: 2, steps: 1), 2)
    XCTAssertEqual(try grid.drag(from: 2, to: 5, steps: 1), 2, "the locked item is now at 3")
    XCTAssertNil(grid.invariantViolation())
  }

  func testCanMoveVeto() throws {
    let (grid, rec) = try makeGrid(numbered(12))
    rec.canMoveAnswer = { $0 != 2 }
    XCTAssertFalse(try grid.longPress(2))
    XCTAssertTrue(grid.editing)
    XCTAssertNil(grid.dragging)
    XCTAssertFalse(try grid.panBegin(2))
    XCTAssertFalse(try grid.move(from: 2, to: 5))
    XCTAssertTrue(try grid.panBegin(3))
    XCTAssertEqual(
      rec.events,
      ["will_begin_editing()", "can_move(2)", "can_move(2)", "can_move(2)", "can_move(3)", "will_begin_drag(3)"])
  }

  func testCanDropIsAskedOnEachLiveStepWithCurrentAndCandidate() throws {
    let (grid, rec) = try makeGrid(numbered(12))
    rec.canDropAnswer = { _, to in to != 2 }
    try grid.longPress(0)
    try grid.dragBy(dx: 84.75, dy: 0)
    try grid.dragBy(dx: 84.75, dy: 0)  // onto 2: vetoed
    XCTAssertEqual(grid.dragging, 1)
    try grid.dragBy(dx: 84.75, dy: 0)  // onto 3
    XCTAssertEqual(grid.dragging, 3)
    XCTAssertEqual(
      rec.events.filter { $0.hasPrefix("can_drop") || $0.hasPrefix("did_move") },
      ["can_drop(0, 1)", "did_move(0, 1)", "can_drop(1, 2)", "can_drop(1, 3)", "did_move(1, 3)"])
  }

  /// A delegate implementing one method: the rest are default no-ops (`can*` say yes).
  final class OnlyDrop: ReorderGridDelegate<String> {
    var drops: [[Int]] = []
    func handle(_ event: ReorderGridEvent<String>) throws -> Bool {
      if case .didDrop(let from, let to) = event { drops.append([from, to]) }
      return true
    }
  }

  func testADelegateHandlesOnlyTheEventsItCaresAbout() throws {
    let grid = try ReorderGrid(items: numbered(8))
    let delegate = OnlyDrop()
    grid.delegate = delegate
    XCTAssertEqual(try grid.drag(from: 0, to: 5), 5)
    XCTAssertTrue(try grid.move(from: 5, to: 0))
    XCTAssertEqual(delegate.drops, [[0, 5], [5, 0]])
    XCTAssertEqual(try grid.items, numbered(8))
  }

  func testToggleEditingAndPanBegin() throws {
    let (grid, rec) = try makeGrid(numbered(12))
    assertThrows(.notEditingPanNeedsEditing, try grid.panBegin(1))
    XCTAssertEqual(grid.editButtonTitle, "排序删除")
    XCTAssertTrue(try grid.toggleEditing())
    XCTAssertTrue(try grid.cell(3).deleteVisible)
    XCTAssertTrue(try grid.panBegin(1))
    try grid.dragTo(x: grid.c(2).x, y: grid.c(2).y)
    XCTAssertEqual(try grid.drop(), 2)
    XCTAssertFalse(try grid.toggleEditing())
    XCTAssertFalse(try grid.cell(3).deleteVisible)
    try grid.setEditing(false)  // unchanged: no event
    XCTAssertEqual(
      rec.notifications,
      ["will_begin_editing()", "will_begin_drag(1)", "did_move(1, 2)", "did_drop(1, 2)", "did_end_editing()"])
  }

  func testDeleteOnlyWhileEditingAndByPosition() throws {
    let (grid, rec) = try makeGrid()
    assertThrows(.notEditingBadgeHidden, try grid.delete(5))
    try grid.toggleEditing()
    XCTAssertEqual(try grid.delete(5), "娱乐")  // the second "娱乐"; the first one (3) stays
    var expected = seedChannels
    expected.remove(at: 5)
    XCTAssertEqual(try grid.items, expected)
    XCTAssertEqual(grid.count, 38)
    XCTAssertEqual(rec.notifications.last, "did_delete(5, \"娱乐\")")
    XCTAssertEqual(try grid.item(3), "娱乐")
    XCTAssertNil(grid.invariantViolation())
  }

  func testMoveUsesTheDropCommitPathAndEvents() throws {
    let (grid, rec) = try makeGrid(numbered(12))
    XCTAssertTrue(try grid.move(from: 1, to: 4))
    XCTAssertEqual(try grid.items.prefix(5), ["i0", "i2", "i3", "i4", "i1"])
    XCTAssertEqual(rec.events, ["can_move(1)", "can_drop(1, 4)", "did_move(1, 4)", "did_drop(1, 4)"])
    XCTAssertFalse(grid.editing, "no gesture: editing unchanged")
    XCTAssertNil(grid.dragging)
    rec.events = []
    XCTAssertTrue(try grid.move(from: 6, to: 6))
    XCTAssertEqual(rec.events, ["can_move(6)", "did_drop(6, 6)"])
    rec.events = []
    rec.canDropAnswer = { _, _ in false }
    XCTAssertFalse(try grid.move(from: 0, to: 3))
    XCTAssertEqual(rec.events, ["can_move(0)", "can_drop(0, 3)"])
    XCTAssertEqual(try grid.items.prefix(5), ["i0", "i2", "i3", "i4", "i1"])
  }

  /// A data source over an array it owns, logging its calls.
  final class ArraySource {
    var data: [String]
    var extra = 0
    var log: [String] = []
    var failMove = false
    var failDelete = false
    init(_ data: [String]) { self.data = data }
    var source: ReorderGridDataSource<String> {
      ReorderGridDataSource(
        count: {
          self.log.append("count()"); return self.data.count + self.extra
        },
        item: { i in i < self.data.count ? self.data[i] : nil },
        move: { from, to in
          self.log.append("move(\(from), \(to))")
          if self.failMove { throw GridBoom(name: "move") }
          self.data.insert(self.data.remove(at: from), at: to)
        },
        delete: { i in
          self.log.append("delete(\(i))")
          if self.failDelete { throw GridBoom(name: "delete") }
          self.data.remove(at: i)
        })
    }
  }

  func testDataSourceMoveIsCalledOnceAtTheDrop() throws {
    let src = ArraySource(numbered(12))
    let grid = try ReorderGrid(source: src.source)
    XCTAssertEqual(grid.count, 12)
    try grid.longPress(0)
    for _ in 0..<3 { try grid.dragBy(dx: 84.75, dy: 0) }
    try grid.dragBy(dx: 0, dy: 49)
    XCTAssertEqual(grid.dragging, 7)
    XCTAssertEqual(src.log, ["count()"], "live steps never touch the source")
    XCTAssertEqual(try grid.items.prefix(8), ["i1", "i2", "i3", "i4", "i5", "i6", "i7", "i0"], "live order")
    XCTAssertEqual(try grid.drop(), 7)
    XCTAssertEqual(src.log, ["count()", "move(0, 7)"])
    XCTAssertEqual(try grid.items, src.data)
    // A drop where it started: no move call.
    try grid.longPress(3)
    try grid.drop()
    XCTAssertEqual(src.log.count, 2)
    XCTAssertTrue(try grid.move(from: 2, to: 0))
    XCTAssertEqual(src.log.last, "move(2, 0)")
    XCTAssertEqual(try grid.items, src.data)
  }

  func testDataSourceDelete() throws {
    let src = ArraySource(["a", "b", "a", "c"])
    let grid = try ReorderGrid(source: src.source)
    try grid.setEditing(true)
    XCTAssertEqual(try grid.delete(2), "a")
    XCTAssertEqual(src.data, ["a", "b", "c"])
    XCTAssertEqual(try grid.items, ["a", "b", "c"])
    XCTAssertEqual(src.log, ["count()", "delete(2)"])
  }

  /// Like a source without `move`: a source without `delete` shows no badges and refuses deletes.
  func testDataSourceWithoutDeleteCannotDelete() throws {
    let data = ["a", "b", "c"]
    let grid = try ReorderGrid(source: ReorderGridDataSource(count: { data.count }, item: { data[$0] }))
    try grid.setEditing(true)
    XCTAssertFalse(grid.canDelete)
    XCTAssertFalse(try grid.cell(1).deleteVisible)
    assertThrows(.sourceCannotDelete, try grid.delete(1))
    XCTAssertEqual(grid.count, 3)
    XCTAssertEqual(try grid.items, data)
  }

  func testDataSourceCountThatDisagreesWithItems() throws {
    let src = ArraySource(numbered(4))
    src.extra = 1
    let grid = try ReorderGrid(source: src.source)
    XCTAssertEqual(grid.count, 5)
    let expected = ReorderGridError.missingSourceItem(index: 4, count: 5)
    assertThrows(expected, try grid.items)
    assertThrows(expected, try grid.cell(4))
    XCTAssertEqual(try grid.cell(3).item, "i3")
    src.extra = -5
    assertThrows(.badSourceCount(-1, max: ReorderGrid<String>.maxCount), try grid.reload())
    assertThrows(.badSourceCount(-1, max: ReorderGrid<String>.maxCount), try ReorderGrid(source: src.source))
    src.extra = 0
    try grid.reload()
    XCTAssertEqual(try grid.items, numbered(4))
  }

  func testReloadWithNewItems() throws {
    let (grid, _) = try makeGrid(numbered(12), config: ReorderGridConfig(locked: [10]))
    try grid.reload(items: ["x", "y"])
    XCTAssertEqual(grid.count, 2)
    XCTAssertEqual(grid.locked, [], "a locked index past the new count is dropped")
    XCTAssertEqual(try grid.items, ["x", "y"])
  }
}
