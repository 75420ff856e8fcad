import LuaRuntime

/// One component, declared once (`TantanComponent.entry`): what the module installs, what the
/// reference documents, what `tantan.render` draws, what explore drives and checks, which presets
/// it takes and what the playground shows. `ComponentRegistry` holds the entries; nothing else in
/// the host names a component.
package struct ComponentEntry: @unchecked Sendable {  // immutable; the closures are pure functions
  /// `deck`: the constructor under `tantan` (`tantan.deck`), the kind plugins name in
  /// `register_preset` and their event hooks see, explore's `deck_actions` and coverage heading.
  package let kind: String
  /// The Lua class of its userdata (`tantan.SwipeDeck`), the metatable's `__name`.
  package let className: String
  /// The built-in presets of its `preset` config key (plugins add theirs), or nil: it takes none.
  package let presets: [String]?
  /// The config schema's rows (the playground's panel).
  package let configRows: @Sendable () -> [ConfigRow]
  /// What the playground shows besides the config rows.
  package let play: ComponentPlay
  /// Its part of tantan.explore (`Sources/TantanScripts/lua/explore_<kind>.lua` for the built-in
  /// ones): a chunk returning `{actions, states, callbacks, sample, check?}` (explore_actions.lua).
  let explore: EmbeddedScript
  /// Registers the class and stores the constructor in the module table at the given index.
  let install: (TantanHost, Int32) -> Void
  /// Its reference rows (constructor, class, config and callback tables; the explore actions'
  /// rows are read from `explore` by `TantanModule.allDocs`).
  let docs: () -> [LuaDoc]
  /// The component's object at `arg` (nil: another value, or a closed one).
  let object: (Lua, Int32) -> (any ComponentObject)?

  /// An entry for the class `luaClass` made by `constructor` (`tantan.<kind>`). `docs` are the
  /// rows besides the constructor's, the class's and the explore actions' (config, callbacks).
  init<Object: ComponentObject>(
    luaClass: LuaClass<Object>, constructor: LuaModuleFunction<TantanHost>, presets: [String]? = nil,
    config: @escaping @Sendable () -> [ConfigRow], docs: @escaping () -> [LuaDoc], explore: EmbeddedScript,
    play: ComponentPlay = ComponentPlay()
  ) {
    kind = constructor.key
    className = luaClass.name
    self.presets = presets
    configRows = config
    self.play = play
    self.explore = explore
    install = { host, module in
      luaClass.register(host.lua)
      constructor.install(host.lua, in: module, context: host)
    }
    self.docs = { [constructor.doc] + luaClass.docs + docs() }
    object = { lua, arg in luaClass.object(lua, arg) }
  }
}

/// What the playground shows of a component besides its config rows: slider ranges where the
/// schema's default gives no sensible one, and the buttons under its picture (a button's name is
/// what the page sends back; the adapter maps it onto the component's methods).
package struct ComponentPlay: Sendable {
  package struct Button: Sendable, Equatable {
    package let name: String
    package let title: String
  }

  package let ranges: [String: ClosedRange<Double>]
  package let buttons: [Button]

  init(ranges: [String: ClosedRange<Double>] = [:], buttons: [(String, String)] = []) {
    self.ranges = ranges
    self.buttons = buttons.map { Button(name: $0.0, title: $0.1) }
  }
}

/// A Lua chunk the host runs, with the name tracebacks show: embedded in the binary
/// (`Sources/TantanScripts`), or read from a file (a component defined outside the host).
struct EmbeddedScript: Sendable {
  let chunkName: String
  /// Read when the script runs or is documented, not when the entry is made (every start-up).
  private let source: @Sendable () -> String

  var text: String { source() }

  init(chunkName: String, load: @escaping @Sendable (UnsafeMutablePointer<Int>?) -> UnsafePointer<CChar>?) {
    self.chunkName = chunkName
    source = {
      var size = 0
      guard let p = load(&size) else { return "" }
      return String(decoding: UnsafeRawBufferPointer(start: p, count: size), as: UTF8.self)
    }
  }

  init(chunkName: String, text: String) {
    self.chunkName = chunkName
    source = { text }
  }
}
