/// Every configuration key of a `ReorderGrid` (Lua: the table given to `tantan.grid`).
///
/// Keys whose seed default depends on the screen ratio `r = width / 375` are optional: `nil` means
/// "the seed's formula" (`resolvedItem`, `resolvedSpacing`, `resolvedInsets`, `resolvedTopBar`).
/// `validate()` rejects NaN, infinities, negative sizes and `columns < 1` with
/// `ReorderGridError.invalidConfig(key:problem:)`.
public struct ReorderGridConfig: Equatable, Sendable {
  /// How the cell under the dragged snapshot is chosen (Lua: `target`).
  public enum TargetRule: String, Equatable, Sendable, CaseIterable {
    /// The seed's rule: the first visible cell (layout order, hidden cell skipped) whose centre is
    /// at most half the snapshot's width away (straight-line distance, as the seed's `sqrtf`) and at
    /// most half its height away vertically.
    case halfCell = "half_cell"
    /// The snapshot's centre lies inside a visible cell's frame (not the hidden one).
    case centerInside = "center_inside"
    /// The visible cell whose centre is closest to the snapshot's centre, the dragged item's own
    /// slot included (when that slot is the closest, nothing moves); ties go to layout order.
    case closestCenter = "closest_center"
  }

  /// `line`: vertical gap between rows; `item`: minimum horizontal gap between items.
  public struct Spacing: Equatable, Sendable {
    public var line: Double
    public var item: Double
    public init(line: Double, item: Double) { self.line = line; self.item = item }
  }

  public struct Insets: Equatable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
      self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
  }

  /// `edge`: band (points) at the top and bottom of the visible area where a drag scrolls;
  /// `speed`: points per second at full depth; `tick`: timer interval on the virtual clock.
  /// Defaults follow LXReorderableCollectionViewFlowLayout (50 pt trigger insets, 300 pt/s).
  public struct Autoscroll: Equatable, Sendable {
    /// The shortest tick accepted (1 ms; the default is a 60 Hz frame).
    public static let minTick = 0.001
    public var edge: Double
    public var speed: Double
    public var tick: Double
    public init(edge: Double = 50, speed: Double = 300, tick: Double = 1.0 / 60) {
      self.edge = edge; self.speed = speed; self.tick = tick
    }
  }

  public var width: Double
  public var height: Double
  public var columns: Int
  public var item: Size?
  public var spacing: Spacing?
  public var insets: Insets?
  public var topBar: Double?
  /// The texts of the bar above the grid (the seed's top view): drawn by renderers, no behaviour.
  public var bar = BarTitles()
  /// Indices (0-based) of items that never move, are never displaced and cannot be deleted.
  public var locked: [Int]
  public var target: TargetRule
  /// Seconds a press must last to count as a long press (UILongPressGestureRecognizer's 0.5).
  public var longPress: Double
  public var autoscroll: Autoscroll

  public init(
    width: Double = 375, height: Double = 587, columns: Int = 4, item: Size? = nil,
    spacing: Spacing? = nil, insets: Insets? = nil, topBar: Double? = nil, locked: [Int] = [],
    target: TargetRule = .halfCell, longPress: Double = 0.5, autoscroll: Autoscroll = Autoscroll()
  ) {
    self.width = width; self.height = height; self.columns = columns; self.item = item
    self.spacing = spacing; self.insets = insets; self.topBar = topBar; self.locked = locked
    self.target = target; self.longPress = longPress; self.autoscroll = autoscroll
  }

  /// The seed's frame on a screen of the given size: the grid sits below the `80r` top bar.
  /// `screen(width: 375, height: 667)` gives the default 375 x 587.
  public static func screen(width: Double, height: Double) -> ReorderGridConfig {
    let r = width / 375
    return ReorderGridConfig(width: width, height: height - 80 * r)
  }

  /// The seed's bar texts: its title label and the sort button's title while not editing and
  /// while editing (`finshClick` switches them); other apps set their own.
  public struct BarTitles: Equatable, Sendable {
    public var title = "我的关注"
    public var sort = "排序删除"
    public var done = "完成"
    public init() {}
  }

  /// The screen ratio `r = width / 375` of the seed's `SCREEN_WIDTH_RATIO`.
  public var ratio: Double { width / 375 }

  /// The seed's item size, `((width - 3*4r - 2*20r) / 4, 35r + 10r)`, generalised to any column
  /// count and insets as `(width - left - right - (columns - 1) * 4r) / columns`.
  public var resolvedItem: Size {
    if let item { return item }
    let r = ratio
    let ins = resolvedInsets
    let n = Double(max(columns, 1))
    return Size(w: (width - ins.left - ins.right - (n - 1) * 4 * r) / n, h: 35 * r + 10 * r)
  }

  /// Seed: line spacing `4r`, minimum inter-item spacing `2r`.
  public var resolvedSpacing: Spacing { spacing ?? Spacing(line: 4 * ratio, item: 2 * ratio) }

  /// Seed: `20r` on every side.
  public var resolvedInsets: Insets {
    insets ?? Insets(top: 20 * ratio, left: 20 * ratio, bottom: 20 * ratio, right: 20 * ratio)
  }

  /// Seed: `80r`. Informational: the grid's frame starts below it (`ReorderGrid.frame`).
  public var resolvedTopBar: Double { topBar ?? 80 * ratio }

  /// Throws `ReorderGridError.invalidConfig` for the first bad key.
  public func validate() throws {
    func bad(_ key: Key, _ problem: Problem) -> ReorderGridError { .invalidConfig(key: key, problem: problem) }
    func positive(_ key: Key, _ v: Double) throws {
      guard v.isFinite else { throw bad(key, .notFinite(v)) }
      guard v > 0 else { throw bad(key, .notPositive(v)) }
    }
    func nonNegative(_ key: Key, _ v: Double) throws {
      guard v.isFinite else { throw bad(key, .notFinite(v)) }
      guard v >= 0 else { throw bad(key, .negative(v)) }
    }
    try positive(.width, width)
    try positive(.height, height)
    guard columns >= 1 else { throw bad(.columns, .notPositiveInteger(columns)) }
    if let item { try positive(.itemWidth, item.w); try positive(.itemHeight, item.h) }
    if let spacing { try nonNegative(.spacingLine, spacing.line); try nonNegative(.spacingItem, spacing.item) }
    if let insets {
      try nonNegative(.insetsTop, insets.top); try nonNegative(.insetsLeft, insets.left)
      try nonNegative(.insetsBottom, insets.bottom); try nonNegative(.insetsRight, insets.right)
    }
    if let topBar { try nonNegative(.topBar, topBar) }
    for i in locked where i < 0 { throw bad(.locked, .indexOutOfRange(i)) }
    try nonNegative(.longPress, longPress)
    try nonNegative(.autoscrollEdge, autoscroll.edge)
    try nonNegative(.autoscrollSpeed, autoscroll.speed)
    try positive(.autoscrollTick, autoscroll.tick)
    // A tick far below a frame would make `clock.advance` fire practically for ever.
    guard autoscroll.tick >= Autoscroll.minTick else {
      throw bad(.autoscrollTick, .belowMinimum(autoscroll.tick, minimum: Autoscroll.minTick))
    }
    // Derived: the columns must fit the width (the seed's formula can go negative on tiny widths).
    let it = resolvedItem
    guard it.w.isFinite, it.w > 0, it.h.isFinite, it.h > 0 else {
      throw bad(.width, .tooNarrow(columns: columns, itemWidth: it.w))
    }
    let ins = resolvedInsets
    let sp = resolvedSpacing
    let n = Double(columns)
    let need = n * it.w + (n - 1) * sp.item
    let avail = width - ins.left - ins.right
    guard need <= avail + 1e-9 else {
      throw bad(.columns, .doesNotFit(columns: columns, itemWidth: it.w, available: avail))
    }
  }
}
