import LuaRuntime

/// Every key of `tantan.list(config)` and of its nested tables, declared once with its default:
/// the API reference and the stubs show them as classes (`tantan.ListConfig`, ...), and the
/// config reader takes its known keys from here.
extension LuaList {
  private static func key(_ owner: String, _ name: String, _ type: String, _ doc: String) -> LuaDoc {
    LuaDoc(.key, "tantan.\(owner).\(name)", type, doc)
  }

  private static func callback(_ owner: String, _ name: String, _ type: String, _ doc: String) -> LuaDoc {
    LuaDoc(.callback, "tantan.\(owner).\(name)", type, doc)
  }

  static let configDocs: [LuaDoc] = [
    LuaDoc(.class, "tantan.ListConfig", "", "The keys of tantan.list(config), each optional, with its default; unknown keys are errors."),
    key("ListConfig", "width", "number", "Viewport width in points (>= 0). Default 375."),
    key("ListConfig", "height", "number", "Viewport height in points (>= 0). Default 667."),
    key("ListConfig", "sections", "{id: integer|string, header: any?, footer: any?, columns: integer?, items: {id: integer|string}[]?}[]", "The data as values (not with source). Ids are unique: sections among sections, items across the list; unknown section keys are errors. Default: no sections."),
    key("ListConfig", "source", "tantan.ListSource", "The data as callbacks (not with sections); lazy, see tantan.ListSource. Default nil."),
    key("ListConfig", "columns", "integer", "Columns of every section that sets none (1..1000); items of a row share its width. Default 1."),
    key("ListConfig", "item_height", "number|fun(list: tantan.List, section: integer, index: integer, item: table): number", "One height for every item (>= 0), or a function measuring each (a finite number >= 0). Default 44."),
    key("ListConfig", "estimated_item_height", "number", "With item_height a function and a source only (> 0): the height of an item until it is measured in view; the content height is corrected as items are measured and the offset follows what is on screen. Without it a source's items are all fetched and measured once when the data loads. Default nil."),
    key("ListConfig", "header_height", "number", "Height of a section's header when it has one (>= 0). A header (or a source's header) with a height of 0 is an error: it would not show. Default 0."),
    key("ListConfig", "footer_height", "number", "Height of a section's footer when it has one (>= 0); same rule as header_height. Default 0."),
    key("ListConfig", "spacing", "number|{line: number?, item: number?}", "A number: the gap between rows; a table: line (between rows) and item (between columns), each >= 0. Default 0."),
    key("ListConfig", "insets", "{top: number?, left: number?, bottom: number?, right: number?}", "Around the items of each non-empty section (after the header, before the footer), each >= 0. Default 0."),
    key("ListConfig", "content_inset", "{top: number?, bottom: number?}", "UIKit's contentInset: the offset rests at -top (the seed's list sits under a 64 pt bar). Default 0."),
    key("ListConfig", "sticky_headers", "boolean", "Headers pin under the top while their section scrolls by (the seed's LevitateHeaderFlowLayout), z 1024. Default false."),
    key("ListConfig", "refresh", "tantan.ListRefreshConfig", "Pull to refresh; without it pull() is an error. Default nil."),
    key("ListConfig", "paging", "tantan.ListPagingConfig", "Loading more pages at the end; without it nothing loads. Default nil."),
    key("ListConfig", "delegate", "{did_scroll: fun(list: tantan.List, offset: number)?}", "did_scroll(list, offset) after every change of the offset. Default nil."),

    LuaDoc(.class, "tantan.ListSource", "", "A lazy data source (section_count, item_count and item are required): the list reads the sections (ids, headers, footers, counts) when built and on reload(), and fetches items only when they come into view plus paging.prefetch; items that leave are forgotten, appended pages kept. Ids are checked among the items the list holds."),
    callback("ListSource", "section_count", "fun(list: tantan.List): integer", "How many sections (0..100000000)."),
    callback("ListSource", "item_count", "fun(list: tantan.List, section: integer): integer", "How many items in a section (0..100000000)."),
    callback("ListSource", "item", "fun(list: tantan.List, section: integer, index: integer): table", "The item at (section, index): a table with an id."),
    callback("ListSource", "header", "fun(list: tantan.List, section: integer): any", "The section's header view model, or nil for none (optional)."),
    callback("ListSource", "footer", "fun(list: tantan.List, section: integer): any", "The section's footer view model, or nil for none (optional)."),
    callback("ListSource", "section_id", "fun(list: tantan.List, section: integer): integer|string", "The section's id (optional; default: its number counted from 0)."),

    LuaDoc(.class, "tantan.ListRefreshConfig", "", "Pull to refresh: idle -> pulling -> armed (pull >= threshold) -> release -> refreshing (paging reset) -> done -> finishing (finish_duration) -> idle."),
    key("ListRefreshConfig", "threshold", "number", "How far a pull arms the refresh (> 0). Default 50."),
    key("ListRefreshConfig", "finish_duration", "number", "Seconds of the virtual clock the indicator takes to collapse (>= 0; 0 goes straight to idle). Default 0.25."),
    callback("ListRefreshConfig", "on_refresh", "fun(list: tantan.List, done: fun(sections: table[]?, err: any?): string, table?)", "Called when a refresh starts. Call done (now or later) to end it: done() -> \"finished\"; done(sections) applies them as list:apply does (recorded as a refresh_applied event) -> \"applied\", changes; done(nil, err) keeps the data and sets list.refresh_error = tostring(err) -> \"failed\" (the next successful refresh clears it). Bad sections end the refresh as failed and raise at done's caller. A done for a refresh no longer running -> \"dropped\"; a second call is an error. Without on_refresh, list:finish_refresh() ends it."),

    LuaDoc(.class, "tantan.ListPagingConfig", "", "Paging (MJRefresh's auto footer): checked after every offset change, never at construction (the first page is not requested by itself: scroll, or call list:load_more())."),
    key("ListPagingConfig", "page_size", "integer", "A page with fewer items (>= 1) ends paging (has_more false) until the next refresh; nil: only an empty page ends it. Default nil."),
    key("ListPagingConfig", "prefetch", "integer", "Load when at most this many items start at or below the bottom of the visible area (>= 0; 0: once the last item shows); a source also fetches this many items past the visible ones. Default 0."),
    callback("ListPagingConfig", "on_load_more", "fun(list: tantan.List, page: integer, done: fun(items: table[]?, err: any?): string)", "Called with the next page number (page + 1). done(items) appends the items to the last section (after its last item, also for a source) and returns \"appended\"; done(nil, err) rolls page back, sets list.load_error = tostring(err) and returns \"failed\": the error latches, scrolling asks for nothing until list:load_more() or a refresh. A result arriving after a refresh started returns \"dropped\"; a second call is an error. Unreadable items raise at done's caller and leave the load running; items the list rejects (duplicate ids, bad heights) end it as failed."),
  ]

  /// The known keys of one of the tables above (`ListConfig`, `ListRefreshConfig`, ...).
  static func keys(of owner: String) -> [String] {
    let prefix = "tantan.\(owner)."
    return configDocs.compactMap { d in
      d.kind != .class && d.name.hasPrefix(prefix) ? String(d.name.dropFirst(prefix.count)) : nil
    }
  }

  static let configKeys = keys(of: "ListConfig")
}
