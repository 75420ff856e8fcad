import CLua
import HeadlessUI
import LuaRuntime

/// Calls the Lua `delegate` table's functions with the deck's userdata first and 1-based indices.
/// The model holds this strongly; it reaches the deck through its `DeckLink`, so there is no
/// cycle, and once a script closes the deck inside a callback the remaining calls are skipped.
final class LuaDeckDelegate: SwipeDeckDelegate {
  static let names = [
    "will_swipe", "should_swipe", "did_drag", "did_swipe", "did_swipe_left", "did_swipe_right", "did_swipe_up",
    "did_swipe_down", "did_remove", "did_cancel", "did_run_out", "did_rewind",
  ]
  static let willSwipe = 0, shouldSwipe = 1, didDrag = 2, didSwipe = 3, didSwipeLeft = 4, didRemove = 8
  static let didCancel = 9, didRunOut = 10, didRewind = 11

  let link: DeckLink
  /// The running thread's stack, read per call: a deck made on one coroutine may be driven from another.
  private unowned let state: LuaState
  private var lua: Lua { state.lua }
  /// Keeps the functions' registry slots alive; `slots` reads them without retaining anything.
  let callbacks: Callbacks
  /// Registry slot of each callback (0: absent) and of each direction string, for `lua_rawgeti`.
  let slots: [Int32]
  let directionSlots: [Int32]
  private let directionRefs: [LuaRef]

  init(link: DeckLink, lua: Lua, state: LuaState, callbacks: Callbacks) {
    self.link = link
    self.state = state
    self.callbacks = callbacks
    slots = callbacks.registrySlots
    directionRefs = SwipeDirection.allCases.map { d in
      lua.push(d.rawValue)
      return state.ref()
    }
    directionSlots = directionRefs.map(\.ref)
  }

  /// Pushes callback `i` and the deck; nil when the delegate lacks it or the deck is gone.
  @inline(__always) private func begin(_ i: Int) -> LuaSwipeDeck? {
    let slot = slots[i]
    guard slot != 0, let owner = link.deck else { return nil }
    lua_rawgeti(lua.L, Lua.registryIndex, lua_Integer(slot))
    owner.pushSelf(lua)
    return owner
  }

  @inline(__always) private func pushIndex(_ index: Int) { lua.push(index + 1) }
  @inline(__always) private func pushDirection(_ d: SwipeDirection) {
    lua_rawgeti(lua.L, Lua.registryIndex, lua_Integer(directionSlots[d.ordinalIndex]))
  }

  func willSwipe(index: Int) throws {
    guard let owner = begin(Self.willSwipe) else { return }
    pushIndex(index)
    try owner.host.call(2, 0)
  }

  /// Lua truthiness: `false` or `nil` (a function that returns nothing) vetoes.
  func shouldSwipe(index: Int, direction: SwipeDirection) throws -> Bool {
    guard let owner = begin(Self.shouldSwipe) else { return true }
    pushIndex(index)
    pushDirection(direction)
    try owner.host.call(3, 1)
    defer { lua.pop() }
    return lua.bool(-1)
  }

  func didDrag(index: Int, direction: SwipeDirection, progress: Double) throws {
    guard let owner = begin(Self.didDrag) else { return }
    pushIndex(index)
    pushDirection(direction)
    lua.push(progress)
    try owner.host.call(4, 0)
  }

  func didSwipe(index: Int, direction: SwipeDirection) throws {
    guard let owner = begin(Self.didSwipe) else { return }
    pushIndex(index)
    pushDirection(direction)
    try owner.host.call(3, 0)
  }

  func didFinishSwipe(index: Int, direction: SwipeDirection) throws {
    guard let owner = begin(Self.didSwipeLeft + direction.ordinalIndex) else { return }
    pushIndex(index)
    try owner.host.call(2, 0)
  }

  func didRemove(index: Int, direction: SwipeDirection) throws {
    guard let owner = begin(Self.didRemove) else { return }
    pushIndex(index)
    pushDirection(direction)
    try owner.host.call(3, 0)
  }

  func didCancel(index: Int) throws {
    guard let owner = begin(Self.didCancel) else { return }
    pushIndex(index)
    try owner.host.call(2, 0)
  }

  func didRunOut() throws {
    guard let owner = begin(Self.didRunOut) else { return }
    try owner.host.call(1, 0)
  }

  func didRewind(index: Int) throws {
    guard let owner = begin(Self.didRewind) else { return }
    pushIndex(index)
    try owner.host.call(2, 0)
  }
}
