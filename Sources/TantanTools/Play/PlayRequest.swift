import TantanLua

/// A message from the page, validated: every field checked for presence, type and range before
/// anything uses it. Anything else is refused with a reason (and the page is told), never acted on.
enum PlayRequest: Equatable {
  case pointer(component: String, PlayPointer)
  case wheel(component: String, dy: Double)
  case button(component: String, name: String)
  /// A config control moved: `value` nil puts the key back to the script's own value.
  case config(component: String, key: String, value: PlayArg?)
  case pause(Bool)
  case step
  case speed(Double)
  case record(Bool)
  case restart

  /// Names, keys and labels: short and plain (labels are `deck#2`, keys `durations.swipe`).
  static let maxName = 64
  /// Coordinates and speeds beyond this are nonsense from any pointer.
  static let maxCoordinate = 1e7

  struct Refusal: Error, Equatable, CustomStringConvertible {
    let description: String
  }

  static func decode(_ bytes: [UInt8]) throws(Refusal) -> PlayRequest {
    guard let text = String(validating: bytes, as: UTF8.self) else { throw Refusal(description: "not UTF-8") }
    let json: JSONValue
    do { json = try JSONValue.parse(text) } catch { throw Refusal(description: error.description) }
    guard case .object = json else { throw Refusal(description: "a JSON object expected") }
    let type = try name(json, "type")
    switch type {
    case "pointer":
      let phaseName = try name(json, "phase")
      guard let phase = PlayPointer.Phase(rawValue: phaseName) else {
        throw Refusal(description: "phase: down, move, up or cancel expected, got '\(phaseName)'")
      }
      var p = PlayPointer(phase: phase, x: try number(json, "x"), y: try number(json, "y"))
      p.vx = try number(json, "vx", optional: true) ?? 0
      p.vy = try number(json, "vy", optional: true) ?? 0
      p.height = try number(json, "height", optional: true) ?? 0
      return .pointer(component: try name(json, "component"), p)
    case "wheel": return .wheel(component: try name(json, "component"), dy: try number(json, "dy"))
    case "button": return .button(component: try name(json, "component"), name: try name(json, "name"))
    case "config":
      return .config(component: try name(json, "component"), key: try name(json, "key"), value: try value(json))
    case "pause": return .pause(try flag(json, "paused"))
    case "step": return .step
    case "speed":
      let s = try number(json, "speed")
      guard s >= 0.1 && s <= 1 else { throw Refusal(description: "speed: 0.1 to 1 expected, got \(s)") }
      return .speed(s)
    case "record": return .record(try flag(json, "on"))
    case "restart": return .restart
    default: throw Refusal(description: "unknown message type '\(type)'")
    }
  }

  private static func name(_ j: JSONValue, _ key: String) throws(Refusal) -> String {
    guard let s = j[key].string else { throw Refusal(description: "\(key): a string expected") }
    guard !s.isEmpty, s.utf8.count <= maxName, s.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F })
    else {
      throw Refusal(description: "\(key): 1 to \(maxName) printable ASCII characters expected")
    }
    return s
  }

  private static func number(_ j: JSONValue, _ key: String, optional: Bool = false) throws(Refusal) -> Double? {
    if optional, case .null = j[key] { return nil }
    guard let d = j[key].double, d.isFinite, abs(d) <= maxCoordinate else {
      throw Refusal(description: "\(key): a finite number expected")
    }
    return d
  }

  private static func number(_ j: JSONValue, _ key: String) throws(Refusal) -> Double {
    try number(j, key, optional: false)!
  }

  private static func flag(_ j: JSONValue, _ key: String) throws(Refusal) -> Bool {
    guard let b = j[key].bool else { throw Refusal(description: "\(key): a boolean expected") }
    return b
  }

  /// A config value: a finite number, a boolean, a short string, or null (back to the script's).
  private static func value(_ j: JSONValue) throws(Refusal) -> PlayArg? {
    switch j["value"] {
    case .null: return nil
    case .bool(let b): return .bool(b)
    case .int(let i): return .integer(i)
    case .decimal(let d):
      guard let v = Double(d), v.isFinite else { throw Refusal(description: "value: a finite number expected") }
      return .number(v)
    case .string(let s):
      guard s.utf8.count <= 256 else { throw Refusal(description: "value: at most 256 bytes of text") }
      return .string(s)
    default: throw Refusal(description: "value: a number, boolean, string or null expected")
    }
  }
}

extension PlayPointer: Equatable {
  static func == (a: PlayPointer, b: PlayPointer) -> Bool {
    a.phase == b.phase && a.x == b.x && a.y == b.y && a.vx == b.vx && a.vy == b.vy && a.height == b.height
  }
}
