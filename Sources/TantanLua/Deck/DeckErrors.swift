import HeadlessUI
import LuaRuntime

/// The one place where the deck model's typed errors become the messages Lua users see: the
/// running method's name and its declared parameters' positions (`site`), config keys as the
/// script writes them, numbers as `Lua.formatExact` shows them. A `SwipeDeckError` raised by a
/// completion the clock fires (inside `clock:advance` or `settle`) is worded with "advance".
extension DeckBinding {
  static func luaError(_ error: any Error, at site: LuaCallSite, _ lua: Lua) -> LuaCallError {
    if let e = passThrough(error) { return e }
    guard let e = error as? SwipeDeckError else { return lua.convert(error) }
    return luaError(e, at: site)
  }

  static func luaError(_ e: SwipeDeckError, at site: LuaCallSite) -> LuaCallError {
    let n = Lua.formatExact
    func state(_ text: String) -> LuaCallError { .message("\(site.name): \(text)") }
    /// An argument error when the running method declares `parameter`, else a wrong state.
    func about(_ parameter: String, _ text: String) -> LuaCallError {
      site.parameters.contains(parameter) ? .argument(site.argument(parameter), text) : state(text)
    }
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
      // swipe's argument; like and nope swipe in the configured direction.
      return about("direction", "direction '\(d.rawValue)' is not in 'directions'")
    case .notFinite(let p, let v): return about(parameter(p), "number expected, got \(n(v))")
    case .stepsOutOfRange(let s, let range):
      return about("opts", "'steps' must be an integer from \(range.lowerBound) to \(range.upperBound), got \(s)")
    case .invalidConfig(let field, let problem):
      return .argument(1, configMessage(field, problem))  // tantan.deck's config: no self
    case .countOutOfRange(let count, let range):
      return .message("source.count returned \(count) (expected \(range.lowerBound)..\(range.upperBound))")
    }
  }

  /// The declared Lua parameter that carries a model parameter (pan's steps and velocity are options).
  static func parameter(_ p: SwipeDeckParameter) -> String {
    switch p {
    case .dx: return "dx"
    case .dy: return "dy"
    case .vx: return "vx"
    case .vy: return "vy"
    case .direction: return "direction"
    case .steps, .velocity: return "opts"
    }
  }

  /// `'width' must be > 0, got -1`: what is wrong with one config key.
  static func configMessage(_ field: SwipeDeckConfig.Field, _ problem: SwipeDeckConfig.Problem) -> String {
    let n = Lua.formatExact
    let key = "'\(configKey(field))'"
    switch problem {
    case .notFinite(let v): return "\(key) must be a finite number, got \(n(v))"
    case .notPositive(let v): return "\(key) must be > 0, got \(n(v))"
    case .negative(let v): return "\(key) must be >= 0, got \(n(v))"
    case .greaterThanOne(let v): return "\(key) must be <= 1, got \(n(v))"
    case .outOfRange(let v, let range):
      return "\(key) must be an integer from \(range.lowerBound) to \(range.upperBound), got \(v)"
    case .noWidthAtDepth(let depth, let width):
      return "\(key) leaves no width for the card at depth \(depth + 1) (width \(n(width)))"
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
}

/// Deck errors that reach Lua outside a deck method: a completion fired by the clock.
extension SwipeDeckError: LuaWordedError {
  func luaCallError(_ lua: Lua) -> LuaCallError {
    DeckBinding.luaError(self, at: ClockBinding.advanceSite)
  }
}
