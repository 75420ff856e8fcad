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

  /// Throws `SwipeDeckError.invalidConfig` for the first unusable field.
  public func validate() throws(SwipeDeckError) {
    func bad(_ field: Field, _ problem: Problem) -> SwipeDeckError { .invalidConfig(field: field, problem: problem) }
    func finite(_ v: Double, _ field: Field) throws(SwipeDeckError) {
      guard v.isFinite else { throw bad(field, .notFinite(v)) }
    }
    func positive(_ v: Double, _ field: Field) throws(SwipeDeckError) {
      try finite(v, field)
      guard v > 0 else { throw bad(field, .notPositive(v)) }
    }
    func nonNegative(_ v: Double, _ field: Field) throws(SwipeDeckError) {
      try finite(v, field)
      guard v >= 0 else { throw bad(field, .negative(v)) }
    }
    try positive(width, .width)
    try positive(height, .height)
    if let s = cardSize {
      try positive(s.w, .cardWidth)
      try positive(s.h, .cardHeight)
    }
    let visibleRange = 1...SwipeDeckLimits.maxVisible
    guard visibleRange.contains(visible) else { throw bad(.visible, .outOfRange(visible, range: visibleRange)) }
    try finite(offset.x, .offsetX)
    try finite(offset.y, .offsetY)
    try nonNegative(inset.x, .insetX)
    try nonNegative(inset.y, .insetY)
    if preset == .tinder, width - 2 * Double(visible - 1) * inset.x <= 0 {
      throw bad(.insetX, .noWidthAtDepth(visible - 1, width: width))
    }
    try nonNegative(threshold, .threshold)
    try positive(rotationStrength, .rotationStrength)
    try nonNegative(rotationMax, .rotationMax)
    try finite(rotationAngle, .rotationAngle)
    try positive(scaleStrength, .scaleStrength)
    try positive(scaleMin, .scaleMin)
    guard scaleMin <= 1 else { throw bad(.scaleMin, .greaterThanOne(scaleMin)) }
    try finite(dismissX, .dismissX)
    try finite(dismissY, .dismissY)
    try finite(bounds.left, .boundsLeft)
    try finite(bounds.right, .boundsRight)
    try finite(bounds.top, .boundsTop)
    try finite(bounds.bottom, .boundsBottom)
    guard bounds.left < bounds.right, bounds.top < bounds.bottom else { throw bad(.bounds, .unordered) }
    try finite(fly.x, .flyX)
    try finite(fly.y, .flyY)
    if let v = velocityThreshold { try positive(v, .velocityThreshold) }
    guard !directions.isEmpty else { throw bad(.directions, .empty) }
    try nonNegative(durations.swipe, .swipeDuration)
    try nonNegative(durations.reset, .resetDuration)
    try nonNegative(durations.rewind, .rewindDuration)
    guard historyLimit >= 0 else { throw bad(.historyLimit, .negative(Double(historyLimit))) }
  }
}
