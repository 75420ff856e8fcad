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
  /// `ListDiff` for the algorithm). Throws `badArgument(1, "apply", ...)` for a duplicate section or
  /// item id (named in the message), bad `columns` or a bad computed height, and rethrows errors of
  /// the height callback; in every case the previous data is kept. If the content shrinks below the
  /// offset, the offset is clamped and paging is checked.
  @discardableResult
  public func apply(_ newSections: [ListSection<Payload>]) throws -> ListChanges {
    let snapshot = try prepare(newSections, function: "apply")
    return try replace(with: snapshot)
  }

  /// Re-reads the data source (or, for sections given as values, recomputes heights and layout) and
  /// returns what changed, like `apply`. Source errors are `badDataSource`; the old data is kept.
  @discardableResult
  public func reload() throws -> ListChanges {
    let snapshot: ListSnapshot<Payload>
    if let src = dataSource {
      snapshot = try prepare(try readSource(src), function: nil)
    } else {
      snapshot = try prepare(sections, function: nil)
    }
    return try replace(with: snapshot)
  }

  func replace(with snapshot: ListSnapshot<Payload>) throws -> ListChanges {
    let changes = ListDiff.changes(
      old: sections, oldItems: itemIndex, oldSections: sectionIndex,
      new: snapshot.sections, newItems: snapshot.itemIndex, newSections: snapshot.sectionIndex)
    commit(snapshot)
    let moved = clampOffset()
    debugCheckDataInvariants()
    if moved { try loadMoreIfNeeded() }
    return changes
  }

  func commit(_ s: ListSnapshot<Payload>) {
    sections = s.sections
    geometry = s.geometry
    sectionTops = s.sectionTops
    itemStarts = s.itemStarts
    itemIndex = s.itemIndex
    sectionIndex = s.sectionIndex
  }

  /// Reads the whole data source. Counts must be >= 0.
  func readSource(_ src: ListDataSource<Payload>) throws -> [ListSection<Payload>] {
    let count = try src.sectionCount(self)
    guard count >= 0 else { throw ComponentError.badDataSource(message: "section_count returned \(count) (expected a count >= 0)") }
    var result: [ListSection<Payload>] = []
    result.reserveCapacity(count)
    for s in 0..<count {
      let id = try src.sectionID?(self, s) ?? .int(Int64(s))
      let header = try src.header?(self, s) ?? nil
      let footer = try src.footer?(self, s) ?? nil
      let n = try src.itemCount(self, s)
      guard n >= 0 else { throw ComponentError.badDataSource(message: "item_count returned \(n) (expected a count >= 0)") }
      var items: [ListItem<Payload>] = []
      items.reserveCapacity(n)
      for i in 0..<n { items.append(try src.item(self, s, i)) }
      result.append(ListSection(id: id, header: header, footer: footer, items: items))
    }
    return result
  }

  /// The error for bad data: `badArgument(1, function)` for values, `badDataSource` for a source.
  func dataError(_ function: String?, _ message: String) -> ComponentError {
    if let function { return .badArgument(position: 1, function: function, message: message) }
    return .badDataSource(message: message)
  }

  /// Validates `sections` and computes heights and prefix sums, without touching the model.
  func prepare(_ sections: [ListSection<Payload>], function: String?) throws -> ListSnapshot<Payload> {
    var sectionIndex = [ListID: Int](minimumCapacity: sections.count)
    var total = 0
    for (s, section) in sections.enumerated() {
      if sectionIndex.updateValue(s, forKey: section.id) != nil {
        throw dataError(function, "duplicate section id \(section.id)")
      }
      if let c = section.columns, c < 1 {
        throw dataError(function, "section \(section.id): columns must be >= 1, got \(c)")
      }
      total += section.items.count
    }
    var itemIndex = [ListID: ListIndexPath](minimumCapacity: total)
    for (s, section) in sections.enumerated() {
      for (i, item) in section.items.enumerated() {
        if itemIndex.updateValue(ListIndexPath(section: s, index: i), forKey: item.id) != nil {
          throw dataError(function, "duplicate item id \(item.id)")
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
      let heights = try itemHeights(section: s, items: section.items, from: 0, function: function)
      let g = makeGeometry(section, heights: heights)
      tops.append(tops[s] + g.height(insets: config.insets))
      starts.append(starts[s] + section.items.count)
      geometry.append(g)
    }
    return ListSnapshot(
      sections: sections, geometry: geometry, sectionTops: tops, itemStarts: starts,
      itemIndex: itemIndex, sectionIndex: sectionIndex)
  }

  func makeGeometry(_ section: ListSection<Payload>, heights: [Double]) -> ListSectionGeometry {
    ListSectionGeometry(
      columns: section.columns ?? config.columns,
      headerHeight: section.header == nil ? 0 : config.headerHeight,
      footerHeight: section.footer == nil ? 0 : config.footerHeight,
      itemHeights: heights, lineSpacing: config.spacing.line)
  }

  /// Heights of `items`, the first of which sits at index `start` of section `s`.
  func itemHeights(section s: Int, items: [ListItem<Payload>], from start: Int, function: String?) throws -> [Double] {
    switch config.itemHeight {
    case .fixed(let h):
      return [Double](repeating: h, count: items.count)
    case .computed(let f):
      var heights: [Double] = []
      heights.reserveCapacity(items.count)
      for (k, item) in items.enumerated() {
        let h = try f(self, s, start + k, item)
        try checkHeight(h, item, function)
        heights.append(h)
      }
      return heights
    case .batch(let f):
      let heights = try f(s, items, start)
      guard heights.count == items.count else {
        throw dataError(function, "\(heights.count) item heights for \(items.count) items")
      }
      for k in heights.indices { try checkHeight(heights[k], items[k], function) }
      return heights
    }
  }

  @inline(__always)
  private func checkHeight(_ h: Double, _ item: @autoclosure () -> ListItem<Payload>, _ function: String?) throws {
    guard h.isFinite, h >= 0 else {
      throw dataError(function, "item height must be a finite number >= 0, got \(listFormat(h)) (item \(item().id))")
    }
  }

  /// Appends `items` to the last section (a loaded page). Validates first; throws
  /// `badArgument(1, function, ...)` for duplicate ids or bad heights, `wrongState` without sections.
  func appendToLastSection(_ items: [ListItem<Payload>], function: String) throws {
    guard !items.isEmpty else { return }
    guard let last = sections.indices.last else {
      throw ComponentError.wrongState(function: function, message: "the list has no section to append items to")
    }
    var seen = Set<ListID>(minimumCapacity: items.count)
    for item in items where itemIndex[item.id] != nil || !seen.insert(item.id).inserted {
      throw ComponentError.badArgument(position: 1, function: function, message: "duplicate item id \(item.id)")
    }
    let start = sections[last].items.count
    let heights = try itemHeights(section: last, items: items, from: start, function: function)
    var g = geometry[last]
    g.append(heights, lineSpacing: config.spacing.line)
    // Commit.
    for (k, item) in items.enumerated() { itemIndex[item.id] = ListIndexPath(section: last, index: start + k) }
    sections[last].items.append(contentsOf: items)
    geometry[last] = g
    sectionTops[last + 1] = sectionTops[last] + g.height(insets: config.insets)
    itemStarts[last + 1] += items.count
  }
}
