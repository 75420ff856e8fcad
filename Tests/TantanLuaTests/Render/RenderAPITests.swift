import Foundation
import XCTest

@testable import TantanLua

/// `tantan.render.svg`, `tantan.render.frames` and `save_svg`: results and argument errors.
final class RenderAPITests: XCTestCase {
  let deck = "deck = tantan.deck{source = {{title = 'a'}, {title = 'b'}, {title = 'c'}}}"

  func testFramesStepTheVirtualClockThroughAnAnimation() throws {
    let t = try LuaTestHost()
    t.ok(deck)
    t.ok(
      """
      fired = {}
      tantan.after(0.15, function() fired[#fired + 1] = tantan.clock.now end)
      before = tantan.render.svg(deck)
      deck:swipe("right")
      moving = tantan.render.svg(deck)
      frames = tantan.render.frames(deck, 0.3, 10)
      assert(#frames == 4, #frames)
      assert(tantan.clock.now == 0.3, tantan.clock.now)
      assert(fired[1] == 0.15, "timers fire on the way")
      assert(frames[1] == moving, "the first frame is the state now")
      assert(frames[4] == tantan.render.svg(deck), "the last is the state at the end")
      assert(frames[2] ~= frames[1] and frames[3] ~= frames[2], "the card moves")
      assert(deck.state == "idle" and deck.index == 2)
      """)
    // Steps land on start + k / fps exactly: 1/3 s at 3 fps from t = 0.3.
    t.ok(
      """
      local f = tantan.render.frames(deck, 1, 3)
      assert(#f == 4 and tantan.clock.now == 1.3, #f .. ' ' .. tantan.clock.now)
      local g = tantan.render.frames(deck, 0.25, 10)  -- 2.5 steps: the last is shorter
      assert(#g == 4 and math.abs(tantan.clock.now - 1.55) < 1e-12, #g .. ' ' .. tantan.clock.now)
      """)
    for i in 1...4 { XCTAssertNil(SVGDocument(t.eval("frames[\(i)]")).error) }
  }

  func testFramesWorkForEveryComponentAndPassCallbackErrorsOn() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      g = tantan.grid{items = {"a", "b"}}
      l = tantan.list{sections = {{id = 1, items = {{id = 1, title = "x"}}}}}
      assert(#tantan.render.frames(g, 1, 2) == 3 and #tantan.render.frames(l, 1, 2) == 3)
      """)
    t.ok("tantan.after(0.05, function() error('boom') end)")
    t.fails("tantan.render.frames(g, 1, 10)", "test:1: boom")
    XCTAssertEqual(t.eval("tantan.clock.now"), "2.05", "the clock stopped where the callback failed")
  }

  /// Drawing from inside callbacks (even while a component is being built) gives a document.
  func testDrawingFromInsideCallbacks() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      pictures = {}
      local function draw(obj) pictures[#pictures + 1] = tantan.render.svg(obj) end
      d = tantan.deck{source = {count = function(deck) draw(deck) return 3 end, card = function(deck) draw(deck) return {} end},
        delegate = {did_drag = function(deck) draw(deck) end, did_swipe = function(deck) draw(deck) end}}
      d:pan(200, 0); tantan.clock:settle()
      g = tantan.grid{items = {"a", "b", "c"}, delegate = {can_drop = function(grid) draw(grid) return true end}}
      g:drag(1, 3)
      l = tantan.list{item_height = function(list) draw(list) return 10 end, sections = {{id = 1, items = {{id = 1}}}}}
      """)
    let count = Int(t.eval("#pictures")) ?? 0
    XCTAssertGreaterThan(count, 6)
    for i in 1...count { XCTAssertNil(SVGDocument(t.eval("pictures[\(i)]")).error, "picture \(i)") }
    XCTAssertTrue(t.eval("pictures[1]").contains("tantan.SwipeDeck (constructing)"))
    XCTAssertTrue(t.eval("pictures[#pictures]").contains("tantan.List (building)"))
  }

  func testBadArgumentsAreLuaErrors() throws {
    let t = try LuaTestHost()
    t.ok(deck)
    let expected = "tantan.SwipeDeck, tantan.ReorderGrid or tantan.List expected"
    t.fails("tantan.render.svg()", "test:1: bad argument #1 to 'svg' (\(expected), got no value)")
    t.fails("tantan.render.svg({})", "test:1: bad argument #1 to 'svg' (\(expected), got table)")
    t.fails("tantan.render.svg(tantan.clock)", "test:1: bad argument #1 to 'svg' (\(expected), got tantan.Clock)")
    t.ok("closed = tantan.deck{source = {{}}}; getmetatable(closed).__close(closed)")
    t.fails(
      "tantan.render.svg(closed)", "test:1: bad argument #1 to 'svg' (\(expected), got a closed tantan.SwipeDeck)")
    t.fails("tantan.render.frames(nil, 1, 1)", "test:1: bad argument #1 to 'frames' (\(expected), got nil)")
    t.fails("tantan.render.frames(deck)", "test:1: bad argument #2 to 'frames' (number expected, got no value)")
    t.fails("tantan.render.frames(deck, 'x', 1)", "test:1: bad argument #2 to 'frames' (number expected, got string)")
    for (args, n, got) in [
      ("0, 10", 2, "0"), ("-1, 10", 2, "-1"), ("0/0, 10", 2, "-nan"), ("1/0, 10", 2, "inf"),
      ("1, 0", 3, "0"), ("1, -math.huge", 3, "-inf"),
    ] {
      t.fails(
        "tantan.render.frames(deck, \(args))",
        "test:1: bad argument #\(n) to 'frames' (positive finite number expected, got \(got))")
    }
    t.fails(
      "tantan.render.frames(deck, 100, 10)",
      "test:1: bad argument #3 to 'frames' (too many frames: 100 s at 10 fps is 1001 frames (at most 1000))")
    t.fails(
      "tantan.render.frames(deck, 1e300, 1e300)",
      "test:1: bad argument #3 to 'frames' (too many frames: 1e+300 s at 1e+300 fps is inf frames (at most 1000))")
    XCTAssertEqual(t.eval("tantan.clock.now"), "0.0", "nothing advanced")
    t.ok("assert(#tantan.render.frames(deck, 99.9, 10) == 1000)")
    t.fails("deck:save_svg()", "test:1: bad argument #1 to 'save_svg' (string expected, got no value)")
    t.fails(
      "deck.save_svg({}, 'x.svg')", "test:1: bad argument #1 to 'save_svg' (tantan.SwipeDeck expected, got table)")
    t.fails("deck:save_svg('a\\0b')", "test:1: bad argument #1 to 'save_svg' (path contains a zero byte)")
  }

  func testSaveWritesTheSvgAndReportsIOErrorsWithThePath() throws {
    let t = try LuaTestHost()
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    t.ok(deck + "\ng = tantan.grid{items = {'x'}}\nl = tantan.list{sections = {}}")
    for (name, obj) in [("d.svg", "deck"), ("g.svg", "g"), ("l.svg", "l")] {
      let path = dir.appendingPathComponent(name).path
      XCTAssertEqual(t.eval("\(obj):save_svg('\(path)')"), "true")
      XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), t.svg(obj))
    }
    let missing = dir.appendingPathComponent("no/such/dir.svg").path
    t.fails("deck:save_svg('\(missing)')", "test:1: save_svg: \(missing): No such file or directory")
    t.fails("deck:save_svg('\(dir.path)')", "test:1: save_svg: \(dir.path): Is a directory")
  }
}
