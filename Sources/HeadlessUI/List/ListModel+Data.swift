/// Loading data: validation and prefix sums (`prepare`), swapping them in (`commit`), `apply`,
/// `reload`, and appending a page. Everything is validated and computed before anything changes,
/// so a failure (bad ids, bad heights, a throwing callback) leaves the previous data intact.
struct ListSnapshot<Payload: Equatable> {
  var sections: [ListSection<Payload>]
  var geometry: [ListSectionGeometry]
  var sectionTops: [Double]
  var itemStarts: [Int]
  var itemIndex: [ListID: ListIndexPath]
  var sectionIndex: [ListID: Int]
}

extension ListModel {
  /// Replaces the data with `sections` and returns what changed (see `ListChanges` for the rules,
  /// `ListDiff` for the algorithm). Throws `ListError.invalidData(_, origin: .given)` for a duplicate
  /// section or item id, bad `columns` or a bad computed height, and rethrows errors of
  /// the height callback; in every case the previous data is kept. If the content shrinks below the
  /// offset, the offset is clamped and paging is checked.
  @discardableResult
  public func apply(_ newSections: [ListSection<Payload>]) throws -> ListChanges {
    let snapshot = try prepare(newSections, origin: .given)
    return try replace(with: snapshot)
  }

  /// Re-reads the data source (or, for sections given as values, recomputes heights and layout) and
  /// returns what changed, like `apply`. Bad data is `ListError.invalidData(_, origin: .loaded)`;
  /// the old data is kept.
  /// A `source` list reads its sections again and fetches its window (see `+Source` for what the
  /// diff covers then).
  @discardableResult
  public func reload() throws -> ListChanges {
    guard let src = dataSource else { return try replace(with: try prepare(sections, origin: .loaded)) }
    let old = heldSide()
    let oldSectionIndex = sectionIndex
    try loadLazily(src)
    let new = heldSide()
    let changes = ListDiff.changes(
      old: old.sections, oldItems: old.items, oldSections: oldSectionIndex,
      new: new.sections, newItems: new.items, newSections: sectionIndex,
      oldPositions: old.positions, newPositions: new.positions)
    debugCheckDataInvariants()
    try loadMoreIfNeeded()
    return changes
  }

  func replace(with snapshot: ListSnapshot<Payload>) throws -> ListChanges {
    let changes: ListChanges
    if lazy != nil {
      let old = heldSide()
      changes = ListDiff.changes(
        old: old.sections, oldItems: old.items, oldSections: sectionIndex,
        new: snapshot.sections, newItems: snapshot.itemIndex, newSections: snapshot.sectionIndex,
        oldPositions: old.positions)
    } else {
      changes = ListDiff.changes(
        old: sections, oldItems: itemIndex, oldSections: sectionIndex,
        new: snapshot.sections, newItems: snapshot.itemIndex, newSections: snapshot.sectionIndex)
    }
    commit(snapshot)
    lazy = nil
    let moved = clampOffset()
    debugCheckDataInvariants()
    if moved { try loadMoreIfNeeded() }
    return changes
  }

  func commit(_ s: ListSnapshot<Payload>) {
    sections = s.sections
    geometry = s.geometry
    geometryBytes = Self.geometryBytes(s.geometry)
    sectionTops = s.sectionTops
    itemStarts = s.itemStarts
    itemIndex = s.itemIndex
    sectionIndex = s.sectionIndex
    settleBudget()
  }

  /// Validates `sections` and computes heights and prefix sums, without touching the model.
  /// What the snapshot keeps is charged ahead; the commit that follows settles the charge.
  func prepare(_ sections: [ListSection<Payload>], origin: ListDataOrigin) throws -> ListSnapshot<Payload> {
    let total = sections.reduce(0) { $0 + $1.items.count }
    return try charging(Self.snapshotBytes(sections: sections.count, items: total)) {
      try build(sections, total: total, origin: origin)
    }
  }

  private func build(_ sections: [ListSection<Payload>], total: Int, origin: ListDataOrigin) throws
    -> ListSnapshot<Payload>
  {
    func bad(_ problem: ListDataProblem) -> ListError { .invalidData(problem, origin: origin) }
    var sectionIndex = [ListID: Int](minimumCapacity: sections.count)
    for (s, section) in sections.enumerated() {
      if sectionIndex.updateValue(s, forKey: section.id) != nil {
        throw bad(.duplicateSectionID(section.id))
      }
      if let c = section.columns, c < 1 {
        throw bad(.invalidSectionColumns(section: section.id, columns: c))
      }
      if let problem = unshowable(section) { throw bad(problem) }
    }
    var itemIndex = [ListID: ListIndexPath](minimumCapacity: total)
    for (s, section) in sections.enumerated() {
      try budget.tick(1 + section.items.count)
      for (i, item) in section.items.enumerated() {
        if let first = itemIndex.updateValue(ListIndexPath(section: s, index: i), forKey: item.id) {
          let place = ListItemPlace(section: sections[first.section].id, index: first.index)
          throw bad(.duplicateItemID(item.id, first: place, second: ListItemPlace(section: section.id, index: i)))
        }
      }
    }
    var geometry: [ListSectionGeometry] = []
    geometry.reserveCapacity(sections.count)
    var tops: [Double] = [0]
    tops.reserveCapacity(sections.count + 1)
    var starts: [Int] = [0]
    starts.reserveCapacity(sections.count + 1)
    for (s, section) in sections.enumerated() {
      let heights = try itemHeights(section: s, items: section.items, from: 0, origin: origin)
      let g = makeGeometry(section, heights: heights)
      tops.append(tops[s] + g.height(insets: config.insets))
      starts.append(starts[s] + section.items.count)
      geometry.append(g)
    }
    return ListSnapshot(
      sections: sections, geometry: geometry, sectionTops: tops, itemStarts: starts,
      itemIndex: itemIndex, sectionIndex: sectionIndex)
  }

  /// A header or footer the config gives no height: it would not show, so it is an error.
  func unshowable(_ section: ListSection<Payload>) -> ListDataProblem? {
    if section.header != nil, config.headerHeight == 0 { return .headerWithoutHeight(section: section.id) }
    if section.footer != nil, config.footerHeight == 0 { return .footerWithoutHeight(section: section.id) }
    return nil
  }

  func makeGeometry(_ section: ListSection<Payload>, heights: [Double]) -> ListSectionGeometry {
    ListSectionGeometry(
      columns: section.columns ?? config.columns,
      headerHeight: section.header == nil ? 0 : config.headerHeight,
      footerHeight: section.footer == nil ? 0 : config.footerHeight,
      itemHeights: heights, lineSpacing: config.spacing.line)
  }

  /// Heights of `items`, the first of which sits at index `start` of section `s`.
  func itemHeights(section s: Int, items: [ListItem<Payload>], from start: Int, origin: ListDataOrigin) throws
    -> [Double]
  {
    switch config.itemHeight {
    case .fixed(let h):
      return [Double](repeating: h, count: items.count)
    case .computed(let f):
      var heights: [Double] = []
      heights.reserveCapacity(items.count)
      for (k, item) in items.enumerated() {
        let h = try f(self, s, start + k, item)
        try checkHeight(h, item, origin)
        heights.append(h)
      }
      return heights
    case .batch(let f):
      let heights = try f(s, items, start)
      guard heights.count == items.count else {
        throw ListError.invalidData(.heightCountMismatch(heights: heights.count, items: items.count), origin: origin)
      }
      for k in heights.indices { try checkHeight(heights[k], items[k], origin) }
      return heights
    }
  }

  @inline(__always)
  private func checkHeight(_ h: Double, _ item: @autoclosure () -> ListItem<Payload>, _ origin: ListDataOrigin) throws {
    guard h.isFinite, h >= 0 else {
      throw ListError.invalidData(.invalidItemHeight(h, item: item().id), origin: origin)
    }
  }

  /// Appends `items` to the last section (a loaded page). Validates first; throws
  /// `ListError.invalidData(_, origin: .given)` for duplicate ids or bad heights,
  /// `.noSectionToAppend` without sections.
  func appendToLastSection(_ items: [ListItem<Payload>]) throws {
    guard !items.isEmpty else { return }
    guard let last = sections.indices.last else { throw ListError.noSectionToAppend }
    let start = geometry[last].itemCount
    var seen = [ListID: Int](minimumCapacity: items.count)
    for (k, item) in items.enumerated() {
      let first =
        itemIndex[item.id].map { ListItemPlace(section: sections[$0.section].id, index: $0.index) }
        ?? seen.updateValue(start + k, forKey: item.id).map { ListItemPlace(section: sections[last].id, index: $0) }
      if let first {
        let second = ListItemPlace(section: sections[last].id, index: start + k)
        throw ListError.invalidData(.duplicateItemID(item.id, first: first, second: second), origin: .given)
      }
    }
    let heights = try itemHeights(section: last, items: items, from: start, origin: .given)
    var g = geometry[last]
    let measured = lazy == nil ? 0 : Self.measuredBytes
    try budget.grow(by: items.count * (Self.itemBytes + measured) + Self.heightBytes(items.count, columns: g.columns))
    defer { settleBudget() }
    g.append(heights, lineSpacing: config.spacing.line)
    // Commit.
    for (k, item) in items.enumerated() { itemIndex[item.id] = ListIndexPath(section: last, index: start + k) }
    if lazy != nil {
      lazy!.appended.append(contentsOf: items)
      for k in items.indices { lazy!.measured.insert(ListIndexPath(section: last, index: start + k)) }
    } else {
      sections[last].items.append(contentsOf: items)
    }
    updateGeometry(last) { $0 = g }
    sectionTops[last + 1] = sectionTops[last] + g.height(insets: config.insets)
    itemStarts[last + 1] += items.count
  }
}
