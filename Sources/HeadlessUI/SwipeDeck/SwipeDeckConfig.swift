/// Everything `tantan.deck(config)` accepts, with the seed's numbers as defaults (Lua key in each comment).
public struct SwipeDeckConfig: Equatable, Sendable {
  /// Tinder's dismissal bounds on the card centre (`bounds = {left=, right=, top=, bottom=}`).
  public struct Bounds: Equatable, Sendable {
    public var left, right, top, bottom: Double
    public init(left: Double, right: Double, top: Double, bottom: Double) {
      self.left = left
      self.right = right
      self.top = top
      self.bottom = bottom
    }
  }

  /// Animation lengths on the virtual clock (`durations = {swipe=, reset=, rewind=}`).
  public struct Durations: Equatable, Sendable {
    public var swipe, reset, rewind: Double
    public init(swipe: Double, reset: Double, rewind: Double) {
      self.swipe = swipe
      self.reset = reset
      self.rewind = rewind
    }
  }

  /// `preset`: which stacking, rotation and dismissal rules apply.
  public var preset: SwipeDeckPreset = .tantan
  /// `width`, `height`: the container.
  public var width = 300.0
  public var height = 400.0
  /// `card_size`: nil means the container's size (the seed's demo). Tinder ignores it (inset stacking).
  public var cardSize: Size? = nil
  /// `visible` (showItemsNumber): never shrunk by a reload with fewer items.
  public var visible = 5
  /// `offset` (offSet): tantan stacking step per depth; negative values stack the other way.
  public var offset = Point(x: 5, y: 5)
  /// `inset`: tinder stacking step per depth.
  public var inset = Point(x: 10, y: 10)
  /// `cyclic` (isCyclically).
  public var cyclic = true
  /// `threshold` (kActionMargin): translation beyond which a release dismisses (tantan).
  public var threshold = 120.0
  /// `rotation_strength` (kRotationStrength): higher = weaker rotation.
  public var rotationStrength = 320.0
  /// `rotation_max` (kRotationMax): clamp of the rotation strength, both signs.
  public var rotationMax = 1.0
  /// `rotation_angle` (kRotationAngle).
  public var rotationAngle = Double.pi / 8
  /// `scale_strength` (kScaleStrength): higher = slower shrinking.
  public var scaleStrength = 4.0
  /// `scale_min` (kScaleMax in the seed, a floor on the scale).
  public var scaleMin = 0.93
  /// `dismiss_x`: the fly-off centre x is `+-dismiss_x` (tantan).
  public var dismissX = 500.0
  /// `dismiss_y`: the fly-off centre y for up/down swipes is `-+dismiss_y` (tantan, beyond the seed).
  public var dismissY = 600.0
  /// `bounds` (tinder): dismissed when the centre passes these.
  public var bounds = Bounds(left: -65, right: 400, top: -65, bottom: 500)
  /// `fly` (tinder): the fly-off moves the centre by (+-x, y) for left/right and (0, -+x) for up/down.
  public var fly = Point(x: 200, y: 75)
  /// `velocity_threshold` (pt/s): a faster fling dismisses under the distance threshold; nil = off.
  public var velocityThreshold: Double? = nil
  /// `directions`: the directions a card may leave in; others snap back.
  public var directions: [SwipeDirection] = [.left, .right]
  /// `like`: the direction of `deck:like()`; `nope()` uses the opposite.
  public var like: SwipeDirection = .right
  /// `durations`.
  public var durations = Durations(swipe: 0.3, reset: 0.3, rewind: 0.3)
  /// `history_limit`: how many swipes `history` (and so `undo`) remembers; bounded so memory stays flat.
  public var historyLimit = 1000

  public init() {}

  /// TanTanView's defaults.
  public static let tantan = SwipeDeckConfig()

  /// The SwipeCardsDataSource tutorial: 3 cards, not cyclic, inset (10, 10), 0.2 s animations.
  public static let tinder: SwipeDeckConfig = {
    var c = SwipeDeckConfig()
    c.preset = .tinder
    c.visible = 3
    c.cyclic = false
    c.durations = Durations(swipe: 0.2, reset: 0.2, rewind: 0.2)
    return c
  }()

  /// The defaults of a preset, for the binding to overlay user keys on.
  public static func preset(_ p: SwipeDeckPreset) -> SwipeDeckConfig { p == .tantan ? .tantan : .tinder }

  /// The size of every card in the tantan stacking.
  public var resolvedCardSize: Size { cardSize ?? Size(w: width, h: height) }

  /// Throws `badArgument(1, "deck", ...)` naming the first bad key.
  public func validate() throws {
    func bad(_ message: String) -> ComponentError { .badArgument(position: 1, function: "deck", message: message) }
    func finite(_ v: Double, _ key: String) throws {
      guard v.isFinite else { throw bad("'\(key)' must be a finite number, got \(SwipeDeckArguments.format(v))") }
    }
    func positive(_ v: Double, _ key: String) throws {
      try finite(v, key)
      guard v > 0 else { throw bad("'\(key)' must be > 0, got \(SwipeDeckArguments.format(v))") }
    }
    func nonNegative(_ v: Double, _ key: String) throws {
      try finite(v, key)
      guard v >= 0 else { throw bad("'\(key)' must be >= 0, got \(SwipeDeckArguments.format(v))") }
    }
    try positive(width, "width")
    try positive(height, "height")
    if let s = cardSize {
      try positive(s.w, "card_size.w")
      try positive(s.h, "card_size.h")
    }
    guard visible >= 1, visible <= SwipeDeckLimits.maxVisible else {
      throw bad("'visible' must be an integer from 1 to \(SwipeDeckLimits.maxVisible), got \(visible)")
    }
    try finite(offset.x, "offset.x")
    try finite(offset.y, "offset.y")
    try nonNegative(inset.x, "inset.x")
    try nonNegative(inset.y, "inset.y")
    if preset == .tinder, width - 2 * Double(visible - 1) * inset.x <= 0 {
      throw bad(
        "'inset.x' leaves no width for the card at depth \(visible) (width \(SwipeDeckArguments.format(width)))")
    }
    try nonNegative(threshold, "threshold")
    try positive(rotationStrength, "rotation_strength")
    try nonNegative(rotationMax, "rotation_max")
    try finite(rotationAngle, "rotation_angle")
    try positive(scaleStrength, "scale_strength")
    try positive(scaleMin, "scale_min")
    guard scaleMin <= 1 else { throw bad("'scale_min' must be <= 1, got \(SwipeDeckArguments.format(scaleMin))") }
    try finite(dismissX, "dismiss_x")
    try finite(dismissY, "dismiss_y")
    try finite(bounds.left, "bounds.left")
    try finite(bounds.right, "bounds.right")
    try finite(bounds.top, "bounds.top")
    try finite(bounds.bottom, "bounds.bottom")
    guard bounds.left < bounds.right, bounds.top < bounds.bottom else {
      throw bad("'bounds' must have left < right and top < bottom")
    }
    try finite(fly.x, "fly.x")
    try finite(fly.y, "fly.y")
    if let v = velocityThreshold { try positive(v, "velocity_threshold") }
    guard !directions.isEmpty else { throw bad("'directions' must list at least one direction") }
    try nonNegative(durations.swipe, "durations.swipe")
    try nonNegative(durations.reset, "durations.reset")
    try nonNegative(durations.rewind, "durations.rewind")
    guard historyLimit >= 0 else { throw bad("'history_limit' must be >= 0, got \(historyLimit)") }
  }

  /// Parses a direction named in the config (`directions`, `like`): `unknown direction 'sideways' in 'like'`.
  public static func direction(named text: String, key: String) throws -> SwipeDirection {
    guard let d = SwipeDirection(rawValue: text) else {
      throw ComponentError.badArgument(
        position: 1, function: "deck", message: "direction expected in '\(key)', got '\(text)'")
    }
    return d
  }
}
