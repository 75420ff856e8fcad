import CLua
import HeadlessUI
import LuaRuntime

/// The methods that change the list: scrolling, pull to refresh, paging and data. Each is refused
/// while the list is being built or measured (`LuaList.changing`).
extension ListBinding {
  static var changeMethods: [Method] {
    [
      method(
        "scroll_to",
        "Sets the offset (from -content_inset.top to the bottom); NaN or out of range is an error and the offset stays. Checks paging; returns the offset.",
        .number("y"), returns: .number
      ) { l, y in try l.scroll { try $0.scrollTo(y) } },
      method("scroll_by", "scroll_to(offset + dy).", .number("dy"), returns: .number) { l, dy in
        try l.scroll { try $0.scrollBy(dy) }
      },
      method(
        "pull",
        "Holds the content `distance` points below its resting top (absolute, at the top only); returns refresh_state (armed once distance >= threshold).",
        .number("distance"), returns: refreshState
      ) { l, d in
        let m = try l.changing()
        try m.pull(d)
        return m.refreshState
      },
      method(
        "release",
        "Lifts the finger: armed starts refreshing (calls refresh.on_refresh), pulling goes back to idle; returns refresh_state.",
        returns: refreshState
      ) { l in
        let m = try l.changing()
        try m.release()
        return m.refreshState
      },
      method(
        "refresh",
        "Starts a refresh without a pull (idle or armed only), as UIRefreshControl.beginRefreshing plus its action.",
        returns: .none
      ) { l in
        try l.changing().beginRefresh()
      },
      method(
        "finish_refresh", "Ends the running refresh, like calling its done (for lists without on_refresh).",
        returns: .none
      ) { l in
        try l.changing().finishRefresh()
      },
      method(
        "load_more",
        "Starts the next page regardless of the position (tap to retry); false when loading, without more pages or without paging.on_load_more.",
        returns: .boolean
      ) { l in try l.changing().loadMore() },
      method(
        "apply",
        "Replaces the data and returns the diff by id, as UIKit batch updates take it: {inserted=, deleted=, moved=, reloaded=, sections={inserted=, deleted=, moved=, reloaded=}} with 1-based {section=, index=} paths. deleted and reloaded use old paths, inserted new ones, moved {from=old, to=new}; an item that moved and changed is in moved and also in reloaded (at its old path). Items of inserted or deleted sections are implied, not listed; within a section the longest run keeping its order stays and the rest are moved. Every list is sorted. On a source list the diff covers the items held before and after. Bad data keeps the previous data.",
        sections, returns: changes
      ) { l, s in try l.changing().apply(s) },
      method(
        "reload", "Reads the source again (or re-measures the sections) and returns the diff like apply.",
        returns: changes
      ) { l in
        try l.changing().reload()
      },
    ]
  }

  static let refreshState = LuaResult<ListRefreshState>("\"idle\"|\"pulling\"|\"armed\"|\"refreshing\"|\"finishing\"") {
    lua, s in
    lua.push(s.rawValue)
  }

  /// `{inserted=, deleted=, moved=, reloaded=, sections={...}}` with 1-based paths.
  static let changes = LuaResult<ListChanges>("table") { lua, c in lua.push(c) }

  /// `sections = {{id=, header=, footer=, columns=, items={...}}, ...}`, read raw (view models are data).
  static let sections = LuaParam<[LuaListSection]>("sections", "table[]") { (lua, arg) throws(LuaCallError) in
    do throws(ListDataError) { return try lua.listSections(arg, handle: lua.handle, "sections") } catch {
      throw .argument(arg, error.message)
    }
  }
}

extension LuaList {
  /// Scrolls with `change`, then, if the offset moved, hands `did_scroll(offset)` to the delegate
  /// sink (recorded also without a delegate function, as the deck's and the grid's events are);
  /// returns the offset.
  func scroll(_ change: (LuaListModel) throws -> Void) throws -> Double {
    let model = try changing()
    let before = model.offset
    try change(model)
    let offset = model.offset
    guard offset != before else { return offset }
    _ = try delegateSink?.handle(.didScroll(offset: offset))
    return model.offset
  }
}
