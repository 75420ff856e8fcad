import XCTest

@testable import HeadlessUI

final class SwipeDeckLayoutTests: XCTestCase {
  func frames(_ h: Harness) -> [Rect] { h.deck.cards.map(\.frame) }

  func testDefaultLayoutWithContainerSizedCards() throws {
    let h = try Harness(count: 10)
    // (W - w - (n-1)|ox|)/2 = (300 - 300 - 20)/2 = -10; depth i at -10 + 5i.
    XCTAssertEqual(frames(h), (0..<5).map { Rect(x: -10 + 5 * Double($0), y: -10 + 5 * Double($0), w: 300, h: 400) })
    XCTAssertEqual(h.deck.cards.map(\.depth), [0, 1, 2, 3, 4])
    XCTAssertEqual(h.indices, [0, 1, 2, 3, 4])
    XCTAssertEqual(h.deck.state, .idle)
    XCTAssertEqual(h.deck.top?.rotation, 0)
    XCTAssertEqual(h.deck.top?.scale, 1)
    XCTAssertEqual(h.deck.top?.alpha, 1)
  }

  func testLayoutWithCardSizeAndNegativeOffsets() throws {
    var c = SwipeDeckConfig.tantan
    c.cardSize = Size(w: 200, h: 300)
    c.offset = Point(x: -5, y: 8)
    let h = try Harness(count: 10, config: c)
    // x: (300-200-4*5)/2 = 40, shifted by 4*5 because ox < 0 -> 60, then -5 per depth.
    // y: (400-300-4*8)/2 = 34, +8 per depth.
    XCTAssertEqual(frames(h), (0..<5).map { Rect(x: 60 - 5 * Double($0), y: 34 + 8 * Double($0), w: 200, h: 300) })
    c.offset = Point(x: 6, y: -4)
    let h2 = try Harness(count: 10, config: c)
    // x: (300-200-24)/2 = 38 (+6i); y: (400-300-16)/2 = 42, +16 -> 58 (-4i).
    XCTAssertEqual(frames(h2), (0..<5).map { Rect(x: 38 + 6 * Double($0), y: 58 - 4 * Double($0), w: 200, h: 300) })
    XCTAssertPoint(h2.deck.top!.center, 138, 208)
  }

  func testVisibleIsMinOfVisibleAndCount() throws {
    let h = try Harness(count: 3)
    XCTAssertEqual(h.deck.visibleCount, 3)
    // n = 3: (300-300-2*5)/2 = -5.
    XCTAssertEqual(frames(h), (0..<3).map { Rect(x: -5 + 5 * Double($0), y: -5 + 5 * Double($0), w: 300, h: 400) })
  }

  func testRunningOutKeepsTheLayoutOfN() throws {
    var c = SwipeDeckConfig.tantan
    c.cyclic = false
    let h = try Harness(count: 6, config: c)
    for _ in 0..<3 {
      try h.deck.swipe(.left)
      try h.clock.settle()
    }
    XCTAssertEqual(h.indices, [3, 4, 5])
    // Still laid out for n = 5, not for the 3 cards left.
    XCTAssertEqual(frames(h), (0..<3).map { Rect(x: -10 + 5 * Double($0), y: -10 + 5 * Double($0), w: 300, h: 400) })
  }

  func testVisibleIsNotLostAfterReloadWithFewerItems() throws {
    let h = try Harness(count: 10)
    h.src.count = 2
    try h.deck.reload()
    XCTAssertEqual(h.indices, [0, 1])
    XCTAssertEqual(h.deck.config.visible, 5)
    h.src.count = 8
    try h.deck.reload()
    XCTAssertEqual(h.indices, [0, 1, 2, 3, 4])
    h.assertConsistent()
  }

  func testFrameIsUntransformedAndFollowsTheCentre() throws {
    let h = try Harness(count: 10)
    try h.deck.dragBegin()
    try h.deck.dragMove(dx: 40, dy: -10)
    let top = h.deck.top!
    XCTAssertEqual(top.frame, Rect(x: 30, y: -20, w: 300, h: 400))
    XCTAssertPoint(top.center, 180, 180)
    XCTAssertEqual(h.deck.cards[1].frame, Rect(x: -5, y: -5, w: 300, h: 400))
  }

  func testTinderStackingByInset() throws {
    let h = try Harness(count: 10, config: .tinder)
    XCTAssertEqual(h.indices, [0, 1, 2])
    XCTAssertEqual(
      frames(h),
      [
        Rect(x: 0, y: 0, w: 300, h: 400), Rect(x: 10, y: 10, w: 280, h: 400), Rect(x: 20, y: 20, w: 260, h: 400),
      ])
    XCTAssertFalse(h.deck.config.cyclic)
  }
}
