/// Sticky headers, the seed's `LevitateHeaderFlowLayout` formula:
///
///     y = min(max(offset + contentInset.top, firstItem.minY - headerHeight),
///             lastItem.maxY - headerHeight)
///
/// so the header rests above its first item, pins under the bar while its section scrolls by, and
/// is pushed up by the end of its section (the next header arrives just as it leaves). In a grid
/// section `lastItem.maxY` is the bottom of the last row. Note that, as in the seed, a section with
/// `insets.top > 0` has its resting header `insets.top` below the natural position (right on top of
/// the first row). An empty section keeps its header at its natural position (the seed would
/// compute it from the footer). The header's z is `stickyHeaderZ` (1024).
extension ListModel {
  /// The sticky frame of section `s`'s header for the current offset; nil without a header.
  public func stickyHeaderFrame(_ s: Int) -> Rect? {
    guard let natural = naturalHeaderFrame(s) else { return nil }
    let g = geometry[s]
    guard g.itemCount > 0 else { return natural }
    let h = natural.h
    let first = itemsTop(s)
    let lastMaxY = first + g.rowsHeight
    let y = min(max(offset + config.contentInset.top, first - h), lastMaxY - h)
    return Rect(x: natural.x, y: y, w: natural.w, h: h)
  }
}
