import CLua
import LuaRuntime

/// `preset = NAME` in a component's config (`tantan.deck{preset = "bumble", ...}`): a built-in
/// preset, or one a plugin registered with `host.register_preset(kind, name, config)`.
///
/// A plugin preset's keys are the base config; the user's keys are applied on top of them, with
/// the same partial nested tables as always (`bounds = {left = 0}` keeps the preset's other
/// bounds). A plugin preset may name its own base with `preset =`: a built-in preset, or another
/// plugin preset of the same component. Errors in a preset's table name the plugin, the preset
/// and where it was registered:
/// `bad argument #1 to 'deck' (preset 'bumble' of plugin 'looks' (plugins/looks/plugin.lua:3): visible: integer expected, got string)`.
enum PluginPresets {
  /// The resolved `preset` key: the built-in preset at the bottom (nil: the component's default),
  /// then the plugin presets to apply over it, base first.
  struct Chain {
    var builtin: String?
    var layers: [PluginRegistry.Entry] = []
  }

  /// Reads `r`'s `preset` key and follows plugin presets down to one of the component's built-in
  /// presets (or none).
  static func resolve(_ r: ConfigReader, of component: ComponentEntry, registry: PluginRegistry)
    throws(LuaCallError) -> Chain
  {
    let kind = component.kind
    let builtins = component.presets ?? []
    guard let name = try r.string("preset") else { return Chain(builtin: nil) }
    var chain = Chain(builtin: nil)
    var current = name
    var namedBy: PluginRegistry.Entry?
    while true {
      if builtins.contains(current) {
        chain.builtin = current
        break
      }
      guard let entry = registry.preset(kind: kind, name: current), entry.data != nil else {
        let msg =
          "unknown \(kind) preset '\(current)' (known: \(known(kind: kind, builtins: builtins, registry: registry)))"
        if let namedBy { throw wrap(.argument(r.arg, "preset: \(msg)"), namedBy, r) }
        throw r.error("preset", msg)
      }
      if let i = chain.layers.firstIndex(where: { $0.name == entry.name }) {
        let cycle = (chain.layers[i...].map(\.name) + [entry.name]).map { "'\($0)'" }.joined(separator: " -> ")
        throw wrap(
          .argument(r.arg, "preset: \(kind) presets name each other in a cycle: \(cycle)"), chain.layers.last!, r)
      }
      chain.layers.append(entry)
      let base = try withPreset(entry, r) { (p: ConfigReader) throws(LuaCallError) -> String? in try p.string("preset")
      }
      guard let base else { break }
      current = base
      namedBy = entry
    }
    chain.layers.reverse()
    return chain
  }

  /// Applies each plugin preset of `chain` (base first) with `body`, after checking its keys
  /// against `keys` (the component's config keys a preset may set).
  static func apply(
    _ chain: Chain, _ r: ConfigReader, keys: [String], _ body: (ConfigReader) throws(LuaCallError) -> Void
  ) throws(LuaCallError) {
    for entry in chain.layers {
      try withPreset(entry, r) { (p: ConfigReader) throws(LuaCallError) -> Void in
        try p.rejectUnknown(keys)
        try body(p)
      }
    }
  }

  /// Every preset name of `kind`, built-ins first: `'tantan', 'tinder', 'bumble'`.
  static func known(kind: String, builtins: [String], registry: PluginRegistry) -> String {
    let names = builtins + registry.presetNames(kind: kind).filter { !builtins.contains($0) }
    return names.isEmpty ? "none" : names.map { "'\($0)'" }.joined(separator: ", ")
  }

  /// Runs `body` with a reader of a fresh copy of the preset's table (errors attributed to the
  /// preset), then drops whatever the reading left on the stack.
  private static func withPreset<T>(
    _ entry: PluginRegistry.Entry, _ r: ConfigReader, _ body: (ConfigReader) throws(LuaCallError) -> T
  ) throws(LuaCallError) -> T {
    let lua = r.lua
    let top = lua.top
    defer { lua.setTop(top) }
    do throws(LuaConversionError) { try lua.push(entry.data!) } catch {
      throw wrap(.message(error.description), entry, r)
    }
    let p = ConfigReader(lua: lua, index: lua.absIndex(-1), arg: r.arg, path: "")
    do { return try body(p) } catch { throw wrap(error, entry, r) }
  }

  /// The error, prefixed with the preset's name, its plugin and where it was registered.
  static func wrap(_ error: LuaCallError, _ entry: PluginRegistry.Entry, _ r: ConfigReader) -> LuaCallError {
    let prefix = "preset '\(entry.name)' of plugin '\(entry.plugin)' (\(entry.location)): "
    switch error {
    case .argument(_, let msg): return .argument(r.arg, prefix + msg)
    case .message(let msg): return .message(prefix + msg)
    case .lua: return error
    }
  }
}
