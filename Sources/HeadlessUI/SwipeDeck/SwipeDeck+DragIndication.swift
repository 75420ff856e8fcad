/// What a drag points at: the allowed direction the card moves most toward and how far it is to
/// that direction's threshold (0...1). `did_drag` reports it, and renderers draw the LIKE/NOPE
/// overlay from it (its opacity is the progress). A card displaced toward no allowed direction
/// (at rest, or moved along an axis the deck does not swipe) points at none: no indication.
public struct SwipeDragIndication: Equatable, Sendable {
  public var direction: SwipeDirection
  public var progress: Double
  public init(direction: SwipeDirection, progress: Double) {
    self.direction = direction
    self.progress = progress
  }
}

extension SwipeDeck {
  /// The indication of the drag in progress, or nil when the deck is not being dragged or the
  /// card points at no allowed direction.
  public var dragIndication: SwipeDragIndication? {
    guard case .dragging(let t) = phase else { return nil }
    return indication(for: t)
  }

  /// The LIKE/NOPE overlay at this moment (Lua `deck.overlay`): while dragging, the drag's
  /// indication; while the top card animates, its displacement from rest at `clock.now` toward the
  /// animation's direction (a fly-off, also a programmatic one, grows to 1; an undo comes back from
  /// its side to 0) or, snapping back, toward the direction it points at; nil at rest and while
  /// the card points at no allowed direction.
  public var overlay: SwipeDragIndication? {
    switch phase {
    case .dragging(let t): return indication(for: t)
    case .animating(let anim):
      let c = anim.pose(at: clock.now).center
      let rest = restPose.center
      let t = Point(x: c.x - rest.x, y: c.y - rest.y)
      switch anim.kind {
      case .fly(let d), .rewind(let d): return indication(toward: d, t)
      case .reset: return indication(for: t)
      }
    case .idle, .empty: return nil
    }
  }

  /// An animation frame: call after each `clock.advance` (the Lua binding observes the clock).
  /// While the top card animates, fires `did_drag` with the `overlay`; otherwise nothing.
  public func animationFrame() throws {
    guard case .animating = phase, hasCards else { return }
    let o = overlay
    try operation { _ = emit(.didDrag(index: topIndex, direction: o?.direction, progress: o?.progress ?? 0)) }
  }

  func indication(toward d: SwipeDirection, _ t: Point) -> SwipeDragIndication {
    let a = along(d, t)
    let threshold = distanceThreshold(d)
    let progress = threshold > 0 ? (max(a, 0) / threshold).clamped(0, 1) : (a > 0 ? 1 : 0)
    return SwipeDragIndication(direction: d, progress: progress)
  }

  /// Ties go to the horizontal directions, right first (`swipeDirectionPreference`); nil when
  /// the card moved toward no allowed direction.
  func indication(for t: Point) -> SwipeDragIndication? {
    var best = SwipeDirection.right
    var bestDistance = -Double.infinity
    for d in swipeDirectionPreference where directionMask & d.bit != 0 {
      let a = along(d, t)
      if a > bestDistance {
        best = d
        bestDistance = a
      }
    }
    guard bestDistance > 0 else { return nil }
    let threshold = distanceThreshold(best)
    let progress = threshold > 0 ? (bestDistance / threshold).clamped(0, 1) : 1
    return SwipeDragIndication(direction: best, progress: progress)
  }
}
