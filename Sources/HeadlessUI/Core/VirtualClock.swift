/// Deterministic time for headless components: nothing happens until someone advances the clock.
///
/// Timers fire in order of due time, then of scheduling; each sees `now` equal to its due time.
/// A timer's action may throw (a delegate error): the clock stops at that timer, keeps the rest
/// pending, and rethrows, so the caller of `advance` or `settle` sees the error.
public final class VirtualClock {
  public struct TimerID: Hashable, Sendable {
    public let raw: UInt64
  }

  public struct SettleLimitExceeded: Error, CustomStringConvertible {
    public let fired: Int
    public var description: String { "settle: timers still pending after \(fired) fired (a timer that keeps rescheduling itself?)" }
  }

  public struct InvalidDuration: Error, CustomStringConvertible {
    public let value: Double
    public var description: String { "invalid duration \(value) (expected a finite number >= 0)" }
  }

  private struct Entry {
    let id: UInt64
    let due: Double
    let action: () throws -> Void
  }

  public private(set) var now: Double = 0
  private var entries: [Entry] = []  // sorted by (due, id); short in practice
  private var nextID: UInt64 = 1

  /// Fired timers limit for `settle()`; a repeating timer cannot hang the host.
  public var settleLimit = 1_000_000

  public init() {}

  public var pendingCount: Int { entries.count }
  public var nextDue: Double? { entries.first?.due }

  /// Schedules `action` at `now + delay`. The delay must be finite and >= 0.
  @discardableResult
  public func schedule(after delay: Double, _ action: @escaping () throws -> Void) throws -> TimerID {
    guard delay.isFinite, delay >= 0 else { throw InvalidDuration(value: delay) }
    let entry = Entry(id: nextID, due: now + delay, action: action)
    nextID += 1
    // Insert after every entry due at or before this one, so equal times keep scheduling order.
    var lo = 0
    var hi = entries.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if entries[mid].due <= entry.due { lo = mid + 1 } else { hi = mid }
    }
    entries.insert(entry, at: lo)
    return TimerID(raw: entry.id)
  }

  @discardableResult
  public func cancel(_ id: TimerID) -> Bool {
    guard let i = entries.firstIndex(where: { $0.id == id.raw }) else { return false }
    entries.remove(at: i)
    return true
  }

  public func isPending(_ id: TimerID) -> Bool { entries.contains { $0.id == id.raw } }

  /// Advances by `seconds`, firing every timer due on the way (including ones scheduled meanwhile).
  public func advance(by seconds: Double) throws {
    guard seconds.isFinite, seconds >= 0 else { throw InvalidDuration(value: seconds) }
    let target = now + seconds
    while let first = entries.first, first.due <= target {
      entries.removeFirst()
      now = max(now, first.due)
      try first.action()
    }
    now = target
  }

  /// Runs until no timer is pending; returns the number fired.
  @discardableResult
  public func settle() throws -> Int {
    var fired = 0
    while let first = entries.first {
      if fired >= settleLimit { throw SettleLimitExceeded(fired: fired) }
      entries.removeFirst()
      now = max(now, first.due)
      fired += 1
      try first.action()
    }
    return fired
  }
}
