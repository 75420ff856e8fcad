import Foundation
import XCTest

/// `tantan-host --trace FILE script.lua`: steps, positions, events, frames, escaping, the error
/// and `os.exit` cases, option errors, determinism, and that tracing changes nothing else.
final class TraceCLITests: XCTestCase {
  func testRecordsEveryStepWithItsPositionEventsAndFrame() throws {
    let dir = try TraceScratch()
    try dir.write("swipe.lua", traceSwipeScript)
    let r = try dir.run(["--seed", "1", "--trace", "out/trace.html", "swipe.lua"])
    XCTAssertEqual(r.status, 0, r.description)
    let t = try TraceFile(path: dir.path("out/trace.html"))
    XCTAssertEqual(t.status, "ok")
    XCTAssertEqual(t.data["title"] as? String, "swipe.lua")
    XCTAssertEqual(
      t.titles,
      [
        "tantan.deck{delegate={…}, source={…}}", "deck:pan(150, 10, {steps=3})", "clock:advance(0.05)",
        "clock:advance(0.05)", "clock:advance(0.05)", "clock:settle()", "deck:swipe(\"left\")", "clock:settle()",
        "deck:swipe(\"sideways\")", "end of script (exit status 0)",
      ])
    XCTAssertEqual(t.steps.map { $0["line"] as? Int ?? 0 }, [1, 3, 4, 4, 4, 5, 6, 8, 0, 0])
    XCTAssertEqual(
      t.steps.map { $0["kind"] as? String ?? "" },
      ["create", "call", "clock", "clock", "clock", "clock", "call", "clock", "error", "end"])
    XCTAssertEqual(t.steps[1]["time"] as? String, "0.000")
    XCTAssertEqual(t.steps[2]["time"] as? String, "0.050")
    let pan = t.events(t.steps[1])
    XCTAssertEqual(pan.first, "deck will_swipe(1)")
    XCTAssertTrue(pan.contains("deck did_swipe(1, \"right\")"), "\(pan)")
    // A call made from a callback inside a step is noted in that step, with its position.
    XCTAssertTrue(t.events(t.steps[6]).contains("call deck:undo() at swipe.lua:2"), "\(t.events(t.steps[6]))")
    // A caught error is a step too, worded as Lua words it (no position: pcall called it).
    XCTAssertEqual(t.steps[8]["error"] as? String, "bad argument #2 to '?' (direction expected, got 'sideways')")
    // Frames: one per step, stored once; the flight steps through different frames.
    let ids = t.steps.map { t.frameIDs($0) }
    XCTAssertTrue(ids.allSatisfy { $0.count == 1 }, "\(ids)")
    XCTAssertEqual(Set(ids.flatMap { $0 }).count, t.frames.count)
    XCTAssertEqual(Set(ids[1...5].flatMap { $0 }).count, 5, "the flight should draw a new frame per clock step")
    XCTAssertTrue(t.frames.allSatisfy { $0.contains("<svg") })
    XCTAssertEqual(t.source("swipe.lua", line: 6), "deck:swipe(\"left\")")
  }

  func testEventsNameTheirComponentWhenThereAreSeveral() throws {
    let dir = try TraceScratch()
    try dir.write(
      "two.lua",
      """
      local function src() return { count = function() return 5 end, card = function(_, i) return {i} end } end
      local a = tantan.deck{ source = src(), delegate = {} }
      local b = tantan.deck{ source = src(), delegate = {} }
      b:swipe("left")
      a:swipe("right")
      tantan.clock:settle()
      """)
    let r = try dir.run(["--trace", "t.html", "two.lua"])
    XCTAssertEqual(r.status, 0, r.description)
    let t = try TraceFile(path: dir.path("t.html"))
    XCTAssertEqual(t.events(t.steps[2]).first, "deck#2 will_swipe(1)")
    XCTAssertEqual(t.events(t.steps[3]).first, "deck will_swipe(1)")
    let landing = t.events(t.steps[4])
    XCTAssertTrue(landing.contains("deck#2 did_remove(1, \"left\")"), "\(landing)")
    XCTAssertTrue(landing.contains("deck did_remove(1, \"right\")"), "\(landing)")
  }

  func testEscapingKeepsScriptAndMarkupInside() throws {
    let dir = try TraceScratch()
    try dir.write("swipe.lua", traceSwipeScript)
    XCTAssertEqual(try dir.run(["--trace", "t.html", "swipe.lua"]).status, 0)
    let t = try TraceFile(path: dir.path("t.html"))
    // Only the viewer's own two script elements open and close; nothing from the run does.
    XCTAssertEqual(t.html.components(separatedBy: "<script").count - 1, 2)
    XCTAssertEqual(t.html.components(separatedBy: "</script>").count - 1, 2)
    XCTAssertFalse(t.html.contains("alert(1)</"))
    XCTAssertFalse(t.html.contains("<!--"))
    XCTAssertFalse(t.html.contains("\u{2028}"))
    // ... and the data reads back exactly.
    XCTAssertEqual(
      t.source("swipe.lua", line: 3), "deck:pan(150, 10, {steps = 3}) -- </script><!-- and U+2028: [\u{2028}]")
    XCTAssertTrue(t.titles[0].hasPrefix("tantan.deck{"))
  }

  func testSameScriptAndSeedGiveTheSameBytes() throws {
    let dir = try TraceScratch()
    try dir.write("swipe.lua", traceSwipeScript + "print(math.random(1000))\n")
    XCTAssertEqual(try dir.run(["--seed", "7", "--trace", "a.html", "swipe.lua"]).status, 0)
    XCTAssertEqual(try dir.run(["--seed", "7", "--trace", "b.html", "swipe.lua"]).status, 0)
    let a = try Data(contentsOf: URL(fileURLWithPath: dir.path("a.html")))
    let b = try Data(contentsOf: URL(fileURLWithPath: dir.path("b.html")))
    XCTAssertEqual(a, b)
  }

  func testTracingChangesNeitherOutputNorErrors() throws {
    let dir = try TraceScratch()
    try dir.write("swipe.lua", traceSwipeScript + "deck:pan(1, 2, {steps = 0})\n")
    let plain = try dir.run(["--seed", "1", "swipe.lua"])
    let traced = try dir.run(["--seed", "1", "--trace", "t.html", "swipe.lua"])
    XCTAssertEqual(plain.status, 1)
    XCTAssertEqual(traced.status, plain.status)
    XCTAssertEqual(traced.stdout, plain.stdout)
    XCTAssertEqual(traced.stderr, plain.stderr)
    XCTAssertTrue(plain.stderr.contains("swipe.lua:11: bad argument #3 to 'pan'"), plain.stderr)
  }

  func testAScriptErrorIsTheLastStepWithItsPosition() throws {
    let dir = try TraceScratch()
    try dir.write(
      "fail.lua", "local deck = tantan.deck{ source = { {}, {} } }\ndeck:like()\nlocal x = nil\nprint(x.field)\n")
    let r = try dir.run(["--trace", "t.html", "fail.lua"])
    XCTAssertEqual(r.status, 1)
    XCTAssertTrue(
      r.stderr.hasPrefix("\(HostBinary.path): fail.lua:4: attempt to index a nil value (local 'x')"), r.stderr)
    let t = try TraceFile(path: dir.path("t.html"))
    XCTAssertEqual(t.status, "error")
    let last = try XCTUnwrap(t.steps.last)
    XCTAssertEqual(last["kind"] as? String, "error")
    XCTAssertEqual(last["title"] as? String, "fail.lua:4: attempt to index a nil value (local 'x')")
    XCTAssertEqual(last["line"] as? Int, 4)
    XCTAssertEqual(last["path"] as? String, "fail.lua")
    XCTAssertTrue((last["error"] as? String ?? "").contains("stack traceback:"))
    XCTAssertEqual(t.source("fail.lua", line: 4), "print(x.field)")
    XCTAssertEqual(t.titles.dropLast(), ["tantan.deck{source={…}}", "deck:like()"])
  }

  func testOsExitWritesTheTraceFirst() throws {
    let dir = try TraceScratch()
    try dir.write("exit.lua", "local deck = tantan.deck{ source = { {} } }\ndeck:nope()\nos.exit(3)\n")
    let r = try dir.run(["--trace", "t.html", "exit.lua"])
    XCTAssertEqual(r.status, 3)
    let t = try TraceFile(path: dir.path("t.html"))
    XCTAssertEqual(t.titles.last, "end of script (exit status 3)")
    XCTAssertEqual(t.status, "error")
    let bad = try dir.run(["--trace", "u.html", "-e", "os.exit('x')"])
    XCTAssertEqual(bad.status, 1)
    XCTAssertTrue(bad.stderr.contains("bad argument #1 to 'exit' (number expected, got string)"), bad.stderr)
  }

  func testLongRunsKeepTheirStartAndEndWithinTheLimits() throws {
    let dir = try TraceScratch()
    try dir.write(
      "long.lua",
      "local deck = tantan.deck{ source = { {}, {} }, cyclic = true }\ndeck:pan(150, 0, {steps = 1000})\n"
        + "for i = 1, 2300 do tantan.clock:advance(0.001) end\nerror('late')\n")
    XCTAssertEqual(try dir.run(["--trace", "t.html", "long.lua"]).status, 1)
    let t = try TraceFile(path: dir.path("t.html"))
    XCTAssertEqual(t.steps.count, 2001)
    XCTAssertEqual(t.data["omittedSteps"] as? Int, 303)
    XCTAssertEqual(t.steps[200]["kind"] as? String, "gap")
    XCTAssertEqual(t.steps[200]["count"] as? Int, 303)
    XCTAssertEqual(t.titles[1], "deck:pan(150, 0, {steps=1000})")
    XCTAssertEqual(t.events(t.steps[1]).count, 400)
    XCTAssertEqual(t.steps[1]["droppedEvents"] as? Int, 603)  // will_swipe, 1000 did_drag, should_swipe, did_swipe
    XCTAssertEqual(t.titles.last, "long.lua:4: late")
    // Identical frames are stored once: once the card has flown, every advance draws the same picture.
    XCTAssertEqual(Set(t.steps.suffix(1000).flatMap { t.frameIDs($0) }).count, 1)
    XCTAssertLessThan(t.frames.count, 300)
  }

  func testACallThatStepsTheClockItselfGetsAStepPerAdvance() throws {
    // As tantan.render.frames does: here a delegate samples the flight from inside deck:like().
    let dir = try TraceScratch()
    try dir.write(
      "film.lua",
      "local deck\ndeck = tantan.deck{ source = { {}, {} }, delegate = { did_swipe = function()\n"
        + "  for _ = 1, 3 do tantan.clock:advance(0.1) end end } }\ndeck:like()\n")
    XCTAssertEqual(try dir.run(["--trace", "t.html", "film.lua"]).status, 0)
    let t = try TraceFile(path: dir.path("t.html"))
    XCTAssertEqual(
      t.titles,
      [
        "tantan.deck{delegate={…}, source={…}}", "deck:like() · t = 0.100", "deck:like() · t = 0.200",
        "deck:like() · t = 0.300",
        "deck:like()", "end of script (exit status 0)",
      ])
    XCTAssertEqual(Set(t.steps[1...3].flatMap { t.frameIDs($0) }).count, 3)
    XCTAssertEqual(t.events(t.steps[1]).first, "deck will_swipe(1)")
  }

  /// `--trace MODE` with `--trace-file FILE`, as `test` has `--trace MODE` with `--trace-dir`.
  func testTraceModesAndTraceFile() throws {
    let dir = try TraceScratch()
    try dir.write("ok.lua", "local deck = tantan.deck{ source = { {} } }\n")
    try dir.write("bad.lua", "local deck = tantan.deck{ source = { {} } }\nerror('no')\n")
    XCTAssertEqual(try dir.run(["--trace", "retain-on-failure", "--trace-file", "ok.html", "ok.lua"]).status, 0)
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path("ok.html")), "a passing run keeps no trace")
    XCTAssertEqual(try dir.run(["--trace=retain-on-failure", "--trace-file=bad.html", "bad.lua"]).status, 1)
    XCTAssertEqual(try TraceFile(path: dir.path("bad.html")).status, "error")
    XCTAssertEqual(try dir.run(["--trace", "on", "ok.lua"]).status, 0)
    XCTAssertEqual(try TraceFile(path: dir.path("tantan-trace.html")).status, "ok")
    XCTAssertEqual(try dir.run(["--trace-file", "alone.html", "ok.lua"]).status, 0)
    XCTAssertEqual(try TraceFile(path: dir.path("alone.html")).status, "ok")
    XCTAssertEqual(try dir.run(["--trace", "off", "--trace-file", "off.html", "ok.lua"]).status, 0)
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path("off.html")))
  }

  func testBadTraceOptions() throws {
    let dir = try TraceScratch()
    let missing = try dir.run(["--trace"])
    XCTAssertEqual(missing.status, 1)
    XCTAssertTrue(missing.stderr.hasPrefix("\(HostBinary.path): '--trace' needs argument\nusage:"), missing.stderr)
    let empty = try dir.run(["--trace=", "-e", "print(1)"])
    XCTAssertEqual(empty.status, 1)
    XCTAssertTrue(empty.stderr.contains("bad value for --trace: a mode or file name expected"), empty.stderr)
    try dir.write("file", "")
    let unwritable = try dir.run(["--trace", "file/t.html", "-e", "print(1)"])
    XCTAssertEqual(unwritable.status, 1)
    XCTAssertEqual(unwritable.stdout, "1\n")
    // The system's reason, not only the path (issue 19); a missing folder is created.
    XCTAssertTrue(
      unwritable.stderr.contains("cannot write the trace to file/t.html: Not a directory\n"), unwritable.stderr)
  }
}

/// `examples/trace-swipe.lua` (ExamplesTests runs it with its `-- run:` options): its trace
/// steps through the card's flight frame by frame.
final class TraceExampleTests: XCTestCase {
  func testTheExampleTraceStepsThroughTheFlight() throws {
    let dir = try TraceScratch()
    let example = HostBinary.packageRoot.appendingPathComponent("examples/trace-swipe.lua").path
    let r = try dir.run(["--seed", "1", "--trace", "t.html", example])
    XCTAssertEqual(r.status, 0, r.description)
    let t = try TraceFile(path: dir.path("t.html"))
    let flight = t.steps.filter { $0["title"] as? String == "clock:advance(0.05)" }
    XCTAssertEqual(flight.count, 6)
    XCTAssertEqual(Set(flight.flatMap { t.frameIDs($0) }).count, 6, "each flight step should show a new frame")
    XCTAssertTrue(t.titles.contains("grid:drop()"))
    XCTAssertEqual(t.status, "ok")
  }
}

/// Issue 17 point 9: a list's paging and refresh completions called later are steps of their own.
final class TraceCompletionTests: XCTestCase {
  func testPagingAndRefreshCompletionsAreSteps() throws {
    let dir = try TraceScratch()
    try dir.write(
      "feed.lua",
      """
      local load, refresh
      local l = tantan.list{height = 100, item_height = 100, sections = {{id = 1, items = {{id = 1}}}},
        paging = {on_load_more = function(_, _, done) load = done end},
        refresh = {finish_duration = 0, on_refresh = function(_, done) refresh = done end}}
      l:load_more()
      load({{id = 2}})
      l:refresh()
      refresh(nil, "offline")
      """)
    let r = try dir.run(["--trace", "t.html", "feed.lua"])
    XCTAssertEqual(r.status, 0, r.description)
    let t = try TraceFile(path: dir.path("t.html"))
    XCTAssertEqual(
      t.titles.dropFirst().dropLast(), ["list:load_more()", "list done(...)", "list:refresh()", "list done(...)"])
    XCTAssertTrue(t.events(t.steps[4]).contains("list refresh_failed(\"offline\")"), "\(t.events(t.steps[4]))")
  }
}
