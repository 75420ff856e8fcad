/// What a `ReorderGrid` refuses, in Swift terms: 0-based indices, the Swift parameter a bad value
/// came in (`"to"`), numbers as they are. Bindings word them for their language (the Lua binding
/// in `Grid/GridErrors.swift`); nothing here knows Lua's names, positions or number format.
public enum ReorderGridError: Error, Equatable, Sendable {
  /// `index` (0-based) given for `parameter` is not below `count`.
  case indexOutOfRange(parameter: String, index: Int, count: Int)
  /// NaN or an infinity given for `parameter`.
  case notFinite(parameter: String, value: Double)
  /// A negative value given for `parameter` (a duration).
  case negative(parameter: String, value: Double)
  /// Moving by `parameter` would put the finger beyond the largest finite coordinate.
  case coordinateOverflow(parameter: String)
  /// `scrollTo` outside `0...max`.
  case offsetOutOfRange(offset: Double, max: Double)
  /// `drag(steps:)` below 1.
  case stepsNotPositive(Int)
  /// `drag(steps:)` above `ReorderGrid.maxDragSteps`.
  case tooManySteps(max: Int)
  /// `delete` on a locked item.
  case lockedItemCannotBeDeleted(index: Int)
  /// A drag step, drop or cancel without a drag.
  case noDragInProgress
  /// A call that needs no drag running (gestures, move, delete, reload, editing).
  case dragInProgress
  /// A mutating call from inside a delegate or data-source callback (not queued).
  case calledFromCallback
  /// `delete` while not editing: the badge is hidden.
  case notEditingBadgeHidden
  /// `panBegin` while not editing: without a long press a drag starts only while editing.
  case notEditingPanNeedsEditing
  /// `delete` with a data source that has no `delete`.
  case sourceCannotDelete
  /// A config value the grid cannot use.
  case invalidConfig(key: ReorderGridConfig.Key, problem: ReorderGridConfig.Problem)
  /// The data source's count is negative or above `ReorderGrid.maxCount`.
  case badSourceCount(Int, max: Int)
  /// The data source returned no item for `index` (0-based), below its `count`.
  case missingSourceItem(index: Int, count: Int)
}

extension ReorderGridConfig {
  /// The config's keys, for `ReorderGridError.invalidConfig`.
  public enum Key: Sendable, Equatable {
    case width, height, columns, itemWidth, itemHeight, spacingLine, spacingItem
    case insetsTop, insetsLeft, insetsBottom, insetsRight, topBar, locked, longPress
    case autoscrollEdge, autoscrollSpeed, autoscrollTick
  }

  /// What is wrong with a config value.
  public enum Problem: Sendable, Equatable {
    case notFinite(Double)
    case notPositive(Double)
    case negative(Double)
    case notPositiveInteger(Int)
    /// Below the smallest accepted value (`autoscroll.tick`).
    case belowMinimum(Double, minimum: Double)
    /// A locked index (0-based) outside the items.
    case indexOutOfRange(Int)
    /// The seed's item-width formula is not positive for this width and column count.
    case tooNarrow(columns: Int, itemWidth: Double)
    /// `columns` items of `itemWidth` need more than the `available` width.
    case doesNotFit(columns: Int, itemWidth: Double, available: Double)
  }
}
