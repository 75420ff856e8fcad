import CLua
import CLuaShim
import HeadlessUI
import LuaRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The deck's methods: gestures, programmatic actions, reload, events. Arguments are checked here
/// (self is stack index 1, so the first argument is index 2 and Lua prints it as #1).
extension SwipeDeckBinding {
  typealias Method = LuaClass<LuaSwipeDeck>.Method

  static let outcomeSignature = "\"left\"|\"right\"|\"up\"|\"down\"|\"cancel\""

  static var methods: [Method] {
    [
      Method(
        "drag_begin", "fun(self)",
        "Starts dragging the top card (fires will_swipe); a running animation and the queue behind it finish at once."
      ) { d, lua throws(LuaCallError) in
        try d.run(lua, "drag_begin") { try $0.dragBegin() }
        return 0
      },
      Method(
        "drag_move", "fun(self, dx: number, dy: number)",
        "Moves the top card to the total translation (dx, dy) since drag_begin, not an increment; fires did_drag."
      ) { d, lua throws(LuaCallError) in
        let dx = try lua.checkFinite(2)
        let dy = try lua.checkFinite(3)
        try d.run(lua, "drag_move") { try $0.dragMove(dx: dx, dy: dy) }
        return 0
      },
      Method(
        "drag_end", "fun(self, vx?: number, vy?: number): \(outcomeSignature)",
        "Releases the drag with a velocity in pt/s (default 0, 0): dismisses (should_swipe, did_swipe) or snaps back (did_cancel)."
      ) { d, lua throws(LuaCallError) in
        let vx = lua.isNoneOrNil(2) ? 0 : try lua.checkFinite(2)
        let vy = lua.isNoneOrNil(3) ? 0 : try lua.checkFinite(3)
        let outcome = try d.run(lua, "drag_end") { try $0.dragEnd(vx: vx, vy: vy) }
        lua.push(outcome.rawValue)
        return 1
      },
      Method(
        "pan",
        "fun(self, dx: number, dy: number, opts?: {steps?: integer, velocity?: {x: number, y: number}}): \(outcomeSignature)",
        "A whole gesture: drag_begin, `steps` (default 1) even moves up to (dx, dy), drag_end with `velocity`."
      ) { d, lua throws(LuaCallError) in
        let dx = try lua.checkFinite(2)
        let dy = try lua.checkFinite(3)
        let opts = try ConfigReader(lua, arg: 4)
        try opts.rejectUnknown(["steps", "velocity"])
        let steps = try opts.integer("steps", min: 1, max: SwipeDeckLimits.maxSteps) ?? 1
        let velocity = try point(opts, "velocity", .zero)
        let outcome = try d.run(lua, "pan") { try $0.pan(dx: dx, dy: dy, steps: steps, velocity: velocity) }
        lua.push(outcome.rawValue)
        return 1
      },
      Method(
        "swipe", "fun(self, direction: \"left\"|\"right\"|\"up\"|\"down\")",
        "Swipes the top card away (will_swipe, should_swipe, did_swipe; the rest when the fly-off completes). Queued during an animation or a callback; an error during a drag."
      ) { d, lua throws(LuaCallError) in
        let direction = try checkDirection(lua, 2)
        try d.run(lua, "swipe") { try $0.swipe(direction) }
        return 0
      },
      Method("like", "fun(self)", "Swipes in the `like` direction (\"right\" by default); queued as swipe() is.") {
        d, lua throws(LuaCallError) in
        try d.run(lua, "like") { try $0.like() }
        return 0
      },
      Method("nope", "fun(self)", "Swipes opposite to `like`; queued as swipe() is.") { d, lua throws(LuaCallError) in
        try d.run(lua, "nope") { try $0.nope() }
        return 0
      },
      Method(
        "undo", "fun(self): integer?",
        "Brings back the last swiped card from the side it left (did_rewind) and returns its index; nil when there is no history or when the undo was queued."
      ) { d, lua throws(LuaCallError) in
        let index = try d.run(lua, "undo") { try $0.undo() }
        lua.push(index.map { $0 + 1 })
        return 1
      },
      Method(
        "reload", "fun(self, opts?: {keep_position?: boolean})",
        "Reads source.count again and refills the stack (recycling the old models); cancels any drag, animation and queued operation. keep_position keeps the current top item on top by identity: source.id(deck, index) when the source has it (asked for each fetched card, and outward from the old index for at most 100 positions either side), else the view model's `id` field (each probe then fetches a card); when the item is gone or has no identity, the top keeps its index."
      ) { d, lua throws(LuaCallError) in
        let opts = try ConfigReader(lua, arg: 2)
        try opts.rejectUnknown(["keep_position"])
        let keep = try opts.bool("keep_position") ?? false
        try d.run(lua, "reload") { try $0.reload(keepPosition: keep) }
        return 0
      },
      Method(
        "events", "fun(self): string[]",
        "Every delegate and source call so far, oldest first, e.g. `did_swipe(3, \"right\")`, `card(6, true)` (true: a model was handed over for reuse)."
      ) { d, lua throws(LuaCallError) in
        d.log.push(lua)
        return 1
      },
      Method("clear_events", "fun(self)", "Forgets the recorded events.") { d, lua throws(LuaCallError) in
        d.log.clear()
        return 0
      },
    ]
  }

  /// A direction name: `bad argument #1 to 'swipe' (direction expected, got 'sideways')`.
  /// Matched on the Lua string's bytes: making a Swift `String` and `SwipeDirection(rawValue:)`
  /// cost 486 Ir more per swipe (bench/ir-rows row 3: 9,502 vs 9,016). A general "string option"
  /// parameter in LuaRuntime (matching interned strings) would replace this.
  static func checkDirection(_ lua: Lua, _ arg: Int32) throws(LuaCallError) -> SwipeDirection {
    var length = 0
    if lua.type(arg) == LUA_TSTRING, let bytes = tt_tostring(lua.L, arg, &length) {
      func named(_ name: StaticString) -> Bool {
        length == name.utf8CodeUnitCount && memcmp(bytes, name.utf8Start, length) == 0
      }
      if named("right") { return .right }
      if named("left") { return .left }
      if named("up") { return .up }
      if named("down") { return .down }
    }
    let name = try lua.checkString(arg)
    throw .argument(arg, "direction expected, got '\(name)'")
  }
}
