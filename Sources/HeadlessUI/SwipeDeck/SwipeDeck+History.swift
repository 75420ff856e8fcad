/// One swipe in the undo history, with the identity its item had then, so a
/// `reload(keepPosition:)` can find the item again wherever the data moved it.
struct SwipeHistoryRecord {
  var entry: SwipeHistoryEntry
  /// `source.id` for the card, else its model's `source.identity`; nil without one.
  var id: AnyHashable?
}

/// What `reload(keepPosition:)` learned while looking for items by identity: the identity of each
/// index it asked (so no item is asked twice), and how far the last item it found had moved.
struct IdentityProbes {
  var seen: [Int: AnyHashable?] = [:]
  var shift = 0
}

/// The undo history and finding items by identity across a reload.
extension SwipeDeck {
  /// Appends to the history, trimming in batches so the hot path stays O(1) amortized.
  func recordHistory(_ record: SwipeHistoryRecord) {
    let limit = config.historyLimit
    guard limit > 0 else { return }
    historyStore.append(record)
    if historyStore.count >= 2 * limit { historyStore.removeFirst(historyStore.count - limit) }
  }

  /// The identity of the top card: `source.id`'s answer when it was fetched, else its model's.
  func topIdentity() -> AnyHashable? {
    if source.id != nil, let id = cardIDs[topIndex] { return id }
    return source.identity?(model(atDepth: 0))
  }

  /// After a reload keeping the position: each entry follows its item by identity, looked for
  /// newest first from where the entry after it was found (the top's move first), within
  /// `identitySearchRadius`; an entry whose item is gone is dropped, and one without identity
  /// keeps its index while in range. After a failed source call the rest keep their indices.
  func remapHistory(_ probes: inout IdentityProbes) {
    let limit = config.historyLimit
    if historyStore.count > limit { historyStore.removeFirst(historyStore.count - limit) }
    var kept: [SwipeHistoryRecord] = []
    kept.reserveCapacity(historyStore.count)
    for var record in historyStore.reversed() {
      let old = record.entry.index
      if let id = record.id, pendingError == nil {
        guard let found = findItem(id, near: old + probes.shift, &probes) else { continue }  // gone
        probes.shift = found - old
        record.entry.index = found
      } else if old >= count {
        continue
      }
      kept.append(record)
    }
    historyStore = kept.reversed()
  }

  /// How far from where it is expected `reload(keepPosition:)` looks for an item (each probe is a
  /// `source.id` or `source.card` call).
  static var identitySearchRadius: Int { 100 }

  /// The index of the item with identity `id` in the reloaded source, searching outward from
  /// `near` (near, near+1, near-1, ...) within `identitySearchRadius`; nil when not found or a
  /// source call failed (its error is held).
  func findItem(_ id: AnyHashable, near: Int, _ probes: inout IdentityProbes) -> Int? {
    guard count > 0 else { return nil }
    for distance in 0...Self.identitySearchRadius {
      for j in [near + distance, near - distance] where j >= 0 && j < count {
        let probe: AnyHashable?
        if let known = probes.seen[j] {
          probe = known
        } else {
          probe = identity(at: j)
          if pendingError != nil { return nil }
          probes.seen[j] = .some(probe)
        }
        if probe == id { return j }
      }
      if distance > 0 && near - distance <= 0 && near + distance >= count - 1 { return nil }  // nothing left
    }
    return nil
  }

  /// The identity of item `j` of the reloaded source: `source.id`, else the `source.identity` of a
  /// card fetched for it (then released); nil without one or when the call failed (error held).
  private func identity(at j: Int) -> AnyHashable? {
    if source.id != nil { return sourceID(j) }
    guard let model = sourceCard(j, reused: nil) else { return nil }
    defer { release(model) }
    return source.identity?(model)
  }
}
