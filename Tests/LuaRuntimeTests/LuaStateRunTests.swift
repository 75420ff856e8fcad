import LuaRuntime
import XCTest

/// `LuaState.run`, the embedding entry (README "Embedding"): results, arguments, errors, and the
/// stack left as it was.
final class LuaStateRunTests: XCTestCase {
  func testRunReturnsResultsAndTakesArguments() throws {
    let state = try LuaState()
    XCTAssertEqual(try state.run("return 1, 'two', { 3 }"), [.integer(1), .string("two"), .array([.integer(3)])])
    XCTAssertEqual(try state.run("x = 1"), [])
    state.lua.push("kept")
    state.lua.push(20)
    try state.lua.push(.string("b"))
    XCTAssertEqual(try state.run("local n, s = ... return n + 1, s .. s", arguments: 2), [.integer(21), .string("bb")])
    XCTAssertEqual(state.lua.top, 1, "arguments popped, the value below them kept")
    XCTAssertEqual(state.lua.string(1), "kept")
  }

  func testErrorsThrowTheirMessageAndLeaveTheStackAsItWas() throws {
    let state = try LuaState()
    state.lua.push(1)
    XCTAssertThrowsError(try state.run("error('boom')", name: "=snippet", arguments: 1)) { e in
      let text = (e as? LuaStateError)?.description ?? ""
      XCTAssertTrue(text.hasPrefix("snippet:1: boom\nstack traceback:"), text)
    }
    XCTAssertThrowsError(try state.run("return +", name: "=snippet")) { e in
      XCTAssertEqual((e as? LuaStateError)?.description, "snippet:1: unexpected symbol near '+'")
    }
    XCTAssertThrowsError(try state.run("return print")) { e in
      XCTAssertEqual((e as? LuaStateError)?.description, "result #1: cannot convert a function value")
    }
    XCTAssertThrowsError(try state.run("return 1", arguments: 1), "no value on the stack to pass")
    XCTAssertThrowsError(try state.run("return 1", arguments: -1))
    XCTAssertEqual(state.lua.top, 0)
  }
}
