/// The headless model of a sectioned view-model list (Lua `tantan.List`): data with ids, a flow
/// layout with optional grid sections and sticky headers, scrolling, pull to refresh, paging and
/// diffing. Indices are 0-based; frames are in content coordinates; `offset` is UIKit's
/// `contentOffset.y` (at rest `-contentInset.top`).
///
/// Concerns live in extensions: `+Data` (loading, `apply`, `reload`), `+Layout`, `+Sticky`,
/// `+Refresh`, `+Paging`, `+Invariants`; the diff itself is `ListDiff`.
public final class ListModel<Payload: Equatable> {
  /// The z of sticky headers, as in the seed's `LevitateHeaderFlowLayout`.
  public static var stickyHeaderZ: Int { 1024 }

  public let config: ListConfig<Payload>
  public let clock: VirtualClock
  /// The callbacks `reload()` reads again; nil when the list was given sections as values.
  public let dataSource: ListDataSource<Payload>?

  // Data snapshot and its prefix sums (replaced as a whole by `commit`).
  public internal(set) var sections: [ListSection<Payload>] = []
  var geometry: [ListSectionGeometry] = []
  /// `sectionTops[s]`: top of section s; `sectionTops[count]` is the content height.
  var sectionTops: [Double] = [0]
  /// `itemStarts[s]`: flat index of section s's first item; `itemStarts[count]` is the item count.
  var itemStarts: [Int] = [0]
  /// Every item's id in a list of values; for a `source` list, the ids of the held items.
  var itemIndex: [ListID: ListIndexPath] = [:]
  var sectionIndex: [ListID: Int] = [:]
  /// A `source` list's held items (see `+Source`); nil for values (and after `apply`).
  var lazy: ListLazyItems<Payload>?
  /// Where what the list keeps is charged and its loops counted (see `+Footprint`).
  public let budget: ModelBudget
  /// The sum of `geometry`'s bytes, kept as it changes (`updateGeometry`).
  var geometryBytes = 0

  /// UIKit's contentOffset.y. Changed only by `scrollTo`/`scrollBy` and by clamping after the
  /// content shrinks; a pull does not move it (see `pullDistance`).
  public internal(set) var offset: Double

  // Refresh.
  public internal(set) var refreshState: ListRefreshState = .idle
  /// How far the finger holds the content below its resting top (0 when no finger is down).
  public internal(set) var pullDistance: Double = 0
  var fingerDown = false
  var refreshToken = 0
  /// Why the last refresh failed; cleared by the next successful one.
  public internal(set) var refreshFailure: ListFailure?
  /// `refreshFailure`'s text.
  public var refreshError: String? { refreshFailure?.text }
  var finishTween: Tween?
  var finishTimer: VirtualClock.TimerID?
  /// Names the refresh indicator's timer for the clock's list of pending timers (removed in deinit).
  private var describer: UInt64 = 0

  // Paging.
  /// The last page requested (0 before any; rolled back when a load fails; 0 again after a refresh).
  public internal(set) var page = 0
  public internal(set) var loading = false
  public internal(set) var hasMore = true
  /// Why the last load failed; cleared when the next load starts or a refresh starts.
  public internal(set) var loadFailure: ListFailure?
  /// `loadFailure`'s text.
  public var loadError: String? { loadFailure?.text }
  /// Bumped by every refresh; a load result carrying an older generation is dropped.
  public internal(set) var pagingGeneration = 0
  var loadToken = 0

  /// Creates the list and loads its data (a data source lazily: its sections, then the items in
  /// view). Paging is not checked here. Throws `ListError.invalidConfig` for bad config,
  /// `.invalidData` for bad data (duplicate ids, bad heights; `.given` for sections, `.loaded` for
  /// a source's answers), whatever a callback throws, and whatever `budget` throws to refuse.
  public init(
    config: ListConfig<Payload>, data: ListData<Payload>, clock: VirtualClock, budget: ModelBudget = .unlimited()
  ) throws {
    try config.validate()
    self.config = config
    self.clock = clock
    self.budget = budget
    self.offset = -config.contentInset.top
    switch data {
    case .sections(let s):
      self.dataSource = nil
      if config.estimatedItemHeight != nil {
        throw ListError.invalidConfig(key: .estimatedItemHeight, reason: .needsDataSource)
      }
      commit(try prepare(s, origin: .given))
    case .source(let src):
      self.dataSource = src
      try loadLazily(src)
    }
    debugCheckDataInvariants()
    describer = clock.addDescriber { [unowned self] in
      self.finishTimer.map { [($0, "List refresh indicator")] } ?? []
    }
  }

  deinit { clock.removeDescriber(describer) }

  // MARK: - Reading

  public var contentHeight: Double { sectionTops[sectionTops.count - 1] }
  public var sectionCount: Int { sections.count }
  public var itemCount: Int { itemStarts[itemStarts.count - 1] }
  public func itemCount(inSection s: Int) -> Int { geometry[s].itemCount }
  /// The item at a valid `path`; a `source` list fetches it when it does not hold it (not keeping it).
  public func item(at path: ListIndexPath) throws -> ListItem<Payload> {
    if let item = cachedItem(at: path) { return item }
    guard let src = dataSource else { preconditionFailure("a list of values holds every item") }
    return try src.item(self, path.section, path.index)
  }
  /// Throws `ListError.indexOutOfRange(parameter: "section", ...)` unless `s` is a section.
  public func checkSection(_ s: Int) throws {
    guard s >= 0, s < sectionCount else {
      throw ListError.indexOutOfRange(parameter: "section", index: s, count: sectionCount)
    }
  }

  /// `item(at:)` with both indices checked (`indexOutOfRange` naming `section` or `index`).
  public func item(section s: Int, index i: Int) throws -> ListItem<Payload> {
    try checkSection(s)
    let count = itemCount(inSection: s)
    guard i >= 0, i < count else { throw ListError.indexOutOfRange(parameter: "index", index: i, count: count) }
    return try item(at: ListIndexPath(section: s, index: i))
  }

  /// Where the item with this id is, or nil (a `source` list knows the ids of the items it holds).
  public func indexPath(of id: ListID) -> ListIndexPath? { itemIndex[id] }
  public func section(of id: ListID) -> Int? { sectionIndex[id] }

  /// The visible area in content coordinates: `(0, offset, width, height)`.
  public var visibleRect: Rect { Rect(x: 0, y: offset, w: config.width, h: config.height) }

  // MARK: - Scrolling

  public var minOffset: Double { -config.contentInset.top }
  public var maxOffset: Double {
    max(-config.contentInset.top, contentHeight + config.contentInset.bottom - config.height)
  }

  /// Sets `offset` to `y`, then checks paging. Throws `ListError.offsetNotANumber` for NaN and
  /// `.offsetOutOfRange` for a value outside `minOffset...maxOffset` (the offset stays); errors from
  /// `onLoadMore` propagate after the offset has changed and the load was rolled back.
  public func scrollTo(_ y: Double) throws {
    guard !y.isNaN else { throw ListError.offsetNotANumber }
    guard y >= minOffset, y <= maxOffset else { throw ListError.offsetOutOfRange(y, min: minOffset, max: maxOffset) }
    offset = y
    try refreshWindow()
    debugCheckInvariants()
    try loadMoreIfNeeded()
  }

  /// `scrollTo(offset + dy)`.
  public func scrollBy(_ dy: Double) throws {
    guard !dy.isNaN else { throw ListError.offsetNotANumber }
    try scrollTo(offset + dy)
  }

  /// After the content changed: keeps the offset in range. Returns true when it moved.
  @discardableResult
  func clampOffset() -> Bool {
    let clamped = offset.clamped(minOffset, maxOffset)
    guard clamped != offset else { return false }
    offset = clamped
    return true
  }
}
