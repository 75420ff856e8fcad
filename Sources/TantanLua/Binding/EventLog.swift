import LuaRuntime

/// One recorded delegate or data-source call, formatted on demand as `name(arg, ...)`.
/// Up to three arguments are stored inline, so recording an event allocates nothing (a swipe
/// records six); more spill into an array.
public struct Event {
  public enum Arg {
    case int(Int)
    case number(Double)
    case string(String)
    case bool(Bool)
    case none
  }
  public let name: String
  private let a0: Arg, a1: Arg, a2: Arg
  private let inlineCount: UInt8
  private let spilled: [Arg]?

  public init(_ name: String, _ args: [Arg]) {
    self.name = name
    if args.count <= 3 {
      a0 = args.count > 0 ? args[0] : .none
      a1 = args.count > 1 ? args[1] : .none
      a2 = args.count > 2 ? args[2] : .none
      inlineCount = UInt8(args.count)
      spilled = nil
    } else {
      a0 = .none; a1 = .none; a2 = .none; inlineCount = 0
      spilled = args
    }
  }

  /// Allocation-free forms for the hot paths (an array literal argument would allocate).
  public init(_ name: String) { self.name = name; a0 = .none; a1 = .none; a2 = .none; inlineCount = 0; spilled = nil }
  public init(_ name: String, _ a: Arg) { self.name = name; a0 = a; a1 = .none; a2 = .none; inlineCount = 1; spilled = nil }
  public init(_ name: String, _ a: Arg, _ b: Arg) { self.name = name; a0 = a; a1 = b; a2 = .none; inlineCount = 2; spilled = nil }
  public init(_ name: String, _ a: Arg, _ b: Arg, _ c: Arg) { self.name = name; a0 = a; a1 = b; a2 = c; inlineCount = 3; spilled = nil }

  public var args: [Arg] {
    if let spilled { return spilled }
    return Array([a0, a1, a2].prefix(Int(inlineCount)))
  }

  /// Integers as integers, other numbers as Lua prints them, strings quoted: `did_swipe(3, "right")`.
  public func format(_ lua: Lua) -> String {
    let parts = args.map { a -> String in
      switch a {
      case .int(let i): return String(i)
      case .number(let d): return lua.formatNumber(d)
      case .string(let s): return quote(s)
      case .bool(let b): return b ? "true" : "false"
      case .none: return "nil"
      }
    }
    return "\(name)(\(parts.joined(separator: ", ")))"
  }

  private func quote(_ s: String) -> String {
    var out = "\""
    for c in s.unicodeScalars {
      switch c {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case _ where c.value < 0x20: out += "\\\(c.value)"
      default: out.unicodeScalars.append(c)
      }
    }
    return out + "\""
  }
}

/// Events of one component, oldest first. Bounded so a million-swipe run stays small: past
/// `limit` each new event replaces the oldest (a ring, so nothing is moved), counted in `dropped`.
public struct EventLog {
  private var ring: [Event] = []
  /// Index of the oldest event once the ring has wrapped.
  private var head = 0
  public private(set) var dropped = 0
  public var limit = 100_000

  public init() {}

  /// The kept events, oldest first.
  public var events: [Event] { head == 0 ? ring : Array(ring[head...]) + ring[..<head] }

  public mutating func append(_ e: Event) {
    let cap = max(limit, 1)
    if ring.count < cap && head == 0 {
      ring.append(e)
      return
    }
    if head != 0 && ring.count != cap {  // the limit changed after wrapping: straighten first
      ring = events
      head = 0
    }
    while ring.count > cap {
      ring.removeFirst()
      dropped += 1
    }
    if ring.count < cap {
      ring.append(e)
      return
    }
    ring[head] = e
    head += 1
    if head == ring.count { head = 0 }
    dropped += 1
  }

  public mutating func clear() {
    ring.removeAll(keepingCapacity: true)
    head = 0
    dropped = 0
  }

  /// Pushes a Lua array of the formatted events.
  public func push(_ lua: Lua) {
    let all = events
    lua.newTable(narr: Int32(clamping: all.count))
    for (i, e) in all.enumerated() {
      lua.push(e.format(lua))
      lua.rawSet(-2, index: i + 1)
    }
  }
}
