/// The one escaper for XML 1.0 (and HTML) text and attribute values: SVG pictures, JUnit
/// reports, the snapshot diff page.
///
/// - `&`, `<`, `>` always (`>` because `]]>` may not appear in text).
/// - In attribute values also `"` and `'` (either delimiter), and tab, newline and carriage return
///   as character references: attribute-value normalisation would turn them into spaces.
/// - In text, tab and newline stay; a carriage return is `&#13;` (end-of-line handling would
///   drop it).
/// - XML 1.0 has no way to carry the other C0 controls, U+FFFE and U+FFFF, not even as character
///   references (`&#1;` is not well-formed): they are written visibly as `\u001B` (so a report
///   still shows which control character a script printed). Lua strings that are not valid
///   UTF-8 already arrive with U+FFFD.
package enum XMLEscaping {
  package static func append(_ s: String, attribute: Bool = false, to out: inout [UInt8]) {
    var s = s
    let plain = s.withUTF8 { b in
      guard b.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && !isSpecial($0) }) else { return false }
      out.append(contentsOf: b)
      return true
    }
    if plain { return }
    func add(_ text: String) { out.append(contentsOf: text.utf8) }
    for u in s.unicodeScalars {
      switch u.value {
      case 0x26: add("&amp;")
      case 0x3C: add("&lt;")
      case 0x3E: add("&gt;")
      case 0x22 where attribute: add("&quot;")
      case 0x27 where attribute: add("&apos;")
      case 0x09 where attribute: add("&#9;")
      case 0x0A where attribute: add("&#10;")
      case 0x0D: add("&#13;")
      case 0x09, 0x0A: out.append(UInt8(u.value))
      case 0x00..<0x20, 0xFFFE, 0xFFFF:
        let hex = String(u.value, radix: 16, uppercase: true)
        add("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
      default: out.append(contentsOf: UTF8.encode(u)!)
      }
    }
  }

  package static func escaped(_ s: String, attribute: Bool = false) -> String {
    var out: [UInt8] = []
    append(s, attribute: attribute, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  private static func isSpecial(_ b: UInt8) -> Bool {
    b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x27
  }
}
