import CLua
import HeadlessUI
import LuaRuntime

/// `tantan.grid{...}`: every key declared once (type, default, doc, reader). Errors name the key:
/// `bad argument #1 to 'grid' (columns: positive integer expected, got 0)`.
extension GridBinding {
  typealias Key = ConfigKey<ReorderGridConfig>

  /// Rows in reading order: insets and spacing before item (a partial item's default uses them).
  static let config = ConfigSchema<ReorderGridConfig>(
    "tantan.ReorderGridConfig",
    "The keys of tantan.grid(config), each optional, with its default; unknown keys are errors. A plugin `preset` may set the layout and behaviour keys (not items, source, locked or delegate).",
    [
      .number("width", \.width, default: 375, "Width of the grid in points (> 0)."),
      .number("height", \.height, default: 587, "Height of the visible area in points (> 0), below the top bar."),
      .integer("columns", \.columns, default: 4, "Items per row (>= 1; they must fit the width)."),
      .number(
        "top_bar", \.topBar, default: .described("80r (r = width / 375)"),
        "Height of the bar above the grid (>= 0); the grid's frame starts below it."),
      .table(
        "bar", bar, default: .described("{title = \"我的关注\", sort = \"排序删除\", done = \"完成\"}"),
        "The bar's texts: the button reads sort while not editing and done while editing; pictures draw them with the close button."
      ),
      .option(
        "target", \.target, default: .string("half_cell"),
        "The drop-target rule: the seed's half_cell, center_inside (the snapshot's centre inside a cell) or closest_center."
      ),
      .number("long_press", \.longPress, default: 0.5, "Seconds a press must last to lift a cell (>= 0)."),
      .table(
        "insets", insets, default: .described("20r on every side"),
        "Around the items (each >= 0); a missing key keeps the seed's value."
      ) { $0.insets = $0.resolvedInsets },
      .table(
        "spacing", spacing, default: .described("{line = 4r, item = 2r}"),
        "line: between rows; item: the least gap between items (each >= 0)."
      ) { $0.spacing = $0.resolvedSpacing },
      .table(
        "item", item,
        default: .described("the seed's formula: w = (width - left - right - (columns - 1) * 4r) / columns, h = 45r"),
        "The item size (each > 0)."
      ) { $0.item = $0.resolvedItem },
      .table(
        "autoscroll", autoscroll, default: .described("{edge = 50, speed = 300, tick = 1/60}"),
        "edge: the band (points) at the top and bottom where a drag scrolls; speed: points per second at full depth; tick: the timer interval (>= 0.001 s)."
      ),
      .custom("items", "any[]", default: .described("{}"), "The items, any Lua values (not with source); no holes."),
      .custom(
        "source", "tantan.ReorderGridSource", default: .absent,
        "The items as callbacks (not with items); see tantan.ReorderGridSource."),
      .custom(
        "locked", "integer[]", default: .described("{}"),
        "Indices of items that never move, are never displaced and cannot be deleted."),
      .custom("delegate", "tantan.ReorderGridDelegate", default: .absent, "Callbacks; see tantan.ReorderGridDelegate."),
      .custom(
        "preset", "string", default: .absent, "A plugin's grid preset, applied over the defaults before these keys.",
        preset: true),
    ])

  static let bar = ConfigSchema<ReorderGridConfig>(
    "", "",
    [
      .string("title", \.bar.title, default: .string("我的关注"), "The title."),
      .string("sort", \.bar.sort, default: .string("排序删除"), "The button while not editing."),
      .string("done", \.bar.done, default: .string("完成"), "The button while editing."),
    ])
  static let insets = ConfigSchema<ReorderGridConfig>(
    "", "",
    [
      .number("top", \.insets!.top, default: .described("20r"), ""),
      .number("left", \.insets!.left, default: .described("20r"), ""),
      .number("bottom", \.insets!.bottom, default: .described("20r"), ""),
      .number("right", \.insets!.right, default: .described("20r"), ""),
    ])
  static let spacing = ConfigSchema<ReorderGridConfig>(
    "", "",
    [
      .number("line", \.spacing!.line, default: .described("4r"), ""),
      .number("item", \.spacing!.item, default: .described("2r"), ""),
    ])
  static let item = ConfigSchema<ReorderGridConfig>(
    "", "",
    [
      .number("w", \.item!.w, default: .described(""), ""), .number("h", \.item!.h, default: .described(""), ""),
    ])
  static let autoscroll = ConfigSchema<ReorderGridConfig>(
    "", "",
    [
      .number("edge", \.autoscroll.edge, default: 50, ""), .number("speed", \.autoscroll.speed, default: 300, ""),
      .number("tick", \.autoscroll.tick, default: .described("1/60"), ""),
    ])

  struct Setup {
    var config: ReorderGridConfig
    var items: [LuaRef]
    var source: Callbacks?
    var delegate: Callbacks
    /// 1-based, as given.
    var locked: [Int]
  }

  /// Reads the config table `r` (unknown keys already rejected by `config.parameter()`).
  static func readSetup(_ host: TantanHost, _ r: ConfigReader) throws(LuaCallError) -> Setup {
    let lua = r.lua
    // The grid has no built-in presets: `preset` names a plugin preset, applied over the defaults.
    let chain = try PluginPresets.resolve(r, of: entry, registry: host.plugins)
    var c = ReorderGridConfig()
    try PluginPresets.apply(chain, r, keys: config.presetKeys) { (p: ConfigReader) throws(LuaCallError) in
      try config.apply(p, to: &c)
      do { try c.validate() } catch { throw luaError(error, at: constructor.site, lua) }
    }
    try config.apply(r, to: &c)
    let locked = try readLocked(r)
    c.locked = locked.map { $0 - 1 }
    let hasSource = r.has("source")
    if hasSource && r.has("items") {
      throw .argument(1, "items: cannot be given together with source (items is an array, source a table of callbacks)")
    }
    let items = try readItems(host, r)
    // With a source the bound is checked against its first count (LuaGrid.sourceCount).
    if !hasSource, let bad = locked.first(where: { $0 > items.count }) {
      throw r.error("locked", "index out of range (got \(bad); \(items.count) items)")
    }
    var source: Callbacks?
    if hasSource {
      r.push("source")
      defer { lua.pop() }
      source = try Callbacks(host, index: -1, arg: 1, declared: GridSourceCallback.self, lua: lua)
    }
    r.push("delegate")
    defer { lua.pop() }
    let delegate = try Callbacks(host, index: -1, arg: 1, declared: GridDelegateCallback.self, lua: lua)
    return Setup(config: c, items: items, source: source, delegate: delegate, locked: locked)
  }

  /// `locked = {1, 3}`: 1-based indices (the upper bound is checked once the count is known).
  private static func readLocked(_ r: ConfigReader) throws(LuaCallError) -> [Int] {
    guard let t = try r.table("locked"), let index = t.index else { return [] }
    let lua = r.lua
    var out: [Int] = []
    for k in 0..<lua.rawLength(index) {
      lua.rawGet(index, index: k + 1)
      defer { lua.pop() }
      guard let i = lua.integer(-1) else {
        let got = lua.type(-1) == LUA_TNUMBER ? "a number with no integer representation" : lua.typeName(-1)
        throw r.error("locked", "integer expected at position \(k + 1), got \(got)")
      }
      guard i >= 1 else { throw r.error("locked", "index out of range (got \(i))") }
      out.append(i)
    }
    return out
  }

  /// `items = {...}`: any values; nil inside the array is an error (a hole would shift positions).
  private static func readItems(_ host: TantanHost, _ r: ConfigReader) throws(LuaCallError) -> [LuaRef] {
    guard let t = try r.table("items"), let index = t.index else { return [] }
    let lua = r.lua
    let n = lua.rawLength(index)
    var out: [LuaRef] = []
    out.reserveCapacity(n)
    for k in 0..<n {
      if lua.rawGet(index, index: k + 1) == LUA_TNIL {
        lua.pop()
        throw r.error("items", "nil at position \(k + 1) (an array without holes expected)")
      }
      out.append(LuaRef(popping: lua, handle: host.state.handle))
    }
    return out
  }
}
