import CLua
import CLuaShim

/// A borrowed view of a `lua_State` for binding code: stack access that never raises.
/// Argument checks mirror `luaL_check*` but throw `LuaCallError` instead of long-jumping.
public struct Lua {
  public let L: OpaquePointer

  @inlinable public init(_ L: OpaquePointer) { self.L = L }

  /// A constant (no lazy static initialiser on the hot paths that read the registry).
  @inlinable public static var registryIndex: Int32 { @inline(__always) get { Int32(TT_REGISTRYINDEX) } }
  /// `lua_upvalueindex(i + 1)`: a Swift function's own upvalues start after its box.
  @inlinable @inline(__always) public static func upvalue(_ i: Int32) -> Int32 { registryIndex - (i + 1) }

  @inlinable public var top: Int32 { lua_gettop(L) }
  @inlinable public func setTop(_ n: Int32) { lua_settop(L, n) }
  @inlinable public func pop(_ n: Int32 = 1) { lua_settop(L, -n - 1) }
  @inlinable public func type(_ i: Int32) -> Int32 { lua_type(L, i) }
  @inlinable public func isNoneOrNil(_ i: Int32) -> Bool { lua_type(L, i) <= LUA_TNIL }
  @inlinable public func absIndex(_ i: Int32) -> Int32 { lua_absindex(L, i) }

  // MARK: push
  @inlinable public func pushNil() { lua_pushnil(L) }
  @inlinable public func push(_ b: Bool) { lua_pushboolean(L, b ? 1 : 0) }
  @inlinable public func push(_ i: Int) { lua_pushinteger(L, lua_Integer(i)) }
  @inlinable public func push(_ d: Double) { lua_pushnumber(L, d) }
  public func push(_ s: String) {
    var s = s
    s.withUTF8 { buf in
      _ = lua_pushlstring(
        L, buf.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, buf.count)
    }
  }
  public func push(_ s: String?) { if let s { push(s) } else { pushNil() } }
  public func push(_ i: Int?) { if let i { push(i) } else { pushNil() } }
  @inlinable public func pushValue(_ i: Int32) { lua_pushvalue(L, i) }
  @inlinable public func newTable(narr: Int32 = 0, nrec: Int32 = 0) { lua_createtable(L, narr, nrec) }
  /// `t[key] = top`, raw; `t` must be a table the host created or validated.
  public func rawSet(_ t: Int32, _ key: String) {
    let t = absIndex(t)
    push(key); lua_rotate(L, -2, 1); lua_rawset(L, t)
  }
  @inlinable public func rawSet(_ t: Int32, index: Int) { lua_rawseti(L, t, lua_Integer(index)) }
  /// Pushes `t[key]` without metamethods and returns its type.
  @discardableResult public func rawGet(_ t: Int32, _ key: String) -> Int32 {
    let t = absIndex(t)
    push(key)
    return lua_rawget(L, t)
  }
  @discardableResult @inlinable public func rawGet(_ t: Int32, index: Int) -> Int32 {
    lua_rawgeti(L, t, lua_Integer(index))
  }
  public func rawLength(_ t: Int32) -> Int { Int(lua_rawlen(L, t)) }

  // MARK: read (never raise; strings only from strings and numbers)
  public func string(_ i: Int32) -> String? {
    let t = lua_type(L, i)
    guard t == LUA_TSTRING || t == LUA_TNUMBER else { return nil }
    if t == LUA_TNUMBER {  // convert a copy so the stack value keeps its type (lua_next safety)
      lua_pushvalue(L, i)
      defer { pop() }
      return rawString(-1)
    }
    return rawString(i)
  }
  private func rawString(_ i: Int32) -> String? {
    var len = 0
    guard let p = tt_tostring(L, i, &len) else { return nil }
    return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
  }
  public func number(_ i: Int32) -> Double? {
    guard lua_type(L, i) == LUA_TNUMBER else { return nil }
    return lua_tonumberx(L, i, nil)
  }
  public func integer(_ i: Int32) -> Int? {
    var ok: Int32 = 0
    let v = lua_tointegerx(L, i, &ok)
    return ok != 0 && lua_type(L, i) == LUA_TNUMBER ? Int(v) : nil
  }
  public func bool(_ i: Int32) -> Bool { lua_toboolean(L, i) != 0 }

  /// `luaL_typename` honouring `__name`, as Lua's own type errors print it.
  public func typeName(_ i: Int32) -> String { String(cString: tt_typename_at(L, i)) }

  // MARK: argument checks (messages match lauxlib's)
  public func typeError(_ arg: Int32, _ expected: String) -> LuaCallError {
    let got = lua_type(L, arg) == LUA_TNONE ? "no value" : typeName(arg)
    return .argument(arg, "\(expected) expected, got \(got)")
  }
  public func checkNumber(_ arg: Int32) throws(LuaCallError) -> Double {
    guard let d = number(arg) else { throw typeError(arg, "number") }
    return d
  }
  /// A finite number (NaN and infinities are rejected with a readable message).
  public func checkFinite(_ arg: Int32) throws(LuaCallError) -> Double {
    let d = try checkNumber(arg)
    guard d.isFinite else { throw .argument(arg, "finite number expected, got \(formatNumber(d))") }
    return d
  }
  /// A duration or distance: finite and >= 0; the message shows the value as the script wrote it.
  public func checkNonNegative(_ arg: Int32) throws(LuaCallError) -> Double {
    let d = try checkNumber(arg)
    guard d.isFinite, d >= 0 else {
      throw .argument(arg, "non-negative finite number expected, got \(string(arg) ?? "?")")
    }
    return d
  }
  public func checkInteger(_ arg: Int32) throws(LuaCallError) -> Int {
    if let i = integer(arg) { return i }
    if lua_type(L, arg) == LUA_TNUMBER { throw .argument(arg, "number has no integer representation") }
    throw typeError(arg, "number")
  }
  public func optInteger(_ arg: Int32, _ def: Int) throws(LuaCallError) -> Int {
    isNoneOrNil(arg) ? def : try checkInteger(arg)
  }
  public func checkString(_ arg: Int32) throws(LuaCallError) -> String {
    guard let s = string(arg) else { throw typeError(arg, "string") }
    return s
  }
  public func checkTable(_ arg: Int32) throws(LuaCallError) {
    guard lua_type(L, arg) == LUA_TTABLE else { throw typeError(arg, "table") }
  }
  public func checkFunction(_ arg: Int32) throws(LuaCallError) {
    guard lua_type(L, arg) == LUA_TFUNCTION else { throw typeError(arg, "function") }
  }
  public func checkOption(_ arg: Int32, _ options: [String], def: String? = nil) throws(LuaCallError) -> String {
    if let def, isNoneOrNil(arg) { return def }
    let s = try checkString(arg)
    guard options.contains(s) else { throw .argument(arg, "invalid option '\(s)'") }
    return s
  }

  /// Lua's `%.14g` rendering, with `nan`, `inf` and `-inf` spelled as Lua prints them.
  public func formatNumber(_ d: Double) -> String {
    lua_pushnumber(L, d)
    defer { pop() }
    return string(-1) ?? "\(d)"
  }

  /// `tostring(v)` with metamethods, protected; falls back to the type name.
  public func toDisplayString(_ i: Int32) -> String {
    (try? toString(i)) ?? "(\(typeName(i)))"
  }
}

extension Lua {
  /// A Swift `Double` from a model's error as messages show it: integral values below 1e15 without
  /// a fraction (`-3`, `1899`), others as the shortest decimal that reads back exactly (`-9.25`,
  /// `1000000000.0166571`, `1e+300`), and `nan`, `inf`, `-inf`. Not Lua's `%.14g`: that would round
  /// the long decimals the existing messages show (moved here from HeadlessUI's `luaNumber`).
  public static func formatExact(_ d: Double) -> String {
    if d.isNaN { return "nan" }
    if d.isInfinite { return d < 0 ? "-inf" : "inf" }
    if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
    return String(d)
  }
}
