import CLua
import HeadlessUI
import LuaRuntime

/// `tantan.deck(config)`: the config table read into a `SwipeDeckConfig` over the preset's defaults.
extension SwipeDeckBinding {
  static let configKeys = [
    "width", "height", "card_size", "preset", "visible", "offset", "inset", "cyclic", "threshold",
    "rotation_strength", "rotation_max", "rotation_angle", "scale_strength", "scale_min", "dismiss_x", "dismiss_y",
    "bounds", "fly", "velocity_threshold", "directions", "like", "durations", "history_limit", "source", "delegate",
  ]

  /// What a plugin preset may set: everything but the source and the delegate (functions).
  static let presetKeys = configKeys.filter { $0 != "source" && $0 != "delegate" }

  /// The built-in preset's defaults, then each plugin preset the `preset` key leads to (base
  /// first), then the user's keys; validated after the presets and again at the end.
  static func readConfig(_ r: ConfigReader, plugins: PluginRegistry) throws(LuaCallError) -> SwipeDeckConfig {
    try r.rejectUnknown(configKeys)
    let chain = try PluginPresets.resolve(
      r, kind: "deck", builtins: SwipeDeckPreset.allCases.map(\.rawValue), registry: plugins)
    var c = SwipeDeckConfig.preset(SwipeDeckPreset(rawValue: chain.builtin ?? "tantan") ?? .tantan)
    try PluginPresets.apply(chain, r, keys: presetKeys) { (p: ConfigReader) throws(LuaCallError) in
      try apply(p, to: &c)
      try validate(c, p)
    }
    try apply(r, to: &c)
    try validate(c, r)
    return c
  }

  /// The config keys of `r` over `c` (everything but `preset`, `source` and `delegate`).
  static func apply(_ r: ConfigReader, to c: inout SwipeDeckConfig) throws(LuaCallError) {
    c.width = try r.number("width") ?? c.width
    c.height = try r.number("height") ?? c.height
    if let s = try r.table("card_size") {
      try s.rejectUnknown(["w", "h"])
      let base = c.resolvedCardSize
      c.cardSize = Size(w: try s.number("w") ?? base.w, h: try s.number("h") ?? base.h)
    }
    c.visible = try r.integer("visible", min: 1, max: SwipeDeckLimits.maxVisible) ?? c.visible
    c.offset = try point(r, "offset", c.offset)
    c.inset = try point(r, "inset", c.inset)
    c.cyclic = try r.bool("cyclic") ?? c.cyclic
    c.threshold = try r.number("threshold") ?? c.threshold
    c.rotationStrength = try r.number("rotation_strength") ?? c.rotationStrength
    c.rotationMax = try r.number("rotation_max") ?? c.rotationMax
    c.rotationAngle = try r.number("rotation_angle") ?? c.rotationAngle
    c.scaleStrength = try r.number("scale_strength") ?? c.scaleStrength
    c.scaleMin = try r.number("scale_min") ?? c.scaleMin
    c.dismissX = try r.number("dismiss_x") ?? c.dismissX
    c.dismissY = try r.number("dismiss_y") ?? c.dismissY
    if let b = try r.table("bounds") {
      try b.rejectUnknown(["left", "right", "top", "bottom"])
      c.bounds.left = try b.number("left") ?? c.bounds.left
      c.bounds.right = try b.number("right") ?? c.bounds.right
      c.bounds.top = try b.number("top") ?? c.bounds.top
      c.bounds.bottom = try b.number("bottom") ?? c.bounds.bottom
    }
    c.fly = try point(r, "fly", c.fly)
    if let v = try r.number("velocity_threshold") { c.velocityThreshold = v }
    c.directions = try directions(r) ?? c.directions
    if let like = try r.string("like", options: SwipeDirection.allCases.map(\.rawValue)) {
      c.like = SwipeDirection(rawValue: like) ?? .right
    }
    if let d = try r.table("durations") {
      try d.rejectUnknown(["swipe", "reset", "rewind"])
      c.durations.swipe = try d.number("swipe") ?? c.durations.swipe
      c.durations.reset = try d.number("reset") ?? c.durations.reset
      c.durations.rewind = try d.number("rewind") ?? c.durations.rewind
    }
    c.historyLimit = try r.integer("history_limit", min: 0, max: 1 << 40) ?? c.historyLimit
  }

  static func validate(_ c: SwipeDeckConfig, _ r: ConfigReader) throws(LuaCallError) {
    do {
      try c.validate()
    } catch {
      guard case .invalidConfig(let field, let problem) = error else { throw luaError(error, method: "deck", r.lua) }
      throw .argument(r.arg, configMessage(field, problem, r.lua))
    }
  }

  static func point(_ r: ConfigReader, _ key: String, _ def: Point) throws(LuaCallError) -> Point {
    guard let t = try r.table(key) else { return def }
    try t.rejectUnknown(["x", "y"])
    return Point(x: try t.number("x") ?? def.x, y: try t.number("y") ?? def.y)
  }

  /// `directions = {"left", "right", "up"}`: a non-empty array of direction names, no duplicates.
  static func directions(_ r: ConfigReader) throws(LuaCallError) -> [SwipeDirection]? {
    guard let t = try r.table("directions"), let index = t.index else { return nil }
    let lua = r.lua
    let n = lua.rawLength(index)
    guard n >= 1, n <= 4 else { throw r.error("directions", "1 to 4 directions expected, got \(n)") }
    var result: [SwipeDirection] = []
    for k in 1...n {
      lua.rawGet(index, index: k)
      defer { lua.pop() }
      guard lua.type(-1) == LUA_TSTRING, let s = lua.string(-1), let d = SwipeDirection(rawValue: s) else {
        let got = lua.type(-1) == LUA_TSTRING ? "'\(lua.string(-1) ?? "")'" : lua.typeName(-1)
        throw r.error("directions", "direction expected at [\(k)], got \(got)")
      }
      guard !result.contains(d) else { throw r.error("directions", "'\(s)' listed twice") }
      result.append(d)
    }
    return result
  }
}
