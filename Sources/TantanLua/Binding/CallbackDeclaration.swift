import CLua
import LuaRuntime

/// One callback a script may put in a delegate or source table: its name, the arguments after
/// the component (`index: integer`), its result type ("" for none), doc and whether it is required.
struct CallbackSpec: Sendable {
  let name: String
  let arguments: [String]
  let result: String
  let doc: String
  let required: Bool

  init(_ name: String, _ arguments: [String], returns result: String = "", _ doc: String, required: Bool = false) {
    self.name = name; self.arguments = arguments; self.result = result; self.doc = doc; self.required = required
  }

  /// LuaLS: `fun(grid: tantan.ReorderGrid, index: integer): boolean`, the component first.
  func signature(component: String) -> String { LuaDoc.functionType([component] + arguments, result) }
}

/// A component's delegate or source callbacks, declared once as an enum whose cases are the slots
/// (`case canMove`): lookup (`Callbacks(..., declared:)`), event names (`Callbacks.names`), the
/// reference (`docs`) and the unknown-name error all come from `spec`.
protocol CallbackDeclaration: CaseIterable, RawRepresentable where RawValue == Int, AllCases == [Self] {
  /// The LuaLS class of the table: `tantan.ReorderGridDelegate`.
  static var luaClass: String { get }
  /// How errors name the table: `delegate`, `source`.
  static var role: String { get }
  /// The first argument of every callback: `grid: tantan.ReorderGrid`.
  static var component: String { get }
  /// Appended to the error for a missing required callback (a hint at the alternative).
  static var missingHint: String { get }
  var spec: CallbackSpec { get }
}

extension CallbackDeclaration {
  static var missingHint: String { "" }
  static var names: [String] { allCases.map(\.spec.name) }
  var name: String { spec.name }

  static var docs: [LuaDoc] {
    allCases.map {
      let s = $0.spec
      return LuaDoc(
        .callback, "\(luaClass).\(s.name)", s.signature(component: component), (s.required ? "Required. " : "") + s.doc)
    }
  }
}

extension Callbacks {
  /// Reads the callbacks `D` declares from the table at `index` (nil: none). Beyond the per-field
  /// checks of `init(names:)`: a string key whose value is callable but not declared is an error
  /// listing the declared names (a typo like `did_swip` would otherwise never be called), and a
  /// required callback must be present. Data fields stay allowed.
  init<D: CallbackDeclaration>(
    _ host: TantanHost, index: Int32, arg: Int32, declared: D.Type, lua: Lua? = nil
  ) throws(LuaCallError) {
    let lua = lua ?? host.lua
    try self.init(host, index: index, arg: arg, what: D.role, names: D.names, lua: lua)
    if lua.isNoneOrNil(index) { return }
    try Self.rejectUnknown(lua, lua.absIndex(index), arg: arg, declared: D.self)
    for c in D.allCases where c.spec.required && !has(c.rawValue) {
      throw .argument(arg, "\(D.role).\(c.name): function expected, got nil\(D.missingHint)")
    }
  }

  private static func rejectUnknown<D: CallbackDeclaration>(
    _ lua: Lua, _ index: Int32, arg: Int32, declared: D.Type
  ) throws(LuaCallError) {
    guard lua.type(index) == LUA_TTABLE else { return }  // an object's methods come from its class
    guard lua.reserve(3) else { throw .message("out of stack space") }
    let known = D.names
    var unknown: [String] = []
    lua.pushNil()
    while lua_next(lua.L, index) != 0 {
      if lua.type(-2) == LUA_TSTRING, lua.type(-1) == LUA_TFUNCTION || callable(lua, -1),
        let k = lua.string(-2), !known.contains(k)
      {
        unknown.append(k)
      }
      lua.pop()
    }
    // The smallest name, not the first met: table order is not deterministic across runs.
    guard let first = unknown.min() else { return }
    throw .argument(
      arg, "\(D.role).\(first): unknown callback (known callbacks: \(known.sorted().joined(separator: ", ")))")
  }

  func has<D: CallbackDeclaration>(_ c: D) -> Bool { has(c.rawValue) }
}
