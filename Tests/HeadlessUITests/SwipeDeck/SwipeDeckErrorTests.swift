import XCTest

@testable import HeadlessUI

/// Errors from callbacks, bad arguments and bad configs: the deck stays consistent and usable.
final class SwipeDeckErrorTests: XCTestCase {
  func testDelegateErrorInDidSwipeReachesTheCallerAndTheSwipeGoesOn() throws {
    let h = try Harness(count: 10)
    h.rec.throwOn = ["did_swipe"]
    XCTAssertThrowsError(try h.deck.swipe(.right)) { XCTAssertEqual($0 as? Boom, Boom(name: "did_swipe")) }
    XCTAssertEqual(h.deck.state, .animating)
    h.rec.throwOn = []
    try h.clock.settle()
    XCTAssertEqual(h.deck.index, 1)
    h.assertConsistent()
  }

  func testDelegateErrorInATimerReachesSettleAfterTheRemovalAndDropsTheQueue() throws {
    var c = SwipeDeckConfig.tantan
    c.cyclic = false
    let h = try Harness(count: 2, config: c)
    h.rec.throwOn = ["did_swipe_right"]
    try h.deck.swipe(.right)
    try h.deck.like()  // queued
    XCTAssertThrowsError(try h.clock.settle()) { XCTAssertEqual($0 as? Boom, Boom(name: "did_swipe_right")) }
    XCTAssertEqual(h.deck.index, 1)  // removed and refilled anyway
    XCTAssertEqual(h.deck.queuedCount, 0)
    XCTAssertFalse(h.rec.log.contains("did_remove(0, \"right\")"))  // later callbacks of that step are skipped
    h.rec.throwOn = ["did_remove"]
    try h.deck.like()
    XCTAssertThrowsError(try h.clock.settle())
    XCTAssertEqual(h.deck.state, .empty)  // ran out, consistent, did_run_out skipped after the error
    XCTAssertFalse(h.rec.log.contains("did_run_out()"))
    h.rec.throwOn = []
    XCTAssertEqual(try h.deck.undo(), 1)
    h.assertConsistent()
  }

  func testWillSwipeErrorAbandonsTheDrag() throws {
    let h = try Harness(count: 10)
    h.rec.throwOn = ["will_swipe"]
    XCTAssertThrowsError(try h.deck.dragBegin())
    XCTAssertEqual(h.deck.state, .idle)
    XCTAssertThrowsError(try h.deck.pan(dx: 200, dy: 0))
    XCTAssertEqual(h.deck.state, .idle)
    h.rec.throwOn = []
    XCTAssertEqual(try h.deck.pan(dx: 200, dy: 0), .right)
  }

  func testShouldSwipeErrorIsAVetoAndSkipsDidCancel() throws {
    let h = try Harness(count: 10)
    h.rec.throwOn = ["should_swipe"]
    try h.deck.dragBegin()
    try h.deck.dragMove(dx: 200, dy: 0)
    XCTAssertThrowsError(try h.deck.dragEnd()) { XCTAssertEqual($0 as? Boom, Boom(name: "should_swipe")) }
    XCTAssertEqual(h.rec.log.last, "should_swipe(0, \"right\")")
    XCTAssertEqual(h.deck.state, .animating)  // snapping back
    try h.clock.settle()
    XCTAssertEqual(h.deck.state, .idle)
    XCTAssertEqual(h.deck.index, 0)
  }

  func testDidDragErrorKeepsTheDrag() throws {
    let h = try Harness(count: 10)
    h.rec.throwOn = ["did_drag"]
    try h.deck.dragBegin()
    XCTAssertThrowsError(try h.deck.dragMove(dx: 30, dy: 0))
    XCTAssertEqual(h.deck.state, .dragging)
    XCTAssertThrowsError(try h.deck.pan(dx: 1, dy: 1)) {
      XCTAssertEqual($0 as? SwipeDeckError, .dragAlreadyInProgress)
    }
    h.rec.throwOn = []
    XCTAssertEqual(try h.deck.dragEnd(), .cancel)
  }

  func testDataSourceCardErrorLeavesAShortStackThatRefills() throws {
    let h = try Harness(count: 10)
    h.src.failCardAt = 5
    try h.deck.swipe(.right)
    XCTAssertThrowsError(try h.clock.settle()) { XCTAssertEqual($0 as? Boom, Boom(name: "card")) }
    XCTAssertEqual(h.indices, [1, 2, 3, 4])
    XCTAssertEqual(h.deck.state, .idle)
    h.assertConsistent()
    h.src.failCardAt = nil
    try h.deck.swipe(.right)
    try h.clock.settle()
    XCTAssertEqual(h.indices, [2, 3, 4, 5, 6])
    h.assertConsistent()
  }

  func testDataSourceCountErrorsAtReloadLeaveTheDeckAsItWas() throws {
    let h = try Harness(count: 10)
    try h.deck.swipe(.right)
    try h.clock.settle()
    h.src.failCount = Boom(name: "count")
    XCTAssertThrowsError(try h.deck.reload()) { XCTAssertEqual($0 as? Boom, Boom(name: "count")) }
    XCTAssertEqual(h.indices, [1, 2, 3, 4, 5])
    h.src.failCount = nil
    h.src.count = -1
    XCTAssertThrowsError(try h.deck.reload()) {
      XCTAssertEqual($0 as? SwipeDeckError, .countOutOfRange(-1, range: 0...9_007_199_254_740_992))
    }
    h.src.count = 1 << 60
    XCTAssertThrowsError(try h.deck.reload())
    XCTAssertEqual(h.deck.count, 10)
    h.assertConsistent()
    h.src.count = 10
    try h.deck.reload(keepPosition: true)
    XCTAssertEqual(h.deck.index, 1)
  }

  func testFailingReloadInTheMiddleOfADragLeavesTheDeckAtRest() throws {
    let h = try Harness(count: 10)
    try h.deck.dragBegin()
    try h.deck.dragMove(dx: 90, dy: 0)
    h.src.failCount = Boom(name: "count")
    XCTAssertThrowsError(try h.deck.reload(keepPosition: true))
    XCTAssertEqual(h.deck.state, .idle)
    XCTAssertPoint(h.deck.top!.center, 140, 190)
    h.assertConsistent()
    h.src.failCount = nil
    XCTAssertEqual(try h.deck.pan(dx: -150, dy: 0), .left)
  }

  func testDeckGoneMidAnimationLeavesNoTimer() throws {
    let clock = VirtualClock()
    var deck: SwipeDeck<Int>? = try SwipeDeck(models: [1, 2, 3], clock: clock)
    try deck?.swipe(.left)
    XCTAssertEqual(clock.pendingCount, 1)
    deck = nil
    XCTAssertEqual(clock.pendingCount, 0)
  }

  func testConstructionFailsOnABadSource() {
    let clock = VirtualClock()
    let src = TestSource(count: -3)
    XCTAssertThrowsError(try SwipeDeck(source: src.source, clock: clock))
    src.count = 10
    src.failCardAt = 2
    XCTAssertThrowsError(try SwipeDeck(source: src.source, clock: clock)) {
      XCTAssertEqual($0 as? Boom, Boom(name: "card"))
    }
  }

  func testBadArguments() throws {
    let h = try Harness(count: 10)
    XCTAssertThrowsSwipeDeckError(.notFinite(.dx, .nan)) {
      _ = try h.deck.pan(dx: .nan, dy: 1)
    }
    XCTAssertThrowsSwipeDeckError(.stepsOutOfRange(0, range: 1...100_000)) {
      _ = try h.deck.pan(dx: 1, dy: 1, steps: 0)
    }
    XCTAssertThrowsSwipeDeckError(.notFinite(.velocity, .infinity)) {
      _ = try h.deck.pan(dx: 1, dy: 1, velocity: Point(x: .infinity, y: 0))
    }
    try h.deck.dragBegin()
    XCTAssertThrowsSwipeDeckError(.notFinite(.dx, .nan)) {
      try h.deck.dragMove(dx: .nan, dy: 0)
    }
    XCTAssertThrowsSwipeDeckError(.notFinite(.dy, -.infinity)) {
      try h.deck.dragMove(dx: 0, dy: -.infinity)
    }
    XCTAssertThrowsSwipeDeckError(.notFinite(.vx, .nan)) {
      _ = try h.deck.dragEnd(vx: .nan)
    }
    XCTAssertEqual(h.deck.state, .dragging)
    h.assertConsistent()
  }

  func testConfigValidation() {
    func rejects(
      _ field: SwipeDeckConfig.Field, _ problem: SwipeDeckConfig.Problem, _ change: (inout SwipeDeckConfig) -> Void,
      base: SwipeDeckConfig = .tantan, line: UInt = #line
    ) {
      var c = base
      change(&c)
      XCTAssertThrowsSwipeDeckError(.invalidConfig(field: field, problem: problem), line: line) { try c.validate() }
    }
    rejects(.visible, .outOfRange(0, range: 1...1000)) { $0.visible = 0 }
    rejects(.width, .notFinite(.nan)) { $0.width = .nan }
    rejects(.height, .notPositive(-1)) { $0.height = -1 }
    rejects(.cardWidth, .notPositive(-20)) { $0.cardSize = Size(w: -20, h: 10) }
    rejects(.offsetX, .notFinite(.infinity)) { $0.offset.x = .infinity }
    rejects(.threshold, .negative(-1)) { $0.threshold = -1 }
    rejects(.scaleMin, .greaterThanOne(2)) { $0.scaleMin = 2 }
    rejects(.directions, .empty) { $0.directions = [] }
    rejects(.swipeDuration, .negative(-0.5)) { $0.durations.swipe = -0.5 }
    rejects(.velocityThreshold, .notPositive(0)) { $0.velocityThreshold = 0 }
    rejects(.bounds, .unordered) { $0.bounds.left = 500 }
    rejects(.insetX, .noWidthAtDepth(2, width: 300), { $0.inset.x = 75 }, base: .tinder)
    XCTAssertNoThrow(try SwipeDeckConfig.tantan.validate())
    XCTAssertNoThrow(try SwipeDeckConfig.tinder.validate())
    XCTAssertThrowsError(
      try SwipeDeck(
        config: {
          var c = SwipeDeckConfig.tantan
          c.visible = -2
          return c
        }(), models: [1], clock: VirtualClock()))
  }

  func testPresetDefaults() {
    let t = SwipeDeckConfig.tantan
    XCTAssertEqual(
      [t.width, t.height, t.threshold, t.rotationStrength, t.rotationMax, t.scaleStrength, t.scaleMin, t.dismissX],
      [300, 400, 120, 320, 1, 4, 0.93, 500])
    XCTAssertEqual(t.visible, 5)
    XCTAssertEqual(t.offset, Point(x: 5, y: 5))
    XCTAssertEqual(t.rotationAngle, .pi / 8)
    XCTAssertTrue(t.cyclic)
    XCTAssertEqual(t.like, .right)
    XCTAssertEqual(t.directions, [.left, .right])
    XCTAssertEqual(t.durations, .init(swipe: 0.3, reset: 0.3, rewind: 0.3))
    XCTAssertNil(t.velocityThreshold)
    let r = SwipeDeckConfig.tinder
    XCTAssertEqual(r.preset, .tinder)
    XCTAssertEqual(r.visible, 3)
    XCTAssertFalse(r.cyclic)
    XCTAssertEqual(r.inset, Point(x: 10, y: 10))
    XCTAssertEqual(r.bounds.left, -65)
    XCTAssertEqual(r.bounds.right, 400)
    XCTAssertEqual(r.fly, Point(x: 200, y: 75))
    XCTAssertEqual(r.durations.swipe, 0.2)
    XCTAssertEqual(SwipeDeckConfig.preset(.tinder), r)
  }
}
