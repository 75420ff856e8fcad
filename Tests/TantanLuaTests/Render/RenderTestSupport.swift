import CLua
import Foundation
import XCTest

@testable import TantanLua

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Parses an SVG document with Foundation's XML parser (FoundationXML on Linux) and records
/// its elements, so tests can check validity and look for parts of the picture.
final class SVGDocument: NSObject, XMLParserDelegate {
  struct Element {
    var name: String
    var attributes: [String: String]
    var text = ""
  }
  private(set) var elements: [Element] = []
  private var open: [Int] = []
  private(set) var error: String?

  init(_ svg: String) {
    super.init()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = self
    if !parser.parse() {
      error = "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?") line \(parser.lineNumber)"
    }
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    open.append(elements.count)
    elements.append(Element(name: name, attributes: attributes))
  }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
    open.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if let i = open.last { elements[i].text += string }
  }

  var root: Element? { elements.first }
  /// The text of every `<text>` element, in document order.
  var texts: [String] { elements.filter { $0.name == "text" }.map(\.text) }
  var title: String? { elements.first { $0.name == "title" }?.text }
}

extension LuaTestHost {
  /// `tantan.render.svg(expr)` after running `setup`.
  func svg(_ expr: String, file: StaticString = #filePath, line: UInt = #line) -> String {
    guard state.load("return tantan.render.svg(\(expr))", name: "=test") == LUA_OK, state.lua.pcall(0, 1) else {
      defer { state.lua.pop() }
      XCTFail(state.lua.string(-1) ?? "?", file: file, line: line)
      return ""
    }
    defer { state.lua.pop() }
    return state.lua.string(-1) ?? ""
  }

  /// The picture, checked to be well-formed SVG 1.1 with its size.
  func picture(_ expr: String, file: StaticString = #filePath, line: UInt = #line) -> SVGDocument {
    let text = svg(expr, file: file, line: line)
    let doc = SVGDocument(text)
    XCTAssertNil(doc.error, file: file, line: line)
    XCTAssertEqual(doc.root?.name, "svg", file: file, line: line)
    XCTAssertEqual(doc.root?.attributes["xmlns"], "http://www.w3.org/2000/svg", file: file, line: line)
    XCTAssertEqual(doc.root?.attributes["version"], "1.1", file: file, line: line)
    for key in ["width", "height", "viewBox"] {
      XCTAssertNotNil(doc.root?.attributes[key], key, file: file, line: line)
    }
    let negativeZero = try! NSRegularExpression(pattern: "(^|[^0-9.])-0(\\.0*)?([^0-9.]|$)")
    for e in doc.elements {
      for (key, value) in e.attributes where key != "font-family" {
        XCTAssertFalse(
          value.contains("nan") || value.contains("inf"), "\(e.name) \(key)=\(value)", file: file, line: line)
        let range = NSRange(value.startIndex..., in: value)
        XCTAssertNil(
          negativeZero.firstMatch(in: value, range: range), "\(e.name) \(key)=\(value)", file: file, line: line)
      }
    }
    return doc
  }
}
