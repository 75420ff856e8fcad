#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lua-style argument checks shared by the model and its binding, so messages read like `lauxlib`'s.
public enum SwipeDeckArguments {
  /// `direction expected, got 'sideways'`.
  public static func direction(_ text: String, position: Int, function: String) throws -> SwipeDirection {
    guard let d = SwipeDirection(rawValue: text) else {
      throw ComponentError.badArgument(
        position: position, function: function, message: "direction expected, got '\(text)'")
    }
    return d
  }

  /// A finite number: `number expected, got nan` (infinities are refused too: a card cannot move to inf).
  @inlinable @discardableResult
  public static func finite(_ value: Double, position: Int, function: String) throws -> Double {
    guard value.isFinite else { throw notFinite(value, position: position, function: function) }
    return value
  }

  /// An integer given as a number: `number has no integer representation` for 2.5, as `luaL_checkinteger`.
  public static func integer(_ value: Double, position: Int, function: String) throws -> Int {
    guard value.isFinite else { throw notFinite(value, position: position, function: function) }
    guard value == value.rounded(), abs(value) < 9.2e18 else {
      throw ComponentError.badArgument(
        position: position, function: function, message: "number has no integer representation")
    }
    return Int(value)
  }

  /// A data source's count given as a number (the binding may receive a float, NaN or a negative).
  public static func count(_ value: Double) throws -> Int {
    guard value.isFinite, value == value.rounded() else {
      throw ComponentError.badDataSource(message: "source.count must return an integer, got \(format(value))")
    }
    guard value >= 0, value <= Double(SwipeDeckLimits.maxCount) else {
      throw ComponentError.badDataSource(
        message: "source.count returned \(format(value)) (expected 0..\(SwipeDeckLimits.maxCount))")
    }
    return Int(value)
  }

  @usableFromInline
  static func notFinite(_ value: Double, position: Int, function: String) -> ComponentError {
    .badArgument(position: position, function: function, message: "number expected, got \(format(value))")
  }

  /// A float as Lua 5.4's `tostring` prints it (`%.14g`, plus `.0` when it looks integral): `0.5`, `1.0`.
  public static func luaFloat(_ value: Double) -> String {
    if value.isNaN { return value.sign == .minus ? "-nan" : "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    var buffer = [CChar](repeating: 0, count: 32)
    let n = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.14g", $0) }
    let text = String(decoding: buffer[0..<Int(max(0, min(n, 31)))].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text.contains(where: { $0 == "." || $0 == "e" || $0 == "n" || $0 == "i" }) ? text : text + ".0"
  }

  /// Numbers printed like Lua prints them where it matters: `nan`, `inf`, `-inf`, `120`, `0.5`.
  public static func format(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }
}

/// Bounds that keep a hostile or buggy data source from exhausting the host.
public enum SwipeDeckLimits {
  /// Largest accepted item count: 2^53, every index stays exact as a Lua float too.
  public static let maxCount = 1 << 53
  /// Largest accepted `visible`: memory is proportional to it.
  public static let maxVisible = 1000
  /// Largest accepted `pan` steps.
  public static let maxSteps = 100_000
  /// Queued operations (swipes, undos) one call may run: a callback that queues another one each
  /// time (`should_swipe` calling `deck:swipe`) is an error after this many, not a hang.
  public static let maxQueuedOperations = 10_000
}
