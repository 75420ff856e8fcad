import CLua
import LuaRuntime

/// One recorded delegate or data-source call, formatted on demand as `name(arg, ...)`.
package struct Event {
  enum Arg {
    case int(Int)
    case number(Double)
    case string(String)
    case bool(Bool)
    case none
    /// Printed as is, e.g. `<table>` for a value with no deterministic plain rendering.
    case raw(String)
  }
  let name: String
  let args: [Arg]
  init(_ name: String, _ args: [Arg]) { self.name = name; self.args = args }

  /// Integers as integers, other numbers as Lua prints them, strings quoted: `did_swipe(3, "right")`.
  package func format(_ lua: Lua) -> String {
    let parts = args.map { a -> String in
      switch a {
      case .int(let i): return String(i)
      case .number(let d): return lua.formatNumber(d)
      case .string(let s): return Self.quote(s)
      case .bool(let b): return b ? "true" : "false"
      case .none: return "nil"
      case .raw(let s): return s
      }
    }
    return "\(name)(\(parts.joined(separator: ", ")))"
  }

  /// A string argument as events print it: `"a \"b\"\n"`.
  package static func quote(_ s: String) -> String {
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

  /// The Lua value at `i` as an argument: scalars as themselves, other values by type (`<table>`),
  /// since addresses would not be deterministic.
  static func value(_ lua: Lua, _ i: Int32) -> Arg {
    switch lua.type(i) {
    case LUA_TNIL: return .none
    case LUA_TBOOLEAN: return .bool(lua.bool(i))
    case LUA_TNUMBER:
      if lua_isinteger(lua.L, i) != 0, let n = lua.integer(i) { return .int(n) }
      return .number(lua.number(i) ?? .nan)
    case LUA_TSTRING: return .string(lua.string(i) ?? "")
    default: return .raw("<\(lua.typeName(i))>")
    }
  }
}
