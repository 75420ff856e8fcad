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
    var out: [UInt8] = []
    quote(s, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  /// `quote` appended as UTF-8 bytes: runs that need no escape are copied at once (the
  /// playground quotes a picture of 20 KB a frame; scalar by scalar into a `String` cost 1 ms).
  package static func quote(_ s: String, into out: inout [UInt8]) {
    var s = s
    out.append(0x22)
    s.withUTF8 { b in
      out.reserveCapacity(out.count + b.count + 1)
      var run = 0  // start of the bytes not yet copied
      var i = 0
      while i < b.count {
        let c = b[i]
        let c1 = c == 0xC2 && i + 1 < b.count && b[i + 1] <= 0x9F  // U+0080-U+009F
        guard c < 0x20 || c == 0x22 || c == 0x5C || c == 0x7F || c1 else {
          i += 1
          continue
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: b[run..<i]))
        out.append(0x5C)
        switch c {
        case 0x22, 0x5C: out.append(c)
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        default:
          let v = c1 ? b[i + 1] : c
          out.append(UInt8(ascii: "u")); out.append(0x30); out.append(0x30)
          out.append(hexDigits[Int(v >> 4)]); out.append(hexDigits[Int(v & 15)])
        }
        i += c1 ? 2 : 1
        run = i
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: b[run..<b.count]))
    }
    out.append(0x22)
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
    var out: [UInt8] = []
    compact(into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// `compact()` appended as UTF-8 bytes.
  package func compact(into out: inout [UInt8]) {
    switch self {
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (i, item) in items.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        item.compact(into: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let pairs):
      out.append(UInt8(ascii: "{"))
      for (i, (key, value)) in pairs.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        Self.quote(key, into: &out)
        out.append(UInt8(ascii: ":"))
        value.compact(into: &out)
      }
      out.append(UInt8(ascii: "}"))
    case .string(let s): Self.quote(s, into: &out)
    default: out.append(contentsOf: encoded().utf8)
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
