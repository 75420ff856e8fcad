/// The stack itself: which items are visible, how cards enter (with reuse) and leave.
extension SwipeDeck {
  /// True when no card can show: no items, or a non-cyclic deck past its last item.
  var isOut: Bool { count == 0 || (!config.cyclic && topIndex >= count) }

  /// How many cards should be stacked when `top` is the top item.
  func expectedCardCount(top: Int) -> Int {
    if count == 0 { return 0 }
    let n = visibleCount
    return config.cyclic ? n : max(0, min(n, count - top))
  }

  /// Item `k` places behind `top` (wrapping over the count when cyclic; a count of 1 cycles itself).
  @inline(__always)
  func itemIndex(after top: Int, _ k: Int) -> Int {
    let i = top + k
    return config.cyclic && i >= count ? i % count : i
  }

  /// Appends the missing cards at the back, each recycling a pooled model; stops at a data-source error.
  func fill() {
    let target = expectedCardCount(top: topIndex)
    while stackSize < target {
      let i = itemIndex(after: topIndex, stackSize)
      guard let model = sourceCard(i, reused: poolPop()) else {
        needsFill = true
        return
      }
      pushBack(model)
    }
    needsFill = false
  }

  /// The top card leaves in `direction` into the history: its model goes to the pool, the next
  /// item enters at the back (or, without `refill`, is left for the caller to fetch).
  func removeTop(_ direction: SwipeDirection, refill: Bool = true) {
    let departed = topIndex
    if config.historyLimit > 0 {
      recordHistory(
        SwipeHistoryRecord(entry: SwipeHistoryEntry(index: departed, direction: direction), id: topIdentity()))
    }
    if source.id != nil { cardIDs[departed] = nil }
    poolPush(popFront())
    topIndex = config.cyclic ? itemIndex(after: topIndex, 1) : topIndex + 1
    if refill { fill() } else { needsFill = true }
  }

  /// Sets `.idle` or `.empty` from the stack, fetching or releasing the empty model as needed.
  /// Returns true when the deck just became empty.
  @discardableResult
  func settlePhase() -> Bool {
    if isOut {
      if case .empty = phase { return false }
      phase = .empty
      if let old = emptyModelStore {
        emptyModelStore = nil
        release(old)
      }
      emptyModelStore = sourceEmpty()
      return true
    }
    phase = .idle
    if let old = emptyModelStore {
      emptyModelStore = nil
      release(old)
    }
    return false
  }

  /// (Re)loads from the data source; on a count error the old cards stay (at rest).
  func loadFromSource(keepPosition: Bool) {
    guard let newCount = sourceCount() else {
      settlePhaseKeepingEmpty()
      return
    }
    let oldTop = topIndex
    let oldID = keepPosition && hasCards ? topIdentity() : nil
    cardIDs.removeAll()
    count = newCount
    computeRestFrames()
    var newTop = 0
    var probes = IdentityProbes()
    if keepPosition {
      if let oldID, let found = findItem(oldID, near: oldTop, &probes) {
        newTop = found
        probes.shift = found - oldTop
      } else if oldTop < newCount {
        newTop = oldTop
      } else if newCount > 0 {
        newTop = config.cyclic ? oldTop % newCount : newCount
      }
    }
    // The old cards' models are recycled for the new ones (the seed dropped them).
    moveStackToPool()
    if keepPosition {
      remapHistory(&probes)
    } else {
      historyStore.removeAll(keepingCapacity: true)
    }
    topIndex = newTop
    if case .empty = phase { phase = .idle }  // refetch the empty model after a reload
    fill()
    settlePhase()
  }

  /// After a failed count: the previous cards stay; the phase follows them.
  private func settlePhaseKeepingEmpty() {
    if case .empty = phase { return }
    if isOut { settlePhase() } else { phase = .idle }
  }
}
