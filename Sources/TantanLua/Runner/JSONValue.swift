/// A small JSON value with an encoder that keeps key order (so reports are byte-stable) and a
/// strict parser (for `merge-reports`). No Foundation in `Sources/`.
enum JSONValue: Equatable {
  case null
  case bool(Bool)
  case int(Int)
  /// A number already formatted (e.g. "0.012"), written as is.
  case decimal(String)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  static func == (a: JSONValue, b: JSONValue) -> Bool { a.encoded() == b.encoded() }

  subscript(_ key: String) -> JSONValue {
    if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 ?? .null }
    return .null
  }
  var string: String? {
    if case .string(let s) = self { return s }
    return nil
  }
  var int: Int? {
    switch self {
    case .int(let i): return i
    case .decimal(let d): return Int(d)
    default: return nil
    }
  }
  var double: Double? {
    switch self {
    case .int(let i): return Double(i)
    case .decimal(let d): return Double(d)
    default: return nil
    }
  }
  var bool: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }
  var array: [JSONValue] {
    if case .array(let a) = self { return a }
    return []
  }

  static func optional(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
  static func optional(_ i: Int?) -> JSONValue { i.map { .int($0) } ?? .null }

  /// A JSON string literal; also a valid YAML double-quoted scalar (controls, DEL and C1 escaped).
  static func quote(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if u.value < 0x20 || (u.value >= 0x7F && u.value <= 0x9F) {
          let hex = String(u.value, radix: 16, uppercase: true)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(u)
        }
      }
    }
    return out + "\""
  }

  /// Pretty-printed with two-space indents, keys in the given order.
  func encoded(indent: Int = 0) -> String {
    let pad = String(repeating: "  ", count: indent + 1)
    let end = String(repeating: "  ", count: indent)
    switch self {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .int(let i): return String(i)
    case .decimal(let d): return d
    case .string(let s): return Self.quote(s)
    case .array(let items):
      if items.isEmpty { return "[]" }
      return "[\n" + items.map { pad + $0.encoded(indent: indent + 1) }.joined(separator: ",\n") + "\n" + end + "]"
    case .object(let pairs):
      if pairs.isEmpty { return "{}" }
      return "{\n"
        + pairs.map { pad + Self.quote($0.0) + ": " + $0.1.encoded(indent: indent + 1) }.joined(separator: ",\n")
        + "\n" + end + "}"
    }
  }

  struct ParseError: Error, CustomStringConvertible {
    let description: String
  }

  static func parse(_ text: String) throws(ParseError) -> JSONValue {
    var p = Parser(bytes: Array(text.utf8))
    p.skipSpace()
    let v = try p.value(depth: 0)
    p.skipSpace()
    guard p.i == p.bytes.count else { throw p.error("trailing characters") }
    return v
  }

  private struct Parser {
    let bytes: [UInt8]
    var i = 0

    func error(_ m: String) -> ParseError { ParseError(description: "invalid JSON at byte \(i): \(m)") }

    mutating func skipSpace() {
      while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    mutating func literal(_ word: String, _ v: JSONValue) throws(ParseError) -> JSONValue {
      let w = Array(word.utf8)
      guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else {
        throw error("unexpected character")
      }
      i += w.count
      return v
    }

    mutating func value(depth: Int) throws(ParseError) -> JSONValue {
      guard depth < 500 else { throw error("nested too deeply") }
      guard i < bytes.count else { throw error("unexpected end") }
      switch bytes[i] {
      case UInt8(ascii: "n"): return try literal("null", .null)
      case UInt8(ascii: "t"): return try literal("true", .bool(true))
      case UInt8(ascii: "f"): return try literal("false", .bool(false))
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "["):
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
          i += 1
          return .array(items)
        }
        while true {
          skipSpace()
          items.append(try value(depth: depth + 1))
          skipSpace()
          guard i < bytes.count else { throw error("unexpected end in array") }
          if bytes[i] == UInt8(ascii: ",") {
            i += 1
            continue
          }
          if bytes[i] == UInt8(ascii: "]") {
            i += 1
            return .array(items)
          }
          throw error("',' or ']' expected")
        }
      case UInt8(ascii: "{"):
        i += 1
        var pairs: [(String, JSONValue)] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
          i += 1
          return .object(pairs)
        }
        while true {
          skipSpace()
          guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("key expected") }
          let key = try string()
          skipSpace()
          guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("':' expected") }
          i += 1
          skipSpace()
          pairs.append((key, try value(depth: depth + 1)))
          skipSpace()
          guard i < bytes.count else { throw error("unexpected end in object") }
          if bytes[i] == UInt8(ascii: ",") {
            i += 1
            continue
          }
          if bytes[i] == UInt8(ascii: "}") {
            i += 1
            return .object(pairs)
          }
          throw error("',' or '}' expected")
        }
      default:
        let start = i
        while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
        let s = String(decoding: bytes[start..<i], as: UTF8.self)
        if let n = Int(s) { return .int(n) }
        guard !s.isEmpty, Double(s) != nil else { throw error("unexpected character") }
        return .decimal(s)
      }
    }

    mutating func hex4() throws(ParseError) -> UInt32 {
      guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else {
        throw error("bad \\u escape")
      }
      i += 4
      return v
    }

    mutating func string() throws(ParseError) -> String {
      i += 1  // opening quote
      var out: [UInt8] = []
      while true {
        guard i < bytes.count else { throw error("unterminated string") }
        let b = bytes[i]
        i += 1
        if b == UInt8(ascii: "\"") { break }
        if b < 0x20 { throw error("control character in string") }
        if b != UInt8(ascii: "\\") {
          out.append(b)
          continue
        }
        guard i < bytes.count else { throw error("unterminated escape") }
        let e = bytes[i]
        i += 1
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "u"):
          var v = try hex4()
          if v >= 0xD800 && v < 0xDC00, i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
            bytes[i + 1] == UInt8(ascii: "u")
          {
            i += 2
            let lo = try hex4()
            v = 0x10000 + ((v - 0xD800) << 10) + (lo &- 0xDC00)
          }
          out.append(contentsOf: Array(String(Unicode.Scalar(v).map(Character.init) ?? "\u{FFFD}").utf8))
        default: throw error("bad escape")
        }
      }
      return String(decoding: out, as: UTF8.self)
    }
  }
}
