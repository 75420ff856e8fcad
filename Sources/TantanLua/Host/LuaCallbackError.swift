import HeadlessUI
import LuaRuntime

/// A Lua error raised inside a callback the host called (data source, delegate, timer): the error
/// value is kept unchanged so the script's caller sees exactly what the callback raised.
public struct LuaCallbackError: Error {
  public let value: LuaRef
}

extension Lua {
  /// Turns any error from a model or callback into what the trampoline raises at the caller.
  public func convert(_ error: any Error) -> LuaCallError {
    switch error {
    case let e as LuaCallError: return e
    case let e as LuaCallbackError:
      e.value.push(self)
      return .value
    case let e as ComponentError:
      switch e {
      case .badArgument(let pos, _, let msg): return .argument(Int32(pos) + 1, msg)  // +1: self
      default: return .message(e.description)
      }
    default:
      return .message(String(describing: error))
    }
  }
}
