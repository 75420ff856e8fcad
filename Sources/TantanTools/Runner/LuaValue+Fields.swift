import LuaRuntime

/// Reading the tables the runner prelude returns, converted (`LuaValue`): `r["message"].text`.
extension LuaValue {
  /// `t[key]` for a converted table; `.nil` for anything else.
  subscript(_ key: String) -> LuaValue {
    guard case .table(_, let entries) = self else { return .nil }
    return entries.first { $0.key == .string(key) }?.value ?? .nil
  }
  var items: [LuaValue] {
    guard case .table(let arr, _) = self else { return [] }
    return arr
  }
  var text: String? {
    if case .string(let s) = self { return s }
    return nil
  }
  var int: Int? {
    switch self {
    case .integer(let i): return i
    case .number(let d) where d == d.rounded() && abs(d) < 1e15: return Int(d)
    default: return nil
    }
  }
}
