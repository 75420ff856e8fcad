import CLua
import HeadlessUI
import LuaRuntime

/// Reads the `tantan.grid{...}` config table. Errors name the key:
/// `bad argument #1 to 'grid' (columns: positive integer expected, got 0)`.
extension GridExtension {
  static let configKeys = [
    "width", "height", "columns", "item", "spacing", "insets", "top_bar", "bar", "items", "source", "locked", "target",
    "long_press", "autoscroll", "delegate", "preset",
  ]

  /// What a plugin preset may set: the layout and behaviour keys (not items, locked, source or delegate).
  static let presetKeys = [
    "width", "height", "columns", "item", "spacing", "insets", "top_bar", "bar", "target", "long_press", "autoscroll", "preset",
  ]

  struct Setup {
    var config: ReorderGridConfig
    var items: [LuaRef]
    var source: Callbacks?
    var delegate: Callbacks
    /// 1-based, as given.
    var locked: [Int]
  }

  static func readSetup(_ host: TantanHost, _ lua: Lua) throws(LuaCallError) -> Setup {
    let r = try ConfigReader(lua, arg: 1)
    try r.rejectUnknown(configKeys)
    // The grid has no built-in presets: `preset` names a plugin preset, applied over the defaults.
    let chain = try PluginPresets.resolve(r, kind: "grid", builtins: [], registry: host.plugins)
    var c = ReorderGridConfig()
    try PluginPresets.apply(chain, r, keys: presetKeys) { (p: ConfigReader) throws(LuaCallError) in
      try applyLayout(p, to: &c)
      do { try c.validate() } catch let ComponentError.badArgument(_, _, message) { throw .argument(1, message) } catch {
        throw .argument(1, String(describing: error))
      }
    }
    try applyLayout(r, to: &c)
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
      let s = try Callbacks(host, index: -1, arg: 1, what: "source", names: LuaGrid.sourceNames, lua: lua)
      for slot in [LuaGrid.SourceSlot.count, .item] where !s.has(slot.rawValue) {
        throw .argument(
          1, "source.\(LuaGrid.sourceNames[slot.rawValue]): function expected, got nil (an array of items goes in 'items')")
      }
      source = s
    }
    r.push("delegate")
    defer { lua.pop() }
    let delegate = try Callbacks(host, index: -1, arg: 1, what: "delegate", names: LuaGrid.delegateNames, lua: lua)
    return Setup(config: c, items: items, source: source, delegate: delegate, locked: locked)
  }

  /// The layout and behaviour keys of `r` over `c` (a plugin preset's, then the user's).
  static func applyLayout(_ r: ConfigReader, to c: inout ReorderGridConfig) throws(LuaCallError) {
    c.width = try r.number("width") ?? c.width
    c.height = try r.number("height") ?? c.height
    c.columns = try r.integer("columns") ?? c.columns
    c.topBar = try r.number("top_bar") ?? c.topBar
    if let t = try r.table("bar") {
      try t.rejectUnknown(["title", "sort", "done"])
      c.bar.title = try t.string("title") ?? c.bar.title
      c.bar.sort = try t.string("sort") ?? c.bar.sort
      c.bar.done = try t.string("done") ?? c.bar.done
    }
    if let t = try r.string("target", options: ReorderGridConfig.TargetRule.allCases.map(\.rawValue)) {
      c.target = ReorderGridConfig.TargetRule(rawValue: t) ?? .halfCell
    }
    c.longPress = try r.number("long_press") ?? c.longPress
    // Partial nested tables: a missing key keeps the seed's value (insets first: the item size uses them).
    if let t = try r.table("insets") {
      try t.rejectUnknown(["top", "left", "bottom", "right"])
      let d = c.resolvedInsets
      c.insets = .init(
        top: try t.number("top") ?? d.top, left: try t.number("left") ?? d.left,
        bottom: try t.number("bottom") ?? d.bottom, right: try t.number("right") ?? d.right)
    }
    if let t = try r.table("spacing") {
      try t.rejectUnknown(["line", "item"])
      let d = c.resolvedSpacing
      c.spacing = .init(line: try t.number("line") ?? d.line, item: try t.number("item") ?? d.item)
    }
    if let t = try r.table("item") {
      try t.rejectUnknown(["w", "h"])
      let d = c.resolvedItem
      c.item = Size(w: try t.number("w") ?? d.w, h: try t.number("h") ?? d.h)
    }
    if let t = try r.table("autoscroll") {
      try t.rejectUnknown(["edge", "speed", "tick"])
      let d = c.autoscroll
      c.autoscroll = .init(
        edge: try t.number("edge") ?? d.edge, speed: try t.number("speed") ?? d.speed, tick: try t.number("tick") ?? d.tick)
    }
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
