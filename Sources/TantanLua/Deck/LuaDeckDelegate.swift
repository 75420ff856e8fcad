import CLua
import HeadlessUI
import LuaRuntime

/// Calls the Lua `delegate` table's functions with the deck's userdata first and 1-based indices.
/// The model holds this strongly; `owner` is unowned so the deck, its model and this adapter
/// form no cycle (the owner outlives its model, which cancels its timer on deinit).
final class LuaDeckDelegate: SwipeDeckDelegate {
  static let names = [
    "will_swipe", "should_swipe", "did_drag", "did_swipe", "did_swipe_left", "did_swipe_right", "did_swipe_up",
    "did_swipe_down", "did_remove", "did_cancel", "did_run_out", "did_rewind",
  ]
  static let willSwipe = 0, shouldSwipe = 1, didDrag = 2, didSwipe = 3, didSwipeLeft = 4, didRemove = 8
  static let didCancel = 9, didRunOut = 10, didRewind = 11

  unowned let owner: LuaSwipeDeck
  let callbacks: Callbacks
  /// The direction strings, created once per state so callbacks push them without conversion.
  let directionRefs: [LuaRef]

  init(owner: LuaSwipeDeck, callbacks: Callbacks) {
    self.owner = owner
    self.callbacks = callbacks
    let lua = owner.host.lua
    directionRefs = SwipeDirection.allCases.map { d in
      lua.push(d.rawValue)
      return owner.host.state.ref()
    }
  }

  @inline(__always) private func slot(_ d: SwipeDirection) -> Int {
    switch d {
    case .left: return 0
    case .right: return 1
    case .up: return 2
    case .down: return 3
    }
  }

  /// Pushes callback `i` and the deck; false when the delegate lacks it.
  @inline(__always) private func begin(_ i: Int) -> Bool {
    guard callbacks.has(i) else { return false }
    let lua = owner.host.lua
    callbacks.push(i, lua)
    owner.pushSelf(lua)
    return true
  }

  @inline(__always) private func pushIndex(_ index: Int) { owner.host.lua.push(index + 1) }
  @inline(__always) private func pushDirection(_ d: SwipeDirection) {
    directionRefs[slot(d)].push(owner.host.lua)
  }

  func willSwipe(index: Int) throws {
    guard begin(Self.willSwipe) else { return }
    pushIndex(index)
    try owner.host.call(2, 0)
  }

  /// Lua truthiness: `false` or `nil` (a function that returns nothing) vetoes.
  func shouldSwipe(index: Int, direction: SwipeDirection) throws -> Bool {
    guard begin(Self.shouldSwipe) else { return true }
    pushIndex(index)
    pushDirection(direction)
    try owner.host.call(3, 1)
    let lua = owner.host.lua
    defer { lua.pop() }
    return lua.bool(-1)
  }

  func didDrag(index: Int, direction: SwipeDirection, progress: Double) throws {
    guard begin(Self.didDrag) else { return }
    pushIndex(index)
    pushDirection(direction)
    owner.host.lua.push(progress)
    try owner.host.call(4, 0)
  }

  func didSwipe(index: Int, direction: SwipeDirection) throws {
    guard begin(Self.didSwipe) else { return }
    pushIndex(index)
    pushDirection(direction)
    try owner.host.call(3, 0)
  }

  func didFinishSwipe(index: Int, direction: SwipeDirection) throws {
    guard begin(Self.didSwipeLeft + slot(direction)) else { return }
    pushIndex(index)
    try owner.host.call(2, 0)
  }

  func didRemove(index: Int, direction: SwipeDirection) throws {
    guard begin(Self.didRemove) else { return }
    pushIndex(index)
    pushDirection(direction)
    try owner.host.call(3, 0)
  }

  func didCancel(index: Int) throws {
    guard begin(Self.didCancel) else { return }
    pushIndex(index)
    try owner.host.call(2, 0)
  }

  func didRunOut() throws {
    guard begin(Self.didRunOut) else { return }
    try owner.host.call(1, 0)
  }

  func didRewind(index: Int) throws {
    guard begin(Self.didRewind) else { return }
    pushIndex(index)
    try owner.host.call(2, 0)
  }
}
