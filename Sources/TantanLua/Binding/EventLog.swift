import LuaRuntime

/// One recorded delegate or data-source call, formatted on demand as `name(arg, ...)`.
public struct Event {
  public enum Arg {
    case int(Int)
    case number(Double)
    case string(String)
    case bool(Bool)
    case none
  }
  public let name: String
  public let args: [Arg]
  public init(_ name: String, _ args: [Arg]) { self.name = name; self.args = args }

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
/// `limit` the oldest half is dropped and counted in `dropped`.
///
/// Plugins see every event through `observer` (their `host.on("event", fn)` hooks). A binding
/// creates its log with `EventLog(host: host, component: "deck")`; with no event hook registered
/// the observer is nil and `append` pays one branch. The hooks run inside `append`, after the
/// event is recorded; events a hook causes are not delivered again. A hook gets the event as a
/// table and should not call back into the component that raised it (that would re-enter the
/// log while it is being appended to).
public struct EventLog {
  public private(set) var events: [Event] = []
  public private(set) var dropped = 0
  public var limit = 100_000
  public var observer: EventObserver?

  public init() {}

  /// A log whose events also reach the plugins' `event` hooks of `host` (`component`: "deck",
  /// "grid", "list", ... as the hooks see it).
  public init(host: TantanHost, component: String) {
    observer = host.plugins.eventObserver(component: component)
  }

  public mutating func append(_ e: Event) {
    if events.count >= limit {
      let cut = max(1, limit / 2)
      events.removeFirst(min(cut, events.count))
      dropped += cut
    }
    events.append(e)
    if let observer { observer.observe(e) }
  }

  public mutating func clear() { events.removeAll(keepingCapacity: true); dropped = 0 }

  /// Pushes a Lua array of the formatted events.
  public func push(_ lua: Lua) {
    lua.newTable(narr: Int32(clamping: events.count))
    for (i, e) in events.enumerated() {
      lua.push(e.format(lua))
      lua.rawSet(-2, index: i + 1)
    }
  }
}
