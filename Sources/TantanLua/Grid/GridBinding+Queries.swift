import HeadlessUI
import LuaRuntime

/// Read-only methods and fields; all allowed from inside callbacks.
extension GridBinding {
  static var queryMethods: [Method] {
    [
      method(
        "cell",
        "One cell: its layout frame (content coordinates), hidden (the dragged item's slot), delete_visible (editing and not locked), locked, and the item at that position in the live order.",
        .index("index"), returns: cellResult
      ) { g, i in try g.model().cell(i) },
      method(
        "item", "The item at index in the live order (cheaper than grid.items[index] with a source).",
        .index("index"), returns: .any
      ) { g, i in try g.model().item(i) },
      method(
        "index_at",
        "The cell whose frame contains the point (content coordinates), or nil in gaps, insets and below the last item.",
        .finite("x"), .finite("y"), returns: .optional(.index)
      ) { g, x, y in try g.model().indexAt(x: x, y: y) },
    ]
  }

  static let cellResult = LuaResult<ReorderGridCell<LuaRef>>(
    "{index: integer, frame: {x: number, y: number, w: number, h: number}, hidden: boolean, delete_visible: boolean, locked: boolean, item: any}"
  ) { lua, c in
    lua.newTable(narr: 0, nrec: 6)
    lua.push(c.index + 1); lua.rawSet(-2, "index")
    LuaResult.rect.push(lua, c.frame); lua.rawSet(-2, "frame")
    lua.push(c.hidden); lua.rawSet(-2, "hidden")
    lua.push(c.deleteVisible); lua.rawSet(-2, "delete_visible")
    lua.push(c.locked); lua.rawSet(-2, "locked")
    _ = c.item.push(lua); lua.rawSet(-2, "item")
  }

  static var fields: [Field] {
    [
      field(
        "items",
        "The live order (during a drag the dragged item is already at its live index); with a source this asks source.item for every index.",
        .array
      ) { g in
        try g.model().items
      },
      field("count", "Number of items.", .integer) { g in try g.model().count },
      field("editing", "Editing mode: delete badges shown, the bar's button reads bar.done.", .boolean) { g in
        try g.model().editing
      },
      field("edit_title", "The bar's button as drawn: bar.done while editing, else bar.sort.", .string) { g in
        try g.model().editButtonTitle
      },
      field("bar", "The bar's texts (config.bar), a copy: {title =, sort =, done =}.", .barTitles) { g in
        try g.model().config.bar
      },
      field("dragging", "Live index of the item being dragged, or nil.", .optional(.index)) { g in
        try g.model().dragging
      },
      field("drag_origin", "Index, before the drag, of the item being dragged, or nil.", .optional(.index)) { g in
        try g.model().dragOrigin
      },
      field("snapshot", "The dragged snapshot's frame (content coordinates), or nil.", .optional(.rect)) { g in
        try g.model().snapshot
      },
      field("offset", "The scroll offset (content y at the top of the visible area).", .number) { g in
        try g.model().offset
      },
      field("max_offset", "The largest scroll offset: max(0, content_height - height).", .number) { g in
        try g.model().maxOffset
      },
      field("content_height", "top + rows * item.h + (rows - 1) * spacing.line + bottom.", .number) { g in
        try g.model().contentHeight
      },
      field("visible", "Indices of the cells whose frame intersects the visible area, ascending.", .indices) { g in
        try g.model().visible
      },
      field("locked", "Indices of the locked items, ascending (they never move).", .indices) { g in try g.model().locked
      },
      field("autoscrolling", "True while the autoscroll timer is pending on the virtual clock.", .boolean) { g in
        try g.model().isAutoscrolling
      },
      field("width", "config.width.", .number) { g in try g.model().config.width },
      field("height", "config.height (the visible area).", .number) { g in try g.model().config.height },
      field("columns", "config.columns.", .integer) { g in try g.model().config.columns },
      field(
        "target", "config.target, the drop-target rule.",
        .init(config.rows.first { $0.key == "target" }!.type) { lua, t in lua.push(t.rawValue) }
      ) { g in
        try g.model().config.target
      },
    ]
  }
}
