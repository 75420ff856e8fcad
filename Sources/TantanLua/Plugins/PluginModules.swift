import CLua
import LuaRuntime

/// `require` for plugin modules (`name/lua/?.lua` and `name/lua/?/init.lua`), installed only when
/// some plugin was found:
/// 1. a `require` made from a file inside a plugin's folder (its `plugin.lua`, at the top level or
///    in `setup`, or its modules) loads a module of that plugin's own `lua/` first, once per
///    plugin: two plugins that both ship `helper/util.lua` each get their own. The global
///    `require` is wrapped for that (the stock one checks `package.loaded` before any searcher);
///    every other `require` goes to the stock one unchanged;
/// 2. a searcher added last: any other `require` (scripts, other plugins) finds plugin modules
///    after `package.path` and `package.cpath`, in plugin load order (the first plugin wins).
///
/// A plugin's own module is also published in `package.loaded` when the name is free, so a script
/// requiring a plugin's public module gets the same table (the first plugin to load a name wins).
///
/// A module that requires itself again while it loads (`a -> b -> a`) is an error naming the
/// chain and the plugin, at the `require` that closed the cycle, instead of a stack overflow.
enum PluginModules {
  /// Registry key of `{ [plugin folder] = { [module name] = value } }`: each plugin's own modules.
  static let ownModulesKey = "tantan.plugin_modules"

  static func install(_ host: TantanHost, sandboxed: Bool) {
    let lua = host.lua
    let registry = host.plugins
    guard (try? lua.getGlobal("package")) == LUA_TTABLE else { return }
    guard lua.rawGet(-1, "searchers") == LUA_TTABLE else {
      lua.pop(2)
      return
    }
    lua.push(function: { [unowned registry] (lua: Lua) throws(LuaCallError) -> Int32 in
      try search(lua, registry, sandboxed: sandboxed)
    })
    lua.rawSet(-2, index: lua.rawLength(-2) + 1)
    lua.pop(2)
    lua.rawGet(Lua.registryIndex, index: Int(LUA_RIDX_GLOBALS))
    guard lua.rawGet(-1, "require") == LUA_TFUNCTION else {
      lua.pop(2)
      return
    }
    lua.push(
      function: { [unowned registry] (lua: Lua) throws(LuaCallError) -> Int32 in
        let name = try lua.checkString(1)  // as the stock one: `bad argument #1 to 'require'` at the caller
        if let mine = callingPlugin(lua, registry), let path = moduleFile(mine.dir, name) {
          return try requireOwn(lua, registry, root: mine, name: name, path: path, sandboxed: sandboxed)
        }
        // Anything else: the stock `require` (upvalue 1), same arguments, same results.
        let n = lua.top
        lua.pushValue(Lua.upvalue(1))
        lua_rotate(lua.L, 1, 1)
        do throws(LuaError) { try lua.call(n, LUA_MULTRET) } catch { throw .lua(error) }
        return lua.top
      }, upvalues: 1)
    lua.rawSet(-2, "require")
    lua.pop()
  }

  /// The plugin whose folder holds the Lua file that called `require`, if any.
  static func callingPlugin(_ lua: Lua, _ registry: PluginRegistry) -> (plugin: String, dir: String)? {
    guard let file = PluginHostObject.caller(lua)?.file else { return nil }
    let roots = registry.moduleRoots + (registry.loadingRoot.map { [$0] } ?? [])
    return roots.first { file.hasPrefix(PluginCandidate.path($0.dir, "")) }
  }

  /// `dir/lua/a/b.lua` or `dir/lua/a/b/init.lua` for `a.b`, when it is a file.
  static func moduleFile(_ dir: String, _ name: String) -> String? {
    candidates(dir, name).first { FileSystem.kind($0) == .file }
  }

  private static func candidates(_ dir: String, _ name: String) -> [String] {
    let rel = name.split(separator: ".", omittingEmptySubsequences: false).joined(separator: "/")
    let base = PluginCandidate.path(PluginCandidate.path(dir, "lua"), rel)
    return [base + ".lua", base + "/init.lua"]
  }

  /// `require(name)` of the calling plugin's own module: its value for that plugin, loaded once.
  /// Returns what the stock `require` returns: the value, and the file when it was loaded now.
  private static func requireOwn(
    _ lua: Lua, _ registry: PluginRegistry, root: (plugin: String, dir: String), name: String, path: String,
    sandboxed: Bool
  ) throws(LuaCallError) -> Int32 {
    lua.setTop(1)
    if lua.rawGet(Lua.registryIndex, ownModulesKey) != LUA_TTABLE {  // 2
      lua.pop()
      lua.newTable()
      lua.pushValue(-1)
      lua.rawSet(Lua.registryIndex, ownModulesKey)
    }
    if lua.rawGet(2, root.dir) != LUA_TTABLE {  // 3: this plugin's modules
      lua.pop()
      lua.newTable()
      lua.pushValue(-1)
      lua.rawSet(2, root.dir)
    }
    if lua.rawGet(3, name) != LUA_TNIL { return 1 }
    lua.pop()
    try checkCycle(lua, registry, plugin: root.plugin, name: name)
    try pushChunk(lua, registry, name: name, path: path, sandboxed: sandboxed)
    lua.push(name)
    lua.push(path)
    registry.loadingModules.append(name)
    defer { registry.loadingModules.removeLast() }
    do throws(LuaError) { try lua.call(2, 1) } catch { throw .lua(error) }  // 4: the value
    if lua.type(4) == LUA_TNIL {  // as the stock require: what the module put in package.loaded, or true
      lua.pop()
      lua.rawGet(Lua.registryIndex, LUA_LOADED_TABLE)
      if lua.rawGet(-1, name) == LUA_TNIL { lua.pop(); lua.push(true) }
      lua_rotate(lua.L, -2, -1)  // drop package.loaded, under the value
      lua.pop()
    }
    lua.pushValue(4)
    lua.rawSet(3, name)
    lua.rawGet(Lua.registryIndex, LUA_LOADED_TABLE)  // published when the name is free
    if lua.rawGet(-1, name) == LUA_TNIL {
      lua.pushValue(4)
      lua.rawSet(-3, name)
    }
    lua.setTop(4)
    lua.push(path)
    return 2
  }

  private static func checkCycle(_ lua: Lua, _ registry: PluginRegistry, plugin: String, name: String)
    throws(LuaCallError)
  {
    guard let i = registry.loadingModules.firstIndex(of: name) else { return }
    let chain = (registry.loadingModules[i...] + [name]).joined(separator: " -> ")
    let at = PluginHostObject.caller(lua).map { "\($0.file):\($0.line): " } ?? ""
    lua.push("\(at)plugin '\(plugin)': require cycle among plugin modules: \(chain)")
    throw .lua(lua.popError(LUA_ERRRUN))  // raised as it is: it names its own position
  }

  /// Pushes the module's compiled chunk, or raises the load error naming the file.
  private static func pushChunk(_ lua: Lua, _ registry: PluginRegistry, name: String, path: String, sandboxed: Bool)
    throws(LuaCallError)
  {
    guard let host = registry.host else { throw .message("module '\(name)': the host is gone") }
    guard PluginChunkCache.load(path, into: host, sandboxed: sandboxed, cache: registry.chunkCache) else {
      let msg = lua.string(-1) ?? "?"
      lua.pop()
      throw .message("error loading module '\(name)' from file '\(path)':\n\t\(msg)")
    }
  }

  /// The last searcher: every plugin's `lua/`, in load order.
  private static func search(_ lua: Lua, _ registry: PluginRegistry, sandboxed: Bool) throws(LuaCallError) -> Int32 {
    guard let name = lua.string(1) else { return 0 }
    var tried: [String] = []
    for root in registry.moduleRoots {
      for path in candidates(root.dir, name) {
        guard FileSystem.kind(path) == .file else { tried.append(path); continue }
        try checkCycle(lua, registry, plugin: root.plugin, name: name)
        return try loader(lua, registry, name: name, path: path, sandboxed: sandboxed)
      }
    }
    lua.push(tried.map { "no file '\($0)'" }.joined(separator: "\n\t"))
    return 1
  }

  /// Pushes a loader (the compiled chunk wrapped to track modules in progress) and the path.
  private static func loader(_ lua: Lua, _ registry: PluginRegistry, name: String, path: String, sandboxed: Bool)
    throws(LuaCallError) -> Int32
  {
    try pushChunk(lua, registry, name: name, path: path, sandboxed: sandboxed)
    lua.push(
      function: { [unowned registry] (lua: Lua) throws(LuaCallError) -> Int32 in
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
