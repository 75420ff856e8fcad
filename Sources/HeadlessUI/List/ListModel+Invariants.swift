/// Debug-build checks after every mutation: ids unique and indexed, prefix sums consistent with
/// the per-section geometry, offset in range, refresh and paging state coherent.
extension ListModel {
  /// Cheap state checks (offset, refresh, paging), after state changes.
  @inline(__always)
  func debugCheckInvariants() {
    #if DEBUG
      if let problem = stateViolation() { preconditionFailure("ListModel invariant: \(problem)") }
    #endif
  }

  /// Everything, O(n), after data changes.
  @inline(__always)
  func debugCheckDataInvariants() {
    #if DEBUG
      if let problem = invariantViolation() { preconditionFailure("ListModel invariant: \(problem)") }
    #endif
  }

  /// A description of the first broken invariant, or nil. O(n); also usable from tests.
  public func invariantViolation() -> String? {
    let n = sections.count
    guard geometry.count == n, sectionTops.count == n + 1, itemStarts.count == n + 1 else { return "array sizes" }
    guard sectionIndex.count == n else {
      return "section index has \(sectionIndex.count) ids for \(n) sections (duplicate ids?)"
    }
    guard sectionTops[0] == 0, itemStarts[0] == 0 else { return "prefix sums do not start at 0" }
    var total = 0
    for s in 0..<n {
      let section = sections[s]
      let g = geometry[s]
      guard sectionIndex[section.id] == s else { return "section id \(section.id) indexed wrongly" }
      let count = lazy.map { $0.sourceCounts[s] + (s == n - 1 ? $0.appended.count : 0) } ?? section.items.count
      guard lazy == nil || section.items.isEmpty else { return "section \(s): a source list's section holds items" }
      guard g.itemCount == count else { return "section \(s): \(g.itemCount) heights for \(count) items" }
      if let problem = g.violation() { return "section \(s): \(problem)" }
      guard sectionTops[s + 1] == sectionTops[s] + g.height(insets: config.insets) else {
        return "section \(s): top of next section"
      }
      guard itemStarts[s + 1] == itemStarts[s] + count else { return "section \(s): item starts" }
      for (i, item) in section.items.enumerated() where itemIndex[item.id] != ListIndexPath(section: s, index: i) {
        return "item id \(item.id) indexed wrongly"
      }
      total += section.items.count
    }
    if let held = lazy {
      for (p, item) in held.window where itemIndex[item.id] != p { return "held item id \(item.id) indexed wrongly" }
      total = held.window.count + held.appended.count
    }
    guard itemIndex.count == total else {
      return "item index has \(itemIndex.count) ids for \(total) items (duplicate ids?)"
    }
    guard geometryBytes == Self.geometryBytes(geometry) else { return "geometry bytes \(geometryBytes) not the sum" }
    return stateViolation()
  }

  func stateViolation() -> String? {
    guard offset >= minOffset, offset <= maxOffset else {
      return "offset \(offset) outside \(minOffset)...\(maxOffset)"
    }
    guard page >= 0 else { return "page \(page) < 0" }
    guard !(loading && loadError != nil) else { return "loading with a load error" }
    switch refreshState {
    case .idle: guard pullDistance == 0, !fingerDown else { return "idle with a finger down" }
    case .pulling: guard fingerDown, pullDistance < refreshThreshold else { return "pulling past the threshold" }
    case .armed: guard fingerDown, pullDistance >= refreshThreshold else { return "armed under the threshold" }
    case .refreshing: break
    case .finishing: guard finishTween != nil else { return "finishing without a tween" }
    }
    return nil
  }
}
