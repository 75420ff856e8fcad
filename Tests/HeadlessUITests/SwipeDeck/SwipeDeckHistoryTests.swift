import XCTest

@testable import HeadlessUI

/// A source whose models are their own identities (`"p1"`, ...), over an array the test edits
/// between reloads, with or without `source.id`.
final class NamedSource {
  var items: [String]
  var idCalls = 0
  init(_ items: [String]) { self.items = items }

  func source(withID: Bool) -> SwipeDeckSource<String> {
    SwipeDeckSource(
      count: { [unowned self] in items.count },
      card: { [unowned self] i, _ in
        precondition(i < items.count, "card(\(i)) past the count \(items.count)")
        return items[i]
      },
      identity: { AnyHashable($0) },
      id: withID
        ? { [unowned self] i in
          idCalls += 1
          return AnyHashable(items[i])
        } : nil)
  }
}

/// Issue 28 point 6: the undo history follows identity across `reload(keepPosition:)`, and a
/// reload during a fly-off completes the swipe `did_swipe` announced.
final class SwipeDeckHistoryTests: XCTestCase {
  struct Named {
    let clock = VirtualClock()
    let src: NamedSource
    let rec = Recorder()
    let deck: SwipeDeck<String>
    init(_ items: [String], withID: Bool = false) throws {
      src = NamedSource(items)
      deck = try SwipeDeck(source: src.source(withID: withID), clock: clock)
      deck.delegate = rec
    }
    var history: [String] { deck.history.map { "\($0.index)\($0.direction.rawValue)" } }
  }

  func testKeepingThePositionRemapsTheHistoryByIdentity() throws {
    for withID in [false, true] {
      let n = try Named(["p1", "p2", "p3", "p4", "p5", "p6"], withID: withID)
      try n.deck.like()
      try n.clock.settle()
      try n.deck.like()
      try n.clock.settle()
      n.src.items.insert(contentsOf: ["new0", "new1"], at: 0)
      try n.deck.reload(keepPosition: true)
      XCTAssertEqual(n.deck.index, 4, "p3 stays on top (id: \(withID))")
      XCTAssertEqual(n.history, ["2right", "3right"], "p1 and p2 moved by two (id: \(withID))")
      XCTAssertEqual(try n.deck.undo(), 3)
      XCTAssertEqual(n.deck.visibleModels.first, "p2", "undo brings back the card swiped last, not new1")
      try n.clock.settle()
      XCTAssertEqual(try n.deck.undo(), 2)
      XCTAssertEqual(n.deck.visibleModels.first, "p1")
      XCTAssertNil(n.deck.invariantViolation())
    }
  }

  func testAnEntryWhoseItemIsGoneIsDropped() throws {
    let n = try Named(["p1", "p2", "p3", "p4", "p5", "p6"])
    try n.deck.like()
    try n.clock.settle()
    try n.deck.nope()
    try n.clock.settle()
    try n.deck.like()
    try n.clock.settle()
    n.src.items.removeAll { $0 == "p2" }
    n.src.items.insert("new0", at: 0)
    try n.deck.reload(keepPosition: true)
    XCTAssertEqual(n.deck.visibleModels.first, "p4")
    XCTAssertEqual(n.history, ["1right", "2right"], "p1 and p3 found where they went; p2 is gone")
    XCTAssertEqual(try n.deck.undo(), 2)
    try n.clock.settle()
    XCTAssertEqual(try n.deck.undo(), 1)
    try n.clock.settle()
    XCTAssertNil(try n.deck.undo())
    XCTAssertEqual(n.deck.visibleModels.first, "p1")
  }

  func testALongHistoryIsRemappedAskingEachItemAtMostOnce() throws {
    var c = SwipeDeckConfig.tantan
    c.durations = .init(swipe: 0, reset: 0, rewind: 0)
    let items = (1...300).map { "p\($0)" }
    let clock = VirtualClock()
    let src = NamedSource(items)
    let deck = try SwipeDeck(config: c, source: src.source(withID: true), clock: clock)
    for _ in 0..<150 {
      try deck.like()
      try clock.settle()
    }
    src.items.insert(contentsOf: (1...60).map { "new\($0)" }, at: 0)
    src.idCalls = 0
    try deck.reload(keepPosition: true)
    XCTAssertEqual(deck.index, 210)
    XCTAssertEqual(deck.history.map(\.index), Array(60..<210))
    // The top's search asks 90...210; each entry is then looked for where the one after it was found.
    XCTAssertLessThanOrEqual(src.idCalls, 121 + 60 + 5, "asked \(src.idCalls) ids")
  }

  func testAPlainReloadClearsTheHistory() throws {
    let n = try Named(["p1", "p2", "p3"])
    try n.deck.like()
    try n.clock.settle()
    try n.deck.reload()
    XCTAssertEqual(n.history, [])
    XCTAssertNil(try n.deck.undo())
  }

  func testAReloadDuringAFlyOffCompletesTheSwipeFirst() throws {
    let n = try Named(["p1", "p2", "p3", "p4"])
    try n.deck.like()
    n.src.items.insert(contentsOf: ["new0", "new1"], at: 0)
    try n.deck.reload(keepPosition: true)
    XCTAssertEqual(
      n.rec.log,
      [
        "will_swipe(0)", "should_swipe(0, \"right\")", "did_swipe(0, \"right\")", "did_swipe_right(0)",
        "did_remove(0, \"right\")",
      ])
    XCTAssertEqual(n.deck.state, .idle)
    XCTAssertEqual(n.deck.visibleModels.first, "p2", "p1 left: its fly-off was decided")
    XCTAssertEqual(n.history, ["2right"], "p1's entry, found where it went")
    XCTAssertEqual(try n.deck.undo(), 2)
    XCTAssertEqual(n.deck.visibleModels.first, "p1")
    XCTAssertNil(n.deck.invariantViolation())
  }

  func testAReloadDuringAFlyOffNeverAsksForCardsPastTheNewCount() throws {
    // The source shrank before the reload: completing the swipe must not refill from it.
    let n = try Named(["p1", "p2", "p3", "p4", "p5", "p6", "p7"])
    try n.deck.swipe(.left)
    n.src.items = ["p1"]
    try n.deck.reload()
    XCTAssertEqual(n.rec.log.suffix(2), ["did_swipe_left(0)", "did_remove(0, \"left\")"])
    XCTAssertEqual(n.deck.visibleModels, ["p1"])
    XCTAssertEqual(n.history, [], "a plain reload starts the history over")
    XCTAssertNil(n.deck.invariantViolation())
  }

  func testEveryDidSwipeIsFollowedByItsRemovalWhateverCallbackReloads() throws {
    for hook in ["did_swipe", "did_swipe_right", "did_remove"] {
      let h = try Harness(count: 10)
      var reloads = 0
      h.rec.hooks[hook] = { [unowned h] in
        reloads += 1
        if reloads == 1 { try h.deck.reload(keepPosition: true) }
      }
      try h.deck.swipe(.right)
      try h.clock.settle()
      let log = h.rec.log.filter { !$0.hasPrefix("did_drag") }
      XCTAssertEqual(
        log,
        [
          "will_swipe(0)", "should_swipe(0, \"right\")", "did_swipe(0, \"right\")", "did_swipe_right(0)",
          "did_remove(0, \"right\")",
        ],
        "reload inside \(hook)")
      XCTAssertEqual(h.deck.history, [SwipeHistoryEntry(index: 0, direction: .right)], hook)
      XCTAssertEqual(h.deck.index, 1, hook)
      XCTAssertEqual(h.deck.state, .idle, hook)
      h.assertConsistent()
    }
  }
}
