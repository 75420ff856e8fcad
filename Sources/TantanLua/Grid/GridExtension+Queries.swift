import HeadlessUI
import LuaRuntime

/// Read-only methods and fields; all allowed from inside callbacks.
extension GridExtension {
  static var queryMethods: [Method] {
    [
      M("cell", "fun(self, index: integer): {index: integer, frame: {x: number, y: number, w: number, h: number}, hidden: boolean, delete_visible: boolean, locked: boolean, item: any}",
        "One cell: its layout frame (content coordinates), hidden (the dragged item's slot), delete_visible (editing and not locked), locked, and the item at that position in the live order."
      ) { m, lua throws(LuaCallError) in
        let i = try index(lua, 2)
        let c = try run(lua) { try m.cell(i) }
        lua.newTable(narr: 0, nrec: 6)
        lua.push(c.index + 1); lua.rawSet(-2, "index")
        push(lua, c.frame); lua.rawSet(-2, "frame")
        lua.push(c.hidden); lua.rawSet(-2, "hidden")
        lua.push(c.deleteVisible); lua.rawSet(-2, "delete_visible")
        lua.push(c.locked); lua.rawSet(-2, "locked")
        c.item.push(lua); lua.rawSet(-2, "item")
        return 1
      },
      M("item", "fun(self, index: integer): any", "The item at index in the live order (cheaper than grid.items[index] with a source).") { m, lua throws(LuaCallError) in
        let i = try index(lua, 2)
        try run(lua) { try m.item(i) }.push(lua)
        return 1
      },
      M("index_at", "fun(self, x: number, y: number): integer?",
        "The cell whose frame contains the point (content coordinates), or nil in gaps, insets and below the last item."
      ) { m, lua throws(LuaCallError) in
        let x = try lua.checkFinite(2)
        let y = try lua.checkFinite(3)
        lua.push(try run(lua) { try m.indexAt(x: x, y: y) }.map { $0 + 1 })
        return 1
      },
    ]
  }

  static var fields: [Field] {
    [
      F("items", "any[]", "The live order (during a drag the dragged item is already at its live index); with a source this asks source.item for every index.") { m, lua throws(LuaCallError) in
        let items = try run(lua) { try m.items }
        lua.newTable(narr: Int32(clamping: items.count))
        for (k, r) in items.enumerated() {
          r.push(lua)
          lua.rawSet(-2, index: k + 1)
        }
      },
      F("count", "integer", "Number of items.") { m, lua throws(LuaCallError) in lua.push(m.count) },
      F("editing", "boolean", "Editing mode: delete badges shown, the Edit button reads Done.") { m, lua throws(LuaCallError) in
        lua.push(m.editing)
      },
      F("edit_title", "\"Edit\"|\"Done\"", "The Edit/Done button's title.") { m, lua throws(LuaCallError) in
        lua.push(m.editButtonTitle)
      },
      F("dragging", "integer?", "Live index of the item being dragged, or nil.") { m, lua throws(LuaCallError) in
        lua.push(m.dragging.map { $0 + 1 })
      },
      F("drag_origin", "integer?", "Index, before the drag, of the item being dragged, or nil.") { m, lua throws(LuaCallError) in
        lua.push(m.dragOrigin.map { $0 + 1 })
      },
      F("snapshot", "{x: number, y: number, w: number, h: number}?", "The dragged snapshot's frame (content coordinates), or nil.") { m, lua throws(LuaCallError) in
        if let r = m.snapshot { push(lua, r) } else { lua.pushNil() }
      },
      F("offset", "number", "The scroll offset (content y at the top of the visible area).") { m, lua throws(LuaCallError) in
        lua.push(m.offset)
      },
      F("max_offset", "number", "The largest scroll offset: max(0, content_height - height).") { m, lua throws(LuaCallError) in
        lua.push(m.maxOffset)
      },
      F("content_height", "number", "top + rows * item.h + (rows - 1) * spacing.line + bottom.") { m, lua throws(LuaCallError) in
        lua.push(m.contentHeight)
      },
      F("visible", "integer[]", "Indices of the cells whose frame intersects the visible area, ascending.") { m, lua throws(LuaCallError) in
        let r = m.visible
        pushIndices(lua, r, count: r.count)
      },
      F("locked", "integer[]", "Indices of the locked items, ascending (they never move).") { m, lua throws(LuaCallError) in
        let l = m.locked
        pushIndices(lua, l, count: l.count)
      },
      F("autoscrolling", "boolean", "True while the autoscroll timer is pending on the virtual clock.") { m, lua throws(LuaCallError) in
        lua.push(m.isAutoscrolling)
      },
      F("width", "number", "config.width.") { m, lua throws(LuaCallError) in lua.push(m.config.width) },
      F("height", "number", "config.height (the visible area).") { m, lua throws(LuaCallError) in lua.push(m.config.height) },
      F("columns", "integer", "config.columns.") { m, lua throws(LuaCallError) in lua.push(m.config.columns) },
      F("target", "\"half_cell\"|\"center_inside\"|\"closest_center\"", "config.target, the drop-target rule.") { m, lua throws(LuaCallError) in
        lua.push(m.config.target.rawValue)
      },
    ]
  }
}
