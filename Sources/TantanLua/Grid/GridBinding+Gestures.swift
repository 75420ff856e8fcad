import HeadlessUI
import LuaRuntime

/// The gesture methods of `tantan.ReorderGrid`. Every one of them raises (and changes nothing)
/// when called from inside a delegate or data-source callback: re-entrant calls are an error, not
/// queued. A delegate's error reaches the caller unchanged (with the delegate's `file:line`) after
/// the grid has been made consistent.
extension GridBinding {
  static var gestureMethods: [Method] {
    [
      method(
        "long_press",
        "Long press on a cell, as in the seed: enters editing (will_begin_editing) and lifts the cell (can_move, will_begin_drag). A locked or vetoed cell enters editing without lifting; seconds shorter than config.long_press is a tap and does nothing. Returns whether a drag started.",
        .index("index"), .optional(.finite("seconds").swift("duration")), returns: .boolean
      ) { g, i, seconds in try g.model().longPress(i, duration: seconds) },
      method(
        "pan_begin",
        "The seed's pan recogniser: lifts a cell without a long press, only while editing (an error otherwise). Returns whether a drag started.",
        .index("index"), returns: .boolean
      ) { g, i in try g.model().panBegin(i) },
      method(
        "drag_by",
        "Moves the finger (and the snapshot) by an increment, then runs the hit test once: the first visible cell whose centre is within half the snapshot's width (straight line) and half its height (vertically) takes the item, the cells in between shifting by one (the seed's rule, config.target = \"half_cell\"; a refused first candidate means no move). can_drop(current, candidate) may veto.",
        .finite("dx"), .finite("dy"), returns: .none
      ) { g, dx, dy in try g.model().dragBy(dx: dx, dy: dy) },
      method(
        "drag_to",
        "Puts the snapshot's centre at (x, y) in content coordinates, then runs the hit test once (the rule of drag_by, or config.target).",
        .finite("x"), .finite("y"), returns: .none
      ) { g, x, y in try g.model().dragTo(x: x, y: y) },
      method(
        "drop",
        "Ends the drag: source.move(from, to) once when the index changed, then did_drop(from, to) (also when equal). Returns the final index. If source.move raises, the order from before the drag stays.",
        returns: .index
      ) { g in try g.model().drop() },
      method("cancel", "Ends the drag with the order from before it; did_cancel(index).", returns: .none) { g in
        try g.model().cancel()
      },
      method(
        "drag",
        "The whole gesture: long press on from, the finger travels in a straight line to the centre of slot to in steps moves (default: steps of at most half the smaller item side), scrolling just enough to keep the snapshot visible, then drop. Returns the final index (from when the cell could not be lifted). If a delegate raises mid-way the drag is abandoned (order from before it) and the error raised.",
        .index("from"), .index("to"), .optional(.integer("steps")), returns: .index
      ) { g, from, to, steps in try g.model().drag(from: from, to: to, steps: steps) },
    ]
  }
}
