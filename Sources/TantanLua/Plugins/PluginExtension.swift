import CLua
import LuaRuntime

/// The Lua side of plugins in the `tantan` module: `tantan.source`, `tantan.preset`,
/// `tantan.assertion`, `tantan.plugins`, and the `tantan.PluginHost` class.
enum PluginExtension: TantanExtension {
  static var docs: [LuaDoc] {
    [
      LuaDoc(.function, "tantan.source", "fun(kind: string, ...: any): table",
             "Builds a data source with the provider a plugin registered for `kind` (e.g. tantan.source(\"csv\", \"people.csv\")): a table of functions or an array."),
      LuaDoc(.function, "tantan.preset", "fun(component: string, name: string): table?",
             "A fresh copy of the config a plugin registered as preset `name` for `component`, or nil."),
      LuaDoc(.function, "tantan.assertion", "fun(name: string): fun(...: any)",
             "A checker for a plugin's assertion: calls it and raises its message (at the caller) when it fails."),
      LuaDoc(.function, "tantan.plugins", "fun(): {name: string, version: string?, api: integer?, dir: string, status: string, reason: string?}[]",
             "Every plugin found, in discovery order, with its status: loaded, refused, failed or shadowed."),
    ] + PluginHostObject.docs
  }

  static func install(_ host: TantanHost, module: Int32) {
    let lua = host.lua
    PluginHostObject.cls.register(lua)
    let registry = host.plugins
    lua.setFunction(module, "source") { [unowned registry] (lua: Lua) throws(LuaCallError) -> Int32 in
      try source(lua, registry)
    }
    lua.setFunction(module, "preset") { [unowned registry] (lua: Lua) throws(LuaCallError) -> Int32 in
      let kind = try lua.checkString(1)
      let name = try lua.checkString(2)
      guard let data = registry.preset(kind: kind, name: name)?.data else { lua.pushNil(); return 1 }
      do throws(LuaConversionError) { try lua.push(data) } catch { throw .message("preset: \(error.description)") }
      return 1
    }
    lua.setFunction(module, "assertion") { [unowned registry] (lua: Lua) throws(LuaCallError) -> Int32 in
      let name = try lua.checkString(1)
      guard let entry = registry.assertion(named: name), let fn = entry.value else {
        throw .argument(1, "no assertion '\(name)' (registered: \(list(registry.assertions.map(\.name))))")
      }
      lua.push(function: { (lua: Lua) throws(LuaCallError) -> Int32 in
        let n = lua.top
        fn.push(lua)
        lua_rotate(lua.L, 1, 1)
        do throws(LuaError) { try lua.call(n, 2) } catch { throw .lua(error) }
        if lua.bool(-2) { return 0 }
        let msg = lua.string(-1) ?? "assertion '\(name)' failed"
        throw .message(msg)
      })
      return 1
    }
    lua.setFunction(module, "plugins") { [unowned registry] (lua: Lua) throws(LuaCallError) -> Int32 in
      lua.newTable(narr: Int32(registry.records.count))
      for (i, r) in registry.records.enumerated() {
        lua.newTable(narr: 0, nrec: 7)
        lua.push(r.name); lua.rawSet(-2, "name")
        lua.push(r.version); lua.rawSet(-2, "version")
        lua.push(r.api); lua.rawSet(-2, "api")
        lua.push(r.description); lua.rawSet(-2, "description")
        lua.push(r.dir); lua.rawSet(-2, "dir")
        lua.push(r.status.rawValue); lua.rawSet(-2, "status")
        lua.push(r.reason); lua.rawSet(-2, "reason")
        lua.rawSet(-2, index: i + 1)
      }
      return 1
    }
  }

  static func list(_ names: [String]) -> String { names.isEmpty ? "none" : names.joined(separator: ", ") }

  /// `tantan.source(kind, ...)`: `factory(ctx, ...)`, protected; the result must be a table that
  /// is an array or holds functions. Errors name the plugin and where its factory is defined.
  private static func source(_ lua: Lua, _ registry: PluginRegistry) throws(LuaCallError) -> Int32 {
    let kind = try lua.checkString(1)
    guard let entry = registry.source(named: kind), let factory = entry.value else {
      throw .argument(1, "no data-source provider '\(kind)' (registered: \(list(registry.sourceNames)))")
    }
    let nargs = lua.top - 1
    let caller = PluginHostObject.caller(lua)
    factory.push(lua)
    lua.newTable(narr: 0, nrec: 5)
    lua.push(entry.plugin); lua.rawSet(-2, "plugin")
    lua.push(kind); lua.rawSet(-2, "kind")
    lua.push(caller.map { FileSystem.directory(of: $0.file) } ?? "."); lua.rawSet(-2, "dir")
    lua.push(caller?.file); lua.rawSet(-2, "file")
    lua.push(caller?.line); lua.rawSet(-2, "line")
    for i in 0..<nargs { lua.pushValue(2 + i) }
    let what = "tantan.source('\(kind)') from plugin '\(entry.plugin)'"
    do throws(LuaError) { try lua.call(nargs + 1, 1) } catch {
      error.push(lua)
      defer { lua.pop() }
      if lua.type(-1) == LUA_TSTRING, let msg = lua.string(-1) { throw .message("\(what): \(msg)") }
      throw .lua(error)
    }
    if let problem = garbage(lua, -1) {
      throw .message("\(what): its provider (\(entry.location)) returned \(problem); expected an array or a table of functions")
    }
    return 1
  }

  /// Why the value is not a data source, or nil when it is one (a table with an array part or a
  /// function field; an empty table is an empty array).
  static func garbage(_ lua: Lua, _ i: Int32) -> String? {
    guard lua.type(i) == LUA_TTABLE else { return lua.isNoneOrNil(i) ? "nil" : "a \(lua.typeName(i)) value" }
    let t = lua.absIndex(i)
    if lua.rawLength(t) > 0 { return nil }
    var keys = 0
    lua.pushNil()
    while lua_next(lua.L, t) != 0 {
      keys += 1
      if lua.type(-1) == LUA_TFUNCTION { lua.pop(2); return nil }
      lua.pop()
    }
    return keys == 0 ? nil : "a table with neither array items nor functions"
  }
}
