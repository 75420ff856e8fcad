import XCTest

@testable import HeadlessUI

/// The hit test comes from the layout arithmetic over visible cells: a drag step costs the same on
/// 100,000 items as on 40.
final class ReorderGridScaleTests: XCTestCase {
  /// Walks the snapshot around its slot (right 3 cells, down 2 rows, back) and returns the cells
  /// examined per step.
  func probesPerStep(count: Int, start: Int) throws -> Double {
    let grid = try ReorderGrid(items: numbered(count))
    let row = start / 4
    try grid.scrollTo(min(grid.maxOffset, max(0, grid.layout.rowY(row) - 200)))
    XCTAssertTrue(grid.visible.contains(start))
    try grid.longPress(start)
    let before = grid.probes
    var steps = 0
    for (dx, dy) in [(21.1875, 0.0), (0, 12.25), (-21.1875, 0), (0, -12.25)] {
      for _ in 0..<8 {
        try grid.dragBy(dx: dx, dy: dy)
        steps += 1
      }
    }
    try grid.drop()
    return Double(grid.probes - before) / Double(steps)
  }

  func testDragStepExaminesTheSameCellsOn40And100kItems() throws {
    let small = try probesPerStep(count: 40, start: 16)
    let big = try probesPerStep(count: 100_000, start: 50_000)
    XCTAssertGreaterThan(small, 0)
    XCTAssertLessThanOrEqual(small, 9)
    XCTAssertEqual(big, small, "O(1) cells per step, independent of the count")
  }

  func testWholeDragAcrossA100kGrid() throws {
    let n = 100_000
    let grid = try ReorderGrid(items: numbered(n))
    XCTAssertEqual(try grid.drag(from: 5, to: n - 5), n - 5)
    XCTAssertGreaterThan(grid.offset, 0, "scrolled along")
    let items = try grid.items
    XCTAssertEqual(items[n - 5], "i5")
    XCTAssertEqual(items[5], "i6")
    XCTAssertEqual(items[n - 6], "i\(n - 5)")
    XCTAssertEqual(items[n - 4], "i\(n - 4)")
    XCTAssertNil(grid.invariantViolation())
    // And back with a gesture: long press, a few steps, drop.
    try grid.scrollTo(grid.maxOffset)
    try grid.longPress(n - 5)
    try grid.dragBy(dx: -84.75, dy: -49)
    XCTAssertEqual(grid.dragging, n - 10)
    XCTAssertEqual(try grid.drop(), n - 10)
    XCTAssertEqual(try grid.item(n - 10), "i5")
    XCTAssertNil(grid.invariantViolation())
  }

  /// Drag steps per second (debug build, automatic invariant checks off), printed for the report.
  func testBenchmarkDragStepsPerSecond() throws {
    var rates: [Int: Double] = [:]
    for count in [40, 10_000, 100_000] {
      let grid = try ReorderGrid(items: numbered(count))
      grid.debugChecksEnabled = false
      let start = count / 2 / 4 * 4
      try grid.scrollTo(min(grid.maxOffset, max(0, grid.layout.rowY(start / 4) - 200)))
      try grid.longPress(start)
      let steps = 20_000
      let clock = ContinuousClock()
      let elapsed = try clock.measure {
        for k in 0..<steps {
          // Back and forth over the next cell: every step is a live move.
          try grid.dragBy(dx: k % 2 == 0 ? 84.75 : -84.75, dy: 0)
        }
      }
      try grid.drop()
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
      rates[count] = Double(steps) / seconds
      print("ReorderGrid benchmark: \(count) items: \(Int(Double(steps) / seconds)) drag steps/s")
      XCTAssertNil(grid.invariantViolation())
    }
    // Generous bound (shared CI cores): the big grid is not orders of magnitude slower.
    XCTAssertGreaterThan(rates[100_000]!, rates[40]! / 10)
  }
}
