/// Order in which directions are tried: ties go to the horizontal ones, right first (LIKE overlays).
/// A global constant so the per-event loops never allocate.
let swipeDirectionPreference: [SwipeDirection] = [.right, .left, .up, .down]

/// The pan gesture: `drag_begin`, `drag_move` (total translation), `drag_end`, and `pan` for a whole one.
extension SwipeDeck {
  /// Starts a drag of the top card and fires `will_swipe`. A running animation (and the queue
  /// behind it) finishes at once first. Throws `wrongState` while dragging, when empty, or from a callback.
  public func dragBegin() throws {
    try operation("drag_begin") {
      try checkGestureAllowed("drag_begin")
      _ = try beginDrag(function: "drag_begin")
    }
  }

  /// Moves the top card to `translation` (total since `drag_begin`, like `translationInView`) and
  /// fires `did_drag`. Throws `badArgument` for NaN/infinite values, `wrongState` without a drag.
  public func dragMove(dx: Double, dy: Double) throws {
    try SwipeDeckArguments.finite(dx, position: 1, function: "drag_move")
    try SwipeDeckArguments.finite(dy, position: 2, function: "drag_move")
    try operation("drag_move") {
      try checkGestureAllowed("drag_move")
      guard case .dragging = phase else {
        throw ComponentError.wrongState(function: "drag_move", message: "no drag in progress")
      }
      moveDrag(Point(x: dx, y: dy))
    }
  }

  /// Releases the drag with velocity (pt/s): dismisses (`should_swipe`, then `did_swipe`) or snaps
  /// back (`did_cancel`). Returns the outcome.
  @discardableResult
  public func dragEnd(vx: Double = 0, vy: Double = 0) throws -> SwipeOutcome {
    try SwipeDeckArguments.finite(vx, position: 1, function: "drag_end")
    try SwipeDeckArguments.finite(vy, position: 2, function: "drag_end")
    return try operation("drag_end") {
      try checkGestureAllowed("drag_end")
      guard case .dragging = phase else {
        throw ComponentError.wrongState(function: "drag_end", message: "no drag in progress")
      }
      return endDrag(velocity: Point(x: vx, y: vy))
    }
  }

  /// A whole gesture: begin, `steps` moves evenly up to (dx, dy), release with `velocity`.
  @discardableResult
  public func pan(dx: Double, dy: Double, steps: Int = 1, velocity: Point = .zero) throws -> SwipeOutcome {
    try SwipeDeckArguments.finite(dx, position: 1, function: "pan")
    try SwipeDeckArguments.finite(dy, position: 2, function: "pan")
    guard steps >= 1, steps <= SwipeDeckLimits.maxSteps else {
      throw ComponentError.badArgument(
        position: 3, function: "pan",
        message: "'steps' must be an integer from 1 to \(SwipeDeckLimits.maxSteps), got \(steps)")
    }
    try SwipeDeckArguments.finite(velocity.x, position: 3, function: "pan")
    try SwipeDeckArguments.finite(velocity.y, position: 3, function: "pan")
    return try operation("pan") {
      try checkGestureAllowed("pan")
      guard try beginDrag(function: "pan") else { return .cancel }
      for k in 1...steps {
        let t =
          k == steps ? Point(x: dx, y: dy) : Point(x: dx * Double(k) / Double(steps), y: dy * Double(k) / Double(steps))
        guard case .dragging = phase else { return .cancel }  // a reload inside did_drag ended it
        moveDrag(t)
      }
      guard case .dragging = phase else { return .cancel }
      return endDrag(velocity: velocity)
    }
  }

  func checkGestureAllowed(_ function: String) throws {
    guard callbackDepth == 0 else {
      throw ComponentError.wrongState(function: function, message: "cannot drag from inside a callback")
    }
  }

  /// Returns false when the drag could not start because a callback threw.
  func beginDrag(function: String) throws -> Bool {
    if case .dragging = phase {
      throw ComponentError.wrongState(function: function, message: "a drag is already in progress")
    }
    finishAnimationsNow(function: function)
    guard pendingError == nil else { return false }
    if needsFill { fill() }
    guard pendingError == nil else { return false }
    guard hasCards else { throw ComponentError.wrongState(function: function, message: "no card to drag") }
    phase = .dragging(translation: .zero)
    emit(.willSwipe(index: topIndex))
    if pendingError != nil {
      // A failing will_swipe abandons the gesture.
      if case .dragging = phase { phase = .idle }
      return false
    }
    if case .dragging = phase { return true }
    return false
  }

  func moveDrag(_ t: Point) {
    phase = .dragging(translation: t)
    guard pendingError == nil else { return }
    // did_drag reports the allowed direction the card moves most toward, and how far to its threshold.
    let i = indication(for: t)
    emit(.didDrag(index: topIndex, direction: i.direction, progress: i.progress))
  }

  /// The release decision: past a distance threshold (largest wins), else a fling past `velocity_threshold`.
  func decide(translation t: Point, velocity v: Point) -> SwipeDirection? {
    var chosen: SwipeDirection?
    var bestDistance = 0.0
    for d in swipeDirectionPreference where directionMask & d.bit != 0 {
      let a = along(d, t)
      if a > distanceThreshold(d), chosen == nil || a > bestDistance {
        chosen = d
        bestDistance = a
      }
    }
    if chosen != nil { return chosen }
    guard let vt = config.velocityThreshold else { return nil }
    var bestSpeed = 0.0
    for d in swipeDirectionPreference where directionMask & d.bit != 0 {
      let s = along(d, v)
      if s > vt, chosen == nil || s > bestSpeed {
        chosen = d
        bestSpeed = s
      }
    }
    return chosen
  }

  func endDrag(velocity: Point) -> SwipeOutcome {
    guard case .dragging(let t) = phase else { return .cancel }
    let index = topIndex
    let start = dragPose(t)
    let e = epoch
    if let d = decide(translation: t, velocity: velocity) {
      let allowed = askShouldSwipe(index, d)
      guard e == epoch, case .dragging = phase else { return .cancel }  // a reload inside should_swipe
      if allowed {
        animate(
          .fly(d), from: start, to: flyTarget(d, from: t, start: start, programmatic: false),
          duration: config.durations.swipe)
        emit(.didSwipe(index: index, direction: d))
        return SwipeOutcome(d)
      }
    }
    animate(.reset, from: start, to: restPose, duration: config.durations.reset)
    emit(.didCancel(index: index))
    return .cancel
  }
}
