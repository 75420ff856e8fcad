import TantanLua

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
      for s in step.shots {
        if let f = s.frame, frameIDs[f] == nil { frameIDs[f] = frameOrder.count; frameOrder.append(f) }
      }
      if let src = step.source, src.hasPrefix("@"), let line = step.line {
        for l in max(1, line - Self.context)...(line + Self.context) {
          wanted[String(src.dropFirst()), default: []].insert(l)
        }
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
      // The text the run loaded under that name, never the file it names (see keepChunkTexts).
      guard let text = recorder.host.state.chunkText("@" + file) else { continue }
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

/// A compact JSON writer whose strings are safe inside an HTML `<script>` element. It works on
/// UTF-8 bytes: a trace holds megabytes of SVG, and quoting them scalar by scalar into a `String`
/// was two thirds of the time a traced run took.
struct TraceJSON {
  private var bytes: [UInt8] = []
  private var needsComma = false

  var text: String { String(decoding: bytes, as: UTF8.self) }

  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
    needsComma = true
  }

  mutating func open(_ bracket: String) {
    separate()
    bytes += bracket.utf8
    needsComma = false
  }

  mutating func close(_ bracket: String) {
    bytes += bracket.utf8
    needsComma = true
  }

  mutating func key(_ k: String) {
    separate()
    Self.quote(k, into: &bytes)
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  mutating func string(_ s: String) { separate(); Self.quote(s, into: &bytes) }
  mutating func int(_ i: Int) { separate(); bytes += String(i).utf8 }
  mutating func raw(_ s: String) { separate(); bytes += s.utf8 }

  private static let hex = Array("0123456789abcdef".utf8)

  /// A JSON string literal with control characters (C0, DEL, C1), `<`, `>`, `&`, U+2028 and
  /// U+2029 as `\u` escapes: it cannot end a `<script>` element, open a comment or end a
  /// JavaScript line.
  static func quote(_ s: String, into out: inout [UInt8]) {
    func escape(_ v: UInt32) {
      out += [
        0x5C, UInt8(ascii: "u"), hex[Int(v >> 12 & 15)], hex[Int(v >> 8 & 15)], hex[Int(v >> 4 & 15)], hex[Int(v & 15)],
      ]
    }
    var s = s
    out.append(0x22)
    s.withUTF8 { b in
      var i = 0
      while i < b.count {
        let c = b[i]
        switch c {
        case 0x22, 0x5C: out += [0x5C, c]
        case 0x0A: out += [0x5C, UInt8(ascii: "n")]
        case 0x0D: out += [0x5C, UInt8(ascii: "r")]
        case 0x09: out += [0x5C, UInt8(ascii: "t")]
        case 0..<0x20, 0x7F, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"): escape(UInt32(c))
        case 0xC2 where i + 1 < b.count && (0x80...0x9F).contains(b[i + 1]):
          escape(UInt32(b[i + 1]))
          i += 1
        case 0xE2 where i + 2 < b.count && b[i + 1] == 0x80 && (b[i + 2] == 0xA8 || b[i + 2] == 0xA9):
          escape(b[i + 2] == 0xA8 ? 0x2028 : 0x2029)
          i += 2
        default: out.append(c)
        }
        i += 1
      }
    }
    out.append(0x22)
  }
}
