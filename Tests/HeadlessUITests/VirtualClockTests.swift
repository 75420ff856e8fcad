import Foundation
import XCTest

@testable import HeadlessUI

final class VirtualClockTests: XCTestCase {
  func testTimersFireInDueOrderThenSchedulingOrder() throws {
    let clock = VirtualClock()
    var log: [String] = []
    try clock.schedule(after: 0.5) { log.append("b@\(clock.now)") }
    try clock.schedule(after: 0.2) { log.append("a@\(clock.now)") }
    try clock.schedule(after: 0.5) { log.append("c@\(clock.now)") }
    try clock.advance(by: 1)
    XCTAssertEqual(log, ["a@0.2", "b@0.5", "c@0.5"])
    XCTAssertEqual(clock.now, 1)
  }

  /// What is still pending says what each timer is: owners describe theirs (a deck its
  /// animation), a labelled timer keeps its label and detail until it fires, is cancelled or the
  /// clock is reset; an owner that went no longer describes anything.
  func testPendingTimersSayWhatEachIs() throws {
    let clock = VirtualClock()
    let detail = NSObject()
    try clock.schedule(after: 2) {}
    let labelled = try clock.schedule(after: 1, label: "tantan.after timer", detail: detail) {}
    var deck: SwipeDeck<Int>? = try SwipeDeck(models: [1, 2, 3], clock: clock)
    try deck?.like()
    var pending = clock.pendingTimers
    XCTAssertEqual(pending.map(\.label), ["SwipeDeck fly-off animation", "tantan.after timer", "timer"])
    XCTAssertEqual(pending.map(\.due), [SwipeDeckConfig.tantan.durations.swipe, 1, 2])
    XCTAssertTrue(pending[1].detail === detail)
    deck = nil  // its deinit cancels the animation and takes its describer away
    XCTAssertEqual(clock.pendingTimers.map(\.label), ["tantan.after timer", "timer"])
    XCTAssertTrue(clock.cancel(labelled))
    try clock.schedule(after: 3) {}
    pending = clock.pendingTimers
    XCTAssertEqual(pending.map(\.label), ["timer", "timer"], "the cancelled timer's label went with it")
    try clock.schedule(after: 1, label: "fires", detail: nil) {}
    try clock.advance(by: 1.5)
    XCTAssertEqual(clock.pendingTimers.map(\.label), ["timer", "timer"])
    try clock.schedule(after: 1, label: "reset", detail: nil) {}
    clock.reset()
    XCTAssertTrue(clock.pendingTimers.isEmpty)
    XCTAssertEqual(clock.pendingCount, 0)
  }

  func testThrowingTimerStopsAtItsTimeAndKeepsTheRest() throws {
    struct Boom: Error {}
    let clock = VirtualClock()
    var fired = false
    try clock.schedule(after: 0.1) { throw Boom() }
    try clock.schedule(after: 0.2) { fired = true }
    XCTAssertThrowsError(try clock.advance(by: 1))
    XCTAssertEqual(clock.now, 0.1)
    XCTAssertFalse(fired)
    XCTAssertEqual(try clock.settle(), 1)
    XCTAssertTrue(fired)
  }

  /// A timer that advances the clock itself (tantan.render.frames from a callback) moves time
  /// past the outer advance's target; the outer advance must not take time back.
  func testTimeNeverGoesBackWhenATimerAdvancesTheClock() throws {
    let clock = VirtualClock()
    var seen: [Double] = []
    try clock.schedule(after: 0.1) { try clock.advance(by: 1) }
    try clock.schedule(after: 0.3) { seen.append(clock.now) }
    try clock.advance(by: 0.5)
    XCTAssertEqual(seen, [0.3], "the inner advance fired the later timer at its due time")
    XCTAssertEqual(clock.now, 1.1)
  }

  func testSettleIsBoundedAndRejectsBadDurations() throws {
    let clock = VirtualClock()
    clock.settleLimit = 10
    func again() { _ = try? clock.schedule(after: 1, again) }
    again()
    XCTAssertThrowsError(try clock.settle())
    XCTAssertThrowsError(try clock.advance(by: .nan))
    XCTAssertThrowsError(try clock.advance(by: -1))
    XCTAssertThrowsError(try clock.schedule(after: .infinity) {})
  }

  func testCancel() throws {
    let clock = VirtualClock()
    var fired = false
    let id = try clock.schedule(after: 1) { fired = true }
    XCTAssertTrue(clock.cancel(id))
    XCTAssertFalse(clock.cancel(id))
    try clock.settle()
    XCTAssertFalse(fired)
  }
}

final class VirtualClockHeapTests: XCTestCase {
  /// Many timers in random order fire sorted by (due, scheduling order); cancelled ones never fire.
  func testRandomSchedulesFireInOrderAndCancelledNeverFire() throws {
    var rng = SystemRandomNumberGenerator()
    let clock = VirtualClock()
    var expected: [(Double, Int)] = []
    var fired: [Int] = []
    var ids: [VirtualClock.TimerID] = []
    for i in 0..<2000 {
      let due = Double(Int.random(in: 0..<50, using: &rng)) / 10
      ids.append(try clock.schedule(after: due) { fired.append(i) })
      expected.append((due, i))
    }
    var cancelled = Set<Int>()
    for i in stride(from: 0, to: 2000, by: 3) { XCTAssertTrue(clock.cancel(ids[i])); cancelled.insert(i) }
    XCTAssertEqual(clock.pendingCount, 2000 - cancelled.count)
    try clock.settle()
    let want = expected.filter { !cancelled.contains($0.1) }.sorted { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
      .map(\.1)
    XCTAssertEqual(fired, want)
    XCTAssertEqual(clock.pendingCount, 0)
    XCTAssertNil(clock.nextDue)
  }

  func testTimersScheduledWhileFiringRunInTheSameAdvanceWhenDue() throws {
    let clock = VirtualClock()
    var log: [String] = []
    try clock.schedule(after: 0.1) {
      log.append("a")
      _ = try? clock.schedule(after: 0.1) { log.append("b@\(clock.now)") }
      _ = try? clock.schedule(after: 5) { log.append("late") }
    }
    try clock.advance(by: 1)
    XCTAssertEqual(log, ["a", "b@0.2"])
    XCTAssertEqual(clock.pendingCount, 1)
  }
}
