import CLua
import CLuaShim
import LuaRuntime

/// What the renderer shows of a view model: a title, an optional subtitle and an optional colour.
///
/// A string or number is the title itself. A table is read by key, raw (no metamethods, no Lua
/// code runs, so drawing never changes anything): the title is the first string or number among
/// `title`, `name`, `text`, `label`; the subtitle among `subtitle`, `detail`, `author`; the colour
/// is `color` or `colour` as `#rgb` or `#rrggbb`. Anything else leaves the part out, and each
/// renderer falls back to its default (a numbered title, a palette colour by item index).
struct ViewModelLabel {
  var title: String?
  var subtitle: String?
  var color: RGBColor?

  static let titleKeys = ["title", "name", "text", "label"]
  static let subtitleKeys = ["subtitle", "detail", "author"]
  static let colorKeys = ["color", "colour"]

  /// Reads the value a reference holds, on `lua`'s stack (balanced).
  static func read(_ ref: LuaRef, _ lua: Lua) -> ViewModelLabel {
    guard lua_checkstack(lua.L, 3) != 0 else { return ViewModelLabel() }
    ref.push(lua)
    defer { lua.pop() }
    return read(lua, -1)
  }

  /// Reads the value at `index`.
  static func read(_ lua: Lua, _ index: Int32) -> ViewModelLabel {
    let t = lua.type(index)
    if t == LUA_TSTRING || t == LUA_TNUMBER { return ViewModelLabel(title: text(lua, index)) }
    guard t == LUA_TTABLE else { return ViewModelLabel() }
    let table = lua.absIndex(index)
    func first(_ keys: [String]) -> String? {
      for k in keys {
        let kind = lua.rawGet(table, k)
        defer { lua.pop() }
        if kind == LUA_TSTRING || kind == LUA_TNUMBER { return text(lua, -1) }
      }
      return nil
    }
    return ViewModelLabel(
      title: first(titleKeys), subtitle: first(subtitleKeys), color: first(colorKeys).flatMap(RGBColor.init(hex:)))
  }

  /// The string (or number) at `index`, at most its first 64 KB: a label shows a line of it.
  private static func text(_ lua: Lua, _ index: Int32) -> String? {
    var length = 0
    guard let p = tt_tostring(lua.L, index, &length) else { return nil }
    return String(decoding: UnsafeRawBufferPointer(start: p, count: min(length, 65536)), as: UTF8.self)
  }

  /// Reads a list payload's snapshot (taken when the list last loaded its data).
  static func read(_ value: LuaValue) -> ViewModelLabel {
    switch value {
    case .string, .integer, .number: return ViewModelLabel(title: scalarText(value))
    case .table(_, let entries):
      func first(_ keys: [String]) -> String? {
        for k in keys {
          if let e = entries.first(where: { $0.key == .string(k) }), let s = scalarText(e.value) { return s }
        }
        return nil
      }
      return ViewModelLabel(
        title: first(titleKeys), subtitle: first(subtitleKeys), color: first(colorKeys).flatMap(RGBColor.init(hex:)))
    default: return ViewModelLabel()
    }
  }

  private static func scalarText(_ v: LuaValue) -> String? {
    switch v {
    case .string(let s): return s
    case .integer(let n): return String(n)
    case .number(let d): return SVGNumber.format(d, decimals: 6)
    default: return nil
    }
  }
}

/// An sRGB colour written as `#rrggbb`.
struct RGBColor: Equatable {
  var r: UInt8
  var g: UInt8
  var b: UInt8

  /// `#rgb` or `#rrggbb` (either case); nil for anything else.
  init?(hex: String) {
    let digits = Array(hex.utf8)
    guard digits.first == UInt8(ascii: "#") else { return nil }
    let values = digits.dropFirst().map(Self.hexValue)
    guard !values.contains(nil) else { return nil }
    let v = values.map { $0! }
    switch v.count {
    case 3: self.init(r: v[0] * 17, g: v[1] * 17, b: v[2] * 17)
    case 6: self.init(r: v[0] * 16 + v[1], g: v[2] * 16 + v[3], b: v[4] * 16 + v[5])
    default: return nil
    }
  }

  init(r: UInt8, g: UInt8, b: UInt8) {
    self.r = r
    self.g = g
    self.b = b
  }

  var hex: String {
    let digits = Array("0123456789abcdef".utf8)
    var s = "#"
    for c in [r, g, b] {
      s.unicodeScalars.append(Unicode.Scalar(digits[Int(c / 16)]))
      s.unicodeScalars.append(Unicode.Scalar(digits[Int(c % 16)]))
    }
    return s
  }

  /// True when dark text reads better on it than white.
  var isLight: Bool { 299 * Int(r) + 587 * Int(g) + 114 * Int(b) > 160_000 }

  /// A default card colour for item `index` (0-based), cycling through a fixed palette.
  static func palette(_ index: Int) -> RGBColor {
    let colors: [RGBColor] = [
      .init(r: 0xff, g: 0x6b, b: 0x6b), .init(r: 0x4d, g: 0x96, b: 0xff), .init(r: 0x1d, g: 0xd1, b: 0xa1),
      .init(r: 0xfe, g: 0xca, b: 0x57), .init(r: 0x9b, g: 0x59, b: 0xb6), .init(r: 0xff, g: 0x9f, b: 0x43),
      .init(r: 0x00, g: 0xb8, b: 0xd4), .init(r: 0xee, g: 0x52, b: 0x8f),
    ]
    let i = index % colors.count
    return colors[i < 0 ? i + colors.count : i]
  }

  private static func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
