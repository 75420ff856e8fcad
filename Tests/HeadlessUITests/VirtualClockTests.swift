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
