import LuaRuntime
import TantanLua

/// A value the playground passes to a component method, a config value, or what the recorder
/// prints: plain data that reads back the same from Lua source (numbers round-trip exactly).
enum PlayArg: Equatable {
  case number(Double)
  case integer(Int)
  case bool(Bool)
  case string(String)

  func push(_ lua: Lua) {
    switch self {
    case .number(let d): lua.push(d)
    case .integer(let i): lua.push(i)
    case .bool(let b): lua.push(b)
    case .string(let s): lua.push(s)
    }
  }

  /// As Lua source: `12.5`, `120` (an integral float prints without `.0`: the methods take
  /// numbers, so 120 and 120.0 are the same argument), `true`, `"text"`.
  var lua: String {
    switch self {
    case .number(let d): return Self.format(d)
    case .integer(let i): return String(i)
    case .bool(let b): return b ? "true" : "false"
    case .string(let s): return Event.quote(s)
    }
  }

  var json: JSONValue {
    switch self {
    case .number(let d): return .decimal(Self.format(d))
    case .integer(let i): return .int(i)
    case .bool(let b): return .bool(b)
    case .string(let s): return .string(s)
    }
  }

  /// The shortest text that reads back as `d` (finite values only reach here).
  static func format(_ d: Double) -> String {
    if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
    return d.description
  }
}

/// A call or a read that failed: the Lua error's message and traceback (as lua.c prints them).
struct PlayFailure: Error {
  let message: String
  let traceback: String?
  /// A limit (memory, instructions, time) tripped: the state can run nothing more.
  var fatal = false
  /// The text of the chunk the message's `file:line` points into, as the run loaded it (a chunk
  /// name is never opened: it can name any file, or a FIFO); nil when the run loaded none.
  var source: (file: String, line: Int, text: String)?

  /// Splits lua.c's "message\nstack traceback:\n..." text.
  init(text: String, fatal: Bool = false) {
    let marker = "\nstack traceback:"
    if let r = Self.find(marker, in: text) {
      message = String(text[..<r])
      traceback = String(text[text.index(after: r)...])
    } else {
      message = text
      traceback = nil
    }
    self.fatal = fatal
  }

  private static func find(_ needle: String, in text: String) -> String.Index? {
    var i = text.startIndex
    while i < text.endIndex {
      if text[i...].hasPrefix(needle) { return i }
      i = text.index(after: i)
    }
    return nil
  }
}
