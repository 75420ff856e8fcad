import CLuaShim

/// How a Swift function called from Lua fails. It never raises itself: the C trampoline raises
/// after the Swift frame has returned (a long jump through Swift frames is undefined behaviour).
public enum LuaCallError: Error {
  /// `bad argument #n to 'name' (message)`, position and name filled in by `luaL_argerror`.
  case argument(Int32, String)
  /// A message prefixed with the caller's `file:line:`.
  case message(String)
  /// An error raised by Lua code the host called (a callback), passed on unchanged.
  case lua(LuaError)

  /// Pushes what the trampoline needs and returns its sentinel.
  func raise(_ L: OpaquePointer) -> Int32 {
    switch self {
    case .argument(let arg, let msg):
      lua_pushinteger(L, lua_Integer(arg))
      lua_pushstring(L, msg)
      return TT_RAISE_ARG
    case .message(let msg):
      lua_pushstring(L, msg)
      return TT_RAISE_WHERE
    case .lua(let e):
      e.push(Lua(L))
      return TT_RAISE_VALUE
    }
  }
}
