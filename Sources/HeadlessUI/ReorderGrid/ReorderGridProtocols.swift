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

/// Delegate callbacks (Lua: `delegate = {...}`); every method has a default no-op (`can*` say yes).
/// Indices are 0-based. Any method may throw: the grid finishes its own bookkeeping first (so it
/// is consistent), then rethrows to whoever called the grid. While a callback runs, mutating
/// methods of the grid throw `calledFromCallback` (see `ReorderGrid`); reading fields is fine.
public protocol ReorderGridDelegate<Item>: AnyObject {
  associatedtype Item
  /// Before editing turns on (long press, `setEditing(true)`, `toggleEditing()`). Throwing aborts it.
  func willBeginEditing(_ grid: ReorderGrid<Item>) throws
  /// After editing turned off.
  func didEndEditing(_ grid: ReorderGrid<Item>) throws
  /// Before a cell is lifted (after `canMove` agreed). Throwing aborts the lift.
  func willBeginDrag(_ grid: ReorderGrid<Item>, index: Int) throws
  /// May the item at `index` be lifted (or moved by `move(from:to:)`)?
  func canMove(_ grid: ReorderGrid<Item>, index: Int) throws -> Bool
  /// May the dragged item go from live index `from` to `to`? Asked on each live step.
  func canDrop(_ grid: ReorderGrid<Item>, from: Int, to: Int) throws -> Bool
  /// A live step happened: the dragged item is now at `to` (`grid.items` shows the live order).
  func didMove(_ grid: ReorderGrid<Item>, from: Int, to: Int) throws
  /// A drag or `move(from:to:)` was committed, original index to final (also when equal).
  func didDrop(_ grid: ReorderGrid<Item>, from: Int, to: Int) throws
  /// A drag was cancelled; the item is back at `index` (its index before the drag).
  func didCancel(_ grid: ReorderGrid<Item>, index: Int) throws
  /// A delete badge removed `item`, which was at `index`.
  func didDelete(_ grid: ReorderGrid<Item>, index: Int, item: Item) throws
}

extension ReorderGridDelegate {
  public func willBeginEditing(_ grid: ReorderGrid<Item>) throws {}
  public func didEndEditing(_ grid: ReorderGrid<Item>) throws {}
  public func willBeginDrag(_ grid: ReorderGrid<Item>, index: Int) throws {}
  public func canMove(_ grid: ReorderGrid<Item>, index: Int) throws -> Bool { true }
  public func canDrop(_ grid: ReorderGrid<Item>, from: Int, to: Int) throws -> Bool { true }
  public func didMove(_ grid: ReorderGrid<Item>, from: Int, to: Int) throws {}
  public func didDrop(_ grid: ReorderGrid<Item>, from: Int, to: Int) throws {}
  public func didCancel(_ grid: ReorderGrid<Item>, index: Int) throws {}
  public func didDelete(_ grid: ReorderGrid<Item>, index: Int, item: Item) throws {}
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
