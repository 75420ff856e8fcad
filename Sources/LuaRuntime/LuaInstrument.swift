import CLua
import CLuaShim

/// Generic access for tools that observe a state from outside the bindings (the trace recorder):
/// wrapping a Swift-backed Lua function so the wrapper runs in the same C frame (argument errors,
/// `file:line` prefixes and tracebacks stay exactly what the unwrapped function gives), and reading
/// the object behind a `LuaClass` userdata without knowing its class. Nothing here runs unless a
/// tool installs it: an uninstrumented state pays nothing.
extension Lua {
  /// The trampoline every `push(function:)` closure runs (the same C function for all of them).
  private var trampoline: lua_CFunction? {
    push(function: { _ in 0 })
    defer { pop() }
    return lua_tocfunction(L, -1)
  }

  /// The body of the Swift function at `i` and its extra upvalue count, or nil for anything else.
  public func swiftFunction(at i: Int32) -> (body: LuaSwiftFunction, upvalues: Int32)? {
    let i = absIndex(i)
    guard type(i) == LUA_TFUNCTION, let f = lua_tocfunction(L, i), let t = trampoline,
      unsafeBitCast(f, to: UnsafeRawPointer.self) == unsafeBitCast(t, to: UnsafeRawPointer.self)
    else { return nil }
    guard let box = swiftBox(i) else { return nil }
    var n: Int32 = 0
    while lua_getupvalue(L, i, n + 2) != nil {
      pop()
      n += 1
    }
    return (Unmanaged<FunctionBox>.fromOpaque(box).takeUnretainedValue().body, n)
  }

  /// The `FunctionBox` pointer held by the `tantan.SwiftBox` first upvalue of the C closure at `i`.
  private func swiftBox(_ i: Int32) -> UnsafeMutableRawPointer? {
    guard lua_tocfunction(L, i) != nil, lua_getupvalue(L, i, 1) != nil else { return nil }
    defer { pop() }
    return luaL_testudata(L, -1, "tantan.SwiftBox")?.load(as: UnsafeMutableRawPointer?.self)
  }

  /// Pushes a function running `wrap(body)` where `body` is the Swift function at `i`, with the
  /// same extra upvalues; returns false (pushing nothing) when `i` is not a Swift function.
  public func pushWrapped(_ i: Int32, _ wrap: (@escaping LuaSwiftFunction) -> LuaSwiftFunction) -> Bool {
    let i = absIndex(i)
    guard let (body, n) = swiftFunction(at: i) else { return false }
    for k in 0..<n { _ = lua_getupvalue(L, i, k + 2) }
    push(function: wrap(body), upvalues: n)
    return true
  }

  /// The object behind the `LuaClass` userdata at `i` (nil for other values and closed objects).
  /// A `LuaClass` userdata holds one retained pointer and its metatable has a Swift `__gc`.
  public func classObject(at i: Int32) -> AnyObject? {
    let i = absIndex(i)
    guard type(i) == LUA_TUSERDATA, lua_rawlen(L, i) == MemoryLayout<UnsafeMutableRawPointer?>.size,
      lua_getmetatable(L, i) != 0
    else { return nil }
    defer { pop() }
    rawGet(-1, "__gc")
    defer { pop() }
    guard swiftBox(absIndex(-1)) != nil, let block = lua_touserdata(L, i),
      let p = block.load(as: UnsafeMutableRawPointer?.self)
    else { return nil }
    return Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue()
  }

  /// Pushes the methods table of the `LuaClass` metatable at `mt` (the second upvalue of its
  /// `__index`) and returns true; pushes nothing and returns false for other metatables.
  public func pushClassMethods(metatable mt: Int32) -> Bool {
    let mt = absIndex(mt)
    guard rawGet(mt, "__index") == LUA_TFUNCTION, lua_getupvalue(L, -1, 2) != nil else {
      pop()
      return false
    }
    lua_rotate(L, -2, 1)
    pop()
    if type(-1) == LUA_TTABLE { return true }
    pop()
    return false
  }

  /// Where the function that called the running C function is: `luaL_where(L, 1)` as parts.
  /// `source` is the chunk name (`@path` for files); nil when the caller is not Lua code.
  public func callerPosition(level: Int32 = 1) -> (source: String, line: Int)? {
    var ar = lua_Debug()
    guard lua_getstack(L, level, &ar) != 0, lua_getinfo(L, "Sl", &ar) != 0, ar.currentline > 0, let src = ar.source
    else { return nil }
    return (String(cString: src), Int(ar.currentline))
  }
}
