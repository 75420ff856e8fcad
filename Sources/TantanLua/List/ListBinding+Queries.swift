import CLua
import HeadlessUI
import LuaRuntime

/// Read-only methods and fields; all allowed from inside callbacks (once the list is built).
extension ListBinding {
  static var queryMethods: [Method] {
    [
      method(
        "layout",
        "What intersects rect (default: the visible area), in content coordinates; sticky headers have z 1024. Cost depends on the result, not on the item count.",
        .optional(rect), returns: attributes
      ) { l, r in try l.model().layout(r) },
      method(
        "item", "The item's own table, as the script gave it.", .index("section"), .index("index"), returns: viewModel
      ) { l, s, i in
        try l.model().item(section: s, index: i).payload
      },
      method(
        "header", "The section's header view model as the script gave it, or nil.", .index("section"),
        returns: optionalViewModel
      ) { l, s in
        try l.section(s).header
      },
      method(
        "footer", "The section's footer view model as the script gave it, or nil.", .index("section"),
        returns: optionalViewModel
      ) { l, s in
        try l.section(s).footer
      },
      method(
        "section_id",
        "The section's id: as `sections` or source.section_id gave it; a source without section_id numbers its sections from 0.",
        .index("section"), returns: id
      ) { l, s in try l.section(s).id },
      method("item_count", "Items in a section.", .index("section"), returns: .integer) { l, s in
        let m = try l.model()
        try m.checkSection(s)
        return m.itemCount(inSection: s)
      },
      method(
        "index_at", "The section and index of the item under a point (content coordinates), or nil, nil.", .finite("x"),
        .finite("y"), returns: indexPath
      ) {
        l, x, y in try l.model().itemIndexPath(at: Point(x: x, y: y))
      },
      method("events", "Every callback call so far, as `name(arg, ...)` strings, 1-based.", returns: events) { l in l },
      method("clear_events", "Forgets the recorded events.", returns: .none) { l in l.events.clear() },
    ]
  }

  static var fields: [Field] {
    [
      field("offset", "UIKit's contentOffset.y: -content_inset.top at rest.", .number) { l in try l.model().offset },
      field("content_height", "Exact height of all sections.", .number) { l in try l.model().contentHeight },
      field("min_offset", "The smallest offset scroll_to accepts: -content_inset.top (the resting offset).", .number) {
        l in try l.model().minOffset
      },
      field(
        "max_offset",
        "The largest offset scroll_to accepts (the bottom of the content plus content_inset.bottom, or min_offset when it is shorter than the viewport).",
        .number
      ) { l in
        try l.model().maxOffset
      },
      field("refresh_state", "Pull-to-refresh state.", refreshState) { l in try l.model().refreshState },
      field(
        "page", "The last page requested (0 before any and after a refresh; rolled back by a failed load).", .integer
      ) { l in try l.model().page },
      field("loading", "True while on_load_more's done has not been called.", .boolean) { l in try l.model().loading
      },
      field("has_more", "False after a short page, until the next refresh.", .boolean) { l in try l.model().hasMore },
      field(
        "load_error",
        "The error of the last failed load; while set, scrolling loads nothing (no retry storm) until list:load_more() or a refresh starts.",
        .optional(.string)
      ) { l in
        LuaList.failureText(try l.model().loadFailure, l.lua)
      },
      field(
        "refresh_error", "The error of the last failed refresh (done(nil, err)); cleared by the next successful one.",
        .optional(.string)
      ) { l in
        LuaList.failureText(try l.model().refreshFailure, l.lua)
      },
      field("count", "Items in all sections.", .integer) { l in try l.model().itemCount },
      field("section_count", "Number of sections.", .integer) { l in try l.model().sectionCount },
      field("width", "Viewport width.", .number) { l in try l.model().config.width },
      field("height", "Viewport height.", .number) { l in try l.model().config.height },
      field("pull_distance", "How far the finger holds the content down (0 without a pull).", .number) { l in
        try l.model().pullDistance
      },
      field("indicator_height", "Height of the refresh indicator (collapses while finishing).", .number) { l in
        try l.model().refreshIndicatorHeight
      },
    ]
  }

  /// `{x=, y=, w=, h=}`: finite numbers, `w` and `h` >= 0 (raw access).
  static let rect = LuaParam<Rect>("rect", "{x: number, y: number, w: number, h: number}") {
    (lua, arg) throws(LuaCallError) in try lua.checkRect(arg)
  }

  static let attributes = LuaResult<[ListAttributes]>(
    "{kind: \"item\"|\"header\"|\"footer\", section: integer, index: integer?, frame: {x: number, y: number, w: number, h: number}, z: integer}[]"
  ) { lua, a in lua.push(a) }

  /// A view model as the script gave it (its own table).
  static let viewModel = LuaResult<ListViewModel>("table") { lua, v in lua.push(v) }
  static let optionalViewModel = LuaResult<ListViewModel?>("any") { lua, v in lua.push(v) }

  static let id = LuaResult<ListID>("integer|string") { lua, id in
    switch id {
    case .int(let n): lua_pushinteger(lua.L, lua_Integer(n))
    case .string(let t): lua.push(t)
    }
  }

  /// `section, index` (1-based), or one nil.
  static let indexPath = LuaResult<ListIndexPath?>("integer?, integer?", count: 2) { lua, p in
    guard let p else { lua.pushNil(); lua.pushNil(); return }
    lua.push(p.section + 1)
    lua.push(p.index + 1)
  }

  /// The list's event log (the log itself cannot be copied out).
  static let events = LuaResult<LuaList>("string[]") { lua, l in l.events.push(lua) }
}

extension LuaList {
  /// Section `s` of the model (read), checked.
  func section(_ s: Int) throws -> LuaListSection {
    let m = try model()
    try m.checkSection(s)
    return m.sections[s]
  }
}
