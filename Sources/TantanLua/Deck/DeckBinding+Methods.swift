import HeadlessUI
import LuaRuntime

/// The deck's methods: gestures, programmatic actions, reload, events, each declared with its
/// typed parameters and result (the checks, the signature and the reference row come from them).
extension DeckBinding {
  static let outcome = LuaResult<SwipeOutcome>("\"left\"|\"right\"|\"up\"|\"down\"|\"cancel\"") { lua, o in
    lua.push(o.rawValue)
  }

  static var methods: [Method] {
    [
      method(
        "drag_begin",
        "Starts dragging the top card (fires will_swipe); a running animation and the queue behind it finish at once.",
        returns: .none
      ) { d in try d.model().dragBegin() },
      method(
        "drag_move",
        "Moves the top card to the total translation (dx, dy) since drag_begin, not an increment; fires did_drag.",
        .finite("dx"), .finite("dy"), returns: .none
      ) { d, dx, dy in try d.model().dragMove(dx: dx, dy: dy) },
      method(
        "drag_end",
        "Releases the drag with a velocity in pt/s (default 0, 0): dismisses (should_swipe, did_swipe) or snaps back (did_cancel).",
        .optional(.finite("vx")), .optional(.finite("vy")), returns: outcome
      ) { d, vx, vy in try d.model().dragEnd(vx: vx ?? 0, vy: vy ?? 0) },
      method(
        "pan", "A whole gesture: drag_begin, `steps` (default 1) even moves up to (dx, dy), drag_end with `velocity`.",
        .finite("dx"), .finite("dy"), .optional(panOptions), returns: outcome
      ) { d, dx, dy, opts in
        try d.model().pan(dx: dx, dy: dy, steps: opts?.steps ?? 1, velocity: opts?.velocity ?? .zero)
      },
      method(
        "swipe",
        "Swipes the top card away (will_swipe, should_swipe, did_swipe; the rest when the fly-off completes). Queued during an animation or a callback; an error during a drag.",
        direction, returns: .none
      ) { d, direction in try d.model().swipe(direction) },
      method("like", "Swipes in the `like` direction (\"right\" by default); queued as swipe() is.", returns: .none) {
        d in try d.model().like()
      },
      method("nope", "Swipes opposite to `like`; queued as swipe() is.", returns: .none) { d in
        try d.model().nope()
      },
      method(
        "undo",
        "Brings back the last swiped card from the side it left (did_rewind) and returns its index; nil when there is no history or when the undo was queued.",
        returns: .optional(.index)
      ) { d in try d.model().undo() },
      method(
        "reload",
        "Reads source.count again and refills the stack (recycling the old models). A running fly-off ends first, as did_swipe announced: did_swipe_<direction>, then did_remove, and the card enters the history (no did_run_out: the reload decides what shows); then any drag, animation and queued operation is cancelled. Without keep_position the history starts over. keep_position keeps the current top item on top by identity: source.id(deck, index) when the source has it (asked for each fetched card, and outward from the old index for at most 100 positions either side), else the view model's `id` field (each probe then fetches a card); when the item is gone or has no identity, the top keeps its index. The history follows its items the same way, newest first, each looked for where the one after it moved (no index asked twice): an entry whose item is gone is dropped, one without identity keeps its index while in range.",
        .optional(reloadOptions), returns: .none
      ) { d, keep in try d.model().reload(keepPosition: keep ?? false) },
      method(
        "events",
        "Every delegate and source call so far, oldest first, e.g. `did_swipe(3, \"right\")`, `card(6, true)` (true: a model was handed over for reuse).",
        returns: .pushedByBody("string[]")
      ) { d in d.events.push(d.lua) },
      method("clear_events", "Forgets the recorded events.", returns: .none) { d in d.events.clear() },
    ]
  }

  /// `pan`'s options: `{steps?: integer, velocity?: {x: number, y: number}}`.
  static let panOptions = LuaParam<(steps: Int, velocity: Point)>(
    "opts", "{steps?: integer, velocity?: {x: number, y: number}}"
  ) { (lua, arg) throws(LuaCallError) in
    let opts = try ConfigReader(lua, arg: arg)
    try opts.rejectUnknown(["steps", "velocity"])
    let steps = try opts.integer("steps", min: 1, max: SwipeDeckLimits.maxSteps) ?? 1
    guard let v = try opts.table("velocity") else { return (steps, .zero) }
    try v.rejectUnknown(["x", "y"])
    return (steps, Point(x: try v.number("x") ?? 0, y: try v.number("y") ?? 0))
  }

  /// `reload`'s options: `{keep_position?: boolean}`.
  static let reloadOptions = LuaParam<Bool>("opts", "{keep_position?: boolean}") { (lua, arg) throws(LuaCallError) in
    let opts = try ConfigReader(lua, arg: arg)
    try opts.rejectUnknown(["keep_position"])
    return try opts.bool("keep_position") ?? false
  }

  /// A direction name: `bad argument #1 to 'swipe' (direction expected, got 'sideways')`.
  static let direction = LuaParam<SwipeDirection>.option("direction") { "direction expected, got '\($0)'" }
}
