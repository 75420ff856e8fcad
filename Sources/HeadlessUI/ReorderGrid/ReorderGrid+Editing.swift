/// Editing mode, the delete badge, programmatic moves, reload and scrolling.
extension ReorderGrid {
  /// Lua: `grid:set_editing(on)`. Turning on asks `willBeginEditing` first (throwing aborts);
  /// turning off calls `didEndEditing` after. No-op when unchanged. Throws
  /// `wrongState("set_editing", "a drag is in progress")`.
  public func setEditing(_ on: Bool) throws {
    let fn = "set_editing"
    try ensureNotInCallback(fn)
    try ensureNoDrag(fn)
    try applyEditing(on)
  }

  /// Lua: `grid:toggle_editing()`: the Edit/Done button (reads "Done" while editing). Returns the
  /// new state. The seed's `reloadData` has no model-side effect: badges follow `editing`.
  @discardableResult
  public func toggleEditing() throws -> Bool {
    let fn = "toggle_editing"
    try ensureNotInCallback(fn)
    try ensureNoDrag(fn)
    try applyEditing(!editing)
    return editing
  }

  /// The Edit/Done button's title in the seed's English rendering.
  public var editButtonTitle: String { editing ? "Done" : "Edit" }

  func applyEditing(_ on: Bool) throws {
    guard on != editing else { return }
    if on {
      try beginEditingIfNeeded()
    } else {
      editing = false
      checkInvariantsIfDebug()
      try notify { try $0.didEndEditing(self) }
    }
  }

  /// Lua: `grid:delete(index)`: the delete badge. Removes the item (the data source's
  /// `delete(index)` first; if it throws nothing changes), then `didDelete(index, item)`.
  /// Returns the removed item. Duplicates are told apart by position only.
  ///
  /// Throws `badArgument(1, "delete", "index out of range")`,
  /// `badArgument(1, "delete", "locked item cannot be deleted")`,
  /// `wrongState("delete", "not editing (the delete badge is hidden)")`,
  /// `wrongState("delete", "the data source has no delete ...")` (see `canDelete`),
  /// `wrongState("delete", "a drag is in progress")`.
  @discardableResult
  public func delete(_ index: Int) throws -> Item {
    let fn = "delete"
    try checkIndex(index, 1, fn)
    try ensureNotInCallback(fn)
    try ensureNoDrag(fn)
    guard editing else {
      throw ComponentError.wrongState(function: fn, message: "not editing (the delete badge is hidden)")
    }
    guard canDelete else {
      throw ComponentError.wrongState(function: fn, message: "the data source has no delete function (source.delete is nil, so the delete badge is hidden)")
    }
    if isLocked(index) {
      throw ComponentError.badArgument(position: 1, function: fn, message: "locked item cannot be deleted")
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
    checkInvariantsIfDebug()
    try notify { try $0.didDelete(self, index: index, item: removed) }
    return removed
  }

  /// Lua: `grid:move(from, to)`: keyboard/accessibility reordering through the drop's commit path
  /// and events: `canMove(from)`, `canDrop(from, to)`, `didMove(from, to)`, the data source's
  /// `move(from, to)`, `didDrop(from, to)` (`from == to`: only `canMove` and `didDrop`). Returns
  /// false, with no further events, when refused (locked item on the way, a veto, a data source
  /// without `move`). A delegate
  /// error before the commit leaves the order unchanged.
  ///
  /// Throws `badArgument(1 or 2, "move", "index out of range")`,
  /// `wrongState("move", "a drag is in progress")`.
  @discardableResult
  public func move(from: Int, to: Int) throws -> Bool {
    let fn = "move"
    try checkIndex(from, 1, fn)
    try checkIndex(to, 2, fn)
    try ensureNotInCallback(fn)
    try ensureNoDrag(fn)
    if isLocked(from) || !canReorder { return false }
    guard try ask({ try $0.canMove(self, index: from) }) else { return false }
    drag = DragState(origin: from, current: from, center: layout.center(at: from), gesture: false)
    if from != to {
      do {
        guard try liveMove(to: to) else {
          drag = nil
          checkInvariantsIfDebug()
          return false
        }
      } catch {
        drag = nil
        checkInvariantsIfDebug()
        throw error
      }
    }
    _ = try commit()
    return true
  }

  /// Lua: `grid:reload()`. With a data source: asks `count()` again and starts over (identities,
  /// locked positions from the config, clamped offset). With an array: nothing to re-read.
  /// Throws `wrongState` during a drag or from a callback, `badDataSource` for a negative count or one above `maxCount`.
  public func reload() throws {
    let fn = "reload"
    try ensureNotInCallback(fn)
    try ensureNoDrag(fn)
    guard let source else { return }
    let n = try Self.checkedCount(try callout { try source.count() })
    resetData(count: n)
  }

  /// Replaces the data with an array (switching away from a data source, if any).
  public func reload(items newItems: [Item]) throws {
    let fn = "reload"
    try ensureNotInCallback(fn)
    try ensureNoDrag(fn)
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
    checkInvariantsIfDebug()
  }

  /// Lua: `grid:scroll_to(y)`: sets the scroll offset (allowed while editing: the seed only
  /// disables the user's scrolling). During a drag the finger stays put on screen, so the snapshot
  /// moves with the content and the hit test runs. Throws `badArgument(1, "scroll_to", ...)` for
  /// NaN or an offset outside `0...maxOffset`.
  public func scrollTo(_ y: Double) throws {
    let fn = "scroll_to"
    try checkNumber(y, 1, fn)
    guard y >= 0, y <= maxOffset + 1e-9 else {
      throw ComponentError.badArgument(position: 1, function: fn, message: "offset out of range (\(luaNumber(y)); expected 0..\(luaNumber(maxOffset)))")
    }
    try ensureNotInCallback(fn)
    try scrollContent(to: min(y, maxOffset))
  }

  /// Scrolls; with a gesture in progress the snapshot keeps its place on screen.
  func scrollContent(to y: Double) throws {
    let delta = y - offset
    offset = y
    checkInvariantsIfDebug()
    guard drag?.gesture == true, delta != 0 else { return }
    drag?.center.y += delta
    defer { updateAutoscroll() }
    try step()
  }
}
