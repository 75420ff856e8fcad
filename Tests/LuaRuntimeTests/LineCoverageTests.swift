import LuaRuntime
import XCTest

/// The shim's line counts (`LineCoverage`) and the executable lines read from a chunk's prototypes.
final class LineCoverageTests: XCTestCase {
  static let code = """
    local M = {}

    function M.sign(n)
      if n < 0 then
        return -1
      elseif n == 0 then
        return 0
      end
      return 1
    end

    local function never()
      print("never")
    end

    local co = coroutine.wrap(function()
      for i = 1, 3 do
        coroutine.yield(M.sign(i - 2))
      end
    end)
    co(); co(); co()
    return M
    """

  func testExecutableLinesAreTheLinesThatHoldCode() throws {
    let lines = try LineCoverage.executableLines(Array(Self.code.utf8), name: "@m.lua").get()
    // Not blank lines nor an `if`'s `end`; a function's `end` holds its CLOSURE (so it is hit when
    // the definition runs, and `local function never()`'s own line holds nothing).
    XCTAssertEqual(lines, [1, 3, 4, 5, 6, 7, 9, 10, 13, 14, 16, 17, 18, 20, 21, 22])
    XCTAssertThrowsError(try LineCoverage.executableLines(Array("return +".utf8), name: "@bad.lua").get()) { e in
      XCTAssertEqual("\(e)", "bad.lua:1: unexpected symbol near '+'")
    }
  }

  func testCountsLinesOfFileChunksInEveryThread() throws {
    let state = try LuaState()
    XCTAssertTrue(LineCoverage.start(state))
    XCTAssertEqual(try state.run(Self.code + " ~= nil", name: "@m.lua"), [.bool(true)])
    _ = try state.run("local x = 1\nreturn x", name: "=not a file")
    let files = LineCoverage.read(state).files
    XCTAssertEqual(Array(files.keys), ["m.lua"], "a chunk not loaded from a file is not counted")
    let m = files["m.lua"] ?? [:]
    XCTAssertEqual(m[4], 3, "sign ran three times (from the coroutine)")
    XCTAssertEqual(m[5], 1)
    XCTAssertEqual(m[7], 1)
    XCTAssertEqual(m[9], 1)
    XCTAssertNil(m[13], "never ran")
    XCTAssertEqual(m[14], 1, "its definition ran")
    XCTAssertEqual(m[21], 1)
    LineCoverage.reset(state)
    XCTAssertEqual(LineCoverage.read(state).files["m.lua"] ?? [:], [:])
  }

  func testCoverageKeepsTheInstructionLimit() throws {
    let state = try LuaState()
    LineCoverage.start(state)
    state.setLimits(maxInstructions: 100_000)
    XCTAssertThrowsError(try state.run("local n = 0\nwhile true do\n  n = n + 1\nend", name: "@loop.lua")) { e in
      XCTAssertTrue(
        "\(e)".hasPrefix("loop.lua:3: instruction limit (100000) exceeded") || "\(e)".hasPrefix("loop.lua:2:"), "\(e)")
    }
    let loop = LineCoverage.read(state).files["loop.lua"] ?? [:]
    XCTAssertGreaterThan(loop[3] ?? 0, 1000, "the loop's lines were counted until the limit tripped")
  }

  func testClosuresMadeInALoopCountTowardsTheirFile() throws {
    let state = try LuaState()
    LineCoverage.start(state)
    let code = "local n = 0\nfor i = 1, 5000 do\n  local f = function() n = n + 1 end\n  f()\nend\nreturn n"
    XCTAssertEqual(try state.run(code, name: "@loop.lua"), [.integer(5000)])
    XCTAssertEqual(LineCoverage.read(state).files["loop.lua"]?[3], 10000, "the line, and each closure's body on it")
  }

  func testMergeAddsCounts() {
    var a = LineCoverage(files: ["a.lua": [1: 2, 3: 1]])
    a.merge(LineCoverage(files: ["a.lua": [1: 1, 4: 1], "b.lua": [2: 5]]))
    XCTAssertEqual(a.files, ["a.lua": [1: 3, 3: 1, 4: 1], "b.lua": [2: 5]])
  }
}
