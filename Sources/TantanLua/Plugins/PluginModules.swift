import CLua
import LuaRuntime

/// `require` for plugin modules (`name/lua/?.lua` and `name/lua/?/init.lua`).
///
/// Two searchers are added to `package.searchers`, only when some plugin was found:
/// 1. second, after `package.preload`: a `require` made from a file inside a plugin's folder
///    (its `plugin.lua` or its modules) looks in that plugin's `lua/` first;
/// 2. last: any other `require` (scripts, other plugins) finds plugin modules after
///    `package.path` and `package.cpath`, in plugin load order (the first plugin wins).
///
/// Module names stay global (one `package.loaded`): a name already loaded, by whichever plugin,
/// is what every later `require` gets; plugins should name modules after themselves.
///
/// A module that requires itself again while it loads (`a -> b -> a`) is an error naming the
/// chain and the plugin, at the `require` that closed the cycle, instead of a stack overflow.
enum PluginModules {
  static func install(_ host: TantanHost, sandboxed: Bool) {
    let lua = host.lua
    let registry = host.plugins
    guard (try? lua.getGlobal("package")) == LUA_TTABLE else { return }
    guard lua.rawGet(-1, "searchers") == LUA_TTABLE else {
      lua.pop(2)
      return
    }
    let searchers = lua.absIndex(-1)
    let n = lua.rawLength(searchers)
    // Shift 2...n up by one, put the own-plugin searcher second.
    if n >= 2 {
      for i in stride(from: n, through: 2, by: -1) {
        lua.rawGet(searchers, index: i)
        lua.rawSet(searchers, index: i + 1)
      }
    }
    lua.push(function: { [unowned registry] (lua: Lua) throws(LuaCallError) -> Int32 in
      try search(lua, registry, sandboxed: sandboxed, own: true)
    })
    lua.rawSet(searchers, index: min(2, n + 1))
    lua.push(function: { [unowned registry] (lua: Lua) throws(LuaCallError) -> Int32 in
      try search(lua, registry, sandboxed: sandboxed, own: false)
    })
    lua.rawSet(searchers, index: lua.rawLength(searchers) + 1)
    lua.pop(2)
  }

  /// The plugin whose folder holds the Lua file that called `require`, if any.
  static func callingPlugin(_ lua: Lua, _ registry: PluginRegistry) -> (plugin: String, dir: String)? {
    guard let file = PluginHostObject.caller(lua)?.file else { return nil }
    return registry.moduleRoots.first { file.hasPrefix(PluginFiles.join($0.dir, "")) }
  }

  private static func search(_ lua: Lua, _ registry: PluginRegistry, sandboxed: Bool, own: Bool) throws(LuaCallError) -> Int32 {
    guard let name = lua.string(1) else { return 0 }
    let roots: [(plugin: String, dir: String)]
    if own {
      guard let mine = callingPlugin(lua, registry) else { return 0 }
      roots = [mine]
    } else {
      roots = registry.moduleRoots
    }
    let rel = name.split(separator: ".", omittingEmptySubsequences: false).joined(separator: "/")
    var tried: [String] = []
    for root in roots {
      let base = PluginFiles.join(PluginFiles.join(root.dir, "lua"), rel)
      for path in [base + ".lua", base + "/init.lua"] {
        guard PluginFiles.kind(path) == .file else { tried.append(path); continue }
        if let i = registry.loadingModules.firstIndex(of: name) {
          let chain = (registry.loadingModules[i...] + [name]).joined(separator: " -> ")
          let at = PluginHostObject.caller(lua).map { "\($0.file):\($0.line): " } ?? ""
          lua.push("\(at)plugin '\(root.plugin)': require cycle among plugin modules: \(chain)")
          throw .lua(lua.popError(LUA_ERRRUN))  // raised as it is: it names its own position
        }
        return try loader(lua, registry, name: name, path: path, sandboxed: sandboxed)
      }
    }
    if own { return 0 }
    lua.push(tried.map { "no file '\($0)'" }.joined(separator: "\n\t"))
    return 1
  }

  /// Pushes a loader (the compiled chunk wrapped to track modules in progress) and the path.
  private static func loader(_ lua: Lua, _ registry: PluginRegistry, name: String, path: String, sandboxed: Bool) throws(LuaCallError) -> Int32 {
    guard let host = registry.host else { return 0 }
    guard PluginChunkCache.load(path, into: host, sandboxed: sandboxed, cache: registry.chunkCache) else {
      let msg = lua.string(-1) ?? "?"
      lua.pop()
      throw .message("error loading module '\(name)' from file '\(path)':\n\t\(msg)")
    }
    lua.push(function: { [unowned registry] (lua: Lua) throws(LuaCallError) -> Int32 in
      registry.loadingModules.append(name)
      defer { registry.loadingModules.removeLast() }
      let args = lua.top
      lua.pushValue(Lua.upvalue(1))
      for i in 1...max(args, 1) where args > 0 { lua.pushValue(i) }
      do throws(LuaError) { try lua.call(args, 1) } catch { throw .lua(error) }
      return 1
    }, upvalues: 1)
    lua.push(path)
    return 2
  }
}
