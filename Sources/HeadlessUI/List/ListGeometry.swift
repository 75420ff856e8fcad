/// Prefix sums behind the list layout. Per section: row tops (relative to the section's first row)
/// and row heights; across sections: section tops and flat item starts. Every query is a binary
/// search, so the cost of `layout(rect)` depends on what is in `rect`, not on the item count.
///
/// A section whose items all have one height (a fixed `item_height`) stores no per-item or per-row
/// arrays: its rows are computed (`uniformHeight`), so a section of 10^6 items costs a few words.
struct ListSectionGeometry: Equatable {
  var columns: Int
  /// 0 when the section has no header (footer).
  var headerHeight: Double
  var footerHeight: Double
  var lineSpacing: Double
  /// Set when every item is this high; then `uniformCount` items and no arrays.
  var uniformHeight: Double?
  var uniformCount = 0
  var itemHeights: [Double] = []
  /// `rowTops[r]`: top of row r relative to the first row's top; `rowHeights[r]`: its tallest item.
  var rowTops: [Double] = []
  var rowHeights: [Double] = []

  init(columns: Int, headerHeight: Double, footerHeight: Double, itemHeights: [Double], lineSpacing: Double) {
    self.columns = columns; self.headerHeight = headerHeight; self.footerHeight = footerHeight
    self.lineSpacing = lineSpacing
    append(itemHeights, lineSpacing: lineSpacing)
  }

  /// `count` items of height `height`, rows computed.
  init(
    columns: Int, headerHeight: Double, footerHeight: Double, uniformHeight height: Double, count: Int,
    lineSpacing: Double
  ) {
    self.columns = columns; self.headerHeight = headerHeight; self.footerHeight = footerHeight
    self.lineSpacing = lineSpacing
    uniformHeight = height
    uniformCount = count
  }

  var itemCount: Int { uniformHeight == nil ? itemHeights.count : uniformCount }
  var rowCount: Int { uniformHeight == nil ? rowTops.count : (uniformCount + columns - 1) / columns }

  @inline(__always)
  func rowTop(_ r: Int) -> Double {
    guard let h = uniformHeight else { return rowTops[r] }
    return Double(r) * (h + lineSpacing)
  }

  @inline(__always)
  func rowHeight(_ r: Int) -> Double { uniformHeight ?? rowHeights[r] }

  @inline(__always)
  func itemHeight(_ i: Int) -> Double { uniformHeight ?? itemHeights[i] }

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
  /// A uniform section stays uniform while the new items have its height.
  mutating func append(_ heights: [Double], lineSpacing: Double) {
    guard !heights.isEmpty else { return }
    if let h = uniformHeight {
      if heights.allSatisfy({ $0 == h }) { uniformCount += heights.count; return }
      itemHeights = [Double](repeating: h, count: uniformCount)
      uniformHeight = nil
      uniformCount = 0
      recomputeRows(from: 0)
    }
    let firstRow = min(itemHeights.count / columns, rowTops.count)
    itemHeights.append(contentsOf: heights)
    recomputeRows(from: firstRow)
  }

  /// Replaces the heights of some items (estimates corrected by measuring) and recomputes the rows
  /// from the first one touched. Only for sections with per-item heights.
  mutating func setHeights(_ changes: [(index: Int, height: Double)]) {
    guard uniformHeight == nil, let first = changes.map(\.index).min() else { return }
    for c in changes { itemHeights[c.index] = c.height }
    recomputeRows(from: first / columns)
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
