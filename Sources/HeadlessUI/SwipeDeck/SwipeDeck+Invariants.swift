/// Consistency rules checked after every mutation in debug builds (and callable from tests).
extension SwipeDeck {
  /// The broken invariants, joined with "; ", or nil when the deck is consistent (the one name
  /// every model uses: `ReorderGrid.invariantViolation()`, `ListModel.invariantViolation()`).
  public func invariantViolation() -> String? {
    let v = violations()
    return v.isEmpty ? nil : v.joined(separator: "; ")
  }

  private func violations() -> [String] {
    var v: [String] = []
    if count < 0 || count > SwipeDeckLimits.maxCount { v.append("count \(count) out of range") }
    if restFrames.count != visibleCount { v.append("\(restFrames.count) rest frames for \(visibleCount) visible") }
    let expected = expectedCardCount(top: topIndex)
    if stackSize > expected { v.append("\(stackSize) cards, expected at most \(expected)") }
    if !needsFill && stackSize != expected { v.append("\(stackSize) cards, expected \(expected)") }
    if stackSize > ringCapacity || ringStart < 0 || ringStart >= ringCapacity { v.append("card ring out of bounds") }
    if count == 0 {
      if topIndex != 0 { v.append("top index \(topIndex) with no items") }
    } else if config.cyclic {
      if topIndex < 0 || topIndex >= count { v.append("top index \(topIndex) out of 0..<\(count)") }
    } else if topIndex < 0 || topIndex > count {
      v.append("top index \(topIndex) out of 0...\(count)")
    }
    switch phase {
    case .empty:
      if !isOut { v.append("state empty with items left") }
      if hasCards { v.append("state empty with cards") }
    case .idle:
      if isOut { v.append("state idle with no items left") }
    case .dragging, .animating:
      if !hasCards { v.append("\(state) without a top card") }
    }
    if !isOut, emptyModelStore != nil { v.append("empty model kept while cards show") }
    if poolSize > poolLimit { v.append("reuse pool holds \(poolSize) > \(poolLimit)") }
    if config.historyLimit > 0, historyStore.count >= 2 * config.historyLimit { v.append("history not trimmed") }
    // Every entry for short histories; the ends otherwise, so debug builds stay O(visible) per mutation.
    let sample = historyStore.count <= 64 ? historyStore[...] : historyStore[..<1] + historyStore.suffix(1)
    if let bad = sample.first(where: { $0.entry.index < 0 || $0.entry.index >= count }) {
      v.append("history item \(bad.entry.index) out of range")
    }
    if queueHead > queue.count { v.append("queue head past its end") }
    return v
  }

  /// Traps in debug builds when the deck is inconsistent.
  func debugCheckInvariants() {
    if let v = invariantViolation() { assertionFailure("SwipeDeck invariants: " + v) }
  }
}
