/// Order in which directions are tried: ties go to the horizontal ones, right first (LIKE overlays).
/// A global constant so the per-event loops never allocate.
let swipeDirectionPreference: [SwipeDirection] = [.right, .left, .up, .down]

/// The pan gesture: `drag_begin`, `drag_move` (total translation), `drag_end`, and `pan` for a whole one.
extension SwipeDeck {
  /// Starts a drag of the top card and fires `will_swipe`. A running animation (and the queue
  /// behind it) finishes at once first. Throws `dragAlreadyInProgress`, `noCardToDrag`, or
  /// `gestureInsideCallback` from a callback.
  public func dragBegin() throws {
    try operation {
      try checkGestureAllowed()
      _ = try beginDrag()
    }
  }

  /// Moves the top card to `translation` (total since `drag_begin`, like `translationInView`) and
  /// fires `did_drag`. Throws `notFinite` for NaN/infinite values, `noDragInProgress` without a drag.
  public func dragMove(dx: Double, dy: Double) throws {
    try checkFinite(dx, .dx)
    try checkFinite(dy, .dy)
    try operation {
      try checkGestureAllowed()
      guard case .dragging = phase else { throw SwipeDeckError.noDragInProgress }
      moveDrag(Point(x: dx, y: dy))
    }
  }

  /// Releases the drag with velocity (pt/s): dismisses (`should_swipe`, then `did_swipe`) or snaps
  /// back (`did_cancel`). Returns the outcome.
  @discardableResult
  public func dragEnd(vx: Double = 0, vy: Double = 0) throws -> SwipeOutcome {
    try checkFinite(vx, .vx)
    try checkFinite(vy, .vy)
    return try operation {
      try checkGestureAllowed()
      guard case .dragging = phase else { throw SwipeDeckError.noDragInProgress }
      return endDrag(velocity: Point(x: vx, y: vy))
    }
  }

  /// A whole gesture: begin, `steps` moves evenly up to (dx, dy), release with `velocity`.
  @discardableResult
  public func pan(dx: Double, dy: Double, steps: Int = 1, velocity: Point = .zero) throws -> SwipeOutcome {
    try checkFinite(dx, .dx)
    try checkFinite(dy, .dy)
    let stepRange = 1...SwipeDeckLimits.maxSteps
    guard stepRange.contains(steps) else { throw SwipeDeckError.stepsOutOfRange(steps, range: stepRange) }
    try checkFinite(velocity.x, .velocity)
    try checkFinite(velocity.y, .velocity)
    return try operation {
      try checkGestureAllowed()
      guard try beginDrag() else { return .cancel }
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

  /// A card cannot move to NaN or infinity.
  func checkFinite(_ value: Double, _ parameter: SwipeDeckParameter) throws(SwipeDeckError) {
    guard value.isFinite else { throw .notFinite(parameter, value) }
  }

  func checkGestureAllowed() throws(SwipeDeckError) {
    guard callbackDepth == 0 else { throw .gestureInsideCallback }
  }

  /// Returns false when the drag could not start because a callback threw.
  func beginDrag() throws(SwipeDeckError) -> Bool {
    if case .dragging = phase { throw .dragAlreadyInProgress }
    finishAnimationsNow()
    guard pendingError == nil else { return false }
    if needsFill { fill() }
    guard pendingError == nil else { return false }
    guard hasCards else { throw .noCardToDrag }
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
    // did_drag reports the allowed direction the card moves most toward (nil: none), and how far to its threshold.
    let i = indication(for: t)
    emit(.didDrag(index: topIndex, direction: i?.direction, progress: i?.progress ?? 0))
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
      let allowed = emit(.shouldSwipe(index: index, direction: d))
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
