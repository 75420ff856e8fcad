#if canImport(Glibc)
  import Glibc
#endif

/// Numbers as the SVG renderer writes them: the same bytes on every machine and locale.
///
/// Rounded half away from zero to `decimals` places (2 for coordinates, more for opacity and
/// scale), trailing zeros and a bare point trimmed, never `-0`, never an exponent. NaN becomes 0
/// and values beyond +-1e9 are clamped, so `nan`/`inf` can never reach a document.
enum SVGNumber {
  static let limit = 1e9
  private static let powers: [Double] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]
  private static let intPowers: [Int64] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]

  static func format(_ v: Double, decimals: Int = 2) -> String {
    var s = ""
    append(v, decimals: decimals, to: &s)
    return s
  }

  static func append(_ v: Double, decimals: Int = 2, to out: inout String) {
    let d = min(max(decimals, 0), powers.count - 1)
    let clamped = v.isNaN ? 0 : min(max(v, -limit), limit)
    let scaled = (clamped * powers[d]).rounded(.toNearestOrAwayFromZero)
    let n = Int64(scaled)
    if n == 0 {
      out += "0"
      return
    }
    if n < 0 { out += "-" }
    let magnitude = n.magnitude
    let unit = UInt64(intPowers[d])
    out += String(magnitude / unit)
    var fraction = magnitude % unit
    guard fraction != 0 else { return }
    var digits = d
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    out += "."
    let text = String(fraction)
    for _ in 0..<(digits - text.utf8.count) { out += "0" }
    out += text
  }
}

/// Path data (`d`) built from numbers in `SVGNumber`'s format.
struct SVGPath {
  private(set) var data = ""

  mutating func move(_ x: Double, _ y: Double) { command("M", [x, y]) }
  mutating func line(_ x: Double, _ y: Double) { command("L", [x, y]) }
  /// A circular arc of radius `r` to (x, y); `large` and `sweep` are SVG's flags.
  mutating func arc(_ r: Double, large: Bool = false, sweep: Bool = true, _ x: Double, _ y: Double) {
    command("A", [r, r, 0, large ? 1 : 0, sweep ? 1 : 0, x, y])
  }
  mutating func close() { data += "Z" }

  private mutating func command(_ c: String, _ values: [Double]) {
    data += c
    for (i, v) in values.enumerated() {
      if i > 0 { data += " " }
      SVGNumber.append(v, to: &data)
    }
  }

  /// A rectangle whose bottom corners only are rounded (a band at the bottom of a rounded card).
  static func bottomRounded(x: Double, y: Double, w: Double, h: Double, r: Double) -> String {
    let r = max(0, min(r, w / 2, h))
    var p = SVGPath()
    p.move(x, y)
    p.line(x + w, y)
    p.line(x + w, y + h - r)
    p.arc(r, x + w - r, y + h)
    p.line(x + r, y + h)
    p.arc(r, x, y + h - r)
    p.close()
    return p.data
  }

  /// An arc of a circle centred at (cx, cy) from angle `a0` to `a1` (radians, clockwise from 3 o'clock).
  static func arc(cx: Double, cy: Double, r: Double, from a0: Double, to a1: Double) -> String {
    var p = SVGPath()
    p.move(cx + r * cos(a0), cy + r * sin(a0))
    p.arc(r, large: a1 - a0 > Double.pi, sweep: true, cx + r * cos(a1), cy + r * sin(a1))
    return p.data
  }
}
