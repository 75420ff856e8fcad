import CLua
import LuaRuntime
import TantanLua

/// Puts a `TraceRecorder` between a script and the host: every Swift function of the `tantan`
/// table (constructors, `tantan.after`, plugin functions) and every method of every host class
/// they return (and of `tantan.clock`) is replaced by a wrapper that runs the original body in
/// the same C frame, so error messages and positions do not change. Installed only when tracing,
/// so an untraced state runs the original functions with no extra cost.
enum TraceInstaller {
  static func install(_ host: TantanHost, _ recorder: TraceRecorder) {
    let lua = host.lua
    let top = lua.top
    defer { lua.setTop(top) }
    let instrumented = Instrumented()
    lua.rawGet(Lua.registryIndex, LUA_LOADED_TABLE)
    guard lua.rawGet(-1, "tantan") == LUA_TTABLE else { return }
    wrapTable(lua, lua.top, prefix: "tantan.", recorder, instrumented, nested: true)
  }

  /// Wraps the Swift functions of the table at `t` (and, when `nested`, of its sub-tables) and
  /// instruments the classes of the host objects it holds (`tantan.clock`).
  static func wrapTable(
    _ lua: Lua, _ t: Int32, prefix: String, _ recorder: TraceRecorder, _ done: Instrumented, nested: Bool
  ) {
    var functions: [String] = []
    var objects: [String] = []
    var tables: [String] = []
    lua.pushNil()
    while lua_next(lua.L, t) != 0 {
      if lua.type(-2) == LUA_TSTRING, let key = lua.string(-2) {
        if lua.swiftFunction(at: -1) != nil { functions.append(key) }
        if lua.classObject(at: -1) != nil { objects.append(key) }
        if nested && lua.type(-1) == LUA_TTABLE { tables.append(key) }
      }
      lua.pop()
    }
    for name in functions.sorted() {
      lua.rawGet(t, name)
      if lua.pushWrapped(-1, { body in constructor(prefix + name, body, recorder, done) }) { lua.rawSet(t, name) }
      lua.pop()
    }
    for name in objects.sorted() {
      lua.rawGet(t, name)
      instrumentClass(lua, -1, kind: name, recorder, done)
      lua.pop()
    }
    for name in tables.sorted() {
      lua.rawGet(t, name)
      wrapTable(lua, lua.top, prefix: prefix + name + ".", recorder, done, nested: false)
      lua.pop()
    }
  }

  /// Metatables whose methods are already wrapped (by address; they live as long as the state).
  final class Instrumented {
    var metatables: Set<UnsafeRawPointer> = []
  }

  /// `tantan.NAME(...)`: a step when it returns a new component, fires events, moves the clock
  /// or fails; host objects it returns get their class instrumented and drawable ones are
  /// registered (as `kind`: the function's last name, `deck` for `tantan.deck`).
  static func constructor(
    _ name: String, _ body: @escaping LuaSwiftFunction, _ recorder: TraceRecorder, _ done: Instrumented
  ) -> LuaSwiftFunction {
    return { [unowned recorder] (lua: Lua) throws(LuaCallError) -> Int32 in
      var created = false
      let kind = String(name.split(separator: ".").last ?? "")
      return try recorder.call(
        lua, kind: .call, query: true, title: { TraceCallText.function(name, lua, recorder.label) }, body: body,
        after: { lua, n in
          for k in 0..<n {
            let i = lua.top - n + 1 + k
            guard lua.classObject(at: i) != nil else { continue }
            instrumentClass(lua, i, kind: kind, recorder, done)
            if recorder.register(lua, i, kind: kind) != nil { created = true }
          }
          if created { recorder.markCreated() }
        })
    }
  }

  /// How an unregistered receiver is named: the constructor's name when the class name ends with
  /// it (`tantan.SwipeDeck` made by `tantan.deck`: "deck"), else the class's own short name
  /// (`tantan.Timer` made by `tantan.after`: "timer").
  static func label(className: String, constructor: String) -> String {
    let short = String(className.split(separator: ".").last ?? Substring(className)).lowercased()
    return short.hasSuffix(constructor.lowercased()) ? constructor : short
  }

  /// Wraps the methods of the class of the host object at `i` (once per metatable). The
  /// receiver's label names the call: `deck:swipe("left")`, `clock:advance(0.5)`.
  static func instrumentClass(
    _ lua: Lua, _ i: Int32, kind: String, _ recorder: TraceRecorder, _ done: Instrumented
  ) {
    let i = lua.absIndex(i)
    let top = lua.top
    defer { lua.setTop(top) }
    guard lua_getmetatable(lua.L, i) != 0, let mt = lua_topointer(lua.L, -1), !done.metatables.contains(mt),
      lua.pushClassMethods(metatable: -1)
    else { return }
    done.metatables.insert(mt)
    let methods = lua.top
    let kind = label(className: lua.typeName(i), constructor: kind)
    var names: [String] = []
    lua.pushNil()
    while lua_next(lua.L, methods) != 0 {
      if lua.type(-2) == LUA_TSTRING, let key = lua.string(-2), lua.swiftFunction(at: -1) != nil { names.append(key) }
      lua.pop()
    }
    let stepKind: TraceStep.Kind = kind == "clock" ? .clock : .call
    for name in names.sorted() {
      lua.rawGet(methods, name)
      let query = TraceRecorder.queries.contains(name)
      let wrapped = lua.pushWrapped(-1) { body in
        { [unowned recorder] (lua: Lua) throws(LuaCallError) -> Int32 in
          try recorder.call(
            lua, kind: stepKind, query: query,
            title: {
              let receiver = lua.classObject(at: 1).flatMap { recorder.label(of: $0) } ?? kind
              return TraceCallText.method(receiver, name, lua, recorder.label)
            }, body: body)
        }
      }
      if wrapped { lua.rawSet(methods, name) }
      lua.pop()
    }
  }
}
