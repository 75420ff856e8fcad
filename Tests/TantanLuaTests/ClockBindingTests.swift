import XCTest

final class ClockBindingTests: XCTestCase {
  func testTimersFireInOrderOnTheVirtualClock() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      local log = {}
      tantan.after(0.2, function() log[#log + 1] = "b@" .. tantan.clock.now end)
      tantan.after(0.1, function() log[#log + 1] = "a@" .. tantan.clock.now end)
      local h = tantan.after(0.15, function() log[#log + 1] = "never" end)
      assert(h.pending and h:cancel() and not h:cancel())
      tantan.clock:advance(1)
      assert(table.concat(log, " ") == "a@0.1 b@0.2", table.concat(log, " "))
      assert(tantan.clock.now == 1)
      """)
  }

  func testBadArgumentsAndCallbackErrorsReachTheCaller() throws {
    let t = try LuaTestHost()
    t.fails("tantan.after('x', print)", "test:1: bad argument #1 to 'after' (number expected, got string)")
    t.fails(
      "tantan.after(0/0, print)", "test:1: bad argument #1 to 'after' (non-negative finite number expected, got -nan)")
    t.fails("tantan.after(1)", "test:1: bad argument #2 to 'after' (function expected, got no value)")
    t.fails(
      "tantan.clock:advance(-1)", "test:1: bad argument #1 to 'advance' (non-negative finite number expected, got -1)")
    t.ok(
      """
      tantan.after(0.1, function() error("boom") end)
      local ran = false
      tantan.after(0.2, function() ran = true end)
      local ok, err = pcall(tantan.clock.advance, tantan.clock, 1)
      assert(not ok and err:match("test:1: boom$"), err)
      assert(tantan.clock.now == 0.1 and not ran)
      tantan.clock:settle()
      assert(ran)
      """)
  }
}

final class CoroutineBindingTests: XCTestCase {
  /// Regression: bindings read arguments from the main thread's stack when called in a coroutine.
  func testTimersScheduledAndFiredInsideACoroutine() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      local log = {}
      local co = coroutine.wrap(function()
        local h = tantan.after(0.5, function() log[#log + 1] = "fired@" .. tantan.clock.now end)
        coroutine.yield(h.pending)
        tantan.clock:advance(1)
        return "done"
      end)
      assert(co() == true)
      assert(co() == "done")
      assert(log[1] == "fired@0.5", tostring(log[1]))
      """)
  }

  /// Regression: a field getter's error lost its file:line when __index moved into C.
  func testFieldErrorsPointAtTheIndexingLine() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      local h = tantan.after(1, function() end)
      local bad = setmetatable({}, getmetatable(h))
      local ok, err = pcall(function() return bad.pending end)
      assert(not ok and err:match("^test:3: "), err)
      """)
  }
}
