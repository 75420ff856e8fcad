/// Prefix sums behind the list layout. Per section: row tops (relative to the section's first row)
/// and row heights; across sections: section tops and flat item starts. Every query is a binary
/// search, so the cost of `layout(rect)` depends on what is in `rect`, not on the item count.
struct ListSectionGeometry: Equatable {
  var columns: Int
  /// 0 when the section has no header (footer).
  var headerHeight: Double
  var footerHeight: Double
  var itemHeights: [Double]
  /// `rowTops[r]`: top of row r relative to the first row's top; `rowHeights[r]`: its tallest item.
  var rowTops: [Double] = []
  var rowHeights: [Double] = []

  init(columns: Int, headerHeight: Double, footerHeight: Double, itemHeights: [Double], lineSpacing: Double) {
    self.columns = columns; self.headerHeight = headerHeight; self.footerHeight = footerHeight
    self.itemHeights = []
    append(itemHeights, lineSpacing: lineSpacing)
  }

  var itemCount: Int { itemHeights.count }
  var rowCount: Int { rowTops.count }

  /// Height of all rows with the spacing between them (0 without items).
  var rowsHeight: Double {
    guard let top = rowTops.last, let h = rowHeights.last else { return 0 }
    return top + h
  }

  /// Header + (insets + rows, for a non-empty section) + footer.
  func height(insets: ListInsets) -> Double {
    headerHeight + (itemCount > 0 ? insets.top + rowsHeight + insets.bottom : 0) + footerHeight
  }

  /// Appends items, recomputing only the last (possibly partial) row and the new ones: O(k).
  mutating func append(_ heights: [Double], lineSpacing: Double) {
    guard !heights.isEmpty else { return }
    var firstRow = itemHeights.count / columns
    if firstRow >= rowTops.count { firstRow = rowTops.count }
    rowTops.removeSubrange(firstRow...)
    rowHeights.removeSubrange(firstRow...)
    itemHeights.append(contentsOf: heights)
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
    var hi = rowTops.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if rowTops[mid] + rowHeights[mid] > y { hi = mid } else { lo = mid + 1 }
    }
    return lo
  }

  /// First row whose top is at or below `y` (relative).
  func firstRow(withTopAtOrAfter y: Double) -> Int {
    var lo = 0
    var hi = rowTops.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if rowTops[mid] >= y { hi = mid } else { lo = mid + 1 }
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
