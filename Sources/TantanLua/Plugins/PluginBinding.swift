import CLua
import LuaRuntime

/// The Lua side of plugins in the `tantan` module: `tantan.source`, `tantan.preset`,
/// `tantan.assertion`, `tantan.plugins`, and the `tantan.PluginHost` class.
enum PluginBinding: TantanExtension, LuaModuleBinding {
  typealias Context = PluginRegistry

  static func luaError(_ error: any Error, at site: LuaCallSite, _ lua: Lua) -> LuaCallError {
    passThrough(error, orMessageAt: site)
  }

  static let sourceFunction = function(
    "tantan.source",
    "Builds a data source with the provider a plugin registered for `kind` (e.g. tantan.source(\"csv\", \"people.csv\")): a table of functions or an array.",
    .string("kind"), .rest(), returns: .pushedByBody("table")
  ) { registry, lua, kind, _ in try source(lua, registry, kind) }

  static let preset = function(
    "tantan.preset", "A fresh copy of the config a plugin registered as preset `name` for `component`, or nil.",
    .string("component"), .string("name"), returns: .pushedByBody("table?")
  ) { registry, lua, kind, name in
    guard let data = registry.preset(kind: kind, name: name)?.data else { return lua.pushNil() }
    do throws(LuaConversionError) { try lua.push(data) } catch {
      throw LuaCallError.message("preset: \(error.description)")
    }
  }

  static let assertion = function(
    "tantan.assertion",
    "A checker for a plugin's assertion: calls it and raises its message (at the caller) when it fails.",
    .string("name"), returns: .pushedByBody("fun(...: any)")
  ) { registry, lua, name in
    guard let entry = registry.assertion(named: name), let fn = entry.value else {
      throw LuaCallError.argument(1, "no assertion '\(name)' (registered: \(list(registry.assertions.map(\.name))))")
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
  }

  static let plugins = function(
    "tantan.plugins",
    "Every plugin found, in discovery order, with its status: loaded, refused, failed, shadowed or skipped.",
    returns: .records
  ) { registry, _ in registry.records }

  static var docs: [LuaDoc] { [sourceFunction, preset, assertion, plugins].map(\.doc) + PluginHostObject.docs }

  static func install(_ host: TantanHost, module: Int32) {
    PluginHostObject.cls.register(host.lua)
    for f in [sourceFunction, preset, assertion, plugins] { f.install(host.lua, in: module, context: host.plugins) }
  }

  static func list(_ names: [String]) -> String { names.isEmpty ? "none" : names.joined(separator: ", ") }

  /// `tantan.source(kind, ...)`: `factory(ctx, ...)`, protected; the result must be a table that
  /// is an array or holds functions. Errors name the plugin and where its factory is defined.
  private static func source(_ lua: Lua, _ registry: PluginRegistry, _ kind: String) throws(LuaCallError) {
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
      throw .message(
        "\(what): its provider (\(entry.location)) returned \(problem); expected an array or a table of functions")
    }
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

extension LuaResult where Value == [PluginRecord] {
  /// `tantan.plugins()`: one table per plugin, its type and its push declared together.
  static var records: Self {
    .init(
      "{name: string, version: string?, api: integer?, description: string?, dir: string, status: string, reason: string?}[]"
    ) {
      lua, records in
      lua.newTable(narr: Int32(records.count))
      for (i, r) in records.enumerated() {
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
    }
  }
}
