/// What `ListModel` throws for bad input or a call in the wrong state, in Swift terms: 0-based
/// indices, `Double`s and the Swift names of config fields. A binding words them for its users
/// (the Lua binding: `ListErrors.swift` in TantanLua/List).
public enum ListError: Error, Equatable, Sendable {
  /// A 0-based `index` given for Swift parameter `parameter` (`section`, `index`) is not below `count`.
  case indexOutOfRange(parameter: String, index: Int, count: Int)
  /// A config field is unusable (checked when the list is created).
  case invalidConfig(key: ListConfigKey, reason: ListConfigProblem)
  /// Data is unusable; `origin` says whether the caller passed it in or the list read it itself.
  case invalidData(ListDataProblem, origin: ListDataOrigin)
  /// `scrollTo`/`scrollBy` got NaN.
  case offsetNotANumber
  /// `scrollTo`/`scrollBy` would move the offset outside `minOffset...maxOffset`.
  case offsetOutOfRange(Double, min: Double, max: Double)
  /// `pull` got a distance that is NaN, infinite or negative.
  case invalidPullDistance(Double)
  /// `pull` on a list without a refresh config.
  case noRefreshConfigured
  /// `pull` while the list is not at its resting offset `top`.
  case pullAwayFromTop(offset: Double, top: Double)
  /// `release` with no finger down.
  case noPullInProgress
  /// `beginRefresh` while a refresh is running or finishing (the state it is in).
  case refreshAlreadyRunning(ListRefreshState)
  /// `finishRefresh` while not refreshing.
  case noRefreshInProgress
  /// A refresh completion called a second time.
  case refreshCompletedTwice
  /// A refresh completion called after `onRefresh` threw (the refresh was abandoned).
  case refreshAbandoned
  /// A load completion called a second time (`page`: the page it loaded).
  case loadCompletedTwice(page: Int)
  /// A loaded page arrived for a list without sections.
  case noSectionToAppend
}

/// The config fields `ListModel` checks, by their Swift names (`spacingLine` is `spacing.line`).
public enum ListConfigKey: Equatable, Sendable {
  case width, height, columns, itemHeight, estimatedItemHeight, headerHeight, footerHeight
  case spacingLine, spacingItem
  case insetsTop, insetsLeft, insetsBottom, insetsRight
  case contentInsetTop, contentInsetBottom
  case refreshThreshold, refreshFinishDuration
  case pagingPageSize, pagingPrefetch
}

/// Why a config field is unusable.
public enum ListConfigProblem: Equatable, Sendable {
  /// Must be a finite number >= 0.
  case notFiniteNonNegative(Double)
  /// Must be a finite number > 0.
  case notFinitePositive(Double)
  /// Must be at least `minimum`.
  case belowMinimum(Int, minimum: Int)
  /// Only a data source has items to measure later (`estimatedItemHeight` with sections as values).
  case needsDataSource
  /// Only a computed item height has anything to estimate (`estimatedItemHeight` with a fixed height).
  case needsComputedHeight
}

/// Where unusable data came from.
public enum ListDataOrigin: Equatable, Sendable {
  /// Passed in by this call (the sections of `init` or `apply`, a completion's sections or items).
  case given
  /// Read by the list itself: a data source's answers, or values re-measured by `reload`.
  case loaded
}

/// An item's place in a message: its section's id and its 0-based index there.
public struct ListItemPlace: Equatable, Sendable {
  public var section: ListID
  public var index: Int
  public init(section: ListID, index: Int) { self.section = section; self.index = index }
}

/// What is wrong with sections or items.
public enum ListDataProblem: Equatable, Sendable {
  case duplicateSectionID(ListID)
  /// Two items with one id: where the first is and where the second is (or would go).
  case duplicateItemID(ListID, first: ListItemPlace, second: ListItemPlace)
  /// A section's own column count is below 1.
  case invalidSectionColumns(section: ListID, columns: Int)
  /// A section has a header but the config gives headers no height (it would not show).
  case headerWithoutHeight(section: ListID)
  case footerWithoutHeight(section: ListID)
  /// An item height that is NaN, infinite or negative.
  case invalidItemHeight(Double, item: ListID)
  /// A batch height callback returned `heights` heights for `items` items.
  case heightCountMismatch(heights: Int, items: Int)
  /// A data source counted fewer than 0 sections (`section` nil) or items in `section`.
  case negativeCount(Int, section: Int?)
}

/// Why the last refresh or load failed.
public enum ListFailure: Sendable {
  /// The message given to the completion's `fail`.
  case message(String)
  /// The error that ended it: bad data given to the completion (a `ListError`), or what
  /// `onLoadMore` threw.
  case error(any Error)

  /// The message, or the error as Swift describes it.
  public var text: String {
    switch self {
    case .message(let m): return m
    case .error(let e): return String(describing: e)
    }
  }
}
