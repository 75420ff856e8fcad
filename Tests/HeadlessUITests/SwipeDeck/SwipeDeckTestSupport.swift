import XCTest

@testable import HeadlessUI

/// A view model whose identity shows reuse: `serial` is fixed at creation, `index` is rewritten.
final class Card {
  let serial: Int
  var index: Int
  init(serial: Int, index: Int) {
    self.serial = serial
    self.index = index
  }
}

struct Boom: Error, Equatable { let name: String }

/// A function data source that counts creations (reused == nil) and can be told to fail.
final class TestSource {
  var count: Int
  var created = 0
  var cardCalls = 0
  var failCardAt: Int?
  var failCount: (any Error)?
  var emptyModel: Card? = Card(serial: -1, index: -1)
  var onCard: ((Int) throws -> Void)?
  /// Each call as the Lua-style string (`card(3, nil)`), when set.
  var record: ((String) -> Void)?

  init(count: Int) { self.count = count }

  var source: SwipeDeckSource<Card> {
    SwipeDeckSource(
      count: { [unowned self] in
        record?("count()")
        if let e = failCount { throw e }
        return count
      },
      card: { [unowned self] index, reused in
        record?("card(\(index), \(reused == nil ? "nil" : "true"))")
        cardCalls += 1
        try onCard?(index)
        if index == failCardAt { throw Boom(name: "card") }
        if let reused {
          reused.index = index
          return reused
        }
        created += 1
        return Card(serial: created, index: index)
      },
      empty: { [unowned self] in
        record?("empty()")
        return emptyModel
      })
  }
}

/// Records every delegate call as the Lua-style string; hooks can re-enter or throw.
final class Recorder: SwipeDeckDelegate {
  var log: [String] = []
  var hooks: [String: () throws -> Void] = [:]
  var throwOn: Set<String> = []
  var veto = false
  /// Each call as `log` holds it, also to the harness, when set.
  var sink: ((String) -> Void)?

  /// Every event, one method: recorded as Lua would print it (0-based), then the hook and the
  /// planted error; `shouldSwipe` answers `!veto`.
  func handle(_ event: SwipeDeckEvent) throws -> Bool {
    let call = event.rendered()
    log.append(call)
    sink?(call)
    if let h = hooks[event.name] { try h() }
    if throwOn.contains(event.name) { throw Boom(name: event.name) }
    if case .shouldSwipe = event { return !veto }
    return true
  }

  func take() -> [String] {
    defer { log.removeAll() }
    return log
  }
}

/// A deck, its clock, source and recorder, wired together; `events` also holds data-source calls.
final class Harness {
  let clock = VirtualClock()
  let src: TestSource
  let rec = Recorder()
  let deck: SwipeDeck<Card>
  var events: [String] = []

  init(count: Int, config: SwipeDeckConfig = .tantan) throws {
    src = TestSource(count: count)
    deck = try SwipeDeck(config: config, source: src.source, clock: clock)
    deck.delegate = rec
    // Every call from here on, source and delegate, in order (those of the initializer are not).
    src.record = { [unowned self] in events.append($0) }
    rec.sink = { [unowned self] in events.append($0) }
  }

  var indices: [Int] { deck.cards.map(\.index) }

  func assertConsistent(file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertNil(deck.invariantViolation(), file: file, line: line)
  }
}

func XCTAssertPoint(
  _ p: Point, _ x: Double, _ y: Double, accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line
) {
  XCTAssertEqual(p.x, x, accuracy: accuracy, "x", file: file, line: line)
  XCTAssertEqual(p.y, y, accuracy: accuracy, "y", file: file, line: line)
}

/// Compared as printed, so `.notFinite(.dx, .nan)` matches itself.
func XCTAssertThrowsSwipeDeckError(
  _ expected: SwipeDeckError, file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Void
) {
  do {
    try body()
    XCTFail("expected \(expected)", file: file, line: line)
  } catch let e as SwipeDeckError {
    XCTAssertEqual(String(describing: e), String(describing: expected), file: file, line: line)
  } catch {
    XCTFail("expected \(expected), got \(error)", file: file, line: line)
  }
}
