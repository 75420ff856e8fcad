import XCTest

@testable import HeadlessUI

final class SwipeDeckGestureTests: XCTestCase {
  func testRotationAndScaleClampBothWays() throws {
    let h = try Harness(count: 10)
    try h.deck.dragBegin()
    let cases: [(dx: Double, rotation: Double, scale: Double)] = [
      (80, 0.25 * .pi / 8, 0.9375),  // s = 80/320
      (160, 0.5 * .pi / 8, 0.93),  // 1 - 0.5/4 = 0.875, floored at scale_min
      (1000, .pi / 8, 0.93),  // s clamped at rotation_max
      (-1000, -.pi / 8, 0.93),  // the lower clamp the seed lacked
      (-80, -0.25 * .pi / 8, 0.9375),
    ]
    for c in cases {
      try h.deck.dragMove(dx: c.dx, dy: 7)
      let top = h.deck.top!
      XCTAssertEqual(top.rotation, c.rotation, accuracy: 1e-12, "dx \(c.dx)")
      XCTAssertEqual(top.scale, c.scale, accuracy: 1e-12, "dx \(c.dx)")
      XCTAssertPoint(top.center, 140 + c.dx, 197)  // rest centre (140, 190)
    }
    XCTAssertEqual(h.deck.state, .dragging)
  }

  func testDragMoveTakesTheTotalTranslation() throws {
    let h = try Harness(count: 10)
    try h.deck.dragBegin()
    try h.deck.dragMove(dx: 100, dy: 0)
    try h.deck.dragMove(dx: 100, dy: 0)
    XCTAssertPoint(h.deck.top!.center, 240, 190)
  }

  func testThresholdBoundaries() throws {
    let h = try Harness(count: 10)
    XCTAssertEqual(try h.deck.pan(dx: 120, dy: 0), .cancel)
    try h.clock.settle()
    XCTAssertEqual(try h.deck.pan(dx: -120, dy: 0), .cancel)
    try h.clock.settle()
    XCTAssertEqual(h.deck.index, 0)
    XCTAssertEqual(try h.deck.pan(dx: 121, dy: 0), .right)
    try h.clock.settle()
    XCTAssertEqual(try h.deck.pan(dx: -121, dy: 0), .left)
    try h.clock.settle()
    XCTAssertEqual(h.deck.index, 2)
    XCTAssertEqual(
      h.deck.history, [SwipeHistoryEntry(index: 0, direction: .right), SwipeHistoryEntry(index: 1, direction: .left)])
  }

  func testVelocityThreshold() throws {
    let off = try Harness(count: 10)
    XCTAssertEqual(try off.deck.pan(dx: 50, dy: 0, velocity: Point(x: 5000, y: 0)), .cancel)
    var c = SwipeDeckConfig.tantan
    c.velocityThreshold = 800
    let h = try Harness(count: 10, config: c)
    XCTAssertEqual(try h.deck.pan(dx: 50, dy: 0, velocity: Point(x: 800, y: 0)), .cancel)
    try h.clock.settle()
    XCTAssertEqual(try h.deck.pan(dx: 50, dy: 0, velocity: Point(x: 801, y: 0)), .right)
    try h.clock.settle()
    try h.deck.dragBegin()
    try h.deck.dragMove(dx: 10, dy: 0)
    XCTAssertEqual(try h.deck.dragEnd(vx: -900, vy: 100), .left)
    // A fling up is not a listed direction: it snaps back.
    try h.clock.settle()
    XCTAssertEqual(try h.deck.pan(dx: 0, dy: -10, velocity: Point(x: 0, y: -5000)), .cancel)
  }

  func testDirectionsNotListedSnapBack() throws {
    let h = try Harness(count: 10)
    XCTAssertEqual(try h.deck.pan(dx: 0, dy: -300), .cancel)
    try h.clock.settle()
    var c = SwipeDeckConfig.tantan
    c.directions = [.left, .up]
    let v = try Harness(count: 10, config: c)
    XCTAssertEqual(try v.deck.pan(dx: 300, dy: 0), .cancel)
    try v.clock.settle()
    XCTAssertEqual(try v.deck.pan(dx: 0, dy: 300), .cancel)
    try v.clock.settle()
    XCTAssertEqual(try v.deck.pan(dx: 20, dy: -121), .up)
    // up/down fly to y = -+dismiss_y, x = original x + 2 dx.
    try v.clock.advance(by: 0.3)
    XCTAssertEqual(v.deck.history.last, SwipeHistoryEntry(index: 0, direction: .up))
    XCTAssertThrowsSwipeDeckError(.directionNotAllowed(.right)) {
      try v.deck.swipe(.right)
    }
    XCTAssertThrowsSwipeDeckError(.directionNotAllowed(.right)) {
      try v.deck.like()
    }
  }

  func testUpFlyTarget() throws {
    var c = SwipeDeckConfig.tantan
    c.directions = [.up, .down]
    let h = try Harness(count: 10, config: c)
    XCTAssertEqual(try h.deck.pan(dx: 20, dy: -150), .up)
    try h.clock.advance(by: 0.3 - 1e-9)
    XCTAssertPoint(h.deck.top!.center, 180, -600, accuracy: 1e-3)
  }

  func testShouldSwipeVeto() throws {
    let h = try Harness(count: 10)
    h.rec.veto = true
    XCTAssertEqual(try h.deck.pan(dx: 200, dy: 0), .cancel)
    XCTAssertEqual(
      h.rec.take(), ["will_swipe(0)", "did_drag(0, \"right\", 1.0)", "should_swipe(0, \"right\")", "did_cancel(0)"])
    try h.clock.settle()
    try h.deck.swipe(.left)
    XCTAssertEqual(h.rec.take(), ["will_swipe(0)", "should_swipe(0, \"left\")", "did_cancel(0)"])
    XCTAssertEqual(h.deck.state, .idle)
    XCTAssertEqual(h.deck.index, 0)
    XCTAssertEqual(h.deck.history, [])
  }

  func testDragSwipeEventOrderAndFlyOff() throws {
    let h = try Harness(count: 10)
    try h.deck.dragBegin()
    try h.deck.dragMove(dx: 60, dy: 10)
    try h.deck.dragMove(dx: 130, dy: 20)
    XCTAssertEqual(try h.deck.dragEnd(), .right)
    XCTAssertEqual(h.deck.state, .animating)
    XCTAssertEqual(
      h.rec.take(),
      [
        "will_swipe(0)", "did_drag(0, \"right\", 0.5)", "did_drag(0, \"right\", 1.0)", "should_swipe(0, \"right\")",
        "did_swipe(0, \"right\")",
      ])
    // Fly from (270, 210) to (dismiss_x, 2*dy + original y) = (500, 230) in 0.3 s, transform kept.
    try h.clock.advance(by: 0.15)
    let top = h.deck.top!
    XCTAssertEqual(top.index, 0)
    XCTAssertPoint(top.center, 385, 220)
    XCTAssertEqual(top.rotation, 130.0 / 320 * .pi / 8, accuracy: 1e-12)
    XCTAssertEqual(top.scale, 0.93, accuracy: 1e-12)
    try h.clock.advance(by: 0.15)
    XCTAssertEqual(h.rec.take(), ["did_swipe_right(0)", "did_remove(0, \"right\")"])
    XCTAssertEqual(h.events.suffix(3), ["did_swipe_right(0)", "card(5, true)", "did_remove(0, \"right\")"])
    XCTAssertEqual(h.indices, [1, 2, 3, 4, 5])
    XCTAssertEqual(h.deck.state, .idle)
    XCTAssertPoint(h.deck.top!.center, 140, 190)  // the new top sits at depth 0's rest frame
  }

  func testProgrammaticSwipeEventOrder() throws {
    let h = try Harness(count: 10)
    try h.deck.swipe(.left)
    XCTAssertEqual(h.rec.take(), ["will_swipe(0)", "should_swipe(0, \"left\")", "did_swipe(0, \"left\")"])
    try h.clock.advance(by: 0.15)
    XCTAssertPoint(h.deck.top!.center, -180, 190)  // from rest (140, 190) toward (-500, 190)
    try h.clock.settle()
    XCTAssertEqual(h.rec.take(), ["did_swipe_left(0)", "did_remove(0, \"left\")"])
    try h.deck.like()
    try h.clock.settle()
    try h.deck.nope()
    try h.clock.settle()
    XCTAssertEqual(h.deck.history.map(\.direction), [.left, .right, .left])
  }

  func testCancelEventOrderAndSnapBack() throws {
    let h = try Harness(count: 10)
    try h.deck.dragBegin()
    try h.deck.dragMove(dx: 100, dy: 40)
    XCTAssertEqual(try h.deck.dragEnd(), .cancel)
    XCTAssertEqual(h.rec.take(), ["will_swipe(0)", "did_drag(0, \"right\", 0.83333333333333)", "did_cancel(0)"])
    XCTAssertEqual(h.deck.state, .animating)
    try h.clock.advance(by: 0.15)
    XCTAssertPoint(h.deck.top!.center, 190, 210)  // halfway from (240, 230) to (140, 190)
    try h.clock.settle()
    XCTAssertEqual(h.deck.state, .idle)
    XCTAssertEqual(h.deck.top!.rotation, 0)
    XCTAssertEqual(h.deck.top!.scale, 1)
    XCTAssertEqual(h.rec.take(), [])
  }

  func testPanSteps() throws {
    let h = try Harness(count: 10)
    XCTAssertEqual(try h.deck.pan(dx: -240, dy: 0, steps: 4), .left)
    XCTAssertEqual(
      h.rec.take(),
      [
        "will_swipe(0)", "did_drag(0, \"left\", 0.5)", "did_drag(0, \"left\", 1.0)", "did_drag(0, \"left\", 1.0)",
        "did_drag(0, \"left\", 1.0)", "should_swipe(0, \"left\")", "did_swipe(0, \"left\")",
      ])
  }

  func testTinderPreset() throws {
    let h = try Harness(count: 4, config: .tinder)
    try h.deck.dragBegin()
    try h.deck.dragMove(dx: 100, dy: 0)
    XCTAssertEqual(h.deck.top!.rotation, tan(100.0 / 600), accuracy: 1e-12)
    XCTAssertEqual(h.deck.top!.scale, 1)
    XCTAssertEqual(try h.deck.dragEnd(), .cancel)
    try h.clock.settle()
    // Right when the centre passes x > 400 (150 + 250 is not past it), left when it passes x < -65.
    XCTAssertEqual(try h.deck.pan(dx: 250, dy: 0), .cancel)
    try h.clock.settle()
    XCTAssertEqual(try h.deck.pan(dx: -215, dy: 0), .cancel)
    try h.clock.settle()
    XCTAssertEqual(try h.deck.pan(dx: 251, dy: 10), .right)
    // Fly by (200, 75) with alpha to 0 in 0.2 s.
    try h.clock.advance(by: 0.1)
    XCTAssertPoint(h.deck.top!.center, 501, 247.5)
    XCTAssertEqual(h.deck.top!.alpha, 0.5, accuracy: 1e-12)
    try h.clock.advance(by: 0.1)
    XCTAssertEqual(h.indices, [1, 2, 3])
    XCTAssertEqual(try h.deck.pan(dx: -216, dy: 0), .left)
    try h.clock.settle()
    XCTAssertEqual(h.indices, [2, 3])
    XCTAssertEqual(h.deck.restFrame(atDepth: 2), Rect(x: 20, y: 20, w: 260, h: 400))
  }
}
