/// Deterministic time for headless components: nothing happens until someone advances the clock.
///
/// Timers fire in order of due time, then of scheduling; each sees `now` equal to its due time.
/// A timer's action may throw (a delegate error): the clock stops at that timer, keeps the rest
/// pending, and rethrows, so the caller of `advance` or `settle` sees the error.
public final class VirtualClock {
  public struct TimerID: Hashable, Sendable {
    public let raw: UInt64
  }

  /// `advance` or `settle` fired `fireLimit` timers in one call: a timer that keeps rescheduling itself.
  /// What `advance` and `settle` refuse, as Swift facts; bindings word them.
  public enum Failure: Error, Equatable, Sendable {
    /// `advance` would take the time to `time`, past `max` (nothing fires then).
    case timeOutOfRange(time: Double, max: Double)
    /// `settle`: the next timer is due at `due`, past `max`.
    case nextTimerOutOfRange(due: Double, max: Double)
    /// One call fired `fired` timers (`settleLimit`) and more are still due.
    case tooManyTimers(fired: Int)
  }

  public struct InvalidDuration: Error, CustomStringConvertible {
    public let value: Double
    public var description: String { "invalid duration \(value) (expected a finite number >= 0)" }
  }

  private struct Entry {
    let id: UInt64
    let due: Double
    let action: () throws -> Void
    /// Heap order: earlier due time first, then earlier scheduling.
    func before(_ o: Entry) -> Bool { due < o.due || (due == o.due && id < o.id) }
  }

  public private(set) var now: Double = 0
  // A binary min-heap; cancelled entries stay in it until they surface (lazy deletion).
  private var heap: [Entry] = []
  private var pending = PendingTimers()
  private var nextID: UInt64 = 1

  /// Fired timers limit for one `advance(by:)` or `settle()` call; a repeating timer cannot hang the host.
  public var settleLimit = 1_000_000
  /// The latest time the clock reaches (about 31.7 years). Up to there a microsecond step still
  /// moves `now` (doubles are 1.2e-7 s apart at 1e9); far beyond, `now + tick == now` and a
  /// repeating timer (autoscroll) would fire at one instant for ever.
  public static let maxTime: Double = 1e9
  /// Called after every `advance(by:)` (the trace recorder draws the frames of a call that steps
  /// the clock itself, such as `tantan.render.frames`); nil unless a run is traced.
  public var didAdvance: (() -> Void)?
  /// Called after every `advance(by:)` (not `settle`), in registration order, before `didAdvance`:
  /// for components that show something between their timers (a deck's animation frames).
  private var advanceObservers: [(id: UInt64, action: () throws -> Void)] = []
  private var nextObserver: UInt64 = 0

  /// Adds an observer of `advance(by:)`; its error propagates from `advance` after the others ran.
  public func addAdvanceObserver(_ action: @escaping () throws -> Void) -> UInt64 {
    nextObserver += 1
    advanceObservers.append((nextObserver, action))
    return nextObserver
  }

  public func removeAdvanceObserver(_ id: UInt64) {
    advanceObservers.removeAll { $0.id == id }
  }

  public init() {}

  /// Says what an owner's pending timers are, for `pendingTimers` (the scenario runner names the
  /// timers and animations a scenario left): a deck its animation, a grid its autoscroll. Asked
  /// only then, so scheduling stays as cheap as without it.
  public typealias Describer = () -> [(timer: TimerID, label: String)]
  private var describers: [UInt64: Describer] = [:]
  private var nextDescriber: UInt64 = 0
  /// What some timers carry from when they were scheduled (`tantan.after`: its label and function).
  private var labels: [UInt64: (text: String, detail: AnyObject?)] = [:]

  /// Adds a describer; its owner removes it when it goes (`removeDescriber`).
  public func addDescriber(_ describe: @escaping Describer) -> UInt64 {
    nextDescriber += 1
    describers[nextDescriber] = describe
    return nextDescriber
  }

  public func removeDescriber(_ id: UInt64) { describers[id] = nil }

  /// The timers still pending, in the order they would fire, with what their owners or their
  /// scheduling said of them ("timer" otherwise).
  public var pendingTimers: [(due: Double, label: String, detail: AnyObject?)] {
    var said: [UInt64: String] = [:]
    for d in describers.values {
      for (timer, label) in d() { said[timer.raw] = label }
    }
    return heap.filter { pending.contains($0.id) }.sorted { $0.before($1) }.map { e in
      let l = labels[e.id]
      return (e.due, said[e.id] ?? l?.text ?? "timer", l?.detail)
    }
  }

  /// Forgets every pending timer and animation and starts time again at 0: each run of an
  /// explore starts from a clean clock, as a scenario does. Handles from before read as not pending.
  /// Not for use while the clock is firing (explore calls it between runs only).
  public func reset() {
    heap.removeAll()
    labels.removeAll()
    pending = PendingTimers(startingAt: nextID)
    now = 0
  }

  public var pendingCount: Int { pending.count }
  public var nextDue: Double? { dropCancelledTop(); return heap.first?.due }

  /// Schedules `action` at `now + delay`. The delay must be finite and >= 0.
  @discardableResult
  public func schedule(after delay: Double, _ action: @escaping () throws -> Void) throws -> TimerID {
    guard delay.isFinite, delay >= 0 else { throw InvalidDuration(value: delay) }
    let id = nextID
    nextID += 1
    pending.insert(id)
    heap.append(Entry(id: id, due: now + delay, action: action))  // built in place: one retain of `action`
    siftUp(heap.count - 1)
    return TimerID(raw: id)
  }

  /// `schedule`, with what the timer is while it is pending (`pendingTimers`): for timers that are
  /// nobody's to describe (`tantan.after`), at the cost of a table entry while they are pending.
  @discardableResult
  public func schedule(
    after delay: Double, label: String, detail: AnyObject?, _ action: @escaping () throws -> Void
  ) throws -> TimerID {
    let id = nextID  // the id `schedule` gives it: the label goes when it fires (or is cancelled)
    let timer = try schedule(after: delay) { [unowned self] in
      self.labels[id] = nil
      try action()
    }
    labels[timer.raw] = (label, detail)
    return timer
  }

  @discardableResult
  public func cancel(_ id: TimerID) -> Bool {
    guard pending.remove(id.raw) else { return false }
    if !labels.isEmpty { labels[id.raw] = nil }
    if heap.count > 64 && heap.count > 2 * pending.count { compact() }
    return true
  }

  public func isPending(_ id: TimerID) -> Bool { pending.contains(id.raw) }

  /// Removes and returns the earliest live entry due at or before `limit`.
  /// Reads the top's fields in place and moves it out (copying it would retain its action).
  private func popDue(upTo limit: Double) -> Entry? {
    dropCancelledTop()
    guard !heap.isEmpty, heap[0].due <= limit else { return nil }
    pending.remove(heap[0].id)
    var entry = heap.removeLast()
    if !heap.isEmpty {
      swap(&entry, &heap[0])
      siftDown(0)
    }
    return entry
  }

  private func dropCancelledTop() {
    while !heap.isEmpty, !pending.contains(heap[0].id) { removeTop() }
  }

  private func removeTop() {
    let last = heap.removeLast()
    guard !heap.isEmpty else { return }
    heap[0] = last
    siftDown(0)
  }

  private func siftUp(_ i: Int) {
    var i = i
    while i > 0 {
      let parent = (i - 1) / 2
      guard heap[i].before(heap[parent]) else { return }
      heap.swapAt(i, parent)
      i = parent
    }
  }

  private func siftDown(_ i: Int) {
    var i = i
    while true {
      let l = 2 * i + 1
      let r = l + 1
      var m = i
      if l < heap.count && heap[l].before(heap[m]) { m = l }
      if r < heap.count && heap[r].before(heap[m]) { m = r }
      if m == i { return }
      heap.swapAt(i, m)
      i = m
    }
  }

  /// Drops cancelled entries so many cancelled far-future timers cannot grow memory.
  private func compact() {
    heap.removeAll { !pending.contains($0.id) }
    for i in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(i) }
  }

  /// Advances by `seconds`, firing every timer due on the way (including ones scheduled meanwhile).
  /// Throws `Failure.timeOutOfRange` when the time would pass `maxTime` (nothing fires then).
  public func advance(by seconds: Double) throws {
    guard seconds.isFinite, seconds >= 0 else { throw InvalidDuration(value: seconds) }
    let target = now + seconds
    guard target <= Self.maxTime else { throw Failure.timeOutOfRange(time: target, max: Self.maxTime) }
    var fired = 0
    while let entry = popDue(upTo: target) {
      if fired >= settleLimit { throw Failure.tooManyTimers(fired: fired) }
      fired += 1
      now = max(now, entry.due)
      try entry.action()
    }
    // A timer may have advanced the clock itself, past `target`: time never goes back.
    now = max(now, target)
    var failure: (any Error)?
    for o in advanceObservers {
      do { try o.action() } catch { if failure == nil { failure = error } }
    }
    didAdvance?()
    if let failure { throw failure }
  }

  /// Runs until no timer is pending, or one is due past `maxTime` (an error); returns the number fired.
  @discardableResult
  public func settle() throws -> Int {
    var fired = 0
    while pendingCount > 0 {
      if fired >= settleLimit { throw Failure.tooManyTimers(fired: fired) }
      guard let entry = popDue(upTo: Self.maxTime) else {
        if let due = nextDue { throw Failure.nextTimerOutOfRange(due: due, max: Self.maxTime) }
        break
      }
      now = max(now, entry.due)
      fired += 1
      try entry.action()
    }
    return fired
  }
}
