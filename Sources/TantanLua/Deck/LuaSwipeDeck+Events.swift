import HeadlessUI

/// The model's events in the shared `EventLog`, as Lua sees them: 1-based indices, quoted directions.
extension LuaSwipeDeck {
  /// Delegate events only: the source closures record their own calls, because they already run
  /// inside the model's initializer, before this sink can be installed.
  func record(_ e: SwipeDeckEvent) {
    switch e {
    case .count, .card, .empty:
      return
    case .willSwipe(let i): log.append(Event("will_swipe", .int(i + 1)))
    case .shouldSwipe(let i, let d): log.append(Event("should_swipe", .int(i + 1), .string(d.rawValue)))
    case .didDrag(let i, let d, let p):
      log.append(Event("did_drag", .int(i + 1), .string(d.rawValue), .number(p)))
    case .didSwipe(let i, let d): log.append(Event("did_swipe", .int(i + 1), .string(d.rawValue)))
    case .didFinishSwipe(let i, let d): log.append(Event(Self.finishName(d), .int(i + 1)))
    case .didRemove(let i, let d): log.append(Event("did_remove", .int(i + 1), .string(d.rawValue)))
    case .didCancel(let i): log.append(Event("did_cancel", .int(i + 1)))
    case .didRunOut: log.append(Event("did_run_out"))
    case .didRewind(let i): log.append(Event("did_rewind", .int(i + 1)))
    }
  }

  /// Literals, not a static array: no lazy-global check or retain on the hot path.
  static func finishName(_ d: SwipeDirection) -> String {
    switch d {
    case .left: return "did_swipe_left"
    case .right: return "did_swipe_right"
    case .up: return "did_swipe_up"
    case .down: return "did_swipe_down"
    }
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
