import CLua
import LuaRuntime

/// Reads a config table argument (`tantan.deck{...}`) with raw access, so a config is plain data.
/// Errors name the key: `bad argument #1 to 'deck' (width: finite number expected, got nan)`.
struct ConfigReader {
  let lua: Lua
  /// Absolute stack index of the table, or nil when the argument was nil/absent.
  let index: Int32?
  let arg: Int32
  let path: String

  init(_ lua: Lua, arg: Int32, optional: Bool = true) throws(LuaCallError) {
    self.lua = lua; self.arg = arg; self.path = ""
    if lua.isNoneOrNil(arg), optional { index = nil; return }
    try lua.checkTable(arg)
    index = lua.absIndex(arg)
  }

  /// A reader of the table at absolute stack `index` whose errors name argument `arg` (a plugin
  /// preset's table read as the base of the user's config).
  init(lua: Lua, index: Int32?, arg: Int32, path: String) {
    self.lua = lua; self.index = index; self.arg = arg; self.path = path
  }

  func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  func error(_ key: String, _ msg: String) -> LuaCallError { .argument(arg, "\(name(key)): \(msg)") }

  /// Pushes the raw value of `key`, runs `body` with its index, pops it.
  func with<T>(_ key: String, _ body: (Int32) throws(LuaCallError) -> T?) throws(LuaCallError) -> T? {
    guard let index else { return nil }
    try reserve()
    lua.rawGet(index, key)
    defer { lua.pop() }
    if lua.isNoneOrNil(-1) { return nil }
    return try body(lua.absIndex(-1))
  }

  func has(_ key: String) -> Bool {
    guard let index else { return false }
    defer { lua.pop() }
    return lua.rawGet(index, key) != LUA_TNIL
  }

  func number(_ key: String, min: Double = -.infinity, max: Double = .infinity) throws(LuaCallError) -> Double? {
    try with(key) { (i: Int32) throws(LuaCallError) -> Double? in
      guard let d = lua.number(i) else { throw error(key, "number expected, got \(lua.typeName(i))") }
      let shown = lua.string(i) ?? lua.formatNumber(d)  // as the script wrote it: -1, not -1.0
      guard d.isFinite else { throw error(key, "finite number expected, got \(shown)") }
      guard d >= min, d <= max else {
        throw error(key, "number out of range (\(shown); expected \(lua.formatNumber(min))..\(lua.formatNumber(max)))")
      }
      return d
    }
  }

  func integer(_ key: String, min: Int = .min, max: Int = .max) throws(LuaCallError) -> Int? {
    try with(key) { (i: Int32) throws(LuaCallError) -> Int? in
      guard lua.type(i) == LUA_TNUMBER else { throw error(key, "integer expected, got \(lua.typeName(i))") }
      guard let v = lua.integer(i) else { throw error(key, "number has no integer representation") }
      guard v >= min, v <= max else { throw error(key, "integer out of range (\(v); expected \(min)..\(max))") }
      return v
    }
  }

  func bool(_ key: String) throws(LuaCallError) -> Bool? {
    try with(key) { (i: Int32) throws(LuaCallError) -> Bool? in
      guard lua.type(i) == LUA_TBOOLEAN else { throw error(key, "boolean expected, got \(lua.typeName(i))") }
      return lua.bool(i)
    }
  }

  func string(_ key: String, options: [String]? = nil) throws(LuaCallError) -> String? {
    try with(key) { (i: Int32) throws(LuaCallError) -> String? in
      guard lua.type(i) == LUA_TSTRING, let s = lua.string(i) else {
        throw error(key, "string expected, got \(lua.typeName(i))")
      }
      if let options, !options.contains(s) {
        throw error(key, "invalid option '\(s)' (expected \(options.map { "'\($0)'" }.joined(separator: ", ")))")
      }
      return s
    }
  }

  /// A nested table (`offset = {x=, y=}`), or nil when absent.
  func table(_ key: String) throws(LuaCallError) -> ConfigReader? {
    guard let index else { return nil }
    try reserve()
    let t = lua.rawGet(index, key)
    if t == LUA_TNIL { lua.pop(); return nil }
    guard t == LUA_TTABLE else {
      let got = lua.typeName(-1)
      lua.pop()
      throw error(key, "table expected, got \(got)")
    }
    // The nested table stays on the stack until the caller's frame ends (the trampoline cleans up).
    return ConfigReader(lua: lua, index: lua.absIndex(-1), arg: arg, path: name(key))
  }

  /// Pushes the raw value of `key` (any type) and returns its type; the caller pops.
  @discardableResult func push(_ key: String) -> Int32 {
    guard let index else { lua.pushNil(); return LUA_TNIL }
    return lua.rawGet(index, key)
  }

  /// Room for a key, its value and a temporary: nested readers keep their tables on the stack.
  func reserve() throws(LuaCallError) {
    guard lua.reserve(3) else { throw .message("out of stack space") }
  }

  /// Rejects keys that are not in `known`: a typo in a config key is an error, not a silent default.
  func rejectUnknown(_ known: [String]) throws(LuaCallError) {
    guard let index else { return }
    try reserve()
    lua.pushNil()
    while lua_next(lua.L, index) != 0 {
      lua.pop()
      guard lua.type(-1) == LUA_TSTRING, let k = lua.string(-1) else {
        let got = lua.typeName(-1)
        lua.pop()
        throw .argument(arg, "\(path.isEmpty ? "config" : path): unexpected \(got) key")
      }
      if !known.contains(k) {
        lua.pop()
        throw error(k, "unknown key (known keys: \(known.sorted().joined(separator: ", ")))")
      }
    }
  }
}
