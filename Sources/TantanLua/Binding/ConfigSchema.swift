import LuaRuntime

/// One key of a config table: its LuaLS type, default (as the reference shows it), doc, whether a
/// plugin preset may set it, and the reader into the Swift config (nil: the binding reads it
/// itself, like `items` or `delegate`).
struct ConfigKey<Config>: @unchecked Sendable {  // immutable; the reader is a pure function
  let key: String
  let type: String
  let defaultValue: String
  let doc: String
  let preset: Bool
  let read: ((ConfigReader, inout Config) throws(LuaCallError) -> Void)?

  init(
    _ key: String, _ type: String, default defaultValue: String, _ doc: String, preset: Bool = true,
    read: ((ConfigReader, inout Config) throws(LuaCallError) -> Void)?
  ) {
    self.key = key; self.type = type; self.defaultValue = defaultValue; self.doc = doc; self.preset = preset;
    self.read = read
  }

  /// The doc with the default as a sentence of its own (`Default: 300.`, `Required.`).
  var documented: String { doc + (defaultValue == "required" ? " Required." : " Default: \(defaultValue).") }

  /// A finite number into `path`.
  static func number(
    _ key: String, _ path: WritableKeyPath<Config, Double>, default d: String, _ doc: String
  ) -> Self {
    .init(key, "number", default: d, doc) { (r, c) throws(LuaCallError) in
      if let v = try r.number(key) { c[keyPath: path] = v }
    }
  }

  /// A finite number into an optional `path` (nil there means the model's own default).
  static func number(
    _ key: String, _ path: WritableKeyPath<Config, Double?>, default d: String, _ doc: String
  ) -> Self {
    .init(key, "number", default: d, doc) { (r, c) throws(LuaCallError) in
      if let v = try r.number(key) { c[keyPath: path] = v }
    }
  }

  static func integer(_ key: String, _ path: WritableKeyPath<Config, Int>, default d: String, _ doc: String) -> Self {
    .init(key, "integer", default: d, doc) { (r, c) throws(LuaCallError) in
      if let v = try r.integer(key) { c[keyPath: path] = v }
    }
  }

  static func string(_ key: String, _ path: WritableKeyPath<Config, String>, default d: String, _ doc: String) -> Self {
    .init(key, "string", default: d, doc) { (r, c) throws(LuaCallError) in
      if let v = try r.string(key) { c[keyPath: path] = v }
    }
  }

  /// A string naming a case of a Swift enum (`"half_cell"|...`).
  static func option<E: RawRepresentable & CaseIterable>(
    _ key: String, _ path: WritableKeyPath<Config, E>, default d: String, _ doc: String
  ) -> Self where E.RawValue == String {
    let cases = E.allCases.map(\.rawValue)
    return .init(key, cases.map { "\"\($0)\"" }.joined(separator: "|"), default: d, doc) {
      (r, c) throws(LuaCallError) in
      if let s = try r.string(key, options: cases), let v = E(rawValue: s) { c[keyPath: path] = v }
    }
  }

  /// A nested table read by its own schema over the same config. `prepare` runs first when the
  /// table is given (partial tables: fill in the defaults the nested keys then override).
  static func table(
    _ key: String, _ nested: ConfigSchema<Config>, default d: String, _ doc: String,
    prepare: @escaping (inout Config) -> Void = { _ in }
  ) -> Self {
    .init(key, nested.tableType, default: d, doc) { (r, c) throws(LuaCallError) in
      guard let t = try r.table(key) else { return }
      try t.rejectUnknown(nested.keys)
      prepare(&c)
      try nested.apply(t, to: &c)
    }
  }

  /// A key the binding reads itself (data, callbacks): declared here for the docs and known keys.
  static func custom(_ key: String, _ type: String, default d: String, _ doc: String, preset: Bool = false) -> Self {
    .init(key, type, default: d, doc, preset: preset, read: nil)
  }
}

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
