import CLua
import LuaRuntime
import TantanLua

/// The title of a traced call as the script wrote it, roughly: `deck:pan(150, 10, {steps=3})`,
/// `tantan.grid{columns=4, items={…}}`. Arguments are read raw (no metamethods run), strings and
/// the whole text are shortened so a huge argument cannot bloat the trace.
enum TraceCallText {
  static let maxArgument = 48
  static let maxTitle = 160

  /// Names a host object argument (a component's label); nil: its class name.
  typealias Labels = (AnyObject) -> String?

  static func method(_ receiver: String, _ name: String, _ lua: Lua, _ labels: Labels) -> String {
    shorten("\(receiver):\(name)(\(arguments(lua, from: 2, labels)))")
  }

  static func function(_ name: String, _ lua: Lua, _ labels: Labels) -> String {
    if lua.top == 1, lua.type(1) == LUA_TTABLE { return shorten(name + table(lua, 1, depth: 0)) }
    return shorten("\(name)(\(arguments(lua, from: 1, labels)))")
  }

  static func arguments(_ lua: Lua, from first: Int32, _ labels: Labels) -> String {
    guard lua.top >= first else { return "" }
    return (first...lua.top).map { i in
      if let object = lua.classObject(at: i), let label = labels(object) { return label }
      return value(lua, i, depth: 0)
    }.joined(separator: ", ")
  }

  static func value(_ lua: Lua, _ i: Int32, depth: Int) -> String {
    switch lua.type(i) {
    case LUA_TNIL: return "nil"
    case LUA_TBOOLEAN: return lua.bool(i) ? "true" : "false"
    case LUA_TNUMBER:
      if let n = lua.integer(i) { return String(n) }
      return lua.formatNumber(lua.number(i) ?? 0)
    case LUA_TSTRING: return quote(lua.string(i) ?? "")
    case LUA_TTABLE: return depth > 0 ? "{…}" : table(lua, i, depth: depth + 1)
    case LUA_TFUNCTION: return "function"
    default: return lua.typeName(i)
    }
  }

  /// `{a=1, b="x", …}` with at most 4 entries, array part first; nested tables as `{…}`.
  static func table(_ lua: Lua, _ t: Int32, depth: Int) -> String {
    let t = lua.absIndex(t)
    var parts: [String] = []
    let n = lua.rawLength(t)
    for k in 1...max(min(n, 4), 1) where n > 0 {
      lua.rawGet(t, index: k)
      parts.append(value(lua, -1, depth: depth + 1))
      lua.pop()
    }
    var more = n > 4
    var named: [(String, String)] = []
    lua.pushNil()
    while lua_next(lua.L, t) != 0 {
      defer { lua.pop() }
      if lua.type(-2) == LUA_TSTRING, let key = lua.string(-2) {
        named.append((key, value(lua, -1, depth: depth + 1)))
      }
    }
    named.sort { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }  // hash order is not deterministic
    for (key, v) in named where parts.count < 4 { parts.append("\(key)=\(v)") }
    if named.count + min(n, 4) > parts.count { more = true }
    return "{" + parts.joined(separator: ", ") + (more ? (parts.isEmpty ? "…" : ", …") : "") + "}"
  }

  /// Quoted as events quote strings, cut after `maxArgument` characters.
  static func quote(_ s: String) -> String {
    let scalars = s.unicodeScalars
    guard scalars.count > maxArgument else { return Event.quote(s) }
    return Event.quote(String(String.UnicodeScalarView(scalars.prefix(maxArgument))) + "…")
  }

  static func shorten(_ s: String) -> String {
    guard s.count > maxTitle else { return s }
    return String(s.prefix(maxTitle - 1)) + "…"
  }
}
