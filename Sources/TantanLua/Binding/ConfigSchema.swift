import LuaRuntime

/// The keys of a config table, declared once: the reader (`apply`), the known keys of the unknown
/// key error, the keys a plugin preset may set, and the reference rows come from it.
struct ConfigSchema<Config>: @unchecked Sendable {  // immutable rows
  /// The LuaLS class of the table (`tantan.ReorderGridConfig`); empty for a nested table.
  let luaClass: String
  let doc: String
  let rows: [ConfigKey<Config>]

  init(_ luaClass: String, _ doc: String, _ rows: [ConfigKey<Config>]) {
    self.luaClass = luaClass; self.doc = doc; self.rows = rows
  }

  var keys: [String] { rows.map(\.key) }
  var presetKeys: [String] { rows.filter(\.preset).map(\.key) }
  /// `{width?: number, ...}`: the inline type of a nested table.
  var tableType: String { "{" + rows.map { "\($0.key)?: \($0.type)" }.joined(separator: ", ") + "}" }

  /// The keys this schema reads, in declaration order (a preset's, then the user's, over `c`).
  func apply(_ r: ConfigReader, to c: inout Config) throws(LuaCallError) {
    for row in rows { try row.read?(r, &c) }
  }

  func rejectUnknown(_ r: ConfigReader) throws(LuaCallError) { try r.rejectUnknown(keys) }

  /// A constructor's config argument (`config?: tantan.ReorderGridConfig`): a table, or nil when
  /// `optional`, its unknown keys rejected; the body reads the keys through the reader (a preset
  /// first, `apply`).
  func parameter(_ name: String = "config", optional: Bool = true) -> LuaParam<ConfigReader> {
    LuaParam(name, luaClass, optional: optional) { (lua, arg) throws(LuaCallError) in
      let r = try ConfigReader(lua, arg: arg, optional: optional)
      try rejectUnknown(r)
      return r
    }
  }

  var docs: [LuaDoc] {
    [LuaDoc(.class, luaClass, "", doc)]
      + rows.map { LuaDoc(.key, "\(luaClass).\($0.key)", $0.type, $0.documented) }
  }
}
