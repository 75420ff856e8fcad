/// Where a declared function or method runs: its Lua name and declared parameters (their Swift
/// names, `LuaParam.swiftName`), so an error
/// about a Swift parameter (`to`) gets Lua's argument position (`bad argument #2 to 'move'`).
public struct LuaCallSite: Sendable {
  public let name: String
  public let parameters: [String]
  /// Stack index of the first declared parameter: 2 for a method (`self` is 1), 1 for a function.
  public let firstArgument: Int32

  public init(name: String, parameters: [String], firstArgument: Int32) {
    self.name = name; self.parameters = parameters; self.firstArgument = firstArgument
  }

  /// The stack index of `parameter` (the first one when the name is not declared).
  public func argument(_ parameter: String) -> Int32 {
    firstArgument + Int32(parameters.firstIndex(of: parameter) ?? 0)
  }
}

/// A component's or module's binding: declares its methods, fields and functions through the
/// typed builders below and maps its model's errors to Lua messages in one place (`luaError`).
///
///     enum GridBinding: LuaBinding {
///       typealias Object = LuaGrid
///       static func luaError(_ e: any Error, at site: LuaCallSite, _ lua: Lua) -> LuaCallError { ... }
///       static let move = method("move", "Doc.", .index("from"), .index("to"), returns: .boolean) { g, from, to in ... }
///     }
public protocol LuaBinding: LuaErrorWording {
  associatedtype Object: AnyObject
}

/// Where a binding's errors become Lua messages (one function per binding).
public protocol LuaErrorWording {
  /// Turns an error thrown by a declared body into what Lua raises at the caller. A
  /// `LuaCallError` or a callback's `LuaError` should pass through unchanged (`passThrough`).
  static func luaError(_ error: any Error, at site: LuaCallSite, _ lua: Lua) -> LuaCallError
}

extension LuaErrorWording {
  /// `LuaCallError` and `LuaError` (a callback's error, traceback kept) as they are; nil otherwise.
  public static func passThrough(_ error: any Error) -> LuaCallError? {
    switch error {
    case let e as LuaCallError: return e
    case let e as LuaError: return .lua(e)
    default: return nil
    }
  }

  static func signature(method: Bool, _ params: [String], _ result: String) -> String {
    "fun(\(((method ? ["self"] : []) + params).joined(separator: ", ")))" + (result.isEmpty ? "" : ": \(result)")
  }

  static func callSite(_ name: String, _ params: [String], method: Bool) -> LuaCallSite {
    LuaCallSite(name: name, parameters: params, firstArgument: method ? 2 : 1)
  }
}

// MARK: Methods (fixed arity: each compiles to plain reads, one call, one push)

extension LuaBinding {
  public typealias Method = LuaClass<Object>.Method
  public typealias Field = LuaClass<Object>.Field

  public static func method<R>(
    _ name: String, _ doc: String, returns r: LuaResult<R>, _ body: @escaping (Object) throws -> R
  ) -> Method {
    let site = callSite(name, [], method: true)
    return Method(name, signature(method: true, [], r.type), doc) { o, lua throws(LuaCallError) in
      let v: R
      do { v = try body(o) } catch { throw luaError(error, at: site, lua) }
      r.push(lua, v)
      return r.count
    }
  }

  public static func method<A, R>(
    _ name: String, _ doc: String, _ a: LuaParam<A>, returns r: LuaResult<R>,
    _ body: @escaping (Object, A) throws -> R
  ) -> Method {
    let site = callSite(name, [a.swiftName], method: true)
    let readA = a.read
    return Method(name, signature(method: true, [a.signature], r.type), doc) { o, lua throws(LuaCallError) in
      let x = try readA(lua, 2)
      let v: R
      do { v = try body(o, x) } catch { throw luaError(error, at: site, lua) }
      r.push(lua, v)
      return r.count
    }
  }

  public static func method<A, B, R>(
    _ name: String, _ doc: String, _ a: LuaParam<A>, _ b: LuaParam<B>, returns r: LuaResult<R>,
    _ body: @escaping (Object, A, B) throws -> R
  ) -> Method {
    let site = callSite(name, [a.swiftName, b.swiftName], method: true)
    let readA = a.read
    let readB = b.read
    return Method(name, signature(method: true, [a.signature, b.signature], r.type), doc) {
      o, lua throws(LuaCallError) in
      let x = try readA(lua, 2)
      let y = try readB(lua, 3)
      let v: R
      do { v = try body(o, x, y) } catch { throw luaError(error, at: site, lua) }
      r.push(lua, v)
      return r.count
    }
  }

  public static func method<A, B, C, R>(
    _ name: String, _ doc: String, _ a: LuaParam<A>, _ b: LuaParam<B>, _ c: LuaParam<C>, returns r: LuaResult<R>,
    _ body: @escaping (Object, A, B, C) throws -> R
  ) -> Method {
    let site = callSite(name, [a.swiftName, b.swiftName, c.swiftName], method: true)
    let readA = a.read
    let readB = b.read
    let readC = c.read
    return Method(name, signature(method: true, [a.signature, b.signature, c.signature], r.type), doc) {
      o, lua throws(LuaCallError) in
      let x = try readA(lua, 2)
      let y = try readB(lua, 3)
      let z = try readC(lua, 4)
      let v: R
      do { v = try body(o, x, y, z) } catch { throw luaError(error, at: site, lua) }
      r.push(lua, v)
      return r.count
    }
  }

  /// A read-only field: its type is the result's.
  public static func field<R>(_ name: String, _ doc: String, _ r: LuaResult<R>, _ get: @escaping (Object) throws -> R)
    -> Field
  {
    let site = callSite(name, [], method: true)
    return Field(name, r.type, doc) { o, lua throws(LuaCallError) in
      let v: R
      do { v = try get(o) } catch { throw luaError(error, at: site, lua) }
      r.push(lua, v)
    }
  }
}
