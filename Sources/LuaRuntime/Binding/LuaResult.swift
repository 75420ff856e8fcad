/// What a declared function or method returns: its LuaLS type and how it is pushed.
public struct LuaResult<Value>: @unchecked Sendable {  // immutable; push is a pure function
  /// LuaLS type; empty for no result (the signature then ends at `)`).
  public let type: String
  /// How many values `push` leaves (0 or 1).
  public let count: Int32
  public let push: (Lua, Value) -> Void

  public init(_ type: String, count: Int32 = 1, push: @escaping (Lua, Value) -> Void) {
    self.type = type; self.count = count; self.push = push
  }

  /// `T?`, pushed as nil when absent.
  public static func optional<Wrapped>(_ r: LuaResult<Wrapped>) -> LuaResult<Wrapped?> where Value == Wrapped? {
    let push = r.push
    return LuaResult<Wrapped?>("\(r.type)?") { lua, v in if let v { push(lua, v) } else { lua.pushNil() } }
  }
}

extension LuaResult where Value == Void {
  public static var none: Self { .init("", count: 0) { _, _ in } }
}
extension LuaResult where Value == Bool {
  public static var boolean: Self { .init("boolean") { lua, v in lua.push(v) } }
}
extension LuaResult where Value == Int {
  public static var integer: Self { .init("integer") { lua, v in lua.push(v) } }
  /// A 0-based index pushed 1-based.
  public static var index: Self { .init("integer") { lua, v in lua.push(v + 1) } }
}
extension LuaResult where Value == Double {
  public static var number: Self { .init("number") { lua, v in lua.push(v) } }
}
extension LuaResult where Value == String {
  public static var string: Self { .init("string") { lua, v in lua.push(v) } }
}
extension LuaResult where Value == LuaRef {
  /// A Lua value the host holds by reference.
  public static var any: Self { .init("any") { lua, v in _ = v.push(lua) } }
}
extension LuaResult where Value == [LuaRef] {
  public static var array: Self {
    .init("any[]") { lua, items in
      lua.newTable(narr: Int32(clamping: items.count))
      for (k, r) in items.enumerated() {
        _ = r.push(lua)
        lua.rawSet(-2, index: k + 1)
      }
    }
  }
}
extension LuaResult where Value: Collection, Value.Element == Int {
  /// 0-based indices pushed as a Lua array of 1-based ones.
  public static var indices: Self {
    .init("integer[]") { lua, s in
      lua.newTable(narr: Int32(clamping: s.count))
      var k = 0
      for i in s {
        k += 1
        lua.push(i + 1)
        lua.rawSet(-2, index: k)
      }
    }
  }
}
extension LuaResult where Value == Void {
  /// One value of LuaLS `type` that the body pushed itself (a decoder streaming onto the stack).
  public static func pushedByBody(_ type: String) -> Self { .init(type, count: 1) { _, _ in } }
}
extension LuaResult where Value: AnyObject {
  /// A new userdata of `cls` over the object (a constructor's result), typed by the class name.
  public static func object(_ cls: LuaClass<Value>) -> Self { .init(cls.name) { lua, o in cls.pushShared(lua, o) } }
}
