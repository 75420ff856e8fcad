import Foundation
import XCTest

@testable import TantanLua

/// The one XML escaper (SVG pictures, JUnit reports, the snapshot diff page), read back by a real
/// XML 1.0 parser (Python's expat): every character survives in text and in attribute values,
/// except those XML 1.0 cannot carry at all, which read as their visible `\uXXXX` spelling.
final class XMLEscapingTests: XCTestCase {
  /// Every ASCII character, the noncharacters XML forbids, and some it allows.
  static let sample: String = {
    var s = String(String.UnicodeScalarView((0..<0x80).compactMap(Unicode.Scalar.init)))
    s += "\u{85}\u{A0}\u{2028}\u{FFFD}\u{FFFE}\u{FFFF}推荐 ❤️ é\r\n\r\t]]>"
    return s
  }()

  /// What a reader gets back: the forbidden characters as `\uXXXX`, everything else itself.
  static func expected(_ s: String) -> String {
    var out = ""
    for u in s.unicodeScalars {
      if (u.value < 0x20 && u.value != 0x09 && u.value != 0x0A && u.value != 0x0D) || u.value == 0xFFFE
        || u.value == 0xFFFF
      {
        let hex = String(u.value, radix: 16, uppercase: true)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        out.unicodeScalars.append(u)
      }
    }
    return out
  }

  /// Parses `document` with expat; returns the root's text and its `a` attribute.
  func parse(_ document: String) throws -> (text: String, attribute: String) {
    let script = """
      import sys, json, xml.etree.ElementTree as ET
      root = ET.fromstring(sys.stdin.buffer.read())
      print(json.dumps([root.text or "", root.get("a")]))
      """
    let p = try RunningProcess(
      "/usr/bin/env", ["python3", "-c", script], env: ProcessInfo.processInfo.environment, cwd: nil)
    p.write(stdin: document)
    let r = p.wait(timeout: 60)
    XCTAssertEqual(r.status, 0, r.description)
    let pair = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String], r.stdout)
    return (pair[0], pair[1])
  }

  func testTextAndAttributesReadBackAsWritten() throws {
    let s = Self.sample
    let doc =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<r a=\"\(XMLEscaping.escaped(s, attribute: true))\">"
      + XMLEscaping.escaped(s) + "</r>"
    let (text, attribute) = try parse(doc)
    XCTAssertEqual(text, Self.expected(s))
    XCTAssertEqual(attribute, Self.expected(s))
    // Text keeps tab and newline as they are; an attribute cannot.
    XCTAssertEqual(XMLEscaping.escaped("a\tb\nc\rd"), "a\tb\nc&#13;d")
    XCTAssertEqual(XMLEscaping.escaped("a\tb\nc\rd", attribute: true), "a&#9;b&#10;c&#13;d")
    XCTAssertEqual(XMLEscaping.escaped("<\"'&>"), "&lt;\"'&amp;&gt;")
    XCTAssertEqual(XMLEscaping.escaped("<\"'&>", attribute: true), "&lt;&quot;&apos;&amp;&gt;")
  }

  /// An SVG picture uses the same rules (its title here; labels drop control characters first).
  func testSVGTextUsesTheSameEscaper() throws {
    let title = "a\u{1B}[31m<b>\u{0}\r"
    var w = SVGWriter(width: 10, height: 10, title: title)
    let svg = try w.finish()
    XCTAssertTrue(svg.contains("<title>" + XMLEscaping.escaped(title) + "</title>"), svg)
    XCTAssertTrue(svg.contains("<title>a\\u001B[31m&lt;b&gt;\\u0000&#13;</title>"), svg)
    let root = try XCTUnwrap(svg.range(of: "<svg "))
    let document = "<r a=\"\" " + svg[root.upperBound...].replacingOccurrences(of: "</svg>", with: "</r>")
    XCTAssertEqual(try parse(document).attribute, "")
  }
}
