#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The flow layout of the seed's `UICollectionViewFlowLayout`, as pure arithmetic.
///
/// Every row holds `columns` items; full rows are justified (the extra width is shared between the
/// gaps, as the flow layout does), and the last row keeps the column positions of the full rows.
/// With one column the item is centred. No pixel rounding. All answers are O(1): nothing here
/// looks at more than a handful of cells.
public struct ReorderGridLayout: Equatable, Sendable {
  public let width: Double
  public let columns: Int
  public let itemSize: Size
  public let lineSpacing: Double
  /// The gap between items of a full row: `(width - left - right - columns * item.w) / (columns - 1)`.
  public let columnGap: Double
  public let insets: ReorderGridConfig.Insets
  /// x of column 0.
  let firstX: Double

  /// Build from a validated config.
  public init(_ config: ReorderGridConfig) {
    width = config.width
    columns = config.columns
    itemSize = config.resolvedItem
    lineSpacing = config.resolvedSpacing.line
    insets = config.resolvedInsets
    let avail = width - insets.left - insets.right
    if columns > 1 {
      columnGap = max(0, (avail - Double(columns) * itemSize.w) / Double(columns - 1))
      firstX = insets.left
    } else {
      columnGap = 0
      firstX = insets.left + max(0, (avail - itemSize.w) / 2)
    }
  }

  public var pitchX: Double { itemSize.w + columnGap }
  public var pitchY: Double { itemSize.h + lineSpacing }

  public func rows(count: Int) -> Int { count <= 0 ? 0 : (count - 1) / columns + 1 }

  @inline(__always) func columnX(_ column: Int) -> Double { firstX + Double(column) * pitchX }
  @inline(__always) func rowY(_ row: Int) -> Double { insets.top + Double(row) * pitchY }
  @inline(__always) func columnCenterX(_ column: Int) -> Double { columnX(column) + itemSize.w / 2 }
  @inline(__always) func rowCenterY(_ row: Int) -> Double { rowY(row) + itemSize.h / 2 }

  /// The frame of the cell at `index` (any index >= 0; the layout does not know the count).
  public func frame(at index: Int) -> Rect {
    Rect(x: columnX(index % columns), y: rowY(index / columns), w: itemSize.w, h: itemSize.h)
  }

  public func center(at index: Int) -> Point {
    Point(x: columnCenterX(index % columns), y: rowCenterY(index / columns))
  }

  /// `top + rows * h + (rows - 1) * line + bottom`; `top + bottom` when empty.
  public func contentHeight(count: Int) -> Double {
    let n = rows(count: count)
    guard n > 0 else { return insets.top + insets.bottom }
    return insets.top + Double(n) * itemSize.h + Double(n - 1) * lineSpacing + insets.bottom
  }

  /// Converts a real row/column estimate to an Int without trapping on huge values.
  @inline(__always) static func clampIndex(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
    guard v == v else { return lo }
    if v <= Double(lo) { return lo }
    if v >= Double(hi) { return hi }
    return Int(v)
  }

  /// Rows whose frame intersects the band `y0 ..< y1` with positive area (as `Rect.intersects`).
  public func rows(intersecting y0: Double, _ y1: Double, count: Int) -> Range<Int> {
    let n = rows(count: count)
    guard n > 0, y1 > y0 else { return 0..<0 }
    let h = itemSize.h
    var lo = Self.clampIndex(floor((y0 - insets.top - h) / pitchY), 0, n)
    while lo > 0 && rowY(lo - 1) + h > y0 { lo -= 1 }
    while lo < n && rowY(lo) + h <= y0 { lo += 1 }
    var hi = Self.clampIndex(ceil((y1 - insets.top) / pitchY), 0, n)
    while hi < n && rowY(hi) < y1 { hi += 1 }
    while hi > lo && rowY(hi - 1) >= y1 { hi -= 1 }
    return lo..<max(lo, hi)
  }

  /// Indices of the cells whose frame intersects the visible band `offset ..< offset + height`.
  public func visibleIndices(offset: Double, height: Double, count: Int) -> Range<Int> {
    let r = rows(intersecting: offset, offset + height, count: count)
    guard !r.isEmpty else { return 0..<0 }
    return (r.lowerBound * columns)..<min(count, r.upperBound * columns)
  }

  /// Rows whose centre y lies within `[y - radius, y + radius]`, widened by one row on each side
  /// (callers check exactly); clamped to `0..<rows`.
  func candidateRows(_ y: Double, radius: Double, count: Int) -> Range<Int> {
    let n = rows(count: count)
    let base = insets.top + itemSize.h / 2
    let lo = Self.clampIndex(ceil((y - radius - base) / pitchY) - 1, 0, n)
    let hi = Self.clampIndex(floor((y + radius - base) / pitchY) + 2, 0, n)
    return lo..<max(lo, hi)
  }

  /// Columns whose centre x lies within `[x - radius, x + radius]`, widened by one on each side.
  func candidateColumns(_ x: Double, radius: Double) -> Range<Int> {
    let base = firstX + itemSize.w / 2
    let p = pitchX > 0 ? pitchX : 1
    let lo = Self.clampIndex(ceil((x - radius - base) / p) - 1, 0, columns)
    let hi = Self.clampIndex(floor((x + radius - base) / p) + 2, 0, columns)
    return lo..<max(lo, hi)
  }

  /// The cell whose frame contains `p` (half-open, as `Rect.contains`), or nil (gaps, insets,
  /// past the last item).
  public func index(at p: Point, count: Int) -> Int? {
    let n = rows(count: count)
    guard n > 0, p.x.isFinite, p.y.isFinite else { return nil }
    let row = Self.clampIndex(floor((p.y - insets.top) / pitchY), 0, n - 1)
    let col = Self.clampIndex(floor((p.x - firstX) / (pitchX > 0 ? pitchX : 1)), 0, columns - 1)
    // Check the estimate and its neighbours exactly (floating error near the edges).
    for r in max(0, row - 1)...min(n - 1, row + 1) {
      for c in max(0, col - 1)...min(columns - 1, col + 1) {
        let i = r * columns + c
        if i < count && frame(at: i).contains(p) { return i }
      }
    }
    return nil
  }
}
