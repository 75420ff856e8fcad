/// Prefix sums behind the list layout. Per section: row tops (relative to the section's first row)
/// and row heights; across sections: section tops and flat item starts. Every query is a binary
/// search, so the cost of `layout(rect)` depends on what is in `rect`, not on the item count.
///
/// A section whose items mostly share one height (a fixed `item_height`, or an estimate before
/// measuring) stores no per-item arrays: its rows are computed from `baseHeight`, and only the
/// items and rows that differ (measured, appended) are kept, so 10^8 items cost a few words plus
/// what was touched. Other sections keep every item's height and every row (`dense`).
struct ListSectionGeometry: Equatable {
  var columns: Int
  /// 0 when the section has no header (footer).
  var headerHeight: Double
  var footerHeight: Double
  var lineSpacing: Double
  /// Set for a section of computed rows: `baseCount` items, each `baseHeight` high unless
  /// `overrides` says otherwise, and rows `baseHeight` high unless `rowOverrides` says otherwise.
  var baseHeight: Double?
  var baseCount = 0
  var overrides: [Int: Double] = [:]
  var rowOverrides = ListRowOverrides()
  /// A dense section's heights; `rowTops[r]`: top of row r relative to the first row's top,
  /// `rowHeights[r]`: its tallest item.
  var itemHeights: [Double] = []
  var rowTops: [Double] = []
  var rowHeights: [Double] = []

  init(columns: Int, headerHeight: Double, footerHeight: Double, itemHeights: [Double], lineSpacing: Double) {
    self.columns = columns; self.headerHeight = headerHeight; self.footerHeight = footerHeight
    self.lineSpacing = lineSpacing
    append(itemHeights, lineSpacing: lineSpacing)
  }

  /// `count` items of height `height` (a fixed height, or an estimate), rows computed.
  init(
    columns: Int, headerHeight: Double, footerHeight: Double, baseHeight height: Double, count: Int,
    lineSpacing: Double
  ) {
    self.columns = columns; self.headerHeight = headerHeight; self.footerHeight = footerHeight
    self.lineSpacing = lineSpacing
    baseHeight = height
    baseCount = count
  }

  var itemCount: Int { baseHeight == nil ? itemHeights.count : baseCount }
  var rowCount: Int { baseHeight == nil ? rowTops.count : (baseCount + columns - 1) / columns }

  /// Bytes this geometry keeps beyond its fixed size (for `ListFootprint`): 8 an item and 16 a
  /// row when dense; an override's hash slots (about twice its 16 bytes) and its row's 24 when not.
  var bytes: Int {
    guard baseHeight != nil else { return 8 * (itemHeights.count + 2 * rowTops.count) }
    return 32 * overrides.count + rowOverrides.bytes
  }

  @inline(__always)
  func rowTop(_ r: Int) -> Double {
    guard let h = baseHeight else { return rowTops[r] }
    let top = Double(r) * (h + lineSpacing)
    return rowOverrides.count == 0 ? top : top + rowOverrides.delta(above: r)
  }

  @inline(__always)
  func rowHeight(_ r: Int) -> Double {
    guard let h = baseHeight else { return rowHeights[r] }
    return rowOverrides.count == 0 ? h : rowOverrides.height(r) ?? h
  }

  @inline(__always)
  func itemHeight(_ i: Int) -> Double {
    guard let h = baseHeight else { return itemHeights[i] }
    return overrides.isEmpty ? h : overrides[i] ?? h
  }

  /// Height of all rows with the spacing between them (0 without items).
  var rowsHeight: Double {
    let n = rowCount
    return n == 0 ? 0 : rowTop(n - 1) + rowHeight(n - 1)
  }

  /// Header + (insets + rows, for a non-empty section) + footer.
  func height(insets: ListInsets) -> Double {
    headerHeight + (itemCount > 0 ? insets.top + rowsHeight + insets.bottom : 0) + footerHeight
  }

  /// Appends items, recomputing only the last (possibly partial) row and the new ones: O(k).
  /// In a section of computed rows the new items that differ from the base become overrides.
  mutating func append(_ heights: [Double], lineSpacing: Double) {
    guard !heights.isEmpty else { return }
    if let h = baseHeight {
      let start = baseCount
      baseCount += heights.count
      // The rows of the new items that differ, and the old last row when new items joined it.
      var rows: Set<Int> = start % columns != 0 ? [start / columns] : []
      for (k, height) in heights.enumerated() where height != h {
        overrides[start + k] = height
        rows.insert((start + k) / columns)
      }
      refreshRows(rows, base: h)
      return
    }
    let firstRow = min(itemHeights.count / columns, rowTops.count)
    itemHeights.append(contentsOf: heights)
    recomputeRows(from: firstRow)
  }

  /// Replaces the heights of some items (estimates corrected by measuring, appended items) and
  /// recomputes the rows they are in (computed rows) or the rows from the first one touched (dense).
  mutating func setHeights(_ changes: [(index: Int, height: Double)]) {
    guard let first = changes.map(\.index).min() else { return }
    guard let h = baseHeight else {
      for c in changes { itemHeights[c.index] = c.height }
      recomputeRows(from: first / columns)
      return
    }
    for c in changes { overrides[c.index] = c.height == h ? nil : c.height }
    refreshRows(Set(changes.map { $0.index / columns }), base: h)
  }

  /// Recomputes the height of each of `rows` from its items (computed rows).
  private mutating func refreshRows(_ rows: Set<Int>, base h: Double) {
    var changed: [(row: Int, height: Double)] = []
    for r in rows.sorted() {
      var tallest = 0.0
      for i in (r * columns)..<min((r + 1) * columns, baseCount) { tallest = max(tallest, overrides[i] ?? h) }
      changed.append((r, tallest))
    }
    rowOverrides.set(changed, base: h)
  }

  private mutating func recomputeRows(from firstRow: Int) {
    rowTops.removeSubrange(firstRow...)
    rowHeights.removeSubrange(firstRow...)
    var r = firstRow
    while r * columns < itemHeights.count {
      let top = r == 0 ? 0 : rowTops[r - 1] + rowHeights[r - 1] + lineSpacing
      var h = 0.0
      for i in (r * columns)..<min((r + 1) * columns, itemHeights.count) { h = max(h, itemHeights[i]) }
      rowTops.append(top)
      rowHeights.append(h)
      r += 1
    }
  }

  /// First row whose bottom is below `y` (relative), i.e. the first row that can intersect y...;
  /// rows' bottoms are non-decreasing because spacing is >= 0.
  func firstRow(withBottomAbove y: Double) -> Int {
    var lo = 0
    var hi = rowCount
    while lo < hi {
      let mid = (lo + hi) / 2
      if rowTop(mid) + rowHeight(mid) > y { hi = mid } else { lo = mid + 1 }
    }
    return lo
  }

  /// First row whose top is at or below `y` (relative).
  func firstRow(withTopAtOrAfter y: Double) -> Int {
    var lo = 0
    var hi = rowCount
    while lo < hi {
      let mid = (lo + hi) / 2
      if rowTop(mid) >= y { hi = mid } else { lo = mid + 1 }
    }
    return lo
  }
}

/// First index `i` in the sorted `tops` with `tops[i] > y` (upper bound).
func listUpperBound(_ tops: [Double], _ y: Double) -> Int {
  var lo = 0
  var hi = tops.count
  while lo < hi {
    let mid = (lo + hi) / 2
    if tops[mid] > y { hi = mid } else { lo = mid + 1 }
  }
  return lo
}

extension ListSectionGeometry {
  /// The first broken invariant of the rows, or nil (debug checks and tests). O(rows kept).
  func violation() -> String? {
    guard let base = baseHeight else {
      guard rowCount == (itemCount + columns - 1) / columns, rowHeights.count == rowCount else { return "row count" }
      for r in 0..<rowCount {
        let expectedTop = r == 0 ? 0 : rowTops[r - 1] + rowHeights[r - 1] + lineSpacing
        guard rowTops[r] == expectedTop else { return "row \(r) top \(rowTops[r]) != \(expectedTop)" }
      }
      return nil
    }
    guard overrides.keys.allSatisfy({ $0 >= 0 && $0 < baseCount }) else { return "an override past the items" }
    var sum = 0.0
    for (j, r) in rowOverrides.rows.enumerated() {
      guard r >= 0, r < rowCount, j == 0 || rowOverrides.rows[j - 1] < r else { return "changed rows not sorted" }
      var tallest = 0.0
      for i in (r * columns)..<min((r + 1) * columns, baseCount) { tallest = max(tallest, itemHeight(i)) }
      guard rowOverrides.heights[j] == tallest, tallest != base else { return "row \(r) height" }
      guard rowOverrides.above[j] == sum else { return "row \(r) offset" }
      sum += rowOverrides.heights[j] - base
    }
    return rowOverrides.above.count == rowOverrides.rows.count + 1 ? nil : "row offsets count"
  }
}
