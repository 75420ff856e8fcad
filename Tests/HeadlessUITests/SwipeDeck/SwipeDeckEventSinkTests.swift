import XCTest

@testable import HeadlessUI

/// A Swift embedder's view of the deck's delegate: every event as a typed value through one
/// `handle(_:)`, the answer read for `shouldSwipe` only.
final class SwipeDeckEventSinkTests: XCTestCase {
  final class Collector: SwipeDeckDelegate {
    var events: [SwipeDeckEvent] = []
    var answer = true
    func handle(_ event: SwipeDeckEvent) throws -> Bool {
      events.append(event)
      return answer
    }
  }

  func testEveryEventReachesOneHandleAsATypedValue() throws {
    let clock = VirtualClock()
    let deck = try SwipeDeck(models: ["a", "b", "c"], clock: clock)
    let collector = Collector()
    deck.delegate = collector
    try deck.like()
    _ = try clock.settle()
    XCTAssertEqual(
      collector.events,
      [
        .willSwipe(index: 0), .shouldSwipe(index: 0, direction: .right), .didSwipe(index: 0, direction: .right),
        .didFinishSwipe(index: 0, direction: .right), .didRemove(index: 0, direction: .right),
      ])
  }

  func testTheAnswerToShouldSwipeVetoesAndNotificationsIgnoreIt() throws {
    let clock = VirtualClock()
    let deck = try SwipeDeck(models: ["a", "b", "c"], clock: clock)
    let collector = Collector()
    collector.answer = false
    deck.delegate = collector
    try deck.like()
    _ = try clock.settle()
    XCTAssertEqual(
      collector.events, [.willSwipe(index: 0), .shouldSwipe(index: 0, direction: .right), .didCancel(index: 0)])
    XCTAssertEqual(deck.index, 0)
  }
}
