import CLua
import CLuaShim
import XCTest

@testable import LuaRuntime

final class Probe {
  nonisolated(unsafe) static var alive = 0
  var value: Int
  init(_ v: Int) { value = v; Probe.alive += 1 }
  deinit { Probe.alive -= 1 }
}

let probeClass = LuaClass<Probe>(
  name: "test.Probe", doc: "A test object.",
  methods: [
    .init("add", parameters: ["n: integer"], returns: "integer", "Adds n.") { p, lua throws(LuaCallError) in
      p.value += try lua.checkInteger(2)
      lua.push(p.value)
      return 1
    }
  ],
  fields: [.init("value", "integer", "The value.") { p, lua in lua.push(p.value) }],
  describe: { "test.Probe(\($0.value))" })

final class LuaRuntimeTests: XCTestCase {
  func run(_ state: LuaState, _ code: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
    guard state.load(code, name: "=test") == LUA_OK else {
      defer { state.lua.pop() }; return "load: \(state.lua.string(-1)!)"
    }
    if !state.lua.pcall(0, 0, traceback: false) { defer { state.lua.pop() }; return state.lua.string(-1) ?? "?" }
    return nil
  }

  func testValueRoundTrips() throws {
    let state = try LuaState()
    let lua = state.lua
    let values: [LuaValue] = [
      .nil, .bool(true), .bool(false), .integer(0), .integer(Int.min), .integer(Int.max), .number(0.5),
      .number(-1e300), .string(""), .string("héllo\0world"),
      .table(
        [.integer(1), .string("two")],
        [LuaTableEntry(key: .string("k"), value: .table([], [LuaTableEntry(key: .integer(-3), value: .bool(true))]))]),
    ]
    for v in values {
      try lua.push(v)
      XCTAssertEqual(try lua.value(-1), v)
      lua.pop()
    }
    XCTAssertEqual(lua.top, 0)
  }

  /// 200 levels read and push back with the stack reserved level by level (a C function starts
  /// with 20 free slots); 201 and far more are the one depth error, the stack left balanced.
  func testDeepTablesUpToTheDepthLimit() throws {
    let state = try LuaState()
    let lua = state.lua
    for (levels, ok) in [(200, true), (201, false), (100_000, false)] {
      XCTAssertNil(run(state, "t = {} local c = t for i = 2, \(levels) do c[1] = {} c = c[1] end"))
      lua_getglobal(lua.L, "t")
      do {
        let v = try lua.value(-1)
        XCTAssertTrue(ok, "\(levels) levels read")
        try lua.push(v)
        XCTAssertEqual(try lua.value(-1), v)
        lua.pop()
      } catch {
        XCTAssertFalse(ok, "\(levels) levels: \(error)")
        XCTAssertEqual(error.description, "table nested deeper than 200 levels")
      }
      lua.pop()
      XCTAssertEqual(lua.top, 0)
    }
  }

  func testCyclicTableIsRejectedNotHung() throws {
    let state = try LuaState()
    XCTAssertNil(run(state, "t = {} t.self = t"))
    lua_getglobal(state.lua.L, "t")
    XCTAssertThrowsError(try state.lua.value(-1))
    state.lua.pop()
  }

  func testReferencesAreReleasedAndSurviveClose() throws {
    let state = try LuaState()
    let lua = state.lua
    lua.push("kept")
    var ref: LuaRef? = state.ref()
    ref!.push(lua)
    XCTAssertEqual(lua.string(-1), "kept")
    lua.pop()
    let r = ref!.ref
    ref = nil
    XCTAssertNotEqual(tt_getref(lua.L, r), LUA_TSTRING, "slot freed")  // a freed slot holds the free list
    lua.pop()
    lua.push(1)
    let late = state.ref()
    state.close()
    _ = late  // deinit after close must not touch the closed state
  }

  func testEverySwiftObjectIsReleasedWhenTheStateCloses() throws {
    Probe.alive = 0
    do {
      let state = try LuaState()
      probeClass.register(state.lua)
      for i in 0..<100 {
        probeClass.push(state.lua, Probe(i))
        try state.lua.setGlobal("p\(i)")
      }
      XCTAssertEqual(Probe.alive, 100)
      state.close()
    }
    XCTAssertEqual(Probe.alive, 0)
  }

  func testUserdataMethodsFieldsAndClosedObjects() throws {
    let state = try LuaState()
    probeClass.register(state.lua)
    probeClass.push(state.lua, Probe(40))
    try state.lua.setGlobal("p")
    XCTAssertNil(run(state, "assert(p:add(2) == 42 and p.value == 42 and tostring(p) == 'test.Probe(42)')"))
    XCTAssertEqual(run(state, "p:add('x')"), "test:1: bad argument #1 to 'add' (number expected, got string)")
    XCTAssertEqual(run(state, "p.add({}, 1)"), "test:1: bad argument #1 to 'add' (test.Probe expected, got table)")
    XCTAssertEqual(run(state, "p.value = 1"), "test:1: cannot assign to field 'value' of test.Probe (read-only)")
    XCTAssertNil(run(state, "do local q <close> = p end"))
    XCTAssertEqual(
      run(state, "p:add(1)"), "test:1: calling 'add' on bad self (test.Probe expected, got a closed test.Probe)")
    XCTAssertEqual(state.lua.top, 0)
  }

  func testStackIsBalancedAfterBindingCallsAndErrors() throws {
    let state = try LuaState()
    let lua = state.lua
    lua.push(function: { (lua: Lua) throws(LuaCallError) -> Int32 in
      let n = try lua.checkInteger(1)
      if n < 0 { throw .message("negative") }
      lua.push(n * 2)
      return 1
    })
    try state.lua.setGlobal("double")
    XCTAssertNil(
      run(
        state,
        """
        for i = 1, 1000 do
          assert(double(i) == 2 * i)
          assert(not pcall(double, -1))
          assert(not pcall(double, 'x'))
          assert(not pcall(double, 1.5))
        end
        """))
    XCTAssertEqual(lua.top, 0)
    XCTAssertEqual(
      run(state, "double(2^63)"), "test:1: bad argument #1 to 'double' (number has no integer representation)")
    XCTAssertEqual(run(state, "double(-1)"), "test:1: negative")
  }

  /// Lua -> Swift -> Lua -> Swift -> error, caught by an outer pcall, the stack balanced.
  func testErrorsFromNestedCallbacks() throws {
    let state = try LuaState()
    let lua = state.lua
    lua.push(function: { (lua: Lua) throws(LuaCallError) -> Int32 in
      try lua.checkFunction(1)
      lua.pushValue(1)
      do throws(LuaError) { try lua.call(0, 1) } catch { throw .lua(error) }  // pass the callback's error on unchanged
      return 1
    })
    try state.lua.setGlobal("call")
    XCTAssertNil(
      run(
        state,
        """
        local ok, err = pcall(call, function() return call(function() error({code = 7}) end) end)
        assert(not ok and err.code == 7)
        local ok2, err2 = pcall(call, function() call(function() error("deep") end) end)
        assert(not ok2 and err2:match("test:3: deep$"), err2)
        assert(call(function() return 5 end) == 5)
        """))
    XCTAssertEqual(lua.top, 0)
  }

  func testCoroutinesCannotYieldAcrossAHostCallbackButFailCleanly() throws {
    let state = try LuaState()
    state.lua.push(function: { (lua: Lua) throws(LuaCallError) -> Int32 in
      lua.pushValue(1)
      do throws(LuaError) { try lua.call(0, 0) } catch { throw .lua(error) }
      return 0
    })
    try state.lua.setGlobal("call")
    XCTAssertNil(
      run(
        state,
        """
        local co = coroutine.wrap(function() call(function() coroutine.yield(1) end) end)
        local ok, err = pcall(co)
        assert(not ok and err:match("attempt to yield across a C%-call boundary"), err)
        """))
  }

  func testMemoryLimitIsStickyAndNamesTheLine() throws {
    let state = try LuaState()
    state.setLimits(maxMemory: 1 << 20)
    let err = run(
      state,
      """
      local t = {}
      while true do
        pcall(function() t[#t + 1] = string.rep("x", 4096) .. #t end)
      end
      """)
    XCTAssertNotNil(err)
    XCTAssertTrue(state.limitMessage?.hasSuffix("not enough memory") ?? false, state.limitMessage ?? "nil")
    XCTAssertTrue(state.limitMessage?.hasPrefix("test:") ?? false, state.limitMessage ?? "nil")
  }

  func testInstructionLimitCannotBeCaught() throws {
    let state = try LuaState()
    state.setLimits(maxInstructions: 50_000)
    let err = run(state, "while true do pcall(function() while true do end end) end")
    XCTAssertEqual(err, "test:1: instruction limit (50000) exceeded")
  }

  func testOptionParsingMatchesLuaC() throws {
    let o = try InterpreterOptions.parse(["lua", "-e", "x=1", "-lmod", "-l", "g=m", "-W", "s.lua", "a", "-e"])
    XCTAssertEqual(o.actions, [.execute("x=1"), .require("mod"), .require("g=m"), .warningsOn])
    XCTAssertEqual(o.script, "s.lua")
    XCTAssertEqual(o.scriptIndex, 7)
    XCTAssertEqual(try InterpreterOptions.parse(["lua", "--", "-x"]).script, "-x")
    XCTAssertEqual(try InterpreterOptions.parse(["lua", "-"]).script, "-")
    XCTAssertThrowsError(try InterpreterOptions.parse(["lua", "-e"])) {
      XCTAssertEqual($0 as? InterpreterOptions.ParseError, .needsArgument("-e"))
    }
    XCTAssertThrowsError(try InterpreterOptions.parse(["lua", "-ix"])) {
      XCTAssertEqual($0 as? InterpreterOptions.ParseError, .unrecognized("-ix"))
    }
    XCTAssertThrowsError(try InterpreterOptions.parse(["lua", "--seed", "1"])) {
      XCTAssertEqual($0 as? InterpreterOptions.ParseError, .unrecognized("--seed"))
    }
    let h = try InterpreterOptions.parse(
      ["lua", "--seed=3", "--sandbox", "--timeout", "2", "s.lua"], valued: ["seed", "timeout"], flags: ["sandbox"])
    XCTAssertEqual(h.long, ["seed": "3", "sandbox": "", "timeout": "2"])
    XCTAssertEqual(h.script, "s.lua")
  }
}

final class LuaStringTests: XCTestCase {
  /// Regression: reading a number as a string recursed forever (stack overflow).
  func testNumbersReadAsStringsLikeLuaPrintsThem() throws {
    let state = try LuaState()
    let lua = state.lua
    lua.push(1.5); lua.push(3); lua.push(-Double.infinity)
    XCTAssertEqual(lua.string(-3), "1.5")
    XCTAssertEqual(lua.string(-2), "3")
    XCTAssertEqual(lua.string(-1), "-inf")
    XCTAssertEqual(lua.type(-2), LUA_TNUMBER, "the stack value keeps its type")
    XCTAssertEqual(lua.formatNumber(0.1), "0.1")
    lua.pop(3)
  }
}

final class LuaClassSafetyTests: XCTestCase {
  /// Regression: calling a class's __gc on another kind of userdata freed memory it did not own.
  func testMetamethodsRefuseForeignUserdata() throws {
    let state = try LuaState()
    probeClass.register(state.lua)
    probeClass.push(state.lua, Probe(1))
    try state.lua.setGlobal("p")
    XCTAssertEqual(
      state.load("getmetatable(p).__gc(io.stdout); getmetatable(p).__close(io.stdout); return p.value", name: "=t"),
      LUA_OK)
    XCTAssertTrue(state.lua.pcall(0, 1))
    XCTAssertEqual(state.lua.integer(-1), 1)
    state.lua.pop()
  }
}
