import LuaRuntime

/// A config key's default as a value: what the reference prints (`text`) and what
/// ConfigDefaultsTests holds against the model's real default (`value(preset:)`, read back through
/// the component's fields). Defaults that are computed from other keys (`80r`, "the container's
/// size") or are tables are `described`: printed as written, not checked.
enum ConfigDefault: Sendable, Equatable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByBooleanLiteral
{
  case integer(Int)
  case number(Double)
  case boolean(Bool)
  case string(String)
  /// nil: absent, or off.
  case absent
  /// The key must be given.
  case required
  /// A default that differs per built-in preset: `.perPreset(5, ["tinder": 3])`.
  indirect case perPreset(ConfigDefault, [String: ConfigDefault])
  /// A computed or table default, shown as written and not checked.
  case described(String)

  init(integerLiteral v: Int) { self = .integer(v) }
  init(floatLiteral v: Double) { self = .number(v) }
  init(booleanLiteral v: Bool) { self = .boolean(v) }

  /// As the reference shows it: `300`, `0.93`, `"half_cell"`, `nil`, `5 (tinder 3)`.
  var text: String {
    switch self {
    case .integer(let i): return String(i)
    case .number(let d): return "\(d)"
    case .boolean(let b): return b ? "true" : "false"
    case .string(let s): return "\"\(s)\""
    case .absent: return "nil"
    case .required: return "required"
    case .perPreset(let base, let others):
      return base.text + " ("
        + others.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.text)" }
        .joined(separator: ", ") + ")"
    case .described(let s): return s
    }
  }

  /// The value a component made with `preset` (nil: the default one) shows, as a Lua value; nil
  /// when this default is not a value (`required`, `described`).
  func value(preset: String? = nil) -> LuaValue? {
    switch self {
    case .integer(let i): return .integer(i)
    case .number(let d): return .number(d)
    case .boolean(let b): return .bool(b)
    case .string(let s): return .string(s)
    case .absent: return .nil
    case .required, .described: return nil
    case .perPreset(let base, let others): return (preset.flatMap { others[$0] } ?? base).value()
    }
  }
}
