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

  /// The top card leaves in `direction`: its model goes to the pool, the next item enters at the back.
  func removeTop(_ direction: SwipeDirection) {
    let departed = topIndex
    poolPush(popFront())
    if source.id != nil { cardIDs[departed] = nil }
    recordHistory(SwipeHistoryEntry(index: departed, direction: direction))
    topIndex = config.cyclic ? itemIndex(after: topIndex, 1) : topIndex + 1
    fill()
  }

  /// Appends to the history, trimming in batches so the hot path stays O(1) amortized.
  func recordHistory(_ entry: SwipeHistoryEntry) {
    let limit = config.historyLimit
    guard limit > 0 else { return }
    historyStore.append(entry)
    if historyStore.count >= 2 * limit { historyStore.removeFirst(historyStore.count - limit) }
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
    let oldID = keepPosition && hasCards ? (cardIDs[oldTop] ?? source.identity?(model(atDepth: 0))) : nil
    cardIDs.removeAll()
    count = newCount
    computeRestFrames()
    var newTop = 0
    if keepPosition {
      if let oldID, let found = findItem(oldID, near: oldTop) {
        newTop = found
      } else if oldTop < newCount {
        newTop = oldTop
      } else if newCount > 0 {
        newTop = config.cyclic ? oldTop % newCount : newCount
      }
    }
    // The old cards' models are recycled for the new ones (the seed dropped them).
    moveStackToPool()
    if keepPosition {
      historyStore.removeAll { $0.index >= newCount }
    } else {
      historyStore.removeAll(keepingCapacity: true)
    }
    topIndex = newTop
    if case .empty = phase { phase = .idle }  // refetch the empty model after a reload
    fill()
    settlePhase()
  }

  /// How far from its old index `reload(keepPosition:)` looks for the top item (each probe is a
  /// `source.id` or `source.card` call).
  static var identitySearchRadius: Int { 100 }

  /// The index of the item with identity `id` in the reloaded source, searching outward from
  /// `near` (near, near+1, near-1, ...) within `identitySearchRadius`; nil when not found or a
  /// source call failed (its error is held). Without `source.id` each probe fetches a card
  /// (a model it then releases).
  private func findItem(_ id: AnyHashable, near: Int) -> Int? {
    guard count > 0 else { return nil }
    for distance in 0...Self.identitySearchRadius {
      for j in distance == 0 ? [near] : [near + distance, near - distance] where j >= 0 && j < count {
        if source.id != nil {
          guard let probe = sourceID(j) else {
            if pendingError != nil { return nil }
            continue
          }
          if probe == id { return j }
        } else {
          guard let model = sourceCard(j, reused: nil) else { return nil }
          let probe = source.identity?(model)
          release(model)
          if probe == id { return j }
        }
      }
    }
    return nil
  }

  /// After a failed count: the previous cards stay; the phase follows them.
  private func settlePhaseKeepingEmpty() {
    if case .empty = phase { return }
    if isOut { settlePhase() } else { phase = .idle }
  }
}
