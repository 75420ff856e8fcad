import CLua
import HeadlessUI
import LuaRuntime

/// `tantan.list(config)` and the `tantan.List` class (Floral's content lists): a sectioned
/// view-model data source with layout, sticky headers, pull to refresh, paging and diffing.
/// The behaviour is `ListModel`'s; this file declares the Lua surface and converts indices.
enum ListExtension: TantanExtension {
  typealias Method = LuaClass<LuaList>.Method
  typealias Field = LuaClass<LuaList>.Field

  /// Runs a model call, turning its errors into Lua errors at the caller (`self` is argument 1).
  static func run<T>(_ list: LuaList, _ body: () throws -> T) throws(LuaCallError) -> T {
    do { return try body() } catch { throw list.convert(error, argument: 2) }
  }

  /// Scrolls with `change`, then tells `delegate.did_scroll(list, offset)` if the offset moved.
  static func scroll(_ list: LuaList, _ name: String, _ lua: Lua, _ change: (LuaListModel) throws -> Void) throws(LuaCallError) -> Int32 {
    let model = try list.checkModel(name)
    let before = model.offset
    try run(list) { try change(model) }
    if model.offset != before, let fn = list.didScroll {
      let offset = model.offset
      list.events.append(Event("did_scroll", [LuaList.eventNumber(offset)]))
      try run(list) { try list.invoke(fn, args: [], nresults: 0, dataCallback: false) { lua in lua.push(offset); return 1 } }
    }
    lua.push(model.offset)
    return 1
  }

  /// A method that changes the model with `body` (its errors raised at the caller) and returns
  /// what `push` pushes.
  static func change<T>(
    _ name: String, _ type: String, _ doc: String, _ body: @escaping (LuaListModel) throws -> T,
    push: @escaping (Lua, LuaListModel, T) -> Int32 = { _, _, _ in 0 }
  ) -> Method {
    .init(name, type, doc) { list, lua throws(LuaCallError) in
      let model = try list.checkModel(name)
      let value = try run(list) { try body(model) }
      return push(lua, model, value)
    }
  }

  /// A query about the section given as argument 1 (1-based) that pushes one value.
  static func sectionQuery(_ name: String, _ type: String, _ doc: String, _ push: @escaping (Lua, LuaListModel, Int) -> Void) -> Method {
    .init(name, type, doc) { list, lua throws(LuaCallError) in
      let model = try list.checkModel(name, mutating: false)
      push(lua, model, try lua.checkIndex(2, count: model.sectionCount, what: "section"))
      return 1
    }
  }

  static func pushRefreshState(_ lua: Lua, _ model: LuaListModel, _: Void) -> Int32 {
    lua.push(model.refreshState.rawValue)
    return 1
  }

  static var methods: [Method] {[
    .init("scroll_to", "fun(self, y: number): number", "Sets the offset (from -content_inset.top to the bottom); NaN or out of range is an error and the offset stays. Checks paging; returns the offset.") { list, lua throws(LuaCallError) in
      let y = try lua.checkNumber(2)
      return try scroll(list, "scroll_to", lua) { try $0.scrollTo(y) }
    },
    .init("scroll_by", "fun(self, dy: number): number", "scroll_to(offset + dy).") { list, lua throws(LuaCallError) in
      let dy = try lua.checkNumber(2)
      return try scroll(list, "scroll_by", lua) { try $0.scrollBy(dy) }
    },
    .init("pull", "fun(self, distance: number): string", "Holds the content `distance` points below its resting top (absolute, at the top only); returns refresh_state (armed once distance >= threshold).") { list, lua throws(LuaCallError) in
      let d = try lua.checkNumber(2)
      let model = try list.checkModel("pull")
      try run(list) { try model.pull(d) }
      lua.push(model.refreshState.rawValue)
      return 1
    },
    change("release", "fun(self): string", "Lifts the finger: armed starts refreshing (calls refresh.on_refresh), pulling goes back to idle; returns refresh_state.", { try $0.release() }, push: pushRefreshState),
    change("refresh", "fun(self)", "Starts a refresh without a pull (idle or armed only), as UIRefreshControl.beginRefreshing plus its action.", { try $0.beginRefresh() }),
    change("finish_refresh", "fun(self)", "Ends the running refresh, like calling its done (for lists without on_refresh).", { try $0.finishRefresh() }),
    change("load_more", "fun(self): boolean", "Starts the next page regardless of the position (tap to retry); false when loading, without more pages or without paging.on_load_more.", { try $0.loadMore() }) { lua, _, started in
      lua.push(started)
      return 1
    },
    .init("layout", "fun(self, rect?: {x: number, y: number, w: number, h: number}): {kind: \"item\"|\"header\"|\"footer\", section: integer, index: integer?, frame: {x: number, y: number, w: number, h: number}, z: integer}[]", "What intersects rect (default: the visible area), in content coordinates; sticky headers have z 1024. Cost depends on the result, not on the item count.") { list, lua throws(LuaCallError) in
      let rect = lua.isNoneOrNil(2) ? nil : try lua.checkRect(2)
      let model = try list.checkModel("layout", mutating: false)
      lua.push(model.layout(rect))
      return 1
    },
    .init("apply", "fun(self, sections: table[]): table", "Replaces the data and returns the diff by id, as UIKit batch updates take it: {inserted=, deleted=, moved=, reloaded=, sections={inserted=, deleted=, moved=, reloaded=}} with 1-based {section=, index=} paths. deleted and reloaded use old paths, inserted new ones, moved {from=old, to=new}; an item that moved and changed is in moved and also in reloaded (at its old path). Items of inserted or deleted sections are implied, not listed; within a section the longest run keeping its order stays and the rest are moved. Every list is sorted. On a source list the diff covers the items held before and after. Bad data keeps the previous data.") { list, lua throws(LuaCallError) in
      let model = try list.checkModel("apply")
      let sections: [LuaListSection]
      do throws(ListDataError) { sections = try lua.listSections(2, handle: list.host.state.handle, "sections") } catch { throw .argument(2, error.message) }
      lua.push(try run(list) { try model.apply(sections) })
      return 1
    },
    change("reload", "fun(self): table", "Reads the source again (or re-measures the sections) and returns the diff like apply.", { try $0.reload() }) { lua, _, changes in
      lua.push(changes)
      return 1
    },
    .init("item", "fun(self, section: integer, index: integer): table", "The item's own table, as the script gave it.") { list, lua throws(LuaCallError) in
      let model = try list.checkModel("item", mutating: false)
      let s = try lua.checkIndex(2, count: model.sectionCount, what: "section")
      let i = try lua.checkIndex(3, count: model.itemCount(inSection: s), what: "index")
      lua.push(try run(list) { try model.item(at: ListIndexPath(section: s, index: i)) }.payload)
      return 1
    },
    sectionQuery("header", "fun(self, section: integer): any", "The section's header view model as the script gave it, or nil.") { lua, m, s in
      lua.push(m.sections[s].header)
    },
    sectionQuery("footer", "fun(self, section: integer): any", "The section's footer view model as the script gave it, or nil.") { lua, m, s in
      lua.push(m.sections[s].footer)
    },
    sectionQuery("section_id", "fun(self, section: integer): integer|string", "The section's id: as `sections` or source.section_id gave it; a source without section_id numbers its sections from 0.") { lua, m, s in
      switch m.sections[s].id {
      case .int(let n): lua_pushinteger(lua.L, lua_Integer(n))
      case .string(let t): lua.push(t)
      }
    },
    sectionQuery("item_count", "fun(self, section: integer): integer", "Items in a section.") { lua, m, s in
      lua.push(m.itemCount(inSection: s))
    },
    .init("index_at", "fun(self, x: number, y: number): integer?, integer?", "The section and index of the item under a point (content coordinates), or nil.") { list, lua throws(LuaCallError) in
      let x = try lua.checkFinite(2), y = try lua.checkFinite(3)
      let model = try list.checkModel("index_at", mutating: false)
      guard let p = model.itemIndexPath(at: Point(x: x, y: y)) else { lua.pushNil(); return 1 }
      lua.push(p.section + 1); lua.push(p.index + 1)
      return 2
    },
    .init("events", "fun(self): string[]", "Every callback call so far, as `name(arg, ...)` strings, 1-based.") { list, lua in
      list.events.push(lua)
      return 1
    },
    .init("clear_events", "fun(self)", "Forgets the recorded events.") { list, _ in
      list.events.clear()
      return 0
    },
  ]}

  static func field(_ name: String, _ type: String, _ doc: String, _ get: @escaping (LuaListModel, Lua) -> Void) -> Field {
    Field(name, type, doc) { list, lua throws(LuaCallError) in get(try list.checkModel(name, mutating: false), lua) }
  }

  static var fields: [Field] {[
    field("offset", "number", "UIKit's contentOffset.y: -content_inset.top at rest.") { m, lua in lua.push(m.offset) },
    field("content_height", "number", "Exact height of all sections.") { m, lua in lua.push(m.contentHeight) },
    field("min_offset", "number", "The smallest offset scroll_to accepts: -content_inset.top (the resting offset).") { m, lua in lua.push(m.minOffset) },
    field("max_offset", "number", "The largest offset scroll_to accepts (the bottom of the content plus content_inset.bottom, or min_offset when it is shorter than the viewport).") { m, lua in lua.push(m.maxOffset) },
    field("refresh_state", "\"idle\"|\"pulling\"|\"armed\"|\"refreshing\"|\"finishing\"", "Pull-to-refresh state.") { m, lua in lua.push(m.refreshState.rawValue) },
    field("page", "integer", "The last page requested (0 before any and after a refresh; rolled back by a failed load).") { m, lua in lua.push(m.page) },
    field("loading", "boolean", "True while on_load_more's done has not been called.") { m, lua in lua.push(m.loading) },
    field("has_more", "boolean", "False after a short page, until the next refresh.") { m, lua in lua.push(m.hasMore) },
    field("load_error", "string?", "The error of the last failed load; while set, scrolling loads nothing (no retry storm) until list:load_more() or a refresh starts.") { m, lua in lua.push(LuaList.loadErrorText(m.loadFailure, lua)) },
    field("refresh_error", "string?", "The error of the last failed refresh (done(nil, err)); cleared by the next successful one.") { m, lua in lua.push(LuaList.refreshErrorText(m.refreshFailure, lua)) },
    field("count", "integer", "Items in all sections.") { m, lua in lua.push(m.itemCount) },
    field("section_count", "integer", "Number of sections.") { m, lua in lua.push(m.sectionCount) },
    field("width", "number", "Viewport width.") { m, lua in lua.push(m.config.width) },
    field("height", "number", "Viewport height.") { m, lua in lua.push(m.config.height) },
    field("pull_distance", "number", "How far the finger holds the content down (0 without a pull).") { m, lua in lua.push(m.pullDistance) },
    field("indicator_height", "number", "Height of the refresh indicator (collapses while finishing).") { m, lua in lua.push(m.refreshIndicatorHeight) },
  ]}

  static let listClass = LuaClass<LuaList>(
    name: "tantan.List", doc: "A sectioned view-model list with layout, sticky headers, pull to refresh, paging and diffing.",
    methods: methods + [RenderExtension.saveMethod()], fields: fields,
    describe: { l in l.model.map { "tantan.List(\($0.sectionCount) sections, \($0.itemCount) items)" } ?? "tantan.List(building)" })

  /// Callbacks are documented in the constructor's line: the docs groups only know module
  /// members and registered classes.
  static var docs: [LuaDoc] {
    [LuaDoc(.function, "tantan.list", "fun(config: tantan.ListConfig): tantan.List",
            "A list from `sections` (values with ids) or a lazy `source` (see tantan.ListConfig for every key and its default).")]
      + listClass.docs + LuaList.configDocs
  }

  static func install(_ host: TantanHost, module: Int32) {
    let lua = host.lua
    listClass.register(lua)
    lua.setFunction(module, "list") { [unowned host] (lua: Lua) throws(LuaCallError) -> Int32 in
      let list = LuaList(host: host)
      let (config, data) = try list.readConfig()
      do { list.model = try LuaListModel(config: config, data: data, clock: host.clock) } catch {
        throw list.convert(error, argument: 1)
      }
      listClass.pushShared(lua, list)
      return 1
    }
  }
}
