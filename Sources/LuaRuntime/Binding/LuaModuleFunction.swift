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

  /// A function taking the declared parameters in order (from argument 1); the body also gets the
  /// context and the state (to push a result itself, or read a `.value`).
  public static func function<each A, R>(
    _ name: String, _ doc: String, _ params: repeat LuaParam<each A>, returns r: LuaResult<R>,
    _ body: @escaping (Context, Lua, repeat each A) throws -> R
  ) -> Function {
    let (site, signature, _) = declaration(name, method: false, repeat each params, result: r.type)
    return Function(
      doc: LuaDoc(.function, name, signature, doc), site: site,
      call: call(site, r, body, repeat (each params).read))
  }

  /// The function's body over its parameters' readers alone (see `LuaBinding.methodFunction`).
  private static func call<each A, R>(
    _ site: LuaCallSite, _ r: LuaResult<R>, _ body: @escaping (Context, Lua, repeat each A) throws -> R,
    _ readers: repeat @escaping LuaReader<each A>
  ) -> (Context, Lua) throws(LuaCallError) -> Int32 {
    { context, lua throws(LuaCallError) in
      try respond(lua, from: 1, repeat each readers, at: site, r) { (a: repeat each A) in
        try body(context, lua, repeat each a)
      }
    }
  }
}
