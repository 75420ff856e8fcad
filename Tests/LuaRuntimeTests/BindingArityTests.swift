import CLua
import XCTest

@testable import LuaRuntime

/// A model error naming a Swift parameter, which the binding turns into that argument's error.
private struct OutOfRange: Error { let parameter: String }

/// A binding whose methods and functions take 0 to 5 parameters, all through the one core.
private enum PlaceBinding: LuaBinding, LuaModuleBinding {
  typealias Object = Probe
  typealias Context = Probe
  static func luaError(_ error: any Error, at site: LuaCallSite, _ lua: Lua) -> LuaCallError {
    if let e = passThrough(error) { return e }
    if let e = error as? OutOfRange { return .argument(site.argument(e.parameter), "\(e.parameter) out of range") }
    return .message("\(site.name): \(error)")
  }

  static var place: Method {
    method(
      "place", "Places a tile.", .integer("x"), .integer("y"), .string("label"), .optional(.number("scale")).swift("s"),
      returns: .string
    ) { p, x, y, label, scale in
      guard let scale else { return "\(label)@\(x),\(y)" }
      guard scale > 0 else { throw OutOfRange(parameter: "s") }
      p.value += 1
      return "\(label)@\(x),\(y)x\(scale)"
    }
  }

  static var five: Method {
    method(
      "five", "", .integer("a"), .integer("b"), .integer("c"), .integer("d"), .integer("e"), returns: .integer
    ) { _, a, b, c, d, e in a + b + c + d + e }
  }

  static var zero: Method { method("zero", "", returns: .none) { p in p.value = 0 } }

  static let sum4 = function(
    "test.sum4", "Sums four numbers.", .number("a"), .number("b"), .number("c"), .number("d"), returns: .number
  ) { _, _, a, b, c, d in a + b + c + d }

  static let cls = LuaClass<Probe>(
    name: "test.Tile", doc: "", methods: [place, five, zero], fields: [], describe: { _ in "" })
}

final class BindingArityTests: XCTestCase {
  func testFourParameterMethodsAndFunctionsAreDeclaredAndChecked() throws {
    let state = try LuaState()
    let lua = state.lua
    let probe = Probe(0)
    PlaceBinding.cls.register(lua)
    PlaceBinding.cls.push(lua, probe)
    try lua.setGlobal("t")
    lua.newTable()
    PlaceBinding.sum4.install(lua, in: -1, context: probe)
    try lua.setGlobal("test")

    XCTAssertEqual(
      PlaceBinding.place.doc.signature, "fun(self, x: integer, y: integer, label: string, scale?: number): string")
    XCTAssertEqual(PlaceBinding.sum4.doc.signature, "fun(a: number, b: number, c: number, d: number): number")
    XCTAssertEqual(PlaceBinding.zero.doc.signature, "fun(self)")
    XCTAssertEqual(PlaceBinding.sum4.site.parameters, ["a", "b", "c", "d"])

    XCTAssertEqual(try eval(state, "return t:place(1, 2, 'a')"), "a@1,2")
    XCTAssertEqual(try eval(state, "return t:place(1, 2, 'a', 1.5)"), "a@1,2x1.5")
    XCTAssertEqual(probe.value, 1)
    XCTAssertEqual(try eval(state, "return t:five(1, 2, 3, 4, 5)"), "15")
    XCTAssertEqual(try eval(state, "return test.sum4(1, 2, 3, 4.5)"), "10.5")
    XCTAssertEqual(try eval(state, "return select('#', t:zero())"), "0")
    XCTAssertEqual(probe.value, 0)

    // Each argument is checked at its own position; a model error names its Swift parameter's.
    for (call, message) in [
      ("t:place(1, 2, 'a', 'x')", "bad argument #4 to 'place' (number expected, got string)"),
      ("t:place(1, 2, 'a', -1)", "bad argument #4 to 'place' (s out of range)"),
      ("t:five(1, 2, 3, 4)", "bad argument #5 to 'five' (number expected, got no value)"),
      ("test.sum4(1, 2, 3)", "bad argument #4 to 'sum4' (number expected, got no value)"),
      ("t.zero(5)", "bad argument #1 to 'zero' (test.Tile expected, got number)"),
    ] {
      XCTAssertEqual(try eval(state, "return select(2, pcall(function() return \(call) end))"), "test:1: " + message)
    }
  }

  private func eval(_ state: LuaState, _ code: String) throws -> String {
    let lua = state.lua
    guard state.load(code, name: "=test") == LUA_OK else {
      defer { lua.pop() }; return "load: \(lua.string(-1) ?? "?")"
    }
    guard lua.pcall(0, 1, traceback: false) else { defer { lua.pop() }; return "error: \(lua.string(-1) ?? "?")" }
    defer { lua.pop() }
    return lua.string(-1) ?? lua.typeName(-1)
  }
}
