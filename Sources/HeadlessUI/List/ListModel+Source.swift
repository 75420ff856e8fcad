/// A `source` list is lazy, as UITableView is: it reads the sections (ids, headers, footers, item
/// counts) when loaded, and fetches items only when they come into view, plus the `paging.prefetch`
/// items after the last visible one (the window). Items leaving the window are forgotten (fetched
/// again when needed); pages appended by paging are not in the source, so the list keeps them.
///
/// Heights: a fixed height costs nothing per item (rows are computed). With a height function and
/// an `estimatedItemHeight`, every item starts at the estimate and is measured when it is first
/// fetched into the window; the content height is corrected as items are measured, and the offset
/// moves with the first visible item that was already measured, so what was on screen stays put
/// when items scrolled into view above it are corrected (UITableView's estimated heights). With a height function and no estimate, every item is fetched and measured
/// once when the data is loaded (a flow layout's behaviour): O(n) callbacks, heights kept, items not.
///
/// Ids are checked among the items the list holds (the window and appended pages); `indexPath(of:)`
/// knows only those. `reload()` and `apply` diff what the list held against what it holds after
/// (the window before and after, plus appended pages): an item outside both is not compared.
struct ListLazyItems<Payload: Equatable> {
  /// Items per section as the source counted them (appended pages come after, in the last section).
  var sourceCounts: [Int]
  /// The fetched items of the window, by path.
  var window: [ListIndexPath: ListItem<Payload>] = [:]
  /// Pages appended to the last section.
  var appended: [ListItem<Payload>] = []
  /// Items measured so far (estimated heights only).
  var measured: Set<ListIndexPath> = []
}

extension ListModel {
  /// Reads the sections of `src` (not its items) into a snapshot whose sections carry no items.
  /// What it keeps is charged ahead as it is read (given back if the load fails; the commit that
  /// follows settles the charge), so a huge count stops at the limit, not after it.
  func prepareLazy(_ src: ListDataSource<Payload>) throws -> (ListSnapshot<Payload>, [Int]) {
    let count = try src.sectionCount(self)
    guard count >= 0 else { throw ListError.invalidData(.negativeCount(count, section: nil), origin: .loaded) }
    let before = budget.bytes
    do { return try readSections(count, src) } catch {
      budget.shrink(by: budget.bytes - before)
      throw error
    }
  }

  private func readSections(_ count: Int, _ src: ListDataSource<Payload>) throws -> (ListSnapshot<Payload>, [Int]) {
    func bad(_ problem: ListDataProblem) -> ListError { .invalidData(problem, origin: .loaded) }
    var snapshot = ListSnapshot<Payload>(
      sections: [], geometry: [], sectionTops: [0], itemStarts: [0], itemIndex: [:], sectionIndex: [:])
    var counts: [Int] = []
    for s in 0..<count {
      if s % Self.sectionBlock == 0 { try budget.grow(by: min(Self.sectionBlock, count - s) * Self.sectionBytes) }
      try budget.tick()
      let id = try src.sectionID?(self, s) ?? .int(Int64(s))
      let header = try src.header?(self, s) ?? nil
      let footer = try src.footer?(self, s) ?? nil
      let n = try src.itemCount(self, s)
      guard n >= 0 else { throw bad(.negativeCount(n, section: s)) }
      guard snapshot.sectionIndex.updateValue(s, forKey: id) == nil else { throw bad(.duplicateSectionID(id)) }
      let section = ListSection<Payload>(id: id, header: header, footer: footer)
      if let problem = unshowable(section) { throw bad(problem) }
      let g = try lazyGeometry(section, s, count: n, src)
      snapshot.sections.append(section)
      snapshot.geometry.append(g)
      snapshot.sectionTops.append(snapshot.sectionTops[s] + g.height(insets: config.insets))
      snapshot.itemStarts.append(snapshot.itemStarts[s] + n)
      counts.append(n)
    }
    return (snapshot, counts)
  }

  private func lazyGeometry(_ section: ListSection<Payload>, _ s: Int, count n: Int, _ src: ListDataSource<Payload>)
    throws -> ListSectionGeometry
  {
    let header = section.header == nil ? 0 : config.headerHeight
    let footer = section.footer == nil ? 0 : config.footerHeight
    let columns = config.columns
    // A fixed height, or an estimate: rows computed, nothing kept per item until measured.
    if case .fixed(let h) = config.itemHeight {
      return ListSectionGeometry(
        columns: columns, headerHeight: header, footerHeight: footer, baseHeight: h, count: n,
        lineSpacing: config.spacing.line)
    }
    if let estimate = config.estimatedItemHeight {
      return ListSectionGeometry(
        columns: columns, headerHeight: header, footerHeight: footer, baseHeight: estimate, count: n,
        lineSpacing: config.spacing.line)
    }
    // No estimate: measure every item once, a chunk at a time (the items are not kept; the
    // heights are, charged ahead of each chunk).
    var g = ListSectionGeometry(
      columns: columns, headerHeight: header, footerHeight: footer, itemHeights: [], lineSpacing: config.spacing.line)
    var start = 0
    while start < n {
      let end = min(n, start + Self.itemBlock)
      try budget.grow(by: Self.heightBytes(end, columns: columns) - g.bytes)
      try budget.tick(end - start)
      var chunk: [ListItem<Payload>] = []
      chunk.reserveCapacity(end - start)
      for i in start..<end { chunk.append(try src.item(self, s, i)) }
      g.append(
        try itemHeights(section: s, items: chunk, from: start, origin: .loaded), lineSpacing: config.spacing.line)
      start = end
    }
    return g
  }

  /// Loads `src` lazily and fetches the window; on any error the previous state is restored.
  func loadLazily(_ src: ListDataSource<Payload>) throws {
    let (snapshot, counts) = try prepareLazy(src)
    let saved = (sections, geometry, geometryBytes, sectionTops, itemStarts, itemIndex, sectionIndex, lazy, offset)
    do {
      commit(snapshot)
      lazy = ListLazyItems(sourceCounts: counts)
      clampOffset()
      try refreshWindow()
    } catch {
      (sections, geometry, geometryBytes, sectionTops, itemStarts, itemIndex, sectionIndex, lazy, offset) = saved
      settleBudget()
      throw error
    }
  }

  /// The held item at `path` (window or appended page), or nil.
  public func cachedItem(at path: ListIndexPath) -> ListItem<Payload>? {
    guard let lazy else { return sections[path.section].items[path.index] }
    let count = lazy.sourceCounts[path.section]
    if path.index >= count { return lazy.appended[path.index - count] }
    return lazy.window[path]
  }

  /// Flat item range of the window: items intersecting the visible area, then `paging.prefetch` more.
  func windowRange() throws -> Range<Int> {
    var lo = Int.max
    var hi = Int.min
    try forEachAttribute(in: visibleRect) { a in
      guard a.kind == .item else { return }
      let flat = itemStarts[a.section] + (a.index ?? 0)
      lo = min(lo, flat); hi = max(hi, flat + 1)
    }
    if lo > hi { lo = firstItem(startingAtOrAfter: offset + config.height); hi = lo }
    return lo..<min(itemCount, hi + (config.paging?.prefetch ?? 0))
  }

  func path(ofFlat flat: Int) -> ListIndexPath {
    var lo = 0
    var hi = itemStarts.count  // first start > flat
    while lo < hi {
      let mid = (lo + hi) / 2
      if itemStarts[mid] > flat { hi = mid } else { lo = mid + 1 }
    }
    let s = lo - 1
    return ListIndexPath(section: s, index: flat - itemStarts[s])
  }

  /// Fetches the items of the window that the list does not hold, forgets the rest, and measures
  /// estimated heights (which can change the window: repeated until it is stable).
  /// The new window is charged ahead as it is fetched (the old one is held until it replaces it);
  /// the charge settles at the footprint when done.
  func refreshWindow() throws {
    guard let src = dataSource, lazy != nil else { return }
    defer { settleBudget() }
    for _ in 0..<8 {
      guard var held = lazy else { return }
      settleBudget()  // what a previous round charged ahead is built or dropped by now
      let range = try windowRange()
      var window: [ListIndexPath: ListItem<Payload>] = [:]
      var index: [ListID: ListIndexPath] = [:]
      let last = sections.count - 1
      try budget.grow(by: held.appended.count * Self.itemBytes)
      for (k, item) in held.appended.enumerated() {
        index[item.id] = ListIndexPath(section: last, index: held.sourceCounts[last] + k)
      }
      if !range.isEmpty {
        var p = path(ofFlat: range.lowerBound)
        for k in range {
          if (k - range.lowerBound) % Self.itemBlock == 0 {
            try budget.grow(by: min(Self.itemBlock, range.upperBound - k) * Self.heldItemBytes)
            try budget.tick(Self.itemBlock)
          }
          while p.index >= geometry[p.section].itemCount { p = ListIndexPath(section: p.section + 1, index: 0) }
          if p.index < held.sourceCounts[p.section] {
            let item = try held.window[p] ?? src.item(self, p.section, p.index)
            if let q = index.updateValue(p, forKey: item.id) {
              let (first, second) = (min(p, q), max(p, q))
              throw ListError.invalidData(
                .duplicateItemID(
                  item.id, first: ListItemPlace(section: sections[first.section].id, index: first.index),
                  second: ListItemPlace(section: sections[second.section].id, index: second.index)),
                origin: .loaded)
            }
            window[p] = item
          }
          p.index += 1
        }
      }
      held.window = window
      lazy = held
      itemIndex = index
      guard try measureWindow() else { return }
    }
  }

  /// Measures the window's items that still have their estimate; returns true when a height changed.
  /// The first visible item keeps its distance to the offset.
  private func measureWindow() throws -> Bool {
    guard config.estimatedItemHeight != nil, var held = lazy else { return false }
    let fresh = held.window.keys.filter { !held.measured.contains($0) }.sorted()
    guard !fresh.isEmpty else { return false }
    // The anchor: the first visible item the user has already seen measured (scrolling up into
    // estimated items must not move it), else the first visible one.
    var anchor: ListAttributes?
    var firstVisible: ListAttributes?
    try forEachAttribute(in: visibleRect) { a in
      guard a.kind == .item, anchor == nil else { return }
      if firstVisible == nil { firstVisible = a }
      if held.measured.contains(ListIndexPath(section: a.section, index: a.index ?? 0)) { anchor = a }
    }
    anchor = anchor ?? firstVisible
    let anchorGap = anchor.map { $0.frame.minY - offset }
    var bySection: [Int: [(index: Int, height: Double)]] = [:]
    var run: [ListIndexPath] = []
    func flush() throws {
      guard let first = run.first else { return }
      let heights = try itemHeights(
        section: first.section, items: run.map { held.window[$0]! }, from: first.index, origin: .loaded)
      for (k, p) in run.enumerated() { bySection[p.section, default: []].append((p.index, heights[k])) }
      run.removeAll()
    }
    for p in fresh {
      if let prev = run.last, prev.section != p.section || prev.index + 1 != p.index { try flush() }
      run.append(p)
    }
    try flush()
    // Each measured item may become an override (and its row one); charged ahead, settled after.
    try budget.grow(by: fresh.count * (Self.overrideBytes + Self.measuredBytes))
    var firstChanged: Int?
    for (s, changes) in bySection.sorted(by: { $0.key < $1.key }) {
      let moved = changes.filter { geometry[s].itemHeight($0.index) != $0.height }
      guard !moved.isEmpty else { continue }
      updateGeometry(s) { $0.setHeights(moved) }
      firstChanged = firstChanged ?? s
    }
    held.measured.formUnion(fresh)
    lazy = held
    guard let firstChanged else { return false }
    for s in firstChanged..<sections.count {
      sectionTops[s + 1] = sectionTops[s] + geometry[s].height(insets: config.insets)
    }
    if let anchor, let anchorGap, let idx = anchor.index {
      offset = itemFrame(section: anchor.section, index: idx).minY - anchorGap
    }
    clampOffset()
    return true
  }

  /// The held items as a diff side: per section the window's items in order, then appended pages,
  /// with their positions and an id index into those held arrays.
  func heldSide() -> (sections: [ListSection<Payload>], items: [ListID: ListIndexPath], positions: [[Int]]) {
    guard let held = lazy else { return (sections, itemIndex, sections.map { Array($0.items.indices) }) }
    var out = sections
    var positions = [[Int]](repeating: [], count: sections.count)
    for p in held.window.keys.sorted() {
      out[p.section].items.append(held.window[p]!)
      positions[p.section].append(p.index)
    }
    if let last = sections.indices.last {
      for (k, item) in held.appended.enumerated() {
        out[last].items.append(item)
        positions[last].append(held.sourceCounts[last] + k)
      }
    }
    var items: [ListID: ListIndexPath] = [:]
    for (s, section) in out.enumerated() {
      for (k, item) in section.items.enumerated() { items[item.id] = ListIndexPath(section: s, index: k) }
    }
    return (out, items, positions)
  }
}
