import TantanLua

/// A page from an HTML file of Sources/TantanScripts/html, filled with Mustache's basic tags:
/// `{{name}}` text (escaped by `XMLEscaping`), `{{{name}}}` raw (a style sheet, a script, JSON
/// escaped by its writer), and sections `{{#name}}...{{/name}}` (kept when `name` is true or
/// given) and `{{^name}}...{{/name}}` (kept otherwise). A section tag alone on its line takes the
/// line with it, as in Mustache. Values are inserted once: text inside them is never read as tags.
struct HTMLTemplate: Sendable {
  enum Value: Sendable {
    case text(String)
    case raw(String)
    case flag(Bool)
  }

  private enum Node: Sendable {
    case literal(Substring)
    case value(String, raw: Bool)
    case section(String, inverted: Bool, [Node])
  }

  private let nodes: [Node]
  /// Every name the template uses, for tests that check a page gives each one.
  let names: Set<String>

  init(_ text: String) {
    var names = Set<String>()
    var rest = Substring(text)
    nodes = Self.parse(&rest, until: nil, names: &names)
    self.names = names
  }

  func render(_ values: [String: Value]) -> String {
    var out = ""
    Self.render(nodes, values, into: &out)
    return out
  }

  private static func render(_ nodes: [Node], _ values: [String: Value], into out: inout String) {
    for node in nodes {
      switch node {
      case .literal(let s): out += s
      case .value(let name, let raw):
        switch values[name] {
        case .text(let s)?: out += raw ? s : XMLEscaping.escaped(s)
        case .raw(let s)?: out += s
        case .flag, nil: break
        }
      case .section(let name, let inverted, let body):
        let shown: Bool
        switch values[name] {
        case .flag(let b)?: shown = b
        case .text?, .raw?: shown = true
        case nil: shown = false
        }
        if shown != inverted { render(body, values, into: &out) }
      }
    }
  }

  /// Reads nodes up to the closing tag of `section` (or the end).
  private static func parse(_ text: inout Substring, until section: String?, names: inout Set<String>) -> [Node] {
    var nodes: [Node] = []
    while let open = text.firstRange(of: "{{") {
      let raw = text[open.upperBound...].hasPrefix("{")
      let start = raw ? text.index(after: open.upperBound) : open.upperBound
      guard let close = text[start...].firstRange(of: raw ? "}}}" : "}}") else { break }
      let tag = text[start..<close.lowerBound]
      var before = text[..<open.lowerBound]
      var after = text[close.upperBound...]
      let kind = tag.first
      let name = String(kind == "#" || kind == "^" || kind == "/" ? tag.dropFirst() : tag)
      if !raw, kind == "#" || kind == "^" || kind == "/" {
        // A section tag alone on its line: drop the line's indentation and its newline.
        let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
        let lineEnd = after.firstIndex(of: "\n")
        if before[lineStart...].allSatisfy({ $0 == " " || $0 == "\t" }), let lineEnd,
          after[..<lineEnd].allSatisfy({ $0 == " " || $0 == "\t" })
        {
          before = before[..<lineStart]
          after = after[after.index(after: lineEnd)...]
        }
      }
      if !before.isEmpty { nodes.append(.literal(before)) }
      text = after
      names.insert(name)
      switch kind {
      case "#" where !raw, "^" where !raw:
        nodes.append(.section(name, inverted: kind == "^", parse(&text, until: name, names: &names)))
      case "/" where !raw:
        if name == section { return nodes }
      default: nodes.append(.value(name, raw: raw))
      }
    }
    if !text.isEmpty { nodes.append(.literal(text)) }
    text = text[text.endIndex...]
    return nodes
  }
}
