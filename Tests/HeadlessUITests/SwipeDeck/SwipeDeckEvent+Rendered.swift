import Foundation

@testable import HeadlessUI

/// The deck's events as the tests write them, like the Lua binding prints them: callback names,
/// `did_swipe(3, "right")`, progress as Lua prints a float. Test support, so the model itself
/// carries no Lua names or number formats.
extension SwipeDeckEvent {
  /// The callback name (`"did_swipe_right"`, ...).
  var name: String {
    switch self {
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
  func rendered(indexBase: Int = 0) -> String {
    func i(_ v: Int) -> String { String(v + indexBase) }
    func q(_ d: SwipeDirection) -> String { "\"" + d.rawValue + "\"" }
    let args: [String]
    switch self {
    case .didRunOut: args = []
    case .willSwipe(let n), .didCancel(let n), .didRewind(let n), .didFinishSwipe(let n, _): args = [i(n)]
    case .shouldSwipe(let n, let d), .didSwipe(let n, let d), .didRemove(let n, let d): args = [i(n), q(d)]
    case .didDrag(let n, let d, let p): args = [i(n), d.map(q) ?? "nil", luaFloat(p)]
    }
    return name + "(" + args.joined(separator: ", ") + ")"
  }
}

/// A float as Lua 5.4's `tostring` prints it (`%.14g`, plus `.0` when it looks integral).
func luaFloat(_ value: Double) -> String {
  let text = String(format: "%.14g", value)
  return text.contains(where: { $0 == "." || $0 == "e" || $0 == "n" || $0 == "i" }) ? text : text + ".0"
}
