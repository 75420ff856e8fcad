import HeadlessUI

/// The deck's event names (from the callback declarations) and direction strings, interned once
/// in its log, so recording an event looks nothing up.
struct DeckSymbols {
  /// By `DeckDelegateCallback.rawValue`.
  let delegate: [EventLog.Symbol]
  /// By `DeckSourceCallback.rawValue`.
  let source: [EventLog.Symbol]
  /// By `SwipeDirection.ordinalIndex`.
  let directions: [EventLog.Symbol]

  init(_ events: inout EventLog) {
    delegate = DeckDelegateCallback.names.map { events.symbol($0) }
    source = DeckSourceCallback.names.map { events.symbol($0) }
    directions = SwipeDirection.allCases.map { events.symbol($0.rawValue) }
  }

  subscript(_ c: DeckDelegateCallback) -> EventLog.Symbol { delegate[c.rawValue] }
  subscript(_ c: DeckSourceCallback) -> EventLog.Symbol { source[c.rawValue] }
  func direction(_ d: SwipeDirection) -> EventLog.Symbol { directions[d.ordinalIndex] }
}

/// The model's events in the shared `EventLog`, as Lua sees them: 1-based indices, quoted directions.
extension LuaSwipeDeck {
  /// Delegate events only, recorded by `LuaDeckDelegate` before each call: the source closures
  /// record their own calls, because they already run inside the model's initializer.
  func record(_ e: SwipeDeckEvent) {
    let s = symbols
    switch e {
    case .count, .card, .id, .empty:
      return
    case .willSwipe(let i): events.append(s[.willSwipe], .int(i + 1), count: 1)
    case .shouldSwipe(let i, let d): events.append(s[.shouldSwipe], .int(i + 1), direction(d), count: 2)
    case .didDrag(let i, let d, let p):
      events.append(s[.didDrag], .int(i + 1), d.map(direction) ?? .none, .number(p), count: 3)
    case .didSwipe(let i, let d): events.append(s[.didSwipe], .int(i + 1), direction(d), count: 2)
    case .didFinishSwipe(let i, let d): events.append(s[.didFinishSwipe(d)], .int(i + 1), count: 1)
    case .didRemove(let i, let d): events.append(s[.didRemove], .int(i + 1), direction(d), count: 2)
    case .didCancel(let i): events.append(s[.didCancel], .int(i + 1), count: 1)
    case .didRunOut: events.append(s[.didRunOut], count: 0)
    case .didRewind(let i): events.append(s[.didRewind], .int(i + 1), count: 1)
    }
  }

  /// `card(index, reused)`: reused prints as `true` when a model was handed over, else `nil`.
  func recordCard(_ index: Int, reused: Bool) {
    events.append(symbols[DeckSourceCallback.card], .int(index + 1), reused ? .bool(true) : .none, count: 2)
  }

  private func direction(_ d: SwipeDirection) -> EventLog.CompactArg {
    .symbol(symbols.direction(d))
  }
}

extension SwipeDirection {
  /// left, right, up, down: 0...3 (the order of `allCases`).
  var ordinalIndex: Int {
    switch self {
    case .left: return 0
    case .right: return 1
    case .up: return 2
    case .down: return 3
    }
  }
}
