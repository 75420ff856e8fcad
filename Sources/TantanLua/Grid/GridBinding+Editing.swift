import HeadlessUI
import LuaRuntime

/// Editing, delete badges, programmatic moves, reload, scrolling and the event log.
extension GridBinding {
  static var editingMethods: [Method] {
    [
      method(
        "set_editing",
        "Turns editing on (asking will_begin_editing first; raising aborts) or off (did_end_editing after). An error during a drag.",
        .boolean("on"), returns: .none
      ) { g, on in try g.model().setEditing(on) },
      method(
        "toggle_editing", "The bar's button: flips editing and returns the new state (grid.edit_title follows).",
        returns: .boolean
      ) { g in try g.model().toggleEditing() },
      method(
        "delete",
        "The delete badge: only while editing (the badge is hidden otherwise: an error that says so), never on a locked cell, never with a source without source.delete (no badges are shown: an error naming source.delete, never a delete the source would undo at the next reload), never during a drag or from inside a callback (not queued). source.delete(index) first (raising changes nothing), then did_delete(index, item). Returns the removed item.",
        .index("index"), returns: .any
      ) { g, i in try g.model().delete(i) },
      method(
        "move",
        "Keyboard/accessibility reordering through the drop's commit path: can_move(from), can_drop(from, to), did_move(from, to), source.move(from, to), did_drop(from, to). Returns false, with no further events, when a locked item is on the way or a delegate vetoes; all or nothing. An error during a drag or from inside a callback (not queued).",
        .index("from"), .index("to"), returns: .boolean
      ) { g, from, to in try g.model().move(from: from, to: to) },
      method(
        "reload",
        "With a source: asks source.count again and starts over (locked indices beyond the new count are dropped). With items: replaces the data with that array (leaving the source, if any). An error during a drag or from inside a callback (not queued).",
        .optional(.array("items")), returns: .none
      ) { g, items in
        let m = try g.model()
        if let items { try m.reload(items: items) } else { try m.reload() }
      },
      method(
        "scroll_to",
        "Sets the scroll offset (0 to grid.max_offset; allowed while editing). During a drag the finger stays put on screen, so the snapshot moves with the content and the hit test runs.",
        .finite("y"), returns: .none
      ) { g, y in try g.model().scrollTo(y) },
      method(
        "events",
        "Every delegate and data-source call so far, oldest first, as `name(arg, ...)` with 1-based indices, e.g. `did_move(2, 5)`, `move(2, 5)`; recorded even when the callback is absent.",
        returns: .init("string[]") { lua, g in g.events.push(lua) }
      ) { g in g },
      method("clear_events", "Empties the event log.", returns: .none) { g in g.events.clear() },
    ]
  }
}
