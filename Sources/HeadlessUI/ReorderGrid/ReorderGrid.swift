/// The headless model of the seed's long-press drag-to-reorder channel grid (DraggingSort's
/// `YLDragSortViewController`), generic over an opaque `Item` (never compared: identity is the
/// position, so duplicate items are fine). Indices are 0-based; frames and points are in content
/// coordinates, `offset` is the scroll offset.
///
/// Methods are in `ReorderGrid+Drag.swift` (gestures), `+Editing.swift` (editing, delete, move,
/// reload, scroll), `+Layout.swift` (queries), `+HitTest.swift` (target rules),
/// `+Autoscroll.swift` and `+Invariants.swift`.
///
/// **Errors.** Bad arguments, calls in the wrong state and a data source answering nonsense throw
/// `ReorderGridError` (Swift facts: 0-based indices, the Swift parameter's name). A delegate or data
/// source error is rethrown as is, after the grid has been made consistent.
///
/// **Re-entrancy: error, not queue.** While any delegate or data-source callback runs, every
/// mutating method (gestures, `move`, `delete`, `reload`, editing, `scrollTo`) throws
/// `calledFromCallback`
/// and changes nothing. Reading (`items`, `cell`, `indexAt`, fields) is allowed. Outside
/// callbacks, `move`, `delete`, `reload` and editing changes during a drag also throw
/// (`"a drag is in progress"`): drop or cancel first.
public final class ReorderGrid<Item> {
  public let config: ReorderGridConfig
  public let layout: ReorderGridLayout
  public let clock: VirtualClock
  /// Held strongly: a delegate that needs the grid keeps a weak or unowned reference to it.
  public var delegate: (any ReorderGridDelegate<Item>)?

  // Data: either `storage` (array mode) or `source`. Both hold the *committed* order; during a
  // drag the live order is the committed one with a single pending move `origin -> current`
  // (see `committedIndex(live:)`), so a live step costs O(1) whatever the count.
  var storage: [Item]
  var source: ReorderGridDataSource<Item>?
  public internal(set) var count: Int

  // Identity bookkeeping for the invariants: an id per item, in committed order.
  var ids: [Int]
  var nextID: Int
  var deletedIDs: Set<Int> = []
  /// Committed positions of locked items, ascending. Moves never change them; a delete before one
  /// shifts it down with its item.
  var lockedPositions: [Int] = []
  /// Identities of the locked items, parallel to `lockedPositions`.
  var lockedIDs: [Int] = []

  public internal(set) var editing = false
  public internal(set) var offset: Double = 0
  var drag: DragState?
  var autoscrollTimer: VirtualClock.TimerID?
  /// Names the autoscroll timer for the clock's list of pending timers (removed in deinit).
  private var describer: UInt64 = 0
  var callbackDepth = 0

  /// Cells examined by hit tests since creation (for the scale tests: O(1) per step).
  var probes = 0
  /// Automatic debug checks are full (O(n)) up to this count, cheap above it.
  var fullInvariantCheckLimit = 20_000
  /// Benchmarks turn the automatic debug checks off.
  var debugChecksEnabled = true

  struct DragState {
    var origin: Int
    var current: Int
    var center: Point
    /// False for `move(from:to:)`, which borrows the drag machinery without a snapshot.
    var gesture: Bool
  }

  /// False for a data source without `move`: its order is the source's, so nothing can be lifted.
  public var canReorder: Bool { source.map { $0.move != nil } ?? true }

  /// False for a data source without `delete`: no badges, so no delete is accepted and then undone.
  public var canDelete: Bool { source.map { $0.delete != nil } ?? true }

  /// The most items a data source may report (an identity is allocated per item).
  public static var maxCount: Int { 10_000_000 }

  /// A data source's count, checked: negative or above `maxCount` is `badDataSource`.
  static func checkedCount(_ n: Int) throws -> Int {
    guard n >= 0, n <= maxCount else { throw ReorderGridError.badSourceCount(n, max: maxCount) }
    return n
  }

  /// A grid over an array of items.
  public init(config: ReorderGridConfig = ReorderGridConfig(), items: [Item], clock: VirtualClock = VirtualClock())
    throws
  {
    try config.validate()
    self.config = config
    self.layout = ReorderGridLayout(config)
    self.clock = clock
    self.storage = items
    self.source = nil
    self.count = items.count
    self.ids = Array(0..<items.count)
    self.nextID = items.count
    try resetLocked(strict: true)
    debugCheckInvariants()
    describeTimers()
  }

  /// A grid over a callback data source; `count()` is asked now.
  public init(
    config: ReorderGridConfig = ReorderGridConfig(), source: ReorderGridDataSource<Item>,
    clock: VirtualClock = VirtualClock()
  ) throws {
    try config.validate()
    self.config = config
    self.layout = ReorderGridLayout(config)
    self.clock = clock
    self.storage = []
    self.source = source
    self.count = 0
    self.ids = []
    self.nextID = 0
    let n = try Self.checkedCount(try callout { try source.count() })
    self.count = n
    self.ids = Array(0..<n)
    self.nextID = n
    try resetLocked(strict: true)
    debugCheckInvariants()
    describeTimers()
  }

  deinit {
    if let t = autoscrollTimer { clock.cancel(t) }
    clock.removeDescriber(describer)
  }

  private func describeTimers() {
    describer = clock.addDescriber { [unowned self] in
      self.autoscrollTimer.map { [($0, "ReorderGrid autoscroll")] } ?? []
    }
  }

  // MARK: Fields (Lua: grid.items, grid.count, grid.editing, grid.dragging, grid.offset, ...)

  /// The current (live) order. With a data source this asks `item(i)` for every index.
  public var items: [Item] {
    get throws {
      if source == nil && drag == nil { return storage }
      var out: [Item] = []
      out.reserveCapacity(count)
      for i in 0..<count { out.append(try item(at: i)) }
      return out
    }
  }

  /// The live index of the item being dragged by a gesture, or nil.
  public var dragging: Int? {
    guard let d = drag, d.gesture else { return nil }
    return d.current
  }

  /// The index, before the drag, of the item being dragged, or nil.
  public var dragOrigin: Int? {
    guard let d = drag, d.gesture else { return nil }
    return d.origin
  }

  /// The dragged snapshot's frame (the item's size around the finger), or nil.
  public var snapshot: Rect? {
    guard let d = drag, d.gesture else { return nil }
    let s = layout.itemSize
    return Rect(x: d.center.x - s.w / 2, y: d.center.y - s.h / 2, w: s.w, h: s.h)
  }

  public var contentHeight: Double { layout.contentHeight(count: count) }
  public var maxOffset: Double { max(0, contentHeight - config.height) }
  /// Indices of the cells whose frame intersects the visible area.
  public var visible: Range<Int> { layout.visibleIndices(offset: offset, height: config.height, count: count) }
  /// The visible area in content coordinates.
  public var visibleRect: Rect { Rect(x: 0, y: offset, w: config.width, h: config.height) }
  /// Live positions of the locked items, ascending (they never move, so live == committed).
  public var locked: [Int] { lockedPositions }
  /// The grid's frame on screen: below the top bar.
  public var frame: Rect { Rect(x: 0, y: config.resolvedTopBar, w: config.width, h: config.height) }
  /// True while a delegate or data-source callback is running.
  public var isInCallback: Bool { callbackDepth > 0 }

  // MARK: Internals shared by the extensions

  /// Maps a live index to the committed one (identity unless a drag has a pending move).
  @inline(__always) func committedIndex(live i: Int) -> Int {
    guard let d = drag, d.origin != d.current else { return i }
    if i == d.current { return d.origin }
    if d.origin < d.current {
      if i >= d.origin && i < d.current { return i + 1 }
    } else if i > d.current && i <= d.origin {
      return i - 1
    }
    return i
  }

  /// The item at live index `i` (`i` already checked to be in range).
  func item(at i: Int) throws -> Item {
    let c = committedIndex(live: i)
    guard let source else { return storage[c] }
    guard let it = try callout({ try source.item(c) }) else {
      throw ReorderGridError.missingSourceItem(index: c, count: count)
    }
    return it
  }

  func isLocked(_ i: Int) -> Bool { lockedRange(i, i) }

  /// True when a locked position lies in `lo...hi` (binary search).
  func lockedRange(_ lo: Int, _ hi: Int) -> Bool {
    var a = 0
    var b = lockedPositions.count
    while a < b {
      let m = (a + b) / 2
      if lockedPositions[m] < lo { a = m + 1 } else { b = m }
    }
    return a < lockedPositions.count && lockedPositions[a] <= hi
  }

  func resetLocked(strict: Bool) throws {
    var seen = Set<Int>()
    var out: [Int] = []
    for i in config.locked where seen.insert(i).inserted {
      if i >= count {
        if strict { throw ReorderGridError.invalidConfig(key: .locked, problem: .indexOutOfRange(i)) }
        continue
      }
      out.append(i)
    }
    lockedPositions = out.sorted()
    lockedIDs = lockedPositions.map { ids[$0] }
  }

  /// Runs a delegate or data-source call with the re-entrancy guard up.
  @inline(__always) func callout<T>(_ body: () throws -> T) rethrows -> T {
    callbackDepth += 1
    defer { callbackDepth -= 1 }
    return try body()
  }

  /// Hands `event` to the delegate (with the re-entrancy guard up) and returns its answer; true
  /// without a delegate.
  @discardableResult
  func emit(_ event: ReorderGridEvent<Item>) throws -> Bool {
    guard let d = delegate else { return true }
    return try callout { try d.handle(event) }
  }

  /// Throws when called from inside a callback.
  func ensureNotInCallback() throws {
    if callbackDepth > 0 { throw ReorderGridError.calledFromCallback }
  }

  func ensureNoDrag() throws {
    if drag != nil { throw ReorderGridError.dragInProgress }
  }

  /// `i` (given for Swift parameter `parameter`) must be a position of an item.
  func checkIndex(_ i: Int, _ parameter: String) throws {
    guard i >= 0 && i < count else {
      throw ReorderGridError.indexOutOfRange(parameter: parameter, index: i, count: count)
    }
  }

  func checkNumber(_ v: Double, _ parameter: String) throws {
    guard v.isFinite else { throw ReorderGridError.notFinite(parameter: parameter, value: v) }
  }
}
