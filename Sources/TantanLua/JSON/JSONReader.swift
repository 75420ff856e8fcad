/// A strict RFC 8259 parser; what the values become is the sink's business (Lua values on the
/// stack for `tantan.json.decode`, `JSONValue` trees for the runner's reports).
///
/// - Numbers without fraction or exponent that fit are integers, others floats (correctly
///   rounded); a number too large for a double is an error, as are lone UTF-16 surrogates in
///   `\u` escapes, control characters in strings, trailing commas and trailing text.
/// - Bytes of strings are passed through unchanged; they must be well-formed UTF-8.
struct JSONReader<Sink: JSONSink> {
  let bytes: UnsafeRawBufferPointer
  var sink: Sink
  var pos = 0
  var depth = 0

  init(bytes: UnsafeRawBufferPointer, sink: Sink) {
    self.bytes = bytes; self.sink = sink
  }

  /// Parses the whole text into the sink, which is told to `discard` what it built on failure.
  mutating func decode() throws(JSONFailure) {
    do throws(JSONFailure) {
      skipSpace()
      try value()
      skipSpace()
      if pos < bytes.count { throw fail("unexpected \(describe(pos)) after the value") }
    } catch {
      sink.discard()
      throw error
    }
  }

  // MARK: - Positions and errors

  func location(_ at: Int) -> String {
    var line = 1
    var column = 1
    for k in 0..<min(at, bytes.count) {
      if bytes[k] == 0x0A { line += 1; column = 1 } else { column += 1 }
    }
    return "line \(line) column \(column)"
  }

  func describe(_ at: Int) -> String {
    guard at < bytes.count else { return "end of input" }
    let b = bytes[at]
    if b >= 0x20 && b < 0x7F { return "character '\(Character(Unicode.Scalar(b)))'" }
    return "byte 0x\(String(b, radix: 16, uppercase: true))"
  }

  func fail(_ message: String, at: Int? = nil) -> JSONFailure {
    JSONFailure(message: "\(message) at \(location(at ?? pos))")
  }

  var peek: UInt8? { pos < bytes.count ? bytes[pos] : nil }

  mutating func skipSpace() {
    while let b = peek, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { pos += 1 }
  }

  mutating func expect(_ word: String) throws(JSONFailure) {
    let start = pos
    for b in word.utf8 {
      guard peek == b else { throw fail("invalid literal (expected '\(word)')", at: start) }
      pos += 1
    }
  }

  // MARK: - Values

  mutating func value() throws(JSONFailure) {
    guard sink.reserve() else { throw fail("out of stack space") }
    guard let b = peek else { throw fail("expected a value, got end of input") }
    switch b {
    case UInt8(ascii: "{"): try object()
    case UInt8(ascii: "["): try array()
    case UInt8(ascii: "\""): try string()
    case UInt8(ascii: "t"): try expect("true"); sink.bool(true)
    case UInt8(ascii: "f"): try expect("false"); sink.bool(false)
    case UInt8(ascii: "n"): try expect("null"); sink.null()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
    default: throw fail("expected a value, got \(describe(pos))")
    }
  }

  mutating func enter() throws(JSONFailure) {
    depth += 1
    if depth > JSONLimits.maxDepth { throw fail(JSONLimits.depthMessage) }
  }

  mutating func object() throws(JSONFailure) {
    try enter()
    pos += 1
    sink.beginObject()
    skipSpace()
    if peek == UInt8(ascii: "}") { pos += 1; depth -= 1; sink.endContainer(); return }
    while true {
      skipSpace()
      guard peek == UInt8(ascii: "\"") else { throw fail("expected a string key, got \(describe(pos))") }
      try string()
      skipSpace()
      guard peek == UInt8(ascii: ":") else { throw fail("expected ':' after an object key, got \(describe(pos))") }
      pos += 1
      skipSpace()
      try value()
      sink.endMember()
      skipSpace()
      switch peek {
      case UInt8(ascii: ","): pos += 1
      case UInt8(ascii: "}"): pos += 1; depth -= 1; sink.endContainer(); return
      default: throw fail("expected ',' or '}' in an object, got \(describe(pos))")
      }
    }
  }

  mutating func array() throws(JSONFailure) {
    try enter()
    pos += 1
    sink.beginArray()
    skipSpace()
    if peek == UInt8(ascii: "]") { pos += 1; depth -= 1; sink.endContainer(); return }
    var n = 0
    while true {
      skipSpace()
      try value()
      n += 1
      sink.endElement(n)
      skipSpace()
      switch peek {
      case UInt8(ascii: ","): pos += 1
      case UInt8(ascii: "]"): pos += 1; depth -= 1; sink.endContainer(); return
      default: throw fail("expected ',' or ']' in an array, got \(describe(pos))")
      }
    }
  }

  mutating func number() throws(JSONFailure) {
    let start = pos
    var isInteger = true
    if peek == UInt8(ascii: "-") { pos += 1 }
    func digits(_ r: inout JSONReader) -> Int {
      var n = 0
      while let b = r.peek, b >= 0x30, b <= 0x39 { r.pos += 1; n += 1 }
      return n
    }
    if peek == UInt8(ascii: "0") {
      pos += 1
      if let b = peek, b >= 0x30, b <= 0x39 { throw fail("leading zeros are not allowed in numbers", at: start) }
    } else if digits(&self) == 0 {
      throw fail("expected a digit, got \(describe(pos))")
    }
    if peek == UInt8(ascii: ".") {
      isInteger = false
      pos += 1
      guard digits(&self) > 0 else { throw fail("expected a digit after '.', got \(describe(pos))") }
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      isInteger = false
      pos += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { pos += 1 }
      guard digits(&self) > 0 else { throw fail("expected a digit in the exponent, got \(describe(pos))") }
    }
    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
    if isInteger, let n = Int(text) { sink.integer(n); return }
    guard let d = Double(text), d.isFinite else { throw fail("number \(text) is out of range", at: start) }
    sink.float(d, text: text)
  }

  mutating func hex4() throws(JSONFailure) -> UInt32 {
    var v: UInt32 = 0
    for _ in 0..<4 {
      guard let b = peek else { throw fail("unexpected end of input in a \\u escape") }
      let d: UInt8
      switch b {
      case 0x30...0x39: d = b - 0x30
      case 0x41...0x46: d = b - 0x41 + 10
      case 0x61...0x66: d = b - 0x61 + 10
      default: throw fail("invalid hex digit \(describe(pos)) in a \\u escape")
      }
      v = v * 16 + UInt32(d)
      pos += 1
    }
    return v
  }

  mutating func string() throws(JSONFailure) {
    let start = pos
    pos += 1
    var out: [UInt8] = []
    while true {
      guard let b = peek else { throw fail("unterminated string", at: start) }
      pos += 1
      switch b {
      case UInt8(ascii: "\""):
        sink.string(out)
        return
      case UInt8(ascii: "\\"):
        guard let e = peek else { throw fail("unterminated string", at: start) }
        pos += 1
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"): try unicodeEscape(into: &out)
        default: throw fail("invalid escape '\\\(Character(Unicode.Scalar(e)))'", at: pos - 2)
        }
      case 0..<0x20:
        throw fail("control character 0x\(String(b, radix: 16, uppercase: true)) in a string (escape it)", at: pos - 1)
      case 0x80...:
        // JSON text is UTF-8 (RFC 8259 8.1), and encode refuses other bytes: decode does too.
        guard let n = utf8Length(at: pos - 1) else {
          throw fail("invalid UTF-8 (byte 0x\(String(b, radix: 16, uppercase: true))) in a string", at: pos - 1)
        }
        out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[(pos - 1)..<(pos - 1 + n)]))
        pos += n - 1
      default:
        out.append(b)
      }
    }
  }

  /// The length of the well-formed UTF-8 sequence at `at` (RFC 3629 table 3-7: no overlong
  /// forms, no surrogates, nothing past U+10FFFF), or nil.
  func utf8Length(at: Int) -> Int? {
    let b0 = bytes[at]
    let n: Int
    var lo: UInt8 = 0x80
    var hi: UInt8 = 0xBF  // the second byte's range
    switch b0 {
    case 0xC2...0xDF: n = 2
    case 0xE0: n = 3; lo = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: n = 3
    case 0xED: n = 3; hi = 0x9F
    case 0xF0: n = 4; lo = 0x90
    case 0xF1...0xF3: n = 4
    case 0xF4: n = 4; hi = 0x8F
    default: return nil
    }
    guard at + n <= bytes.count, bytes[at + 1] >= lo, bytes[at + 1] <= hi else { return nil }
    for k in 2..<max(n, 2) where !(0x80...0xBF).contains(bytes[at + k]) { return nil }
    return n
  }

  mutating func unicodeEscape(into out: inout [UInt8]) throws(JSONFailure) {
    let start = pos - 2
    var code = try hex4()
    if code >= 0xD800 && code < 0xDC00 {
      guard peek == UInt8(ascii: "\\"), pos + 1 < bytes.count, bytes[pos + 1] == UInt8(ascii: "u") else {
        throw fail("lone UTF-16 surrogate in a \\u escape", at: start)
      }
      pos += 2
      let low = try hex4()
      guard low >= 0xDC00 && low < 0xE000 else { throw fail("lone UTF-16 surrogate in a \\u escape", at: start) }
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
    } else if code >= 0xDC00 && code < 0xE000 {
      throw fail("lone UTF-16 surrogate in a \\u escape", at: start)
    }
    guard let scalar = Unicode.Scalar(code) else { throw fail("invalid code point in a \\u escape", at: start) }
    out.append(contentsOf: String(Character(scalar)).utf8)
  }
}
