import CLua
import CLuaShim
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

/// The registration functions of `tantan.PluginHost`, each declared once (parameters as
/// `host.f(...)` sees them).
enum PluginHostFunctions: LuaModuleBinding {
  typealias Context = PluginContext

  static func luaError(_ error: any Error, at site: LuaCallSite, _ lua: Lua) -> LuaCallError {
    passThrough(error, orMessageAt: site)
  }

  static let all: [Function] = [
    function(
      "register_source",
      "Registers a data-source provider: tantan.source(kind, ...) calls factory(ctx, ...) (ctx: plugin, kind, dir and file of the caller, line) and returns its table of functions or array.",
      .name("kind"), .function("factory", "fun(ctx: table, ...: any): table"), returns: .none
    ) { c, lua, kind, factory in try PluginHostObject.add(c, lua, .source, kind, fn: factory) },
    function(
      "register_preset",
      "Registers a named preset (plain data) for a component whose config takes `preset` (\"deck\", \"grid\": an unknown component, or one without presets, is an error); the component's binding consults it when a config names it.",
      .name("component"), .name("name"), .plainData("config"), returns: .none
    ) { c, lua, kind, preset, data in
      if let components = c.registry.host?.components, components.entry(kind: kind)?.presets == nil {
        let known = components.presetKinds.map { "'\($0)'" }.joined(separator: ", ")
        let what =
          components.entry(kind: kind) == nil ? "no component '\(kind)'" : "component '\(kind)' takes no presets"
        throw LuaCallError.argument(1, "\(what) (components with presets: \(known))")
      }
      let e = PluginRegistry.Entry(
        name: preset, plugin: c.plugin, location: PluginHostObject.callSite(lua), value: nil, data: data)
      try c.registry.register(.preset(kind), e)
    },
    function(
      "register_assertion",
      "Registers a scenario assertion: fn returns true, or false and a message (optionally expected and actual values), or raises. `tantan-host test` scenarios call it as assert.NAME(...) (negated: assert.no.NAME, assert.is_not.NAME); scripts get a checker with tantan.assertion(name).",
      .name("name"), .function("fn", "fun(...: any): boolean?"), returns: .none
    ) { c, lua, n, fn in try PluginHostObject.add(c, lua, .assertion, n, fn: fn) },
    function(
      "register_reporter",
      "Registers a reporter for `tantan-host test --reporter NAME`: a table with on_start(info), on_result(result) and on_finish(summary), each returning text (or nil) for the report.",
      .name("name"), .tableOfFunctions("reporter"), returns: .none
    ) { c, lua, n, reporter in try PluginHostObject.add(c, lua, .reporter, n, fn: reporter) },
    function(
      "register_command",
      "Registers a subcommand: `tantan-host NAME args...` calls fn(args); its result (an integer, or false for 1) is the exit status.",
      .commandName("name"), .function("fn", "fun(args: string[]): integer?"), returns: .none
    ) { c, lua, n, fn in try PluginHostObject.add(c, lua, .command, n, fn: fn) },
    function(
      "on",
      "Adds a lifecycle hook: before_scenario(s) and after_scenario(s) around each `tantan-host test` scenario (s: {name=, full_name=, file=, line=, tags=}; after also status=, passed=, message=), event({component=, name=, args=, text=}) for every component event.",
      .option("hook", PluginRegistry.Hook.self), .function("fn"), returns: .none
    ) { c, lua, hook, fn in try PluginHostObject.add(c, lua, .hook(hook), hook.rawValue, fn: fn) },
  ]
}

package enum PluginHostObject {
  static let cls: LuaClass<PluginContext> = LuaClass<PluginContext>(
    name: "tantan.PluginHost",
    doc:
      "What a plugin's setup(host) receives: registers its sources, presets, assertions, reporters, commands and hooks (host.f(...) or host:f(...)).",
    methods: [],
    fields: [
      .init("name", "string", "The plugin's name, from its manifest.") { c, lua in lua.push(c.plugin) },
      .init("version", "string?", "The plugin's version, from its manifest.") { c, lua in lua.push(c.version) },
      .init("dir", "string", "The plugin's folder (its modules are in dir/lua).") { c, lua in lua.push(c.dir) },
      .init("api_level", "integer", "The host's tantan.api_level.") { _, lua in lua.push(TantanHost.apiLevel) },
    ] + PluginHostFunctions.all.map(field),
    describe: { "tantan.PluginHost(\($0.plugin))" })

  static var docs: [LuaDoc] { cls.docs }

  /// A registration function as a field holding it, callable as `host.f(...)` and `host:f(...)`:
  /// with `:` the host is removed so the declared parameters start at 1, and a bad argument's
  /// position is moved back (Lua then words it for a method call, as before).
  private static func field(_ f: PluginHostFunctions.Function) -> LuaClass<PluginContext>.Field {
    LuaClass<PluginContext>.Field(f.doc.name, f.doc.signature, f.doc.doc) { c, lua in
      let name = f.doc.name
      let call = f.call
      lua.push(function: { [c] (lua: Lua) throws(LuaCallError) -> Int32 in  // strong: a plugin may keep it
        let method = cls.object(lua, 1) === c
        guard c.open else { throw .message("plugin '\(c.plugin)': \(name) is only available during setup") }
        guard method else { return try call(c, lua) }
        tt_remove(lua.L, 1)
        do throws(LuaCallError) { return try call(c, lua) } catch {
          guard case .argument(let arg, let message) = error else { throw error }
          throw .argument(arg + 1, message)
        }
      })
    }
  }

  // MARK: helpers

  static func add(_ c: PluginContext, _ lua: Lua, _ kind: PluginRegistry.Kind, _ name: String, fn arg: Int32)
    throws(LuaCallError)
  {
    let location = lua.type(arg) == LUA_TFUNCTION ? definition(lua, arg) ?? callSite(lua) : callSite(lua)
    guard let host = c.registry.host else { throw .message("plugin '\(c.plugin)': the host is gone") }
    lua.pushValue(arg)
    let ref = host.state.ref()
    try c.registry.register(
      kind, PluginRegistry.Entry(name: name, plugin: c.plugin, location: location, value: ref, data: nil))
  }

  static func hasFunction(_ lua: Lua, _ t: Int32) -> Bool {
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
    guard lua_getinfo(lua.L, ">S", &ar) != 0, let src = ar.source, src.pointee == CChar(UInt8(ascii: "@")) else {
      return nil
    }
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

extension LuaParam where Value == String {
  /// A non-empty string, strictly (no number coerced): `kind must not be empty`.
  static func name(_ name: String) -> Self {
    .init(name, "string") { (lua, arg) throws(LuaCallError) in
      guard lua.type(arg) == LUA_TSTRING, let s = lua.string(arg) else { throw lua.typeError(arg, "string") }
      guard !s.isEmpty else { throw .argument(arg, "\(name) must not be empty") }
      return s
    }
  }

  /// A subcommand's name: not an option, a path or a host command.
  static func commandName(_ name: String) -> Self {
    let plain = Self.name(name).read
    return .init(name, "string") { (lua, arg) throws(LuaCallError) in
      let n = try plain(lua, arg)
      guard !n.hasPrefix("-"), !n.contains("/"), !n.contains(" ") else {
        throw .argument(arg, "invalid command name '\(n)'")
      }
      guard !PluginRegistry.reservedCommands.contains(n) else {
        throw .argument(arg, "command name '\(n)' is reserved by the host")
      }
      return n
    }
  }
}

extension LuaParam where Value == LuaValue {
  /// A table of plain data (no functions, userdata or cycles), copied.
  static func plainData(_ name: String) -> Self {
    .init(name, "table") { (lua, arg) throws(LuaCallError) in
      try lua.checkTable(arg)
      do { return try lua.value(arg) } catch { throw .argument(arg, "preset must be plain data (\(error))") }
    }
  }
}

extension LuaParam where Value == Int32 {
  /// A table holding at least one function (a reporter), at the returned index.
  static func tableOfFunctions(_ name: String) -> Self {
    .init(name, "table<string, function>") { (lua, arg) throws(LuaCallError) in
      try lua.checkTable(arg)
      guard PluginHostObject.hasFunction(lua, arg) else {
        throw .argument(arg, "\(name) must be a table of functions, got a table without any")
      }
      return arg
    }
  }
}
