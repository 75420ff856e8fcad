import CLuaShim
import LuaRuntime

/// What the plugins of one Lua state registered, and how each plugin fared. One registry per
/// `TantanHost` (`host.plugins`), so scenario states stay isolated.
///
/// The registration points other code reads:
/// - component bindings: `preset(kind:name:)` when a config names a preset they do not know;
/// - the scenario runner: `assertion(named:)`/`assertions`, `reporter(named:)`/`reporters`,
///   `runHooks(.beforeScenario/.afterScenario, ...)`;
/// - component bindings' event logs: `EventLog(host:component:)` wires the `event` hooks;
/// - the CLI: `command(named:)`.
package final class PluginRegistry {
  /// One registered thing: its name, the plugin that registered it, and where.
  package struct Entry {
    package let name: String
    package let plugin: String
    /// `file:line` of the function's definition, or of the registering call for tables.
    package let location: String
    /// The function or table (assertions, reporters, commands, hooks, sources).
    package let value: LuaRef?
    /// Plain data (presets).
    let data: LuaValue?
  }

  package enum Hook: String, CaseIterable, Sendable {
    case beforeScenario = "before_scenario"
    case afterScenario = "after_scenario"
    case event = "event"
  }

  /// Names a plugin cannot take as a subcommand: the host's own.
  static let reservedCommands: Set<String> = ["plugins", "test", "help"]

  /// Every plugin found, in discovery order, with its status.
  package var records: [PluginRecord] = []
  /// Folders whose `lua/` modules are searchable, in load order (plugin name, folder).
  var moduleRoots: [(plugin: String, dir: String)] = []
  /// The plugin whose `plugin.lua` runs now (not a module root yet): its top-level `require`s
  /// find its own modules too.
  var loadingRoot: (plugin: String, dir: String)?

  package var sources: [Entry] = []
  package var presets: [String: [Entry]] = [:]
  package var assertionList: [Entry] = []
  package var reporterList: [Entry] = []
  package var commands: [Entry] = []
  package var hooks: [Hook: [Entry]] = [:]

  /// `--strict-plugins`: a failure is fatal. Set when a hook failed, for the CLI's exit status.
  package var strict = false
  package var hookFailed = false
  /// Writes one diagnostic line (the CLI prefixes its program name).
  package var report: (String) -> Void = { msg in PluginRegistry.writeStderr("tantan-host: \(msg)\n") }

  /// Not `weak`: a weak reference gives the host a side table, and then every retain/release of
  /// the host and every checked `unowned` capture of it takes the slow path. The host owns this
  /// registry and sets this to nil in its `deinit` (as a weak reference would read then).
  unowned var host: TantanHost?
  /// Module names being loaded by the plugin searcher, outermost first (cycle detection).
  var loadingModules: [String] = []
  /// True while an `event` hook runs: events it causes are not delivered again.
  var firingEvent = false
  /// Compiled plugin files shared with other states of the same run (`PluginLoader.Options.cache`).
  var chunkCache: PluginChunkCache?
  /// Called with every hook failure (after `report`): the scenario runner records them.
  package var onHookFailure: ((HookFailure) -> Void)?
  /// An observer is handed out only once some plugin asked for events (`eventObserver`).
  private var observers: [String: EventObserver] = [:]

  init() {}

  var isEmpty: Bool { records.isEmpty }

  // MARK: reading (bindings, the runner, the CLI)

  /// A data-source provider registered with `host.register_source(kind, factory)`.
  func source(named kind: String) -> Entry? { sources.first { $0.name == kind } }
  var sourceNames: [String] { sources.map(\.name) }

  /// A preset registered with `host.register_preset(kind, name, config)`: plain data; push it
  /// with `lua.push(entry.data!)` for a fresh table and read it like the user's config.
  func preset(kind: String, name: String) -> Entry? { presets[kind]?.first { $0.name == name } }
  /// Preset names for a component kind, in registration order (for "known presets" messages).
  func presetNames(kind: String) -> [String] { presets[kind]?.map(\.name) ?? [] }

  /// An assertion: a function returning `true`, or `false`/nil and a message; or raising.
  func assertion(named name: String) -> Entry? { assertionList.first { $0.name == name } }
  package var assertions: [Entry] { assertionList }

  /// A reporter: a table of functions (the runner decides which keys it calls).
  package func reporter(named name: String) -> Entry? { reporterList.first { $0.name == name } }
  package var reporters: [Entry] { reporterList }

  /// A subcommand: `tantan-host NAME args` calls `fn(args)`.
  package func command(named name: String) -> Entry? { commands.first { $0.name == name } }
  var commandNames: [String] { commands.map(\.name) }

  func hooks(_ kind: Hook) -> [Entry] { hooks[kind] ?? [] }
  var hasEventHooks: Bool { !(hooks[.event] ?? []).isEmpty }

  /// The observer an `EventLog` of `component` reports to, or nil when no plugin listens and the
  /// run is not traced (the log's append then costs one branch).
  func eventObserver(component: String) -> EventObserver? {
    guard hasEventHooks || host?.observer != nil else { return nil }
    if let o = observers[component] { return o }
    let o = EventObserver(registry: self, component: component)
    observers[component] = o
    return o
  }

  // MARK: registering (the `tantan.PluginHost` object calls these during `setup`)

  enum Kind {
    case source
    case preset(String)
    case assertion, reporter, command
    case hook(Hook)
    var label: String {
      switch self {
      case .source: return "data source"
      case .preset(let k): return "\(k) preset"
      case .assertion: return "assertion"
      case .reporter: return "reporter"
      case .command: return "command"
      case .hook(let h): return "'\(h.rawValue)' hook"
      }
    }
  }

  /// Adds an entry; a name another plugin (or the same one) already registered is an error
  /// naming both. Hooks may repeat: every plugin can listen.
  func register(_ kind: Kind, _ entry: Entry) throws(LuaCallError) {
    func check(_ list: [Entry]) throws(LuaCallError) {
      if let old = list.first(where: { $0.name == entry.name }) {
        let who = old.plugin == entry.plugin ? "the same plugin" : "plugin '\(old.plugin)'"
        throw .message(
          "plugin '\(entry.plugin)': \(kind.label) '\(entry.name)' is already registered by \(who) (\(old.location))")
      }
    }
    switch kind {
    case .source: try check(sources); sources.append(entry)
    case .preset(let k): try check(presets[k] ?? []); presets[k, default: []].append(entry)
    case .assertion: try check(assertionList); assertionList.append(entry)
    case .reporter: try check(reporterList); reporterList.append(entry)
    case .command: try check(commands); commands.append(entry)
    case .hook(let h): hooks[h, default: []].append(entry)
    }
  }

  /// Forgets everything `plugin` registered (its setup failed: nothing half-done stays).
  func remove(plugin: String) {
    sources.removeAll { $0.plugin == plugin }
    for k in presets.keys { presets[k]!.removeAll { $0.plugin == plugin } }
    assertionList.removeAll { $0.plugin == plugin }
    reporterList.removeAll { $0.plugin == plugin }
    commands.removeAll { $0.plugin == plugin }
    for k in hooks.keys { hooks[k]!.removeAll { $0.plugin == plugin } }
    moduleRoots.removeAll { $0.plugin == plugin }
  }

  package static func writeStderr(_ s: String) {
    var s = s
    s.withUTF8 { b in b.withMemoryRebound(to: CChar.self) { tt_write_stderr($0.baseAddress, $0.count) } }
  }
}

/// One plugin as discovery and loading saw it.
package struct PluginRecord: Sendable, Equatable {
  /// `skipped`: not loaded because an earlier plugin used up a limit of the run (`--timeout`...).
  package enum Status: String, Sendable { case loaded, refused, failed, shadowed, skipped }
  package var name: String
  package var version: String?
  package var api: Int?
  var description: String?
  package var dir: String
  package var origin: PluginCandidate.Origin
  package var status: Status
  /// Why it was refused, failed, shadowed or skipped (with `file:line` where there is one).
  package var reason: String?
}
