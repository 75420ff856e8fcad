import CLua
import HeadlessUI
import LuaRuntime

/// What `tantan.list{...}` reads into Swift: the model's config and, before the list exists to
/// wrap it, `item_height` given as a function.
struct ListSetup {
  var config = ListConfig<ListViewModel>()
  var itemHeight: LuaRef?
}

/// `tantan.list{...}`: every key declared once (type, default, doc, reader); the known keys, the
/// reference rows and the reader come from the schemas below. Errors name the key:
/// `bad argument #1 to 'list' (item_height: number out of range (-1; expected 0.0..inf))`.
extension ListBinding {
  typealias Key = ConfigKey<ListSetup>

  /// `item_height`: a config key that may be a callback, recorded in `list:events()` under this name.
  static let itemHeightKey = "item_height"

  static let config = ConfigSchema<ListSetup>(
    "tantan.ListConfig", "The keys of tantan.list(config), each optional, with its default; unknown keys are errors.",
    // In the order the reader has always read them (of several bad keys, the first is reported).
    [
      .number("width", \.config.width, min: 0, default: 375, "Viewport width in points (>= 0)."),
      .number("height", \.config.height, min: 0, default: 667, "Viewport height in points (>= 0)."),
      .custom(
        "sections",
        "{id: integer|string, header: any?, footer: any?, columns: integer?, items: {id: integer|string}[]?}[]",
        default: .described("no sections"),
        "The data as values (not with source). Ids are unique: sections among sections, items across the list; unknown section keys are errors."
      ),
      .custom(
        "source", ListSourceCallback.luaClass, default: .absent,
        "The data as callbacks (not with sections); lazy, see tantan.ListSource."),
      .integer(
        "columns", \.config.columns, min: 1, max: 1000, default: 1,
        "Columns of every section that sets none (1..1000); items of a row share its width."),
      .number(
        "header_height", \.config.headerHeight, min: 0, default: 0,
        "Height of a section's header when it has one (>= 0). A header (or a source's header) with a height of 0 is an error: it would not show."
      ),
      .number(
        "footer_height", \.config.footerHeight, min: 0, default: 0,
        "Height of a section's footer when it has one (>= 0); same rule as header_height."),
      .boolean(
        "sticky_headers", \.config.stickyHeaders, default: false,
        "Headers pin under the top while their section scrolls by (the seed's LevitateHeaderFlowLayout), z 1024."),
      Key(
        itemHeightKey, "number|fun(list: tantan.List, section: integer, index: integer, item: table): number",
        default: 44, "One height for every item (>= 0), or a function measuring each (a finite number >= 0)."
      ) { (r, s) throws(LuaCallError) in
        if r.push(itemHeightKey) == LUA_TFUNCTION {
          s.itemHeight = LuaRef(popping: r.lua, handle: r.lua.handle)
        } else {
          r.lua.pop()
          if let h = try r.number(itemHeightKey, min: 0) { s.config.itemHeight = .fixed(h) }
        }
      },
      .number(
        "estimated_item_height", \.config.estimatedItemHeight, default: .absent,
        "With item_height a function and a source only (> 0): the height of an item until it is measured in view; the content height is corrected as items are measured and the offset follows what is on screen. Without it a source's items are all fetched and measured once when the data loads."
      ),
      Key(
        "spacing", "number|{line: number?, item: number?}", default: 0,
        "A number: the gap between rows; a table: line (between rows) and item (between columns), each >= 0."
      ) { (r, s) throws(LuaCallError) in
        let isNumber = r.push("spacing") == LUA_TNUMBER
        r.lua.pop()
        if isNumber {
          s.config.spacing = ListSpacing(line: try r.number("spacing", min: 0) ?? 0)
        } else if let t = try r.table("spacing") {
          try spacing.rejectUnknown(t)
          try spacing.apply(t, to: &s)
        }
      },
      .table(
        "insets", insets, default: 0,
        "Around the items of each non-empty section (after the header, before the footer), each >= 0."),
      .table(
        "content_inset", contentInset, default: 0,
        "UIKit's contentInset: the offset rests at -top (the seed's list sits under a 64 pt bar)."),
      .classTable(
        "refresh", refresh, callbacks: ListRefreshCallback.self, default: .absent,
        "Pull to refresh; without it pull() is an error."
      ) {
        $0.config.refresh = ListRefreshConfig()
      },
      .classTable(
        "paging", paging, callbacks: ListPagingCallback.self, default: .absent,
        "Loading more pages at the end; without it nothing loads."
      ) {
        $0.config.paging = ListPagingConfig()
      },
      .custom(
        "delegate", ListDelegateCallback.luaClass, default: .absent, "Callbacks; see \(ListDelegateCallback.luaClass)."),
    ])

  static let spacing = ConfigSchema<ListSetup>(
    "", "",
    [
      .number("line", \.config.spacing.line, min: 0, default: 0, ""),
      .number("item", \.config.spacing.item, min: 0, default: 0, ""),
    ])
  static let insets = ConfigSchema<ListSetup>(
    "", "",
    [
      .number("top", \.config.insets.top, min: 0, default: 0, ""),
      .number("left", \.config.insets.left, min: 0, default: 0, ""),
      .number("bottom", \.config.insets.bottom, min: 0, default: 0, ""),
      .number("right", \.config.insets.right, min: 0, default: 0, ""),
    ])
  static let contentInset = ConfigSchema<ListSetup>(
    "", "",
    [
      .number("top", \.config.contentInset.top, min: 0, default: 0, ""),
      .number("bottom", \.config.contentInset.bottom, min: 0, default: 0, ""),
    ])
  static let refresh = ConfigSchema<ListSetup>(
    ListRefreshCallback.luaClass,
    "Pull to refresh: idle -> pulling -> armed (pull >= threshold) -> release -> refreshing (paging reset) -> done -> finishing (finish_duration) -> idle.",
    [
      .number("threshold", \.config.refresh!.threshold, default: 50, "How far a pull arms the refresh (> 0)."),
      .number(
        "finish_duration", \.config.refresh!.finishDuration, min: 0, default: 0.25,
        "Seconds of the virtual clock the indicator takes to collapse (>= 0; 0 goes straight to idle)."),
    ])
  static let paging = ConfigSchema<ListSetup>(
    ListPagingCallback.luaClass,
    "Paging (MJRefresh's auto footer): checked after every offset change, never at construction (the first page is not requested by itself: scroll, or call list:load_more()).",
    [
      .integer(
        "page_size", \.config.paging!.pageSize, min: 1, default: .absent,
        "A page with fewer items (>= 1) ends paging (has_more false) until the next refresh; nil: only an empty page ends it."
      ),
      .integer(
        "prefetch", \.config.paging!.prefetch, min: 0, default: 0,
        "Load when at most this many items start at or below the bottom of the visible area (>= 0; 0: once the last item shows); a source also fetches this many items past the visible ones."
      ),
    ])

  /// Every config table and callback table of the list, for the reference.
  static var configDocs: [LuaDoc] {
    config.docs + [ListSourceCallback.classDoc] + ListSourceCallback.docs + [ListDelegateCallback.classDoc]
      + ListDelegateCallback.docs + refresh.docs + ListRefreshCallback.docs + paging.docs + ListPagingCallback.docs
  }
}

extension LuaList {
  typealias Source = ListSourceCallback

  /// Reads the config (unknown keys already rejected): the model's config and data; keeps the callbacks.
  func readConfig(_ r: ConfigReader) throws(LuaCallError) -> (ListConfig<ListViewModel>, ListData<ListViewModel>) {
    let lua = r.lua
    var setup = ListSetup()
    try ListBinding.config.apply(r, to: &setup)
    var c = setup.config
    if let fn = setup.itemHeight {
      itemHeight = fn
      c.itemHeight = .batch { [link] s, items, start in
        try link.hold(orThrow: LuaList.gone) { try $0.computeHeights(s, items, start) }
      }
    }
    if let t = try r.table("refresh"), let index = t.index {
      refreshCallbacks = try Callbacks(host, index: index, arg: 1, declared: ListRefreshCallback.self, lua: lua)
      c.refresh?.onRefresh = { [link] _, done in try link.hold(orThrow: LuaList.gone) { try $0.refreshCalled(done) } }
    }
    if let t = try r.table("paging"), let index = t.index {
      pagingCallbacks = try Callbacks(host, index: index, arg: 1, declared: ListPagingCallback.self, lua: lua)
      // Without on_load_more no load starts (a load nobody completes would block paging forever).
      if pagingCallbacks.has(ListPagingCallback.onLoadMore) {
        c.paging?.onLoadMore = { [link] _, page, done in
          try link.hold(orThrow: LuaList.gone) { try $0.loadMoreCalled(page, done) }
        }
      }
    }
    r.push("delegate")
    delegate = try Callbacks(host, index: -1, arg: 1, declared: ListDelegateCallback.self, lua: lua)
    delegateSink = CallbackSink(self, link: link, callbacks: delegate, host: host)
    lua.pop()
    // Data: `sections` (values) or `source` (callbacks), not both.
    let hasSections = r.has("sections")
    let hasSource = r.has("source")
    if hasSections && hasSource { throw .argument(1, "give either sections or source, not both") }
    if hasSource {
      r.push("source")
      defer { lua.pop() }
      source = try Callbacks(host, index: -1, arg: 1, declared: ListSourceCallback.self, lua: lua)
      return (c, .source(dataSource()))
    }
    guard hasSections else { return (c, .sections([])) }
    r.push("sections")
    defer { lua.pop() }
    do throws(ListDataError) {
      return (c, .sections(try lua.listSections(-1, handle: lua.handle, "sections")))
    } catch { throw .argument(1, error.message) }
  }
}
