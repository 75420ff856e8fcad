/// The top card's transform: the only card that moves (the others sit at their rest frames).
struct CardPose: Equatable {
  var center: Point
  var rotation: Double
  var scale: Double
  var alpha: Double

  static func lerp(_ a: CardPose, _ b: CardPose, _ t: Double) -> CardPose {
    CardPose(
      center: Tween.lerp(a.center, b.center, t),
      rotation: Tween.lerp(a.rotation, b.rotation, t),
      scale: Tween.lerp(a.scale, b.scale, t),
      alpha: Tween.lerp(a.alpha, b.alpha, t))
  }
}

/// A running animation of the top card, read lazily from `clock.now`.
struct DeckAnimation {
  enum Kind: Equatable {
    /// Fly-off after a swipe; the card leaves when it completes.
    case fly(SwipeDirection)
    /// Snap back to rest after a cancelled or vetoed release.
    case reset
    /// `undo`: the card comes back from the side it left.
    case rewind(SwipeDirection)
  }

  var kind: Kind
  var tween: Tween
  var from: CardPose
  var to: CardPose
  var timer: VirtualClock.TimerID

  func pose(at now: Double) -> CardPose { CardPose.lerp(from, to, tween.progress(at: now)) }
}

/// What the deck is doing.
enum SwipeDeckPhase {
  case idle
  case empty
  case dragging(translation: Point)
  case animating(DeckAnimation)
}

/// A programmatic operation waiting for the deck to settle.
enum SwipeDeckQueuedOperation {
  case swipe(SwipeDirection)
  case undo
}
