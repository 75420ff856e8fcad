#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
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
    var bytes: [UInt8] = []
    append(v, decimals: decimals, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The value as written with `decimals` places, times 10^decimals (0 for NaN).
  @inline(__always)
  static func scaled(_ v: Double, decimals: Int) -> Int64 {
    let d = min(max(decimals, 0), powers.count - 1)
    let clamped = v.isNaN ? 0 : min(max(v, -limit), limit)
    return Int64((clamped * powers[d]).rounded(.toNearestOrAwayFromZero))
  }

  /// True when `v` is written as "0" / "1" with `decimals` places.
  static func isZero(_ v: Double, decimals: Int = 2) -> Bool { scaled(v, decimals: decimals) == 0 }
  static func isOne(_ v: Double, decimals: Int = 2) -> Bool { scaled(v, decimals: decimals) == intPowers[decimals] }

  static func append(_ v: Double, decimals: Int = 2, to out: inout [UInt8]) {
    let d = min(max(decimals, 0), powers.count - 1)
    let n = scaled(v, decimals: d)
    if n == 0 {
      out.append(UInt8(ascii: "0"))
      return
    }
    if n < 0 { out.append(UInt8(ascii: "-")) }
    let magnitude = n.magnitude
    let unit = UInt64(intPowers[d])
    appendDigits(magnitude / unit, minimum: 1, to: &out)
    var fraction = magnitude % unit
    guard fraction != 0 else { return }
    var digits = d
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    out.append(UInt8(ascii: "."))
    appendDigits(fraction, minimum: digits, to: &out)
  }

  /// Decimal digits of `n`, left-padded with zeros to `minimum` digits.
  private static func appendDigits(_ n: UInt64, minimum: Int, to out: inout [UInt8]) {
    var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: enough for 20 digits
    withUnsafeMutableBytes(of: &buffer) { raw in
      var i = raw.count
      var n = n
      repeat {
        i -= 1
        raw[i] = UInt8(ascii: "0") + UInt8(n % 10)
        n /= 10
      } while n > 0 || raw.count - i < minimum
      out.append(contentsOf: raw[i...])
    }
  }
}

/// Path data (`d`) built from numbers in `SVGNumber`'s format.
struct SVGPath {
  private(set) var data: [UInt8] = []

  mutating func move(_ x: Double, _ y: Double) { command("M", [x, y]) }
  mutating func line(_ x: Double, _ y: Double) { command("L", [x, y]) }
  /// A circular arc of radius `r` to (x, y); `large` and `sweep` are SVG's flags.
  mutating func arc(_ r: Double, large: Bool = false, sweep: Bool = true, _ x: Double, _ y: Double) {
    command("A", [r, r, 0, large ? 1 : 0, sweep ? 1 : 0, x, y])
  }
  mutating func close() { data.append(UInt8(ascii: "Z")) }

  private mutating func command(_ c: Unicode.Scalar, _ values: [Double]) {
    data.append(UInt8(ascii: c))
    for (i, v) in values.enumerated() {
      if i > 0 { data.append(UInt8(ascii: " ")) }
      SVGNumber.append(v, to: &data)
    }
  }

  /// A rectangle whose bottom corners only are rounded (a band at the bottom of a rounded card).
  static func bottomRounded(x: Double, y: Double, w: Double, h: Double, r: Double) -> SVGPath {
    let r = max(0, min(r, w / 2, h))
    var p = SVGPath()
    p.move(x, y)
    p.line(x + w, y)
    p.line(x + w, y + h - r)
    p.arc(r, x + w - r, y + h)
    p.line(x + r, y + h)
    p.arc(r, x, y + h - r)
    p.close()
    return p
  }

  /// An arc of a circle centred at (cx, cy) from angle `a0` to `a1` (radians, clockwise from 3 o'clock).
  static func arc(cx: Double, cy: Double, r: Double, from a0: Double, to a1: Double) -> SVGPath {
    var p = SVGPath()
    p.move(cx + r * cos(a0), cy + r * sin(a0))
    p.arc(r, large: a1 - a0 > Double.pi, sweep: true, cx + r * cos(a1), cy + r * sin(a1))
    return p
  }
}
