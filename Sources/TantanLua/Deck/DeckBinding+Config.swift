import CLua
import HeadlessUI
import LuaRuntime

/// One key of `tantan.deck(config)`, declared once: its schema row (type, default, doc, reader)
/// and the read-only field of the deck that shows it (`like` reads as `like_direction`).
struct DeckConfigKey: @unchecked Sendable {  // immutable; the pusher is a pure function
  let row: ConfigKey<SwipeDeckConfig>
  let field: LuaClass<LuaSwipeDeck>.Field

  /// `field`, `type` and `doc`: the field's name, LuaLS type (not optional: it shows the value in
  /// use) and doc when they differ from the key's.
  init(
    _ row: ConfigKey<SwipeDeckConfig>, field: String? = nil, type: String? = nil, doc: String? = nil,
    _ push: @escaping (Lua, LuaSwipeDeck) -> Void
  ) {
    self.row = row
    let doc = doc ?? row.documented
    self.field = .init(field ?? row.key, type ?? row.type, doc) { d, lua in push(lua, d) }
  }
}

/// `tantan.deck(config)`: the config table read into a `SwipeDeckConfig` over the preset's defaults.
extension DeckBinding {
  typealias Key = ConfigKey<SwipeDeckConfig>

  static let configDeclarations: [DeckConfigKey] = [
    .init(.number("width", \.width, default: 300, "Container width.")) { lua, d in lua.push(d.config.width) },
    .init(.number("height", \.height, default: 400, "Container height.")) { lua, d in lua.push(d.config.height) },
    .init(
      .table(
        "card_size", cardSize, default: .described("the container's size"),
        "Card size in the tantan stacking (tinder ignores it)."
      ) { $0.cardSize = $0.resolvedCardSize }, type: "{w: number, h: number}"
    ) { lua, d in pushSize(lua, d.config.resolvedCardSize) },
    .init(
      .custom(
        "preset", "\"tantan\"|\"tinder\"|string", default: .string("tantan"),
        "Which stacking, rotation and dismissal rules apply (a plugin preset names its base).", preset: true),
      type: "\"tantan\"|\"tinder\""
    ) { lua, d in lua.push(d.config.preset.rawValue) },
    .init(
      Key(
        "visible", "integer", default: .perPreset(5, ["tinder": 3]),
        "showItemsNumber: cards stacked (1 to 1000); never shrunk by a reload.", current: { .integer($0.visible) }
      ) {
        (r, c) throws(LuaCallError) in
        if let v = try r.integer("visible", min: 1, max: SwipeDeckLimits.maxVisible) { c.visible = v }
      }
    ) { lua, d in lua.push(d.config.visible) },
    .init(
      .table(
        "offset", point(\.offset), default: .described("{x = 5, y = 5}"),
        "Tantan stacking step per depth; negative stacks the other way."),
      type: "{x: number, y: number}"
    ) { lua, d in pushPoint(lua, d.config.offset) },
    .init(
      .table(
        "inset", point(\.inset), default: .described("{x = 10, y = 10}"),
        "Tinder stacking: depth i is narrowed by 2*i*x and moved by i*(x, y)."),
      type: "{x: number, y: number}"
    ) { lua, d in pushPoint(lua, d.config.inset) },
    .init(
      Key(
        "cyclic", "boolean", default: .perPreset(true, ["tinder": false]),
        "isCyclically: the deck wraps over the count.",
        current: { .bool($0.cyclic) }
      ) {
        (r, c) throws(LuaCallError) in
        if let v = try r.bool("cyclic") { c.cyclic = v }
      }
    ) { lua, d in lua.push(d.config.cyclic) },
    .init(
      .number(
        "threshold", \.threshold, default: 120,
        "kActionMargin: translation beyond which a release dismisses (tantan).")
    ) {
      lua, d in lua.push(d.config.threshold)
    },
    .init(.number("rotation_strength", \.rotationStrength, default: 320, "Higher = weaker rotation.")) { lua, d in
      lua.push(d.config.rotationStrength)
    },
    .init(.number("rotation_max", \.rotationMax, default: 1.0, "Clamp of the rotation strength, both signs.")) {
      lua, d in
      lua.push(d.config.rotationMax)
    },
    .init(
      .number("rotation_angle", \.rotationAngle, default: .described("pi/8"), "Rotation at full strength, radians.")
    ) {
      lua, d in
      lua.push(d.config.rotationAngle)
    },
    .init(.number("scale_strength", \.scaleStrength, default: 4, "Higher = slower shrinking while dragged.")) {
      lua, d in
      lua.push(d.config.scaleStrength)
    },
    .init(.number("scale_min", \.scaleMin, default: 0.93, "Floor of the drag scale.")) { lua, d in
      lua.push(d.config.scaleMin)
    },
    .init(.number("dismiss_x", \.dismissX, default: 500, "Tantan fly-off: the centre ends at x = +-dismiss_x.")) {
      lua, d in
      lua.push(d.config.dismissX)
    },
    .init(
      .number(
        "dismiss_y", \.dismissY, default: 600, "Tantan fly-off for up/down: the centre ends at y = -+dismiss_y.")
    ) {
      lua, d in lua.push(d.config.dismissY)
    },
    .init(
      .table(
        "bounds", bounds, default: .described("{left = -65, right = 400, top = -65, bottom = 500}"),
        "Tinder: dismissed when the card centre passes these."),
      type: "{left: number, right: number, top: number, bottom: number}"
    ) { lua, d in
      let b = d.config.bounds
      lua.newTable(narr: 0, nrec: 4)
      for (k, v) in [("left", b.left), ("right", b.right), ("top", b.top), ("bottom", b.bottom)] {
        lua.push(v)
        lua.rawSet(-2, k)
      }
    },
    .init(
      .table(
        "fly", point(\.fly), default: .described("{x = 200, y = 75}"),
        "Tinder fly-off: the centre moves by (+-x, y), fading out."),
      type: "{x: number, y: number}"
    ) { lua, d in pushPoint(lua, d.config.fly) },
    .init(
      .number(
        "velocity_threshold", \.velocityThreshold, default: .described("nil (off)"),
        "A fling faster than this (pt/s) dismisses under the distance threshold."),
      type: "number?"
    ) { lua, d in
      if let v = d.config.velocityThreshold { lua.push(v) } else { lua.pushNil() }
    },
    .init(
      Key(
        "directions", "string[]", default: .described("{\"left\", \"right\"}"),
        "Directions a card may leave in; others snap back."
      ) {
        (r, c) throws(LuaCallError) in
        if let v = try directions(r) { c.directions = v }
      }
    ) { lua, d in
      lua.newTable(narr: Int32(d.config.directions.count))
      for (i, dir) in d.config.directions.enumerated() {
        lua.push(dir.rawValue)
        lua.rawSet(-2, index: i + 1)
      }
    },
    .init(
      .option("like", \.like, default: .string("right"), "The direction of like(); nope() uses the opposite."),
      field: "like_direction",
      doc:
        "The config key `like` (the name is taken by the method): the direction of like(); nope() uses the opposite. Default: \"right\"."
    ) { lua, d in lua.push(d.config.like.rawValue) },
    .init(
      .table(
        "durations", durations, default: .described("0.3 each (tinder 0.2)"), "Animation lengths in virtual seconds."),
      type: "{swipe: number, reset: number, rewind: number}"
    ) { lua, d in
      let t = d.config.durations
      lua.newTable(narr: 0, nrec: 3)
      for (k, v) in [("swipe", t.swipe), ("reset", t.reset), ("rewind", t.rewind)] {
        lua.push(v)
        lua.rawSet(-2, k)
      }
    },
    .init(
      Key(
        "history_limit", "integer", default: 1000, "How many swipes history (and so undo) remembers.",
        current: { .integer($0.historyLimit) }
      ) {
        (r, c) throws(LuaCallError) in
        if let v = try r.integer("history_limit", min: 0, max: 1 << 40) { c.historyLimit = v }
      }
    ) { lua, d in lua.push(d.config.historyLimit) },
    .init(
      .custom(
        "source", "table[]|tantan.SwipeDeckSource", default: .required,
        "The view models: an array of tables (it may have an empty function too), or callbacks (see tantan.SwipeDeckSource); count is read at construction and reload only, card gets the departed card's model as `reused`."
      )
    ) { lua, d in d.sourceTable.push(lua) },
    .init(
      .custom("delegate", "tantan.SwipeDeckDelegate?", default: .absent, "Callbacks; see tantan.SwipeDeckDelegate.")
    ) {
      lua, d in
      if let t = d.delegateTable { t.push(lua) } else { lua.pushNil() }
    },
  ]

  static let config = ConfigSchema<SwipeDeckConfig>(
    "tantan.SwipeDeckConfig",
    "The keys of tantan.deck(config), each also a read-only field of the deck (like reads as like_direction); unknown keys are errors. A plugin `preset` may set every key but source and delegate.",
    configDeclarations.map(\.row))

  static var configFields: [Field] { configDeclarations.map(\.field) }

  static let cardSize = ConfigSchema<SwipeDeckConfig>(
    "", "",
    [
      .number("w", \.cardSize!.w, default: .described(""), ""),
      .number("h", \.cardSize!.h, default: .described(""), ""),
    ])
  static let bounds = ConfigSchema<SwipeDeckConfig>(
    "", "",
    [
      .number("left", \.bounds.left, default: -65, ""), .number("right", \.bounds.right, default: 400, ""),
      .number("top", \.bounds.top, default: -65, ""), .number("bottom", \.bounds.bottom, default: 500, ""),
    ])
  static let durations = ConfigSchema<SwipeDeckConfig>(
    "", "",
    [
      .number("swipe", \.durations.swipe, default: 0.3, ""), .number("reset", \.durations.reset, default: 0.3, ""),
      .number("rewind", \.durations.rewind, default: 0.3, ""),
    ])
  static func point(_ path: WritableKeyPath<SwipeDeckConfig, Point>) -> ConfigSchema<SwipeDeckConfig> {
    ConfigSchema(
      "", "",
      [
        .number("x", path.appending(path: \.x), default: .described(""), ""),
        .number("y", path.appending(path: \.y), default: .described(""), ""),
      ])
  }

  /// `tantan.deck(config)` as the model's errors see it: the config is argument 1.
  static let configSite = LuaCallSite(name: "deck", parameters: ["config"], firstArgument: 1)

  /// The built-in preset's defaults, then each plugin preset the `preset` key leads to (base
  /// first), then the user's keys; validated after the presets and again at the end.
  /// `r`'s unknown keys were rejected by the constructor's parameter (`config.parameter`).
  static func readConfig(_ r: ConfigReader, plugins: PluginRegistry) throws(LuaCallError) -> SwipeDeckConfig {
    let chain = try PluginPresets.resolve(r, of: entry, registry: plugins)
    var c = SwipeDeckConfig.preset(SwipeDeckPreset(rawValue: chain.builtin ?? "tantan") ?? .tantan)
    try PluginPresets.apply(chain, r, keys: config.presetKeys) { (p: ConfigReader) throws(LuaCallError) in
      try config.apply(p, to: &c)
      try validate(c, p)
    }
    try config.apply(r, to: &c)
    try validate(c, r)
    return c
  }

  static func validate(_ c: SwipeDeckConfig, _ r: ConfigReader) throws(LuaCallError) {
    do {
      try c.validate()
    } catch {
      guard case .invalidConfig(let field, let problem) = error else { throw luaError(error, at: configSite, r.lua) }
      throw .argument(r.arg, configMessage(field, problem))
    }
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
