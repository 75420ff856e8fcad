/// The rows of a section whose height differs from its base height (a fixed `itemHeight`, or an
/// estimate before measuring), sorted, with the running sum of their differences: row r's top is
/// `r * (base + spacing)` plus the differences of the changed rows above it. It costs what was
/// measured or appended, never the item count.
struct ListRowOverrides: Equatable {
  private(set) var rows: [Int] = []
  private(set) var heights: [Double] = []
  /// `above[j]`: the sum of `heights[k] - base` for k < j (one more entry than `rows`).
  private(set) var above: [Double] = [0]

  var count: Int { rows.count }
  /// Bytes kept (for `ListFootprint`): a row, its height and its running sum.
  var bytes: Int { rows.count * 24 }

  /// Index of the first changed row >= r.
  @inline(__always)
  func lowerBound(_ r: Int) -> Int {
    var lo = 0
    var hi = rows.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if rows[mid] < r { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// The height of row r when it was changed, else nil.
  @inline(__always)
  func height(_ r: Int) -> Double? {
    let j = lowerBound(r)
    return j < rows.count && rows[j] == r ? heights[j] : nil
  }

  /// How much the changed rows above r add to its top.
  @inline(__always)
  func delta(above r: Int) -> Double { above[lowerBound(r)] }

  /// Sets the height of each row (a height equal to `base` removes the row), then recomputes
  /// the running sums from the first row touched: O(changes * log n + rows after it).
  mutating func set(_ changes: [(row: Int, height: Double)], base: Double) {
    guard var first = changes.first.map({ lowerBound($0.row) }) else { return }
    for c in changes {
      let j = lowerBound(c.row)
      first = min(first, j)
      let present = j < rows.count && rows[j] == c.row
      switch (present, c.height == base) {
      case (true, true): rows.remove(at: j); heights.remove(at: j)
      case (true, false): heights[j] = c.height
      case (false, false): rows.insert(c.row, at: j); heights.insert(c.height, at: j)
      case (false, true): break
      }
    }
    above.removeSubrange((first + 1)...)
    for j in first..<rows.count { above.append(above[j] + (heights[j] - base)) }
  }
}
