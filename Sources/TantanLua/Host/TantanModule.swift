import CLua
import CLuaShim
import LuaRuntime

/// A part of the `tantan` module: built-in components register through the same point as
/// plugins, so the host core never lists components by hand.
public protocol TantanExtension {
  /// Declarations for the API reference and editor stubs.
  static var docs: [LuaDoc] { get }
  /// Adds functions to the `tantan` table at `module`.
  static func install(_ host: TantanHost, module: Int32)
}

public enum TantanModule {
  /// Built-in extensions, in installation order.
  nonisolated(unsafe) public static var extensions: [any TantanExtension.Type] = [
    ClockExtension.self, SwipeDeckBinding.self, GridExtension.self, ListExtension.self, JSONExtension.self, RenderExtension.self,
    PluginExtension.self, ExploreExtension.self,
  ]

  public static let docs: [LuaDoc] = [
    LuaDoc(.field, "tantan.version", "string", "The host's version string."),
    LuaDoc(.field, "tantan.api_level", "integer", "Rises with every API addition; plugins declare the minimum they need."),
    LuaDoc(.field, "tantan.seed", "integer?", "The --seed given on the command line, or nil."),
  ]

  /// Creates the `tantan` table, sets it as a global and as `package.loaded.tantan`.
  public static func install(_ host: TantanHost) {
    let lua = host.lua
    lua.newTable()
    let module = lua.top
    lua.push(TantanHost.version); lua.rawSet(module, "version")
    lua.push(TantanHost.apiLevel); lua.rawSet(module, "api_level")
    lua.push(host.seed); lua.rawSet(module, "seed")
    for ext in extensions { ext.install(host, module: module) }
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
}
