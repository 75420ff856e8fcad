import HeadlessUI
import LuaRuntime

/// The one place where the deck model's typed errors become the messages Lua users see: method
/// names, 1-based argument positions (self is 1), config keys as the script writes them, and
/// numbers as Lua prints them. A `SwipeDeckError` raised inside a deck method is worded with that
/// method's name; one raised by a completion the clock fires (inside `clock:advance` or `settle`)
/// is worded with "advance".
extension SwipeDeckBinding {
  /// `error`, raised by deck method `method`, as its Lua error; other errors convert as usual.
  static func luaError(_ error: any Error, method: String, _ lua: Lua) -> LuaCallError {
    guard let e = error as? SwipeDeckError else { return lua.convert(error) }
    func state(_ text: String) -> LuaCallError { .message("\(method): \(text)") }
    switch e {
    case .dragInProgress: return state("a drag is in progress")
    case .dragAlreadyInProgress: return state("a drag is already in progress")
    case .noDragInProgress: return state("no drag in progress")
    case .noCardToSwipe: return state("no card to swipe")
    case .noCardToDrag: return state("no card to drag")
    case .gestureInsideCallback: return state("cannot drag from inside a callback")
    case .reloadInsideSourceCallback: return state("cannot reload from inside a data source callback")
    case .queueOverflow(let limit):
      return state("queued swipes keep coming (more than \(limit); a callback that queues one each time?)")
    case .directionNotAllowed(let d):
      let text = "direction '\(d.rawValue)' is not in 'directions'"
      // swipe's argument; like and nope swipe in the configured direction.
      guard let arg = argument(.direction, of: method) else { return state(text) }
      return .argument(arg, text)
    case .notFinite(let p, let v):
      let text = "number expected, got \(number(v, lua))"
      guard let arg = argument(p, of: method) else { return state(text) }
      return .argument(arg, text)
    case .stepsOutOfRange(let n, let range):
      let text = "'steps' must be an integer from \(range.lowerBound) to \(range.upperBound), got \(n)"
      guard let arg = argument(.steps, of: method) else { return state(text) }
      return .argument(arg, text)
    case .invalidConfig(let field, let problem):
      return .argument(1, configMessage(field, problem, lua))  // tantan.deck's config: no self
    case .countOutOfRange(let n, let range):
      return .message("source.count returned \(n) (expected \(range.lowerBound)..\(range.upperBound))")
    }
  }

  /// The stack index of the Lua argument that carries model parameter `p` in `method`.
  static func argument(_ p: SwipeDeckParameter, of method: String) -> Int32? {
    switch (method, p) {
    case ("swipe", .direction), ("drag_move", .dx), ("drag_end", .vx), ("pan", .dx): return 2
    case ("drag_move", .dy), ("drag_end", .vy), ("pan", .dy): return 3
    case ("pan", .steps), ("pan", .velocity): return 4  // both in pan's options table
    default: return nil
    }
  }

  /// `'width' must be > 0, got -1`: what is wrong with one config key.
  static func configMessage(_ field: SwipeDeckConfig.Field, _ problem: SwipeDeckConfig.Problem, _ lua: Lua) -> String {
    let key = "'\(configKey(field))'"
    switch problem {
    case .notFinite(let v): return "\(key) must be a finite number, got \(number(v, lua))"
    case .notPositive(let v): return "\(key) must be > 0, got \(number(v, lua))"
    case .negative(let v): return "\(key) must be >= 0, got \(number(v, lua))"
    case .greaterThanOne(let v): return "\(key) must be <= 1, got \(number(v, lua))"
    case .outOfRange(let n, let range):
      return "\(key) must be an integer from \(range.lowerBound) to \(range.upperBound), got \(n)"
    case .noWidthAtDepth(let depth, let width):
      return "\(key) leaves no width for the card at depth \(depth + 1) (width \(number(width, lua)))"
    case .unordered: return "\(key) must have left < right and top < bottom"
    case .empty: return "\(key) must list at least one direction"
    }
  }

  /// The config key (a dotted path into its table) that sets `field`.
  static func configKey(_ field: SwipeDeckConfig.Field) -> String {
    switch field {
    case .width: return "width"
    case .height: return "height"
    case .cardWidth: return "card_size.w"
    case .cardHeight: return "card_size.h"
    case .visible: return "visible"
    case .offsetX: return "offset.x"
    case .offsetY: return "offset.y"
    case .insetX: return "inset.x"
    case .insetY: return "inset.y"
    case .threshold: return "threshold"
    case .rotationStrength: return "rotation_strength"
    case .rotationMax: return "rotation_max"
    case .rotationAngle: return "rotation_angle"
    case .scaleStrength: return "scale_strength"
    case .scaleMin: return "scale_min"
    case .dismissX: return "dismiss_x"
    case .dismissY: return "dismiss_y"
    case .boundsLeft: return "bounds.left"
    case .boundsRight: return "bounds.right"
    case .boundsTop: return "bounds.top"
    case .boundsBottom: return "bounds.bottom"
    case .bounds: return "bounds"
    case .flyX: return "fly.x"
    case .flyY: return "fly.y"
    case .velocityThreshold: return "velocity_threshold"
    case .directions: return "directions"
    case .swipeDuration: return "durations.swipe"
    case .resetDuration: return "durations.reset"
    case .rewindDuration: return "durations.rewind"
    case .historyLimit: return "history_limit"
    }
  }

  /// A number as the script most likely wrote it: an integral value as an integer (`-1`, not
  /// `-1.0`), anything else as Lua prints it (`0.5`, `1e+20`, `inf`, `nan`).
  static func number(_ v: Double, _ lua: Lua) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : lua.formatNumber(v)
  }
}

/// Deck errors that reach Lua outside a deck method: a completion fired by the clock.
extension SwipeDeckError: LuaWordedError {
  func luaCallError(_ lua: Lua) -> LuaCallError { SwipeDeckBinding.luaError(self, method: "advance", lua) }
}
