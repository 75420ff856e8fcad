import CLua
import LuaRuntime

/// The `host` a plugin's `setup(host)` receives: `tantan.PluginHost`. Its registration functions
/// are fields holding functions, so both `host.register_source(...)` and
/// `host:register_source(...)` work. Registration is open only while `setup` runs.
final class PluginContext {
  let plugin: String
  let version: String?
  let dir: String
  unowned let registry: PluginRegistry
  var open = true

  init(plugin: String, version: String?, dir: String, registry: PluginRegistry) {
    self.plugin = plugin; self.version = version; self.dir = dir; self.registry = registry
  }
}

package enum PluginHostObject {
  typealias Register = (PluginContext, Lua, Int32) throws(LuaCallError) -> Void

  static let hookNames = PluginRegistry.Hook.allCases.map(\.rawValue)

  /// name, signature, doc, body (arguments start after `base`: 1 when called with `:`).
  static var functions: [(String, String, String, Register)] { [
    ("register_source", "fun(kind: string, factory: fun(ctx: table, ...: any): table)",
     "Registers a data-source provider: tantan.source(kind, ...) calls factory(ctx, ...) (ctx: plugin, kind, dir and file of the caller, line) and returns its table of functions or array.",
     { c, lua, b throws(LuaCallError) in
       let kind = try name(lua, b + 1, "kind")
       try lua.checkFunction(b + 2)
       try add(c, lua, .source, kind, fn: b + 2)
     }),
    ("register_preset", "fun(component: string, name: string, config: table)",
     "Registers a named preset (plain data) for a component kind (\"deck\", \"grid\", \"list\", ...); the component's binding consults it when a config names it.",
     { c, lua, b throws(LuaCallError) in
       let kind = try name(lua, b + 1, "component")
       let preset = try name(lua, b + 2, "name")
       try lua.checkTable(b + 3)
       let data: LuaValue
       do { data = try lua.value(b + 3) } catch { throw .argument(b + 3, "preset must be plain data (\(error))") }
       let e = PluginRegistry.Entry(name: preset, plugin: c.plugin, location: callSite(lua), value: nil, data: data)
       try c.registry.register(.preset(kind), e)
     }),
    ("register_assertion", "fun(name: string, fn: fun(...: any): boolean?)",
     "Registers a scenario assertion: fn returns true, or false and a message (optionally expected and actual values), or raises. `tantan-host test` scenarios call it as assert.NAME(...) (negated: assert.no.NAME, assert.is_not.NAME); scripts get a checker with tantan.assertion(name).",
     { c, lua, b throws(LuaCallError) in
       let n = try name(lua, b + 1, "name")
       try lua.checkFunction(b + 2)
       try add(c, lua, .assertion, n, fn: b + 2)
     }),
    ("register_reporter", "fun(name: string, reporter: table<string, function>)",
     "Registers a reporter for `tantan-host test --reporter NAME`: a table with on_start(info), on_result(result) and on_finish(summary), each returning text (or nil) for the report.",
     { c, lua, b throws(LuaCallError) in
       let n = try name(lua, b + 1, "name")
       try lua.checkTable(b + 2)
       guard hasFunction(lua, b + 2) else { throw .argument(b + 2, "reporter must be a table of functions, got a table without any") }
       try add(c, lua, .reporter, n, fn: b + 2)
     }),
    ("register_command", "fun(name: string, fn: fun(args: string[]): integer?)",
     "Registers a subcommand: `tantan-host NAME args...` calls fn(args); its result (an integer, or false for 1) is the exit status.",
     { c, lua, b throws(LuaCallError) in
       let n = try name(lua, b + 1, "name")
       guard !n.hasPrefix("-"), !n.contains("/"), !n.contains(" ") else { throw .argument(b + 1, "invalid command name '\(n)'") }
       guard !PluginRegistry.reservedCommands.contains(n) else { throw .argument(b + 1, "command name '\(n)' is reserved by the host") }
       try lua.checkFunction(b + 2)
       try add(c, lua, .command, n, fn: b + 2)
     }),
    ("on", "fun(hook: \"before_scenario\"|\"after_scenario\"|\"event\", fn: function)",
     "Adds a lifecycle hook: before_scenario(s) and after_scenario(s) around each `tantan-host test` scenario (s: {name=, full_name=, file=, line=, tags=}; after also status=, passed=, message=), event({component=, name=, args=, text=}) for every component event.",
     { c, lua, b throws(LuaCallError) in
       let h = try lua.checkOption(b + 1, hookNames)
       try lua.checkFunction(b + 2)
       try add(c, lua, .hook(PluginRegistry.Hook(rawValue: h)!), h, fn: b + 2)
     }),
  ] }

  static let cls: LuaClass<PluginContext> = LuaClass<PluginContext>(
    name: "tantan.PluginHost",
    doc: "What a plugin's setup(host) receives: registers its sources, presets, assertions, reporters, commands and hooks (host.f(...) or host:f(...)).",
    methods: [],
    fields: [
      .init("name", "string", "The plugin's name, from its manifest.") { c, lua in lua.push(c.plugin) },
      .init("version", "string?", "The plugin's version, from its manifest.") { c, lua in lua.push(c.version) },
      .init("dir", "string", "The plugin's folder (its modules are in dir/lua).") { c, lua in lua.push(c.dir) },
      .init("api_level", "integer", "The host's tantan.api_level.") { _, lua in lua.push(TantanHost.apiLevel) },
    ] + functions.map { f in
      let (fname, body) = (f.0, f.3)
      return LuaClass<PluginContext>.Field(fname, f.1, f.2) { c, lua in
        lua.push(function: { [c] (lua: Lua) throws(LuaCallError) -> Int32 in
          let base: Int32 = cls.object(lua, 1) === c ? 1 : 0
          guard c.open else {
            throw .message("plugin '\(c.plugin)': \(fname) is only available during setup")
          }
          try body(c, lua, base)
          return 0
        })
      }
    },
    describe: { "tantan.PluginHost(\($0.plugin))" })

  static var docs: [LuaDoc] { cls.docs }

  // MARK: helpers

  private static func name(_ lua: Lua, _ arg: Int32, _ what: String) throws(LuaCallError) -> String {
    guard lua.type(arg) == LUA_TSTRING, let s = lua.string(arg) else { throw lua.typeError(arg, "string") }
    guard !s.isEmpty else { throw .argument(arg, "\(what) must not be empty") }
    return s
  }

  private static func add(_ c: PluginContext, _ lua: Lua, _ kind: PluginRegistry.Kind, _ name: String, fn arg: Int32) throws(LuaCallError) {
    let location = lua.type(arg) == LUA_TFUNCTION ? definition(lua, arg) ?? callSite(lua) : callSite(lua)
    guard let host = c.registry.host else { throw .message("plugin '\(c.plugin)': the host is gone") }
    lua.pushValue(arg)
    let ref = host.state.ref()
    try c.registry.register(kind, PluginRegistry.Entry(name: name, plugin: c.plugin, location: location, value: ref, data: nil))
  }

  private static func hasFunction(_ lua: Lua, _ t: Int32) -> Bool {
    let t = lua.absIndex(t)
    lua.pushNil()
    while lua_next(lua.L, t) != 0 {
      if lua.type(-1) == LUA_TFUNCTION { lua.pop(2); return true }
      lua.pop()
    }
    return false
  }

  /// `file:line` of a Lua function's definition; nil for C functions and chunks from strings.
  package static func definition(_ lua: Lua, _ arg: Int32) -> String? {
    var ar = lua_Debug()
    lua.pushValue(arg)
    guard lua_getinfo(lua.L, ">S", &ar) != 0, let src = ar.source, src.pointee == CChar(UInt8(ascii: "@")) else { return nil }
    return "\(String(cString: src + 1)):\(ar.linedefined)"
  }

  /// `file:line` of the Lua code calling the running Swift function (`?` when none).
  static func callSite(_ lua: Lua) -> String { caller(lua).map { "\($0.file):\($0.line)" } ?? "?" }

  /// The innermost Lua function on the stack with a file: its path and current line.
  static func caller(_ lua: Lua, from level: Int32 = 1) -> (file: String, line: Int)? {
    var ar = lua_Debug()
    var level = level
    while lua_getstack(lua.L, level, &ar) != 0 {
      level += 1
      guard lua_getinfo(lua.L, "Sl", &ar) != 0, let src = ar.source else { continue }
      if src.pointee == CChar(UInt8(ascii: "@")) {
        return (String(cString: src + 1), Int(ar.currentline))
      }
    }
    return nil
  }
}
