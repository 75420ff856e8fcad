/// Where a card leaves the deck. Raw values are the Lua strings.
public enum SwipeDirection: String, CaseIterable, Sendable {
  case left, right, up, down

  /// The direction `nope()` uses when `like` is this one.
  public var opposite: SwipeDirection {
    switch self {
    case .left: return .right
    case .right: return .left
    case .up: return .down
    case .down: return .up
    }
  }

  /// Bit for the allowed-directions mask (a mask keeps the gesture decision allocation-free).
  @usableFromInline var bit: UInt8 { 1 << UInt8(truncatingIfNeeded: ordinal) }

  @usableFromInline var ordinal: Int {
    switch self {
    case .left: return 0
    case .right: return 1
    case .up: return 2
    case .down: return 3
    }
  }
}

/// What a finished gesture did: `drag_end` and `pan` return it (Lua: `"left"` ... `"cancel"`).
public enum SwipeOutcome: String, Sendable {
  case left, right, up, down, cancel

  public init(_ direction: SwipeDirection) {
    switch direction {
    case .left: self = .left
    case .right: self = .right
    case .up: self = .up
    case .down: self = .down
    }
  }

  public var direction: SwipeDirection? { SwipeDirection(rawValue: rawValue) }
}

/// `deck.state` in Lua.
public enum SwipeDeckState: String, Sendable {
  case idle, dragging, animating, empty
}

/// The behaviour family: stacking rule, rotation rule, dismissal rule and fly-off.
public enum SwipeDeckPreset: String, CaseIterable, Sendable {
  /// TanTanView.m: offset stacking, threshold on the translation, fly to `dismiss_x`.
  case tantan
  /// The SwipeCardsDataSource tutorial: inset stacking, `bounds` on the centre, `fly` with fade.
  case tinder
}

/// One entry of `deck.history`: an item that was swiped away, most recent last.
public struct SwipeHistoryEntry: Equatable, Sendable {
  public var index: Int
  public var direction: SwipeDirection
  public init(index: Int, direction: SwipeDirection) {
    self.index = index
    self.direction = direction
  }
}

/// A visible card sampled at `clock.now`.
public struct SwipeCard<Model> {
  /// Item index (0-based; the binding adds 1).
  public var index: Int
  public var model: Model
  /// The untransformed rect: moved with the centre, but without rotation or scale.
  public var frame: Rect
  public var center: Point
  /// Radians, clockwise positive as in UIKit.
  public var rotation: Double
  public var scale: Double
  public var alpha: Double
  /// 0 = top card (the binding adds 1).
  public var depth: Int
}
