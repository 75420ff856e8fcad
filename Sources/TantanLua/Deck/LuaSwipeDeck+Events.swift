import HeadlessUI

/// The deck's event names and direction strings, interned once in its log (no lookups per event).
struct DeckSymbols {
  let count, card, empty, willSwipe, shouldSwipe, didDrag, didSwipe, didRemove, didCancel, didRunOut,
    didRewind: EventLog.Symbol
  /// `did_swipe_<direction>` and the direction strings: plain fields, not arrays, so reading
  /// them retains nothing on the hot path.
  let finishLeft, finishRight, finishUp, finishDown: EventLog.Symbol
  let left, right, up, down: EventLog.Symbol

  init(_ log: inout EventLog) {
    count = log.symbol("count")
    card = log.symbol("card")
    empty = log.symbol("empty")
    willSwipe = log.symbol("will_swipe")
    shouldSwipe = log.symbol("should_swipe")
    didDrag = log.symbol("did_drag")
    didSwipe = log.symbol("did_swipe")
    didRemove = log.symbol("did_remove")
    didCancel = log.symbol("did_cancel")
    didRunOut = log.symbol("did_run_out")
    didRewind = log.symbol("did_rewind")
    finishLeft = log.symbol("did_swipe_left")
    finishRight = log.symbol("did_swipe_right")
    finishUp = log.symbol("did_swipe_up")
    finishDown = log.symbol("did_swipe_down")
    left = log.symbol("left")
    right = log.symbol("right")
    up = log.symbol("up")
    down = log.symbol("down")
  }

  func finish(_ d: SwipeDirection) -> EventLog.Symbol {
    switch d {
    case .left: return finishLeft
    case .right: return finishRight
    case .up: return finishUp
    case .down: return finishDown
    }
  }

  func direction(_ d: SwipeDirection) -> EventLog.Symbol {
    switch d {
    case .left: return left
    case .right: return right
    case .up: return up
    case .down: return down
    }
  }
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
    case .willSwipe(let i): log.append(s.willSwipe, .int(i + 1), count: 1)
    case .shouldSwipe(let i, let d): log.append(s.shouldSwipe, .int(i + 1), direction(d), count: 2)
    case .didDrag(let i, let d, let p): log.append(s.didDrag, .int(i + 1), direction(d), .number(p), count: 3)
    case .didSwipe(let i, let d): log.append(s.didSwipe, .int(i + 1), direction(d), count: 2)
    case .didFinishSwipe(let i, let d): log.append(s.finish(d), .int(i + 1), count: 1)
    case .didRemove(let i, let d): log.append(s.didRemove, .int(i + 1), direction(d), count: 2)
    case .didCancel(let i): log.append(s.didCancel, .int(i + 1), count: 1)
    case .didRunOut: log.append(s.didRunOut, count: 0)
    case .didRewind(let i): log.append(s.didRewind, .int(i + 1), count: 1)
    }
  }

  /// `card(index, reused)`: reused prints as `true` when a model was handed over, else `nil`.
  func recordCard(_ index: Int, reused: Bool) {
    log.append(symbols.card, .int(index + 1), reused ? .bool(true) : .none, count: 2)
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
