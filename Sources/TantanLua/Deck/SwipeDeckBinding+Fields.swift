import CLua
import HeadlessUI
import LuaRuntime

/// The deck's read-only fields: its state (`index`, `top`, `cards`, ...) and its config keys.
extension SwipeDeckBinding {
  typealias Field = LuaClass<LuaSwipeDeck>.Field

  static let cardType =
    "{index: integer, model: table, frame: {x: number, y: number, w: number, h: number}, center: {x: number, y: number}, rotation: number, scale: number, alpha: number, depth: integer}"

  static var stateFields: [Field] {
    [
      Field("index", "integer?", "Item index of the top card, or nil when no card shows.") {
        d, lua throws(LuaCallError) in
        lua.push(try d.checkedModel().index.map { $0 + 1 })
      },
      Field("top", "\(cardType)?", "The top card sampled at tantan.clock.now, or nil.") { d, lua throws(LuaCallError) in
        if let c = try d.checkedModel().top { pushCard(lua, c) } else { lua.pushNil() }
      },
      Field(
        "cards", "\(cardType)[]",
        "The visible cards, top first (depth 1 = top); frame is the untransformed rect, rotation in radians."
      ) { d, lua throws(LuaCallError) in
        let cards = try d.checkedModel().cards
        lua.newTable(narr: Int32(clamping: cards.count))
        for (i, c) in cards.enumerated() {
          pushCard(lua, c)
          lua.rawSet(-2, index: i + 1)
        }
      },
      Field("count", "integer", "The item count as source.count last answered (read at construction and reload only).")
      {
        d, lua throws(LuaCallError) in
        lua.push(try d.checkedModel().count)
      },
      Field(
        "history", "{index: integer, direction: string}[]",
        "Swiped items, oldest first (the last history_limit of them); undo pops the last."
      ) { d, lua throws(LuaCallError) in
        let h = try d.checkedModel().history
        lua.newTable(narr: Int32(clamping: h.count))
        for (i, e) in h.enumerated() {
          lua.newTable(narr: 0, nrec: 2)
          lua.push(e.index + 1)
          lua.rawSet(-2, "index")
          lua.push(e.direction.rawValue)
          lua.rawSet(-2, "direction")
          lua.rawSet(-2, index: i + 1)
        }
      },
      Field("state", "\"idle\"|\"dragging\"|\"animating\"|\"empty\"", "What the deck is doing.") {
        d, lua throws(LuaCallError) in
        lua.push(try d.checkedModel().state.rawValue)
      },
      Field("overlay", "{direction: \"left\"|\"right\"|\"up\"|\"down\", progress: number}?", "The LIKE/NOPE overlay now, valid at every frame: while dragging, the direction the card points at and progress 0..1 to its threshold; while the top card animates (fly-off, also like()/nope(); snap back; undo), the same from its position at the clock's time; nil at rest. did_drag reports it on each drag_move and each clock:advance while animating.") {
        d, lua throws(LuaCallError) in
        guard let o = try d.checkedModel().overlay else { lua.pushNil(); return }
        lua.newTable(narr: 0, nrec: 2)
        lua.push(o.direction.rawValue)
        lua.rawSet(-2, "direction")
        lua.push(o.progress)
        lua.rawSet(-2, "progress")
      },
      Field("empty", "table?", "The model from source.empty, shown while state is \"empty\"; nil otherwise.") {
        d, lua throws(LuaCallError) in
        if let e = try d.checkedModel().emptyModel { e.push(lua) } else { lua.pushNil() }
      },
      Field("queued", "integer", "Programmatic swipes and undos waiting for the running animation.") {
        d, lua throws(LuaCallError) in
        lua.push(try d.checkedModel().queuedCount)
      },
    ]
  }

  static var configFields: [Field] {
    [
      Field("width", "number", "Container width (300).") { d, lua in lua.push(d.config.width) },
      Field("height", "number", "Container height (400).") { d, lua in lua.push(d.config.height) },
      Field("card_size", "{w: number, h: number}", "Card size in the tantan stacking (the container's by default).") {
        d, lua in pushSize(lua, d.config.resolvedCardSize)
      },
      Field("preset", "\"tantan\"|\"tinder\"", "Which stacking, rotation and dismissal rules apply.") { d, lua in
        lua.push(d.config.preset.rawValue)
      },
      Field("visible", "integer", "showItemsNumber: cards stacked (5; tinder 3); never shrunk by a reload.") { d, lua in
        lua.push(d.config.visible)
      },
      Field(
        "offset", "{x: number, y: number}",
        "Tantan stacking step per depth ({x=5, y=5}; negative stacks the other way)."
      ) { d, lua in pushPoint(lua, d.config.offset) },
      Field("inset", "{x: number, y: number}", "Tinder stacking: depth i is narrowed by 2*i*x and moved by i*(x, y).") {
        d, lua in pushPoint(lua, d.config.inset)
      },
      Field("cyclic", "boolean", "isCyclically: the deck wraps over the count (tantan true, tinder false).") { d, lua in
        lua.push(d.config.cyclic)
      },
      Field("threshold", "number", "kActionMargin: translation beyond which a release dismisses (tantan, 120).") {
        d, lua in lua.push(d.config.threshold)
      },
      Field("rotation_strength", "number", "Higher = weaker rotation (320).") { d, lua in
        lua.push(d.config.rotationStrength)
      },
      Field("rotation_max", "number", "Clamp of the rotation strength, both signs (1.0).") { d, lua in
        lua.push(d.config.rotationMax)
      },
      Field("rotation_angle", "number", "Rotation at full strength, radians (pi/8).") { d, lua in
        lua.push(d.config.rotationAngle)
      },
      Field("scale_strength", "number", "Higher = slower shrinking while dragged (4).") { d, lua in
        lua.push(d.config.scaleStrength)
      },
      Field("scale_min", "number", "Floor of the drag scale (0.93).") { d, lua in lua.push(d.config.scaleMin) },
      Field("dismiss_x", "number", "Tantan fly-off: the centre ends at x = +-dismiss_x (500).") { d, lua in
        lua.push(d.config.dismissX)
      },
      Field("dismiss_y", "number", "Tantan fly-off for up/down: the centre ends at y = -+dismiss_y (600).") { d, lua in
        lua.push(d.config.dismissY)
      },
      Field(
        "bounds", "{left: number, right: number, top: number, bottom: number}",
        "Tinder: dismissed when the card centre passes these ({left=-65, right=400, top=-65, bottom=500})."
      ) { d, lua in
        let b = d.config.bounds
        lua.newTable(narr: 0, nrec: 4)
        for (k, v) in [("left", b.left), ("right", b.right), ("top", b.top), ("bottom", b.bottom)] {
          lua.push(v)
          lua.rawSet(-2, k)
        }
      },
      Field(
        "fly", "{x: number, y: number}", "Tinder fly-off: the centre moves by (+-x, y), fading out ({x=200, y=75})."
      ) {
        d, lua in pushPoint(lua, d.config.fly)
      },
      Field(
        "velocity_threshold", "number?",
        "A fling faster than this (pt/s) dismisses under the distance threshold; nil = off."
      ) { d, lua in
        if let v = d.config.velocityThreshold { lua.push(v) } else { lua.pushNil() }
      },
      Field("directions", "string[]", "Directions a card may leave in ({\"left\", \"right\"}); others snap back.") {
        d, lua in
        lua.newTable(narr: Int32(d.config.directions.count))
        for (i, dir) in d.config.directions.enumerated() {
          lua.push(dir.rawValue)
          lua.rawSet(-2, index: i + 1)
        }
      },
      Field(
        "like_direction", "\"left\"|\"right\"|\"up\"|\"down\"",
        "The config key `like` (the name is taken by the method): the direction of like() (\"right\"); nope() uses the opposite."
      ) {
        d, lua in lua.push(d.config.like.rawValue)
      },
      Field(
        "durations", "{swipe: number, reset: number, rewind: number}",
        "Animation lengths in virtual seconds (0.3 each; tinder 0.2)."
      ) { d, lua in
        let t = d.config.durations
        lua.newTable(narr: 0, nrec: 3)
        for (k, v) in [("swipe", t.swipe), ("reset", t.reset), ("rewind", t.rewind)] {
          lua.push(v)
          lua.rawSet(-2, k)
        }
      },
      Field("history_limit", "integer", "How many swipes history (and so undo) remembers (1000).") { d, lua in
        lua.push(d.config.historyLimit)
      },
      Field(
        "source",
        "table[]|{count: fun(deck: tantan.SwipeDeck): integer, card: fun(deck: tantan.SwipeDeck, index: integer, reused: table?): table, empty?: fun(deck: tantan.SwipeDeck): table?}",
        "The view models: an array of tables, or callbacks; count is read at construction and reload only (cached in between); card gets the departed card's model as `reused`."
      ) { d, lua in d.sourceTable.push(lua) },
      Field(
        "delegate", "table?",
        "Optional callbacks: will_swipe(deck, i), should_swipe(deck, i, dir) -> boolean (false or nil vetoes), did_drag(deck, i, dir, progress) (each drag_move and each clock:advance while the top card animates: deck.overlay then; settle jumps to the end without frames), did_swipe(deck, i, dir), did_swipe_left/right/up/down(deck, i), did_remove(deck, i, dir), did_cancel(deck, i), did_run_out(deck), did_rewind(deck, i)."
      ) { d, lua in
        if let t = d.delegateTable { t.push(lua) } else { lua.pushNil() }
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
