/// A callback data source (Lua: `source = {count=, item=, move=, delete=}`). Indices are 0-based.
///
/// The grid asks `count()` at construction and on `reload()`, and `item(index)` lazily, only
/// when an item is needed (`items`, `cell(_:)`, `delete(_:)`); `item` returning nil for an index
/// below the count makes the consulting call throw `ReorderGridError.missingSourceItem`.
/// `move(from, to)` is called once per committed move (at the drop, or by `move(from:to:)`), never
/// during the live steps of a drag and never when `from == to`; `delete(index)` when a delete
/// badge is used. After `move`/`delete` return, the source must answer with the new order.
/// A source without `move` (nil) has a fixed order: its cells are never lifted and `move(from:to:)`
/// is refused, so a drop is never accepted and then undone behind the user's back. Likewise a
/// source without `delete` (nil) shows no delete badges and `delete(_:)` throws (see `canDelete`).
/// Every closure may throw; the error reaches the grid's caller after the grid is consistent.
public struct ReorderGridDataSource<Item> {
  public var count: () throws -> Int
  public var item: (Int) throws -> Item?
  public var move: ((Int, Int) throws -> Void)?
  public var delete: ((Int) throws -> Void)?

  public init(
    count: @escaping () throws -> Int,
    item: @escaping (Int) throws -> Item?,
    move: ((Int, Int) throws -> Void)? = nil,
    delete: ((Int) throws -> Void)? = nil
  ) {
    self.count = count; self.item = item; self.move = move; self.delete = delete
  }
}

/// What `ReorderGrid.cell(_:)` reports about one cell (Lua: `{frame=, hidden=, delete_visible=, item=}`).
public struct ReorderGridCell<Item> {
  public let index: Int
  /// Layout frame of the slot, content coordinates.
  public let frame: Rect
  /// True for the slot of the item being dragged (the snapshot stands in for it).
  public let hidden: Bool
  /// The delete badge: shown while editing, except on locked cells and with a source without `delete`.
  public let deleteVisible: Bool
  public let locked: Bool
  public let item: Item
}
