import CLua
import HeadlessUI
import LuaRuntime

/// Editing, delete badges, programmatic moves, reload, scrolling and the event log.
extension GridExtension {
  static var editingMethods: [Method] {
    [
      M("set_editing", "fun(self, on: boolean)",
        "Turns editing on (asking will_begin_editing first; raising aborts) or off (did_end_editing after). An error during a drag."
      ) { m, lua throws(LuaCallError) in
        let on = try checkBool(lua, 2)
        try run(lua) { try m.setEditing(on) }
        return 0
      },
      M("toggle_editing", "fun(self): boolean",
        "The Edit/Done button: flips editing and returns the new state (grid.edit_title follows)."
      ) { m, lua throws(LuaCallError) in
        lua.push(try run(lua) { try m.toggleEditing() })
        return 1
      },
      M("delete", "fun(self, index: integer): any",
        "The delete badge: only while editing (the badge is hidden otherwise: an error that says so), never on a locked cell, never with a source without source.delete (no badges are shown: an error naming source.delete, never a delete the source would undo at the next reload), never during a drag or from inside a callback (not queued). source.delete(index) first (raising changes nothing), then did_delete(index, item). Returns the removed item."
      ) { m, lua throws(LuaCallError) in
        let i = try index(lua, 2)
        try run(lua) { try m.delete(i) }.push(lua)
        return 1
      },
      M("move", "fun(self, from: integer, to: integer): boolean",
        "Keyboard/accessibility reordering through the drop's commit path: can_move(from), can_drop(from, to), did_move(from, to), source.move(from, to), did_drop(from, to). Returns false, with no further events, when a locked item is on the way or a delegate vetoes; all or nothing. An error during a drag or from inside a callback (not queued)."
      ) { m, lua throws(LuaCallError) in
        let from = try index(lua, 2)
        let to = try index(lua, 3)
        lua.push(try run(lua) { try m.move(from: from, to: to) })
        return 1
      },
      MG("reload", "fun(self, items?: any[])",
        "With a source: asks source.count again and starts over (locked indices beyond the new count are dropped). With items: replaces the data with that array (leaving the source, if any). An error during a drag or from inside a callback (not queued)."
      ) { g, m, lua throws(LuaCallError) in
        if lua.isNoneOrNil(2) {
          try run(lua) { try m.reload() }
          return 0
        }
        let items = try readArray(g.host, lua, 2)
        try run(lua) { try m.reload(items: items) }
        return 0
      },
      M("scroll_to", "fun(self, y: number)",
        "Sets the scroll offset (0 to grid.max_offset; allowed while editing). During a drag the finger stays put on screen, so the snapshot moves with the content and the hit test runs."
      ) { m, lua throws(LuaCallError) in
        let y = try lua.checkFinite(2)
        try run(lua) { try m.scrollTo(y) }
        return 0
      },
      Method("events", "fun(self): string[]",
        "Every delegate and data-source call so far, oldest first, as `name(arg, ...)` with 1-based indices, e.g. `did_move(2, 5)`, `move(2, 5)`; recorded even when the callback is absent."
      ) { g, lua in
        g.log.push(lua)
        return 1
      },
      Method("clear_events", "fun(self)", "Empties the event log.") { g, _ in
        g.log.clear()
        return 0
      },
    ]
  }

  /// An array argument of any values, without holes.
  static func readArray(_ host: TantanHost, _ lua: Lua, _ arg: Int32) throws(LuaCallError) -> [LuaRef] {
    try lua.checkTable(arg)
    let n = lua.rawLength(arg)
    var out: [LuaRef] = []
    out.reserveCapacity(n)
    for k in 0..<n {
      if lua.rawGet(arg, index: k + 1) == LUA_TNIL {
        lua.pop()
        throw .argument(arg, "nil at position \(k + 1) (an array without holes expected)")
      }
      out.append(LuaRef(popping: lua, handle: host.state.handle))
    }
    return out
  }
}
