/// Paging (the seed loads 5 per page when the last row shows; MJRefresh's auto footer).
///
/// - Checked after every offset change (`scrollTo`, `scrollBy`, an offset clamped by new data),
///   never at construction (the first page is not requested by itself): when the number of items starting at or below the visible area's bottom
///   edge is <= `paging.prefetch` (so with prefetch 0: once the last item shows; an empty list
///   counts as showing it), no load is running and `hasMore`, then `page += 1`, `loading = true`,
///   `loadFailure = nil`, and `onLoadMore(list, page, done)` is called.
/// - `done.succeed(items)` appends to the last section and ends the load; fewer than `pageSize`
///   items (or none, when `pageSize` is nil) sets `hasMore = false` until the next refresh.
///   Bad items (duplicate ids, bad heights, no section) fail the load as below and throw.
/// - `done.fail(message)` rolls `page` back to the previous page, sets `loadFailure`, ends the load.
///   The error latches: scrolling never loads again while `loadFailure` is set (no retry storm);
///   only `loadMore()` (the "tap to retry" footer) or a refresh does.
/// - A result whose generation is older than `pagingGeneration` (a refresh started meanwhile) is
///   dropped: nothing changes, `.dropped` is returned.
/// - Calling `done` a second time throws `ListError.loadCompletedTwice` and changes nothing.
/// - If `onLoadMore` throws before completing, the load is rolled back like a failure (with the
///   error as `loadFailure`), its `done` is dropped, and the error propagates.
extension ListModel {
  public enum LoadOutcome: Equatable, Sendable {
    case appended(Int)
    case failed
    case dropped
  }

  /// The handle passed to `onLoadMore`; the binding wraps it as Lua's `done(items)` / `done(nil, err)`.
  public final class LoadCompletion {
    weak var list: ListModel?
    public let page: Int
    public let generation: Int
    let token: Int
    public private(set) var called = false

    init(list: ListModel, page: Int, generation: Int, token: Int) {
      self.list = list; self.page = page; self.generation = generation; self.token = token
    }

    var isCurrent: Bool {
      guard let list else { return false }
      return list.loading && list.pagingGeneration == generation && list.loadToken == token
    }

    func markCalled() throws {
      guard !called else { throw ListError.loadCompletedTwice(page: page) }
      called = true
    }

    /// Appends `items` (or drops them if stale). Items the list rejects (duplicate ids, bad
    /// heights) end the load as failed, as `fail` does: `.failed`, the previous data intact,
    /// `loadFailure` naming the problem. Throws for a second call; other errors (no section to
    /// append to, an item-height callback's error) end the load as failed and are rethrown.
    @discardableResult
    public func succeed(_ items: [ListItem<Payload>]) throws -> LoadOutcome {
      try markCalled()
      guard isCurrent, let list else { return .dropped }
      do {
        try list.appendToLastSection(items)
      } catch {
        list.endLoad(failedWith: .error(error), page: page)
        switch error as? ListError {
        case .invalidData?: return .failed
        default: throw error
        }
      }
      list.loading = false
      if let size = list.config.paging?.pageSize {
        if items.count < size { list.hasMore = false }
      } else if items.isEmpty {
        list.hasMore = false
      }
      list.debugCheckDataInvariants()
      return .appended(items.count)
    }

    /// Fails the load: `page` back to the previous page, `loadFailure = .message(message)`.
    @discardableResult
    public func fail(_ message: String) throws -> LoadOutcome {
      try markCalled()
      guard isCurrent, let list else { return .dropped }
      list.endLoad(failedWith: .message(message), page: page)
      return .failed
    }
  }

  func endLoad(failedWith failure: ListFailure, page failed: Int) {
    page = failed - 1
    loading = false
    loadFailure = failure
    loadToken += 1
    debugCheckInvariants()
  }

  func resetPaging() {
    page = 0
    hasMore = true
    loading = false
    loadFailure = nil
    pagingGeneration += 1
  }

  /// Starts a load if the position condition holds. Returns true when a load started.
  @discardableResult
  public func loadMoreIfNeeded() throws -> Bool {
    guard let paging = config.paging, canLoadMore, loadFailure == nil else { return false }
    guard itemsBelowVisibleArea() <= paging.prefetch else { return false }
    return try startLoad()
  }

  /// Starts a load regardless of the position and of a latched `loadFailure` ("tap to retry"), if paging is configured with
  /// `onLoadMore`, no load is running and `hasMore`. Returns true when a load started.
  @discardableResult
  public func loadMore() throws -> Bool {
    guard canLoadMore else { return false }
    return try startLoad()
  }

  var canLoadMore: Bool { config.paging?.onLoadMore != nil && !loading && hasMore }

  func startLoad() throws -> Bool {
    guard let onLoadMore = config.paging?.onLoadMore else { return false }
    page += 1
    loading = true
    loadFailure = nil
    loadToken += 1
    let done = LoadCompletion(list: self, page: page, generation: pagingGeneration, token: loadToken)
    debugCheckInvariants()
    do {
      try onLoadMore(self, page, done)
    } catch {
      if done.isCurrent { endLoad(failedWith: .error(error), page: done.page) }
      throw error
    }
    return true
  }

  /// How many items start at or below the bottom edge of the visible area.
  public func itemsBelowVisibleArea() -> Int {
    itemCount - firstItem(startingAtOrAfter: offset + config.height)
  }

  /// Flat index of the first item whose top is at or after `y` (`itemCount` if none).
  func firstItem(startingAtOrAfter y: Double) -> Int {
    var s = max(0, listUpperBound(sectionTops, y) - 1)
    while s < sections.count {
      let g = geometry[s]
      if g.itemCount > 0 {
        let row = g.firstRow(withTopAtOrAfter: y - itemsTop(s))
        if row < g.rowCount { return itemStarts[s] + row * g.columns }
      }
      s += 1
    }
    return itemCount
  }
}
