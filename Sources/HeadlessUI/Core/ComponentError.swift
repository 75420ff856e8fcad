/// Errors a model raises on bad input or a call in the wrong state. The Lua binding turns them into
/// Lua errors at the caller's position, e.g. `bad argument #1 to 'swipe' (direction expected, got 'sideways')`.
public enum ComponentError: Error, Equatable, CustomStringConvertible {
  /// Argument `position` (1-based, not counting `self`) of `function` is unacceptable.
  case badArgument(position: Int, function: String, message: String)
  /// The call is not allowed in the component's current state ("no drag in progress").
  case wrongState(function: String, message: String)
  /// A data source answered something unusable (a negative count, a count that disagrees with items).
  case badDataSource(message: String)

  /// The message without the function (`duplicate item id 3`).
  public var message: String {
    switch self {
    case .badArgument(_, _, let msg), .wrongState(_, let msg), .badDataSource(let msg): return msg
    }
  }

  public var description: String {
    switch self {
    case .badArgument(let n, let fn, let msg): return "bad argument #\(n) to '\(fn)' (\(msg))"
    case .wrongState(let fn, let msg): return "\(fn): \(msg)"
    case .badDataSource(let msg): return msg
    }
  }
}
