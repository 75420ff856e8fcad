import LuaRuntime

/// A model's typed error that its binding words for Lua (in the binding's one error-message file),
/// also when it reaches Lua outside the component's own methods (a timer inside `clock:advance`).
protocol LuaWordedError: Error {
  func luaCallError(_ lua: Lua) -> LuaCallError
}

extension Lua {
  /// Turns any error from a model or callback into what the trampoline raises at the caller: a
  /// callback's `LuaError` passes on unchanged (with the traceback taken where it failed).
  func convert(_ error: any Error) -> LuaCallError {
    switch error {
    case let e as LuaCallError: return e
    case let e as LuaError: return .lua(e)
    case let e as any LuaWordedError: return e.luaCallError(self)
    default:
      return .message(String(describing: error))
    }
  }
}
