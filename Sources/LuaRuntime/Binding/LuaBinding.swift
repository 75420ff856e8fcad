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

  /// `passThrough`, else the error's text after the site's name (`decode: ...`): the whole wording
  /// of a binding whose errors are plain messages.
  public static func passThrough(_ error: any Error, orMessageAt site: LuaCallSite) -> LuaCallError {
    passThrough(error) ?? .message("\(site.name): \(error)")
  }

  /// The call site, the LuaLS signature and the parameters' own signatures (`x: integer`) of a
  /// declaration with these parameters.
  static func declaration<each A>(
    _ name: String, method: Bool, _ params: repeat LuaParam<each A>, result: String
  ) -> (site: LuaCallSite, signature: String, parameters: [String]) {
    var swiftNames: [String] = []
    var signatures: [String] = []
    for p in repeat each params {
      swiftNames.append(p.swiftName)
      signatures.append(p.signature)
    }
    return (
      LuaCallSite(name: name, parameters: swiftNames, firstArgument: method ? 2 : 1),
      LuaDoc.functionType((method ? ["self"] : []) + signatures, result), signatures
    )
  }

  /// The one core of every declared method and function, of any arity: reads argument k from
  /// stack index `first + k`, then runs `body` on them and pushes its result (`finish`).
  /// Swift 6.3 runs a pack as a loop (not unrolled): against builders written out per arity it
  /// costs about 25 Ir a call and a retain and release a parameter (bench/ir-rows, Swift parts:
  /// row 1 163 Ir vs 138; row 3 +112 a swipe). Registering directly (`LuaClass.Method.function`)
  /// saves more on row 1 (178 Ir before both) and less on a swipe (+46 Ir over before).
  /// The readers are `@escaping` although only called here: Swift 6.3 (debug) passes a wrong
  /// context for a pack of escaping closures converted to non-escaping ones.
  @inline(__always)
  static func respond<each A, R>(
    _ lua: Lua, from first: Int32, _ readers: repeat @escaping LuaReader<each A>, at site: LuaCallSite,
    _ r: LuaResult<R>, _ body: (repeat each A) throws -> R
  ) throws(LuaCallError) -> Int32 {
    var arg = first
    func position() -> Int32 {
      defer { arg += 1 }
      return arg
    }
    let args = (repeat try (each readers)(lua, position()))
    return try finish(lua, at: site, r) { try body(repeat each args) }
  }

  /// Runs a declared body, words its error (`luaError`) and pushes its result.
  @inline(__always)
  static func finish<R>(
    _ lua: Lua, at site: LuaCallSite, _ r: LuaResult<R>, _ body: () throws -> R
  ) throws(LuaCallError) -> Int32 {
    let v: R
    do { v = try body() } catch { throw luaError(error, at: site, lua) }
    r.push(lua, v)
    return r.count
  }
}

// MARK: Methods and fields

extension LuaBinding {
  public typealias Method = LuaClass<Object>.Method
  public typealias Field = LuaClass<Object>.Field

  /// A method taking the declared parameters in order (`self` is argument 1, so they start at 2).
  /// Registered as it is (no wrapper around it): it checks its own `self`.
  public static func method<each A, R>(
    _ name: String, _ doc: String, _ params: repeat LuaParam<each A>, returns r: LuaResult<R>,
    _ body: @escaping (Object, repeat each A) throws -> R
  ) -> Method {
    let (site, _, parameters) = declaration(name, method: true, repeat each params, result: r.type)
    return Method(
      name, parameters: parameters, returns: r.type, doc,
      function: methodFunction(site, r, body, repeat (each params).read))
  }

  /// The method's function over its parameters' readers alone (a pack captured as it is: Swift
  /// 6.3 crashes capturing a tuple of one, and whole `LuaParam`s would be copied per call).
  private static func methodFunction<each A, R>(
    _ site: LuaCallSite, _ r: LuaResult<R>, _ body: @escaping (Object, repeat each A) throws -> R,
    _ readers: repeat @escaping LuaReader<each A>
  ) -> LuaSwiftFunction {
    { lua throws(LuaCallError) in
      let o = try LuaClass<Object>.checkSelf(lua)
      return try respond(lua, from: 2, repeat each readers, at: site, r) { (a: repeat each A) in
        try body(o, repeat each a)
      }
    }
  }

  /// A read-only field: its type is the result's.
  public static func field<R>(_ name: String, _ doc: String, _ r: LuaResult<R>, _ get: @escaping (Object) throws -> R)
    -> Field
  {
    let site = declaration(name, method: true, result: r.type).site
    return Field(name, r.type, doc) { o, lua throws(LuaCallError) in
      _ = try finish(lua, at: site, r) { try get(o) }
    }
  }
}
