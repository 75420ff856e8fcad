import LuaRuntime

/// One key of a config table: its LuaLS type, default (as the reference shows it), doc, whether a
/// plugin preset may set it, and the reader into the Swift config (nil: the binding reads it
/// itself, like `items` or `delegate`).
public struct ConfigKey<Config>: @unchecked Sendable {  // immutable; the reader is a pure function
  public let key: String
  public let type: String
  public let defaultValue: String
  public let doc: String
  public let preset: Bool
  let read: ((ConfigReader, inout Config) throws(LuaCallError) -> Void)?

  public init(
    _ key: String, _ type: String, default defaultValue: String, _ doc: String, preset: Bool = true,
    read: ((ConfigReader, inout Config) throws(LuaCallError) -> Void)?
  ) {
    self.key = key; self.type = type; self.defaultValue = defaultValue; self.doc = doc; self.preset = preset; self.read = read
  }

  /// A finite number into `path`.
  public static func number(
    _ key: String, _ path: WritableKeyPath<Config, Double>, default d: String, _ doc: String
  ) -> Self {
    .init(key, "number", default: d, doc) { (r, c) throws(LuaCallError) in
      if let v = try r.number(key) { c[keyPath: path] = v }
    }
  }

  /// A finite number into an optional `path` (nil there means the model's own default).
  public static func number(
    _ key: String, _ path: WritableKeyPath<Config, Double?>, default d: String, _ doc: String
  ) -> Self {
    .init(key, "number", default: d, doc) { (r, c) throws(LuaCallError) in
      if let v = try r.number(key) { c[keyPath: path] = v }
    }
  }

  public static func integer(_ key: String, _ path: WritableKeyPath<Config, Int>, default d: String, _ doc: String) -> Self {
    .init(key, "integer", default: d, doc) { (r, c) throws(LuaCallError) in
      if let v = try r.integer(key) { c[keyPath: path] = v }
    }
  }

  public static func string(_ key: String, _ path: WritableKeyPath<Config, String>, default d: String, _ doc: String) -> Self {
    .init(key, "string", default: d, doc) { (r, c) throws(LuaCallError) in
      if let v = try r.string(key) { c[keyPath: path] = v }
    }
  }

  /// A string naming a case of a Swift enum (`"half_cell"|...`).
  public static func option<E: RawRepresentable & CaseIterable>(
    _ key: String, _ path: WritableKeyPath<Config, E>, default d: String, _ doc: String
  ) -> Self where E.RawValue == String {
    let cases = E.allCases.map(\.rawValue)
    return .init(key, cases.map { "\"\($0)\"" }.joined(separator: "|"), default: d, doc) { (r, c) throws(LuaCallError) in
      if let s = try r.string(key, options: cases), let v = E(rawValue: s) { c[keyPath: path] = v }
    }
  }

  /// A nested table read by its own schema over the same config. `prepare` runs first when the
  /// table is given (partial tables: fill in the defaults the nested keys then override).
  public static func table(
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
  public static func custom(_ key: String, _ type: String, default d: String, _ doc: String, preset: Bool = false) -> Self {
    .init(key, type, default: d, doc, preset: preset, read: nil)
  }
}

/// The keys of a config table, declared once: the reader (`apply`), the known keys of the unknown
/// key error, the keys a plugin preset may set, and the reference rows come from it.
public struct ConfigSchema<Config>: @unchecked Sendable {  // immutable rows
  /// The LuaLS class of the table (`tantan.ReorderGridConfig`); empty for a nested table.
  public let luaClass: String
  public let doc: String
  public let rows: [ConfigKey<Config>]

  public init(_ luaClass: String, _ doc: String, _ rows: [ConfigKey<Config>]) {
    self.luaClass = luaClass; self.doc = doc; self.rows = rows
  }

  public var keys: [String] { rows.map(\.key) }
  public var presetKeys: [String] { rows.filter(\.preset).map(\.key) }
  /// `{width?: number, ...}`: the inline type of a nested table.
  public var tableType: String { "{" + rows.map { "\($0.key)?: \($0.type)" }.joined(separator: ", ") + "}" }

  /// The keys this schema reads, in declaration order (a preset's, then the user's, over `c`).
  public func apply(_ r: ConfigReader, to c: inout Config) throws(LuaCallError) {
    for row in rows { try row.read?(r, &c) }
  }

  public func rejectUnknown(_ r: ConfigReader) throws(LuaCallError) { try r.rejectUnknown(keys) }

  public var docs: [LuaDoc] {
    [LuaDoc(.class, luaClass, "", doc)]
      + rows.map { LuaDoc(.key, "\(luaClass).\($0.key)", $0.type, "\($0.doc) Default \($0.defaultValue).") }
  }
}
