import XCTest

@testable import HeadlessUI

/// The clock's refusals are Swift facts (times, counts); the Lua binding words them.
final class VirtualClockFailureTests: XCTestCase {
  func testFailuresCarryTheirFacts() throws {
    let clock = VirtualClock()
    XCTAssertThrowsError(try clock.advance(by: 2e9)) { e in
      XCTAssertEqual(e as? VirtualClock.Failure, .timeOutOfRange(time: 2e9, max: VirtualClock.maxTime))
    }
    _ = try clock.schedule(after: 1.5e9) {}
    XCTAssertThrowsError(try clock.settle()) { e in
      XCTAssertEqual(e as? VirtualClock.Failure, .nextTimerOutOfRange(due: 1.5e9, max: VirtualClock.maxTime))
    }
    let looping = VirtualClock()
    looping.settleLimit = 10
    func again() { _ = try? looping.schedule(after: 0) { again() } }
    again()
    XCTAssertThrowsError(try looping.advance(by: 0)) { e in
      XCTAssertEqual(e as? VirtualClock.Failure, .tooManyTimers(fired: 10))
    }
  }
}
