import Foundation
import XCTest

/// A callback's error reaches the script's caller with the callback's own frames in the
/// traceback (the helper that failed, the callback, then the method that called it and the
/// caller's frames), as it would if the component were written in Lua; the error value itself
/// is unchanged (`pcall` sees exactly what the callback raised).
final class CLICallbackTracebackTests: CLITestCase {
  /// Runs `setup` then `trigger` (which makes the host call a callback whose helper fails at
  /// line 1); returns stderr after checking the frames.
  func assertCallbackFrames(
    _ name: String, setup: String, trigger: String, method: String,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    try write(
      "\(name).lua",
      """
      local function helper() error('boom in ' .. '\(name)') end
      \(setup)
      local ok, e = pcall(function() \(trigger) end)
      print(ok, e)
      \(trigger)
      """)
    let r = try runHost(["\(name).lua"])
    assertSane(r, file: file, line: line)
    XCTAssertEqual(r.status, 1, "\(r)", file: file, line: line)
    XCTAssertEqual(
      r.stdout, "false\t\(name).lua:1: boom in \(name)\n", "the value is unchanged", file: file, line: line)
    let trace = r.stderr
    XCTAssertTrue(
      trace.contains("\n\t\(name).lua:1: in upvalue 'helper'\n"), "the helper: \(trace)", file: file, line: line)
    XCTAssertTrue(trace.contains("\n\t\(name).lua:2: in "), "the callback: \(trace)", file: file, line: line)
    XCTAssertTrue(trace.contains("\n\t[C]: in \(method)\n"), "the host method: \(trace)", file: file, line: line)
    XCTAssertTrue(trace.contains("\n\t\(name).lua:5: in main chunk\n"), "the caller: \(trace)", file: file, line: line)
    XCTAssertTrue(trace.hasSuffix("\n\t[C]: in ?\n"), trace, file: file, line: line)
  }

  func testDeckDelegate() throws {
    try assertCallbackFrames(
      "delegate",
      setup:
        "local deck = tantan.deck{source = {{}, {}, {}, {}}, delegate = {will_swipe = function(d, i) helper() end}}",
      trigger: "deck:swipe('left')", method: "method 'swipe'")
  }

  func testDeckDataSource() throws {
    try assertCallbackFrames(
      "source",
      setup:
        "local armed = false local deck = tantan.deck{source = {count = function() return 10 end, card = function(d, i) if armed then helper() end return {} end}} armed = true",
      trigger: "deck:swipe('left') tantan.clock:settle()", method: "method 'swipe'")
  }

  func testGridDelegate() throws {
    try assertCallbackFrames(
      "grid",
      setup:
        "local grid = tantan.grid{items = {'a', 'b', 'c'}, delegate = {will_begin_drag = function(g, i) helper() end}}",
      trigger: "grid:long_press(2)", method: "method 'long_press'")
  }

  func testListDataCallback() throws {
    try assertCallbackFrames(
      "list",
      setup:
        "local calls = 0 local list = tantan.list{sections = {{id = 1, items = {{id = 1}}}}, item_height = function() calls = calls + 1 if calls > 1 then helper() end return 44 end}",
      trigger: "list:reload()", method: "method 'reload'")
  }

  func testTimer() throws {
    try assertCallbackFrames(
      "timer",
      setup: "local function arm() tantan.after(1, function() helper() end) end",
      trigger: "arm() tantan.clock:advance(2)", method: "method 'advance'")
  }
}
