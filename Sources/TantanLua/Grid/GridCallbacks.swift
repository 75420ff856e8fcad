import CLua
import HeadlessUI
import LuaRuntime

/// The grid's delegate callbacks, declared once: lookup, `grid:events()` names, the reference and
/// the unknown-callback error come from here. Each call is recorded in `grid:events()` (1-based).
enum GridDelegateCallback: Int, CallbackDeclaration {
  case willBeginEditing, didEndEditing, willBeginDrag, canMove, canDrop, didMove, didDrop, didCancel, didDelete

  static let luaClass = "tantan.ReorderGridDelegate"
  static let role = "delegate"
  static var component: String { "grid: \(GridBinding.gridClass.name)" }

  var spec: CallbackSpec {
    switch self {
    case .willBeginEditing:
      .init(
        "will_begin_editing", [],
        "Before editing turns on (long press, set_editing, toggle_editing); raising aborts it.")
    case .didEndEditing: .init("did_end_editing", [], "After editing turned off.")
    case .willBeginDrag:
      .init(
        "will_begin_drag", ["index: integer"],
        "Before a cell is lifted (after can_move agreed); raising aborts the lift.")
    case .canMove:
      .init(
        "can_move", ["index: integer"], returns: "boolean",
        "May the item be lifted or moved? Must return a boolean; absent means yes.")
    case .canDrop:
      .init(
        "can_drop", ["from: integer", "to: integer"], returns: "boolean",
        "Asked on each live step (current and candidate index). Must return a boolean; absent means yes.")
    case .didMove:
      .init(
        "did_move", ["from: integer", "to: integer"],
        "A live step happened; grid.items shows the live order.")
    case .didDrop:
      .init(
        "did_drop", ["from: integer", "to: integer"],
        "A drag or move() was committed, original index to final (also when equal).")
    case .didCancel:
      .init(
        "did_cancel", ["index: integer"],
        "A drag was cancelled; the item is back at index.")
    case .didDelete:
      .init(
        "did_delete", ["index: integer", "item: any"],
        "A delete badge removed item, which was at index.")
    }
  }
}

/// The grid's data-source callbacks (`source = {count=, item=, move=, delete=}`).
enum GridSourceCallback: Int, CallbackDeclaration {
  case count, item, move, delete

  static let luaClass = "tantan.ReorderGridSource"
  static let role = "source"
  static var component: String { "grid: \(GridBinding.gridClass.name)" }
  static let missingHint = " (an array of items goes in 'items')"

  var spec: CallbackSpec {
    switch self {
    case .count:
      .init(
        "count", [], returns: "integer",
        "Asked at construction and by reload(); a non-negative integer.", required: true)
    case .item:
      .init(
        "item", ["index: integer"], returns: "any",
        "Asked lazily; nil for an index below the count is an error.", required: true)
    case .move:
      .init(
        "move", ["from: integer", "to: integer"],
        "Once per committed move (drop or move()), never on live steps nor when from == to; reorder your data.")
    case .delete:
      .init(
        "delete", ["index: integer"],
        "A delete badge was used; remove the item from your data. Without it the grid shows no delete badges and grid:delete() is an error."
      )
    }
  }
}

/// The grid's events as Lua calls: the one place a `ReorderGridEvent` meets its callback
/// (`CallbackSink` records and calls it).
extension GridDelegateCallback: EventCallbacks {
  var isQuestion: Bool { self == .canMove || self == .canDrop }

  @inline(__always)
  static func call<S: CallbackSender>(for event: ReorderGridEvent<LuaRef>, _ sink: S) throws -> Bool where S.D == Self {
    switch event {
    case .willBeginEditing: try sink.send(.init(.willBeginEditing))
    case .didEndEditing: try sink.send(.init(.didEndEditing))
    case .willBeginDrag(let i): try sink.send(.init(.willBeginDrag, .index(i)))
    case .canMove(let i): try sink.send(.init(.canMove, .index(i)))
    case .canDrop(let from, let to): try sink.send(.init(.canDrop, .index(from), .index(to)))
    case .didMove(let from, let to): try sink.send(.init(.didMove, .index(from), .index(to)))
    case .didDrop(let from, let to): try sink.send(.init(.didDrop, .index(from), .index(to)))
    case .didCancel(let i): try sink.send(.init(.didCancel, .index(i)))
    case .didDelete(let i, let item): try sink.send(.init(.didDelete, .index(i), .value(item.ref)))
    }
  }

  /// `can_move`/`can_drop`: anything but a boolean is an error (a forgotten `return` would
  /// otherwise veto every move silently).
  static func answer(_ callback: Self, _ lua: Lua) throws -> Bool {
    guard lua.type(-1) == LUA_TBOOLEAN else {
      throw GridCallbackResultError(
        description: "delegate.\(callback.name) returned \(LuaGrid.describe(lua, -1)) (boolean expected)")
    }
    return lua.bool(-1)
  }
}

/// The grid's delegate as its model sees it (see `CallbackSink` for why a type of its own).
final class GridSink: CallbackSink<LuaGrid, GridDelegateCallback>, ReorderGridDelegate<LuaRef> {}
