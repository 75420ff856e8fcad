import CLua
import HeadlessUI
import LuaRuntime

/// `on_refresh(list, done)` and `on_load_more(list, page, done)`: `done` is a Lua function wrapping
/// the model's completion handle, callable now or later (from a `tantan.after` timer).
///
/// - Refresh: `done()` ends the refresh (`refreshing -> finishing -> idle`).
/// - Paging: `done(items)` appends the page and returns `"appended"`; `done(nil, err)` rolls the
///   page back, sets `list.load_error` to `tostring(err)` and returns `"failed"`; a result that
///   arrives after a newer refresh started returns `"dropped"` and changes nothing.
/// - A second call is an error at the caller's line (`done: done called twice ...`).
/// - Unreadable items (not a table, missing or bad ids) are `bad argument #1 to 'done'` and leave
///   the load running, so a corrected call can still finish it; items the model rejects (duplicate
///   ids, bad heights) are the same error but end the load as failed (`load_error` set, page rolled back).
extension LuaList {
  func refreshCalled(_ done: LuaListModel.RefreshCompletion) throws {
    events.append(Event("on_refresh", []))
    guard let fn = onRefresh else { return }  // absent: `list:finish_refresh()` ends it
    try invoke(fn, args: [], nresults: 0, dataCallback: false) { lua in
      lua.push(function: { [weak self] (lua: Lua) throws(LuaCallError) -> Int32 in
        guard let self else { throw .message("done: the list is gone") }
        _ = try self.checkModel("done")
        do { try done.finish() } catch { throw self.convert(error, selfOffset: 0) }
        return 0
      })
      return 1
    }
  }

  func loadMoreCalled(_ page: Int, _ done: LuaListModel.LoadCompletion) throws {
    guard let fn = onLoadMore else { return }
    events.append(Event("on_load_more", [.int(page)]))
    do {
      try loadMoreInvoke(fn, page, done)
    } catch let e as LuaError {
      // The model keeps the error's text as `load_error`; the caller still gets the value itself.
      e.push(lua)
      let text = lua.toDisplayString(-1)
      lua.pop()
      throw DescribedCallbackError(error: e, description: text)
    }
  }

  private func loadMoreInvoke(_ fn: LuaRef, _ page: Int, _ done: LuaListModel.LoadCompletion) throws {
    try invoke(fn, args: [page], nresults: 0, dataCallback: false) { lua in
      lua.push(function: { [weak self] (lua: Lua) throws(LuaCallError) -> Int32 in
        guard let self else { throw .message("done: the list is gone") }
        _ = try self.checkModel("done")
        let outcome: LuaListModel.LoadOutcome
        do {
          if lua.type(1) == LUA_TTABLE {
            let items: [LuaListItem]
            do throws(ListDataError) { items = try lua.listItems(1, handle: self.host.state.handle, "items") } catch { throw LuaCallError.argument(1, error.message) }
            outcome = try done.succeed(items)
          } else if lua.isNoneOrNil(1) {
            let message = lua.isNoneOrNil(2) ? "load failed" : lua.toDisplayString(2)
            outcome = try done.fail(message)
          } else {
            throw LuaCallError.argument(1, "table of items or nil expected, got \(lua.typeName(1))")
          }
        } catch { throw self.convert(error, selfOffset: 0) }
        switch outcome {
        case .appended: lua.push("appended")
        case .failed: lua.push("failed")
        case .dropped: lua.push("dropped")
        }
        return 1
      })
      return 1
    }
  }

  /// Like `lua.convert`, but `selfOffset` says how many stack slots precede argument 1 (1 for
  /// methods, 0 for plain functions such as `tantan.list` and `done`).
  func convert(_ error: any Error, selfOffset: Int32) -> LuaCallError {
    if let e = error as? DescribedCallbackError { return lua.convert(e.error) }
    if let e = error as? ComponentError, case .badArgument(let pos, _, let msg) = e {
      return .argument(Int32(clamping: pos) + selfOffset, msg)
    }
    return lua.convert(error)
  }
}

/// A callback's error with its text, for models that keep the text (`load_error`).
struct DescribedCallbackError: Error, CustomStringConvertible {
  let error: LuaError
  let description: String
}
