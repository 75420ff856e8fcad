/// Queries: cells, frames and the cell under a point. Nothing here mutates the grid.
extension ReorderGrid {
  /// Lua: `grid:cell(index)`. Throws `indexOutOfRange`, or a
  /// data-source error when the item cannot be fetched.
  public func cell(_ index: Int) throws -> ReorderGridCell<Item> {
    try checkIndex(index, "index")
    let locked = isLocked(index)
    return ReorderGridCell(
      index: index, frame: layout.frame(at: index), hidden: dragging == index,
      deleteVisible: editing && !locked && canDelete, locked: locked, item: try item(at: index))
  }

  /// The item at live index `index` (Lua: `grid.items[index]`).
  public func item(_ index: Int) throws -> Item {
    try checkIndex(index, "index")
    return try item(at: index)
  }

  /// The layout frame of slot `index`. Throws `indexOutOfRange`.
  public func frame(_ index: Int) throws -> Rect {
    try checkIndex(index, "index")
    return layout.frame(at: index)
  }

  /// Lua: `grid:index_at(x, y)`: the cell whose frame contains the point (content coordinates),
  /// or nil (gaps, insets, below the last item). Visible or not. Throws on NaN or infinities.
  public func indexAt(x: Double, y: Double) throws -> Int? {
    try checkNumber(x, "x")
    try checkNumber(y, "y")
    return layout.index(at: Point(x: x, y: y), count: count)
  }
}
