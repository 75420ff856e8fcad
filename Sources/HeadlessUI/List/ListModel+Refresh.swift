/// Pull to refresh (the seed's `RefreshControl`):
///
///     idle --pull(d)--> pulling (d < threshold) <--pull(d)--> armed (d >= threshold)
///     pulling --release--> idle
///     armed --release--> refreshing (paging reset; onRefresh(list, done) called)
///     refreshing --done.finish()--> finishing --after finishDuration on the clock--> idle
///
/// - `done.succeed(sections)` applies the sections as `apply` does and ends the refresh;
///   `done.fail(message)` ends it with `refreshFailure = .message(message)` (the data stays); the
///   next successful refresh clears `refreshFailure`. A completion for a refresh that is no longer the
///   running one (a newer refresh started, or `finishRefresh` ended it) is dropped.
/// - `pull(d)` is absolute (the finger holds the content d points below its resting top) and is
///   only possible at the resting offset (`offset == minOffset`).
/// - A pull while `refreshing` or `finishing` only tracks the finger (`pullDistance`): it never
///   starts a second refresh and does not change the state; its `release()` just lifts the finger.
/// - Starting a refresh resets paging: `page = 0`, `hasMore = true`, `loading = false`,
///   `loadError = nil`, and `pagingGeneration` is bumped, so a page still loading is dropped when it
///   arrives. The refresh never changes data by itself (`onRefresh` does, e.g. with `apply`).
/// - `finishing` lasts `refresh.finishDuration` seconds of the virtual clock (a `Tween` of the
///   indicator collapsing from the threshold height to 0, see `refreshIndicatorHeight`); with a
///   duration of 0 the refresh goes straight to `idle`.
/// - When a refresh ends while a finger is still down, the state continues as `pulling` or `armed`
///   from the current `pullDistance` (releasing while armed starts the next refresh).
/// - If `onRefresh` throws before finishing the refresh, the refresh is abandoned (state `idle`,
///   the `done` handle dead) and the error propagates from `release()`.
extension ListModel {
  /// What a refresh completion did.
  public enum RefreshOutcome: Equatable, Sendable {
    /// Ended the refresh, applying new data (what changed, as `apply` returns it).
    case applied(ListChanges)
    /// Ended the refresh without new data.
    case finished
    /// Ended the refresh with an error (`refreshError`).
    case failed
    /// A newer refresh replaced this one, or it was ended otherwise: nothing changed.
    case dropped
  }

  /// The handle passed to `onRefresh`; the binding wraps it as Lua's `done`.
  public final class RefreshCompletion {
    weak var list: ListModel?
    let token: Int
    public private(set) var called = false
    /// Set when `onRefresh` threw: the refresh was abandoned, and completing it is an error.
    var abandoned = false
    init(list: ListModel, token: Int) { self.list = list; self.token = token }

    private func markCalled() throws {
      guard !called else { throw ListError.refreshCompletedTwice }
      guard !abandoned, list != nil else { throw ListError.refreshAbandoned }
      called = true
    }

    private var isCurrent: Bool {
      guard let list else { return false }
      return list.refreshToken == token && list.refreshState == .refreshing
    }

    /// Ends the refresh (-> `finishing`) without new data; clears `refreshFailure`.
    public func finish() throws {
      _ = try succeed(nil)
    }

    /// Ends the refresh, first applying `sections` as `apply` does when given, and clears
    /// `refreshFailure`. Bad sections (duplicate ids, bad heights) end the refresh as failed, with
    /// the error as `refreshFailure` and the previous data, and throw it
    /// (`ListError.invalidData(_, origin: .given)`). Throws `.refreshCompletedTwice` when called
    /// twice and `.refreshAbandoned` after the refresh was abandoned.
    public func succeed(_ sections: [ListSection<Payload>]?) throws -> RefreshOutcome {
      try markCalled()
      guard isCurrent, let list else { return .dropped }
      var changes: ListChanges?
      if let sections {
        let snapshot: ListSnapshot<Payload>
        do { snapshot = try list.prepare(sections, origin: .given) } catch {
          try list.finishRefresh(failure: .error(error))
          throw error
        }
        do { changes = try list.replace(with: snapshot) } catch {
          try list.finishRefresh(failure: nil)  // the data is in; a paging callback failed after it
          throw error
        }
      }
      try list.finishRefresh(failure: nil)
      return changes.map { .applied($0) } ?? .finished
    }

    /// Ends the refresh with `message` as `refreshFailure`; the data stays.
    public func fail(_ message: String) throws -> RefreshOutcome {
      try markCalled()
      guard isCurrent, let list else { return .dropped }
      try list.finishRefresh(failure: .message(message))
      return .failed
    }
  }

  var refreshThreshold: Double { config.refresh?.threshold ?? 50 }

  /// Moves the finger to `distance` points below the resting top. Throws
  /// `ListError.invalidPullDistance` for NaN, infinite or negative distances,
  /// `.noRefreshConfigured` without a `refresh` config and `.pullAwayFromTop` when the list is not
  /// at its resting offset.
  public func pull(_ distance: Double) throws {
    guard distance.isFinite, distance >= 0 else { throw ListError.invalidPullDistance(distance) }
    guard config.refresh != nil else { throw ListError.noRefreshConfigured }
    guard offset == minOffset else { throw ListError.pullAwayFromTop(offset: offset, top: minOffset) }
    pullDistance = distance
    fingerDown = true
    switch refreshState {
    case .idle, .pulling, .armed:
      refreshState = distance >= refreshThreshold ? .armed : .pulling
    case .refreshing, .finishing:
      break
    }
    debugCheckInvariants()
  }

  /// Lifts the finger. Armed: starts refreshing and calls `onRefresh`; pulling: back to idle;
  /// refreshing/finishing: only lifts the finger. Throws `ListError.noPullInProgress` when no
  /// finger is down (idle, or refreshing without a second pull).
  public func release() throws {
    switch refreshState {
    case .idle:
      throw ListError.noPullInProgress
    case .pulling:
      liftFinger()
      refreshState = .idle
    case .refreshing, .finishing:
      guard fingerDown else { throw ListError.noPullInProgress }
      liftFinger()
    case .armed:
      liftFinger()
      try beginRefresh()
    }
    debugCheckInvariants()
  }

  /// Starts a refresh as if a pull was released past the threshold (a programmatic refresh, like
  /// `UIRefreshControl.beginRefreshing` plus the action). Throws `ListError.refreshAlreadyRunning`
  /// unless idle or armed.
  public func beginRefresh() throws {
    guard refreshState == .idle || refreshState == .armed else {
      throw ListError.refreshAlreadyRunning(refreshState)
    }
    refreshToken += 1
    let token = refreshToken
    refreshState = .refreshing
    resetPaging()
    debugCheckInvariants()
    guard let onRefresh = config.refresh?.onRefresh else { return }
    let done = RefreshCompletion(list: self, token: token)
    do {
      try onRefresh(self, done)
    } catch {
      done.abandoned = !done.called
      if refreshToken == token, refreshState == .refreshing {
        refreshToken += 1  // kills `done`
        refreshState = stateAfterRefresh()
        debugCheckInvariants()
      }
      throw error
    }
  }

  /// Ends the current refresh (what `done` does): `refreshing` -> `finishing` -> `idle`, with
  /// `refreshFailure = failure` (nil: a successful refresh). Throws `ListError.noRefreshInProgress`
  /// when not refreshing.
  public func finishRefresh(failure: ListFailure? = nil) throws {
    guard refreshState == .refreshing else { throw ListError.noRefreshInProgress }
    refreshFailure = failure
    let duration = config.refresh?.finishDuration ?? 0
    guard duration > 0 else {
      refreshState = stateAfterRefresh()
      debugCheckInvariants()
      return
    }
    refreshState = .finishing
    finishTween = Tween(start: clock.now, duration: duration, curve: .easeOut)
    let token = refreshToken
    finishTimer = try clock.schedule(after: duration) { [weak self] in
      guard let self, self.refreshToken == token, self.refreshState == .finishing else { return }
      self.refreshState = self.stateAfterRefresh()
      self.finishTween = nil
      self.finishTimer = nil
      self.debugCheckInvariants()
    }
    debugCheckInvariants()
  }

  func liftFinger() {
    fingerDown = false
    pullDistance = 0
  }

  /// When a refresh ends with the finger still down, the pull goes on from where the finger is.
  func stateAfterRefresh() -> ListRefreshState {
    guard fingerDown else { return .idle }
    return pullDistance >= refreshThreshold ? .armed : .pulling
  }

  /// Height of the refresh indicator above the content: the pull distance while pulling/armed,
  /// at least the threshold while refreshing, collapsing to 0 while finishing.
  public var refreshIndicatorHeight: Double {
    switch refreshState {
    case .idle: return 0
    case .pulling, .armed: return pullDistance
    case .refreshing: return max(refreshThreshold, pullDistance)
    case .finishing:
      guard let t = finishTween else { return 0 }
      return Tween.lerp(refreshThreshold, 0, t.progress(at: clock.now))
    }
  }
}
