import CLua
import HeadlessUI
import LuaRuntime

/// The deck's read-only state fields (`index`, `top`, `cards`, ...); the config keys' fields are
/// declared with the keys (DeckBinding+Config.swift).
extension DeckBinding {
  static let cardType =
    "{index: integer, model: table, frame: {x: number, y: number, w: number, h: number}, center: {x: number, y: number}, rotation: number, scale: number, alpha: number, depth: integer}"

  static let card = LuaResult<SwipeCard<LuaRef>>(cardType) { lua, c in pushCard(lua, c) }

  static let history = LuaResult<[SwipeHistoryEntry]>("{index: integer, direction: string}[]") { lua, h in
    lua.newTable(narr: Int32(clamping: h.count))
    for (i, e) in h.enumerated() {
      lua.newTable(narr: 0, nrec: 2)
      lua.push(e.index + 1)
      lua.rawSet(-2, "index")
      lua.push(e.direction.rawValue)
      lua.rawSet(-2, "direction")
      lua.rawSet(-2, index: i + 1)
    }
  }

  static let overlay = LuaResult<SwipeDragIndication>(
    "{direction: \"left\"|\"right\"|\"up\"|\"down\", progress: number}"
  ) {
    lua, o in
    lua.newTable(narr: 0, nrec: 2)
    lua.push(o.direction.rawValue)
    lua.rawSet(-2, "direction")
    lua.push(o.progress)
    lua.rawSet(-2, "progress")
  }

  /// A view model (a table the source made).
  static let viewModel = LuaResult<LuaRef>("table") { lua, m in m.push(lua) }

  static let state = LuaResult<SwipeDeckState>("\"idle\"|\"dragging\"|\"animating\"|\"empty\"") { lua, s in
    lua.push(s.rawValue)
  }

  static var stateFields: [Field] {
    [
      field("index", "Item index of the top card, or nil when no card shows.", .optional(.index)) { d in
        try d.model().index
      },
      field("top", "The top card sampled at tantan.clock.now, or nil.", .optional(card)) { d in try d.model().top
      },
      field(
        "cards",
        "The visible cards, top first (depth 1 = top); frame is the untransformed rect, rotation in radians.",
        LuaResult("\(cardType)[]") { lua, cards in
          lua.newTable(narr: Int32(clamping: cards.count))
          for (i, c) in cards.enumerated() {
            pushCard(lua, c)
            lua.rawSet(-2, index: i + 1)
          }
        }
      ) { d in try d.model().cards },
      field("count", "The item count as source.count last answered (read at construction and reload only).", .integer) {
        d in try d.model().count
      },
      field(
        "history",
        "Swiped items, oldest first (the last history_limit of them); undo pops the last. reload() empties it; reload{keep_position = true} moves each entry to its item's new index (by identity, as the top) and drops those whose item is gone.",
        history
      ) {
        d in
        try d.model().history
      },
      field("state", "What the deck is doing.", state) { d in try d.model().state },
      field(
        "overlay",
        "The LIKE/NOPE overlay now, valid at every frame: while dragging, the direction the card points at and progress 0..1 to its threshold; while the top card animates (fly-off, also like()/nope(); snap back; undo), the same from its position at the clock's time; nil at rest and while the card is moved toward no direction the deck swipes (drag_move(0, 0), or a vertical drag on a left/right deck). did_drag reports it on each drag_move and each clock:advance while animating.",
        .optional(overlay)
      ) { d in try d.model().overlay },
      field(
        "empty", "The model from source.empty, shown while state is \"empty\"; nil otherwise.", .optional(viewModel)
      ) {
        d in try d.model().emptyModel
      },
      field("queued", "Programmatic swipes and undos waiting for the running animation.", .integer) { d in
        try d.model().queuedCount
      },
    ]
  }

  static func pushPoint(_ lua: Lua, _ p: Point) {
    lua.newTable(narr: 0, nrec: 2)
    lua.push(p.x)
    lua.rawSet(-2, "x")
    lua.push(p.y)
    lua.rawSet(-2, "y")
  }

  static func pushSize(_ lua: Lua, _ s: Size) {
    lua.newTable(narr: 0, nrec: 2)
    lua.push(s.w)
    lua.rawSet(-2, "w")
    lua.push(s.h)
    lua.rawSet(-2, "h")
  }

  /// `{index=, model=, frame={x,y,w,h}, center={x,y}, rotation=, scale=, alpha=, depth=}`, 1-based.
  static func pushCard(_ lua: Lua, _ c: SwipeCard<LuaRef>) {
    lua.newTable(narr: 0, nrec: 8)
    lua.push(c.index + 1)
    lua.rawSet(-2, "index")
    c.model.push(lua)
    lua.rawSet(-2, "model")
    lua.newTable(narr: 0, nrec: 4)
    for (k, v) in [("x", c.frame.x), ("y", c.frame.y), ("w", c.frame.w), ("h", c.frame.h)] {
      lua.push(v)
      lua.rawSet(-2, k)
    }
    lua.rawSet(-2, "frame")
    pushPoint(lua, c.center)
    lua.rawSet(-2, "center")
    lua.push(c.rotation)
    lua.rawSet(-2, "rotation")
    lua.push(c.scale)
    lua.rawSet(-2, "scale")
    lua.push(c.alpha)
    lua.rawSet(-2, "alpha")
    lua.push(c.depth + 1)
    lua.rawSet(-2, "depth")
  }
}
