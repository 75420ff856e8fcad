import XCTest

@testable import HeadlessUI

/// Calls into the deck during animations and from inside callbacks: the queueing rules.
final class SwipeDeckReentrancyTests: XCTestCase {
  func testSwipesDuringAnAnimationAreQueuedAndRunInOrder() throws {
    let h = try Harness(count: 10)
    try h.deck.swipe(.right)
    try h.deck.like()
    try h.deck.nope()
    XCTAssertEqual(h.deck.queuedCount, 2)
    XCTAssertEqual(h.rec.take(), ["will_swipe(0)", "should_swipe(0, \"right\")", "did_swipe(0, \"right\")"])
    try h.clock.advance(by: 0.3)
    XCTAssertEqual(
      h.rec.take(),
      [
        "did_swipe_right(0)", "did_remove(0, \"right\")", "will_swipe(1)", "should_swipe(1, \"right\")",
        "did_swipe(1, \"right\")",
      ])
    XCTAssertEqual(h.deck.queuedCount, 1)
    try h.clock.settle()
    XCTAssertEqual(h.deck.history.map(\.direction), [.right, .right, .left])
    XCTAssertEqual(h.deck.index, 3)
    XCTAssertEqual(h.deck.queuedCount, 0)
  }

  func testSwipeFromInsideACallbackIsQueuedUntilTheCallbackReturns() throws {
    let h = try Harness(count: 10)
    var once = true
    h.rec.hooks["did_remove"] = { [unowned h] in
      guard once else { return }
      once = false
      try h.deck.like()
      XCTAssertEqual(h.deck.queuedCount, 1)  // not run inside the callback
    }
    try h.deck.swipe(.left)
    try h.clock.advance(by: 0.3)
    XCTAssertEqual(
      h.rec.take(),
      [
        "will_swipe(0)", "should_swipe(0, \"left\")", "did_swipe(0, \"left\")", "did_swipe_left(0)",
        "did_remove(0, \"left\")",
        "will_swipe(1)", "should_swipe(1, \"right\")", "did_swipe(1, \"right\")",
      ])
    // Even when the deck is idle, a call from inside a callback waits for the operation to end.
    h.rec.hooks["did_cancel"] = { [unowned h] in try h.deck.swipe(.left) }
    try h.clock.settle()
    h.rec.log.removeAll()
    XCTAssertEqual(try h.deck.pan(dx: 10, dy: 0), .cancel)
    XCTAssertEqual(h.rec.take(), ["will_swipe(2)", "did_drag(2, \"right\", 0.083333333333333)", "did_cancel(2)"])
    try h.clock.settle()  // snap-back, then the queued swipe
    XCTAssertEqual(h.deck.history.last, SwipeHistoryEntry(index: 2, direction: .left))
  }

  func testUndoDuringAnAnimationIsQueued() throws {
    let h = try Harness(count: 10)
    try h.deck.swipe(.right)
    XCTAssertNil(try h.deck.undo())
    try h.clock.settle()
    XCTAssertEqual(h.rec.log.suffix(3), ["did_swipe_right(0)", "did_remove(0, \"right\")", "did_rewind(0)"])
    XCTAssertEqual(h.indices, [0, 1, 2, 3, 4])
    XCTAssertEqual(h.deck.state, .idle)
  }

  func testNewDragFinishesTheRunningAnimationAndTheQueueAtOnce() throws {
    let h = try Harness(count: 10)
    try h.deck.swipe(.right)
    try h.deck.like()
    h.rec.log.removeAll()
    try h.deck.dragBegin()
    XCTAssertEqual(
      h.rec.take(),
      [
        "did_swipe_right(0)", "did_remove(0, \"right\")", "will_swipe(1)", "should_swipe(1, \"right\")",
        "did_swipe(1, \"right\")",
        "did_swipe_right(1)", "did_remove(1, \"right\")", "will_swipe(2)",
      ])
    XCTAssertEqual(h.deck.state, .dragging)
    XCTAssertEqual(h.deck.index, 2)
    XCTAssertEqual(h.clock.pendingCount, 0)
    h.assertConsistent()
  }

  func testProgrammaticCallsDuringADragAreErrors() throws {
    let h = try Harness(count: 10)
    try h.deck.dragBegin()
    XCTAssertThrowsSwipeDeckError(.dragInProgress) {
      try h.deck.swipe(.left)
    }
    XCTAssertThrowsSwipeDeckError(.dragInProgress) { try h.deck.like() }
    XCTAssertThrowsSwipeDeckError(.dragInProgress) {
      _ = try h.deck.undo()
    }
    XCTAssertThrowsSwipeDeckError(.dragAlreadyInProgress) {
      try h.deck.dragBegin()
    }
    // From inside did_drag it is the same error, surfacing through drag_move.
    h.rec.hooks["did_drag"] = { [unowned h] in try h.deck.nope() }
    XCTAssertThrowsSwipeDeckError(.dragInProgress) {
      try h.deck.dragMove(dx: 5, dy: 0)
    }
    XCTAssertEqual(h.deck.state, .dragging)
    XCTAssertPoint(h.deck.top!.center, 145, 190)
    h.rec.hooks = [:]
    XCTAssertEqual(try h.deck.dragEnd(), .cancel)
    h.assertConsistent()
  }

  func testGesturesFromInsideACallbackAreErrors() throws {
    let h = try Harness(count: 10)
    h.rec.hooks["did_remove"] = { [unowned h] in try h.deck.dragBegin() }
    try h.deck.swipe(.right)
    XCTAssertThrowsSwipeDeckError(.gestureInsideCallback) {
      try h.clock.settle()
    }
    XCTAssertEqual(h.deck.state, .idle)
    XCTAssertEqual(h.deck.index, 1)
    h.assertConsistent()
  }

  func testReloadCancelsADrag() throws {
    let h = try Harness(count: 10)
    try h.deck.dragBegin()
    try h.deck.dragMove(dx: 50, dy: 0)
    try h.deck.reload(keepPosition: true)
    XCTAssertEqual(h.deck.state, .idle)
    XCTAssertPoint(h.deck.top!.center, 140, 190)
    XCTAssertThrowsSwipeDeckError(.noDragInProgress) {
      try h.deck.dragMove(dx: 60, dy: 0)
    }
    XCTAssertThrowsSwipeDeckError(.noDragInProgress) {
      _ = try h.deck.dragEnd()
    }
    XCTAssertEqual(try h.deck.pan(dx: 200, dy: 0), .right)
  }

  func testReloadCompletesARunningFlyOffAndCancelsTheQueue() throws {
    let h = try Harness(count: 10)
    try h.deck.swipe(.right)
    try h.deck.like()
    try h.deck.reload(keepPosition: true)
    XCTAssertEqual(h.deck.state, .idle)
    XCTAssertEqual(h.rec.log.suffix(2), ["did_swipe_right(0)", "did_remove(0, \"right\")"])  // did_swipe is kept
    XCTAssertEqual(h.deck.index, 1)
    XCTAssertEqual(h.deck.history, [SwipeHistoryEntry(index: 0, direction: .right)])
    XCTAssertEqual(h.deck.queuedCount, 0)  // the queued like never started: it is dropped
    XCTAssertEqual(h.clock.pendingCount, 0)
    h.rec.log.removeAll()
    try h.clock.settle()
    XCTAssertEqual(h.rec.log, [])
    h.assertConsistent()
  }

  func testReloadFromInsideADelegateCallbackTakesOver() throws {
    let h = try Harness(count: 10)
    h.rec.hooks["did_swipe_right"] = { [unowned h] in try h.deck.reload(keepPosition: true) }
    try h.deck.swipe(.right)
    try h.clock.settle()
    XCTAssertEqual(h.rec.log.last, "did_remove(0, \"right\")")  // the reload completed the removal first
    XCTAssertEqual(h.deck.index, 1)
    XCTAssertEqual(h.deck.state, .idle)
    h.assertConsistent()
  }

  func testReloadFromInsideADataSourceCallbackIsAnError() throws {
    let h = try Harness(count: 10)
    h.src.onCard = { [unowned h] _ in try h.deck.reload() }
    try h.deck.swipe(.right)
    XCTAssertThrowsSwipeDeckError(.reloadInsideSourceCallback) {
      try h.clock.settle()
    }
    XCTAssertEqual(h.indices, [1, 2, 3, 4])  // the card left; the next could not enter
    h.assertConsistent()
    h.src.onCard = nil
    try h.deck.swipe(.right)
    try h.clock.settle()
    XCTAssertEqual(h.indices, [2, 3, 4, 5, 6])  // refilled
    h.assertConsistent()
  }
}

/// The less common corners of the queueing rules.
final class SwipeDeckQueueCornerTests: XCTestCase {
  func testQueuedSwipeOnAnEmptyDeckIsDropped() throws {
    var c = SwipeDeckConfig.tantan
    c.cyclic = false
    let h = try Harness(count: 1, config: c)
    h.rec.hooks["did_run_out"] = { [unowned h] in try h.deck.like() }
    try h.deck.swipe(.left)
    XCTAssertNoThrow(try h.clock.settle())
    XCTAssertEqual(h.deck.state, .empty)
    XCTAssertEqual(h.deck.queuedCount, 0)
    XCTAssertEqual(h.rec.log.last, "did_run_out()")
  }

  func testUndoFromInsideACallbackIsQueued() throws {
    let h = try Harness(count: 10)
    var once = true
    h.rec.hooks["did_remove"] = { [unowned h] in
      guard once else { return }
      once = false
      XCTAssertNil(try h.deck.undo())
    }
    try h.deck.swipe(.right)
    try h.clock.advance(by: 0.3)
    XCTAssertEqual(h.rec.log.suffix(2), ["did_remove(0, \"right\")", "did_rewind(0)"])
    XCTAssertEqual(h.deck.state, .animating)  // rewinding
    try h.clock.settle()
    XCTAssertEqual(h.indices, [0, 1, 2, 3, 4])
  }

  func testDragDuringARewindOrSnapBackFinishesItAtOnce() throws {
    let h = try Harness(count: 10)
    try h.deck.swipe(.left)
    try h.clock.settle()
    _ = try h.deck.undo()
    try h.deck.dragBegin()
    XCTAssertEqual(h.deck.index, 0)
    XCTAssertEqual(h.deck.state, .dragging)
    XCTAssertPoint(h.deck.top!.center, 140, 190)
    XCTAssertEqual(try h.deck.dragEnd(), .cancel)
    try h.deck.dragBegin()
    XCTAssertEqual(h.clock.pendingCount, 0)
    XCTAssertEqual(h.rec.log.suffix(2), ["did_cancel(0)", "will_swipe(0)"])
    h.assertConsistent()
  }

  func testDidDragReportsVerticalDirectionsWhenListed() throws {
    var c = SwipeDeckConfig.tantan
    c.directions = [.left, .right, .up]
    let h = try Harness(count: 10, config: c)
    try h.deck.dragBegin()
    try h.deck.dragMove(dx: 10, dy: -60)
    try h.deck.dragMove(dx: -30, dy: 0)
    XCTAssertEqual(h.rec.log.suffix(2), ["did_drag(0, \"up\", 0.5)", "did_drag(0, \"left\", 0.25)"])
  }
}
