/// Gestures: long press, pan, the live steps of a drag, drop and cancel.
extension ReorderGrid {
  /// Lua: `grid:long_press(index [, seconds])`. As in the seed: enters editing (asking
  /// `willBeginEditing` first) and lifts the cell. A locked cell, one `canMove` refuses, or any
  /// cell of a data source without `move` (see `canReorder`) enters editing without lifting. With `duration` shorter than `config.longPress` it is a tap and
  /// nothing happens. Returns whether a drag started.
  ///
  /// Throws `indexOutOfRange`, `notFinite`/`negative` for a bad duration, `dragInProgress`, and delegate errors
  /// (`willBeginEditing` throwing leaves editing off; `willBeginDrag` throwing leaves the cell down).
  @discardableResult
  public func longPress(_ index: Int, duration: Double? = nil) throws -> Bool {
    try checkIndex(index, "index")
    if let duration {
      try checkNumber(duration, "duration")
      guard duration >= 0 else { throw ReorderGridError.negative(parameter: "duration", value: duration) }
    }
    try ensureNotInCallback()
    try ensureNoDrag()
    if let duration, duration < config.longPress { return false }
    try beginEditingIfNeeded()
    return try lift(index)
  }

  /// Lua: `grid:pan_begin(index)`: the seed's pan recogniser, which only works while editing.
  /// Returns whether a drag started (false for a locked cell or a `canMove` veto). Throws
  /// `notEditingPanNeedsEditing` outside editing.
  @discardableResult
  public func panBegin(_ index: Int) throws -> Bool {
    try checkIndex(index, "index")
    try ensureNotInCallback()
    try ensureNoDrag()
    guard editing else { throw ReorderGridError.notEditingPanNeedsEditing }
    return try lift(index)
  }

  /// Lua: `grid:drag_by(dx, dy)`: moves the finger (and the snapshot) by an increment, then runs
  /// the hit test once. Throws `notFinite` for NaN/infinite numbers, `coordinateOverflow`,
  /// `noDragInProgress`, and delegate errors (`canDrop`, `didMove`;
  /// the drag stays in progress and consistent).
  public func dragBy(dx: Double, dy: Double) throws {
    try checkNumber(dx, "dx")
    try checkNumber(dy, "dy")
    try ensureNotInCallback()
    guard let d = drag, d.gesture else { throw ReorderGridError.noDragInProgress }
    let p = Point(x: d.center.x + dx, y: d.center.y + dy)
    guard p.x.isFinite, p.y.isFinite else {
      throw ReorderGridError.coordinateOverflow(parameter: p.x.isFinite ? "dy" : "dx")
    }
    try moveSnapshot(to: p)
  }

  /// Lua: `grid:drag_to(x, y)`: puts the snapshot's centre at `(x, y)` (content coordinates; the
  /// press is taken to be at the centre of the cell), then runs the hit test once.
  public func dragTo(x: Double, y: Double) throws {
    try checkNumber(x, "x")
    try checkNumber(y, "y")
    try ensureNotInCallback()
    guard drag?.gesture == true else { throw ReorderGridError.noDragInProgress }
    try moveSnapshot(to: Point(x: x, y: y))
  }

  /// Lua: `grid:drop() -> final index`. Commits: the data source's `move(origin, final)` once (if
  /// they differ), then `didDrop(origin, final)` (also when equal). If the data source's `move`
  /// throws, the drag ends with the order from before it and the error is rethrown.
  @discardableResult
  public func drop() throws -> Int {
    try ensureNotInCallback()
    guard drag?.gesture == true else { throw ReorderGridError.noDragInProgress }
    return try commit()
  }

  /// Lua: `grid:cancel()`: ends the drag with the order from before it; `didCancel(origin)`.
  public func cancel() throws {
    try ensureNotInCallback()
    guard let d = drag, d.gesture else { throw ReorderGridError.noDragInProgress }
    stopAutoscroll()
    drag = nil
    debugCheckInvariants()
    try emit(.didCancel(index: d.origin))
  }

  /// The most `steps` a `drag(from:to:steps:)` may take (each is a hit test): bounds the call.
  public static var maxDragSteps: Int { 100_000 }

  /// Lua: `grid:drag(from, to [, steps]) -> final index`: the whole gesture. Long press on `from`
  /// (entering editing), the finger travels in a straight line to the centre of slot `to` in
  /// `steps` moves (default: steps of at most half the smaller item side, so every cell on the way
  /// gets its hit test), then drop. Idealised autoscroll: before each move the content scrolls
  /// directly (no clock) just enough to keep the snapshot visible.
  ///
  /// `steps` above `maxDragSteps` is `tooManySteps` (a huge count would never return); the default
  /// is capped at `maxDragSteps` too (on a huge grid the strides then exceed half a cell).
  ///
  /// Returns the final index (`from` when the cell could not be lifted: locked, vetoed). If a
  /// delegate throws mid-way, the drag is abandoned (order from before it, no `didCancel`) and the
  /// error rethrown.
  @discardableResult
  public func drag(from: Int, to: Int, steps: Int? = nil) throws -> Int {
    try checkIndex(from, "from")
    try checkIndex(to, "to")
    if let steps, steps < 1 { throw ReorderGridError.stepsNotPositive(steps) }
    if let steps, steps > Self.maxDragSteps { throw ReorderGridError.tooManySteps(max: Self.maxDragSteps) }
    try ensureNotInCallback()
    try ensureNoDrag()
    try beginEditingIfNeeded()
    guard try lift(from) else { return from }
    stopAutoscroll()
    let start = layout.center(at: from)
    let end = layout.center(at: to)
    let n: Int
    if let steps {
      n = steps
    } else {
      let dist = ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot()
      let stride = min(layout.itemSize.w, layout.itemSize.h) / 2
      // Capped, and compared before converting: tiny items would overflow Int (a trap).
      let raw = (dist / stride).rounded(.up)
      n = raw < Double(Self.maxDragSteps) ? max(1, Int(raw)) : Self.maxDragSteps
    }
    do {
      for k in 1...n {
        let p = k == n ? end : Tween.lerp(start, end, Double(k) / Double(n))
        keepVisible(p)
        drag?.center = p
        try step()
      }
    } catch {
      drag = nil
      debugCheckInvariants()
      throw error
    }
    return try commit()
  }

  // MARK: Internals

  func beginEditingIfNeeded() throws {
    guard !editing else { return }
    try emit(.willBeginEditing)
    editing = true
    debugCheckInvariants()
  }

  /// Lifts the cell at `index` unless it is locked or vetoed; the snapshot starts at its centre.
  func lift(_ index: Int) throws -> Bool {
    if isLocked(index) || !canReorder { return false }
    guard try emit(.canMove(index: index)) else { return false }
    try emit(.willBeginDrag(index: index))
    drag = DragState(origin: index, current: index, center: layout.center(at: index), gesture: true)
    debugCheckInvariants()
    updateAutoscroll()
    return true
  }

  func moveSnapshot(to p: Point) throws {
    drag?.center = p
    defer { updateAutoscroll() }
    try step()
  }

  /// One hit test after a move of the snapshot; at most one live step. The first cell the target
  /// rule finds is the only candidate: if it is refused (a locked item on the way, `canDrop` says
  /// no) nothing moves on this step, as the seed's loop `break`s after its first hit.
  func step() throws {
    guard let d = drag else { return }
    guard let t = hitTarget(d.center, hidden: d.current), t != d.current else { return }
    try liveMove(to: t)
  }

  /// One live step of the dragged item from its live index to `t`, the items in between shifting
  /// by one. Refused (false) when a locked item lies on the way or `canDrop` says no.
  @discardableResult
  func liveMove(to t: Int) throws -> Bool {
    guard let d = drag else { return false }
    let from = d.current
    if lockedRange(min(from, t), max(from, t)) { return false }
    guard try emit(.canDrop(from: from, to: t)) else { return false }
    drag?.current = t
    debugCheckInvariants()
    try emit(.didMove(from: from, to: t))
    return true
  }

  /// The commit path shared by `drop()` and `move(from:to:)`.
  func commit() throws -> Int {
    guard let d = drag else { return -1 }
    stopAutoscroll()
    let o = d.origin
    let f = d.current
    if o != f, let source {
      do {
        try callout { try source.move?(o, f) }
      } catch {
        drag = nil
        debugCheckInvariants()
        throw error
      }
    }
    drag = nil
    if o != f {
      if source == nil { Self.shift(&storage, o, f) }
      Self.shift(&ids, o, f)
    }
    debugCheckInvariants()
    try emit(.didDrop(from: o, to: f))
    return f
  }

  /// Moves `a[from]` to `to`, shifting the elements in between by one: O(|to - from|).
  static func shift<T>(_ a: inout [T], _ from: Int, _ to: Int) {
    let x = a[from]
    if from < to {
      for i in from..<to { a[i] = a[i + 1] }
    } else {
      var i = from
      while i > to { a[i] = a[i - 1]; i -= 1 }
    }
    a[to] = x
  }

  /// Scrolls just enough for a snapshot centred at `p` to be inside the visible area.
  func keepVisible(_ p: Point) {
    let hh = layout.itemSize.h / 2
    var o = offset
    if p.y - hh < o { o = p.y - hh }
    if p.y + hh > o + config.height { o = p.y + hh - config.height }
    offset = o.clamped(0, maxOffset)
  }
}
