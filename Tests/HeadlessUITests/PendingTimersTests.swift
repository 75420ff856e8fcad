import XCTest

@testable import HeadlessUI

/// The clock's bit window of pending ids against a `Set`: random inserts (increasing ids, with
/// gaps) and removals of pending, fired and unknown ids, including long-lived ids that keep the
/// window wide and windows that empty completely.
final class PendingTimersTests: XCTestCase {
  func testMatchesASetUnderRandomOperations() {
    var rng = XorShift(seed: 0x2545_F491_4F6C_DD1D)
    for round in 0..<20 {
      var bits = PendingTimers()
      var set = Set<UInt64>()
      var next: UInt64 = 1
      for _ in 0..<5000 {
        switch rng.next() % 10 {
        case 0...3:
          next += rng.next() % (round % 2 == 0 ? 3 : 200)
          bits.insert(next)
          set.insert(next)
          next += 1
        case 4...7:
          // Mostly the oldest pending ids (timers fire in order), sometimes any id.
          let id = rng.next() % 4 == 0 ? rng.next() % (next + 70) : (set.min() ?? 0)
          XCTAssertEqual(bits.remove(id), set.remove(id) != nil, "remove \(id)")
        default:
          let id = rng.next() % (next + 70)
          XCTAssertEqual(bits.contains(id), set.contains(id), "contains \(id)")
        }
        XCTAssertEqual(bits.count, set.count)
      }
      for id in set { XCTAssertTrue(bits.contains(id)) }
      for id in set { XCTAssertTrue(bits.remove(id)) }
      XCTAssertEqual(bits.count, 0)
      XCTAssertFalse(bits.contains(next - 1))
      bits.insert(next + 1000)
      XCTAssertTrue(bits.contains(next + 1000))
      XCTAssertFalse(bits.contains(next + 999))
    }
  }

  /// xorshift64: deterministic, so a failure reproduces.
  private struct XorShift {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return state
    }
  }
}
