import CLua
import CLuaShim

/// What `lua_pcall` and `lua_load` report, as Lua names it.
public enum LuaStatus: Int32, Sendable {
  case runtime = 2  // LUA_ERRRUN
  case syntax = 3  // LUA_ERRSYNTAX
  case memory = 4  // LUA_ERRMEM
  case handler = 5  // LUA_ERRERR: the message handler itself failed
  case file = 6  // LUA_ERRFILE (luaL_loadfile)

  init(_ status: Int32) { self = LuaStatus(rawValue: status) ?? .runtime }
}

/// An error raised by Lua code that Swift called (a script, a callback, a metamethod, a load):
/// the one error type of every call from Swift into Lua. The value is kept in the registry
/// unchanged, so re-raising it at the script's caller shows exactly what the Lua code raised.
public struct LuaError: Error {
  public let status: LuaStatus
  public let value: LuaRef

  /// Pushes the error value.
  public func push(_ lua: Lua) { value.push(lua) }

  /// The error as lua.c prints it: a string or number as it is, else `__tostring`, else
  /// `(error object is a T value)`.
  public func message(_ lua: Lua) -> String {
    push(lua)
    defer { lua.pop() }
    return lua.errorText(-1)
  }

  /// The traceback taken where the error was raised, for an error caught by `Lua.call` with the
  /// default handler (the last one only: nil once another error replaced it).
  public func traceback(_ lua: Lua) -> String? {
    push(lua)
    defer { lua.pop() }
    guard tt_push_remembered_traceback(lua.L) != 0 else { return nil }
    defer { lua.pop() }
    return lua.string(-1)
  }
}

extension Lua {
  /// The one call from Swift into Lua: calls the function below `nargs` arguments, protected.
  /// `.keep` (callbacks) leaves the error value as the Lua code raised it and remembers where it
  /// failed, so the traceback the script finally prints shows the callback's frames;
  /// `.traceback` makes it lua.c's "message + stack traceback" string. The stack is balanced
  /// either way: `nresults` values on success, nothing on failure.
  @inlinable
  public func call(_ nargs: Int32, _ nresults: Int32, _ handler: LuaHandler = .keep) throws(LuaError) {
    let status = tt_pcall(L, nargs, nresults, handler.c)
    if status != LUA_OK { throw popError(status) }
  }

  /// Pushes the handler `call` uses by default (`.keep`) and returns its index: a caller that
  /// pushes it before the function (or once for many calls) saves inserting it under each one.
  @inlinable
  public func pushCallHandler() -> Int32 {
    tt_push_keep_handler(L)
    return lua_gettop(L)
  }

  /// `call` with the `.keep` handler already at `handler` (from `pushCallHandler`). With
  /// `removingHandler` the handler was pushed just for this call, right below the function, and
  /// the stack ends as after `call`; otherwise it stays for further calls.
  @inlinable
  public func call(_ nargs: Int32, _ nresults: Int32, handlerAt handler: Int32, removingHandler: Bool) throws(LuaError)
  {
    let status = tt_pcall_at(L, nargs, nresults, handler, removingHandler ? 1 : 0)
    if status != LUA_OK { throw popError(status) }
  }

  /// `call` for code that reports the error itself instead of raising it: false with the error
  /// value on top (the same call, the same handlers).
  public func pcall(_ nargs: Int32, _ nresults: Int32, traceback: Bool = false) -> Bool {
    do throws(LuaError) {
      try call(nargs, nresults, traceback ? .traceback : .keep)
      return true
    } catch {
      error.push(self)
      return false
    }
  }

  /// Pops the error value on top into a `LuaError` with `status`.
  @inline(never)
  public func popError(_ status: Int32) -> LuaError {
    LuaError(status: LuaStatus(status), value: LuaRef(popping: self, handle: handle))
  }

  /// `t[key]` with metamethods, protected; pushes the value and returns its type.
  @discardableResult
  public func getField(_ t: Int32, _ key: String) throws(LuaError) -> Int32 {
    let st = tt_getfield(L, t, key)
    if st != LUA_OK { throw popError(st) }
    return type(-1)
  }
  /// `t[key] = v` (v on top, popped) with metamethods, protected.
  public func setField(_ t: Int32, _ key: String) throws(LuaError) {
    let st = tt_setfield(L, t, key)
    if st != LUA_OK { throw popError(st) }
  }
  /// The global `name` (through `_G`'s metatable, as `lua_getglobal`), protected; returns its type.
  @discardableResult
  public func getGlobal(_ name: String) throws(LuaError) -> Int32 {
    let st = tt_getglobal(L, name)
    if st != LUA_OK { throw popError(st) }
    return type(-1)
  }
  /// `name = v` (v on top, popped), as `lua_setglobal`, protected.
  public func setGlobal(_ name: String) throws(LuaError) {
    let st = tt_setglobal(L, name)
    if st != LUA_OK { throw popError(st) }
  }
  /// `tostring(v)` with metamethods, protected.
  public func toString(_ i: Int32) throws(LuaError) -> String {
    let st = tt_tolstring(L, i)
    if st != LUA_OK { throw popError(st) }
    defer { pop() }
    return string(-1) ?? ""
  }

  /// The state's shared handle (references made on any thread of the state use it). Unmanaged
  /// only to pass the object through C's `void *`; not a tuning site (no retain is skipped on a
  /// hot path: errors are the cold path).
  public var handle: LuaStateHandle {
    Unmanaged<LuaStateHandle>.fromOpaque(tt_owner(L)!).takeUnretainedValue()
  }

  /// The error value at `i` as lua.c prints it: a string or number as it is, else `__tostring`,
  /// else `(error object is a T value)`.
  public func errorText(_ i: Int32) -> String {
    let t = type(i)
    if t == LUA_TSTRING || t == LUA_TNUMBER { return string(i) ?? "" }
    if let s = metaString(i) { return s }
    return "(error object is a \(typeName(i)) value)"
  }

  /// The string `__tostring` of the value at `i` returns, run protected; nil without one.
  func metaString(_ i: Int32) -> String? {
    let i = absIndex(i)
    guard lua_getmetatable(L, i) != 0 else { return nil }
    let has = rawGet(-1, "__tostring") != LUA_TNIL
    pop(2)
    guard has, let s = try? toString(i) else { return nil }
    return s
  }
}

/// The message handler of `Lua.call`.
public enum LuaHandler: Sendable {
  case keep, traceback, none
  @inlinable var c: tt_Handler {
    switch self {
    case .keep: return TT_HANDLER_KEEP
    case .traceback: return TT_HANDLER_TRACEBACK
    case .none: return TT_HANDLER_NONE
    }
  }
}
