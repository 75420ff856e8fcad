/// A small JSON value with an encoder that keeps key order (so reports are byte-stable) and a
/// strict parser (for `merge-reports`). No Foundation in `Sources/`.
package enum JSONValue: Equatable {
  case null
  case bool(Bool)
  case int(Int)
  /// A number already formatted (e.g. "0.012"), written as is.
  case decimal(String)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  package static func == (a: JSONValue, b: JSONValue) -> Bool { a.encoded() == b.encoded() }

  package subscript(_ key: String) -> JSONValue {
    if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 ?? .null }
    return .null
  }
  package var string: String? {
    if case .string(let s) = self { return s }
    return nil
  }
  package var int: Int? {
    switch self {
    case .int(let i): return i
    case .decimal(let d): return Int(d)
    default: return nil
    }
  }
  package var double: Double? {
    switch self {
    case .int(let i): return Double(i)
    case .decimal(let d): return Double(d)
    default: return nil
    }
  }
  package var bool: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }
  package var array: [JSONValue] {
    if case .array(let a) = self { return a }
    return []
  }

  package static func optional(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
  package static func optional(_ i: Int?) -> JSONValue { i.map { .int($0) } ?? .null }

  /// A JSON string literal; also a valid YAML double-quoted scalar (controls, DEL and C1 escaped).
  package static func quote(_ s: String) -> String {
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
  package func encoded(indent: Int = 0) -> String {
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

  /// On one line, no spaces (the playground's messages).
  package func compact() -> String {
    switch self {
    case .array(let items): return "[" + items.map { $0.compact() }.joined(separator: ",") + "]"
    case .object(let pairs):
      return "{" + pairs.map { Self.quote($0.0) + ":" + $0.1.compact() }.joined(separator: ",") + "}"
    default: return encoded()
    }
  }

  package struct ParseError: Error, CustomStringConvertible {
    package let description: String
  }

  /// Strict RFC 8259, through the same reader as `tantan.json.decode`.
  package static func parse(_ text: String) throws(ParseError) -> JSONValue {
    let bytes = Array(text.utf8)
    let parsed = bytes.withUnsafeBytes { raw -> Result<JSONValue, JSONFailure> in
      var reader = JSONReader(bytes: raw, sink: JSONValueSink())
      do throws(JSONFailure) { try reader.decode() } catch { return .failure(error) }
      return .success(reader.sink.result)
    }
    switch parsed {
    case .success(let v): return v
    case .failure(let e): throw ParseError(description: "invalid JSON: \(e.message)")
    }
  }
}

/// Builds a `JSONValue` tree, keeping object keys in document order.
struct JSONValueSink: JSONSink {
  private enum Open {
    case array([JSONValue])
    case object([(String, JSONValue)], key: String?)
  }
  private var open: [Open] = []
  private(set) var result = JSONValue.null

  private mutating func add(_ v: JSONValue) {
    switch open.popLast() {
    case nil: result = v
    case .array(var items)?: items.append(v); open.append(.array(items))
    case .object(let pairs, key: nil)?:
      if case .string(let key) = v { open.append(.object(pairs, key: key)) }
    case .object(var pairs, key: let key?)?: pairs.append((key, v)); open.append(.object(pairs, key: nil))
    }
  }
  mutating func endContainer() {
    switch open.popLast() {
    case .array(let items)?: add(.array(items))
    case .object(let pairs, _)?: add(.object(pairs))
    case nil: break
    }
  }

  func reserve() -> Bool { true }
  mutating func null() { add(.null) }
  mutating func bool(_ b: Bool) { add(.bool(b)) }
  mutating func integer(_ n: Int) { add(.int(n)) }
  mutating func float(_ d: Double, text: String) { add(.decimal(text)) }
  mutating func string(_ bytes: [UInt8]) { add(.string(String(decoding: bytes, as: UTF8.self))) }
  mutating func beginObject() { open.append(.object([], key: nil)) }
  func endMember() {}
  mutating func beginArray() { open.append(.array([])) }
  func endElement(_ n: Int) {}
  mutating func discard() { open = []; result = .null }
}
