import CLua
import HeadlessUI
import LuaRuntime

/// `on_refresh(list, done)` and `on_load_more(list, page, done)`: `done` is a Lua function wrapping
/// the model's completion handle, callable now or later (from a `tantan.after` timer).
///
/// - Refresh: `done()` ends the refresh (`refreshing -> finishing -> idle`) and returns
///   `"finished"`; `done(sections)` first applies the sections as `list:apply` does (recorded as a
///   `refresh_applied({inserted=, deleted=, moved=, reloaded=})` event) and returns `"applied"` and
///   the changes; `done(nil, err)` sets `list.refresh_error` (recorded as `refresh_failed(err)`),
///   keeps the data and returns `"failed"`; a completion for a refresh that is no longer running
///   returns `"dropped"` and changes nothing. The next successful refresh clears `refresh_error`.
/// - Paging: `done(items)` appends the page and returns `"appended"`; `done(nil, err)` rolls the
///   page back, sets `list.load_error` to `tostring(err)` and returns `"failed"`; a result that
///   arrives after a newer refresh started returns `"dropped"` and changes nothing.
/// - A second call is an error at the caller's line (`done: done called twice ...`).
/// - Unreadable items (not a table, missing or bad ids) are `bad argument #1 to 'done'` and leave
///   the load running, so a corrected call can still finish it; items the model rejects (duplicate
///   ids, bad heights) end the load as `done(nil, err)` does, raising nothing: `"failed"`,
///   `load_error` naming the problem, page rolled back.
extension LuaList {
  func refreshCalled(_ done: LuaListModel.RefreshCompletion) throws {
    let slot = ListRefreshCallback.onRefresh.rawValue
    events.append(Event(ListRefreshCallback.onRefresh.name, []))
    guard refreshCallbacks.has(slot) else { return }  // absent: `list:finish_refresh()` ends it
    try invoke(refreshCallbacks, slot, args: []) { lua in
      lua.push(
        function: traced(
          "done",
          { [weak self] (lua: Lua) throws(LuaCallError) -> Int32 in
            guard let self else { throw .message("done: the list is gone") }
            return try self.refreshDone(lua, done)
          }))
      return 1
    }
  }

  /// `done()`, `done(sections)` or `done(nil, err)` of a refresh; returns the outcome's name and,
  /// when sections were applied, the changes (as `apply` returns them).
  private func refreshDone(_ lua: Lua, _ done: LuaListModel.RefreshCompletion) throws(LuaCallError) -> Int32 {
    do { _ = try changing() } catch { throw ListBinding.luaError(error, at: ListBinding.done, lua) }
    let wasCalled = done.called
    let outcome: LuaListModel.RefreshOutcome
    do {
      switch try Self.doneArguments(
        lua, "sections", { (lua) throws(ListDataError) in try lua.listSections(1, handle: lua.handle, "sections") })
      {
      case .value(let sections): outcome = try done.succeed(sections)
      case .failure(nil): outcome = try done.succeed(nil)
      case .failure(let message?): outcome = try done.fail(message)
      }
    } catch {
      if !wasCalled, done.called, let message = Self.failureText(current?.refreshFailure, lua) {
        events.append(Event("refresh_failed", [.string(message)]))
      }
      throw ListBinding.luaError(error, at: ListBinding.done, lua)
    }
    switch outcome {
    case .applied(let c):
      events.append(
        Event(
          "refresh_applied",
          [
            .raw(
              "{inserted=\(c.inserted.count), deleted=\(c.deleted.count), moved=\(c.moved.count), reloaded=\(c.reloaded.count)}"
            )
          ]))
      lua.push("applied")
      lua.push(c)
      return 2
    case .finished: lua.push("finished")
    case .failed:
      events.append(Event("refresh_failed", [.string(Self.failureText(current?.refreshFailure, lua) ?? "")]))
      lua.push("failed")
    case .dropped: lua.push("dropped")
    }
    return 1
  }

  /// A completion as a trace step of its own when the script is traced (`done` is called later,
  /// from a timer or the script, outside the call that received it).
  func traced(_ name: String, _ body: @escaping LuaSwiftFunction) -> LuaSwiftFunction {
    guard let observer = host.observer else { return body }
    return observer.deferredCall(name, of: self, label: "list", body)
  }

  func loadMoreCalled(_ page: Int, _ done: LuaListModel.LoadCompletion) throws {
    let slot = ListPagingCallback.onLoadMore.rawValue
    guard pagingCallbacks.has(slot) else { return }
    events.append(Event(ListPagingCallback.onLoadMore.name, [.int(page)]))
    do {
      try loadMoreInvoke(slot, page, done)
    } catch let e as LuaError {
      // The model keeps the error's text as `load_error`; the caller still gets the value itself.
      e.push(lua)
      let text = lua.toDisplayString(-1)
      lua.pop()
      throw DescribedCallbackError(error: e, description: text)
    }
  }

  private func loadMoreInvoke(_ slot: Int, _ page: Int, _ done: LuaListModel.LoadCompletion) throws {
    try invoke(pagingCallbacks, slot, args: [page]) { lua in
      lua.push(
        function: traced(
          "done",
          { [weak self] (lua: Lua) throws(LuaCallError) -> Int32 in
            guard let self else { throw .message("done: the list is gone") }
            do { _ = try self.changing() } catch { throw ListBinding.luaError(error, at: ListBinding.done, lua) }
            let outcome: LuaListModel.LoadOutcome
            do {
              switch try Self.doneArguments(
                lua, "items", { (lua) throws(ListDataError) in try lua.listItems(1, handle: lua.handle, "items") })
              {
              case .value(let items): outcome = try done.succeed(items)
              case .failure(let message): outcome = try done.fail(message ?? "load failed")
              }
            } catch { throw ListBinding.luaError(error, at: ListBinding.done, lua) }
            switch outcome {
            case .appended: lua.push("appended")
            case .failed: lua.push("failed")
            case .dropped: lua.push("dropped")
            }
            return 1
          }))
      return 1
    }
  }

  /// What `done(...)` was given: a table (`done(sections)`, `done(items)`) read by `read`, or
  /// `done()` / `done(nil, err)` (`err`'s `tostring`, nil without one).
  enum DoneArguments<T> {
    case value(T)
    case failure(String?)
  }

  static func doneArguments<T>(
    _ lua: Lua, _ what: String, _ read: (Lua) throws(ListDataError) -> T
  ) throws(LuaCallError) -> DoneArguments<T> {
    if lua.type(1) == LUA_TTABLE {
      do throws(ListDataError) { return .value(try read(lua)) } catch { throw .argument(1, error.message) }
    }
    guard lua.isNoneOrNil(1) else { throw .argument(1, "table of \(what) or nil expected, got \(lua.typeName(1))") }
    return .failure(lua.isNoneOrNil(2) ? nil : lua.toDisplayString(2))
  }
}
