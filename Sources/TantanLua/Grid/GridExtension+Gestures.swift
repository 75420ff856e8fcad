import HeadlessUI
import LuaRuntime

/// The gesture methods of `tantan.ReorderGrid`. Every one of them raises (and changes nothing)
/// when called from inside a delegate or data-source callback: re-entrant calls are an error, not
/// queued. A delegate's error reaches the caller unchanged (with the delegate's `file:line`) after
/// the grid has been made consistent.
extension GridExtension {
  static var gestureMethods: [Method] {
    [
      M("long_press", "fun(self, index: integer, seconds?: number): boolean",
        "Long press on a cell, as in the seed: enters editing (will_begin_editing) and lifts the cell (can_move, will_begin_drag). A locked or vetoed cell enters editing without lifting; seconds shorter than config.long_press is a tap and does nothing. Returns whether a drag started."
      ) { m, lua throws(LuaCallError) in
        let i = try index(lua, 2)
        let seconds: Double? = lua.isNoneOrNil(3) ? nil : try lua.checkFinite(3)
        lua.push(try run(lua) { try m.longPress(i, duration: seconds) })
        return 1
      },
      M("pan_begin", "fun(self, index: integer): boolean",
        "The seed's pan recogniser: lifts a cell without a long press, only while editing (an error otherwise). Returns whether a drag started."
      ) { m, lua throws(LuaCallError) in
        let i = try index(lua, 2)
        lua.push(try run(lua) { try m.panBegin(i) })
        return 1
      },
      M("drag_by", "fun(self, dx: number, dy: number)",
        "Moves the finger (and the snapshot) by an increment, then runs the hit test once: the first visible cell whose centre is within half the snapshot's width (straight line) and half its height (vertically) takes the item, the cells in between shifting by one (the seed's rule, config.target = \"half_cell\"; a refused first candidate means no move). can_drop(current, candidate) may veto."
      ) { m, lua throws(LuaCallError) in
        let dx = try lua.checkFinite(2)
        let dy = try lua.checkFinite(3)
        try run(lua) { try m.dragBy(dx: dx, dy: dy) }
        return 0
      },
      M("drag_to", "fun(self, x: number, y: number)",
        "Puts the snapshot's centre at (x, y) in content coordinates, then runs the hit test once (the rule of drag_by, or config.target)."
      ) { m, lua throws(LuaCallError) in
        let x = try lua.checkFinite(2)
        let y = try lua.checkFinite(3)
        try run(lua) { try m.dragTo(x: x, y: y) }
        return 0
      },
      M("drop", "fun(self): integer",
        "Ends the drag: source.move(from, to) once when the index changed, then did_drop(from, to) (also when equal). Returns the final index. If source.move raises, the order from before the drag stays."
      ) { m, lua throws(LuaCallError) in
        lua.push(try run(lua) { try m.drop() } + 1)
        return 1
      },
      M("cancel", "fun(self)", "Ends the drag with the order from before it; did_cancel(index).") { m, lua throws(LuaCallError) in
        try run(lua) { try m.cancel() }
        return 0
      },
      M("drag", "fun(self, from: integer, to: integer, steps?: integer): integer",
        "The whole gesture: long press on from, the finger travels in a straight line to the centre of slot to in steps moves (default: steps of at most half the smaller item side), scrolling just enough to keep the snapshot visible, then drop. Returns the final index (from when the cell could not be lifted). If a delegate raises mid-way the drag is abandoned (order from before it) and the error raised."
      ) { m, lua throws(LuaCallError) in
        let from = try index(lua, 2)
        let to = try index(lua, 3)
        let steps: Int? = lua.isNoneOrNil(4) ? nil : try lua.checkInteger(4)
        lua.push(try run(lua) { try m.drag(from: from, to: to, steps: steps) } + 1)
        return 1
      },
    ]
  }
}
