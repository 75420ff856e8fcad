/// A module function (`tantan.json.decode`) declared once: its reference entry and its body with
/// the argument checks. The body gets the binding's context (the host).
public struct LuaModuleFunction<Context: AnyObject>: @unchecked Sendable {  // immutable; call is a pure function
  public let doc: LuaDoc
  /// Its name and declared parameters, for errors worded outside the body (a constructor's preset).
  public let site: LuaCallSite
  /// The checks, the body and the push, against a context the caller keeps alive.
  public let call: (Context, Lua) throws(LuaCallError) -> Int32

  /// The key it is stored under: the last part of its qualified name.
  public var key: String { String(doc.name.split(separator: ".").last ?? "") }

  /// Stores the function in the table at `table`; the top `upvalues` values become its upvalues
  /// (popped), read in the body as `Lua.upvalue(1)`... The context is held unowned: the function
  /// lives in the state the context owns.
  public func install(_ lua: Lua, in table: Int32, context: Context, upvalues: Int32 = 0) {
    let t = lua.absIndex(table)  // before the push moves relative indices
    let call = self.call
    lua.push(
      function: { [unowned context] (lua: Lua) throws(LuaCallError) -> Int32 in try call(context, lua) },
      upvalues: upvalues)
    lua.rawSet(t, key)
  }
}

/// A binding of module functions (no userdata of its own): `function` builders over `Context`.
public protocol LuaModuleBinding: LuaErrorWording {
  associatedtype Context: AnyObject
}

extension LuaModuleBinding {
  public typealias Function = LuaModuleFunction<Context>

  public static func function<R>(
    _ name: String, _ doc: String, returns r: LuaResult<R>, _ body: @escaping (Context, Lua) throws -> R
  ) -> Function {
    let site = callSite(name, [], method: false)
    return Function(doc: declaration(name, doc, [], r), site: site) { context, lua throws(LuaCallError) in
      let v: R
      do { v = try body(context, lua) } catch { throw luaError(error, at: site, lua) }
      r.push(lua, v)
      return r.count
    }
  }

  public static func function<A, R>(
    _ name: String, _ doc: String, _ a: LuaParam<A>, returns r: LuaResult<R>,
    _ body: @escaping (Context, Lua, A) throws -> R
  ) -> Function {
    let site = callSite(name, [a.swiftName], method: false)
    let readA = a.read
    return Function(doc: declaration(name, doc, [a.signature], r), site: site) { context, lua throws(LuaCallError) in
      let x = try readA(lua, 1)
      let v: R
      do { v = try body(context, lua, x) } catch { throw luaError(error, at: site, lua) }
      r.push(lua, v)
      return r.count
    }
  }

  public static func function<A, B, R>(
    _ name: String, _ doc: String, _ a: LuaParam<A>, _ b: LuaParam<B>, returns r: LuaResult<R>,
    _ body: @escaping (Context, Lua, A, B) throws -> R
  ) -> Function {
    let site = callSite(name, [a.swiftName, b.swiftName], method: false)
    let readA = a.read
    let readB = b.read
    return Function(doc: declaration(name, doc, [a.signature, b.signature], r), site: site) {
      context, lua throws(LuaCallError) in
      let x = try readA(lua, 1)
      let y = try readB(lua, 2)
      let v: R
      do { v = try body(context, lua, x, y) } catch { throw luaError(error, at: site, lua) }
      r.push(lua, v)
      return r.count
    }
  }

  public static func function<A, B, C, R>(
    _ name: String, _ doc: String, _ a: LuaParam<A>, _ b: LuaParam<B>, _ c: LuaParam<C>, returns r: LuaResult<R>,
    _ body: @escaping (Context, Lua, A, B, C) throws -> R
  ) -> Function {
    let site = callSite(name, [a.swiftName, b.swiftName, c.swiftName], method: false)
    let readA = a.read
    let readB = b.read
    let readC = c.read
    let doc = declaration(name, doc, [a.signature, b.signature, c.signature], r)
    return Function(doc: doc, site: site) { context, lua throws(LuaCallError) in
      let x = try readA(lua, 1)
      let y = try readB(lua, 2)
      let z = try readC(lua, 3)
      let v: R
      do { v = try body(context, lua, x, y, z) } catch { throw luaError(error, at: site, lua) }
      r.push(lua, v)
      return r.count
    }
  }

  /// The reference row: `fun(a: T, b?: U): R` from the declared parameters and result.
  static func declaration<R>(_ name: String, _ doc: String, _ params: [String], _ r: LuaResult<R>) -> LuaDoc {
    LuaDoc(.function, name, signature(method: false, params, r.type), doc)
  }
}
