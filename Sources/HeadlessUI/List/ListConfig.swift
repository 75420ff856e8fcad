/// Configuration of a `ListModel` (the Lua `tantan.list(config)` keys, in Swift spelling).
/// Every callback receives the model first, as Lua callbacks receive the list.
public struct ListConfig<Payload: Equatable> {
  /// Viewport size in points.
  public var width: Double = 375
  public var height: Double = 667
  /// Columns of every section that does not set its own `ListSection.columns`.
  public var columns: Int = 1
  public var itemHeight: ListItemHeight<Payload> = .fixed(44)
  /// With a computed `itemHeight` and a data source: the height of an item not measured yet
  /// (items are measured when they come into view; see `ListModel+Source`). nil: measure all at load.
  public var estimatedItemHeight: Double?
  /// Height of a section's header when it has one (`ListSection.header != nil`); same for footers.
  public var headerHeight: Double = 0
  public var footerHeight: Double = 0
  public var spacing = ListSpacing()
  /// Around the items of each non-empty section (between header and first row, left, right, after the last row).
  public var insets = ListInsets.zero
  /// UIKit's contentInset; `top` and `bottom` are used (the seed's list sits under a 64 pt bar).
  public var contentInset = ListInsets.zero
  public var stickyHeaders = false
  public var refresh: ListRefreshConfig<Payload>?
  public var paging: ListPagingConfig<Payload>?

  public init() {}
}

/// Item heights: one for all, or computed per item by `(list, section, index, item)`. A computed
/// height is asked for every item whenever data is loaded (construction, `apply`, `reload`, appended
/// pages), except for a data source with `estimatedItemHeight`, whose items are measured as they
/// come into view; it may throw, and must return a finite number >= 0.
public enum ListItemHeight<Payload: Equatable> {
  case fixed(Double)
  case computed((ListModel<Payload>, Int, Int, ListItem<Payload>) throws -> Double)
  /// The same for a run of items at once: `(section, items, start)` returns the height of each of
  /// `items`, the first of which is at index `start`. For callers whose per-call set-up can be
  /// shared (a Lua binding pushes `self` once).
  case batch((Int, [ListItem<Payload>], Int) throws -> [Double])
}

/// Pull to refresh. `onRefresh(list, done)` is called when a pull is released past `threshold`;
/// call `done.finish()` (now or later) to end the refresh. `finishDuration` is how long the
/// `finishing` state lasts on the virtual clock (the indicator collapsing); 0 skips it.
public struct ListRefreshConfig<Payload: Equatable> {
  public var threshold: Double = 50
  public var finishDuration: Double = 0.25
  public var onRefresh: ((ListModel<Payload>, ListModel<Payload>.RefreshCompletion) throws -> Void)?
  public init(
    threshold: Double = 50, finishDuration: Double = 0.25,
    onRefresh: ((ListModel<Payload>, ListModel<Payload>.RefreshCompletion) throws -> Void)? = nil
  ) {
    self.threshold = threshold; self.finishDuration = finishDuration; self.onRefresh = onRefresh
  }
}

/// Paging. `onLoadMore(list, page, done)` is called with the next page number when the last item
/// comes within `prefetch` items of the visible area. A page with fewer than `pageSize` items (or
/// an empty one, when `pageSize` is nil) ends paging (`hasMore = false`) until the next refresh.
public struct ListPagingConfig<Payload: Equatable> {
  public var pageSize: Int?
  public var prefetch: Int = 0
  public var onLoadMore: ((ListModel<Payload>, Int, ListModel<Payload>.LoadCompletion) throws -> Void)?
  public init(
    pageSize: Int? = nil, prefetch: Int = 0,
    onLoadMore: ((ListModel<Payload>, Int, ListModel<Payload>.LoadCompletion) throws -> Void)? = nil
  ) {
    self.pageSize = pageSize; self.prefetch = prefetch; self.onLoadMore = onLoadMore
  }
}

/// A data source read by callbacks (Lua's `source`). The model reads its sections when it is
/// created and on every `reload()`, and fetches items as they come into view (`ListModel+Source`);
/// appended pages are kept by the model; `apply` replaces the source's data with values until the
/// next `reload()`.
public struct ListDataSource<Payload: Equatable> {
  public var sectionCount: (ListModel<Payload>) throws -> Int
  public var itemCount: (ListModel<Payload>, Int) throws -> Int
  public var item: (ListModel<Payload>, Int, Int) throws -> ListItem<Payload>
  /// nil: no headers. Returning nil: that section has no header.
  public var header: ((ListModel<Payload>, Int) throws -> Payload?)?
  public var footer: ((ListModel<Payload>, Int) throws -> Payload?)?
  /// nil: section `s` gets the id `.int(s)`.
  public var sectionID: ((ListModel<Payload>, Int) throws -> ListID)?

  public init(
    sectionCount: @escaping (ListModel<Payload>) throws -> Int,
    itemCount: @escaping (ListModel<Payload>, Int) throws -> Int,
    item: @escaping (ListModel<Payload>, Int, Int) throws -> ListItem<Payload>,
    header: ((ListModel<Payload>, Int) throws -> Payload?)? = nil,
    footer: ((ListModel<Payload>, Int) throws -> Payload?)? = nil,
    sectionID: ((ListModel<Payload>, Int) throws -> ListID)? = nil
  ) {
    self.sectionCount = sectionCount; self.itemCount = itemCount; self.item = item
    self.header = header; self.footer = footer; self.sectionID = sectionID
  }
}

/// Where a list's data comes from.
public enum ListData<Payload: Equatable> {
  case sections([ListSection<Payload>])
  case source(ListDataSource<Payload>)
}

extension ListConfig {
  /// Throws `ListError.invalidConfig` for the first bad field.
  func validate() throws {
    func bad(_ key: ListConfigKey, _ reason: ListConfigProblem) -> ListError {
      .invalidConfig(key: key, reason: reason)
    }
    func nonNegative(_ v: Double, _ key: ListConfigKey) throws {
      guard v.isFinite, v >= 0 else { throw bad(key, .notFiniteNonNegative(v)) }
    }
    try nonNegative(width, .width)
    try nonNegative(height, .height)
    guard columns >= 1 else { throw bad(.columns, .belowMinimum(columns, minimum: 1)) }
    if case .fixed(let h) = itemHeight { try nonNegative(h, .itemHeight) }
    if let e = estimatedItemHeight {
      guard e.isFinite, e > 0 else { throw bad(.estimatedItemHeight, .notFinitePositive(e)) }
      if case .fixed = itemHeight { throw bad(.estimatedItemHeight, .needsComputedHeight) }
    }
    try nonNegative(headerHeight, .headerHeight)
    try nonNegative(footerHeight, .footerHeight)
    try nonNegative(spacing.line, .spacingLine)
    try nonNegative(spacing.item, .spacingItem)
    try nonNegative(insets.top, .insetsTop)
    try nonNegative(insets.left, .insetsLeft)
    try nonNegative(insets.bottom, .insetsBottom)
    try nonNegative(insets.right, .insetsRight)
    try nonNegative(contentInset.top, .contentInsetTop)
    try nonNegative(contentInset.bottom, .contentInsetBottom)
    if let r = refresh {
      guard r.threshold.isFinite, r.threshold > 0 else { throw bad(.refreshThreshold, .notFinitePositive(r.threshold)) }
      try nonNegative(r.finishDuration, .refreshFinishDuration)
    }
    if let p = paging {
      if let size = p.pageSize, size < 1 { throw bad(.pagingPageSize, .belowMinimum(size, minimum: 1)) }
      guard p.prefetch >= 0 else { throw bad(.pagingPrefetch, .belowMinimum(p.prefetch, minimum: 0)) }
    }
  }
}
