import XCTest

@testable import HeadlessUI

final class SwipeDeckLifecycleTests: XCTestCase {
  func swipe(_ h: Harness, _ d: SwipeDirection, times: Int = 1) throws {
    for _ in 0..<times {
      try h.deck.swipe(d)
      try h.clock.settle()
    }
  }

  func testCyclicWrapsOverTheCount() throws {
    let h = try Harness(count: 3)
    XCTAssertEqual(h.indices, [0, 1, 2])
    try swipe(h, .right)
    XCTAssertEqual(h.indices, [1, 2, 0])
    XCTAssertTrue(h.events.contains("card(0, true)"))
    try swipe(h, .left, times: 2)
    XCTAssertEqual(h.indices, [0, 1, 2])
    XCTAssertEqual(h.src.created, 3)
    h.assertConsistent()
  }

  func testCyclicCountOfOneCyclesTheSameItem() throws {
    let h = try Harness(count: 1)
    let serial = h.deck.top!.model.serial
    for _ in 0..<3 {
      try swipe(h, .right)
      XCTAssertEqual(h.indices, [0])
      XCTAssertEqual(h.deck.top!.model.serial, serial)
    }
    XCTAssertEqual(h.rec.log.filter { $0.hasPrefix("did_remove") }.count, 3)
    XCTAssertEqual(h.src.created, 1)
  }

  func testNonCyclicRunsOutOnceAndShowsTheEmptyModel() throws {
    var c = SwipeDeckConfig.tantan
    c.cyclic = false
    let h = try Harness(count: 3, config: c)
    try swipe(h, .left, times: 2)
    XCTAssertEqual(h.indices, [2])
    h.events.removeAll()
    h.rec.log.removeAll()
    try swipe(h, .left)
    XCTAssertEqual(
      h.rec.take(),
      [
        "will_swipe(2)", "should_swipe(2, \"left\")", "did_swipe(2, \"left\")", "did_swipe_left(2)",
        "did_remove(2, \"left\")",
        "did_run_out()",
      ])
    XCTAssertEqual(h.events.suffix(4), ["did_swipe_left(2)", "empty()", "did_remove(2, \"left\")", "did_run_out()"])
    XCTAssertEqual(h.deck.state, .empty)
    XCTAssertNil(h.deck.index)
    XCTAssertNil(h.deck.top)
    XCTAssertEqual(h.deck.cards.count, 0)
    XCTAssertEqual(h.deck.emptyModel?.serial, -1)
    XCTAssertThrowsSwipeDeckError(.noCardToSwipe) {
      try h.deck.swipe(.left)
    }
    XCTAssertThrowsSwipeDeckError(.noCardToDrag) {
      try h.deck.dragBegin()
    }
    try h.clock.settle()
    XCTAssertEqual(h.rec.take(), [])
    h.assertConsistent()
  }

  func testEmptySourceShowsEmptyModelWithoutRunOut() throws {
    let h = try Harness(count: 0)
    XCTAssertEqual(h.deck.state, .empty)
    XCTAssertEqual(h.deck.emptyModel?.serial, -1)
    XCTAssertEqual(h.rec.log, [])
    XCTAssertEqual(try h.deck.undo(), nil)
  }

  func testUndoRewindsFromTheSideItLeft() throws {
    let h = try Harness(count: 10)
    try swipe(h, .right)
    try swipe(h, .left)
    XCTAssertEqual(
      h.deck.history, [SwipeHistoryEntry(index: 0, direction: .right), SwipeHistoryEntry(index: 1, direction: .left)])
    h.rec.log.removeAll()
    h.events.removeAll()
    XCTAssertEqual(try h.deck.undo(), 1)
    XCTAssertEqual(h.rec.take(), ["did_rewind(1)"])
    XCTAssertEqual(h.events, ["card(1, true)", "did_rewind(1)"])  // the evicted back card is recycled
    XCTAssertEqual(h.indices, [1, 2, 3, 4, 5])
    XCTAssertEqual(h.deck.state, .animating)
    try h.clock.advance(by: 0.15)
    XCTAssertPoint(h.deck.top!.center, -180, 190)  // halfway from (-500, 190) back to (140, 190)
    try h.clock.settle()
    XCTAssertEqual(h.deck.state, .idle)
    XCTAssertPoint(h.deck.top!.center, 140, 190)
    XCTAssertEqual(h.deck.history, [SwipeHistoryEntry(index: 0, direction: .right)])
    XCTAssertEqual(try h.deck.undo(), 0)
    try h.clock.settle()
    XCTAssertEqual(try h.deck.undo(), nil)
    XCTAssertEqual(h.indices, [0, 1, 2, 3, 4])
    XCTAssertEqual(h.src.created, 5)
    h.assertConsistent()
  }

  func testUndoAfterRunningOutAndCyclicUndoAcrossTheWrap() throws {
    var c = SwipeDeckConfig.tantan
    c.cyclic = false
    let h = try Harness(count: 2, config: c)
    try swipe(h, .right, times: 2)
    XCTAssertEqual(h.deck.state, .empty)
    XCTAssertEqual(try h.deck.undo(), 1)
    XCTAssertNil(h.deck.emptyModel)
    try h.clock.settle()
    XCTAssertEqual(h.indices, [1])
    try swipe(h, .right)
    XCTAssertEqual(h.rec.log.filter { $0 == "did_run_out()" }.count, 2)  // once per running out

    let cyc = try Harness(count: 3)
    try swipe(cyc, .left, times: 3)
    XCTAssertEqual(cyc.indices, [0, 1, 2])
    XCTAssertEqual(try cyc.deck.undo(), 2)
    XCTAssertEqual(cyc.indices, [2, 0, 1])
    cyc.assertConsistent()
  }

  func testHistoryIsBounded() throws {
    var c = SwipeDeckConfig.tantan
    c.historyLimit = 3
    c.durations = .init(swipe: 0, reset: 0, rewind: 0)
    let h = try Harness(count: 100, config: c)
    try swipe(h, .right, times: 10)
    XCTAssertEqual(h.deck.history.map(\.index), [7, 8, 9])
    h.assertConsistent()
  }

  func testReloadKeepPositionAfterGrowAndShrink() throws {
    let h = try Harness(count: 10)
    try swipe(h, .right, times: 3)
    XCTAssertEqual(h.deck.index, 3)
    h.src.count = 20  // appending must not reset the deck
    try h.deck.reload(keepPosition: true)
    XCTAssertEqual(h.indices, [3, 4, 5, 6, 7])
    XCTAssertEqual(h.deck.history.count, 3)
    XCTAssertEqual(h.deck.count, 20)
    h.src.count = 2  // the top item is gone: a cyclic deck wraps
    try h.deck.reload(keepPosition: true)
    XCTAssertEqual(h.indices, [1, 0])
    XCTAssertEqual(h.deck.history.map(\.index), [0, 1])
    h.src.count = 10
    try h.deck.reload()
    XCTAssertEqual(h.indices, [0, 1, 2, 3, 4])
    XCTAssertEqual(h.deck.history, [])
    XCTAssertEqual(h.src.created, 5)  // reload recycles the old cards' models
    h.assertConsistent()
  }

  func testReloadKeepPositionNonCyclic() throws {
    var c = SwipeDeckConfig.tantan
    c.cyclic = false
    let h = try Harness(count: 3, config: c)
    try swipe(h, .right, times: 3)
    XCTAssertEqual(h.deck.state, .empty)
    h.src.count = 5
    try h.deck.reload(keepPosition: true)
    XCTAssertEqual(h.indices, [3, 4])
    XCTAssertEqual(h.deck.state, .idle)
    XCTAssertNil(h.deck.emptyModel)
    h.src.count = 2
    try h.deck.reload(keepPosition: true)
    XCTAssertEqual(h.deck.state, .empty)
    XCTAssertEqual(h.rec.log.filter { $0 == "did_run_out()" }.count, 1)  // a reload is not a run-out
    h.assertConsistent()
  }

  func testArraySource() throws {
    let clock = VirtualClock()
    let deck = try SwipeDeck(config: .tinder, models: ["a", "b", "c", "d"], empty: "none", clock: clock)
    XCTAssertEqual(deck.visibleModels, ["a", "b", "c"])
    try deck.like()
    try clock.settle()
    XCTAssertEqual(deck.cards.map(\.model), ["b", "c", "d"])
    for _ in 0..<3 {
      try deck.nope()
      try clock.settle()
    }
    XCTAssertEqual(deck.state, .empty)
    XCTAssertEqual(deck.emptyModel, "none")
    XCTAssertEqual(deck.retainedModels.last, "none")
  }
}
