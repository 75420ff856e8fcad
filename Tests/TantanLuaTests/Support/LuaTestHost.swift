import CLua
import LuaRuntime
import XCTest

@testable import TantanLua

/// An in-process state with the `tantan` module, as the CLI sets it up, for fast binding tests.
final class LuaTestHost {
  let state: LuaState
  let host: TantanHost
  private(set) var output = ""

  /// `components`: the registry the host offers (a test's own component added to the built-in ones).
  init(components: ComponentRegistry = .builtin) throws {
    state = try LuaState()
    host = TantanHost(state: state, components: components)
    TantanModule.install(host)
  }

  deinit { state.close() }

  /// Runs a chunk named `=test` (so errors read `test:LINE: ...`); returns the error message or nil.
  @discardableResult
  func run(_ code: String) -> String? {
    guard state.load(code, name: "=test") == LUA_OK else {
      defer { state.lua.pop() }
      return "load: " + (state.lua.string(-1) ?? "?")
    }
    guard state.lua.pcall(0, 0) else {
      defer { state.lua.pop() }
      return state.lua.string(-1) ?? "(error object is a \(state.lua.typeName(-1)) value)"
    }
    return nil
  }

  /// Evaluates an expression and returns it converted with `tostring`.
  func eval(_ expr: String) -> String {
    guard state.load("return tostring(\(expr))", name: "=test") == LUA_OK, state.lua.pcall(0, 1) else {
      defer { state.lua.pop() }
      return "error: " + (state.lua.string(-1) ?? "?")
    }
    defer { state.lua.pop() }
    return state.lua.string(-1) ?? "?"
  }

  /// Asserts the chunk runs without error.
  func ok(_ code: String, file: StaticString = #filePath, line: UInt = #line) {
    if let err = run(code) { XCTFail(err, file: file, line: line) }
    XCTAssertEqual(state.lua.top, 0, "stack balanced", file: file, line: line)
  }

  /// Asserts the chunk fails with exactly `message`.
  func fails(_ code: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(run(code), message, file: file, line: line)
    XCTAssertEqual(state.lua.top, 0, "stack balanced", file: file, line: line)
  }
}
