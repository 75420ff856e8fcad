import XCTest

@testable import HeadlessUI

/// Memory proportional to the visible cards; reuse; events as values.
final class SwipeDeckScaleTests: XCTestCase {
  func testBillionItems() throws {
    let h = try Harness(count: 1_000_000_000)
    XCTAssertEqual(h.indices, [0, 1, 2, 3, 4])
    XCTAssertEqual(h.src.cardCalls, 5)
    XCTAssertEqual(h.deck.count, 1_000_000_000)
    for _ in 0..<3 {
      try h.deck.swipe(.left)
      try h.clock.settle()
    }
    XCTAssertEqual(h.indices, [3, 4, 5, 6, 7])
    XCTAssertLessThanOrEqual(h.deck.retainedModels.count, 2 * h.deck.config.visible + 1)
    // Appending to a huge deck keeps the position; a non-cyclic huge deck works the same way.
    h.src.count = 1_000_000_001
    try h.deck.reload(keepPosition: true)
    XCTAssertEqual(h.deck.index, 3)
    var c = SwipeDeckConfig.tinder
    c.visible = 4
    let t = try Harness(count: 1_000_000_000, config: c)
    XCTAssertEqual(t.indices, [0, 1, 2, 3])
    h.assertConsistent()
    t.assertConsistent()
  }

  func testSwipingManyCardsCreatesAtMostVisiblePlusOneModels() throws {
    var c = SwipeDeckConfig.tantan
    c.durations = .init(swipe: 0, reset: 0, rewind: 0)
    let h = try Harness(count: 1_000_000_000, config: c)
    h.src.record = nil
    h.rec.sink = nil
    let n = 20_000
    for k in 0..<n {
      if k % 2 == 0 { try h.deck.like() } else { _ = try h.deck.pan(dx: -200, dy: 0) }
      try h.clock.settle()
    }
    XCTAssertEqual(h.deck.index, n)
    XCTAssertLessThanOrEqual(h.src.created, c.visible + 1)
    XCTAssertEqual(h.src.cardCalls, 5 + n)
    XCTAssertEqual(h.deck.history.count, c.historyLimit)
    XCTAssertLessThanOrEqual(h.deck.retainedModels.count, 2 * c.visible + 1)
    h.assertConsistent()
  }

  func testNonCyclicRunOutAndUndoStayWithinThePool() throws {
    var c = SwipeDeckConfig.tinder
    c.durations = .init(swipe: 0, reset: 0, rewind: 0)
    let h = try Harness(count: 50, config: c)
    for _ in 0..<50 {
      try h.deck.like()
      try h.clock.settle()
    }
    XCTAssertEqual(h.deck.state, .empty)
    for _ in 0..<10 {
      _ = try h.deck.undo()
      try h.clock.settle()
    }
    XCTAssertEqual(h.indices, [40, 41, 42])
    XCTAssertLessThanOrEqual(h.src.created, c.visible + 1)
    h.assertConsistent()
  }

  func testReleasedModels() throws {
    var c = SwipeDeckConfig.tantan
    c.cyclic = false
    let h = try Harness(count: 1, config: c)
    var released: [Int] = []
    h.deck.modelReleased = { released.append($0.serial) }
    try h.deck.swipe(.right)
    try h.clock.settle()
    XCTAssertEqual(h.deck.emptyModel?.serial, -1)
    try h.deck.reload()
    XCTAssertEqual(released, [-1])  // the empty model is dropped when cards show again
    XCTAssertNil(h.deck.emptyModel)
  }

  func testEventRendering() {
    XCTAssertEqual(
      SwipeDeckEvent.didSwipe(index: 2, direction: .right).rendered(indexBase: 1), "did_swipe(3, \"right\")")
    XCTAssertEqual(SwipeDeckEvent.didFinishSwipe(index: 0, direction: .up).rendered(indexBase: 1), "did_swipe_up(1)")
    XCTAssertEqual(
      SwipeDeckEvent.didDrag(index: 0, direction: .left, progress: 0.5).rendered(), "did_drag(0, \"left\", 0.5)")
    XCTAssertEqual(SwipeDeckEvent.didRunOut.rendered(), "did_run_out()")
    XCTAssertEqual(
      SwipeDeckEvent.didDrag(index: 0, direction: .right, progress: 1).rendered(indexBase: 1),
      "did_drag(1, \"right\", 1.0)")
    XCTAssertEqual(luaFloat(10.0 / 12), "0.83333333333333")
    XCTAssertEqual(luaFloat(1e20), "1e+20")
    XCTAssertEqual(luaFloat(-0.25), "-0.25")
  }

  func testEventSinkMatchesTheDelegateCalls() throws {
    let h = try Harness(count: 10)
    _ = try h.deck.pan(dx: 130, dy: 0, steps: 2)
    try h.clock.settle()
    XCTAssertEqual(h.events.filter { !$0.hasPrefix("card(") }, h.rec.log)
  }
}
