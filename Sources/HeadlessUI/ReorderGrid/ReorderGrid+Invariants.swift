/// Invariants: the live order is a permutation of the items loaded minus those deleted; locked
/// items sit where they were; drag indices are in range and never cross a locked item.
extension ReorderGrid {
  /// Full O(count) check. Returns a description of the first broken invariant, or nil.
  public func invariantViolation() -> String? {
    if let problem = cheapInvariantProblem() { return problem }
    var seen = [Bool](repeating: false, count: nextID)
    for i in 0..<count {
      let id = ids[committedIndex(live: i)]
      guard id >= 0, id < nextID else { return "identity \(id) at live index \(i) was never loaded" }
      guard !seen[id] else { return "identity \(id) appears twice (live index \(i))" }
      guard !deletedIDs.contains(id) else { return "deleted identity \(id) is back at live index \(i)" }
      seen[id] = true
    }
    return nil
  }

  /// O(locked) checks: bookkeeping, locked items, drag indices, offset.
  func cheapInvariantProblem() -> String? {
    if ids.count != count { return "\(ids.count) identities for \(count) items" }
    if source == nil && storage.count != count { return "\(storage.count) stored items for count \(count)" }
    if count != nextID - deletedIDs.count {
      return "count \(count) is not \(nextID) loaded minus \(deletedIDs.count) deleted"
    }
    if lockedPositions.count != lockedIDs.count { return "locked bookkeeping out of step" }
    for (k, p) in lockedPositions.enumerated() {
      if p < 0 || p >= count { return "locked position \(p) out of range" }
      if k > 0 && lockedPositions[k - 1] >= p { return "locked positions not ascending" }
      if ids[p] != lockedIDs[k] { return "locked item \(lockedIDs[k]) was displaced from \(p)" }
      if committedIndex(live: p) != p { return "the live order displaces the locked item at \(p)" }
    }
    if let d = drag {
      if d.origin < 0 || d.origin >= count || d.current < 0 || d.current >= count {
        return "drag indices \(d.origin) -> \(d.current) out of range"
      }
      if lockedRange(min(d.origin, d.current), max(d.origin, d.current)) {
        return "the dragged item crossed a locked item (\(d.origin) -> \(d.current))"
      }
      if d.gesture && !(d.center.x.isFinite && d.center.y.isFinite) { return "snapshot centre not finite" }
    }
    if !(offset >= 0 && offset <= maxOffset) { return "offset \(offset) outside 0...\(maxOffset)" }
    return nil
  }

  /// After every mutation in debug builds: full check up to `fullInvariantCheckLimit` items,
  /// the O(locked) part above it (tests call `invariantViolation()` on big grids themselves).
  @inline(__always) func debugCheckInvariants() {
    #if DEBUG
      guard debugChecksEnabled else { return }
      let problem = count <= fullInvariantCheckLimit ? invariantViolation() : cheapInvariantProblem()
      if let problem { assertionFailure("ReorderGrid invariant broken: \(problem)") }
    #endif
  }
}
