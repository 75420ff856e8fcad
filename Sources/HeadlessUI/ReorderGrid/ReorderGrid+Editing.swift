/// Editing mode, the delete badge, programmatic moves, reload and scrolling.
extension ReorderGrid {
  /// Lua: `grid:set_editing(on)`. Turning on asks `willBeginEditing` first (throwing aborts);
  /// turning off calls `didEndEditing` after. No-op when unchanged. Throws
  /// `dragInProgress`.
  public func setEditing(_ on: Bool) throws {
    try ensureNotInCallback()
    try ensureNoDrag()
    try applyEditing(on)
  }

  /// Lua: `grid:toggle_editing()`: the bar's button (`editButtonTitle`). Returns the
  /// new state. The seed's `reloadData` has no model-side effect: badges follow `editing`.
  @discardableResult
  public func toggleEditing() throws -> Bool {
    try ensureNotInCallback()
    try ensureNoDrag()
    try applyEditing(!editing)
    return editing
  }

  /// The bar's button as drawn: `config.bar.done` while editing, else `config.bar.sort`.
  public var editButtonTitle: String { editing ? config.bar.done : config.bar.sort }

  func applyEditing(_ on: Bool) throws {
    guard on != editing else { return }
    if on {
      try beginEditingIfNeeded()
    } else {
      editing = false
      debugCheckInvariants()
      try emit(.didEndEditing)
    }
  }

  /// Lua: `grid:delete(index)`: the delete badge. Removes the item (the data source's
  /// `delete(index)` first; if it throws nothing changes), then `didDelete(index, item)`.
  /// Returns the removed item. Duplicates are told apart by position only.
  ///
  /// Throws `indexOutOfRange`, `lockedItemCannotBeDeleted`, `notEditingBadgeHidden`,
  /// `sourceCannotDelete` (see `canDelete`), `dragInProgress`.
  @discardableResult
  public func delete(_ index: Int) throws -> Item {
    try checkIndex(index, "index")
    try ensureNotInCallback()
    try ensureNoDrag()
    guard editing else {
      throw ReorderGridError.notEditingBadgeHidden
    }
    guard canDelete else {
      throw ReorderGridError.sourceCannotDelete
    }
    if isLocked(index) {
      throw ReorderGridError.lockedItemCannotBeDeleted(index: index)
    }
    let removed = try item(at: index)
    if let delete = source?.delete {
      try callout { try delete(index) }
    } else {
      storage.remove(at: index)
    }
    deletedIDs.insert(ids.remove(at: index))
    count -= 1
    for k in lockedPositions.indices where lockedPositions[k] > index { lockedPositions[k] -= 1 }
    offset = offset.clamped(0, maxOffset)
    debugCheckInvariants()
    try emit(.didDelete(index: index, item: removed))
    return removed
  }

  /// Lua: `grid:move(from, to)`: keyboard/accessibility reordering through the drop's commit path
  /// and events: `canMove(from)`, `canDrop(from, to)`, `didMove(from, to)`, the data source's
  /// `move(from, to)`, `didDrop(from, to)` (`from == to`: only `canMove` and `didDrop`). Returns
  /// false, with no further events, when refused (locked item on the way, a veto, a data source
  /// without `move`). A delegate
  /// error before the commit leaves the order unchanged.
  ///
  /// Throws `indexOutOfRange` (for `from` or `to`), `dragInProgress`.
  @discardableResult
  public func move(from: Int, to: Int) throws -> Bool {
    try checkIndex(from, "from")
    try checkIndex(to, "to")
    try ensureNotInCallback()
    try ensureNoDrag()
    if isLocked(from) || !canReorder { return false }
    guard try emit(.canMove(index: from)) else { return false }
    drag = DragState(origin: from, current: from, center: layout.center(at: from), gesture: false)
    if from != to {
      do {
        guard try liveMove(to: to) else {
          drag = nil
          debugCheckInvariants()
          return false
        }
      } catch {
        drag = nil
        debugCheckInvariants()
        throw error
      }
    }
    _ = try commit()
    return true
  }

  /// Lua: `grid:reload()`. With a data source: asks `count()` again and starts over (identities,
  /// locked positions from the config, clamped offset). With an array: nothing to re-read.
  /// Throws `dragInProgress`, `calledFromCallback`, `badSourceCount` for a negative count or one above `maxCount`.
  public func reload() throws {
    try ensureNotInCallback()
    try ensureNoDrag()
    guard let source else { return }
    let n = try Self.checkedCount(try callout { try source.count() })
    resetData(count: n)
  }

  /// Replaces the data with an array (switching away from a data source, if any).
  public func reload(items newItems: [Item]) throws {
    try ensureNotInCallback()
    try ensureNoDrag()
    source = nil
    storage = newItems
    resetData(count: newItems.count)
  }

  private func resetData(count n: Int) {
    count = n
    ids = Array(0..<n)
    nextID = n
    deletedIDs = []
    try? resetLocked(strict: false)
    offset = offset.clamped(0, maxOffset)
    debugCheckInvariants()
  }

  /// Lua: `grid:scroll_to(y)`: sets the scroll offset (allowed while editing: the seed only
  /// disables the user's scrolling). During a drag the finger stays put on screen, so the snapshot
  /// moves with the content and the hit test runs. Throws `notFinite` for
  /// NaN, `offsetOutOfRange` outside `0...maxOffset`.
  public func scrollTo(_ y: Double) throws {
    try checkNumber(y, "y")
    guard y >= 0, y <= maxOffset + 1e-9 else {
      throw ReorderGridError.offsetOutOfRange(offset: y, max: maxOffset)
    }
    try ensureNotInCallback()
    try scrollContent(to: min(y, maxOffset))
  }

  /// Scrolls; with a gesture in progress the snapshot keeps its place on screen.
  func scrollContent(to y: Double) throws {
    let delta = y - offset
    offset = y
    debugCheckInvariants()
    guard drag?.gesture == true, delta != 0 else { return }
    drag?.center.y += delta
    defer { updateAutoscroll() }
    try step()
  }
}
