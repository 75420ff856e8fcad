/// The grid's delegate events (Lua: `delegate = {...}`), handed one at a time to its
/// `ReorderGridDelegate` (`handle(_:)`). Indices are 0-based. The questions (`canMove`, `canDrop`)
/// read the answer (without a delegate, yes); a notification's is ignored. Any event's handler may
/// throw: the grid finishes its own bookkeeping first (so it is consistent), then rethrows to
/// whoever called the grid. While a handler runs, mutating methods of the grid throw
/// `calledFromCallback` (see `ReorderGrid`); reading fields is fine.
public enum ReorderGridEvent<Item> {
  /// Before editing turns on (long press, `setEditing(true)`, `toggleEditing()`). Throwing aborts it.
  case willBeginEditing
  /// After editing turned off.
  case didEndEditing
  /// Before a cell is lifted (after `canMove` agreed). Throwing aborts the lift.
  case willBeginDrag(index: Int)
  /// May the item at `index` be lifted (or moved by `move(from:to:)`)?
  case canMove(index: Int)
  /// May the dragged item go from live index `from` to `to`? Asked on each live step.
  case canDrop(from: Int, to: Int)
  /// A live step happened: the dragged item is now at `to` (`grid.items` shows the live order).
  case didMove(from: Int, to: Int)
  /// A drag or `move(from:to:)` was committed, original index to final (also when equal).
  case didDrop(from: Int, to: Int)
  /// A drag was cancelled; the item is back at `index` (its index before the drag).
  case didCancel(index: Int)
  /// A delete badge removed `item`, which was at `index`.
  case didDelete(index: Int, item: Item)
}

/// The grid's delegate: every `ReorderGridEvent` through one `handle(_:)`.
public typealias ReorderGridDelegate<Item> = EventSink<ReorderGridEvent<Item>>
