import CLua
import LuaRuntime

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
    lua_getfield(lua.L, Lua.registryIndex, LUA_LOADED_TABLE)
    guard lua.rawGet(-1, "tantan") == LUA_TTABLE else { return }
    let module = lua.top
    var functions: [String] = []
    var objects: [String] = []
    lua.pushNil()
    while lua_next(lua.L, module) != 0 {
      if lua.type(-2) == LUA_TSTRING, let key = lua.string(-2) {
        if lua.swiftFunction(at: -1) != nil { functions.append(key) }
        if lua.classObject(at: -1) != nil { objects.append(key) }
      }
      lua.pop()
    }
    for name in functions.sorted() {
      lua.rawGet(module, name)
      if lua.pushWrapped(-1, { body in constructor(name, body, recorder, instrumented) }) { lua.rawSet(module, name) }
      lua.pop()
    }
    for name in objects.sorted() {  // tantan.clock
      lua.rawGet(module, name)
      instrumentClass(lua, -1, kind: name, recorder, instrumented)
      lua.pop()
    }
  }

  /// Metatables whose methods are already wrapped (by address; they live as long as the state).
  final class Instrumented {
    var metatables: Set<UnsafeRawPointer> = []
  }

  /// `tantan.NAME(...)`: a step when it returns a new component, fires events or fails; host
  /// objects it returns get their class instrumented and drawable ones are registered.
  static func constructor(
    _ name: String, _ body: @escaping LuaSwiftFunction, _ recorder: TraceRecorder, _ done: Instrumented
  ) -> LuaSwiftFunction {
    return { [unowned recorder] (lua: Lua) throws(LuaCallError) -> Int32 in
      var created = false
      return try recorder.call(
        lua, kind: .create, query: true, title: { TraceCallText.function("tantan." + name, lua) }, body: body,
        after: { lua, n in
          for k in 0..<n {
            let i = lua.top - n + 1 + k
            guard lua.classObject(at: i) != nil else { continue }
            instrumentClass(lua, i, kind: name, recorder, done)
            if recorder.register(lua, i, kind: name) != nil { created = true }
          }
          if created { recorder.markKept() }
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
              return TraceCallText.method(receiver, name, lua)
            }, body: body)
        }
      }
      if wrapped { lua.rawSet(methods, name) }
      lua.pop()
    }
  }
}
