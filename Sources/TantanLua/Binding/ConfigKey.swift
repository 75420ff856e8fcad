import LuaRuntime

/// One key of a config table: its LuaLS type, default (a value: `ConfigDefault`), doc, whether a
/// plugin preset may set it, and the reader into the Swift config (nil: the binding reads it
/// itself, like `items` or `delegate`). The builders below are shared by every component.
struct ConfigKey<Config>: @unchecked Sendable {  // immutable; the reader is a pure function
  let key: String
  let type: String
  let defaultValue: ConfigDefault
  let doc: String
  let preset: Bool
  let read: ((ConfigReader, inout Config) throws(LuaCallError) -> Void)?
  /// The key's value in a config, as Lua sees it (nil: not one value the builder knows): what
  /// ConfigDefaultsTests holds the declared default against, on the model's default config.
  let current: ((Config) -> LuaValue)?

  init(
    _ key: String, _ type: String, default defaultValue: ConfigDefault, _ doc: String, preset: Bool = true,
    current: ((Config) -> LuaValue)? = nil, read: ((ConfigReader, inout Config) throws(LuaCallError) -> Void)?
  ) {
    self.key = key; self.type = type; self.defaultValue = defaultValue; self.doc = doc; self.preset = preset;
    self.current = current; self.read = read
  }

  /// The doc with the default as a sentence of its own (`Default: 300.`, `Required.`).
  var documented: String { doc + (defaultValue == .required ? " Required." : " Default: \(defaultValue.text).") }

  /// A finite number into `path`.
  static func number(
    _ key: String, _ path: WritableKeyPath<Config, Double>, default d: ConfigDefault, _ doc: String
  ) -> Self {
    .init(
      key, "number", default: d, doc, current: { .number($0[keyPath: path]) },
      read: { (r, c) throws(LuaCallError) in
        if let v = try r.number(key) { c[keyPath: path] = v }
      })
  }

  /// A finite number into an optional `path` (nil there means the model's own default).
  static func number(
    _ key: String, _ path: WritableKeyPath<Config, Double?>, default d: ConfigDefault, _ doc: String
  ) -> Self {
    .init(
      key, "number", default: d, doc, current: { $0[keyPath: path].map { .number($0) } ?? .nil },
      read: {
        (r, c) throws(LuaCallError) in
        if let v = try r.number(key) { c[keyPath: path] = v }
      })
  }

  static func integer(_ key: String, _ path: WritableKeyPath<Config, Int>, default d: ConfigDefault, _ doc: String)
    -> Self
  {
    .init(
      key, "integer", default: d, doc, current: { .integer($0[keyPath: path]) },
      read: { (r, c) throws(LuaCallError) in
        if let v = try r.integer(key) { c[keyPath: path] = v }
      })
  }

  static func string(_ key: String, _ path: WritableKeyPath<Config, String>, default d: ConfigDefault, _ doc: String)
    -> Self
  {
    .init(
      key, "string", default: d, doc, current: { .string($0[keyPath: path]) },
      read: { (r, c) throws(LuaCallError) in
        if let v = try r.string(key) { c[keyPath: path] = v }
      })
  }

  /// A string naming a case of a Swift enum (`"half_cell"|...`).
  static func option<E: RawRepresentable & CaseIterable>(
    _ key: String, _ path: WritableKeyPath<Config, E>, default d: ConfigDefault, _ doc: String
  ) -> Self where E.RawValue == String {
    let cases = E.allCases.map(\.rawValue)
    return .init(
      key, cases.map { "\"\($0)\"" }.joined(separator: "|"), default: d, doc,
      current: { .string($0[keyPath: path].rawValue) },
      read: { (r, c) throws(LuaCallError) in
        if let s = try r.string(key, options: cases), let v = E(rawValue: s) { c[keyPath: path] = v }
      })
  }

  /// A nested table read by its own schema over the same config. `prepare` runs first when the
  /// table is given (partial tables: fill in the defaults the nested keys then override).
  static func table(
    _ key: String, _ nested: ConfigSchema<Config>, default d: ConfigDefault, _ doc: String,
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
  static func custom(_ key: String, _ type: String, default d: ConfigDefault, _ doc: String, preset: Bool = false)
    -> Self
  {
    .init(key, type, default: d, doc, preset: preset, read: nil)
  }
}

extension ConfigKey {
  /// A finite number >= `min` into `path` (the reader's range error names the key).
  static func number(
    _ key: String, _ path: WritableKeyPath<Config, Double>, min: Double, default d: ConfigDefault, _ doc: String
  ) -> Self {
    .init(
      key, "number", default: d, doc, current: { .number($0[keyPath: path]) },
      read: { (r, c) throws(LuaCallError) in
        if let v = try r.number(key, min: min) { c[keyPath: path] = v }
      })
  }

  static func integer(
    _ key: String, _ path: WritableKeyPath<Config, Int>, min: Int, max: Int = .max, default d: ConfigDefault,
    _ doc: String
  ) -> Self {
    .init(
      key, "integer", default: d, doc, current: { .integer($0[keyPath: path]) },
      read: { (r, c) throws(LuaCallError) in
        if let v = try r.integer(key, min: min, max: max) { c[keyPath: path] = v }
      })
  }

  static func integer(
    _ key: String, _ path: WritableKeyPath<Config, Int?>, min: Int, default d: ConfigDefault, _ doc: String
  )
    -> Self
  {
    .init(
      key, "integer", default: d, doc, current: { $0[keyPath: path].map { .integer($0) } ?? .nil },
      read: {
        (r, c) throws(LuaCallError) in
        if let v = try r.integer(key, min: min) { c[keyPath: path] = v }
      })
  }

  static func boolean(_ key: String, _ path: WritableKeyPath<Config, Bool>, default d: ConfigDefault, _ doc: String)
    -> Self
  {
    .init(
      key, "boolean", default: d, doc, current: { .bool($0[keyPath: path]) },
      read: { (r, c) throws(LuaCallError) in
        if let v = try r.bool(key) { c[keyPath: path] = v }
      })
  }

  /// A nested table documented as its own class (`tantan.ListRefreshConfig`), whose known keys are
  /// the schema's and the declared callbacks' (the binding reads the callbacks itself).
  static func classTable<D: CallbackDeclaration>(
    _ key: String, _ nested: ConfigSchema<Config>, callbacks: D.Type, default d: ConfigDefault, _ doc: String,
    prepare: @escaping (inout Config) -> Void
  ) -> Self {
    let known = nested.keys + D.names
    return .init(key, nested.luaClass, default: d, doc) { (r, c) throws(LuaCallError) in
      guard let t = try r.table(key) else { return }
      try t.rejectUnknown(known)
      prepare(&c)
      try nested.apply(t, to: &c)
    }
  }
}
