/// What a `SwipeDeck` call refuses, in Swift terms: numbers as the Doubles given, item indices
/// 0-based, parameters and config fields by their Swift names. A binding words them for its
/// users (the Lua one in one place: Sources/TantanLua/Deck/DeckErrors.swift).
public enum SwipeDeckError: Error, Equatable, Sendable {
  /// `swipe`, `like`, `nope` or `undo` while a drag is in progress.
  case dragInProgress
  /// `dragBegin` or `pan` while a drag is in progress.
  case dragAlreadyInProgress
  /// `dragMove` or `dragEnd` without a drag.
  case noDragInProgress
  /// `swipe`, `like` or `nope` with no card showing.
  case noCardToSwipe
  /// `dragBegin` or `pan` with no card showing.
  case noCardToDrag
  /// A gesture started from inside a delegate or data-source callback.
  case gestureInsideCallback
  /// `reload` from inside a data-source callback.
  case reloadInsideSourceCallback
  /// One call ran more than `limit` queued operations (a callback that queues one each time).
  case queueOverflow(limit: Int)
  /// A swipe in a direction that `config.directions` does not list (`swipe`'s argument, or the
  /// configured `like` direction of `like`/`nope`).
  case directionNotAllowed(SwipeDirection)
  /// A gesture argument that is NaN or infinite.
  case notFinite(SwipeDeckParameter, Double)
  /// `pan`'s `steps` outside `range`.
  case stepsOutOfRange(Int, range: ClosedRange<Int>)
  /// A config field with an unusable value (`SwipeDeckConfig.validate`).
  case invalidConfig(field: SwipeDeckConfig.Field, problem: SwipeDeckConfig.Problem)
  /// `source.count` answered outside `range`.
  case countOutOfRange(Int, range: ClosedRange<Int>)
}

/// The gesture parameters an argument error is about.
public enum SwipeDeckParameter: Sendable {
  case dx, dy, vx, vy, steps, velocity, direction
}

extension SwipeDeckConfig {
  /// The fields `validate` checks, by their Swift names (`cardWidth` is `cardSize.w`).
  public enum Field: Sendable {
    case width, height, cardWidth, cardHeight, visible, offsetX, offsetY, insetX, insetY, threshold
    case rotationStrength, rotationMax, rotationAngle, scaleStrength, scaleMin, dismissX, dismissY
    case boundsLeft, boundsRight, boundsTop, boundsBottom, bounds, flyX, flyY, velocityThreshold
    case directions, swipeDuration, resetDuration, rewindDuration, historyLimit
  }

  /// Why a field's value is unusable.
  public enum Problem: Equatable, Sendable {
    case notFinite(Double)
    /// Must be > 0.
    case notPositive(Double)
    /// Must be >= 0.
    case negative(Double)
    /// Must be <= 1.
    case greaterThanOne(Double)
    case outOfRange(Int, range: ClosedRange<Int>)
    /// The inset narrows the deepest card (depth 0-based, as `card(atDepth:)`) to nothing in `width`.
    case noWidthAtDepth(Int, width: Double)
    /// `bounds` needs left < right and top < bottom.
    case unordered
    /// `directions` lists none.
    case empty
  }
}

/// Bounds that keep a hostile or buggy data source from exhausting the host.
public enum SwipeDeckLimits {
  /// Largest accepted item count: 2^53, every index stays exact as a Lua float too.
  public static let maxCount = 1 << 53
  /// Largest accepted `visible`: memory is proportional to it.
  public static let maxVisible = 1000
  /// Largest accepted `pan` steps.
  public static let maxSteps = 100_000
  /// Queued operations (swipes, undos) one call may run: a callback that queues another one each
  /// time (`should_swipe` calling `deck:swipe`) is an error after this many, not a hang.
  public static let maxQueuedOperations = 10_000
}
