import CLua
import CLuaShim

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One Lua-visible function, method or field: declared once, with the signature and one-line doc
/// that the API reference and editor stubs are generated from.
public struct LuaDoc: Sendable, Equatable {
  /// `key`: a key of a table the script passes (a config), like `callback` not a runtime name.
  public enum Kind: String, Sendable { case `class`, function, method, field, callback, key }
  public var kind: Kind
  public var name: String
  /// LuaLS-style: `fun(self, direction: "left"|"right"): nil` for functions, a type for fields.
  public var signature: String
  public var doc: String
  public init(_ kind: Kind, _ name: String, _ signature: String, _ doc: String) {
    self.kind = kind; self.name = name; self.signature = signature; self.doc = doc
  }

  /// A LuaLS function type: `fun(self: tantan.ReorderGrid, index: integer): boolean`.
  public static func functionType(_ parameters: [String], _ result: String) -> String {
    "fun(\(parameters.joined(separator: ", ")))" + (result.isEmpty ? "" : ": \(result)")
  }
}

/// A Swift class exposed to Lua as full userdata, declared as data: methods, fields, docs.
/// The userdata holds a retained pointer; `__gc` and `__close` release it and clear the slot, so
/// a call on a collected or closed object fails cleanly instead of touching freed memory.
public final class LuaClass<Object: AnyObject>: @unchecked Sendable {  // immutable after init
  public struct Method {
    /// Its reference row, `self` untyped: `fun(self, n: integer): integer` (`LuaClass.docs` types it).
    public let doc: LuaDoc
    /// The declared parameters after `self` (`n: integer`) and the result type ("" for none).
    public let parameters: [String]
    public let result: String
    /// The whole Lua function, registered as it is: it checks its `self` (`LuaClass.checkSelf`).
    public let function: LuaSwiftFunction
    /// A method from a whole function (the typed builders of `LuaBinding` make these).
    public init(
      _ name: String, parameters: [String], returns result: String, _ doc: String,
      function: @escaping LuaSwiftFunction
    ) {
      self.doc = LuaDoc(.method, name, LuaDoc.functionType(["self"] + parameters, result), doc)
      self.parameters = parameters; self.result = result; self.function = function
    }
    /// A method whose body gets its checked `self` and reads its own arguments (from 2).
    public init(
      _ name: String, parameters: [String], returns result: String, _ doc: String,
      _ body: @escaping (Object, Lua) throws(LuaCallError) -> Int32
    ) {
      self.init(name, parameters: parameters, returns: result, doc) { (lua: Lua) throws(LuaCallError) -> Int32 in
        try body(try checkSelf(lua), lua)
      }
    }

    /// Its LuaLS type with `self` typed as `selfType`, so `obj:method()` completes and type-checks.
    public func signature(selfType: String) -> String {
      LuaDoc.functionType(["self: \(selfType)"] + parameters, result)
    }
  }

  public struct Field {
    public let doc: LuaDoc
    /// Pushes exactly one value.
    public let get: (Object, Lua) throws(LuaCallError) -> Void
    public init(
      _ name: String, _ type: String, _ doc: String, _ get: @escaping (Object, Lua) throws(LuaCallError) -> Void
    ) {
      self.doc = LuaDoc(.field, name, type, doc); self.get = get
    }
  }

  public let name: String
  public let doc: String
  public let methods: [Method]
  public let fields: [Field]
  private let fieldIndex: [String: Int]
  /// `name` as a C string made once: an implicit String-to-pointer conversion copies the string on
  /// every call (a malloc per method call), and a stable pointer hits Lua's string cache.
  private let cName: UnsafeMutablePointer<CChar>
  /// Called for `tostring(obj)`; the default prints `name: 0x...`-free text for determinism.
  public let describe: (Object) -> String

  public init(name: String, doc: String, methods: [Method], fields: [Field], describe: @escaping (Object) -> String) {
    self.name = name; self.doc = doc; self.methods = methods; self.fields = fields; self.describe = describe
    var index: [String: Int] = [:]
    for (i, f) in fields.enumerated() { index[f.doc.name] = i }
    self.fieldIndex = index
    let utf8 = Array(name.utf8CString)
    cName = .allocate(capacity: utf8.count)
    cName.initialize(from: utf8, count: utf8.count)
  }

  deinit { cName.deallocate() }

  /// The class entry, then its members with qualified names (`Class:method`, `Class.field`).
  public var docs: [LuaDoc] {
    [LuaDoc(.class, name, name, doc)]
      + methods.map { LuaDoc(.method, "\(name):\($0.doc.name)", $0.signature(selfType: name), $0.doc.doc) }
      + fields.map { LuaDoc(.field, "\(name).\($0.doc.name)", $0.doc.signature, $0.doc.doc) }
  }

  /// Creates the metatable in the registry (idempotent per state).
  public func register(_ lua: Lua) {
    guard luaL_newmetatable(lua.L, cName) != 0 else { lua.pop(); return }
    let mt = lua.top
    lua.newTable(narr: 0, nrec: Int32(methods.count))
    for m in methods {
      // The metatable is the method's upvalue: checking `self` compares it with one raw
      // equality instead of looking the class name up in the registry on every call.
      lua.pushValue(mt)
      lua.push(function: m.function, upvalues: 1)
      lua.rawSet(-2, m.doc.name)
    }
    // __index: methods by a raw lookup in C, then fields through this getter.
    lua.push(index: { [unowned self] (lua: Lua) throws(LuaCallError) -> Int32 in
      if let key = lua.string(2), let i = self.fieldIndex[key] {
        try self.fields[i].get(try self.checkField(lua, key), lua)
        return 1
      }
      lua.pushNil()
      return 1
    })
    lua.rawSet(mt, "__index")
    lua.push(function: { [unowned self] (lua: Lua) throws(LuaCallError) -> Int32 in
      let key = lua.string(2) ?? lua.typeName(2)
      throw .message(
        self.fieldIndex[key] != nil || key.isEmpty == false && self.methods.contains { $0.doc.name == key }
          ? "cannot assign to field '\(key)' of \(self.name) (read-only)"
          : "\(self.name) has no field '\(key)'")
    })
    lua.rawSet(mt, "__newindex")
    let cName = self.cName
    let release: LuaSwiftFunction = { lua in
      // testudata, not touserdata: `getmetatable(obj).__gc(io.stdout)` must not free a foreign block
      if let slot = luaL_testudata(lua.L, 1, cName)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self),
        let p = slot.pointee
      {
        slot.pointee = nil
        Unmanaged<Object>.fromOpaque(p).release()
      }
      return 0
    }
    lua.push(function: release); lua.rawSet(mt, "__gc")
    lua.push(function: release); lua.rawSet(mt, "__close")
    lua.push(function: { [unowned self] (lua: Lua) throws(LuaCallError) -> Int32 in
      if let o = self.object(lua, 1) { lua.push(self.describe(o)) } else { lua.push("\(self.name) (closed)") }
      return 1
    })
    lua.rawSet(mt, "__tostring")
    lua.pop()  // the metatable
  }

  /// Pushes the one userdata of `object`, creating it on first use. A weak-valued registry table
  /// keyed by the object's address keeps identity (`deck == deck` in callbacks) without a cycle.
  ///
  /// Fast path: when the running host function is a method called on `object`, its userdata is
  /// argument 1 of the current frame, and reusing it skips the cache's lookups (callbacks the
  /// model makes during a method call). The check is exact: a full userdata of one pointer
  /// holding this object's address is one of ours (closed ones hold nil).
  public func pushShared(_ lua: Lua, _ object: Object) {
    let address = Unmanaged.passUnretained(object).toOpaque()
    if tt_push_self(lua.L, address) != 0 || tt_push_arg1_object(lua.L, address) != 0 { return }
    let key = UnsafeRawPointer(address)
    if lua_rawgetp(lua.L, Lua.registryIndex, Self.cacheKey) != LUA_TTABLE {
      lua.pop()
      lua.newTable()
      lua.newTable()
      lua.push("v"); lua.rawSet(-2, "__mode")
      lua_setmetatable(lua.L, -2)
      lua.pushValue(-1)
      lua_rawsetp(lua.L, Lua.registryIndex, Self.cacheKey)
    }
    if lua_rawgetp(lua.L, -1, key) == LUA_TUSERDATA, self.object(lua, -1) === object {
      lua_rotate(lua.L, -2, 1); lua.pop()
      return
    }
    lua.pop()
    push(lua, object)
    lua.pushValue(-1)
    lua_rawsetp(lua.L, -3, key)
    lua_rotate(lua.L, -2, 1); lua.pop()
  }
  private static var cacheKey: UnsafeRawPointer { UnsafeRawPointer(objectCacheKey) }

  /// `pushShared` for an object calling back with its own userdata (the first argument of its
  /// callbacks): the running method's `self` when the object's method is running, else `slot`
  /// (the object's weak slot, when it keeps one), else the shared cache.
  /// The first step (`tt_push_self`, by the object's address) pays 232 Ir per deck swipe over the
  /// slot alone (bench/ir-rows row 3: 9,248 vs 9,016; 3 of a swipe's 6 callbacks run inside
  /// `swipe`), and the slot pays over the cache (two table lookups and a userdata check).
  public func pushSelf(_ lua: Lua, _ object: Object, slot: borrowing LuaSelfSlot) {
    if tt_push_self(lua.L, Unmanaged.passUnretained(object).toOpaque()) != 0 { return }
    if slot.push(lua) { return }
    pushShared(lua, object)
  }

  /// Pushes a new userdata owning a +1 reference to `object`.
  public func push(_ lua: Lua, _ object: Object) {
    let slot = tt_newuserdata(lua.L, MemoryLayout<UnsafeMutableRawPointer?>.size)!
      .assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    slot.pointee = Unmanaged.passRetained(object).toOpaque()
    luaL_setmetatable(lua.L, cName)
  }

  /// The object at `arg`, or nil when it is not one of ours or was closed.
  public func object(_ lua: Lua, _ arg: Int32) -> Object? {
    guard let raw = luaL_testudata(lua.L, arg, cName) else { return nil }
    guard let p = raw.assumingMemoryBound(to: UnsafeMutableRawPointer?.self).pointee else { return nil }
    return Unmanaged<Object>.fromOpaque(p).takeUnretainedValue()
  }

  /// A method's `self` (argument 1) when the running function is a method `register` installed
  /// (its class's metatable is upvalue 1): the common case costs one metatable comparison. It
  /// also records the object as the running call's `self`, which callbacks the method makes then
  /// push back cheaply (`tt_push_self`, used by `pushShared`).
  @inline(__always)
  public static func checkSelf(_ lua: Lua) throws(LuaCallError) -> Object {
    let metatable = Lua.upvalue(1)
    guard let raw = tt_self_mt(lua.L, metatable),
      let p = raw.assumingMemoryBound(to: UnsafeMutableRawPointer?.self).pointee
    else { throw selfError(lua, closed: tt_self_mt(lua.L, metatable) != nil) }
    return Unmanaged<Object>.fromOpaque(p).takeUnretainedValue()
  }

  /// `check`'s messages for a method's `self`, the class named by its metatable (upvalue 1).
  @inline(never)
  static func selfError(_ lua: Lua, closed: Bool) -> LuaCallError {
    lua.rawGet(Lua.upvalue(1), "__name")
    let name = lua.string(-1) ?? "?"
    lua.pop()
    return closed ? .argument(1, "\(name) expected, got a closed \(name)") : lua.typeError(1, name)
  }

  /// The object whose field `key` is read (argument 1 of `__index`): a closed one is named as
  /// Lua names a bad index, at the reading line, not as a bad argument to 'index'.
  func checkField(_ lua: Lua, _ key: String) throws(LuaCallError) -> Object {
    if let o = object(lua, 1) { return o }
    if luaL_testudata(lua.L, 1, cName) != nil { throw .message("attempt to read field '\(key)' of a closed \(name)") }
    return try check(lua, 1)
  }

  public func check(_ lua: Lua, _ arg: Int32) throws(LuaCallError) -> Object {
    if let o = object(lua, arg) { return o }
    if luaL_testudata(lua.L, arg, cName) != nil { throw .argument(arg, "\(name) expected, got a closed \(name)") }
    throw lua.typeError(arg, name)
  }
}

/// A unique address naming the registry's weak object cache (never dereferenced).
nonisolated(unsafe) private let objectCacheKey = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
