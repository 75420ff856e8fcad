import LuaRuntime
import TantanLua

/// The panel's controls of one component, from its config schema's rows: a number is a slider with
/// a text box (integers step by 1), a boolean a switch, a set of quoted options a select, a string
/// a text box; a nested table of numbers (`durations`, `offset`) one control per key
/// (`durations.swipe`). Data and callbacks (source, delegate, items) have none. The value shown is
/// the panel's, else what the component reads back (`deck.threshold`), else the schema's default.
enum PlayControls {
  struct Control {
    var key: String
    var kind: String  // number, integer, boolean, option, text
    var options: [String] = []
    var doc: String
    var defaultText: String
    var nested = false
  }

  /// The controls a schema's rows give, in the schema's order.
  static func controls(_ rows: [ConfigRow]) -> [Control] {
    rows.flatMap { row -> [Control] in
      let options = quotedOptions(row.type)
      if !options.isEmpty {
        return [Control(key: row.key, kind: "option", options: options, doc: row.doc, defaultText: row.defaultValue)]
      }
      guard row.settable else { return [] }
      if row.type.hasPrefix("{") {
        return nestedKeys(row.type).compactMap { key, type in
          guard let kind = scalarKind(type) else { return nil }
          return Control(
            key: "\(row.key).\(key)", kind: kind, doc: "\(row.doc) (\(key))",
            defaultText: nestedDefault(row.defaultValue, key),
            nested: true)
        }
      }
      guard let kind = scalarKind(row.type) else { return [] }
      return [Control(key: row.key, kind: kind, doc: row.doc, defaultText: row.defaultValue)]
    }
  }

  /// `number`, `number?`, `number|fun(...)`: number; `integer`; `boolean`; `string`.
  static func scalarKind(_ type: String) -> String? {
    let first = type.split(separator: "|").first.map { String($0.filter { $0 != "?" }) } ?? ""
    switch first {
    case "number": return "number"
    case "integer": return "integer"
    case "boolean": return "boolean"
    case "string": return "text"
    default: return nil
    }
  }

  /// `"a"|"b"|string`: a, b (nil-free: only when at least two alternatives are quoted).
  static func quotedOptions(_ type: String) -> [String] {
    let parts = type.split(separator: "|").map(String.init)
    let quoted = parts.filter { $0.count >= 2 && $0.hasPrefix("\"") && $0.hasSuffix("\"") }.map {
      String($0.dropFirst().dropLast())
    }
    return quoted.count >= 2 ? quoted : []
  }

  /// `{w?: number, h?: number}`: (w, number), (h, number).
  static func nestedKeys(_ type: String) -> [(String, String)] {
    type.dropFirst().dropLast().split(separator: ",").compactMap { part in
      let kv = part.split(separator: ":", maxSplits: 1).map { trim($0, " ?") }
      return kv.count == 2 ? (kv[0], kv[1]) : nil
    }
  }

  /// `{x = 5, y = 5}`: "5" for x; "" when the default is not written that way.
  static func nestedDefault(_ text: String, _ key: String) -> String {
    for part in trim(Substring(text), "{} ").split(separator: ",") {
      let kv = part.split(separator: "=", maxSplits: 1).map { trim($0, " ") }
      if kv.count == 2, kv[0] == key { return kv[1] }
    }
    return ""
  }

  /// The schema's default as a value, where it is written as one (`120`, `"right"`, `true`).
  static func parsedDefault(_ c: Control) -> LuaValue {
    let text = c.defaultText.split(separator: " ").first.map(String.init) ?? ""
    switch c.kind {
    case "number", "integer": return Double(text).map { .number($0) } ?? .nil
    case "boolean": return text == "true" ? .bool(true) : text == "false" ? .bool(false) : .nil
    default:
      guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return .nil }
      return .string(String(text.dropFirst().dropLast()))
    }
  }

  /// The control as the page builds it: its current value and a slider range around it.
  static func json(_ c: Control, value: LuaValue, set: Bool, ranges: [String: ClosedRange<Double>]) -> JSONValue {
    var pairs: [(String, JSONValue)] = [
      ("key", .string(c.key)), ("kind", .string(c.kind)), ("doc", .string(c.doc)), ("default", .string(c.defaultText)),
      ("set", .bool(set)),
    ]
    switch value {
    case .integer(let i): pairs.append(("value", .int(i)))
    case .number(let d) where d.isFinite: pairs.append(("value", PlayArg.number(d).json))
    case .bool(let b): pairs.append(("value", .bool(b)))
    case .string(let s): pairs.append(("value", .string(s)))
    default: pairs.append(("value", .null))
    }
    if c.kind == "option" { pairs.append(("options", .array(c.options.map { .string($0) }))) }
    if c.kind == "number" || c.kind == "integer" {
      let range = ranges[c.key] ?? guessRange(value.asDouble ?? Double(c.defaultText))
      pairs.append(("min", PlayArg.number(range.lowerBound).json))
      pairs.append(("max", PlayArg.number(range.upperBound).json))
      let span = range.upperBound - range.lowerBound
      let step = c.kind == "integer" ? 1 : pow10(floor(log10(max(span, 1e-9))) - 2)
      pairs.append(("step", PlayArg.number(step).json))
    }
    return .object(pairs)
  }

  /// 0 to three times the value (or its negative mirror), at least 0 to 1.
  static func guessRange(_ v: Double?) -> ClosedRange<Double> {
    let base = max(abs(v ?? 1), 1)
    let top = niceCeiling(3 * base)
    return (v ?? 0) < 0 ? -top...top : 0...top
  }

  static func niceCeiling(_ x: Double) -> Double {
    let p = pow10(floor(log10(x)))
    for m in [1.0, 2, 2.5, 5, 10] where m * p >= x { return m * p }
    return 10 * p
  }

  static func pow10(_ e: Double) -> Double {
    var r = 1.0
    if e >= 0 { for _ in 0..<Int(e) { r *= 10 } } else { for _ in 0..<Int(-e) { r /= 10 } }
    return r
  }

  static func log10(_ x: Double) -> Double {
    var e = 0.0
    var v = x
    while v >= 10 { v /= 10; e += 1 }
    while v < 1 && v > 0 { v *= 10; e -= 1 }
    return e
  }

  static func floor(_ x: Double) -> Double { x.rounded(.down) }

  static func trim(_ s: Substring, _ chars: String) -> String {
    String(s.drop { chars.contains($0) }.reversed().drop { chars.contains($0) }.reversed())
  }
}
