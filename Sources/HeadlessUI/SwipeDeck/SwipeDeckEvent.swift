/// Every delegate and data-source call the deck makes, in order, for `deck:events()`.
/// Kept as values so the hot path never builds strings; render them only when asked.
public enum SwipeDeckEvent: Equatable, Sendable {
  case count
  case card(index: Int, reused: Bool)
  case id(index: Int)
  case empty
  case willSwipe(index: Int)
  case shouldSwipe(index: Int, direction: SwipeDirection)
  case didDrag(index: Int, direction: SwipeDirection, progress: Double)
  case didSwipe(index: Int, direction: SwipeDirection)
  /// Lua `did_swipe_<direction>(index)`: the fly-off animation completed.
  case didFinishSwipe(index: Int, direction: SwipeDirection)
  case didRemove(index: Int, direction: SwipeDirection)
  case didCancel(index: Int)
  case didRunOut
  case didRewind(index: Int)

  /// The Lua callback name (`"did_swipe_right"`, `"card"`, ...).
  public var name: String {
    switch self {
    case .count: return "count"
    case .card: return "card"
    case .id: return "id"
    case .empty: return "empty"
    case .willSwipe: return "will_swipe"
    case .shouldSwipe: return "should_swipe"
    case .didDrag: return "did_drag"
    case .didSwipe: return "did_swipe"
    case .didFinishSwipe(_, let d): return "did_swipe_" + d.rawValue
    case .didRemove: return "did_remove"
    case .didCancel: return "did_cancel"
    case .didRunOut: return "did_run_out"
    case .didRewind: return "did_rewind"
    }
  }

  /// `did_swipe(3, "right")`: integers as integers, strings quoted, progress as a Lua float
  /// (`0.5`, `1.0`); `indexBase` 1 for Lua.
  public func rendered(indexBase: Int = 0) -> String {
    func i(_ v: Int) -> String { String(v + indexBase) }
    func q(_ d: SwipeDirection) -> String { "\"" + d.rawValue + "\"" }
    let args: [String]
    switch self {
    case .count, .empty, .didRunOut: args = []
    case .card(let n, let reused): args = [i(n), reused ? "true" : "nil"]
    case .willSwipe(let n), .id(let n), .didCancel(let n), .didRewind(let n), .didFinishSwipe(let n, _): args = [i(n)]
    case .shouldSwipe(let n, let d), .didSwipe(let n, let d), .didRemove(let n, let d): args = [i(n), q(d)]
    case .didDrag(let n, let d, let p): args = [i(n), q(d), SwipeDeckArguments.luaFloat(p)]
    }
    return name + "(" + args.joined(separator: ", ") + ")"
  }
}
