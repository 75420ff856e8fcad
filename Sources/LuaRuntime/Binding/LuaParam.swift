import CLua

/// Reads one argument at a stack index, or throws Lua's wording for it.
public typealias LuaReader<Value> = (Lua, Int32) throws(LuaCallError) -> Value

/// One declared parameter of a Lua-visible function or method: its name and LuaLS type (for the
/// signature and the reference) and the check that reads it from the stack. Checks throw Lua's own
/// wording (`bad argument #2 to 'drag_by' (number expected, got nil)`).
public struct LuaParam<Value>: @unchecked Sendable {  // immutable; read is a pure function
  public let name: String
  /// The Swift parameter the value goes to, when its name differs (`seconds` -> `duration`): a
  /// model error about that parameter then gets this argument's position.
  public var swiftName: String
  /// LuaLS type without the `?` of an optional parameter (`integer`, `"left"|"right"`).
  public let type: String
  public let optional: Bool
  public let read: LuaReader<Value>

  public init(_ name: String, _ type: String, optional: Bool = false, read: @escaping LuaReader<Value>) {
    self.name = name; self.swiftName = name; self.type = type; self.optional = optional; self.read = read
  }

  /// The same parameter, reported for Swift parameter `name` (see `swiftName`).
  public func swift(_ name: String) -> Self {
    var p = self
    p.swiftName = name
    return p
  }

  /// `name: type` or `name?: type`, as a LuaLS `fun(...)` lists it.
  public var signature: String { "\(name)\(optional ? "?" : ""): \(type)" }

  /// The same check, nil (or absent) allowed: `seconds?: number`.
  public static func optional<Wrapped>(_ p: LuaParam<Wrapped>) -> LuaParam<Wrapped?> where Value == Wrapped? {
    let read = p.read
    return LuaParam<Wrapped?>(p.name, p.type, optional: true) { (lua, arg) throws(LuaCallError) -> Wrapped? in
      lua.isNoneOrNil(arg) ? nil : try read(lua, arg)
    }.swift(p.swiftName)
  }
}

extension LuaParam where Value == Double {
  public static func number(_ name: String) -> Self {
    .init(name, "number") { (lua, arg) throws(LuaCallError) in try lua.checkNumber(arg) }
  }
  /// NaN and infinities are argument errors.
  public static func finite(_ name: String) -> Self {
    .init(name, "number") { (lua, arg) throws(LuaCallError) in try lua.checkFinite(arg) }
  }
  /// A duration or distance: finite and >= 0.
  public static func nonNegative(_ name: String) -> Self {
    .init(name, "number") { (lua, arg) throws(LuaCallError) in try lua.checkNonNegative(arg) }
  }
}

extension LuaParam where Value == Int {
  public static func integer(_ name: String) -> Self {
    .init(name, "integer") { (lua, arg) throws(LuaCallError) in try lua.checkInteger(arg) }
  }
  /// A 1-based index read as a 0-based one; the model checks the range (`math.mininteger` stays
  /// itself instead of overflowing, so the message can show it).
  public static func index(_ name: String) -> Self {
    .init(name, "integer") { (lua, arg) throws(LuaCallError) in
      let i = try lua.checkInteger(arg)
      return i == Int.min ? Int.min : i - 1
    }
  }
}

extension LuaParam where Value == Bool {
  /// A boolean, strictly (`nil` is not false here: a forgotten argument is an error).
  public static func boolean(_ name: String) -> Self {
    .init(name, "boolean") { (lua, arg) throws(LuaCallError) in
      guard lua.type(arg) == LUA_TBOOLEAN else { throw lua.typeError(arg, "boolean") }
      return lua.bool(arg)
    }
  }
}

extension LuaParam where Value == String {
  public static func string(_ name: String) -> Self {
    .init(name, "string") { (lua, arg) throws(LuaCallError) in try lua.checkString(arg) }
  }
}

extension LuaParam where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
  /// A string naming one case of a Swift enum (`"left"|"right"`), matched on the Lua string's
  /// bytes (`LuaOption`); others are `invalid option 'x'`, or what `invalid` words for the name.
  @inlinable
  public static func option(
    _ name: String, _: Value.Type = Value.self,
    invalid: @escaping @Sendable (String) -> String = { "invalid option '\($0)'" }
  ) -> Self {
    let option = LuaOption<Value>(invalid: invalid)
    return .init(name, option.type) { (lua, arg) throws(LuaCallError) in try option.read(lua, arg) }
  }
}

extension LuaParam where Value == [LuaRef] {
  /// An array of any values without holes, each held by a reference (a hole would shift positions).
  public static func array(_ name: String, _ type: String = "any[]") -> Self {
    .init(name, type) { (lua, arg) throws(LuaCallError) in
      try lua.checkTable(arg)
      let n = lua.rawLength(arg)
      let handle = lua.handle
      var out: [LuaRef] = []
      out.reserveCapacity(n)
      for k in 0..<n {
        if lua.rawGet(arg, index: k + 1) == LUA_TNIL {
          lua.pop()
          throw .argument(arg, "nil at position \(k + 1) (an array without holes expected)")
        }
        out.append(LuaRef(popping: lua, handle: handle))
      }
      return out
    }
  }
}

extension LuaParam where Value == Int32 {
  /// Any value, present (nil counts): the body reads it at the returned stack index.
  public static func value(_ name: String, _ type: String = "any") -> Self {
    .init(name, type) { (lua, arg) throws(LuaCallError) in
      guard lua.type(arg) != LUA_TNONE else { throw .argument(arg, "value expected") }
      return arg
    }
  }
  /// A string, strictly (no number coerced): the body reads its bytes at the returned index.
  public static func rawString(_ name: String) -> Self {
    .init(name, "string") { (lua, arg) throws(LuaCallError) in
      guard lua.type(arg) == LUA_TSTRING else { throw lua.typeError(arg, "string") }
      return arg
    }
  }
  /// `...`: the rest of the arguments, any number of any values (the body reads them from the
  /// returned index to the top). Last in a declaration.
  public static func rest(_ type: String = "any") -> Self { .init("...", type) { _, arg in arg } }
  /// A function (the body refers to it at the returned index), typed `fun()` or as given.
  public static func function(_ name: String, _ type: String = "function") -> Self {
    .init(name, type) { (lua, arg) throws(LuaCallError) in
      try lua.checkFunction(arg)
      return arg
    }
  }
}
