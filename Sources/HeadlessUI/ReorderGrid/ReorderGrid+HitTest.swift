/// The drop-target rules: which cell is under the snapshot. Only visible cells are considered and
/// only a constant number of them is examined, found from the layout arithmetic.
extension ReorderGrid {
  /// Floating-point slack for the boundary comparisons of `halfCell` (points).
  static var hitTolerance: Double { 1e-9 }

  /// The live index the dragged item should move to, or nil. `hidden` is the dragged item's slot.
  func hitTarget(_ p: Point, hidden: Int) -> Int? {
    guard p.x.isFinite, p.y.isFinite, count > 0 else { return nil }
    let rows = layout.rows(intersecting: offset, offset + config.height, count: count)
    guard !rows.isEmpty else { return nil }
    switch config.target {
    case .halfCell: return halfCellTarget(p, hidden: hidden, visibleRows: rows)
    case .centerInside: return centerInsideTarget(p, hidden: hidden, visibleRows: rows)
    case .closestCenter: return closestCenterTarget(p, hidden: hidden, visibleRows: rows)
    }
  }

  /// The seed's rule, in layout order: centre distance <= w/2 and |dy| <= h/2, first match wins.
  private func halfCellTarget(_ p: Point, hidden: Int, visibleRows: Range<Int>) -> Int? {
    let hw = layout.itemSize.w / 2
    let hh = layout.itemSize.h / 2
    let tol = Self.hitTolerance
    let r2 = (hw + tol) * (hw + tol)
    let rowRange = layout.candidateRows(p.y, radius: min(hw, hh) + tol, count: count).clamped(to: visibleRows)
    let colRange = layout.candidateColumns(p.x, radius: hw + tol)
    let columns = layout.columns
    for r in rowRange {
      let dy = p.y - layout.rowCenterY(r)
      if abs(dy) > hh + tol { probes += 1; continue }
      for c in colRange {
        let i = r * columns + c
        if i >= count { break }
        probes += 1
        if i == hidden { continue }
        let dx = p.x - layout.columnCenterX(c)
        if dx * dx + dy * dy <= r2 { return i }
      }
    }
    return nil
  }

  private func centerInsideTarget(_ p: Point, hidden: Int, visibleRows: Range<Int>) -> Int? {
    probes += 1
    guard let i = layout.index(at: p, count: count), i != hidden else { return nil }
    return visibleRows.contains(i / layout.columns) ? i : nil
  }

  /// Nearest centre among the visible cells; the hidden slot takes part (winning means "stay").
  private func closestCenterTarget(_ p: Point, hidden: Int, visibleRows: Range<Int>) -> Int? {
    let columns = layout.columns
    let base = layout.insets.top + layout.itemSize.h / 2
    let estRow = ReorderGridLayout.clampIndex(
      ((p.y - base) / layout.pitchY).rounded(), visibleRows.lowerBound, visibleRows.upperBound - 1)
    let baseX = layout.columnCenterX(0)
    let estCol = ReorderGridLayout.clampIndex(((p.x - baseX) / max(layout.pitchX, 1e-9)).rounded(), 0, columns - 1)
    var best = -1
    var bestD = Double.infinity
    // Rows near the estimate (a partial last row may push the winner one row up), and in each
    // row the columns around the estimate clamped to the row's last existing column.
    for r in max(visibleRows.lowerBound, estRow - 2)...min(visibleRows.upperBound - 1, estRow + 2) {
      let lastCol = min(columns - 1, count - 1 - r * columns)
      let cc = min(estCol, lastCol)
      let dy = p.y - layout.rowCenterY(r)
      for c in max(0, cc - 1)...min(lastCol, cc + 1) {
        probes += 1
        let dx = p.x - layout.columnCenterX(c)
        let d = dx * dx + dy * dy
        if d < bestD { bestD = d; best = r * columns + c }
      }
    }
    return best < 0 || best == hidden ? nil : best
  }
}
