import CLua
import HeadlessUI
import LuaRuntime

/// `tantan.list(config)`: reading the config table (raw, typos are errors) into a `ListConfig`.
extension LuaList {

  /// A function-valued key of `reader`, referenced, or nil when absent.
  func function(_ reader: ConfigReader, _ key: String) throws(LuaCallError) -> LuaRef? {
    let t = reader.push(key)
    if t == LUA_TNIL { lua.pop(); return nil }
    guard t == LUA_TFUNCTION else {
      let got = lua.typeName(-1)
      lua.pop()
      throw reader.error(key, "function expected, got \(got)")
    }
    return host.state.ref()
  }

  func insets(_ reader: ConfigReader, _ key: String, keys: [String]) throws(LuaCallError) -> ListInsets? {
    guard let t = try reader.table(key) else { return nil }
    try t.rejectUnknown(keys)
    return ListInsets(
      top: try t.number("top", min: 0) ?? 0, left: try t.number("left", min: 0) ?? 0,
      bottom: try t.number("bottom", min: 0) ?? 0, right: try t.number("right", min: 0) ?? 0)
  }

  /// Reads the config at stack index 1 and returns the model's config and data.
  func readConfig() throws(LuaCallError) -> (ListConfig<ListViewModel>, ListData<ListViewModel>) {
    let r = try ConfigReader(lua, arg: 1, optional: false)
    try r.rejectUnknown(Self.configKeys)
    var c = ListConfig<ListViewModel>()
    c.width = try r.number("width", min: 0) ?? c.width
    c.height = try r.number("height", min: 0) ?? c.height
    c.columns = try r.integer("columns", min: 1, max: 1000) ?? c.columns
    c.headerHeight = try r.number("header_height", min: 0) ?? 0
    c.footerHeight = try r.number("footer_height", min: 0) ?? 0
    c.stickyHeaders = try r.bool("sticky_headers") ?? false
    // item_height: a number or a function(list, section, index, item).
    if r.push("item_height") == LUA_TFUNCTION {
      itemHeight = host.state.ref()
      let link = self.link
      c.itemHeight = .batch { s, items, start in try link.live { try $0.computeHeights(s, items, start) } }
    } else {
      lua.pop()
      c.itemHeight = .fixed(try r.number("item_height", min: 0) ?? 44)
    }
    c.estimatedItemHeight = try r.number("estimated_item_height")
    // spacing: a number (between rows) or {line=, item=}.
    if r.push("spacing") == LUA_TNUMBER {
      lua.pop()
      c.spacing = ListSpacing(line: try r.number("spacing", min: 0) ?? 0)
    } else {
      lua.pop()
      if let t = try r.table("spacing") {
        try t.rejectUnknown(["line", "item"])
        c.spacing = ListSpacing(line: try t.number("line", min: 0) ?? 0, item: try t.number("item", min: 0) ?? 0)
      }
    }
    c.insets = try insets(r, "insets", keys: ["top", "left", "bottom", "right"]) ?? .zero
    c.contentInset = try insets(r, "content_inset", keys: ["top", "bottom"]) ?? .zero
    if let t = try r.table("refresh") {
      try t.rejectUnknown(Self.keys(of: "ListRefreshConfig"))
      onRefresh = try function(t, "on_refresh")
      c.refresh = ListRefreshConfig(
        threshold: try t.number("threshold") ?? 50, finishDuration: try t.number("finish_duration", min: 0) ?? 0.25,
        onRefresh: { [link] _, done in try link.live { try $0.refreshCalled(done) } })
    }
    if let t = try r.table("paging") {
      try t.rejectUnknown(Self.keys(of: "ListPagingConfig"))
      onLoadMore = try function(t, "on_load_more")
      // Without on_load_more no load starts (a load nobody completes would block paging forever).
      c.paging = ListPagingConfig(
        pageSize: try t.integer("page_size", min: 1), prefetch: try t.integer("prefetch", min: 0) ?? 0,
        onLoadMore: onLoadMore == nil ? nil : { [link] _, page, done in try link.live { try $0.loadMoreCalled(page, done) } })
    }
    if let t = try r.table("delegate") {
      try t.rejectUnknown(["did_scroll"])
      didScroll = try function(t, "did_scroll")
    }
    // Data: `sections` (values) or `source` (callbacks), not both.
    let hasSections = r.has("sections"), hasSource = r.has("source")
    if hasSections && hasSource { throw .argument(1, "give either sections or source, not both") }
    if hasSource {
      r.push("source")
      defer { lua.pop() }
      source = try Callbacks(host, index: -1, arg: 1, what: "source", names: Source.allCases.map(\.name))
      for required in [Source.sectionCount, .itemCount, .item] where !source.has(required.rawValue) {
        throw .argument(1, "source.\(required.name): function expected, got nil")
      }
      return (c, .source(dataSource()))
    }
    guard hasSections else { return (c, .sections([])) }
    r.push("sections")
    defer { lua.pop() }
    do throws(ListDataError) {
      return (c, .sections(try lua.listSections(-1, handle: host.state.handle, "sections")))
    } catch { throw .argument(1, error.message) }
  }
}
