import LuaRuntime

/// The list's callbacks, declared once per table: lookup, `list:events()` names, the reference and
/// the unknown-callback error come from here. (`item_height` as a function is a config key: see
/// `ListBinding.config`.)
enum ListSourceCallback: Int, CallbackDeclaration {
  case sectionCount, itemCount, item, header, footer, sectionID

  static let luaClass = "tantan.ListSource"
  static let role = "source"
  static var component: String { "list: \(ListBinding.listClass.name)" }
  static let classDoc = LuaDoc(
    .class, luaClass, "",
    "A lazy data source (section_count, item_count and item are required): the list reads the sections (ids, headers, footers, counts) when built and on reload(), and fetches items only when they come into view plus paging.prefetch; items that leave are forgotten, appended pages kept. Ids are checked among the items the list holds."
  )

  var spec: CallbackSpec {
    switch self {
    case .sectionCount:
      .init("section_count", [], returns: "integer", "How many sections (0..100000000).", required: true)
    case .itemCount:
      .init(
        "item_count", ["section: integer"], returns: "integer",
        "How many items in a section (0..100000000).", required: true)
    case .item:
      .init(
        "item", ["section: integer", "index: integer"], returns: "table",
        "The item at (section, index): a table with an id.", required: true)
    case .header:
      .init(
        "header", ["section: integer"], returns: "any",
        "The section's header view model, or nil for none (optional).")
    case .footer:
      .init(
        "footer", ["section: integer"], returns: "any",
        "The section's footer view model, or nil for none (optional).")
    case .sectionID:
      .init(
        "section_id", ["section: integer"], returns: "integer|string",
        "The section's id (optional; default: its number counted from 0).")
    }
  }
}

/// `delegate = {did_scroll = ...}`.
enum ListDelegateCallback: Int, CallbackDeclaration {
  case didScroll

  static let luaClass = "tantan.ListDelegate"
  static let role = "delegate"
  static var component: String { "list: \(ListBinding.listClass.name)" }
  static let classDoc = LuaDoc(
    .class, luaClass, "", "The list's delegate: its callbacks are recorded in list:events() (1-based).")

  var spec: CallbackSpec {
    switch self {
    case .didScroll: .init("did_scroll", ["offset: number"], "After every change of the offset.")
    }
  }
}

/// `refresh = {on_refresh = ...}` (the table's other keys are config: `ListBinding.refresh`).
enum ListRefreshCallback: Int, CallbackDeclaration {
  case onRefresh

  static let luaClass = "tantan.ListRefreshConfig"
  static let role = "refresh"
  static var component: String { "list: \(ListBinding.listClass.name)" }

  var spec: CallbackSpec {
    switch self {
    case .onRefresh:
      .init(
        "on_refresh", ["done: fun(sections: table[]?, err: any?): string", "table?"],
        "Called when a refresh starts. Call done (now or later) to end it: done() -> \"finished\"; done(sections) applies them as list:apply does (recorded as a refresh_applied event) -> \"applied\", changes; done(nil, err) keeps the data and sets list.refresh_error = tostring(err) -> \"failed\" (the next successful refresh clears it). Bad sections end the refresh as failed and raise at done's caller. A done for a refresh no longer running -> \"dropped\"; a second call is an error. Without on_refresh, list:finish_refresh() ends it."
      )
    }
  }
}

/// `paging = {on_load_more = ...}` (the table's other keys are config: `ListBinding.paging`).
enum ListPagingCallback: Int, CallbackDeclaration {
  case onLoadMore

  static let luaClass = "tantan.ListPagingConfig"
  static let role = "paging"
  static var component: String { "list: \(ListBinding.listClass.name)" }

  var spec: CallbackSpec {
    switch self {
    case .onLoadMore:
      .init(
        "on_load_more", ["page: integer", "done: fun(items: table[]?, err: any?): string"],
        "Called with the next page number (page + 1). done(items) appends the items to the last section (after its last item, also for a source) and returns \"appended\"; done(nil, err) rolls page back, sets list.load_error = tostring(err) and returns \"failed\": the error latches, scrolling asks for nothing until list:load_more() or a refresh. A result arriving after a refresh started returns \"dropped\"; a second call is an error. Unreadable items raise at done's caller and leave the load running; items the list rejects (duplicate ids, bad heights) end it as done(nil, err) does, raising nothing: done returns \"failed\" and list.load_error names the problem (duplicate item id 3: items 3 and 13 of section \"feed\")."
      )
    }
  }
}

/// The list's delegate events as Lua calls (`CallbackSink` records and calls them). The binding
/// raises them: `did_scroll` after a scroll method moved the offset.
extension ListDelegateCallback: EventCallbacks {
  enum ModelEvent {
    case didScroll(offset: Double)
  }

  @inline(__always)
  static func call<S: CallbackSender>(for event: ModelEvent, _ sink: S) throws -> Bool where S.D == Self {
    switch event {
    case .didScroll(let offset): try sink.send(.init(.didScroll, .measure(offset)))
    }
  }
}
