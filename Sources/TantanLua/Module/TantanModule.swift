import CLua
import CLuaShim
import LuaRuntime

/// The `tantan` Lua module: `install` puts it, with the host's components (`host.components`), into
/// the host's state.
public enum TantanModule {
  /// The module's parts that are no component, in installation order: the clock, then (between the
  /// two lists) the components, then the tools that work on any component.
  static var extensions: (beforeComponents: [any TantanExtension.Type], afterComponents: [any TantanExtension.Type]) {
    ([ClockBinding.self], [JSONBinding.self, RenderBinding.self, PluginBinding.self, ExploreBinding.self])
  }

  /// The module's own values, each declared once: its reference row and its push.
  static let fields: [ModuleField] = [
    ModuleField("tantan.version", "string", "The host's version string.") { _, lua in lua.push(TantanHost.version) },
    ModuleField("tantan.api_level", "integer", "Rises with every API addition; plugins declare the minimum they need.")
    {
      _, lua in lua.push(TantanHost.apiLevel)
    },
    ModuleField("tantan.seed", "integer?", "The --seed given on the command line, or nil.") { host, lua in
      lua.push(host.seed)
    },
  ]

  static var docs: [LuaDoc] { fields.map(\.doc) }

  /// The module's reference rows with `components` installed, in installation order.
  static func allDocs(components: ComponentRegistry) -> [LuaDoc] {
    docs + extensions.beforeComponents.flatMap { $0.docs } + components.docs
      + extensions.afterComponents.flatMap { $0.docs }
  }

  /// Creates the `tantan` table, sets it as a global and as `package.loaded.tantan`.
  public static func install(_ host: TantanHost) {
    let lua = host.lua
    lua.newTable()
    let module = lua.top
    for f in fields { f.install(host, in: module) }
    for ext in extensions.beforeComponents { ext.install(host, module: module) }
    for c in host.components.entries { c.install(host, module) }
    for ext in extensions.afterComponents { ext.install(host, module: module) }
    // Raw: the host is made before any script runs (the globals and `package.loaded` are the
    // standard libraries' own tables, with no metatables yet).
    tt_pushglobaltable(lua.L)
    lua.pushValue(module)
    lua.rawSet(-2, "tantan")
    lua.rawGet(Lua.registryIndex, LUA_LOADED_TABLE)
    lua.pushValue(module)
    lua.rawSet(-2, "tantan")
    lua.pop(3)
  }

  /// The set-up every tantan-host state gets, shared by the interpreter and the scenario runner
  /// (so a scenario sees exactly the `tantan` module a script sees): the host and its virtual
  /// clock, the `tantan` module, and `math.randomseed(seed)` when a seed is given.
  package static func makeHost(
    _ state: LuaState, seed: Int?, components: ComponentRegistry = .builtin
  ) -> Result<TantanHost, HostSetupError> {
    let host = TantanHost(state: state, components: components)
    host.seed = seed
    TantanModule.install(host)
    if let seed {
      guard state.load("math.randomseed(...)", name: "=(host)") == LUA_OK,
        {
          state.lua.push(seed); return state.lua.pcall(1, 0, traceback: true)
        }()
      else {
        defer { state.lua.pop() }
        return .failure(HostSetupError(description: state.lua.string(-1) ?? "cannot seed math.random"))
      }
    }
    return .success(host)
  }
}

/// Why a state could not be set up as a tantan-host state.
package struct HostSetupError: Error, CustomStringConvertible {
  package let description: String
}
