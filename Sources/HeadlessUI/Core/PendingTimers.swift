/// The ids of a clock's pending timers, as bits: ids are handed out in increasing order and most
/// timers fire soon after they are scheduled, so the live ids sit in a short window. Membership,
/// insertion and removal cost a few instructions and no hashing (a `Set` hashed every id three
/// times per deck swipe). Memory: one bit per id from the oldest pending timer to the newest.
struct PendingTimers {
  /// Bit `(id - base) % 64` of `words[start + (id - base) / 64]`; ids below `base` are not pending.
  private var words: [UInt64] = []
  private var start = 0
  private var base: UInt64 = 0
  /// One past the largest id inserted (ids must be inserted in increasing order).
  private var end: UInt64 = 0
  private(set) var count = 0

  init() {}
  /// Empty, for ids from `id` on (a reset clock keeps counting ids: old handles stay not pending).
  init(startingAt id: UInt64) { base = id; end = id }

  @inline(__always)
  private func slot(_ id: UInt64) -> (word: Int, bit: UInt64)? {
    guard id >= base, id < end else { return nil }
    let off = id - base
    return (start + Int(off >> 6), 1 << (off & 63))
  }

  @inline(__always)
  func contains(_ id: UInt64) -> Bool {
    guard let (w, bit) = slot(id) else { return false }
    return words[w] & bit != 0
  }

  /// Adds `id`, which must be larger than every id added before.
  mutating func insert(_ id: UInt64) {
    precondition(id >= end, "PendingTimers: ids must increase")
    end = id + 1
    let off = id - base
    let w = start + Int(off >> 6)
    while words.count <= w { words.append(0) }
    words[w] |= 1 << (off & 63)
    count += 1
  }

  /// Removes `id`; false when it was not pending.
  @discardableResult
  mutating func remove(_ id: UInt64) -> Bool {
    guard let (w, bit) = slot(id), words[w] & bit != 0 else { return false }
    words[w] &= ~bit
    count -= 1
    // Drop leading words that are empty and entirely below `end` (no later id can land there).
    while start < words.count, words[start] == 0, base + 64 <= end {
      start += 1
      base += 64
    }
    if start >= 32 && start * 2 >= words.count {
      words.removeFirst(start)
      start = 0
    }
    return true
  }
}
