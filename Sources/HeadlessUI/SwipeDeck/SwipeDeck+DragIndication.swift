/// What a drag points at: the allowed direction the card moves most toward and how far it is to
/// that direction's threshold (0...1). `did_drag` reports it, and renderers draw the LIKE/NOPE
/// overlay from it (its opacity is the progress).
public struct SwipeDragIndication: Equatable, Sendable {
  public var direction: SwipeDirection
  public var progress: Double
  public init(direction: SwipeDirection, progress: Double) {
    self.direction = direction
    self.progress = progress
  }
}

extension SwipeDeck {
  /// The indication of the drag in progress, or nil when the deck is not being dragged.
  public var dragIndication: SwipeDragIndication? {
    guard case .dragging(let t) = phase else { return nil }
    return indication(for: t)
  }

  /// Ties go to the horizontal directions, right first (`swipeDirectionPreference`).
  func indication(for t: Point) -> SwipeDragIndication {
    var best = SwipeDirection.right
    var bestDistance = -Double.infinity
    for d in swipeDirectionPreference where directionMask & d.bit != 0 {
      let a = along(d, t)
      if a > bestDistance {
        best = d
        bestDistance = a
      }
    }
    let threshold = distanceThreshold(best)
    let progress = threshold > 0 ? (max(bestDistance, 0) / threshold).clamped(0, 1) : (bestDistance > 0 ? 1 : 0)
    return SwipeDragIndication(direction: best, progress: progress)
  }
}
