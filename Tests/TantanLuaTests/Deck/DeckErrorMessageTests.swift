import HeadlessUI
import LuaRuntime
import XCTest

@testable import TantanLua

/// The deck binding's wording of the model's typed errors (DeckErrors.swift): the
/// messages the model itself used to build, kept word for word. Most of these cannot be reached
/// from Lua (the binding checks the arguments and config keys first), so they are pinned here.
final class DeckErrorMessageTests: XCTestCase {
  private func text(_ e: LuaCallError) -> String {
    switch e {
    case .argument(let arg, let msg): return "#\(arg) \(msg)"
    case .message(let msg): return msg
    case .lua: return "(lua error)"
    }
  }

  func testStateAndArgumentErrorsAreWordedWithTheRunningMethod() throws {
    let t = try LuaTestHost()
    let lua = t.state.lua
    // The declared parameters of each method (as DeckBinding+Methods.swift declares them).
    let parameters = [
      "swipe": ["direction"], "pan": ["dx", "dy", "opts"], "drag_move": ["dx", "dy"], "drag_end": ["vx", "vy"],
    ]
    func says(_ e: SwipeDeckError, _ method: String, _ expected: String, line: UInt = #line) {
      let site = LuaCallSite(name: method, parameters: parameters[method] ?? [], firstArgument: 2)
      XCTAssertEqual(text(DeckBinding.luaError(e, at: site, lua)), expected, line: line)
    }
    says(.noCardToSwipe, "swipe", "swipe: no card to swipe")
    says(.noCardToDrag, "drag_begin", "drag_begin: no card to drag")
    says(.dragInProgress, "like", "like: a drag is in progress")
    says(.dragInProgress, "undo", "undo: a drag is in progress")
    says(.dragAlreadyInProgress, "pan", "pan: a drag is already in progress")
    says(.noDragInProgress, "drag_end", "drag_end: no drag in progress")
    says(.gestureInsideCallback, "drag_begin", "drag_begin: cannot drag from inside a callback")
    says(.reloadInsideSourceCallback, "reload", "reload: cannot reload from inside a data source callback")
    says(
      .queueOverflow(limit: 10000), "swipe",
      "swipe: queued swipes keep coming (more than 10000; a callback that queues one each time?)")
    says(.directionNotAllowed(.right), "swipe", "#2 direction 'right' is not in 'directions'")
    says(.directionNotAllowed(.right), "like", "like: direction 'right' is not in 'directions'")
    says(.notFinite(.dx, .nan), "pan", "#2 number expected, got nan")
    says(.notFinite(.dy, -.infinity), "drag_move", "#3 number expected, got -inf")
    says(.notFinite(.vx, .nan), "drag_end", "#2 number expected, got nan")
    says(.notFinite(.velocity, .infinity), "pan", "#4 number expected, got inf")
    says(.stepsOutOfRange(0, range: 1...100_000), "pan", "#4 'steps' must be an integer from 1 to 100000, got 0")
    says(
      .countOutOfRange(-1, range: 0...9_007_199_254_740_992), "reload",
      "source.count returned -1 (expected 0..9007199254740992)")
    // Outside a deck method: a completion the clock fired.
    XCTAssertEqual(
      text(lua.convert(SwipeDeckError.queueOverflow(limit: 3))),
      "advance: queued swipes keep coming (more than 3; a callback that queues one each time?)")
  }

  /// The queue drained by a completion inside `clock:settle` is worded for "advance", as before
  /// the model's errors were typed (the clock binding converts it through `LuaWordedError`).
  func testAQueueOverflowInsideTheClockIsWordedForAdvance() throws {
    let t = try LuaTestHost()
    t.deckOK(
      """
      local d
      d = tantan.deck{source = {{}, {}, {}}, delegate = {should_swipe = function(deck, i) if i == 2 then deck:swipe("left") return false end return true end}}
      d:swipe("right") d:like()
      local ok, err = pcall(function() tantan.clock:settle() end)
      eq(ok, false) eq(err, "test:4: advance: queued swipes keep coming (more than 10000; a callback that queues one each time?)")
      eq(d.state, "idle") eq(d.index, 2) eq(d.queued, 0)
      """)
  }

  func testConfigProblemsNameTheKeyAsTheScriptWritesIt() throws {
    let t = try LuaTestHost()
    let lua = t.state.lua
    func rejects(
      _ message: String, _ change: (inout SwipeDeckConfig) -> Void, base: SwipeDeckConfig = .tantan, line: UInt = #line
    ) {
      var c = base
      change(&c)
      do {
        try c.validate()
        XCTFail("accepted", line: line)
      } catch {
        XCTAssertEqual(text(DeckBinding.luaError(error, at: DeckBinding.configSite, lua)), "#1 " + message, line: line)
      }
    }
    rejects("'visible' must be an integer from 1 to 1000, got 0") { $0.visible = 0 }
    rejects("'width' must be a finite number, got nan") { $0.width = .nan }
    rejects("'height' must be > 0, got -1") { $0.height = -1 }
    rejects("'card_size.w' must be > 0, got -20") { $0.cardSize = Size(w: -20, h: 10) }
    rejects("'offset.x' must be a finite number, got inf") { $0.offset.x = .infinity }
    rejects("'threshold' must be >= 0, got -1") { $0.threshold = -1 }
    rejects("'scale_min' must be <= 1, got 2") { $0.scaleMin = 2 }
    rejects("'directions' must list at least one direction") { $0.directions = [] }
    rejects("'durations.swipe' must be >= 0, got -0.5") { $0.durations.swipe = -0.5 }
    rejects("'velocity_threshold' must be > 0, got 0") { $0.velocityThreshold = 0 }
    rejects("'bounds' must have left < right and top < bottom") { $0.bounds.left = 500 }
    rejects("'inset.x' leaves no width for the card at depth 3 (width 300)", { $0.inset.x = 75 }, base: .tinder)
    rejects("'history_limit' must be >= 0, got -3") { $0.historyLimit = -3 }
    rejects("'rotation_strength' must be > 0, got -0.25") { $0.rotationStrength = -0.25 }
  }
}
