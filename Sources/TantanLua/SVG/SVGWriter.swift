import LuaRuntime

/// Writes one SVG 1.1 document: elements and attributes appended in call order (so the same
/// calls give the same bytes), numbers in a fixed format, text escaped for XML 1.0.
///
///     var w = SVGWriter(width: 300, height: 400, title: "deck")
///     w.start("rect"); w.attr("width", 10); w.attr("fill", "#fff"); w.end()
///     w.start("g"); w.attr("opacity", 0.5, decimals: 3); w.open(); ...; w.closeGroup()
///     let svg = try w.finish()
///
/// Attribute names and literal values given as `String` are the renderer's own (not escaped);
/// everything that comes from a view model goes through `text(_:)` or `textElement`.
struct SVGWriter {
  /// Told the document's size as it grows (per 64 KB, and twice it at `finish`, for the string
  /// made of it); throws to refuse (a memory limit, an instruction count).
  typealias Meter = (_ bytes: Int) throws(LuaCallError) -> Void

  /// UTF-8 bytes: appending to an array is several times cheaper than to a `String` (measured:
  /// string appends were two thirds of a deck's drawing time).
  private var out: [UInt8] = []
  private var depth = 0
  private let meter: Meter?
  private var metered = 0
  /// Why the meter refused the document's growth: what was written is dropped, the drawing should
  /// stop (`stopped`), and `finish` throws it.
  private var refusal: LuaCallError?
  var stopped: Bool { refusal != nil }

  /// The document's header; `margin` widens the canvas on every side (content may be drawn at
  /// negative coordinates down to `-margin`).
  init(width: Double, height: Double, title: String, margin: Double = 0, meter: Meter? = nil) {
    self.meter = meter
    out.reserveCapacity(8192)
    out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\""
    attr("width", width + 2 * margin)
    attr("height", height + 2 * margin)
    out += " viewBox=\""
    for (i, v) in [-margin, -margin, width + 2 * margin, height + 2 * margin].enumerated() {
      if i > 0 { out += " " }
      SVGNumber.append(v, to: &out)
    }
    out += "\" font-family=\"Helvetica, Arial, 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', sans-serif\">\n"
    depth = 1
    start("title")
    open(newline: false)
    text(title)
    close("title")
  }

  /// The finished document (closes `<svg>`); throws the meter's refusal.
  mutating func finish() throws(LuaCallError) -> String {
    if let refusal { throw refusal }
    out += "</svg>\n"
    try meter?(2 * out.count)
    return String(decoding: out, as: UTF8.self)
  }

  /// Tells the meter the size at element boundaries, every 64 KB.
  private mutating func measure() {
    guard let meter, refusal == nil, out.count >= metered + 65536 else { return }
    do throws(LuaCallError) {
      try meter(out.count)
      metered = out.count
    } catch {
      refusal = error
      out = []
    }
  }

  // MARK: Elements

  /// `<name` (attributes follow; then `end()` for an empty element or `open()` for content).
  mutating func start(_ name: String) {
    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth))
    out += "<"
    out += name
  }

  /// `/>` and a newline.
  mutating func end() {
    out += "/>\n"
    measure()
  }

  /// `>`; children follow until `close`. Text content stays on the same line.
  mutating func open(newline: Bool = true) {
    out += newline ? ">\n" : ">"
    depth += 1
  }

  /// `</name>`. Pass `inline: true` after text content (no indentation before the tag).
  mutating func close(_ name: String, inline: Bool = true) {
    depth -= 1
    if !inline { out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth)) }
    out += "</"
    out += name
    out += ">\n"
    measure()
  }

  /// Closes a container opened with `open()` (its children were on their own lines).
  mutating func closeGroup(_ name: String = "g") { close(name, inline: false) }

  /// A `<text>` element with the given attributes already written by `attrs`.
  mutating func textElement(_ content: String, _ attrs: (inout SVGWriter) -> Void) {
    start("text")
    attrs(&self)
    open(newline: false)
    text(content)
    close("text")
  }

  // MARK: Attributes

  mutating func attr(_ name: String, _ value: String) {
    out += " "
    out += name
    out += "=\""
    out += value
    out += "\""
  }

  mutating func attr(_ name: String, _ value: Double, decimals: Int = 2) {
    out += " "
    out += name
    out += "=\""
    SVGNumber.append(value, decimals: decimals, to: &out)
    out += "\""
  }

  /// `x`, `y`, `width`, `height` of a rect.
  mutating func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
    attr("x", x)
    attr("y", y)
    attr("width", max(0, w))
    attr("height", max(0, h))
  }

  /// `transform="translate(x y) rotate(deg) scale(s)"`, leaving out identity parts.
  mutating func transform(translateX x: Double, y: Double, rotateDegrees deg: Double = 0, scale s: Double = 1) {
    out += " transform=\"translate("
    SVGNumber.append(x, to: &out)
    out += " "
    SVGNumber.append(y, to: &out)
    out += ")"
    if !SVGNumber.isZero(deg) {
      out += " rotate("
      SVGNumber.append(deg, to: &out)
      out += ")"
    }
    if !SVGNumber.isOne(s, decimals: 4) {
      out += " scale("
      SVGNumber.append(s, decimals: 4, to: &out)
      out += ")"
    }
    out += "\""
  }

  /// Escaped text content.
  mutating func text(_ s: String) { XMLEscaping.append(s, to: &out) }

  /// Path data.
  mutating func attr(_ name: String, _ path: SVGPath) {
    out += " "
    out += name
    out += "=\""
    out.append(contentsOf: path.data)
    out += "\""
  }
}

extension [UInt8] {
  /// Appends a string's UTF-8 bytes.
  @inline(__always)
  static func += (bytes: inout [UInt8], s: String) {
    var s = s
    s.withUTF8 { bytes.append(contentsOf: $0) }
  }
}
