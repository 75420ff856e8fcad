/// Layout queries: a vertical flow of sections, each `header, insets.top, rows, insets.bottom,
/// footer` (an empty section is only its header and footer). Rows hold `columns` items of equal
/// width `(width - insets.left - insets.right - (columns - 1) * spacing.item) / columns`; a row is
/// as tall as its tallest item, items are top-aligned and keep their own height; rows are
/// `spacing.line` apart. Headers and footers span the full width.
///
/// Queries binary-search the section tops and then the row tops, so their cost is proportional to
/// what they return (plus log n), never to the item count.
extension ListModel {
  /// Everything intersecting `rect` (default: `visibleRect`), per section in order: header, items,
  /// footer. Headers are sticky when `config.stickyHeaders` (see `stickyHeaderFrame`); then a
  /// section whose items intersect `rect` always gets its header, even if the header is elsewhere
  /// (as the seed adds the missing headers), and a header whose natural place intersects `rect` is
  /// reported at its sticky place. The result is charged to `budget` while it is collected, and
  /// the rows considered count as steps: throws what the budget throws.
  public func layout(_ rect: Rect? = nil) throws -> [ListAttributes] {
    var out: [ListAttributes] = []
    var charged = 0
    defer { budget.shrink(by: charged) }
    try forEachAttribute(in: rect ?? visibleRect) { a in
      if out.count % Self.itemBlock == 0 {
        try budget.grow(by: Self.itemBlock * Self.attributeBytes)
        charged += Self.itemBlock * Self.attributeBytes
      }
      out.append(a)
    }
    return out
  }

  /// `layout(rect)` one element at a time, without collecting them.
  func forEachAttribute(in r: Rect, _ body: (ListAttributes) throws -> Void) throws {
    guard r.h > 0, r.w > 0, !sections.isEmpty else { return }
    var s = max(0, listUpperBound(sectionTops, r.minY) - 1)
    while s < sections.count, sectionTops[s] < r.maxY {
      defer { s += 1 }
      let rows = self.rows(s, in: r)
      if let natural = naturalHeaderFrame(s) {
        let frame = config.stickyHeaders ? stickyHeaderFrame(s)! : natural
        var shown = frame.intersects(r) || natural.intersects(r)
        if !shown && config.stickyHeaders { shown = try hasItem(s, rows, in: r) }
        if shown {
          try body(
            ListAttributes(
              kind: .header, section: s, index: nil, frame: frame, z: config.stickyHeaders ? Self.stickyHeaderZ : 0))
        }
      }
      try forEachItem(s, rows, in: r) { a in
        try body(a)
        return true
      }
      if let f = footerFrame(s), f.intersects(r) {
        try body(ListAttributes(kind: .footer, section: s, index: nil, frame: f, z: 0))
      }
    }
  }

  /// The rows of section `s` whose vertical span can intersect `r`.
  private func rows(_ s: Int, in r: Rect) -> Range<Int> {
    let g = geometry[s]
    guard g.itemCount > 0 else { return 0..<0 }
    let itemsTop = self.itemsTop(s)
    let first = g.firstRow(withBottomAbove: r.minY - itemsTop)
    return first..<max(first, g.firstRow(withTopAtOrAfter: r.maxY - itemsTop))
  }

  private func hasItem(_ s: Int, _ rows: Range<Int>, in r: Rect) throws -> Bool {
    var found = false
    try forEachItem(s, rows, in: r) { _ in
      found = true
      return false
    }
    return found
  }

  /// Calls `body` with each item of `rows` intersecting `r` until it returns false; a step
  /// counted per 64 rows.
  private func forEachItem(_ s: Int, _ rows: Range<Int>, in r: Rect, _ body: (ListAttributes) throws -> Bool) throws {
    let g = geometry[s]
    for row in rows {
      if (row - rows.lowerBound) % 64 == 63 { try budget.tick(64) }
      for i in (row * g.columns)..<min((row + 1) * g.columns, g.itemCount) {
        let f = itemFrame(section: s, index: i)
        if f.intersects(r), try !body(ListAttributes(kind: .item, section: s, index: i, frame: f, z: 0)) { return }
      }
    }
  }

  /// Top of section `s`'s first row.
  func itemsTop(_ s: Int) -> Double { sectionTops[s] + geometry[s].headerHeight + config.insets.top }

  public func itemWidth(section s: Int) -> Double {
    let cols = Double(geometry[s].columns)
    let available = config.width - config.insets.left - config.insets.right - (cols - 1) * config.spacing.item
    return max(0, available / cols)
  }

  /// The frame of item `index` of section `s` (both must be valid).
  public func itemFrame(section s: Int, index i: Int) -> Rect {
    let g = geometry[s]
    let row = i / g.columns
    let col = i % g.columns
    let w = itemWidth(section: s)
    return Rect(
      x: config.insets.left + Double(col) * (w + config.spacing.item),
      y: itemsTop(s) + g.rowTop(row), w: w, h: g.itemHeight(i))
  }

  public func itemFrame(at path: ListIndexPath) -> Rect { itemFrame(section: path.section, index: path.index) }

  /// Where the header would be without sticking; nil when the section has no header or it is 0 high.
  public func naturalHeaderFrame(_ s: Int) -> Rect? {
    let h = geometry[s].headerHeight
    guard h > 0 else { return nil }
    return Rect(x: 0, y: sectionTops[s], w: config.width, h: h)
  }

  /// The header's frame as laid out now (sticky or not); nil without a header.
  public func headerFrame(_ s: Int) -> Rect? {
    config.stickyHeaders ? stickyHeaderFrame(s) : naturalHeaderFrame(s)
  }

  /// nil when the section has no footer or it is 0 high.
  public func footerFrame(_ s: Int) -> Rect? {
    let h = geometry[s].footerHeight
    guard h > 0 else { return nil }
    return Rect(x: 0, y: sectionTops[s + 1] - h, w: config.width, h: h)
  }

  /// The item under `point` (content coordinates), or nil: for simulated taps.
  public func itemIndexPath(at point: Point) -> ListIndexPath? {
    guard !sections.isEmpty, point.y >= 0, point.y < contentHeight else { return nil }
    let s = listUpperBound(sectionTops, point.y) - 1
    guard s >= 0, s < sections.count, geometry[s].itemCount > 0 else { return nil }
    let g = geometry[s]
    let row = g.firstRow(withBottomAbove: point.y - itemsTop(s))
    guard row < g.rowCount else { return nil }
    for i in (row * g.columns)..<min((row + 1) * g.columns, g.itemCount) {
      if itemFrame(section: s, index: i).contains(point) { return ListIndexPath(section: s, index: i) }
    }
    return nil
  }

  /// Section `s` as a whole, from its top to its bottom.
  public func sectionFrame(_ s: Int) -> Rect {
    Rect(x: 0, y: sectionTops[s], w: config.width, h: sectionTops[s + 1] - sectionTops[s])
  }
}
