/// Swift source as the tokens `ConformanceScan` reads: identifiers and keywords (backticks kept,
/// an attribute with its `@`), and each other punctuation character on its own. Whitespace,
/// comments (nested block comments too), numbers and string literals (plain, multi-line, raw,
/// with interpolations, whose code is tokenized) leave nothing.
struct Lexer {
  let bytes: [UInt8]
  var i = 0
  var out: [String] = []

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func tokens() -> [String] {
    code(until: nil)
    return out
  }

  func at(_ offset: Int) -> UInt8 { i + offset < bytes.count ? bytes[i + offset] : 0 }

  static func isWordByte(_ c: UInt8) -> Bool {
    c == UInt8(ascii: "_") || c >= 0x80 || (c >= 0x30 && c <= 0x39) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7a)
  }

  /// Code up to the `)` that closes an interpolation (`until` = ")"), or to the end.
  mutating func code(until close: UInt8?) {
    var depth = 0
    while i < bytes.count {
      let c = bytes[i]
      switch c {
      case UInt8(ascii: "/") where at(1) == UInt8(ascii: "/"):
        while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
      case UInt8(ascii: "/") where at(1) == UInt8(ascii: "*"):
        blockComment()
      case UInt8(ascii: "\""):
        string(hashes: 0)
      case UInt8(ascii: "#") where at(1) == UInt8(ascii: "#") || at(1) == UInt8(ascii: "\""):
        var n = 0
        while at(0) == UInt8(ascii: "#") {
          n += 1
          i += 1
        }
        if at(0) == UInt8(ascii: "\"") { string(hashes: n) }
      case UInt8(ascii: "("), UInt8(ascii: ")"):
        if c == UInt8(ascii: "(") {
          depth += 1
        } else if depth == 0, close != nil {
          i += 1
          return
        } else {
          depth -= 1
        }
        out.append(String(UnicodeScalar(c)))
        i += 1
      case UInt8(ascii: "`"):
        let start = i
        i += 1
        while i < bytes.count, bytes[i] != UInt8(ascii: "`"), bytes[i] != UInt8(ascii: "\n") { i += 1 }
        i += 1
        out.append(String(decoding: bytes[start..<min(i, bytes.count)], as: UTF8.self))
      case UInt8(ascii: "@") where Self.isWordByte(at(1)):
        let start = i
        i += 1
        while i < bytes.count, Self.isWordByte(bytes[i]) { i += 1 }
        out.append(String(decoding: bytes[start..<i], as: UTF8.self))
      case let c where c >= 0x30 && c <= 0x39:  // a number: nothing to read in it
        while i < bytes.count, Self.isWordByte(bytes[i]) || bytes[i] == UInt8(ascii: ".") && Self.isDigit(at(1)) {
          i += 1
        }
      case let c where Self.isWordByte(c):
        let start = i
        while i < bytes.count, Self.isWordByte(bytes[i]) { i += 1 }
        out.append(String(decoding: bytes[start..<i], as: UTF8.self))
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        i += 1
      default:
        out.append(String(UnicodeScalar(c)))
        i += 1
      }
    }
  }

  static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

  mutating func blockComment() {
    var depth = 0
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") {
        depth += 1
        i += 2
      } else if bytes[i] == UInt8(ascii: "*"), at(1) == UInt8(ascii: "/") {
        depth -= 1
        i += 2
        if depth == 0 { return }
      } else {
        i += 1
      }
    }
  }

  /// A string literal from its opening quote (after `hashes` `#`s), to after its closing
  /// delimiter; interpolations (`\(`, `\#(` in raw strings) are read as code.
  mutating func string(hashes: Int) {
    let multi = at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\"")
    let quotes = multi ? 3 : 1
    i += quotes
    while i < bytes.count {
      let c = bytes[i]
      if c == UInt8(ascii: "\\"), (0..<hashes).allSatisfy({ at(1 + $0) == UInt8(ascii: "#") }) {
        i += 1 + hashes
        if at(0) == UInt8(ascii: "(") {
          i += 1
          code(until: UInt8(ascii: ")"))
        } else {
          i += 1
        }
      } else if c == UInt8(ascii: "\""), (0..<quotes).allSatisfy({ at($0) == UInt8(ascii: "\"") }),
        (0..<hashes).allSatisfy({ at(quotes + $0) == UInt8(ascii: "#") })
      {
        i += quotes + hashes
        return
      } else if c == UInt8(ascii: "\n"), !multi {
        return  // an unterminated string ends at the line (the compiler reports it)
      } else {
        i += 1
      }
    }
  }
}
