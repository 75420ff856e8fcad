/// Turns a recorded trace into one self-contained HTML file: the viewer's markup, CSS and script
/// (`TraceViewer`) and the trace as JSON inside `<script type="application/json">`. Every text
/// from the run (titles, events, SVG frames, source lines) is in that JSON, with `<`, `>`, `&`,
/// U+2028 and U+2029 escaped, so nothing a script prints can close the element or inject markup.
/// Deterministic: the same run gives the same bytes (frames numbered by first use, sorted keys).
struct TraceDocument {
  /// What the run was and how it ended, shown in the header.
  var status: String
  var meta: [(String, String)]

  /// `@path` -> `path`, `=name` -> `name`, a string chunk -> `[string "..."]` (as Lua shows it).
  static func displayName(_ source: String) -> String {
    if source.hasPrefix("@") || source.hasPrefix("=") { return String(source.dropFirst()) }
    let first = source.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    return "[string \"\(first.prefix(40))\(first.count > 40 || source.contains("\n") ? "..." : "")\"]"
  }

  /// Lines shown around a step's line in the viewer.
  static let context = 2

  func html(_ recorder: TraceRecorder) -> String {
    TraceViewer.page(json: json(recorder))
  }

  func json(_ recorder: TraceRecorder) -> String {
    var w = TraceJSON()
    var frameIDs: [Int: Int] = [:]
    var frameOrder: [Int] = []
    var wanted: [String: Set<Int>] = [:]
    let steps = recorder.steps
    for case let step? in steps {
      for s in step.shots { if let f = s.frame, frameIDs[f] == nil { frameIDs[f] = frameOrder.count; frameOrder.append(f) } }
      if let src = step.source, src.hasPrefix("@"), let line = step.line {
        for l in max(1, line - Self.context)...(line + Self.context) { wanted[String(src.dropFirst()), default: []].insert(l) }
      }
    }
    w.open("{")
    w.key("version"); w.int(1)
    w.key("title"); w.string(recorder.title)
    w.key("status"); w.string(status)
    w.key("meta"); w.open("[")
    for (k, v) in meta { w.open("["); w.string(k); w.string(v); w.close("]") }
    w.close("]")
    w.key("omittedSteps"); w.int(recorder.omittedSteps)
    w.key("omittedFrames"); w.int(recorder.frames.omitted)
    w.key("components"); w.open("[")
    for c in recorder.components {
      w.open("{"); w.key("label"); w.string(c.label); w.key("class"); w.string(c.className); w.close("}")
    }
    w.close("]")
    w.key("frames"); w.open("[")
    for f in frameOrder { w.string(recorder.frames.frames[f] ?? "") }
    w.close("]")
    w.key("sources"); w.open("{")
    for file in wanted.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      guard let text = FileSystem.read(file) else { continue }
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      w.key(file); w.open("{")
      for l in wanted[file]!.sorted() where l <= lines.count {
        w.key(String(l)); w.string(String(lines[l - 1].prefix(400)))
      }
      w.close("}")
    }
    w.close("}")
    w.key("steps"); w.open("[")
    for step in steps {
      w.open("{")
      guard let step else {
        w.key("kind"); w.string("gap"); w.key("count"); w.int(recorder.omittedSteps); w.close("}")
        continue
      }
      w.key("kind"); w.string(step.kind.rawValue)
      w.key("title"); w.string(step.title)
      if let src = step.source {
        w.key("file"); w.string(Self.displayName(src))
        if src.hasPrefix("@") { w.key("path"); w.string(String(src.dropFirst())) }
      }
      if let line = step.line { w.key("line"); w.int(line) }
      w.key("time"); w.string(formatSeconds(step.time))
      w.key("events"); w.open("[")
      for e in step.events { w.open("["); w.string(e.tag); w.string(e.text); w.close("]") }
      w.close("]")
      if step.droppedEvents > 0 { w.key("droppedEvents"); w.int(step.droppedEvents) }
      w.key("shots"); w.open("[")
      for s in step.shots {
        w.open("[")
        w.int(s.component)
        if let f = s.frame, let id = frameIDs[f] { w.int(id) } else { w.raw("null") }
        w.string(s.state)
        w.close("]")
      }
      w.close("]")
      if let e = step.error { w.key("error"); w.string(e) }
      w.close("}")
    }
    w.close("]")
    w.close("}")
    return w.text
  }
}

/// A compact JSON writer whose strings are safe inside an HTML `<script>` element.
struct TraceJSON {
  private(set) var text = ""
  private var needsComma = false

  private mutating func separate() {
    if needsComma { text += "," }
    needsComma = true
  }

  mutating func open(_ bracket: String) {
    separate()
    text += bracket
    needsComma = false
  }

  mutating func close(_ bracket: String) {
    text += bracket
    needsComma = true
  }

  mutating func key(_ k: String) {
    separate()
    text += Self.quote(k) + ":"
    needsComma = false
  }

  mutating func string(_ s: String) { separate(); text += Self.quote(s) }
  mutating func int(_ i: Int) { separate(); text += String(i) }
  mutating func raw(_ s: String) { separate(); text += s }

  /// `JSONValue.quote`, then `<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes: the result cannot
  /// end a `<script>` element, open a comment or end a JavaScript line.
  static func quote(_ s: String) -> String {
    var out = ""
    for u in JSONValue.quote(s).unicodeScalars {
      switch u {
      case "<": out += "\\u003c"
      case ">": out += "\\u003e"
      case "&": out += "\\u0026"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      default: out.unicodeScalars.append(u)
      }
    }
    return out
  }
}
